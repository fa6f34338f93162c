//! A layer's sizes as written: one size or a pair, each a length within the largest a layer
//! may be.

use toml::Spanned;

use super::schema::StyledLayer;
use crate::model::context::resolver::Resolver;

/// Largest size, box side, inset or offset a layer may give, in mm.
pub const MAX_LAYER_MM: f64 = 1000.0;

/// Two finite numbers from `least` to [`MAX_LAYER_MM`].
pub fn pair(
    r: &mut Resolver<'_>,
    value: &Spanned<Vec<f64>>,
    what: &str,
    least: f64,
) -> Option<(f64, f64)> {
    match value.get_ref().as_slice() {
        &[x, y] if [x, y].iter().all(|v| v.is_finite() && *v >= least && *v <= MAX_LAYER_MM) => {
            Some((x, y))
        }
        _ => {
            r.error(
                &value.span(),
                format!("{what} is {:?}", value.get_ref()),
                &format!("give two numbers of mm from {least} to {MAX_LAYER_MM}, e.g. [20, 10]"),
            );
            None
        }
    }
}

/// `size_mm`, which this kind of layer needs.
pub fn required_size(r: &mut Resolver<'_>, table: &StyledLayer, what: &str) -> Option<f64> {
    match &table.size_mm {
        Some(size) => Some(r.length(size, "`size_mm`", (0.1, MAX_LAYER_MM))),
        None => {
            let span =
                table.image.as_ref().map(Spanned::span).or(table.pips.as_ref().map(Spanned::span));
            r.error(
                &span.unwrap_or(0..0),
                format!("{what} needs `size_mm`"),
                "add e.g. size_mm = 8",
            );
            None
        }
    }
}
