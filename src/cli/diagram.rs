//! The `diagram` command, and the diagrams part of `build`: load, check the stated legality,
//! render, write; the library does the work.

use std::path::{Path, PathBuf};

use tilepress::build::{OutputFile, file_stem};
use tilepress::diagram::Diagram;
use tilepress::diagram::files::{check_diagram, diagram_files};
use tilepress::diagram::load::load;
use tilepress::output::{write_files, write_folder};

use super::args::DiagramArgs;
use super::commands::{BAD_INPUT, OK, SET_PROBLEMS};

/// `diagram`: every file given into `OUT/`.
pub fn diagram(args: &DiagramArgs) -> u8 {
    for (value, flag, range) in
        [(args.width, "--width", (10.0, 1000.0)), (args.dpi, "--dpi", (30.0, 2400.0))]
    {
        if let Some(v) = value.filter(|v| !(range.0..=range.1).contains(v)) {
            eprintln!("error: {flag} {v} is not from {} to {}", range.0, range.1);
            return BAD_INPUT;
        }
    }
    let mut code = OK;
    for path in &args.diagrams {
        match checked_files(path, args.width, args.dpi) {
            Ok(files) => {
                if let Err(error) = write_files(&args.output, &files) {
                    eprintln!(
                        "{}: error: cannot write {}: {error}",
                        path.display(),
                        args.output.display()
                    );
                    code = code.max(BAD_INPUT);
                } else {
                    println!("{}: → {}", path.display(), args.output.display());
                }
            }
            Err(failed) => code = code.max(failed),
        }
    }
    code
}

/// `build`'s diagrams: every `*.toml` in `folder` into `OUT/diagrams/`, replaced as a whole.
pub fn build_diagrams(folder: &Path, output: &Path) -> u8 {
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(folder) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
            .collect(),
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", folder.display());
            return BAD_INPUT;
        }
    };
    paths.sort();
    let mut code = OK;
    let mut all: Vec<OutputFile> = Vec::new();
    for path in &paths {
        match checked_files(path, None, None) {
            Ok(files) => all.extend(files),
            Err(failed) => code = code.max(failed),
        }
    }
    let target = output.join("diagrams");
    if code != OK {
        eprintln!("diagrams: not written ({} left as it was)", target.display());
        return code;
    }
    if let Err(error) = write_folder(&target, &all) {
        eprintln!("diagrams: error: cannot write {}: {error}", target.display());
        return BAD_INPUT;
    }
    println!("Diagrams: → {} ({} diagrams, {} files)", target.display(), paths.len(), all.len());
    OK
}

/// Loads and checks one diagram and renders its files; on failure prints why and returns
/// the exit code.
fn checked_files(path: &Path, width: Option<f64>, dpi: Option<f64>) -> Result<Vec<OutputFile>, u8> {
    let mut diagram: Diagram = load(path).map_err(|diagnostics| {
        for diagnostic in &diagnostics {
            eprintln!("{diagnostic}");
        }
        eprintln!("{}: cannot be drawn", path.display());
        BAD_INPUT
    })?;
    diagram.width_mm = width.unwrap_or(diagram.width_mm);
    diagram.dpi = dpi.unwrap_or(diagram.dpi);
    let check = check_diagram(&diagram);
    if !check.problems.is_empty() {
        for problem in &check.problems {
            eprintln!("{problem}");
        }
        let stated = if diagram.legal { "legal" } else { "illegal" };
        eprintln!("{}: the position is not {stated} as stated; not drawn", path.display());
        return Err(SET_PROBLEMS);
    }
    let stem =
        path.file_stem().map_or_else(|| "diagram".into(), |s| file_stem(&s.to_string_lossy()));
    diagram_files(&diagram, &stem).map_err(|message| {
        eprintln!("{}: error: {message}", path.display());
        BAD_INPUT
    })
}
