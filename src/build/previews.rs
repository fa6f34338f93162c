//! What a build draws of its own pages: the contact-sheet preview and one PNG per sheet side on request, straight from the parts' scenes, and the measure of its cut files.
//!
//! Working from every part's document (rather than from each kind of part) means every
//! part of a design — tiles, pieces, boards — gets previews and cut reports without doing
//! anything.

use super::{Formats, OutputFile};
use crate::model::print::corrections::{DEFAULT_SHEET_DPI, PrintSettings};
use crate::render::contact_sheet::contact_sheet;
use crate::render::cut_file::{CutStats, is_cut_file_name, measure_cut_file};
use crate::render::png::{Paper, page_to_png};
use crate::scene::simulated::simulated_page;
use crate::scene::{Document, Page};

/// How many sheets (front and back) the contact-sheet preview shows at most.
pub const MAX_PREVIEW_SHEETS: usize = 12;

/// `<stem>-preview.png` (the art of every page, fronts beside their backs) and the sheet
/// PNGs `<part stem>-<page>.png`, whichever `formats` asks for, drawn from `documents`
/// (each with its part's file stem).
pub fn add_previews(
    documents: &[(String, Document)],
    stem: &str,
    print: &PrintSettings,
    formats: Formats,
) -> Result<Vec<OutputFile>, String> {
    // Seen through a colour-vision deficiency: every page's colours simulated first, the
    // files named after it.
    let simulated: Vec<(String, Document)>;
    let (documents, seen) = match formats.simulate {
        Some(deficiency) => {
            simulated = documents
                .iter()
                .map(|(stem, document)| {
                    let pages = document.pages.iter().map(|p| simulated_page(p, deficiency));
                    (
                        stem.clone(),
                        Document { title: document.title.clone(), pages: pages.collect() },
                    )
                })
                .collect();
            (&simulated[..], format!("-{}", deficiency.name()))
        }
        None => (documents, String::new()),
    };
    let mut rows: Vec<(String, Vec<&Page>)> = Vec::new();
    for (name, page) in named_pages(documents) {
        let sheet = sheet_of(&name);
        match rows.last_mut() {
            Some((last, row)) if *last == sheet => row.push(page),
            _ => rows.push((sheet, vec![page])),
        }
    }
    // A preview shows the first sheets: a 1,000-card deck's 112 would take seconds to draw.
    let rows: Vec<Vec<&Page>> =
        rows.into_iter().take(MAX_PREVIEW_SHEETS).map(|(_, row)| row).collect();
    let mut images = Vec::new();
    if formats.preview && !rows.is_empty() {
        images.push(OutputFile {
            name: format!("{stem}-preview{seen}.png"),
            bytes: contact_sheet(&rows, print.preview_dpi)?,
        });
    }
    if formats.png {
        let dpi = print.sheet_png_dpi.unwrap_or(DEFAULT_SHEET_DPI);
        for (name, page) in named_pages(documents) {
            images.push(OutputFile {
                name: format!("{name}{seen}.png"),
                bytes: page_to_png(page, dpi, Paper::White)?,
            });
        }
    }
    Ok(images)
}

/// Every page of `documents` in print order, named `<part stem>-<page label>` like its SVG.
fn named_pages(documents: &[(String, Document)]) -> impl Iterator<Item = (String, &Page)> {
    documents.iter().flat_map(|(stem, document)| {
        document.pages.iter().map(move |page| (super::page_name(stem, page), page))
    })
}

/// The measure of the cut files (`…-cut-NN.svg`) among `files`, all together.
pub fn cut_stats<'a>(files: impl Iterator<Item = &'a OutputFile>) -> CutStats {
    files
        .filter(|file| is_cut_file_name(&file.name))
        .filter_map(|file| std::str::from_utf8(&file.bytes).ok())
        .fold(CutStats::default(), |sum, svg| sum.plus(measure_cut_file(svg)))
}

/// The sheet a page belongs to: its name without a `-front` or `-back` ending.
fn sheet_of(name: &str) -> String {
    name.strip_suffix("-front").or_else(|| name.strip_suffix("-back")).unwrap_or(name).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fronts_and_backs_of_a_sheet_share_a_row() {
        assert_eq!(sheet_of("t-sheet-01-front"), "t-sheet-01");
        assert_eq!(sheet_of("t-sheet-01-back"), "t-sheet-01");
        assert_eq!(sheet_of("t-board-1"), "t-board-1");
    }
}
