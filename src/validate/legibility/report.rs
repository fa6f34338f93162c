//! Findings of the legibility check and how they are told: one message per cause, naming
//! every item it is found on (`tiles 1–12`, `cards from cards.csv rows 4, 9`).

use std::collections::BTreeMap;
use std::path::Path;

use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::Position;

/// What one rule found on one layer, without the item it was found on: the cause (the
/// same on every item it is found on) and how bad it is on this item.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub position: Position,
    pub message: String,
    pub help: String,
    pub amount: Option<Amount>,
    /// A note, not a problem: worth saying, yet the layer reads (text shrunk a long way).
    pub note: bool,
}

/// How bad a finding is on one item, and how that is said (`by 1.6 mm`, `1.35 : 1 against
/// #ffd166`); of several items, the worst is told.
#[derive(Clone, Debug, PartialEq)]
pub struct Amount {
    pub value: f64,
    pub larger_is_worse: bool,
    pub text: String,
}

impl Amount {
    /// An amount that is worse the larger it is.
    pub fn larger(value: f64, text: String) -> Amount {
        Amount { value, larger_is_worse: true, text }
    }

    fn is_worse_than(&self, other: &Amount) -> bool {
        if self.larger_is_worse { self.value > other.value } else { self.value < other.value }
    }
}

type Cause = (Position, String, String);

/// What is gathered of one cause: the order it was first found in, the items it was found
/// on and the worst amount.
type Gathered = (usize, Vec<String>, Option<Amount>);

/// Items named in one message at most; the rest are counted.
const MOST_NAMED: usize = 12;

/// Findings gathered over every item, each cause once.
#[derive(Debug, Default)]
pub struct Findings {
    /// Each cause with the order it was first found in, the items it was found on and
    /// the worst amount.
    found: BTreeMap<Cause, Gathered>,
    /// The causes that are notes.
    notes: std::collections::BTreeSet<Cause>,
}

impl Findings {
    pub fn add(&mut self, finding: Finding, item: &str) {
        let order = self.found.len();
        let cause = (finding.position, finding.message, finding.help);
        if finding.note {
            self.notes.insert(cause.clone());
        }
        let (_, items, worst) = self.found.entry(cause).or_insert((order, Vec::new(), None));
        if !items.iter().any(|known| known == item) {
            items.push(item.to_string());
        }
        if let Some(amount) = finding.amount
            && worst.as_ref().is_none_or(|known| amount.is_worse_than(known))
        {
            *worst = Some(amount);
        }
    }

    /// One problem per cause, at the layer's key, in the order first found (notes left out).
    pub fn diagnostics(self, path: &Path) -> Vec<Diagnostic> {
        self.problems_and_notes(path).0
    }

    /// One problem per cause, and one note per cause that is a note (`file:line:column:
    /// note: …`), at the layer's key, in the order first found.
    pub fn problems_and_notes(self, path: &Path) -> (Vec<Diagnostic>, Vec<String>) {
        let notes = self.notes;
        let (notes, problems): (Vec<_>, Vec<_>) =
            self.found.into_iter().partition(|(cause, _)| notes.contains(cause));
        let notes = Self::said(notes, path)
            .into_iter()
            .map(|d| {
                let at = d.position.map_or(String::new(), |p| format!(":{}:{}", p.line, p.column));
                let help = d.help.map_or(String::new(), |h| format!("\n  help: {h}"));
                format!("{}{at}: note: {}{help}", d.path.display(), d.message)
            })
            .collect();
        (Self::said(problems, path), notes)
    }

    /// Causes as problems at their keys, in the order first found.
    fn said(mut found: Vec<(Cause, Gathered)>, path: &Path) -> Vec<Diagnostic> {
        found.sort_by_key(|(_, (order, _, _))| *order);
        found
            .into_iter()
            .map(|((position, message, help), (_, items, worst))| {
                let worst = worst.map(|amount| {
                    let most = if items.len() > 1 { "at worst " } else { "" };
                    format!(" ({most}{})", amount.text)
                });
                let items = items_text(&items);
                let message = format!("{items}: {message}{}", worst.unwrap_or_default());
                Diagnostic::problem(path, Some(position), message).with_help(help)
            })
            .collect()
    }
}

