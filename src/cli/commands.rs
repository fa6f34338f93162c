//! The commands: each loads designs through the library, prints what it found, and returns
//! the exit code (0 fine, 1 set problems, 2 unreadable input or unwritable output).

use std::path::{Path, PathBuf};

use tilepress::model::{Design, Diagnostic, load};
use tilepress::validate::check_design;
use tilepress::validate::describe::counted;
use tilepress::validate::listing::listing;

use super::exit::{BAD_INPUT, OK, SET_PROBLEMS};
use super::jobs::Log;

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
/// too.
pub fn check(designs: &[PathBuf], verbose: bool) -> u8 {
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
        for line in report.decorative.iter().filter(|_| verbose) {
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
