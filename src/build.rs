//! Builds one design into files: composes every tile face, imposes the sheets and renders
//! the PDF (all sheet sides in print order) and one SVG per sheet side, all in memory.

pub mod board_and_nets;
pub mod pieces;
pub mod previews;

use crate::compose::back::back;
use crate::compose::face::front;
use crate::geometry::polygon::RegularPolygon;
use crate::impose::bleed::bled;
use crate::impose::{SheetRequest, impose};
use crate::model::design::Design;
use crate::model::limits::MAX_SHEETS;
use crate::render::cut_file::{CutStats, cut_file};
use crate::render::pdf::document_to_pdf;
use crate::render::svg::page_to_svg;
use crate::scene::Document;
use previews::add_previews;

/// A file to write: its name inside the design's output folder, and its bytes.
#[derive(Clone, Debug)]
pub struct OutputFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One printed part of a design (its tiles, a board, nets…) as reported to the user.
#[derive(Clone, Debug)]
pub struct PartReport {
    /// What the part holds, e.g. `56 tiles`.
    pub what: String,
    pub sheets: usize,
    /// How many items fit on one sheet.
    pub per_sheet: usize,
    pub page_size_mm: (f64, f64),
}

/// What a build produced: the files, and a report per part.
#[derive(Clone, Debug, Default)]
pub struct BuildResult {
    pub files: Vec<OutputFile>,
    pub parts: Vec<PartReport>,
    /// What the cut files (`<stem>…-cut-NN.svg`) hold, all parts together.
    pub cut: CutStats,
}

/// The file-name stem for a design: lower case, words joined by `-`.
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c.to_ascii_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-').to_string();
    if stem.is_empty() { String::from("design") } else { stem }
}

/// Builds every part of `design`, naming files after `stem`; `Err` says why it cannot be
/// printed. Each part adds its files (named `<stem>…`) and its report.
pub fn build(design: &Design, stem: &str) -> Result<BuildResult, String> {
    let mut result = build_sheets(design, stem)?;
    add_previews(&mut result, stem, &design.sheet.print)?;
    Ok(result)
}

/// [`build`] without the PNG images: every part's PDF, SVG and cut files.
pub fn build_sheets(design: &Design, stem: &str) -> Result<BuildResult, String> {
    crate::model::limits::sheets_fit(design)?;
    let mut result = BuildResult::default();
    if let Some(shape) = design.shape.filter(|_| !design.tiles.is_empty()) {
        tile_sheets(design, shape, stem, &mut result)?;
    }
    if design.pieces.is_some() || design.grid_board.is_some() {
        pieces::piece_parts(design, stem, &mut result)?;
    }
    board_and_nets::board_sheets(design, stem, &mut result)?;
    board_and_nets::net_sheets(design, stem, &mut result)?;
    if result.parts.is_empty() {
        return Err("the design has nothing to print".into());
    }
    Ok(result)
}

/// The tiles' cut sheets: `<stem>.pdf` and `<stem>-sheet-NN-front|back.svg`.
fn tile_sheets(
    design: &Design,
    shape: RegularPolygon,
    stem: &str,
    result: &mut BuildResult,
) -> Result<(), String> {
    let numbers: Vec<u32> = design.tiles.iter().map(|t| t.number).collect();
    let fronts =
        design.tiles.iter().map(|t| front(t, shape, &design.style, &design.palette)).collect();
    let backs = design.backs.enabled.then(|| {
        design
            .tiles
            .iter()
            .map(|t| back(t, shape, &design.backs, &design.palette, &numbers))
            .collect()
    });
    let (fronts, backs) = bled(fronts, backs, shape, &design.sheet);
    let imposed =
        impose(SheetRequest { title: &design.name, shape, sheet: &design.sheet, fronts, backs })?;
    sheets_fit_with(result, imposed.sheets)?;
    result.files.extend(document_files(stem, &imposed.document));
    result.parts.push(PartReport {
        what: format!("{} tiles", design.tiles.len()),
        sheets: imposed.sheets,
        per_sheet: imposed.layout.places.len(),
        page_size_mm: (imposed.layout.width_mm, imposed.layout.height_mm),
    });
    Ok(())
}

/// `Err` naming the limit when the parts built so far and `sheets` more make more than
/// [`MAX_SHEETS`] sheets: the count laid out, checked before the pages are rendered (the
/// design's estimate was checked before any work).
pub fn sheets_fit_with(result: &BuildResult, sheets: usize) -> Result<(), String> {
    let total = result.parts.iter().map(|part| part.sheets).sum::<usize>() + sheets;
    if total as f64 > MAX_SHEETS {
        return Err(format!(
            "the design makes {total} sheets, more than the limit of {MAX_SHEETS} (MAX_SHEETS)"
        ));
    }
    Ok(())
}

/// The files of one document: `<stem>.pdf` with every page, `<stem>-<page label>.svg` for
/// each page, and `<stem>-cut-NN.svg` for each page with cuts (its `Cut` layer chained).
pub fn document_files(stem: &str, document: &Document) -> Vec<OutputFile> {
    let mut files =
        vec![OutputFile { name: format!("{stem}.pdf"), bytes: document_to_pdf(document) }];
    for page in &document.pages {
        files.push(OutputFile {
            name: format!("{stem}-{}.svg", page.label),
            bytes: page_to_svg(page).into_bytes(),
        });
    }
    for (index, svg) in document.pages.iter().filter_map(cut_file).enumerate() {
        files.push(OutputFile {
            name: format!("{stem}-cut-{:02}.svg", index + 1),
            bytes: svg.into_bytes(),
        });
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_lower_case_words() {
        assert_eq!(file_stem("Tantrix"), "tantrix");
        assert_eq!(file_stem("Trans-Rabat  Box!"), "trans-rabat-box");
        assert_eq!(file_stem("***"), "design");
    }
}
