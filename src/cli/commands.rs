//! The commands: each loads designs through the library, prints what it found, and returns
//! the exit code (0 fine, 1 set problems, 2 unreadable input or unwritable output).

use std::path::{Path, PathBuf};

use tilepress::build::{BuildResult, SMALL_DESIGN_SHEETS, build_formats};
use tilepress::diagram::designs::Designs;
use tilepress::model::design::SheetSettings;
use tilepress::model::limits::{RASTER_HELP, estimated_sheets, is_raster_refusal};
use tilepress::model::paper::parse_paper;
use tilepress::model::resolve::{parse_duplex, parse_orientation};
use tilepress::model::{Design, Diagnostic, load};
use tilepress::output::{check_writable, publish};
use tilepress::threads::joined;
use tilepress::validate::describe::counted;
use tilepress::validate::listing::listing;
use tilepress::validate::{CheckReport, check_design};

use super::args::BuildArgs;
use super::diagram::{checked_files, diagrams_in};
use super::diagram_batch::DiagramBatch;
use super::exit::{BAD_INPUT, OK, SET_PROBLEMS, publish_failed};
use super::inputs::{SAME_NAME_HELP, designs_in, output_stems};
use super::jobs::{Log, job_count, run_all};
use super::printing::{PrintOverrides, cut_report};

/// Loads a design, printing its errors; `None` when it cannot be read.
pub fn load_or_report(path: &Path) -> Option<Design> {
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
            outln!("{problem}");
        }
        for line in &report.info {
            outln!("{line}");
        }
        outln!("{}", report.summary());
        if report.has_errors() {
            code = code.max(BAD_INPUT);
        } else if !report.is_complete() {
            code = code.max(SET_PROBLEMS);
        }
    }
    code
}

/// `list`: the design's inventory, one line per tile, piece, board, net, card, counter,
/// track and map.
pub fn list(path: &Path) -> u8 {
    let Some(design) = load_or_report(path) else { return BAD_INPUT };
    outln!("{}:", design.name);
    for line in listing(&design) {
        outln!("  {line}");
    }
    OK
}

/// `build`: every design given (or in `designs/`) into `OUT/<file stem>/`.
pub fn build_all(args: &BuildArgs) -> u8 {
    let designs = if args.designs.is_empty() {
        match designs_in(Path::new("designs")) {
            Ok(found) => found,
            Err(message) => {
                errln!("error: {message}");
                return BAD_INPUT;
            }
        }
    } else {
        args.designs.clone()
    };
    let overrides = match SheetOverrides::parse(args) {
        Ok(overrides) => overrides,
        Err(message) => {
            errln!("error: {message}");
            return BAD_INPUT;
        }
    };
    let diagrams = Path::new("diagrams");
    let with_diagrams = args.designs.is_empty() && diagrams.is_dir();
    let reserved = with_diagrams.then_some("diagrams");
    let stems = match output_stems(&designs, reserved, &args.output) {
        Ok(stems) => stems,
        Err(message) => {
            errln!("error: {message}");
            errln!("  help: {SAME_NAME_HELP}; nothing was written");
            return BAD_INPUT;
        }
    };
    let diagram_paths = if with_diagrams {
        match diagrams_in(diagrams, &args.output) {
            Ok(paths) => paths,
            Err(message) => {
                errln!("error: {message}");
                errln!(
                    "build: nothing was written (no design is built while the diagrams' names collide)"
                );
                return BAD_INPUT;
            }
        }
    } else {
        Vec::new()
    };
    let sources: Vec<PathBuf> = designs.iter().chain(&diagram_paths).cloned().collect();
    // Every folder this run writes is checked before the first is written: one that would
    // be refused (a source inside it, a folder that is not tilepress's…) stops the run.
    if let Err(lines) = check_folders(&designs, &stems, with_diagrams, &args.output, &sources) {
        for line in lines {
            errln!("{line}");
        }
        return BAD_INPUT;
    }
    // The diagrams go first: the job that draws the last one writes them all while the other
    // builds designs, which use both cores on their own at the end of the run.
    let diagrams_drawn = DiagramBatch::new(&args.output, diagram_paths.len(), sources);
    let jobs: Vec<Job> = (diagram_paths.iter().enumerate())
        .map(|(index, path)| Job::Diagram(index, path))
        .chain(designs.iter().zip(&stems).map(|(path, stem)| Job::Design(path, stem)))
        .collect();
    let threads = job_count(args.jobs, jobs.len());
    // The diagrams of one design share its reading.
    let designs_read = Designs::default();
    let done = run_all(&jobs, threads, |job, log| match job {
        Job::Design(path, stem) => build_one(path, stem, &designs, args, &overrides, log),
        Job::Diagram(index, path) => {
            let drawn = checked_files(path, None, None, &designs_read, log);
            diagrams_drawn.add(*index, drawn);
            OK
        }
    });
    // Messages in the order they always had: the designs', then the diagrams'.
    let (diagrams_done, designs_done) = done.split_at(diagram_paths.len());
    let mut code = OK;
    for (design_code, log) in designs_done.iter().chain(diagrams_done) {
        log.print();
        code = code.max(*design_code);
    }
    if with_diagrams {
        let (written, log) = diagrams_drawn.finish();
        log.print();
        code = code.max(written);
    }
    code
}

