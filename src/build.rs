//! Builds one design into files: every part from `crate::sources` imposed by the one
//! imposition path and rendered — a PDF (all pages in print order), one SVG per page and
//! one cut file per page with cuts — all in memory.
//!
//! Every part first imposes its documents; they are rendered together at the end, the PDFs
//! and the PNGs (drawn from the scenes) on threads of their own beside the SVG pages and cut
//! files (for sets of few pages; large ones one after the other, to keep memory down).
//! Files come out in the same order whatever ran first.

pub mod faces;
pub mod flatten_pages;
pub mod previews;
pub mod shared_parts;
pub mod tts;
pub mod tts_layout;
pub mod tts_units;

use crate::cutout::Cutout;
use crate::impose::bleed_notes::{bleed_note, bleed_shortfall_note};
use crate::impose::{Imposed, Packing, PartSheets, impose, impose_moving_faces};
use crate::model::design::Design;
use crate::model::input::limits::MAX_SHEETS;
use crate::model::print::corrections::PrintSettings;
use crate::model::print::pdf_x::{PdfX, PdfXOutput};
use crate::render::cut_file::{CutStats, cut_file, is_cut_file_name};
use crate::render::pdf::document_to_pdf_as;
use crate::render::svg::page_to_svg;
use crate::scene::{Document, Page, PageBoxes};
use crate::sources::{Part, Summary, parts};
use crate::threads::{joined, spawned};
use faces::{DEFAULT_FACES_DPI, FaceOptions, face_files};
use flatten_pages::flatten_pages;
use previews::{add_previews, cut_stats};
use shared_parts::{give_back, joined_part, share_runs};
use std::borrow::Borrow;
use tts::tts_export;

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
    /// The paper's name (the sheet's, or a sheet template's).
    pub paper_name: String,
    /// Whether the sheets are fold-over sheets (fronts and backs on one page).
    pub folded: bool,
    /// The border of film each item keeps, when its sheets are sealed.
    pub sealed_mm: Option<f64>,
    /// What the sheet loses to bleed and what would keep it (`impose::bleed_notes`).
    pub note: Option<String>,
}

/// What a build produced: the files, and a report per part.
#[derive(Clone, Debug, Default)]
pub struct BuildResult {
    pub files: Vec<OutputFile>,
    pub parts: Vec<PartReport>,
    /// What the cut files (`<stem>…-cut-NN.svg`) hold, all parts together (nothing when
    /// they are not written).
    pub cut: CutStats,
    /// What the build says besides the parts' reports (what an export left out).
    pub notes: Vec<String>,
    /// The parts' documents waiting to be rendered, each with its file stem.
    documents: Vec<(String, Document)>,
    /// Each document's pages' TrimBox and BleedBox, where they have any.
    page_boxes: Vec<Vec<Option<PageBoxes>>>,
}

impl BuildResult {
    /// Adds a part's document, to be rendered as `<stem>.pdf`, `<stem>-<page>.svg`…
    pub fn add_document(&mut self, stem: String, document: Document) {
        self.add_boxed_document(stem, document, Vec::new());
    }

    /// [`Self::add_document`], its PDF pages' TrimBox and BleedBox set to `boxes`.
    pub fn add_boxed_document(
        &mut self,
        stem: String,
        document: Document,
        boxes: Vec<Option<PageBoxes>>,
    ) {
        self.documents.push((stem, document));
        self.page_boxes.push(boxes);
    }
}

