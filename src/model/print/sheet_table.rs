//! `[sheet]` as written (serde, spans kept): paper, margins, duplex and print corrections.

use serde::Deserialize;
use toml::Spanned;

/// `[sheet]`: paper and imposition settings.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetTable {
    pub paper: Option<Spanned<String>>,
    pub orientation: Option<Spanned<String>>,
    pub margin_mm: Option<Spanned<f64>>,
    pub gap_mm: Option<Spanned<f64>>,
    pub duplex: Option<Spanned<String>>,
    /// How far a tile's background reaches beyond its cut, in mm.
    pub bleed_mm: Option<Spanned<f64>>,
    /// Measured `[x, y]` offset of backs from fronts, in mm, as seen on the front.
    pub back_offset_mm: Option<Spanned<Vec<f64>>>,
    /// Measured `[x, y]` scale of backs relative to fronts.
    pub back_scale: Option<Spanned<Vec<f64>>>,
    /// Print-and-cut registration marks on the front pages.
    pub registration_marks: Option<bool>,
    /// How the sheets are laminated: `sheet` (the default) or `sealed`.
    pub laminate: Option<Spanned<String>>,
    /// The sealed border around each item, in mm (with `laminate = "sealed"`).
    pub seal_mm: Option<Spanned<f64>>,
    /// The PDFs written as PDF/X: `x-1a` or `x-4`.
    pub pdf_x: Option<Spanned<String>>,
    /// The CMYK output profile PDF/X files embed: a file beside the design.
    pub icc: Option<Spanned<String>>,
    /// Whether small parts share sheets (`true`, the default) or each keeps sheets of its own.
    pub share: Option<bool>,
    /// The most ink PDF/X colours may lay down, in percent.
    pub ink_limit: Option<Spanned<f64>>,
}
