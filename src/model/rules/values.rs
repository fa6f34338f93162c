//! Values: numbers at a tile's value positions (the cells of a split rectangle, or the
//! corners of a tile), `[values]` (where they sit and how they are drawn: pips or digits,
//! as face layers), the rule over them (`[rule] values = {…}`) and each tile's own list.

use kurbo::Vec2;
use serde::Deserialize;
use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::face::MAX_PIPS;
use crate::model::face::{
    Anchor, Figure, Layer, LayerKind, Level, PipsLayer, Placement, ShapeLayer, TextLayer, Turn,
};
use crate::model::input::source::Position;
use crate::model::input::suggest::closest;
use crate::model::rules::tile_shape::TileShape;
use crate::model::rules::value_names::{ValueText, resolve_value_names, value_number, value_text};
use crate::scene::Colour;
use crate::text::font::default_font;

/// Largest value accepted (a larger one is a typo; digits would not fit a tile).
pub const MAX_VALUE: i64 = 999;
/// The ways values are drawn, as `style` names them.
const VALUE_STYLES: [&str; 4] = ["pips", "digits", "fill", "none"];
/// Default width of the line between cells, in mm.
const DEFAULT_DIVIDER_MM: f64 = 0.6;

/// `[values]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValuesTable {
    /// `cells` (default on rectangles) or `corners` (default on polygons).
    pub at: Option<Spanned<String>>,
    /// `pips` (0–9, die layouts) or `digits` (default).
    pub style: Option<Spanned<String>>,
    /// Pips: the side of the square they fill; digits: their height.
    pub size_mm: Option<Spanned<f64>>,
    /// A palette name or `#rrggbb` (default black); also the line between cells.
    pub colour: Option<Spanned<String>>,
    /// Corners: how far in from the corner, towards the centre.
    pub inset_mm: Option<Spanned<f64>>,
    /// Cells: width of the line between cells (0: none).
    pub divider_mm: Option<Spanned<f64>>,
    /// The values' names, each a palette colour: value 0 is the first.
    pub names: Option<Spanned<Vec<Spanned<String>>>>,
}

/// `[rule] values = { range = [0, 6], symmetry = "unordered", max_same = 1 }` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueRuleTable {
    /// The smallest and largest value, inclusive.
    pub range: Spanned<Vec<i64>>,
    /// `unordered`, `cyclic` or `ordered`: which orders of one tile's values are the same.
    pub symmetry: Option<Spanned<String>>,
    /// How many positions of one tile may show the same value (1: all different).
    pub max_same: Option<Spanned<i64>>,
    /// Values read clockwise never go down: from corner (or cell) 1 with `ordered`, from
    /// some corner with `cyclic` — so a tile's mirror image is not in the set.
    pub ascending: Option<bool>,
}

/// Where values sit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueAt {
    /// The cells of a rectangle, row by row from the top left.
    Cells,
    /// The corners, clockwise from corner 1 (the start of edge 1).
    Corners,
}

/// How values are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueStyle {
    Pips,
    Digits,
    /// Each cell filled with its value's colour (named values).
    Fill,
    /// Not drawn: the face's template shows the values.
    Hidden,
}

/// The resolved `[values]`: the positions every tile's values fill, and their drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Values {
    pub at: ValueAt,
    /// How many values a tile carries.
    pub positions: usize,
    pub style: ValueStyle,
    pub size_mm: f64,
    pub colour: Colour,
    pub inset_mm: f64,
    pub divider_mm: f64,
    /// The values' names (`names`), value 0 first; empty when values are numbers.
    pub names: Vec<String>,
    /// The colour of each name, as the palette has it.
    pub name_colours: Vec<Colour>,
}

/// Which orders of one tile's values count as the same tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueSymmetry {
    /// Any order (a domino's halves).
    Unordered,
    /// Turning the tile: the values shifted round (corners).
    Cyclic,
    /// Every order is a different tile.
    Ordered,
}