/// Item labels (`tile 3`, `the back of card cards.csv row 4`) said briefly: runs of
/// numbers as ranges, rows of one data file together.
pub fn items_text(items: &[String]) -> String {
    // Labels grouped by what comes before their last word (a number).
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for item in items {
        let (head, tail) = item.rsplit_once(' ').unwrap_or(("", item));
        match groups.iter_mut().find(|(known, _)| known == head) {
            Some((_, tails)) => tails.push(tail.to_string()),
            None => groups.push((head.to_string(), vec![tail.to_string()])),
        }
    }
    let mut parts = Vec::new();
    for (head, tails) in &groups {
        if tails.len() == 1 || head.is_empty() {
            parts.extend(tails.iter().map(|tail| join(head, tail)));
            continue;
        }
        let listed = ranges(tails);
        let (back, head) = match head.strip_prefix("the back of ") {
            Some(rest) => ("the backs of ", rest),
            None => ("", head.as_str()),
        };
        parts.push(
            back.to_string()
                + &match head.rsplit_once(' ') {
                    // `card cards.csv row` → `cards from cards.csv rows 4, 9`.
                    Some((noun_file, "row")) => match noun_file.split_once(' ') {
                        Some((noun, file)) => format!("{} from {file} rows {listed}", plural(noun)),
                        None => format!("{} rows {listed}", plural(noun_file)),
                    },
                    _ => format!("{} {listed}", plural(head)),
                },
        );
    }
    let total = parts.len();
    if total > MOST_NAMED {
        parts.truncate(MOST_NAMED);
        parts.push(format!("{} more", total - MOST_NAMED));
    }
    parts.join(", ")
}

fn join(head: &str, tail: &str) -> String {
    if head.is_empty() { tail.to_string() } else { format!("{head} {tail}") }
}

/// `tile` → `tiles`.
fn plural(noun: &str) -> String {
    if noun.ends_with('s') { noun.to_string() } else { format!("{noun}s") }
}

/// `1, 2, 3, 5, x` → `1–3, 5, x`: numbers in runs, anything else as it is.
fn ranges(tails: &[String]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut run: Option<(u64, u64)> = None;
    let flush = |run: &mut Option<(u64, u64)>, parts: &mut Vec<String>| {
        if let Some((from, to)) = run.take() {
            parts.push(match to - from {
                0 => from.to_string(),
                1 => format!("{from}, {to}"),
                _ => format!("{from}–{to}"),
            });
        }
    };
    for tail in tails {
        match (tail.parse::<u64>(), run) {
            (Ok(n), Some((from, to))) if n == to + 1 => run = Some((from, n)),
            (Ok(n), _) => {
                flush(&mut run, &mut parts);
                run = Some((n, n));
            }
            (Err(_), _) => {
                flush(&mut run, &mut parts);
                parts.push(tail.clone());
            }
        }
    }
    flush(&mut run, &mut parts);
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn numbers_run_together_and_data_rows_name_their_file() {
        let tiles: Vec<String> = (1..=12).map(|n| format!("tile {n}")).collect();
        assert_eq!(items_text(&tiles), "tiles 1–12");
        let cards = labels(&["card cards.csv row 4", "card cards.csv row 9"]);
        assert_eq!(items_text(&cards), "cards from cards.csv rows 4, 9");
        let backs = labels(&["the back of tile 1", "the back of tile 2", "the back of tile 7"]);
        assert_eq!(items_text(&backs), "the backs of tiles 1, 2, 7");
        let card_backs = labels(&["the back of card c.csv row 2", "the back of card c.csv row 3"]);
        assert_eq!(items_text(&card_backs), "the backs of cards from c.csv rows 2, 3");
        assert_eq!(items_text(&labels(&["board"])), "board");
        assert_eq!(items_text(&labels(&["piece A", "piece B"])), "pieces A, B");
    }

    #[test]
    fn one_cause_on_many_items_is_one_message() {
        let mut findings = Findings::default();
        for n in 1..=12 {
            let finding = Finding {
                position: Position { line: 3, column: 5 },
                message: "too small".into(),
                help: "grow it".into(),
                amount: Some(Amount {
                    value: f64::from(n % 5),
                    larger_is_worse: true,
                    text: format!("{} mm", n % 5),
                }),
                note: false,
            };
            findings.add(finding, &format!("tile {n}"));
        }
        let diagnostics = findings.diagnostics(Path::new("d.toml"));
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].message, "tiles 1–12: too small (at worst 4 mm)");
    }
}
