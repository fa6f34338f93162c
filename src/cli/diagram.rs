//! The `diagram` command, and the diagrams part of `build`: load, check the stated legality,
//! render, write; the library does the work.

use std::path::{Path, PathBuf};

use tilepress::build::OutputFile;
use tilepress::diagram::Figure;
use tilepress::diagram::designs::Designs;
use tilepress::diagram::files::{check_figure, figure_files};
use tilepress::diagram::load::load_with;
use tilepress::model::input::file_stem::file_stem;
use tilepress::output::publish_more;
use tilepress::render::png::DPI_RANGE;

use super::args::DiagramArgs;
use tilepress::model::input::source::toml_files_in;

use super::exit::{BAD_INPUT, OK, SET_PROBLEMS, publish_failed};
use super::inputs::{SAME_NAME_HELP, output_stems};
use super::jobs::Log;

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
    let designs = Designs::default();
    let mut drawn_all = Vec::new();
    for path in &args.diagrams {
        let mut log = Log::default();
        let drawn = checked_files(path, args.width, args.dpi, &designs, &mut log);
        log.print();
        match drawn {
            Ok((files, design)) => drawn_all.push((path, files, design)),
            Err(failed) => code = code.max(failed),
        }
    }
    // Every diagram and every design they draw from is a source: what refuses the folder
    // refuses every diagram, decided before any is written.
    let mut sources = args.diagrams.clone();
    sources.extend(drawn_all.iter().map(|(_, _, design)| design.clone()));
    if drawn_all.is_empty() {
        return code;
    }
    // One folder, written once: every diagram's files checked and added together, so that
    // a clash of a later diagram's file writes none of them.
    let mut paths = Vec::new();
    let mut all_files: Vec<OutputFile> = Vec::new();
    for (path, files, _) in drawn_all {
        paths.push(path);
        all_files.extend(files);
    }
    match publish_more(&args.output, &all_files, &sources) {
        Ok(published) => {
            for note in published.untouched {
                errln!("diagrams: note: {note}");
            }
        }
        Err(error) => {
            for line in publish_failed("diagrams", &args.output, &error) {
                errln!("{line}");
            }
            return code.max(BAD_INPUT);
        }
    }
    for path in paths {
        outln!("{}: → {}", path.display(), args.output.display());
    }
    code
}

/// Every `*.toml` diagram in `folder`, sorted, refusing two with one output name.
pub fn diagrams_in(folder: &Path, output: &Path) -> Result<Vec<PathBuf>, String> {
    let paths = toml_files_in(folder)
        .map_err(|error| format!("cannot read {}: {error}", folder.display()))?;
    output_stems(&paths, None, &output.join("diagrams"))
        .map_err(|message| format!("{message}\n  help: {SAME_NAME_HELP}"))?;
    Ok(paths)
}

/// One drawn diagram: its files and the design it draws from, or the exit code.
pub type Drawn = Result<(Vec<OutputFile>, PathBuf), u8>;

/// Loads and checks one diagram (its design taken from `designs`, the run's) and renders its
/// files (returned with the path of the design it draws from); on failure logs why and
/// returns the exit code.
pub fn checked_files(
    path: &Path,
    width: Option<f64>,
    dpi: Option<f64>,
    designs: &Designs,
    log: &mut Log,
) -> Drawn {
    let mut figure: Figure = match load_with(path, designs) {
        Ok(figure) => figure,
        Err(diagnostics) => {
            for diagnostic in &diagnostics {
                log.err(diagnostic);
            }
            log.err(format_args!("{}: cannot be drawn", path.display()));
            return Err(BAD_INPUT);
        }
    };
    for diagram in &mut figure.diagrams {
        diagram.width_mm = width.unwrap_or(diagram.width_mm);
        diagram.dpi = dpi.unwrap_or(diagram.dpi);
    }
    let check = check_figure(&figure);
    for problem in check.all_problems() {
        log.err(problem);
    }
    // A figure hard to read is its own problem: its position may well be as stated.
    if check.problems.is_empty() && !check.legibility.is_empty() {
        log.err(format_args!(
            "{}: the figure's labels or caption do not read as printed (its position is as stated); not drawn",
            path.display()
        ));
        return Err(SET_PROBLEMS);
    }
    if !check.problems.is_empty() {
        let said = if figure.series {
            "a step's position is not legal or illegal as the step states".to_string()
        } else {
            let stated = if figure.first().legal { "legal" } else { "illegal" };
            format!("the position is not {stated} as stated")
        };
        log.err(format_args!("{}: {said}; not drawn", path.display()));
        return Err(SET_PROBLEMS);
    }
    let stem =
        path.file_stem().map_or_else(|| "diagram".into(), |s| file_stem(&s.to_string_lossy()));
    let files = figure_files(&figure, &stem).map_err(|message| {
        log.err(format_args!("{}: error: {message}", path.display()));
        BAD_INPUT
    })?;
    Ok((files, figure.first().design_path.clone()))
}
