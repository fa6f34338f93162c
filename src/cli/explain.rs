//! `explain`: the simplest rule behind a design's list of tiles, printed to paste.

use std::path::Path;

use tilepress::explain::{Outcome, explain as explain_list, print::report};
use tilepress::validate::describe::counted;

use super::exit::{BAD_INPUT, OK, SET_PROBLEMS};

/// Prints the explanation of the design at `path`; 0 when a rule explains its list, 1 when
/// none searched does, 2 when it cannot be read.
pub fn explain(path: &Path) -> u8 {
    let explanation = match explain_list(path) {
        Ok(explanation) => explanation,
        Err(errors) => {
            for error in &errors {
                errln!("{error}");
            }
            errln!("{}: {}, nothing done", path.display(), counted(errors.len(), "error"));
            return BAD_INPUT;
        }
    };
    for line in report(&explanation, path) {
        outln!("{line}");
    }
    match explanation.outcome {
        Outcome::NotCovered { .. } => SET_PROBLEMS,
        Outcome::Exact(_) | Outcome::Found { .. } => OK,
    }
}
