//! Shape and pips layers resolved: a shape's figure, fill and stroke, and pips counted from
//! a field.

use super::fields::substituted;
pub use super::item_face::ItemFace;
use super::layer_sizes::{MAX_LAYER_MM, pair, required_size};
use super::schema::StyledLayer;
use super::{Figure, LayerKind, PipsLayer, ShapeLayer};
use crate::model::colours::palette::Palette;
use crate::model::colours::palette::colour;
use crate::model::context::resolver::Resolver;
use crate::model::input::suggest::closest;
use crate::scene::Colour;
use toml::Spanned;

pub(super) fn shape(
    r: &mut Resolver<'_>,
    palette: &Palette,
    table: &StyledLayer,
    name: &Spanned<String>,
) -> Option<LayerKind> {
    let figure = match name.get_ref().trim() {
        "circle" => Figure::Circle,
        "rectangle" => Figure::Rectangle {
            radius_mm: table
                .radius_mm
                .as_ref()
                .map_or(0.0, |v| r.length(v, "`radius_mm`", (0.0, MAX_LAYER_MM))),
        },
        "polygon" => Figure::Polygon { sides: counted(r, table.sides.as_ref(), "`sides`", 3, 6)? },
        "star" => Figure::Star {
            points: counted(r, table.points.as_ref(), "`points`", 2, 5)?,
            inner: table.inner.as_ref().map_or(0.45, |v| r.length(v, "`inner`", (0.05, 1.0))),
        },
        "line" => Figure::Line,
        other => {
            let near = closest(other, ["circle", "rectangle", "polygon", "star", "line"]);
            let help = near.map_or(
                "use `circle`, `rectangle`, `polygon`, `star` or `line`".to_string(),
                |n| format!("did you mean `{n}`?"),
            );
            r.error(&name.span(), format!("unknown shape `{other}`"), &help);
            return None;
        }
    };
    let (width_mm, height_mm) = match (&table.box_mm, &table.size_mm) {
        (Some(b), _) => pair(r, b, "`box_mm`", 0.1)?,
        (None, Some(size)) => {
            let s = r.length(size, "`size_mm`", (0.1, MAX_LAYER_MM));
            // A line of `size_mm` runs across; a box gives it a slope.
            if figure == Figure::Line { (s, 0.0) } else { (s, s) }
        }
        (None, None) => {
            r.error(
                &name.span(),
                "a shape needs `size_mm` or `box_mm`".into(),
                "add e.g. size_mm = 6",
            );
            return None;
        }
    };
    let (fill, stroke_colour) =
        super::shape_paint::paint(r, table, figure, &|r, key| colour(r, palette, key))?;
    let stroke_mm =
        table.stroke_mm.as_ref().map_or(0.3, |w| r.length(w, "`stroke_mm`", (0.01, 50.0)));
    let hatched = match table.fill.as_ref().filter(|_| fill.is_some()) {
        Some(name) => {
            super::shape_fill::filled_with_hatch(r, palette, name, width_mm.min(height_mm))?
        }
        None => false,
    };
    Some(LayerKind::Shape(ShapeLayer {
        figure,
        width_mm,
        height_mm,
        fill,
        stroke: stroke_colour.map(|c| (c, stroke_mm)),
        hatched,
    }))
}

/// A count from `least` to 64, or `default` when absent.
pub(super) fn counted(
    r: &mut Resolver<'_>,
    value: Option<&Spanned<u32>>,
    what: &str,
    least: u32,
    default: u32,
) -> Option<u32> {
    let Some(value) = value else { return Some(default) };
    let v = *value.get_ref();
    if (least..=64).contains(&v) {
        Some(v)
    } else {
        r.error(
            &value.span(),
            format!("{what} is {v}"),
            &format!("give a whole number from {least} to 64"),
        );
        None
    }
}

pub(super) fn pips(
    r: &mut Resolver<'_>,
    palette: &Palette,
    item: &ItemFace<'_>,
    table: &StyledLayer,
    value: &Spanned<toml::Value>,
) -> Option<LayerKind> {
    // A number written in the template is the same for every item; one from a field is
    // the item's own: its message names the item, at the data file's cell it comes from.
    let written = value.get_ref().as_str().map(|text| Spanned::new(value.span(), text.to_string()));
    let (count, filled) = match (value.get_ref(), &written) {
        (toml::Value::Integer(n), _) => (Some(*n), None),
        (_, Some(written)) => {
            let text = substituted(r, item, written)?;
            (text.trim().parse::<i64>().ok(), Some(text.trim().to_string()))
        }
        _ => (None, None),
    };
    let Some(count) = count.and_then(|n| u32::try_from(n).ok()).filter(|&n| n <= super::MAX_PIPS)
    else {
        let help = "write e.g. pips = 5 or pips = \"{pips}\" with a field holding 0 to 9";
        match (&written, filled) {
            (Some(written), Some(text)) => {
                let problem = format!("`{text}` is not a whole number from 0 to 9");
                item.report_value(r, (written, "pips"), &problem, help);
            }
            _ => r.error(&value.span(), "pips must be a whole number from 0 to 9".into(), help),
        }
        return None;
    };
    let box_mm = required_size(r, table, "a pips layer")?;
    let colour = colour(r, palette, table.colour.as_ref())?.unwrap_or(Colour::BLACK);
    Some(LayerKind::Pips(PipsLayer { count, box_mm, colour }))
}