/// Which kinds of file a build writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formats {
    /// `<stem>.pdf` per part.
    pub pdf: bool,
    /// One SVG per sheet side.
    pub svg: bool,
    /// The cut files `<stem>-cut-NN.svg`.
    pub cut: bool,
    /// One PNG per sheet side, at the design's `sheet_png_dpi` (150 dpi when unset).
    pub png: bool,
    /// The contact sheet `<stem>-preview.png`.
    pub preview: bool,
    /// One PNG per face of every item (`faces`), at the design's `faces_dpi`.
    pub faces: bool,
    /// The Tabletop Simulator saved object and its images (`tts`, `build/tts.rs`).
    pub tts: bool,
    /// `--simulate`: the preview and sheet PNGs drawn as a player with this colour-vision
    /// deficiency sees them (`<stem>-preview-deutan.png`, …), instead of as printed.
    pub simulate: Option<crate::scene::vision::Deficiency>,
    /// One PDF per part of its faces one a page at trim + bleed (`face-pages`).
    pub face_pages: bool,
}

impl Default for Formats {
    /// Everything but the sheet PNGs.
    fn default() -> Formats {
        Formats {
            pdf: true,
            svg: true,
            cut: true,
            png: false,
            preview: true,
            faces: false,
            tts: false,
            simulate: None,
            face_pages: false,
        }
    }
}

impl Formats {
    /// The names `--format` takes, in the order they are listed.
    pub const NAMES: [&str; 8] =
        ["pdf", "svg", "cut", "png", "preview", "faces", "face-pages", "tts"];

    /// Only what a comma-separated list like `pdf,preview` names.
    pub fn parse(list: &str) -> Result<Formats, String> {
        let mut formats = Formats {
            pdf: false,
            svg: false,
            cut: false,
            png: false,
            preview: false,
            faces: false,
            tts: false,
            simulate: None,
            face_pages: false,
        };
        for name in list.split(',').map(str::trim) {
            let flag = match name {
                "pdf" => &mut formats.pdf,
                "svg" => &mut formats.svg,
                "cut" => &mut formats.cut,
                "png" => &mut formats.png,
                "preview" => &mut formats.preview,
                "faces" => &mut formats.faces,
                "tts" => &mut formats.tts,
                "face-pages" => &mut formats.face_pages,
                other => {
                    let known = Formats::NAMES.join(", ");
                    return Err(format!("unknown format `{other}`; use one or more of {known}"));
                }
            };
            *flag = true;
        }
        Ok(formats)
    }

    /// Whether any file of the sheets is written: the PDF, the SVG pages, the cut files, the
    /// sheet PNGs or the preview of the sheets (not so for `faces`, `face-pages`, `tts`).
    pub fn sheets(&self) -> bool {
        self.pdf || self.svg || self.cut || self.png || self.preview
    }

    /// The default, with the sheet PNGs when `print` asks for them.
    pub fn for_print(print: &PrintSettings) -> Formats {
        Formats { png: print.sheet_png_dpi.is_some(), ..Formats::default() }
    }
}

/// Builds every part of `design`, naming files after `stem`; `Err` says why it cannot be
/// printed. Each part adds its files (named `<stem>…`) and its report.
pub fn build(design: &Design, stem: &str) -> Result<BuildResult, String> {
    build_formats(design, stem, Formats::for_print(&design.sheet.print))
}

/// [`build`] without the PNG images: every part's PDF, SVG and cut files.
pub fn build_sheets(design: &Design, stem: &str) -> Result<BuildResult, String> {
    build_formats(design, stem, Formats { png: false, preview: false, ..Formats::default() })
}

