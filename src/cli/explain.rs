//! `explain`: the simplest rule behind a design's list of tiles, printed to paste.

use std::path::Path;

use tilepress::explain::answer;
use tilepress::validate::describe::counted;

use super::exit::{BAD_INPUT, OK, SET_PROBLEMS};

/// Prints the explanation of the design at `path`; 0 when a rule explains its list, 1 when
/// none searched does, 2 when it cannot be read.
pub fn explain(path: &Path) -> u8 {
    let answer = match answer(path) {
        Ok(answer) => answer,
        Err(errors) => {
            for error in &errors {
                errln!("{error}");
            }
            errln!("{}: {}, nothing done", path.display(), counted(errors.len(), "error"));
            return BAD_INPUT;
        }
    };
    for line in answer.report(path) {
        outln!("{line}");
    }
    match answer.explained() {
        true => OK,
        false => SET_PROBLEMS,
    }
}
