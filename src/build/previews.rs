//! What a build makes from its own page files: the contact-sheet preview, one PNG per sheet side on request, and the measure of its cut files.
//!
//! Working from the written SVG files (rather than from each part's scene) means every part
//! of a design — tiles, pieces, boards — gets previews and cut reports without doing anything.

use super::{Formats, OutputFile};
use crate::model::print::{DEFAULT_SHEET_DPI, PrintSettings};
use crate::render::contact_sheet::contact_sheet;
use crate::render::cut_file::{CutStats, is_cut_file_name, measure_cut_file};
use crate::render::png::{Paper, svg_to_png};

/// How many sheets (front and back) the contact-sheet preview shows at most.
pub const MAX_PREVIEW_SHEETS: usize = 12;

/// `<stem>-preview.png` (the art of every page, fronts beside their backs) and the sheet
/// PNGs, whichever `formats` asks for, with the measure of the cut files among `files`.
pub fn add_previews<'a>(
    files: impl Iterator<Item = &'a OutputFile>,
    stem: &str,
    print: &PrintSettings,
    formats: Formats,
) -> Result<(Vec<OutputFile>, CutStats), String> {
    let pages: Vec<(&str, &str)> = files
        .filter(|file| file.name.ends_with(".svg"))
        .filter_map(|file| Some((file.name.as_str(), std::str::from_utf8(&file.bytes).ok()?)))
        .collect();
    let cut = pages
        .iter()
        .filter(|(name, _)| is_cut_file_name(name))
        .fold(CutStats::default(), |sum, (_, svg)| sum.plus(measure_cut_file(svg)));
    let printed: Vec<(&str, &str)> =
        pages.into_iter().filter(|(name, _)| !is_cut_file_name(name)).collect();
    let mut rows: Vec<(String, Vec<&str>)> = Vec::new();
    for (name, svg) in &printed {
        let sheet = sheet_of(name);
        match rows.last_mut() {
            Some((last, row)) if *last == sheet => row.push(svg),
            _ => rows.push((sheet, vec![svg])),
        }
    }
    // A preview shows the first sheets: a 1,000-card deck's 112 would take seconds to draw.
    let rows: Vec<Vec<&str>> =
        rows.into_iter().take(MAX_PREVIEW_SHEETS).map(|(_, row)| row).collect();
    let mut images = Vec::new();
    if formats.preview && !rows.is_empty() {
        images.push(OutputFile {
            name: format!("{stem}-preview.png"),
            bytes: contact_sheet(&rows, print.preview_dpi)?,
        });
    }
    if formats.png {
        let dpi = print.sheet_png_dpi.unwrap_or(DEFAULT_SHEET_DPI);
        for (name, svg) in &printed {
            let png = name.strip_suffix(".svg").unwrap_or(name);
            images.push(OutputFile {
                name: format!("{png}.png"),
                bytes: svg_to_png(svg, dpi, Paper::White)?,
            });
        }
    }
    Ok((images, cut))
}

/// The sheet a page file belongs to: its name without a `-front` or `-back` ending.
fn sheet_of(name: &str) -> String {
    let base = name.strip_suffix(".svg").unwrap_or(name);
    base.strip_suffix("-front").or_else(|| base.strip_suffix("-back")).unwrap_or(base).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fronts_and_backs_of_a_sheet_share_a_row() {
        assert_eq!(sheet_of("t-sheet-01-front.svg"), "t-sheet-01");
        assert_eq!(sheet_of("t-sheet-01-back.svg"), "t-sheet-01");
        assert_eq!(sheet_of("t-board-1.svg"), "t-board-1");
    }
}
