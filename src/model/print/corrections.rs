//! Print corrections and extra outputs of a sheet: bleed, the measured duplex offset and scale of back pages, and PNG resolutions, read from `[sheet]` or the command line.

use std::sync::Arc;

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::print::pdf_x::{
    OutputProfile, PdfX, PdfXOutput, resolve_ink_limit, resolve_pdf_x,
};
use crate::model::print::sheet_table::SheetTable;

/// Why a fold-over sheet takes no registration marks, and what to do.
pub const FOLD_WITH_REGISTRATION: &str = "a fold-over sheet cannot carry registration marks: a cutting machine reads them on a flat sheet, and half of them would be folded behind";
pub const FOLD_WITH_REGISTRATION_HELP: &str = "print fold-over sheets without registration marks and cut them by hand, or print duplex (long-edge or short-edge) for a cutting machine";

/// Bleed used when tiles are spaced apart and the design names none, in mm.
pub const DEFAULT_SPACED_BLEED_MM: f64 = 2.0;
/// Largest bleed accepted, in mm.
pub const MAX_BLEED_MM: f64 = 20.0;
/// Largest duplex offset accepted on either axis, in mm.
pub const MAX_BACK_OFFSET_MM: f64 = 50.0;
/// Back scales accepted on either axis.
pub const BACK_SCALE_RANGE: (f64, f64) = (0.5, 2.0);
/// Resolution of the contact-sheet preview, in dots per inch: enough to see every tile.
pub const PREVIEW_DPI: f64 = 40.0;
/// Resolution of per-sheet PNGs when `--png` names none.
pub const DEFAULT_SHEET_DPI: f64 = 150.0;

/// How pages are corrected for the printer, and which images are made besides SVG and PDF.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintSettings {
    /// How far each tile's background reaches beyond its cut, in mm; `None` picks
    /// [`DEFAULT_SPACED_BLEED_MM`] when tiles are spaced apart and 0 when they share edges.
    pub bleed_mm: Option<f64>,
    /// Whether `bleed_mm` holds for every part over a deck's own `bleed_mm` (`--bleed`:
    /// the command line overrides the design).
    pub bleed_for_every_part: bool,
    /// Where backs land relative to their fronts, measured on the calibration page: x to the
    /// right and y down as seen looking at the front, in mm. Back pages are moved against it.
    pub back_offset_mm: (f64, f64),
    /// How much larger backs print than fronts, per axis (1 = the same); undone on back pages.
    pub back_scale: (f64, f64),
    /// Resolution of one PNG per sheet side; `None` makes none.
    pub sheet_png_dpi: Option<f64>,
    /// Resolution of the contact sheet `<name>-preview.png`.
    pub preview_dpi: f64,
    /// Resolution of the face images (`--format faces`); `None`: 300 dpi.
    pub faces_dpi: Option<f64>,
    /// What the Tabletop Simulator export's image URLs start with (the output folder as a
    /// `file://` URL); `None`: bare file names.
    pub tts_url_base: Option<String>,
    /// Print-and-cut registration marks on the front pages (and in their cut files);
    /// outlines keep clear of them.
    pub registration_marks: bool,
    /// How the sheets are laminated: whole (shared cuts) or each item sealed.
    pub laminate: crate::model::print::laminate::Laminate,
    /// The PDFs written as this PDF/X (`[sheet] pdf_x`, `--pdf-x`); `None`: plain PDF.
    pub pdf_x: Option<PdfX>,
    /// The CMYK output profile PDF/X files embed (`[sheet] icc`, `--icc`).
    pub output_profile: Option<Arc<OutputProfile>>,
    /// Whether parts fill the room the parts before them leave on their last sheet
    /// (`[sheet] share`, on by default), where that saves sheets.
    pub share: bool,
    /// The most ink PDF/X colours may lay down, in percent (`[sheet] ink_limit`,
    /// `--ink-limit`, a preset's).
    pub ink_limit: Option<f64>,
}

impl Default for PrintSettings {
    fn default() -> PrintSettings {
        PrintSettings {
            bleed_mm: None,
            bleed_for_every_part: false,
            back_offset_mm: (0.0, 0.0),
            back_scale: (1.0, 1.0),
            sheet_png_dpi: None,
            preview_dpi: PREVIEW_DPI,
            faces_dpi: None,
            tts_url_base: None,
            registration_marks: false,
            laminate: crate::model::print::laminate::Laminate::Sheet,
            pdf_x: None,
            output_profile: None,
            share: true,
            ink_limit: None,
        }
    }
}

impl PrintSettings {
    /// The bleed for tiles `gap_mm` apart: as asked (or the default), but never more than
    /// half the gap, so a tile's bleed never reaches its neighbour's bleed or art.
    pub fn bleed_for_gap(&self, gap_mm: f64) -> f64 {
        let asked =
            self.bleed_mm.unwrap_or(if gap_mm > 0.0 { DEFAULT_SPACED_BLEED_MM } else { 0.0 });
        asked.min(gap_mm / 2.0).max(0.0)
    }

