//! Explain's answer for a design without a rule, as the page shows it beside the check
//! report: the lines `tilepress explain` prints, and whether a rule explains the list.

use std::path::Path;

use serde::Serialize;

use crate::explain::answer;
use crate::model::Design;

/// What the page shows of explain's answer.
#[derive(Clone, Debug, Serialize)]
pub struct ExplainView {
    /// Whether a rule explains the list (as `explain`'s exit 0).
    pub explained: bool,
    /// The answer as `explain` prints it: the rule to paste, the tiles it adds.
    pub text: String,
}

/// Explain's answer for the design at `path`, when it lists tiles and has no rule.
pub fn explain_view(design: &Design, path: &Path) -> Option<ExplainView> {
    if design.rule.is_some() || design.tiles.is_empty() {
        return None;
    }
    let shown = Path::new(path.file_name()?);
    Some(match answer(path) {
        Ok(answer) => {
            ExplainView { explained: answer.explained(), text: answer.report(shown).join("\n") }
        }
        Err(errors) => ExplainView {
            explained: false,
            text: errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"),
        },
    })
}