/// [`build`] writing only the files `formats` names (the report is the same).
pub fn build_formats(design: &Design, stem: &str, formats: Formats) -> Result<BuildResult, String> {
    let mut result = imposed_parts(design, stem, formats)?;
    let documents = std::mem::take(&mut result.documents);
    let page_boxes = std::mem::take(&mut result.page_boxes);
    let print = &design.sheet.print;
    let pages_in_all: usize = documents.iter().map(|(_, document)| document.pages.len()).sum();
    // A sheet is at most two pages, its front and its back.
    let parallel = pages_in_all <= 2 * SMALL_DESIGN_SHEETS;
    let want_images = formats.preview || formats.png;
    let pdfs = |documents: &[(String, Document)]| {
        let pdfs = documents.iter().zip(&page_boxes).filter(|_| formats.pdf);
        let pdf_x = print.pdf_x_output();
        pdfs.map(|((stem, document), boxes)| pdf_file(stem, document, boxes, pdf_x))
            .collect::<Vec<_>>()
    };
    let images = |documents: &[(String, Document)]| match want_images {
        true => add_previews(documents, stem, print, formats),
        false => Ok(Vec::new()),
    };
    let (pdfs, pages, images) = if parallel {
        // The PDFs, the SVG and cut files, and the PNGs drawn from the scenes: three tasks,
        // the longest (the PNGs) begun first.
        std::thread::scope(|scope| {
            let images = spawned(scope, "tp-images", || images(&documents));
            let pdfs = spawned(scope, "tp-pdf", || pdfs(&documents));
            let pages = documents
                .iter()
                .map(|(stem, document)| page_files(stem, &document.pages, formats.svg, formats.cut))
                .collect::<Vec<_>>();
            (joined(pdfs), pages, joined(images))
        })
    } else {
        // One after the other, so memory does not hold them all at once: the SVG and cut
        // files last, each page's scene let go once its files are written.
        let (pdfs, images) = (pdfs(&documents), images(&documents));
        let pages = documents
            .into_iter()
            .map(|(stem, document)| page_files(&stem, document.pages, formats.svg, formats.cut))
            .collect::<Vec<_>>();
        (pdfs, pages, images)
    };
    let images = images?;
    let cut = cut_stats(pages.iter().flatten());
    let mut pdfs = pdfs.into_iter();
    for pages in pages {
        result.files.extend(pdfs.next());
        let is_cut = |file: &OutputFile| is_cut_file_name(&file.name);
        result.files.extend(
            pages.into_iter().filter(|f| if is_cut(f) { formats.cut } else { formats.svg }),
        );
    }
    result.files.extend(images);
    if formats.cut {
        result.cut = cut;
    }
    Ok(result)
}

/// A design of up to this many sheets is small, and made side by side: its PDFs and PNGs on
/// threads of their own beside the rest (here, counted in pages once imposed), and its check
/// beside its build (`build` on the command line, estimated before imposing). Larger ones
/// go one step after the other, so that memory does not hold all at once and a check's
/// errors come before a long build.
pub const SMALL_DESIGN_SHEETS: usize = 8;

/// A design printing more cards and counters than this is not small however few its sheets
/// (100 000 cards of 5 mm fit on one 2 × 2 m sheet): it is checked before it is built, so
/// the check's cutouts are gone before the build makes its own.
pub const SMALL_DESIGN_ITEMS: u64 = 10_000;

/// Whether `design` is small enough to be built beside its check ([`SMALL_DESIGN_SHEETS`],
/// [`SMALL_DESIGN_ITEMS`]); a larger one is checked first, so that an error is reported at
/// once and the check's cutouts are gone before the build makes its own.
pub fn built_beside_check(design: &Design) -> bool {
    let items: u64 = design.decks.iter().chain(&design.counters).map(|deck| deck.printed()).sum();
    crate::model::design::limits::estimated_sheets(design) <= SMALL_DESIGN_SHEETS as f64
        && items <= SMALL_DESIGN_ITEMS
}