    /// The PDF/X the PDFs are written as: `None` without a version or a profile (a build
    /// refuses a version without a profile before it gets here).
    pub fn pdf_x_output(&self) -> Option<PdfXOutput<'_>> {
        Some(PdfXOutput {
            version: self.pdf_x?,
            profile: self.output_profile.as_deref()?,
            ink_limit: self.ink_limit,
        })
    }
}

/// The print settings of a `[sheet]` table, reporting values out of range.
pub fn resolve_print(resolver: &mut Resolver<'_>, table: &SheetTable) -> PrintSettings {
    let mut print = PrintSettings::default();
    if let Some(bleed) = &table.bleed_mm {
        print.bleed_mm = Some(resolver.length(bleed, "`bleed_mm`", (0.0, MAX_BLEED_MM)));
    }
    if let Some(offset) = &table.back_offset_mm {
        let range = (-MAX_BACK_OFFSET_MM, MAX_BACK_OFFSET_MM);
        print.back_offset_mm = pair(resolver, offset, "`back_offset_mm`", range, (0.0, 0.0));
    }
    if let Some(scale) = &table.back_scale {
        print.back_scale = pair(resolver, scale, "`back_scale`", BACK_SCALE_RANGE, (1.0, 1.0));
    }
    if let Some(on) = table.registration_marks {
        print.registration_marks = on;
    }
    print.laminate = crate::model::print::laminate::resolve_laminate(resolver, table);
    (print.pdf_x, print.output_profile) =
        resolve_pdf_x(resolver, table.pdf_x.as_ref(), table.icc.as_ref());
    print.share = table.share.unwrap_or(true);
    print.ink_limit = resolve_ink_limit(resolver, table.ink_limit.as_ref());
    print
}

/// Two numbers within `range`, or an error at the value and `fallback`.
fn pair(
    resolver: &mut Resolver<'_>,
    value: &Spanned<Vec<f64>>,
    what: &str,
    range: (f64, f64),
    fallback: (f64, f64),
) -> (f64, f64) {
    match check_pair(value.get_ref(), range) {
        Ok(pair) => pair,
        Err(message) => {
            let (x, y) = fallback;
            let key = what.trim_matches('`');
            let help = format!("write two numbers, x then y, e.g. `{key} = [{x:?}, {y:?}]`");
            resolver.error(&value.span(), format!("{what}: {message}"), &help);
            fallback
        }
    }
}

/// `[x, y]` with both within `range`.
fn check_pair(values: &[f64], range: (f64, f64)) -> Result<(f64, f64), String> {
    let (low, high) = range;
    match *values {
        [x, y] if [x, y].iter().all(|v| v.is_finite() && (low..=high).contains(v)) => Ok((x, y)),
        [_, _] => Err(format!(
            "each number must be from {} to {}",
            crate::model::input::diagnostic::number_text(low),
            crate::model::input::diagnostic::number_text(high)
        )),
        _ => Err(format!("{} numbers given, two needed", values.len())),
    }
}

/// Parses `X,Y` from the command line, both within `range`.
pub fn parse_pair(text: &str, range: (f64, f64)) -> Result<(f64, f64), String> {
    let values: Result<Vec<f64>, _> = text.split(',').map(|v| v.trim().parse::<f64>()).collect();
    let values = values.map_err(|_| format!("`{text}` is not two numbers like 1.5,-0.5"))?;
    check_pair(&values, range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bleed_defaults_to_the_gap_and_never_reaches_a_neighbour() {
        let auto = PrintSettings::default();
        assert_eq!(auto.bleed_for_gap(0.0), 0.0);
        assert_eq!(auto.bleed_for_gap(6.0), 2.0);
        assert_eq!(auto.bleed_for_gap(3.0), 1.5);
        let asked = PrintSettings { bleed_mm: Some(1.0), ..PrintSettings::default() };
        assert_eq!(asked.bleed_for_gap(0.0), 0.0);
        assert_eq!(asked.bleed_for_gap(10.0), 1.0);
    }

    #[test]
    fn pairs_from_the_command_line() {
        assert_eq!(parse_pair("1.5,-0.5", (-50.0, 50.0)), Ok((1.5, -0.5)));
        assert_eq!(parse_pair(" 1 , 2 ", (-50.0, 50.0)), Ok((1.0, 2.0)));
        assert!(parse_pair("1", (-50.0, 50.0)).unwrap_err().contains("two needed"));
        assert!(parse_pair("1,x", (-50.0, 50.0)).is_err());
        assert!(parse_pair("1,99", (-50.0, 50.0)).unwrap_err().contains("from -50 to 50"));
        assert!(parse_pair("NaN,1", (-50.0, 50.0)).is_err());
    }
}