/// The rule over values: every list of `positions` values in `min..=max` with no value on
/// more than `max_same` positions, one per symmetry class.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueRule {
    pub min: u32,
    pub max: u32,
    pub symmetry: ValueSymmetry,
    pub max_same: usize,
    pub positions: usize,
    /// Values read in order never go down (`ascending = true`).
    pub ascending: bool,
    /// Where `values = {…}` is written.
    pub position: Position,
    /// The values' names (`[values] names`), for messages; empty when values are numbers.
    pub names: Vec<String>,
}

impl ValueSymmetry {
    /// The canonical form of `values`: the least of the lists that count as the same.
    pub fn canonical(self, values: &[u32]) -> Vec<u32> {
        match self {
            ValueSymmetry::Ordered => values.to_vec(),
            ValueSymmetry::Unordered => {
                let mut sorted = values.to_vec();
                sorted.sort_unstable();
                sorted
            }
            ValueSymmetry::Cyclic => (0..values.len().max(1))
                .map(|turn| {
                    let n = values.len();
                    (0..n).map(|k| values[(k + turn) % n]).collect::<Vec<u32>>()
                })
                .min()
                .unwrap_or_default(),
        }
    }
}

/// The design's `[values]`, when it has the table or a tile carries values; defaults follow
/// the tile shape.
pub fn resolve_values(
    r: &mut Resolver<'_>,
    table: Option<&Spanned<ValuesTable>>,
    palette: &Palette,
    shape: Option<TileShape>,
    tiles_have_values: bool,
) -> Option<Values> {
    if table.is_none() && !tiles_have_values {
        return None;
    }
    let shape = shape?;
    let default = ValuesTable::default();
    let table_ref = table.map_or(&default, Spanned::get_ref);
    let at = match &table_ref.at {
        None if matches!(shape, TileShape::Rectangle(_)) => ValueAt::Cells,
        None => ValueAt::Corners,
        Some(at) => match at.get_ref().trim() {
            "cells" if matches!(shape, TileShape::Rectangle(_)) => ValueAt::Cells,
            "corners" => ValueAt::Corners,
            "cells" => {
                r.error(
                    &at.span(),
                    format!("a {} tile has no cells", shape.name()),
                    "values sit at `corners` here; cells are a rectangle's (`cells = [c, r]`)",
                );
                ValueAt::Corners
            }
            other => {
                r.error(
                    &at.span(),
                    format!("unknown value place `{other}`"),
                    "use `cells` or `corners`",
                );
                ValueAt::Corners
            }
        },
    };
    let positions = match at {
        ValueAt::Cells => shape.cells().len(),
        ValueAt::Corners => shape.sides(),
    };
    let names = resolve_value_names(r, table_ref.names.as_ref(), palette);
    let name_colours = names.iter().map(|name| palette.colour(name)).collect();
    let style = match &table_ref.style {
        None => ValueStyle::Digits,
        Some(style) => match style.get_ref().trim() {
            "pips" => ValueStyle::Pips,
            "digits" => ValueStyle::Digits,
            "none" => ValueStyle::Hidden,
            "fill" if at == ValueAt::Cells && !names.is_empty() => ValueStyle::Fill,
            "fill" => {
                r.error(
                    &style.span(),
                    "`style = \"fill\"` fills a cell with its value's colour".into(),
                    "fill needs named values in a rectangle's cells: names = [\"wheat\", ...] and cells = [c, r]",
                );
                ValueStyle::Digits
            }
            other => {
                let near = closest(other, VALUE_STYLES)
                    .map_or(String::new(), |n| format!("did you mean `{n}`? "));
                r.error(
                    &style.span(),
                    format!("unknown value style `{other}`"),
                    &format!("{near}use `pips`, `digits`, `fill` or `none`"),
                );
                ValueStyle::Digits
            }
        },
    };
    let room = value_room(shape, at);
    let size_mm = table_ref.size_mm.as_ref().map_or_else(
        || match style {
            ValueStyle::Pips => 0.72 * room,
            ValueStyle::Digits | ValueStyle::Fill | ValueStyle::Hidden => 0.45 * room,
        },
        |size| r.length(size, "the values' `size_mm`", (0.5, room.max(0.5))),
    );
    let colour = crate::model::colours::palette::colour(r, palette, table_ref.colour.as_ref())
        .flatten()
        .unwrap_or(Colour::BLACK);
    let reach = corner_reach(shape);
    let inset_mm = table_ref
        .inset_mm
        .as_ref()
        .map_or(0.4 * reach, |inset| r.length(inset, "the values' `inset_mm`", (0.0, reach)));
    let divider_mm = table_ref.divider_mm.as_ref().map_or(DEFAULT_DIVIDER_MM, |width| {
        r.length(width, "the values' `divider_mm`", (0.0, room / 4.0))
    });
    Some(Values {
        at,
        positions,
        style,
        size_mm,
        colour,
        inset_mm,
        divider_mm,
        names,
        name_colours,
    })
}

