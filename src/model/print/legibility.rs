//! `[check]`: the thresholds of the legibility check (safe area, smallest text, WCAG
//! contrast), each checked at its key; defaults when the table is left out.

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;

/// `[check]` as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckTable {
    /// How far inside every item's outline text and icons must stay, in mm.
    pub safe_mm: Option<Spanned<f64>>,
    /// Smallest cap height of text, in mm.
    pub min_text_mm: Option<Spanned<f64>>,
    /// Contrast normal text needs against what lies behind it.
    pub text_contrast: Option<Spanned<f64>>,
    /// Contrast large or bold text needs.
    pub large_text_contrast: Option<Spanned<f64>>,
    /// Contrast pips and icons need.
    pub graphic_contrast: Option<Spanned<f64>>,
    /// The CIEDE2000 difference two colours that mean different things need, as players
    /// with each colour-vision deficiency see them.
    pub colour_difference: Option<Spanned<f64>>,
}

/// What the legibility check holds faces to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Legibility {
    /// The safe area's inset for every part, when the design sets one; else
    /// [`CARD_SAFE_MM`] on cards and counters and 0 elsewhere.
    pub safe_mm: Option<f64>,
    pub min_text_mm: f64,
    pub text_contrast: f64,
    pub large_text_contrast: f64,
    pub graphic_contrast: f64,
    /// The CIEDE2000 difference two colours a player must tell apart need, as dichromats
    /// see them ([`COLOUR_DIFFERENCE`] by default).
    pub colour_difference: f64,
}

/// The safe area of cards and counters by default: trimmed by hand, they lose up to this
/// much of their edge.
pub const CARD_SAFE_MM: f64 = 2.0;
/// The smallest cap height by default: about 6 pt text.
pub const MIN_TEXT_MM: f64 = 1.5;
/// The CIEDE2000 difference two colours that mean different things need by default. A
/// difference of 1 is just noticeable between large patches side by side; the difference
/// needed to tell colours apart grows as marks get smaller and are seen apart (Szafir,
/// "Modeling Color Difference for Visualization Design", IEEE TVCG 24(1), 2018) — a line
/// on a tile is matched against one on a tile across the table. 10 is about three times
/// the difference printers accept as "the same colour"; red and green as a deuteranope
/// sees them (6.9 on Tantrix) fall below it.
pub const COLOUR_DIFFERENCE: f64 = 10.0;
/// The range `colour_difference` may take: from 1 (a just-noticeable difference) to 50.
pub const COLOUR_DIFFERENCE_RANGE: (f64, f64) = (1.0, 50.0);

impl Default for Legibility {
    /// WCAG 2 (level AA): 4.5 : 1 for text, 3 : 1 for large text and for graphics.
    fn default() -> Self {
        Legibility {
            safe_mm: None,
            min_text_mm: MIN_TEXT_MM,
            text_contrast: 4.5,
            large_text_contrast: 3.0,
            graphic_contrast: 3.0,
            colour_difference: COLOUR_DIFFERENCE,
        }
    }
}

/// Most a safe area may take in from the outline, in mm.
const MAX_SAFE_MM: f64 = 20.0;
/// Largest smallest text size that may be asked for, in mm.
const MAX_MIN_TEXT_MM: f64 = 10.0;

/// `[check]` resolved, every value in its range.
pub fn resolve_legibility(r: &mut Resolver<'_>, table: Option<&CheckTable>) -> Legibility {
    let mut legibility = Legibility::default();
    let Some(table) = table else { return legibility };
    if let Some(safe) = &table.safe_mm {
        legibility.safe_mm = Some(r.length(safe, "`safe_mm`", (0.0, MAX_SAFE_MM)));
    }
    if let Some(min) = &table.min_text_mm {
        legibility.min_text_mm = r.length(min, "`min_text_mm`", (0.0, MAX_MIN_TEXT_MM));
    }
    let ratio = |r: &mut Resolver<'_>, value: &Option<Spanned<f64>>, key: &str, default: f64| {
        let Some(value) = value else { return default };
        let v = *value.get_ref();
        if v.is_finite() && (1.0..=21.0).contains(&v) {
            return v;
        }
        r.error(
            &value.span(),
            format!("`{key}` is {v}, not a contrast ratio"),
            "give a contrast ratio from 1 (none asked) to 21 (black on white), e.g. 4.5",
        );
        default
    };
    legibility.text_contrast = ratio(r, &table.text_contrast, "text_contrast", 4.5);
    legibility.large_text_contrast =
        ratio(r, &table.large_text_contrast, "large_text_contrast", 3.0);
    legibility.graphic_contrast = ratio(r, &table.graphic_contrast, "graphic_contrast", 3.0);
    if let Some(value) = &table.colour_difference {
        let v = *value.get_ref();
        let (least, most) = COLOUR_DIFFERENCE_RANGE;
        if v.is_finite() && (least..=most).contains(&v) {
            legibility.colour_difference = v;
        } else {
            r.error(
                &value.span(),
                format!("`colour_difference` is {v}, out of range"),
                &format!(
                    "give a CIEDE2000 difference from {least} (just noticeable) to {most}; the default is {COLOUR_DIFFERENCE}"
                ),
            );
        }
    }
    legibility
}