/// Every part composed and imposed, its documents waiting in the result.
fn imposed_parts(design: &Design, stem: &str, formats: Formats) -> Result<BuildResult, String> {
    crate::model::design::limits::sheets_fit(design)?;
    let mut result = BuildResult::default();
    let mut parts = parts(design);
    let print = &design.sheet.print;
    // The export draws its images from the composed parts after every part is imposed;
    // without it, each cutout's faces move onto its page (they are drawn no more).
    let faces_read_after = formats.tts;
    let face_options = (formats.faces || formats.face_pages).then(|| FaceOptions {
        images: formats.faces,
        pdf: formats.face_pages,
        dpi: print.faces_dpi.unwrap_or(DEFAULT_FACES_DPI),
        bleed_mm: print.bleed_mm,
        pdf_x: print.pdf_x_output(),
    });
    for run in share_runs(design, &parts) {
        let run = &mut parts[run];
        // Drawn before the parts' faces move onto their pages, reported after their imposition.
        let faces: Vec<_> = face_options
            .iter()
            .flat_map(|&options| {
                run.iter()
                    .map(move |part| face_files(part, &format!("{stem}{}", part.suffix), options))
            })
            .collect();
        match run {
            [part] => add_part(design, part, stem, !faces_read_after, &mut result)?,
            _ => {
                let mut together = joined_part(run);
                let added = add_part(design, &mut together, stem, !faces_read_after, &mut result);
                give_back(together, run);
                added?;
            }
        }
        for faces in faces {
            let faces = faces?;
            result.files.extend(faces.files);
            result.notes.extend(faces.notes);
        }
    }
    if result.parts.is_empty() {
        return Err("the design has nothing to print".into());
    }
    // PDF/X-1a prints no transparency: its pages are flattened once the faces are on them
    // (upright layers turned), each translucent item over what lies beneath it there; the
    // other files (SVG, PNG) keep it, as they can draw it.
    if print.pdf_x == Some(PdfX::X1a) {
        for (stem, document) in &mut result.documents {
            flatten_pages(&mut document.pages, stem)?;
        }
    }
    // The export's images are drawn from the same composed parts as the sheets.
    if formats.tts {
        let url_base = print.tts_url_base.as_deref().unwrap_or("");
        let export = tts_export(design, &parts, stem, url_base)?;
        result.files.extend(export.files);
        result.notes.extend(export.notes);
    }
    Ok(result)
}

/// Imposes one part and adds its document (rendered later as `<stem><suffix>.pdf`,
/// `…-sheet-….svg`, `…-cut-NN.svg`) and its report; with `move_faces`, its cutouts' faces
/// move onto the pages rather than being copied (the cutouts keep their outlines).
fn add_part(
    design: &Design,
    part: &mut Part,
    stem: &str,
    move_faces: bool,
    result: &mut BuildResult,
) -> Result<(), String> {
    let imposed = if move_faces {
        let mut cutouts = std::mem::take(&mut part.cutouts);
        let imposed = impose_moving_faces(part_sheets(design, part, &[]), &mut cutouts);
        part.cutouts = cutouts;
        imposed?
    } else {
        impose_part(design, part)?
    };
    sheets_fit_with(result, imposed.sheets)?;
    let what = describe(part, &imposed);
    result.add_boxed_document(format!("{stem}{}", part.suffix), imposed.document, imposed.boxes);
    result.parts.push(PartReport {
        what,
        sheets: imposed.sheets,
        per_sheet: imposed.per_sheet,
        page_size_mm: imposed.page_size_mm,
        folded: imposed.folded,
        sealed_mm: imposed.sealed_mm,
        paper_name: match &part.packing {
            Packing::Slots(template) => template.paper_name.clone(),
            _ => design.sheet.paper_name.clone(),
        },
        note: part_note(design, &part.cutouts, &part.packing, part.noun),
    });
    Ok(())
}

/// What the report says of a part's `cutouts` besides what it holds: what its bleed costs,
/// how to print into a sheet template; on shared sheets, each part's note.
fn part_note(
    design: &Design,
    cutouts: &[Cutout],
    packing: &Packing,
    noun: Option<&str>,
) -> Option<String> {
    let note = match packing {
        Packing::NUp { gutter_mm } => {
            bleed_note(cutouts, *gutter_mm, &design.sheet, noun.unwrap_or("card"))
        }
        Packing::Slots(template) => Some(format!(
            "printed into the {} slots of the sheet template `{}`: load its sheets, print at 100 % (actual size); the sheets come cut, so nothing is cut or marked",
            template.slots.len(),
            template.name
        )),
        Packing::Shared(parts) => {
            let notes: Vec<String> = parts
                .iter()
                .filter_map(|part| {
                    let own = cutouts.get(part.range.clone())?;
                    let note = part_note(design, own, &part.packing, part.noun)?;
                    Some(format!("{}: {note}", part.name))
                })
                .collect();
            return (!notes.is_empty()).then(|| notes.join("; "));
        }
        _ => None,
    };
    note.or_else(|| {
        let asked = design.sheet.print.bleed_mm?;
        bleed_shortfall_note(cutouts, packing, noun, asked)
    })
}

