//! The commands: each loads designs through the library, prints what it found, and returns
//! the exit code (0 fine, 1 set problems, 2 unreadable input or unwritable output).

use std::path::{Path, PathBuf};

use tilepress::model::{Design, Diagnostic, load};
use tilepress::validate::check_design;
use tilepress::validate::describe::counted;
use tilepress::validate::listing::listing;
use tilepress::validate::press_reach::press_reach;

use super::exit::{BAD_INPUT, OK, SET_PROBLEMS};
use super::jobs::Log;
use super::part_option::{Chosen, choose, unknown_in_run};
use super::press_options::{PressArgs, PressOptions, press_refusal};
use super::printing::PrintOverrides;

/// Loads a design, printing its errors; `None` when it cannot be read.
pub fn load_or_report(path: &Path) -> Option<Design> {
    let mut log = Log::default();
    let design = load_logged(path, &mut log);
    log.print();
    design
}

/// Loads a design, logging its errors; `None` when it cannot be read.
pub fn load_logged(path: &Path, log: &mut Log) -> Option<Design> {
    match load(path) {
        Ok((_, design)) => Some(design),
        Err(diagnostics) => {
            log_all(&diagnostics, log);
            let n = tilepress::model::input::diagnostic::mistakes_found(&diagnostics);
            log.err(format_args!("{}: {}, nothing done", path.display(), counted(n, "error")));
            None
        }
    }
}

/// Logs every diagnostic.
pub fn log_all(diagnostics: &[Diagnostic], log: &mut Log) {
    for diagnostic in diagnostics {
        log.err(diagnostic);
    }
}

/// `check`: every problem, then a summary per design; with `verbose`, the decorative layers
/// too; with `parts`, only those parts ([`super::part_option`]); with `preset`, as that
/// print shop's build prints it; with PDF/X (`press`, the preset's, or the design's own), the
/// colours its press cannot reach as warnings.
pub fn check(
    designs: &[PathBuf],
    verbose: bool,
    parts: &[String],
    preset: Option<&str>,
    press: &PressArgs,
) -> u8 {
    let overrides = match PressOptions::parse(press)
        .and_then(|press| PrintOverrides::for_check(preset, press))
    {
        Ok(overrides) => overrides,
        Err(message) => {
            errln!("error: {message}");
            return BAD_INPUT;
        }
    };
    let mut code = OK;
    let mut seen = Vec::new();
    for path in designs {
        let Some(mut design) = load_or_report(path) else {
            code = code.max(BAD_INPUT);
            continue;
        };
        let mut log = Log::default();
        let chosen = choose(&mut design, path, parts, designs.len() == 1, &mut seen, &mut log);
        log.print();
        match chosen {
            Ok(Chosen::Kept(_)) => {}
            Ok(Chosen::None) => continue,
            Err(()) => {
                code = code.max(BAD_INPUT);
                continue;
            }
        }
        let held = overrides.held_to_preset(&mut design, path).and_then(|note| {
            overrides.apply(&mut design.sheet.print);
            let origin = |pdf_x| overrides.pdf_x_origin(pdf_x);
            match press_refusal(&design.sheet.print, path, origin) {
                Some((error, help)) => Err((error, help)),
                None => Ok(note),
            }
        });
        match held {
            Ok(note) => note.iter().for_each(|note| outln!("{note}")),
            Err((error, help)) => {
                errln!("{error}");
                errln!("  help: {help}");
                errln!("{}: nothing checked", path.display());
                code = code.max(BAD_INPUT);
                continue;
            }
        }
        let report = check_design(&design, path);
        for problem in &report.problems {
            outln!("{problem}");
        }
        let warnings = press_reach(&design, path);
        for warning in &warnings {
            outln!("{warning}");
        }
        for line in &report.info {
            outln!("{line}");
        }
        for line in report.decorative.iter().filter(|_| verbose) {
            outln!("{line}");
        }
        let unreached = match warnings.len() {
            0 => String::new(),
            n => format!("; {} the press cannot reach (warned)", counted(n, "colour")),
        };
        outln!("{}{unreached}", report.summary());
        if report.has_errors() {
            code = code.max(BAD_INPUT);
        } else if !report.is_complete() {
            code = code.max(SET_PROBLEMS);
        }
    }
    if designs.len() > 1 {
        let unknown = unknown_in_run(parts, &seen);
        for line in &unknown {
            errln!("{line}");
        }
        if !unknown.is_empty() {
            code = code.max(BAD_INPUT);
        }
    }
    code
}

/// `list`: the design's inventory, one line per tile, piece, board, net, card, counter,
/// track and map; with `parts`, only those parts'.
pub fn list(path: &Path, parts: &[String]) -> u8 {
    let Some(mut design) = load_or_report(path) else { return BAD_INPUT };
    let mut log = Log::default();
    let chosen = choose(&mut design, path, parts, true, &mut Vec::new(), &mut log);
    log.print();
    if chosen.is_err() {
        return BAD_INPUT;
    }
    outln!("{}:", design.name);
    for line in listing(&design) {
        outln!("  {line}");
    }
    OK
}