/// Checks every output folder of a `build` run (each design's, and the diagrams') before
/// any is written; the messages of every refusal, ending with "nothing was written".
fn check_folders(
    designs: &[PathBuf],
    stems: &[String],
    with_diagrams: bool,
    output: &Path,
    sources: &[PathBuf],
) -> Result<(), Vec<String>> {
    let mut folders: Vec<(String, PathBuf)> = (designs.iter().zip(stems))
        .map(|(path, stem)| (path.display().to_string(), output.join(stem)))
        .collect();
    if with_diagrams {
        folders.push(("diagrams".to_string(), output.join("diagrams")));
    }
    let mut lines = Vec::new();
    for (label, folder) in &folders {
        if let Err(error) = check_writable(folder, None, sources) {
            lines.extend(publish_failed(label, folder, &error));
        }
    }
    if lines.is_empty() {
        return Ok(());
    }
    lines.push("build: nothing was written (every output folder is checked first)".to_string());
    Err(lines)
}

/// One piece of `build`'s work: a design (with its output folder's name), or a diagram.
#[derive(Debug)]
enum Job<'a> {
    Design(&'a Path, &'a str),
    /// A diagram, by its place among the build's diagrams.
    Diagram(usize, &'a Path),
}

fn build_one(
    path: &Path,
    stem: &str,
    sources: &[PathBuf],
    args: &BuildArgs,
    overrides: &SheetOverrides,
    log: &mut Log,
) -> u8 {
    let Some(mut design) = load_logged(path, log) else { return BAD_INPUT };
    overrides.apply(&mut design.sheet);
    if overrides.print.formats.tts {
        design.sheet.print.tts_url_base = Some(file_url(&args.output.join(stem)));
    }
    let (report, built) = checked_and_built(&design, path, stem, overrides);
    if !report.is_complete() {
        log_all(&report.problems, log);
        log.err(report.summary());
        if report.has_errors() {
            log.err(format_args!("{}: nothing built", path.display()));
            return BAD_INPUT;
        }
        if args.strict {
            log.err(format_args!("{}: not built (--strict)", path.display()));
            return SET_PROBLEMS;
        }
    }
    let built = built.unwrap_or_else(|| build_formats(&design, stem, overrides.print.formats));
    let result = match built {
        Ok(result) => result,
        Err(message) => {
            log.err(format_args!("{}: error: {message}", path.display()));
            if is_raster_refusal(&message) {
                log.err(format_args!("  help: {RASTER_HELP}"));
            } else {
                log.err(
                    "  help: use larger paper (--paper A3), smaller margins (--margin) or smaller items (edge_mm, width_mm and height_mm, diameter_mm)",
                );
            }
            return BAD_INPUT;
        }
    };
    let folder = args.output.join(stem);
    if let Err(error) = publish(&folder, &result.files, sources) {
        for line in publish_failed(&path.display().to_string(), &folder, &error) {
            log.err(line);
        }
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
        if let Some(note) = &part.note {
            log.out(format_args!("    note: {note}"));
        }
    }
    for note in &result.notes {
        log.out(format_args!("  {note}"));
    }
    if let Some(line) = cut_report(&result.cut) {
        log.out(format_args!("  {line}"));
    }
    OK
}

/// The design's check report and, for a small design ([`SMALL_DESIGN_SHEETS`]), its build
/// made side by side: the check runs on a thread of its own while the design is built, and
/// the build is thrown away when the check finds errors (or `--strict` problems). A build
/// that panics on a design the check refuses is treated as not built; on a design the check
/// accepts, the panic goes on. `None`: not built yet (a large design, built once the check
/// lets it).
fn checked_and_built(
    design: &Design,
    path: &Path,
    stem: &str,
    overrides: &SheetOverrides,
) -> (CheckReport, Option<Result<BuildResult, String>>) {
    // Larger designs are checked first, so that an error is reported at once, not after a
    // long build that is then thrown away.
    if estimated_sheets(design) > SMALL_DESIGN_SHEETS as f64 {
        return (check_design(design, path), None);
    }
    std::thread::scope(|scope| {
        let check = scope.spawn(|| check_design(design, path));
        let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            build_formats(design, stem, overrides.print.formats)
        }));
        let report = joined(check);
        match built {
            Ok(built) => (report, Some(built)),
            Err(_) if report.has_errors() => (report, Some(Err("not built".into()))),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
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

/// `folder` as the `file://` URL of a folder (`file:///home/me/out/game/`), its bytes that
/// URLs do not allow percent-encoded.
fn file_url(folder: &Path) -> String {
    let absolute = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
    let text = absolute.to_string_lossy();
    let mut url = String::from("file://");
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                url.push(char::from(byte));
            }
            other => url.push_str(&format!("%{other:02X}")),
        }
    }
    if !url.ends_with('/') {
        url.push('/');
    }
    url
}