/// The side of the square one value may fill: a cell's shorter side, or a share of the
/// tile at a corner.
fn value_room(shape: TileShape, at: ValueAt) -> f64 {
    match (shape, at) {
        (TileShape::Rectangle(rect), ValueAt::Cells) => {
            (rect.width_mm / rect.columns as f64).min(rect.height_mm / rect.rows as f64)
        }
        (TileShape::Rectangle(rect), ValueAt::Corners) => 0.4 * rect.width_mm.min(rect.height_mm),
        (TileShape::Regular(polygon), _) => 0.25 * polygon.edge_mm,
        (TileShape::Circle { diameter_mm }, _) => 0.3 * diameter_mm,
    }
}

/// From a corner to the centre: how far in a corner value may sit.
fn corner_reach(shape: TileShape) -> f64 {
    let outline = shape.outline();
    outline.corners.first().map_or(0.0, |c| c.distance(outline.centre))
}

/// The rule over values, checked against the positions tiles have.
pub fn resolve_value_rule(
    r: &mut Resolver<'_>,
    table: &Spanned<ValueRuleTable>,
    values: Option<&Values>,
) -> Option<ValueRule> {
    let rule = table.get_ref();
    let errors = r.diagnostics.len();
    let range = rule.range.get_ref();
    let (min, max) = match range[..] {
        [min, max] if (0..=MAX_VALUE).contains(&min) && (min..=MAX_VALUE).contains(&max) => {
            (min as u32, max as u32)
        }
        _ => {
            r.error(
                &rule.range.span(),
                format!("`range = {range:?}` is not a range of values"),
                &format!("write range = [smallest, largest], whole numbers from 0 to {MAX_VALUE}, e.g. [0, 6]"),
            );
            (0, 0)
        }
    };
    let symmetry = match &rule.symmetry {
        None => None,
        Some(name) => match name.get_ref().trim() {
            "unordered" => Some(ValueSymmetry::Unordered),
            "cyclic" => Some(ValueSymmetry::Cyclic),
            "ordered" => Some(ValueSymmetry::Ordered),
            other => {
                r.error(
                    &name.span(),
                    format!("unknown value symmetry `{other}`"),
                    "use `unordered`, `cyclic` (turning the tile) or `ordered`",
                );
                None
            }
        },
    };
    let Some(values) = values.filter(|values| values.positions > 0) else {
        r.error(
            &table.span(),
            "the rule is over values but the tiles have no value positions".into(),
            "give the set a rectangle (values in its cells) or a polygon (values at its corners)",
        );
        return None;
    };
    let positions = values.positions;
    let max_same = match &rule.max_same {
        None => positions,
        Some(n) => match usize::try_from(*n.get_ref()) {
            Ok(n) if (1..=positions.max(1)).contains(&n) => n,
            _ => {
                r.error(
                    &n.span(),
                    format!(
                        "`max_same = {}` does not fit tiles of {positions} values",
                        n.get_ref()
                    ),
                    &format!("write a whole number from 1 (all different) to {positions}"),
                );
                positions
            }
        },
    };
    if values.style == ValueStyle::Pips && max > MAX_PIPS {
        r.error(
            &rule.range.span(),
            format!("values up to {max} cannot be drawn as pips (0 to {MAX_PIPS})"),
            "use `style = \"digits\"` in [values], or a range within 0–9",
        );
    }
    if r.diagnostics.len() > errors {
        return None;
    }
    let symmetry = symmetry.unwrap_or(match values.at {
        ValueAt::Cells => ValueSymmetry::Unordered,
        ValueAt::Corners => ValueSymmetry::Cyclic,
    });
    let ascending = rule.ascending.unwrap_or(false);
    if ascending && symmetry == ValueSymmetry::Unordered {
        r.error(
            &table.span(),
            "`ascending = true` reads values in order, but `symmetry = \"unordered\"` ignores \
             their order"
                .into(),
            "use symmetry = \"cyclic\" (ascending from some corner) or \"ordered\" (from \
             corner 1)",
        );
        return None;
    }
    let position = r.source.start_of(&table.span());
    let names = values.names.clone();
    Some(ValueRule { min, max, symmetry, max_same, positions, ascending, position, names })
}