/// One part of `design` laid out on its sheets: its document and what the report needs.
pub fn impose_part(design: &Design, part: &Part) -> Result<Imposed, String> {
    impose(part_sheets(design, part, &part.cutouts))
}

/// `part` of `design` as the page path takes it, with `cutouts`.
fn part_sheets<'a>(design: &'a Design, part: &'a Part, cutouts: &'a [Cutout]) -> PartSheets<'a> {
    PartSheets {
        title: &design.name,
        noun: part.noun,
        // Decks and counters by their names; tiles, pieces and nets by their nouns.
        name: matches!(part.summary, Summary::Cards { .. } | Summary::Counters { .. })
            .then(|| part.name()),
        front_and_back: part.front_and_back,
        cutouts,
        packing: &part.packing,
        sheet: &design.sheet,
    }
}

/// What a part holds, as the report says it: `56 tiles`, `a board of 64 cells`….
fn describe(part: &Part, imposed: &Imposed) -> String {
    describe_summary(&part.summary, part.cutouts.len(), imposed)
}

/// What `count` cutouts of `summary` are, as the report says it; parts on shared sheets one
/// after the other (`48 tiles, 4 counters of 20 mm on shared sheets`).
fn describe_summary(summary: &Summary, count: usize, imposed: &Imposed) -> String {
    match summary {
        Summary::Shared(parts) => {
            let each =
                parts.iter().map(|(summary, count)| describe_summary(summary, *count, imposed));
            format!("{} on shared sheets", each.collect::<Vec<_>>().join(", "))
        }
        Summary::Tiles => format!("{count} tiles"),
        Summary::Pieces { cells, on, cell_area_mm2 } => {
            let bound = (*cells as f64 * cell_area_mm2 / imposed.printable_mm2).ceil() as usize;
            format!(
                "{count} pieces ({cells} cells on {on}; the area needs at least {bound} sheet(s))"
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
        Summary::Counters { count, shape, size } => format!("{count} {shape}counters of {size}"),
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
    let mut files = vec![pdf_file(stem, document, &[], None)];
    files.extend(page_files(stem, &document.pages, true, true));
    files
}

fn pdf_file(
    stem: &str,
    document: &Document,
    boxes: &[Option<PageBoxes>],
    pdf_x: Option<PdfXOutput<'_>>,
) -> OutputFile {
    OutputFile { name: format!("{stem}.pdf"), bytes: document_to_pdf_as(document, boxes, pdf_x) }
}

/// A page's file name before its extension (`.svg`, `.png`): `<part stem>-<page label>`.
fn page_name(stem: &str, page: &Page) -> String {
    format!("{stem}-{}", page.label)
}

/// The SVG of each page (`svg`) and the cut files (`cut`); pages given by value are let go
/// as soon as their files are written.
fn page_files<P: Borrow<Page>>(
    stem: &str,
    pages: impl IntoIterator<Item = P>,
    svg: bool,
    cut: bool,
) -> Vec<OutputFile> {
    let (mut files, mut cuts) = (Vec::new(), Vec::new());
    for page in pages {
        let page = page.borrow();
        if svg {
            files.push(OutputFile {
                name: format!("{}.svg", page_name(stem, page)),
                bytes: page_to_svg(page).into_bytes(),
            });
        }
        if let Some(svg) = cut_file(page).filter(|_| cut) {
            let name = format!("{stem}-cut-{:02}.svg", cuts.len() + 1);
            cuts.push(OutputFile { name, bytes: svg.into_bytes() });
        }
    }
    files.extend(cuts);
    files
}
