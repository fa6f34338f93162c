//! Diagnostics: problems found in a design, each tied to a place in its file and a hint.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::model::input::limits::MAX_LISTED_ERRORS;
use crate::model::input::source::Position;

/// How bad a problem is: an error stops a build; a set problem makes `check` fail; a
/// warning only tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing, changing nothing (exit code unchanged): a colour the press cannot reach.
    Warning,
    /// The set is readable but not what its rule says (exit code 1).
    Problem,
    /// The design cannot be read or makes no sense (exit code 2).
    Error,
}

/// One problem with a design, pointing at the TOML that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: PathBuf,
    /// `None` when the problem is about the file as a whole (e.g. it cannot be read).
    pub position: Option<Position>,
    pub message: String,
    /// What the user can do about it.
    pub help: Option<String>,
    /// Mistakes found past [`MAX_LISTED_ERRORS`] that this one stands for (0: it is one).
    pub unlisted: usize,
}

/// Keeps the first [`MAX_LISTED_ERRORS`] of a run's diagnostics of `path`, and one more
/// saying how many others were found and left out.
pub fn list_first(mut diagnostics: Vec<Diagnostic>, path: &Path) -> Vec<Diagnostic> {
    if diagnostics.len() <= MAX_LISTED_ERRORS {
        return diagnostics;
    }
    let unlisted = diagnostics.len() - MAX_LISTED_ERRORS;
    diagnostics.truncate(MAX_LISTED_ERRORS);
    let message = format!(
        "{} not listed: a run lists the first {MAX_LISTED_ERRORS} (MAX_LISTED_ERRORS in model/input/limits.rs)",
        counted(unlisted, "more mistake")
    );
    let mut more = Diagnostic::error(path, None, message).with_help("fix these and run again");
    more.unlisted = unlisted;
    diagnostics.push(more);
    diagnostics
}

/// How many mistakes `diagnostics` stand for, those left out of the list included.
pub fn mistakes_found(diagnostics: &[Diagnostic]) -> usize {
    diagnostics.iter().map(|d| d.unlisted.max(1)).sum()
}

/// `1 pawn`, `9 pawns`: a count and its noun (a noun already ending in `s` is left as it is).
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 || noun.ends_with('s') { format!("{n} {noun}") } else { format!("{n} {noun}s") }
}

/// A number as a message shows it: at most three decimals without trailing zeros
/// (`30.000000000000004` is `30`), and very large or small numbers as `1e308`.
pub fn number_text(value: f64) -> String {
    let magnitude = value.abs();
    if !value.is_finite() || magnitude >= 1e9 || (magnitude > 0.0 && magnitude < 1e-3) {
        return format!("{value:e}");
    }
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0".into() } else { text.to_string() }
}

impl Diagnostic {
    pub fn error(path: impl Into<PathBuf>, position: Option<Position>, message: String) -> Self {
        Diagnostic {
            severity: Severity::Error,
            path: path.into(),
            position,
            message,
            help: None,
            unlisted: 0,
        }
    }

    pub fn problem(path: impl Into<PathBuf>, position: Option<Position>, message: String) -> Self {
        Diagnostic {
            severity: Severity::Problem,
            path: path.into(),
            position,
            message,
            help: None,
            unlisted: 0,
        }
    }

    pub fn warning(path: impl Into<PathBuf>, position: Option<Position>, message: String) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::problem(path, position, message) }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    /// `path:line:column: error: message` and, on the next line, `  help: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(position) = self.position {
            write!(f, ":{}:{}", position.line, position.column)?;
        }
        let label = match self.severity {
            Severity::Error => "error",
            Severity::Problem => "problem",
            Severity::Warning => "warning",
        };
        write!(f, ": {label}: {}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_sanely() {
        assert_eq!(number_text(30.000000000000004), "30");
        assert_eq!(number_text(1e308), "1e308");
        assert_eq!(number_text(0.05), "0.05");
        assert_eq!(number_text(-0.0001), "-1e-4");
        assert_eq!(number_text(f64::NAN), "NaN");
        assert_eq!(number_text(-0.0), "0");
    }

    #[test]
    fn displays_file_line_column_and_help() {
        let diagnostic = Diagnostic::error(
            "designs/x.toml",
            Some(Position { line: 3, column: 7 }),
            "unknown colour `purple`".to_string(),
        )
        .with_help("add it to [palette]");
        assert_eq!(
            diagnostic.to_string(),
            "designs/x.toml:3:7: error: unknown colour `purple`\n  help: add it to [palette]"
        );
    }
}
