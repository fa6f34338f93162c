//! `build`: every design (and the project's diagrams) made on parallel jobs, then every output folder checked and written.

use std::path::{Path, PathBuf};

use tilepress::build::faces::{FACE_PIXELS_HELP, is_face_pixels_refusal};
use tilepress::build::{BuildResult, build_formats, built_beside_check};
use tilepress::diagram::designs::Designs;
use tilepress::model::Design;
use tilepress::model::input::diagnostic::number_text;
use tilepress::model::input::limits::{RASTER_HELP, is_raster_refusal};
use tilepress::model::print::laminate::seal_refusal_help;
use tilepress::model::print::sheet_template::template_refusal_help;
use tilepress::threads::{joined, spawned};
use tilepress::validate::press_reach::unreached_note;
use tilepress::validate::{CheckReport, check_design};

use super::args::BuildArgs;
use super::commands::{load_logged, log_all};
use super::diagram::{Drawn, checked_files, diagrams_in};
use super::exit::{BAD_INPUT, OK, SET_PROBLEMS};
use super::file_url::file_url;
use super::inputs::{SAME_NAME_HELP, designs_in, output_stems};
use super::jobs::{Log, job_count, run_all};
use super::output_batch::{Published, Ready, diagrams_ready, publish_all, refused_folders};
use super::part_option::{Chosen, choose, name_after_parts, unknown_in_run};
use super::press_options::press_refusal;
use super::printing::cut_report;
use super::sheet_overrides::SheetOverrides;

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
    // `--part` builds parts of designs: no diagram.
    let with_diagrams = args.designs.is_empty() && diagrams.is_dir() && args.parts.is_empty();
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
    // The diagrams go first: they are quick, and the designs then use both cores at the end.
    let jobs: Vec<Job> = (diagram_paths.iter())
        .map(|path| Job::Diagram(path))
        .chain(designs.iter().zip(&stems).map(|(path, stem)| Job::Design(path, stem)))
        .collect();
    let threads = job_count(args.jobs, jobs.len());
    // The diagrams of one design share its reading.
    let designs_read = Designs::default();
    let alone = designs.len() == 1;
    let done = run_all(&jobs, threads, |job, log| match job {
        Job::Design(path, stem) => {
            let mut seen = Vec::new();
            let built = build_one(path, stem, args, &overrides, (alone, &mut seen), log);
            Made::Design(built, seen)
        }
        Job::Diagram(path) => Made::Diagram(checked_files(path, None, None, &designs_read, log)),
    });
    // Messages in the order they always had: each design's (its problems, then what was
    // written), then the diagrams'.
    let mut code = OK;
    let mut ready = Vec::new();
    let mut logs = Vec::new();
    let mut drawn = Vec::new();
    let mut diagram_logs = Log::default();
    let mut seen = Vec::new();
    for (made, log) in done {
        match made {
            Made::Design((design_code, built), parts) => {
                seen.extend(parts);
                code = code.max(design_code);
                // The design's messages, and where its folder is among `ready`.
                logs.push((log, built.is_some().then_some(ready.len())));
                ready.extend(built);
            }
            Made::Diagram(diagram) => {
                diagram_logs.extend(&log);
                drawn.push(diagram);
            }
        }
    }
    // A `--part` name no design has: nothing is written.
    let unknown = if alone { Vec::new() } else { unknown_in_run(&args.parts, &seen) };
    if !unknown.is_empty() {
        for (log, _) in &logs {
            log.print();
        }
        for line in unknown {
            errln!("{line}");
        }
        errln!("build: nothing was written");
        return BAD_INPUT;
    }
    let mut sources = sources;
    let mut diagrams_folder = None;
    if with_diagrams {
        match diagrams_ready(&args.output, drawn, &mut sources, &mut diagram_logs) {
            Ok(diagrams) => {
                diagrams_folder = Some(ready.len());
                ready.push(diagrams);
            }
            Err(failed) => code = code.max(failed),
        }
    }
    match publish_all(ready, &sources, threads) {
        Published::Refused(refusals) => {
            for (log, _) in &logs {
                log.print();
            }
            diagram_logs.print();
            refusals.print();
            code.max(BAD_INPUT)
        }
        Published::Written(written_code, written) => {
            for (log, folder) in &logs {
                log.print();
                if let Some(index) = folder {
                    written[*index].print();
                }
            }
            diagram_logs.print();
            if let Some(index) = diagrams_folder {
                written[index].print();
            }
            code.max(written_code)
        }
    }
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
    let refusals = refused_folders(
        folders.iter().map(|(label, folder)| (label.as_str(), folder.as_path(), None)),
        sources,
    );
    if refusals.is_empty() { Ok(()) } else { Err(refusals) }
}

/// One piece of `build`'s work: a design (with its output folder's name), or a diagram.
#[derive(Debug)]
enum Job<'a> {
    Design(&'a Path, &'a str),
    Diagram(&'a Path),
}

/// What a job made: a design's exit code, its folder (when built) and its parts' names (with
/// `--part`), or a diagram's files.
#[derive(Debug)]
enum Made {
    Design((u8, Option<Ready>), Vec<String>),
    Diagram(Drawn),
}

