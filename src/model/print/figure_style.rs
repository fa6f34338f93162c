//! `[figures]`: the house style of a design's rulebook figures, set once — the caption's and the labels' cap heights in printed mm on every diagram of the design, unless a diagram gives its own.

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;

/// The cap heights a figure's caption and labels may have, in printed mm.
pub const FIGURE_TEXT_MM_RANGE: (f64, f64) = (1.0, 10.0);

/// `[figures]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FiguresTable {
    /// The caption's cap height on every figure.
    pub caption_mm: Option<Spanned<f64>>,
    /// Every label's cap height.
    pub label_mm: Option<Spanned<f64>>,
}

/// The design's figure sizes; `None`: the house style's default.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FigureStyle {
    pub caption_mm: Option<f64>,
    pub label_mm: Option<f64>,
}

/// The figure sizes `[figures]` gives, each out of range reported at its key.
pub fn resolve_figures(r: &mut Resolver<'_>, table: Option<&FiguresTable>) -> FigureStyle {
    let Some(table) = table else { return FigureStyle::default() };
    let size = |r: &mut Resolver<'_>, value: &Option<Spanned<f64>>, key: &str| {
        value.as_ref().map(|v| r.length(v, key, FIGURE_TEXT_MM_RANGE))
    };
    FigureStyle {
        caption_mm: size(r, &table.caption_mm, "`caption_mm`"),
        label_mm: size(r, &table.label_mm, "`label_mm`"),
    }
}
