//! The rules a text layer's layout decides: fit, smallest size, missing glyphs; and
//! whether WCAG counts it as large.

use super::report::Amount;
use crate::model::face::TextLayer;
use crate::model::input::diagnostic::number_text;
use crate::model::print::legibility::Legibility;
use crate::text::OUTLINE_FONT_NAME;
use crate::text::layout::TextMeasure;

/// Cap height from which bold text counts as large (WCAG: 14 pt bold), in mm.
const LARGE_BOLD_CAP_MM: f64 = 3.6;
/// Cap height from which any text counts as large (WCAG: 18 pt), in mm.
const LARGE_CAP_MM: f64 = 4.6;

/// Fit, smallest size and glyphs: what the text's layout says.
pub fn text_rules(
    text: &TextLayer,
    laid: &TextMeasure,
    label: &str,
    decorative: bool,
    legibility: &Legibility,
    found: &mut impl FnMut(String, String, Option<Amount>),
) {
    let quoted = quoted(&text.text);
    if !laid.fits {
        let (w, h) = text.box_mm.unwrap_or_default();
        let help = if text.fit {
            "give the text a larger box or make it shorter"
        } else {
            "add fit = true to shrink it, give a larger box, or a smaller size_mm"
        };
        let needs = format!(
            "{quoted} needs {:.1} × {:.1} mm at {:.2} mm",
            laid.width_mm, laid.height_mm, laid.size_mm
        );
        found(
            format!(
                "the text of {label} does not fit its {} × {} mm box",
                number_text(w),
                number_text(h),
            ),
            help.into(),
            Some(Amount::larger(laid.width_mm * laid.height_mm - w * h, needs)),
        );
    } else if !decorative && laid.size_mm + 1e-9 < legibility.min_text_mm {
        let shrunk = if laid.size_mm + 1e-9 < text.size_mm {
            format!(" (shrunk by fit from {} mm)", number_text(text.size_mm))
        } else {
            String::new()
        };
        found(
            format!(
                "the text of {label} is smaller than the smallest readable size of {} mm{}",
                number_text(legibility.min_text_mm),
                if text.fit { " once shrunk to fit" } else { "" },
            ),
            if text.font.name == OUTLINE_FONT_NAME {
                "its size follows what it labels: make that larger (a map's cell_mm, a grid's \
                 edge_mm or square_mm, a diagram's width_mm); the smallest size is [check] \
                 min_text_mm"
            } else {
                "give it a larger box or shorter text; the smallest size is [check] min_text_mm"
            }
            .into(),
            Some(Amount {
                value: laid.size_mm,
                larger_is_worse: false,
                text: format!(
                    "{quoted} at {} mm{shrunk}",
                    number_text(round_hundredth(laid.size_mm))
                ),
            }),
        );
    }
    let missing = text.missing_chars();
    if !missing.is_empty() {
        let listed: Vec<String> =
            missing.iter().map(|c| format!("'{c}' (U+{:04X})", u32::from(*c))).collect();
        found(
            format!(
                "the font `{}` of {label} has no glyph for {}: it would print as a box",
                text.font.name,
                listed.join(", ")
            ),
            if text.font.name == OUTLINE_FONT_NAME {
                "labels, marks and captions are drawn in a built-in font of printable ASCII \
                 only: leave these characters out"
            } else {
                "give the layer a font that has these characters (font = \"assets/fonts/….ttf\", \
                 e.g. a Noto font for other scripts), or leave them out"
            }
            .into(),
            None,
        );
    }
}

/// Whether WCAG counts the text as large: 18 pt, or 14 pt bold.
pub fn is_large(text: &TextLayer, cap_mm: f64) -> bool {
    let from = if text.font.is_bold() { LARGE_BOLD_CAP_MM } else { LARGE_CAP_MM };
    cap_mm + 1e-9 >= from
}

fn round_hundredth(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// The text as quoted in messages: on one line, the first 40 characters.
fn quoted(text: &str) -> String {
    let line = text.replace('\n', " ");
    let mut chars = line.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() { format!("\"{head}…\"") } else { format!("\"{head}\"") }
}
