//! The commands: each loads designs through the library, prints what it found, and returns
//! the exit code (0 fine, 1 set problems, 2 unreadable input or unwritable output).

use std::path::{Path, PathBuf};

use tilepress::build::{OutputFile, build_formats, file_stem};
use tilepress::model::design::SheetSettings;
use tilepress::model::paper::parse_paper;
use tilepress::model::resolve::{parse_duplex, parse_orientation};
use tilepress::model::{Design, Diagnostic, load};
use tilepress::output::write_folder;
use tilepress::validate::check_design;
use tilepress::validate::describe::counted;
use tilepress::validate::listing::listing;

use super::args::BuildArgs;
use super::diagram::{checked_files, write_diagrams};
use super::jobs::{Log, job_count, run_all};
use super::printing::{PrintOverrides, cut_report};

pub const OK: u8 = 0;
pub const SET_PROBLEMS: u8 = 1;
pub const BAD_INPUT: u8 = 2;

/// Loads a design, printing its errors; `None` when it cannot be read.
fn load_or_report(path: &Path) -> Option<Design> {
    let mut log = Log::default();
    let design = load_logged(path, &mut log);
    log.print();
    design
}

/// Loads a design, logging its errors; `None` when it cannot be read.
fn load_logged(path: &Path, log: &mut Log) -> Option<Design> {
    match load(path) {
        Ok((_, design)) => Some(design),
        Err(diagnostics) => {
            log_all(&diagnostics, log);
            let n = diagnostics.len();
            log.err(format_args!("{}: {}, nothing done", path.display(), counted(n, "error")));
            None
        }
    }
}

fn log_all(diagnostics: &[Diagnostic], log: &mut Log) {
    for diagnostic in diagnostics {
        log.err(diagnostic);
    }
}

/// `check`: every problem, then a summary per design.
pub fn check(designs: &[PathBuf]) -> u8 {
    let mut code = OK;
    for path in designs {
        let Some(design) = load_or_report(path) else {
            code = code.max(BAD_INPUT);
            continue;
        };
        let report = check_design(&design, path);
        for problem in &report.problems {
            println!("{problem}");
        }
        for line in &report.info {
            println!("{line}");
        }
        println!("{}", report.summary());
        if !report.is_complete() {
            code = code.max(SET_PROBLEMS);
        }
    }
    code
}

/// `list`: the design's inventory, one line per tile, piece, board and net.
pub fn list(path: &Path) -> u8 {
    let Some(design) = load_or_report(path) else { return BAD_INPUT };
    println!("{}:", design.name);
    for line in listing(&design) {
        println!("  {line}");
    }
    OK
}

/// `build`: every design given (or in `designs/`) into `OUT/<file stem>/`.
pub fn build_all(args: &BuildArgs) -> u8 {
    let designs = if args.designs.is_empty() {
        match designs_in(Path::new("designs")) {
            Ok(found) => found,
            Err(message) => {
                eprintln!("error: {message}");
                return BAD_INPUT;
            }
        }
    } else {
        args.designs.clone()
    };
    let overrides = match SheetOverrides::parse(args) {
        Ok(overrides) => overrides,
        Err(message) => {
            eprintln!("error: {message}");
            return BAD_INPUT;
        }
    };
    let diagrams = Path::new("diagrams");
    let with_diagrams = args.designs.is_empty() && diagrams.is_dir();
    let diagram_paths = if with_diagrams { diagrams_in(diagrams) } else { Ok(Vec::new()) };
    let jobs: Vec<Job> = designs
        .iter()
        .map(|path| Job::Design(path))
        .chain(diagram_paths.iter().flatten().map(|path| Job::Diagram(path)))
        .collect();
    let threads = job_count(args.jobs, jobs.len());
    let mut code = OK;
    let mut diagram_files = Vec::new();
    for (done, log) in run_all(&jobs, threads, |job, log| match job {
        Job::Design(path) => Done::Design(build_one(path, args, &overrides, log)),
        Job::Diagram(path) => Done::Diagram(checked_files(path, None, None, log)),
    }) {
        log.print();
        match done {
            Done::Design(design_code) => code = code.max(design_code),
            Done::Diagram(files) => diagram_files.push(files),
        }
    }
    if with_diagrams {
        let written = match diagram_paths {
            Ok(_) => write_diagrams(&args.output, diagram_files),
            Err(message) => {
                eprintln!("error: {message}");
                BAD_INPUT
            }
        };
        code = code.max(written);
    }
    code
}

