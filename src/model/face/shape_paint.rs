//! A shape layer's paint: its fill and stroke colours as written, `none` for no fill (an outline) or no stroke, a line stroked and never filled, black where nothing is said.

use toml::Spanned;

use super::Figure;
use super::schema::StyledLayer;
use crate::model::context::resolver::Resolver;
use crate::scene::Colour;

/// Reads a colour key: a palette name or `#rrggbb`; `Some(None)` when absent, `None` when
/// wrong (reported).
pub type ReadColour<'a> =
    dyn Fn(&mut Resolver<'_>, Option<&Spanned<String>>) -> Option<Option<Colour>> + 'a;

/// The word for no fill or no stroke.
pub const NO_PAINT: &str = "none";

/// The fill and stroke colours of a shape layer: a shape without either is filled black,
/// one with `fill = "none"` (or a line) without a stroke is stroked black; `None` when a
/// colour is wrong or the shape would draw nothing (reported).
pub fn paint(
    r: &mut Resolver<'_>,
    table: &StyledLayer,
    figure: Figure,
    colour: &ReadColour<'_>,
) -> Option<(Option<Colour>, Option<Colour>)> {
    let line = figure == Figure::Line;
    let no_fill = is_none(table.fill.as_ref());
    let no_stroke = is_none(table.stroke.as_ref());
    if let Some(fill) = table.fill.as_ref().filter(|_| line && !no_fill) {
        r.error(
            &fill.span(),
            "a line has no inside to fill".into(),
            "give the line its colour with `stroke` (and its width with `stroke_mm`)",
        );
        return None;
    }
    if let Some(stroke) = table.stroke.as_ref().filter(|_| no_stroke && (no_fill || line)) {
        let what = if line { "a line" } else { "a shape with fill = \"none\"" };
        r.error(
            &stroke.span(),
            format!("{what} and stroke = \"none\" draws nothing"),
            "give it a `stroke` colour (or, unless it is a line, a `fill`)",
        );
        return None;
    }
    let fill = if no_fill || line { None } else { colour(r, table.fill.as_ref())? };
    let stroke = if no_stroke { None } else { colour(r, table.stroke.as_ref())? };
    Some(match (fill, stroke) {
        (None, None) if no_fill || line => (None, Some(Colour::BLACK)),
        (None, None) => (Some(Colour::BLACK), None),
        painted => painted,
    })
}

/// Whether a colour key says `none`.
fn is_none(key: Option<&Spanned<String>>) -> bool {
    key.is_some_and(|value| value.get_ref().trim() == NO_PAINT)
}
