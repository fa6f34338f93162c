//! One rebuild of a design for the live preview: read it, check it, build its sheets and
//! draw its diagrams, all in memory, into what the page shows.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::explain_view::{ExplainView, explain_view};
use crate::build::{Formats, OutputFile, build_formats, build_sheets};
use crate::diagram::designs::Designs;
use crate::diagram::files::{check_figure, figure_page};
use crate::model::{Design, Diagnostic, Severity, load};
use crate::render::svg::page_to_svg;
use crate::validate::check_design;

/// A design that read and built: its files, kept to show and download until a newer build
/// replaces them.
#[derive(Debug)]
pub struct Built {
    pub design: Design,
    pub stem: String,
    /// Every PDF, sheet SVG and cut file of `build` (without the PNG preview).
    pub files: Vec<OutputFile>,
    /// One SVG per diagram of this design that could be drawn.
    pub diagrams: Vec<OutputFile>,
    pub view: BuiltView,
}

impl Built {
    /// Everything `build` writes for this design (the PNG previews are drawn here, on
    /// demand, from the design laid out again), then the diagrams' SVGs under `diagrams/`.
    pub fn everything(&self) -> Result<Vec<OutputFile>, String> {
        let print = &self.design.sheet.print;
        let only_images =
            Formats { pdf: false, svg: false, cut: false, ..Formats::for_print(print) };
        let images = build_formats(&self.design, &self.stem, only_images)?.files;
        let diagrams = self
            .diagrams
            .iter()
            .map(|d| OutputFile { name: format!("diagrams/{}", d.name), bytes: d.bytes.clone() });
        Ok(self.files.iter().cloned().chain(images).chain(diagrams).collect())
    }

    /// The cut files (`…-cut-NN.svg`).
    pub fn cut_files(&self) -> Vec<OutputFile> {
        self.files.iter().filter(|f| is_cut_file(&f.name)).cloned().collect()
    }
}