/// One tile's values: as many as the positions, each a whole number (within the rule's
/// range when there is a rule); reported at the value otherwise.
pub fn tile_values(
    r: &mut Resolver<'_>,
    number: u32,
    entry_span: std::ops::Range<usize>,
    written: Option<&Spanned<Vec<Spanned<ValueText>>>>,
    values: Option<&Values>,
    shape_name: &str,
    rule: Option<&ValueRule>,
) -> Option<Vec<u32>> {
    let positions = values.map_or(0, |v| v.positions);
    let Some(written) = written else {
        if positions > 0 {
            r.error(
                &entry_span,
                format!("tile {number} has no values; the set's tiles carry {positions} each"),
                "give it `values = [...]`, one per value position, as the other tiles",
            );
            return None;
        }
        return Some(Vec::new());
    };
    let list = written.get_ref();
    if positions == 0 {
        r.error(
            &written.span(),
            format!("tile {number} has values, but a {shape_name} tile has no value positions"),
            "values sit in a rectangle's cells (`cells = [c, r]`) or at a polygon's corners",
        );
        return None;
    }
    if list.len() != positions {
        let at = match values.map(|v| v.at) {
            Some(ValueAt::Cells) => "cells",
            _ => "corners",
        };
        r.error(
            &written.span(),
            format!("tile {number} lists {} value(s); its tile has {positions} {at}", list.len()),
            &format!("give one value per {}, in order", at.trim_end_matches('s')),
        );
        return None;
    }
    let errors = r.diagnostics.len();
    let names = values.map_or(&[][..], |v| &v.names[..]);
    let what = format!("tile {number}");
    let numbers: Vec<Option<i64>> =
        list.iter().map(|value| value_number(r, value, names, &what)).collect();
    if r.diagnostics.len() > errors {
        return None;
    }
    let numbers: Vec<i64> = numbers.into_iter().flatten().collect();
    let named_max = names.len().checked_sub(1).map_or(MAX_VALUE, |last| last as i64);
    let (min, max) = rule.map_or((0, named_max), |rule| (i64::from(rule.min), i64::from(rule.max)));
    let pips = values.is_some_and(|v| v.style == ValueStyle::Pips);
    let shown =
        numbers.iter().map(|&v| value_text(v.max(0) as u32, names)).collect::<Vec<_>>().join("|");
    for (value, &v) in list.iter().zip(&numbers) {
        if !(min..=max).contains(&v) {
            let whose =
                if rule.is_some() { "the rule's range" } else { "the values tilepress takes" };
            r.error(
                &value.span(),
                format!("tile {number} ({shown}): value {v} is outside {whose}, {min}–{max}"),
                "change the value, or widen `range` in the rule's `values`",
            );
        } else if pips && v > i64::from(MAX_PIPS) {
            r.error(
                &value.span(),
                format!(
                    "tile {number} ({shown}): value {v} cannot be drawn as pips (0 to {MAX_PIPS})"
                ),
                "use `style = \"digits\"` in [values]",
            );
        }
    }
    (r.diagnostics.len() == errors).then(|| numbers.iter().map(|&v| v as u32).collect())
}