/// One piece of `build`'s work: a design, or one of the diagrams.
#[derive(Debug)]
enum Job<'a> {
    Design(&'a Path),
    Diagram(&'a Path),
}

/// What a job gave: a design's exit code, a diagram's files (or its exit code).
#[derive(Debug)]
enum Done {
    Design(u8),
    Diagram(Result<Vec<OutputFile>, u8>),
}

fn build_one(path: &Path, args: &BuildArgs, overrides: &SheetOverrides, log: &mut Log) -> u8 {
    let Some(mut design) = load_logged(path, log) else { return BAD_INPUT };
    overrides.apply(&mut design.sheet);
    let report = check_design(&design, path);
    if !report.is_complete() {
        log_all(&report.problems, log);
        log.err(report.summary());
        if args.strict {
            log.err(format_args!("{}: not built (--strict)", path.display()));
            return SET_PROBLEMS;
        }
    }
    let stem = path
        .file_stem()
        .map_or_else(|| file_stem(&design.name), |s| file_stem(&s.to_string_lossy()));
    let result = match build_formats(&design, &stem, overrides.print.formats) {
        Ok(result) => result,
        Err(message) => {
            log.err(format_args!("{}: error: {message}", path.display()));
            log.err(
                "  help: use larger paper (--paper A3), smaller margins (--margin) or a smaller edge_mm",
            );
            return BAD_INPUT;
        }
    };
    let folder = args.output.join(&stem);
    if let Err(error) = write_folder(&folder, &result.files) {
        log.err(format_args!(
            "{}: error: cannot write {}: {error}",
            path.display(),
            folder.display()
        ));
        log.err("  help: check that the output folder is writable, or choose another with -o");
        return BAD_INPUT;
    }
    log.out(format_args!("{}: → {} ({} files)", design.name, folder.display(), result.files.len()));
    for part in &result.parts {
        let (w, h) = part.page_size_mm;
        let turn = if w > h { "landscape" } else { "portrait" };
        log.out(format_args!(
            "  {} on {} sheet(s) of {} {turn} ({w} × {h} mm, up to {} per sheet)",
            part.what, part.sheets, design.sheet.paper_name, part.per_sheet,
        ));
    }
    if let Some(line) = cut_report(&result.cut) {
        log.out(format_args!("  {line}"));
    }
    OK
}

/// Every `*.toml` file in a folder, sorted.
pub fn designs_in(folder: &Path) -> Result<Vec<PathBuf>, String> {
    let found = toml_files_in(folder).map_err(|e| {
        format!(
            "cannot read {}: {e} (run from the project folder, or name design files)",
            folder.display()
        )
    })?;
    if found.is_empty() {
        return Err(format!("no .toml designs in {}", folder.display()));
    }
    Ok(found)
}

/// Every `*.toml` file in the diagrams folder, sorted.
fn diagrams_in(folder: &Path) -> Result<Vec<PathBuf>, String> {
    toml_files_in(folder).map_err(|e| format!("cannot read {}: {e}", folder.display()))
}

fn toml_files_in(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    found.sort();
    Ok(found)
}

/// Sheet options from the command line, checked before any design is touched.
#[derive(Debug, Default)]
struct SheetOverrides {
    paper: Option<(String, (f64, f64))>,
    orientation: Option<tilepress::model::design::Orientation>,
    duplex: Option<tilepress::model::design::Duplex>,
    margin: Option<f64>,
    gap: Option<f64>,
    print: PrintOverrides,
}

impl SheetOverrides {
    fn parse(args: &BuildArgs) -> Result<SheetOverrides, String> {
        let paper = args
            .paper
            .as_deref()
            .map(parse_paper)
            .transpose()
            .map_err(|m| format!("--paper: {m}"))?;
        let orientation = args
            .orientation
            .as_deref()
            .map(|o| {
                parse_orientation(o)
                    .ok_or(format!("--orientation: unknown `{o}`; use auto, portrait or landscape"))
            })
            .transpose()?;
        let duplex = args
            .duplex
            .as_deref()
            .map(|d| {
                parse_duplex(d)
                    .ok_or(format!("--duplex: unknown `{d}`; use long-edge, short-edge or none"))
            })
            .transpose()?;
        let millimetres = |value: Option<f64>, flag: &str| match value {
            Some(v) if !(0.0..=100.0).contains(&v) => {
                Err(format!("{flag}: {v} mm is not from 0 to 100 mm"))
            }
            other => Ok(other),
        };
        Ok(SheetOverrides {
            paper,
            orientation,
            duplex,
            margin: millimetres(args.margin, "--margin")?,
            gap: millimetres(args.gap, "--gap")?,
            print: PrintOverrides::parse(&args.print)?,
        })
    }

    fn apply(&self, sheet: &mut SheetSettings) {
        if let Some((name, size)) = &self.paper {
            sheet.paper_name = name.clone();
            sheet.paper_mm = *size;
        }
        if let Some(orientation) = self.orientation {
            sheet.orientation = orientation;
        }
        if let Some(duplex) = self.duplex {
            sheet.duplex = duplex;
        }
        if let Some(margin) = self.margin {
            sheet.margin_mm = margin;
        }
        if let Some(gap) = self.gap {
            sheet.gap_mm = gap;
        }
        self.print.apply(&mut sheet.print);
    }
}
