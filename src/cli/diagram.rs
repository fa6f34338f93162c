//! The `diagram` command, and the diagrams part of `build`: load, check the stated legality,
//! render, write; the library does the work.

use std::path::Path;

use tilepress::build::{OutputFile, file_stem};
use tilepress::diagram::Diagram;
use tilepress::diagram::files::{check_diagram, diagram_files};
use tilepress::diagram::load::load;
use tilepress::output::{write_files, write_folder};

use super::args::DiagramArgs;
use super::commands::{BAD_INPUT, OK, SET_PROBLEMS};
use super::jobs::Log;

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
        let mut log = Log::default();
        let files = checked_files(path, args.width, args.dpi, &mut log);
        log.print();
        match files {
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

/// `build`'s diagrams, each drawn by a job: all written into `OUT/diagrams/`, replaced as a
/// whole, or none when one failed.
pub fn write_diagrams(output: &Path, drawn: Vec<Result<Vec<OutputFile>, u8>>) -> u8 {
    let count = drawn.len();
    let mut code = OK;
    let mut all: Vec<OutputFile> = Vec::new();
    for files in drawn {
        match files {
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
    println!("Diagrams: → {} ({count} diagrams, {} files)", target.display(), all.len());
    OK
}

/// Loads and checks one diagram and renders its files; on failure logs why and returns
/// the exit code.
pub fn checked_files(
    path: &Path,
    width: Option<f64>,
    dpi: Option<f64>,
    log: &mut Log,
) -> Result<Vec<OutputFile>, u8> {
    let mut diagram: Diagram = match load(path) {
        Ok(diagram) => diagram,
        Err(diagnostics) => {
            for diagnostic in &diagnostics {
                log.err(diagnostic);
            }
            log.err(format_args!("{}: cannot be drawn", path.display()));
            return Err(BAD_INPUT);
        }
    };
    diagram.width_mm = width.unwrap_or(diagram.width_mm);
    diagram.dpi = dpi.unwrap_or(diagram.dpi);
    let check = check_diagram(&diagram);
    if !check.problems.is_empty() {
        for problem in &check.problems {
            log.err(problem);
        }
        let stated = if diagram.legal { "legal" } else { "illegal" };
        log.err(format_args!(
            "{}: the position is not {stated} as stated; not drawn",
            path.display()
        ));
        return Err(SET_PROBLEMS);
    }
    let stem =
        path.file_stem().map_or_else(|| "diagram".into(), |s| file_stem(&s.to_string_lossy()));
    diagram_files(&diagram, &stem).map_err(|message| {
        log.err(format_args!("{}: error: {message}", path.display()));
        BAD_INPUT
    })
}
