//! The `diagram` command, and the diagrams part of `build`: load, check the stated legality,
//! render, write; the library does the work.

use std::path::{Path, PathBuf};

use tilepress::build::{OutputFile, file_stem};
use tilepress::diagram::Diagram;
use tilepress::diagram::files::{check_diagram, diagram_files};
use tilepress::diagram::load::load;
use tilepress::output::{publish, publish_more};
use tilepress::render::png::DPI_RANGE;

use super::args::DiagramArgs;
use super::commands::{BAD_INPUT, OK, SAME_NAME_HELP, SET_PROBLEMS, output_stems, publish_failed};

/// `diagram`: every file given into `OUT/`.
pub fn diagram(args: &DiagramArgs) -> u8 {
    for (value, flag, range) in
        [(args.width, "--width", (10.0, 1000.0)), (args.dpi, "--dpi", DPI_RANGE)]
    {
        if let Some(v) = value.filter(|v| !(range.0..=range.1).contains(v)) {
            errln!("error: {flag} {v} is not from {} to {}", range.0, range.1);
            return BAD_INPUT;
        }
    }
    if let Err(message) = output_stems(&args.diagrams, None, &args.output) {
        errln!("error: {message}");
        errln!("  help: {SAME_NAME_HELP}; nothing was written");
        return BAD_INPUT;
    }
    let mut code = OK;
    for path in &args.diagrams {
        match checked_files(path, args.width, args.dpi) {
            Ok((files, design)) => {
                let mut sources = args.diagrams.clone();
                sources.push(design);
                if let Err(error) = publish_more(&args.output, &files, &sources) {
                    for line in publish_failed(&path.display().to_string(), &args.output, &error) {
                        errln!("{line}");
                    }
                    code = code.max(BAD_INPUT);
                } else {
                    outln!("{}: → {}", path.display(), args.output.display());
                }
            }
            Err(failed) => code = code.max(failed),
        }
    }
    code
}

/// `build`'s diagrams: every `*.toml` in `folder` into `OUT/diagrams/`, replaced as a whole;
/// `designs` are the build's other sources, which the output must not replace either.
pub fn build_diagrams(folder: &Path, output: &Path, designs: &[PathBuf]) -> u8 {
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(folder) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
            .collect(),
        Err(error) => {
            errln!("error: cannot read {}: {error}", folder.display());
            return BAD_INPUT;
        }
    };
    paths.sort();
    let target = output.join("diagrams");
    if let Err(message) = output_stems(&paths, None, &target) {
        errln!("error: {message}");
        errln!("  help: {SAME_NAME_HELP}; the diagrams were not written");
        return BAD_INPUT;
    }
    let mut code = OK;
    let mut all: Vec<OutputFile> = Vec::new();
    let mut sources: Vec<PathBuf> = designs.iter().chain(&paths).cloned().collect();
    for path in &paths {
        match checked_files(path, None, None) {
            Ok((files, design)) => {
                all.extend(files);
                sources.push(design);
            }
            Err(failed) => code = code.max(failed),
        }
    }
    if code != OK {
        errln!("diagrams: not written ({} left as it was)", target.display());
        return code;
    }
    if let Err(error) = publish(&target, &all, &sources) {
        for line in publish_failed("diagrams", &target, &error) {
            errln!("{line}");
        }
        return BAD_INPUT;
    }
    outln!("Diagrams: → {} ({} diagrams, {} files)", target.display(), paths.len(), all.len());
    OK
}

/// Loads and checks one diagram and renders its files (returned with the path of the design
/// it draws from); on failure prints why and returns the exit code.
fn checked_files(
    path: &Path,
    width: Option<f64>,
    dpi: Option<f64>,
) -> Result<(Vec<OutputFile>, PathBuf), u8> {
    let mut diagram: Diagram = load(path).map_err(|diagnostics| {
        for diagnostic in &diagnostics {
            errln!("{diagnostic}");
        }
        errln!("{}: cannot be drawn", path.display());
        BAD_INPUT
    })?;
    diagram.width_mm = width.unwrap_or(diagram.width_mm);
    diagram.dpi = dpi.unwrap_or(diagram.dpi);
    let check = check_diagram(&diagram);
    if !check.problems.is_empty() {
        for problem in &check.problems {
            errln!("{problem}");
        }
        let stated = if diagram.legal { "legal" } else { "illegal" };
        errln!("{}: the position is not {stated} as stated; not drawn", path.display());
        return Err(SET_PROBLEMS);
    }
    let stem =
        path.file_stem().map_or_else(|| "diagram".into(), |s| file_stem(&s.to_string_lossy()));
    let files = diagram_files(&diagram, &stem).map_err(|message| {
        errln!("{}: error: {message}", path.display());
        BAD_INPUT
    })?;
    Ok((files, diagram.design_path))
}