/// What the page shows of a good build.
#[derive(Clone, Debug, Serialize)]
pub struct BuiltView {
    pub name: String,
    /// Sheet sides in print order: file name and a short label.
    pub sheets: Vec<SheetView>,
    pub pdfs: Vec<String>,
    pub cut_files: usize,
    pub problems: Vec<Message>,
    pub info: Vec<String>,
    pub summary: String,
    /// Explain's answer, for a design that lists tiles without a rule.
    pub explain: Option<ExplainView>,
    pub diagrams: Vec<DiagramView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SheetView {
    pub file: String,
    pub label: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct DiagramView {
    /// The diagram file's name, e.g. `triles-wedge.toml`.
    pub source: String,
    pub caption: Option<String>,
    /// The SVG's name when it could be drawn.
    pub file: Option<String>,
    pub problems: Vec<Message>,
}

/// A diagnostic for the page: `line` is set when it points into the design file itself.
#[derive(Clone, Debug, Serialize)]
pub struct Message {
    pub severity: &'static str,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub text: String,
}

impl Message {
    fn from_diagnostic(diagnostic: &Diagnostic, design_path: &Path) -> Message {
        let in_design = diagnostic.path == design_path;
        let position = diagnostic.position.filter(|_| in_design);
        Message {
            severity: match diagnostic.severity {
                Severity::Error => "error",
                Severity::Problem => "problem",
                Severity::Warning => "warning",
            },
            line: position.map(|p| p.line),
            column: position.map(|p| p.column),
            text: diagnostic.to_string(),
        }
    }

    pub fn error(text: String) -> Message {
        Message { severity: "error", line: None, column: None, text }
    }
}

/// What one rebuild found: the design's text as read, and either a good build or the
/// messages that say why it does not read or build.
#[derive(Debug)]
pub struct Outcome {
    pub source: String,
    pub result: Result<Built, Vec<Message>>,
}

/// Reads, checks and builds the design at `path` (files named after `stem`), and draws
/// the diagrams in `diagrams_folder` whose `design` is this file.
pub fn rebuild(path: &Path, stem: &str, diagrams_folder: &Path) -> Outcome {
    let source = std::fs::read_to_string(path).unwrap_or_default();
    let design = match load(path) {
        Ok((_, design)) => design,
        Err(diagnostics) => {
            let messages = diagnostics.iter().map(|d| Message::from_diagnostic(d, path)).collect();
            return Outcome { source, result: Err(messages) };
        }
    };
    let built = match build_sheets(&design, stem) {
        Ok(built) => built,
        Err(message) => {
            let text = format!("{}: error: {message}", path.display());
            return Outcome { source, result: Err(vec![Message::error(text)]) };
        }
    };
    let report = check_design(&design, path);
    let (diagrams, diagram_views) = diagrams_of(path, diagrams_folder);
    let view = BuiltView {
        name: design.name.clone(),
        sheets: built
            .files
            .iter()
            .filter(|f| f.name.ends_with(".svg") && !is_cut_file(&f.name))
            .map(|f| SheetView { file: f.name.clone(), label: label(&f.name, stem) })
            .collect(),
        pdfs: built
            .files
            .iter()
            .filter(|f| f.name.ends_with(".pdf"))
            .map(|f| f.name.clone())
            .collect(),
        cut_files: built.files.iter().filter(|f| is_cut_file(&f.name)).count(),
        problems: report.problems.iter().map(|d| Message::from_diagnostic(d, path)).collect(),
        info: report.info.clone(),
        summary: report.summary(),
        explain: explain_view(&design, path),
        diagrams: diagram_views,
    };
    let built = Built { design, stem: stem.to_string(), files: built.files, diagrams, view };
    Outcome { source, result: Ok(built) }
}

fn is_cut_file(name: &str) -> bool {
    name.contains("-cut-") && name.ends_with(".svg")
}

/// `tantrix-sheet-01-front.svg` → `sheet 01 front`.
fn label(file: &str, stem: &str) -> String {
    let name = file.strip_suffix(".svg").unwrap_or(file);
    let name = name.strip_prefix(stem).unwrap_or(name).trim_start_matches('-');
    let words = name.replace('-', " ");
    if words.is_empty() { String::from("tiles") } else { words }
}

/// The diagrams in `folder` that name `design_path` as their design: their SVGs, and what
/// the page says about each (also those that cannot be drawn).
fn diagrams_of(design_path: &Path, folder: &Path) -> (Vec<OutputFile>, Vec<DiagramView>) {
    let mut files = Vec::new();
    let mut views = Vec::new();
    // Read once for this rebuild's diagrams: the next rebuild reads the design again.
    let designs = Designs::default();
    for path in diagram_files_of(design_path, folder) {
        let source = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let stem = source.strip_suffix(".toml").unwrap_or(&source).to_string();
        match crate::diagram::load::load_with(&path, &designs) {
            Ok(figure) => {
                let check = check_figure(&figure);
                let svg = page_to_svg(&figure_page(&figure, &stem));
                let file = format!("{stem}.svg");
                files.push(OutputFile { name: file.clone(), bytes: svg.into_bytes() });
                views.push(DiagramView {
                    source,
                    caption: figure.first().caption.clone(),
                    file: Some(file),
                    problems: check
                        .all_problems()
                        .map(|d| Message::from_diagnostic(d, design_path))
                        .collect(),
                });
            }
            Err(diagnostics) => views.push(DiagramView {
                source,
                caption: None,
                file: None,
                problems: diagnostics
                    .iter()
                    .map(|d| Message::from_diagnostic(d, design_path))
                    .collect(),
            }),
        }
    }
    (files, views)
}

/// The `*.toml` files in `folder` whose `[diagram] design` names `design_path`, sorted.
pub fn diagram_files_of(design_path: &Path, folder: &Path) -> Vec<PathBuf> {
    let Ok(design) = design_path.canonicalize() else { return Vec::new() };
    let Ok(files) = crate::model::input::source::toml_files_in(folder) else { return Vec::new() };
    files
        .into_iter()
        .filter(|path| named_design(path).is_some_and(|named| named == design))
        .collect()
}

/// The design a diagram file names, resolved against the diagram's folder; `None` when the
/// file does not read or names no existing design.
fn named_design(diagram: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(diagram).ok()?;
    let table: toml::Table = toml::from_str(&text).ok()?;
    let design = table.get("diagram")?.get("design")?.as_str()?;
    diagram.parent()?.join(design).canonicalize().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_drop_the_stem() {
        assert_eq!(label("tantrix-sheet-01-front.svg", "tantrix"), "sheet 01 front");
        assert_eq!(label("tranglar-board.svg", "tranglar"), "board");
    }

    #[test]
    fn a_shipped_design_builds_with_its_diagrams() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let outcome = rebuild(&root.join("designs/triles.toml"), "triles", &root.join("diagrams"));
        let built = outcome.result.expect("triles builds");
        assert!(!built.view.sheets.is_empty());
        let sources: Vec<&str> = built.view.diagrams.iter().map(|d| d.source.as_str()).collect();
        assert!(sources.contains(&"triles-wedge.toml"), "{sources:?}");
        assert!(sources.iter().all(|s| s.starts_with("triles-")), "{sources:?}");
        assert_eq!(built.diagrams.len(), sources.len());
    }

    #[test]
    fn each_rebuild_reads_the_diagrams_design_again() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = std::env::temp_dir().join(format!("tilepress-rebuild-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for folder in ["designs", "diagrams"] {
            std::fs::create_dir_all(dir.join(folder)).unwrap();
        }
        let design = dir.join("designs/triles.toml");
        std::fs::copy(root.join("designs/triles.toml"), &design).unwrap();
        std::fs::copy(
            root.join("diagrams/triles-wedge.toml"),
            dir.join("diagrams/triles-wedge.toml"),
        )
        .unwrap();
        let drawn = || {
            let outcome = rebuild(&design, "triles", &dir.join("diagrams"));
            let built = outcome.result.expect("triles builds");
            assert_eq!(built.diagrams.len(), 1);
            String::from_utf8(built.diagrams[0].bytes.clone()).unwrap()
        };
        let (grey, edited) = ("#8a8f94", "#123456");
        assert!(drawn().contains(grey), "the wedge shows the design's grey");
        let text = std::fs::read_to_string(&design).unwrap();
        std::fs::write(&design, text.replace(grey, edited)).unwrap();
        let after = drawn();
        assert!(after.contains(edited) && !after.contains(grey), "the edited grey is drawn");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
