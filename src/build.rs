//! Builds one design into files: every part from `crate::sources` imposed by the one
//! imposition path and rendered — a PDF (all pages in print order), one SVG per page and
//! one cut file per page with cuts — all in memory.

pub mod previews;

use crate::impose::{Imposed, PartSheets, impose};
use crate::model::design::Design;
use crate::model::limits::MAX_SHEETS;
use crate::render::cut_file::{CutStats, cut_file};
use crate::render::pdf::document_to_pdf;
use crate::render::svg::page_to_svg;
use crate::scene::Document;
use crate::sources::{Part, Summary, parts};
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
    for part in parts(design) {
        add_part(design, &part, stem, &mut result)?;
    }
    if result.parts.is_empty() {
        return Err("the design has nothing to print".into());
    }
    Ok(result)
}

/// Imposes one part and adds its files (`<stem><suffix>.pdf`, `…-sheet-….svg`,
/// `…-cut-NN.svg`) and its report.
fn add_part(
    design: &Design,
    part: &Part,
    stem: &str,
    result: &mut BuildResult,
) -> Result<(), String> {
    let imposed = impose(PartSheets {
        title: &design.name,
        noun: part.noun,
        front_and_back: part.front_and_back,
        cutouts: &part.cutouts,
        packing: &part.packing,
        sheet: &design.sheet,
    })?;
    sheets_fit_with(result, imposed.sheets)?;
    result.files.extend(document_files(&format!("{stem}{}", part.suffix), &imposed.document));
    result.parts.push(PartReport {
        what: describe(part, &imposed),
        sheets: imposed.sheets,
        per_sheet: imposed.per_sheet,
        page_size_mm: imposed.page_size_mm,
    });
    Ok(())
}

/// What a part holds, as the report says it: `56 tiles`, `a board of 64 cells`….
fn describe(part: &Part, imposed: &Imposed) -> String {
    let count = part.cutouts.len();
    match &part.summary {
        Summary::Tiles => format!("{count} tiles"),
        Summary::Pieces { cells, square_mm, cell_area_mm2 } => {
            let bound = (*cells as f64 * cell_area_mm2 / imposed.printable_mm2).ceil() as usize;
            format!(
                "{count} pieces ({cells} cells on {square_mm} mm squares; the area needs at least {bound} sheet(s))"
            )
        }
        Summary::GridBoard { cells } => format!("a board of {cells} cells"),
        Summary::Board { width, height, walls, overlap_mm } => {
            let (rows, columns, (piece_w, piece_h)) =
                imposed.split.unwrap_or((1, 1, (*width, *height)));
            format!(
                "board {width:.0} × {height:.0} mm{} as {rows} × {columns} pieces of {piece_w:.0} × {piece_h:.0} mm ({overlap_mm} mm overlap)",
                if *walls { " with box walls" } else { "" },
            )
        }
        Summary::Nets(counts) => format!("nets: {}", counts.join(", ")),
        Summary::Map { cells, width, height } => {
            format!("a map of {cells} cells, {width:.0} × {height:.0} mm")
        }
        Summary::Track { cells, cell_mm } => format!("a track of {cells} cells of {cell_mm} mm"),
        Summary::Counters { count, diameter_mm } => {
            format!("{count} counters of {diameter_mm} mm")
        }
        Summary::Cards { count, width_mm, height_mm } => {
            format!("{count} cards of {width_mm} × {height_mm} mm")
        }
    }
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