/// Builds one design into its folder's files; `(alone, seen)`: whether it is the run's only
/// design, and where its parts' names go (for `--part`, [`choose`]).
fn build_one(
    path: &Path,
    stem: &str,
    args: &BuildArgs,
    overrides: &SheetOverrides,
    (alone, seen): (bool, &mut Vec<String>),
    log: &mut Log,
) -> (u8, Option<Ready>) {
    let Some(mut design) = load_logged(path, log) else { return (BAD_INPUT, None) };
    let chosen = match choose(&mut design, path, &args.parts, alone, seen, log) {
        Ok(Chosen::Kept(chosen)) => chosen,
        Ok(Chosen::None) => return (OK, None),
        Err(()) => {
            log.err(format_args!("{}: nothing built", path.display()));
            return (BAD_INPUT, None);
        }
    };
    let preset_note = match overrides.print.held_to_preset(&mut design, path) {
        Ok(note) => note,
        Err((error, help)) => {
            log.err(error);
            log.err(format_args!("  help: {help}"));
            log.err(format_args!("{}: nothing built", path.display()));
            return (BAD_INPUT, None);
        }
    };
    overrides.apply(&mut design.sheet);
    let origin = |pdf_x| overrides.print.pdf_x_origin(pdf_x);
    if let Some((error, help)) = press_refusal(&design.sheet.print, path, origin) {
        log.err(error);
        log.err(format_args!("  help: {help}"));
        log.err(format_args!("{}: nothing built", path.display()));
        return (BAD_INPUT, None);
    }
    if overrides.print.formats.tts {
        design.sheet.print.tts_url_base = Some(file_url(&args.output.join(stem)));
    }
    let (report, built) = checked_and_built(&design, path, stem, overrides);
    if !report.is_complete() {
        log_all(&report.problems, log);
        log.err(report.summary());
        if report.has_errors() {
            log.err(format_args!("{}: nothing built", path.display()));
            return (BAD_INPUT, None);
        }
        if args.strict {
            log.err(format_args!("{}: not built (--strict)", path.display()));
            return (SET_PROBLEMS, None);
        }
    }
    let built = built.unwrap_or_else(|| build_formats(&design, stem, overrides.print.formats));
    let mut result = match built {
        Ok(result) => result,
        Err(message) => {
            log.err(format_args!("{}: error: {message}", path.display()));
            if is_raster_refusal(&message) {
                log.err(format_args!("  help: {RASTER_HELP}"));
            } else if let Some(help) = (seal_refusal_help(&message)
                .or_else(|| template_refusal_help(&message)))
            .or_else(|| is_face_pixels_refusal(&message).then_some(FACE_PIXELS_HELP))
            {
                log.err(format_args!("  help: {help}"));
            } else {
                log.err(
                    "  help: use larger paper (--paper A3), smaller margins (--margin) or smaller items (edge_mm, width_mm and height_mm, diameter_mm)",
                );
            }
            return (BAD_INPUT, None);
        }
    };
    name_after_parts(&mut result.files, stem, &chosen);
    let folder = args.output.join(stem);
    let mut written = Log::default();
    // With `--part`, the folder's other files stay.
    let add = !args.parts.is_empty();
    let kept = if add { "; the folder's other files kept" } else { "" };
    written.out(format_args!(
        "{}: → {} ({} files{kept})",
        design.name,
        folder.display(),
        result.files.len()
    ));
    // A run that writes no sheets (`--format faces`, `tts`…) says what each part holds, and
    // nothing of sheets.
    let sheets = overrides.print.formats.sheets();
    for part in &result.parts {
        if !sheets {
            written.out(format_args!("  {}", part.what));
            continue;
        }
        let (w, h) = part.page_size_mm;
        let turn = if w > h { "landscape" } else { "portrait" };
        let (kind, each) = if part.folded { ("fold-over ", " and their backs") } else { ("", "") };
        let sealed = part.sealed_mm.map_or(String::new(), |seal| {
            format!(", each sealed in a {} mm border of film", number_text(seal))
        });
        written.out(format_args!(
            "  {} on {} {kind}sheet(s) of {} {turn} ({w} × {h} mm, up to {}{each} per sheet{sealed})",
            part.what, part.sheets, part.paper_name, part.per_sheet,
        ));
        if let Some(note) = &part.note {
            written.out(format_args!("    note: {note}"));
        }
    }
    let press_note = unreached_note(&design, path);
    for note in preset_note.iter().chain(&result.notes).chain(&press_note) {
        written.out(format_args!("  {note}"));
    }
    if let Some(line) = cut_report(&result.cut) {
        written.out(format_args!("  {line}"));
    }
    let label = path.display().to_string();
    (OK, Some(Ready { label, folder, files: result.files, written, add }))
}

/// The design's check report and, for a small design ([`built_beside_check`]), its build
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
    if !built_beside_check(design) {
        return (check_design(design, path), None);
    }
    std::thread::scope(|scope| {
        let check = spawned(scope, "tp-check", || check_design(design, path));
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