/// The face layers that draw a tile's values (and the lines between cells), in the tile's
/// frame: pips or digits centred in each cell, or at each corner `inset_mm` in, their top
/// towards it.
pub fn value_layers(
    values: &Values,
    tile_values: &[u32],
    shape: TileShape,
    position: Position,
) -> Vec<Layer> {
    let layer = |label: String, place: Placement, level: Level, kind: LayerKind| Layer {
        label,
        position,
        level,
        place,
        kind,
        art: None,
        decorative: false,
        opacity: 1.0,
    };
    let mut layers = Vec::new();
    if values.style == ValueStyle::Fill {
        layers.extend(
            cell_fills(values, tile_values, shape)
                .into_iter()
                .map(|(place, kind)| layer("a value's colour".into(), place, Level::Below, kind)),
        );
    }
    if values.at == ValueAt::Cells {
        layers.extend(divider_shapes(values, shape).into_iter().map(|(offset, width, height)| {
            let place = Placement { offset_mm: offset, ..Placement::default() };
            let kind = LayerKind::Shape(ShapeLayer {
                figure: Figure::Rectangle { radius_mm: 0.0 },
                width_mm: width,
                height_mm: height,
                fill: Some(values.colour),
                stroke: None,
                hatched: false,
            });
            layer("the line between cells".into(), place, Level::Below, kind)
        }));
    }
    let cells = shape.cells();
    for (index, &value) in tile_values.iter().enumerate() {
        let place = match values.at {
            ValueAt::Cells => {
                let Some(cell) = cells.get(index) else { continue };
                Placement { offset_mm: cell.center().to_vec2(), ..Placement::default() }
            }
            // Its top towards its corner: upright when that corner points up.
            ValueAt::Corners => Placement {
                anchor: Anchor::Corner(index),
                turn: Turn::Edge,
                inset_mm: values.inset_mm,
                ..Placement::default()
            },
        };
        let kind = match values.style {
            ValueStyle::Fill | ValueStyle::Hidden => continue,
            ValueStyle::Pips => LayerKind::Pips(PipsLayer {
                count: value,
                box_mm: values.size_mm,
                colour: values.colour,
            }),
            ValueStyle::Digits => LayerKind::Text(TextLayer::plain(
                value.to_string(),
                default_font(),
                values.size_mm,
                values.colour,
            )),
        };
        layers.push(layer(format!("value {}", index + 1), place, Level::Above, kind));
    }
    layers
}

/// Each cell filled with its value's colour: where, and the rectangle.
fn cell_fills(
    values: &Values,
    tile_values: &[u32],
    shape: TileShape,
) -> Vec<(Placement, LayerKind)> {
    let cells = shape.cells();
    let fill = |(cell, &value): (&kurbo::Rect, &u32)| {
        let colour = *values.name_colours.get(value as usize)?;
        let place = Placement { offset_mm: cell.center().to_vec2(), ..Placement::default() };
        let kind = LayerKind::Shape(ShapeLayer {
            figure: Figure::Rectangle { radius_mm: 0.0 },
            width_mm: cell.width(),
            height_mm: cell.height(),
            fill: Some(colour),
            stroke: None,
            hatched: false,
        });
        Some((place, kind))
    };
    cells.iter().zip(tile_values).filter_map(fill).collect()
}

/// The lines between a rectangle's cells: centre offset, width and height of each, reaching
/// across the tile to 10 % short of its edges.
fn divider_shapes(values: &Values, shape: TileShape) -> Vec<(Vec2, f64, f64)> {
    let TileShape::Rectangle(rect) = shape else { return Vec::new() };
    if values.divider_mm <= 0.0 {
        return Vec::new();
    }
    let (w, h) = (rect.width_mm, rect.height_mm);
    let vertical = (1..rect.columns).map(|c| {
        let x = -w / 2.0 + c as f64 * w / rect.columns as f64;
        (Vec2::new(x, 0.0), values.divider_mm, 0.8 * h)
    });
    let horizontal = (1..rect.rows).map(|row| {
        let y = -h / 2.0 + row as f64 * h / rect.rows as f64;
        (Vec2::new(0.0, y), 0.8 * w, values.divider_mm)
    });
    vertical.chain(horizontal).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms_follow_the_symmetry() {
        assert_eq!(ValueSymmetry::Unordered.canonical(&[5, 3]), vec![3, 5]);
        assert_eq!(ValueSymmetry::Cyclic.canonical(&[2, 0, 5]), vec![0, 5, 2]);
        assert_eq!(ValueSymmetry::Cyclic.canonical(&[0, 2, 5]), vec![0, 2, 5]);
        assert_eq!(ValueSymmetry::Ordered.canonical(&[5, 3]), vec![5, 3]);
    }
}
