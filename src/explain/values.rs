//! Explain over values (a rectangle's cells, a tile's corners): every `values = {…}` over
//! the range the list shows — each symmetry, `max_same` and `ascending` — derived by
//! `check`'s own `complete_values` and compared with the list; simplest as for slots.

use std::collections::BTreeMap;
use std::path::Path;

use super::print::{RANKING, at_entry_of};
use crate::model::design::Design;
use crate::model::input::diagnostic::counted;
use crate::model::input::limits::{MAX_ENUMERATION_WORK, count_text};
use crate::model::rules::tile_set::Tile;
use crate::model::rules::value_names::values_text;
use crate::model::rules::values::{ValueAt, ValueRule, ValueSymmetry};
use crate::validate::values::{complete_values, value_violations};

/// A rule over values, derived and compared with the list.
#[derive(Clone, Debug)]
pub struct ValueProposal {
    pub rule: ValueRule,
    /// How many times most tiles are listed (the rule's `copies`).
    pub copies: u32,
    /// How many tiles the rule derives.
    pub derived: usize,
    /// The tiles it derives, by their canonical values.
    pub set: Vec<Vec<u32>>,
    /// Tiles the rule derives that the list lacks, by their values.
    pub added: Vec<Vec<u32>>,
    /// Listed tiles (by their index in the list) the rule does not derive, each with why.
    pub not_derived: Vec<(usize, String)>,
    /// Listed tiles that are an earlier one under the rule's symmetry: (later, first).
    pub duplicates: Vec<(usize, usize)>,
    /// Listed tiles that come another number of times than `copies` (a rule over values
    /// has one count for every tile).
    pub other_copies: Vec<usize>,
}

impl ValueProposal {
    /// Keys that narrow the set: `max_same` below the positions, `ascending`.
    pub fn constraints(&self) -> usize {
        usize::from(self.rule.max_same < self.rule.positions) + usize::from(self.rule.ascending)
    }

    pub fn differences(&self) -> usize {
        self.added.len() + self.not_derived.len() + self.duplicates.len() + self.other_copies.len()
    }

    /// Constraints plus differences, then fewer differences, then fewer constraints.
    pub fn rank(&self) -> (usize, usize, usize) {
        let differences = self.differences();
        (self.constraints() + differences, differences, self.constraints())
    }
}

/// What explain found for a list of tiles with values.
#[derive(Clone, Debug)]
pub struct ValueExplanation {
    pub set_name: String,
    /// `3 corners`, `2 cells`.
    pub positions: String,
    /// Distinct tiles listed, as the best rule's symmetry tells them apart.
    pub listed: usize,
    pub derived: usize,
    /// Rules not derived, with why.
    pub skipped: Vec<String>,
    /// The design's own rule derives the list exactly: this many tiles.
    pub exact: Option<usize>,
    /// The simplest rule and the runner-up when it is close.
    pub best: Option<ValueProposal>,
    pub runner_up: Option<ValueProposal>,
    /// Whether the best rule has fewer differences than the list has tiles.
    pub covered: bool,
    pub next_number: u32,
    /// Each listed tile: its number, values and where it is written.
    pub tiles: Vec<Tile>,
    /// The values' names (`[values] names`), for the report; empty when they are numbers.
    pub names: Vec<String>,
    /// What the list holds, counted (`explain::distribution`): told instead of a rule when
    /// none explains the list.
    pub distribution: Vec<String>,
    /// Whether tiles of equal values are printed differently (crowns on one): a designed set,
    /// which no rule over values derives.
    pub designed: bool,
}

/// Explains `design`'s list of tiles with values.
pub fn explain_values(design: &Design) -> ValueExplanation {
    let tiles = design.tiles.clone();
    let at = design.values.as_ref().map_or(ValueAt::Corners, |v| v.at);
    let positions = tiles.first().map_or(0, |tile| tile.values.len());
    let place = match at {
        ValueAt::Cells => "cell",
        ValueAt::Corners => "corner",
    };
    let mut explanation = ValueExplanation {
        set_name: design.name.clone(),
        positions: counted(positions, place),
        listed: 0,
        derived: 0,
        skipped: Vec::new(),
        exact: None,
        best: None,
        runner_up: None,
        covered: false,
        next_number: tiles.iter().map(|t| t.number).max().unwrap_or(0) + 1,
        tiles,
        names: design.values.as_ref().map_or_else(Vec::new, |v| v.names.clone()),
        distribution: super::distribution::distribution(design),
        designed: printed_differently(&design.tiles),
    };
    if let Some(own) = design.rule.as_ref().and_then(|rule| rule.values.as_ref()) {
        let copies = design.rule.as_ref().map_or(1, |rule| rule.copies);
        if let Ok(derived) = complete_values(own) {
            let proposal = compared(own.clone(), &derived, &explanation.tiles);
            if proposal.differences() == 0 && proposal.copies == copies {
                explanation.exact = Some(derived.len());
                return explanation;
            }
        }
    }
    let shown = explanation.tiles.iter().flat_map(|tile| tile.values.iter().copied());
    let (low, high) = shown.fold((u32::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let mut proposals = Vec::new();
    for rule in candidates(low.min(high), high, positions, at) {
        match complete_values(&rule) {
            Ok(derived) => {
                explanation.derived += 1;
                proposals.push(compared(rule, &derived, &explanation.tiles));
            }
            Err(work) => explanation.skipped.push(format!(
                "values {}: about {} value lists, more than the limit of {}",
                rule_keys(&rule),
                count_text(work),
                count_text(MAX_ENUMERATION_WORK)
            )),
        }
    }
    proposals.retain(|p| p.derived > p.added.len());
    proposals.sort_by_key(ValueProposal::rank);
    let Some(best) = proposals.first().cloned() else {
        return explanation;
    };
    explanation.listed = explanation.tiles.len() - best.duplicates.len();
    explanation.covered = best.differences() < explanation.listed;
    // A runner-up deriving the same tiles (cyclic and unordered pairs) says nothing more.
    explanation.runner_up = (proposals.iter().skip(1))
        .find(|p| p.set != best.set)
        .filter(|p| p.rank().0 <= best.rank().0 + 2 && explanation.covered)
        .cloned();
    explanation.best = Some(best);
    explanation
}

/// The rules searched: ranges from the smallest value shown (and from 0) to the largest,
/// each symmetry (the place's usual one first), every `max_same`, ascending or not.
fn candidates(low: u32, high: u32, positions: usize, at: ValueAt) -> Vec<ValueRule> {
    let symmetries = match at {
        ValueAt::Corners => {
            [ValueSymmetry::Cyclic, ValueSymmetry::Unordered, ValueSymmetry::Ordered]
        }
        ValueAt::Cells => [ValueSymmetry::Unordered, ValueSymmetry::Ordered, ValueSymmetry::Cyclic],
    };
    let mut lows = vec![low];
    if low > 0 {
        lows.push(0);
    }
    let mut rules = Vec::new();
    for &min in &lows {
        for symmetry in symmetries {
            for max_same in (1..=positions.max(1)).rev() {
                for ascending in [false, true] {
                    if ascending && symmetry == ValueSymmetry::Unordered {
                        continue;
                    }
                    let position = Default::default();
                    let rule = ValueRule {
                        min,
                        max: high,
                        symmetry,
                        max_same,
                        positions,
                        ascending,
                        position,
                        names: Vec::new(),
                    };
                    rules.push(rule);
                }
            }
        }
    }
    rules
}

/// The list compared with the set `derived` by `rule` (canonical forms, sorted).
fn compared(rule: ValueRule, derived: &[Vec<u32>], tiles: &[Tile]) -> ValueProposal {
    let mut first_of: BTreeMap<Vec<u32>, usize> = BTreeMap::new();
    let mut duplicates = Vec::new();
    let mut not_derived = Vec::new();
    let mut kept = Vec::new();
    for (index, tile) in tiles.iter().enumerate() {
        let key = rule.symmetry.canonical(&tile.values);
        if let Some(&first) = first_of.get(&key) {
            duplicates.push((index, first));
            continue;
        }
        first_of.insert(key.clone(), index);
        if derived.binary_search(&key).is_ok() {
            kept.push(index);
            continue;
        }
        let mut why = value_violations(&rule, &tile.values);
        if tile.values.iter().any(|&v| v < rule.min || v > rule.max) {
            why.push(format!("its values are not all in {}..{}", rule.min, rule.max));
        }
        not_derived.push((index, why.join("; ")));
    }
    let copies = super::compare::usual_count(kept.iter().map(|&i| tiles[i].copies));
    let other_copies = kept.into_iter().filter(|&i| tiles[i].copies != copies).collect();
    let added = derived.iter().filter(|key| !first_of.contains_key(*key)).cloned().collect();
    ValueProposal {
        rule,
        copies,
        derived: derived.len(),
        set: derived.to_vec(),
        added,
        not_derived,
        duplicates,
        other_copies,
    }
}

/// `{ range = [0, 5], symmetry = "cyclic", max_same = 2 }`.
fn rule_keys(rule: &ValueRule) -> String {
    let symmetry = match rule.symmetry {
        ValueSymmetry::Unordered => "unordered",
        ValueSymmetry::Cyclic => "cyclic",
        ValueSymmetry::Ordered => "ordered",
    };
    let mut keys =
        vec![format!("range = [{}, {}]", rule.min, rule.max), format!("symmetry = \"{symmetry}\"")];
    if rule.max_same < rule.positions {
        keys.push(format!("max_same = {}", rule.max_same));
    }
    if rule.ascending {
        keys.push("ascending = true".to_string());
    }
    format!("{{ {} }}", keys.join(", "))
}

/// The rule as a `[rule]` table to paste.
pub fn value_rule_table(proposal: &ValueProposal) -> String {
    let mut lines = vec!["[rule]".to_string(), format!("values = {}", rule_keys(&proposal.rule))];
    if proposal.copies != 1 {
        lines.push(format!("copies = {}", proposal.copies));
    }
    lines.push(format!("count = {}", proposal.derived));
    lines.join("\n")
}

/// The explanation's lines, as `explain` prints them (`path` locates listed tiles).
pub fn value_report(explanation: &ValueExplanation, path: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(derived) = explanation.exact {
        lines.push(format!(
            "{}: the design's rule already derives its {} exactly; nothing to explain",
            explanation.set_name,
            counted(derived, "tile")
        ));
        return lines;
    }
    lines.push(format!(
        "{}: {} listed (values at {}); {} derived; {RANKING}",
        explanation.set_name,
        counted(explanation.listed, "distinct tile"),
        explanation.positions,
        counted(explanation.derived, "rule")
    ));
    if !explanation.skipped.is_empty() {
        lines.push(format!("{} not derived:", counted(explanation.skipped.len(), "rule")));
        lines.extend(explanation.skipped.iter().map(|s| format!("  {s}")));
    }
    lines.push(String::new());
    let explained = explanation.covered && !explanation.designed;
    let Some(best) = explanation.best.as_ref().filter(|_| explained) else {
        // A designed set: no rule to propose, its distribution to check instead.
        lines.push(format!(
            "No rule over values explains the {}: it reads as a designed set. What it holds:",
            counted(explanation.tiles.len(), "listed tile")
        ));
        lines.push(String::new());
        lines.extend(explanation.distribution.iter().cloned());
        lines.push(String::new());
        lines.push(narrowing());
        return lines;
    };
    let costs = |p: &ValueProposal| {
        format!(
            "{}, {}",
            counted(p.constraints(), "constraint"),
            counted(p.differences(), "difference")
        )
    };
    lines.push(format!("The simplest rule ({}):", costs(best)));
    lines.push(String::new());
    lines.push(value_rule_table(best));
    lines.push(String::new());
    differences(&mut lines, best, explanation, path);
    if let Some(runner_up) = &explanation.runner_up {
        lines.push(String::new());
        lines.push(format!("Runner-up ({}):", costs(runner_up)));
        lines.push(String::new());
        lines.push(value_rule_table(runner_up));
    }
    lines
}

/// What to do when no rule explains the list.
fn narrowing() -> String {
    "To narrow the search: remove tiles listed by mistake, or split a list that mixes sets."
        .to_string()
}

/// The best rule's differences with the list: the tiles it adds (to paste), duplicates,
/// tiles it does not derive and tiles listed another number of times.
fn differences(
    lines: &mut Vec<String>,
    best: &ValueProposal,
    explanation: &ValueExplanation,
    path: &Path,
) {
    let tiles = &explanation.tiles;
    if best.differences() == 0 {
        lines.push(format!("It derives the {} listed, exactly.", counted(best.derived, "tile")));
        return;
    }
    if !best.added.is_empty() {
        lines.push(format!(
            "It adds {} the list lacks, ready to paste:",
            counted(best.added.len(), "tile")
        ));
        for (k, values) in best.added.iter().enumerate() {
            let words: Vec<String> = values.iter().map(u32::to_string).collect();
            lines.push(String::new());
            lines.push(format!(
                "[[tiles]]\nnumber = {}\nvalues = [{}]",
                explanation.next_number + k as u32,
                words.join(", ")
            ));
            if best.copies != 1 {
                lines.push(format!("copies = {}", best.copies));
            }
        }
        lines.push(String::new());
    }
    let at = |index: usize, what: &str| {
        let tile = &tiles[index];
        let (file, position) = tile.written_at(path);
        at_entry_of(file, position, tile.number, what)
    };
    if !best.duplicates.is_empty() {
        lines.push(format!(
            "Under its symmetry it finds {} twice:",
            counted(best.duplicates.len(), "listed tile")
        ));
        for &(later, first) in &best.duplicates {
            let first = &tiles[first];
            let what = format!(
                "({}) is tile {} ({})",
                values_text(&tiles[later].values, &explanation.names),
                first.number,
                first.line_text()
            );
            lines.push(at(later, &what));
        }
        lines.push(String::new());
    }
    if !best.not_derived.is_empty() {
        lines.push(format!(
            "It does not derive {}:",
            counted(best.not_derived.len(), "listed tile")
        ));
        for (index, why) in &best.not_derived {
            let what = format!(
                "({}) is not derived: {why}",
                values_text(&tiles[*index].values, &explanation.names)
            );
            lines.push(at(*index, &what));
        }
        lines.push(String::new());
    }
    if !best.other_copies.is_empty() {
        lines.push(format!(
            "A rule over values gives every tile one count (copies = {}); {} another:",
            best.copies,
            counted(best.other_copies.len(), "listed tile"),
        ));
        for &index in &best.other_copies {
            let what = format!("comes {} time(s)", tiles[index].copies);
            lines.push(at(index, &what));
        }
    }
}

/// Whether two listed tiles have the same values (either way round) but their own art
/// differs, as `check` tells tiles apart.
fn printed_differently(tiles: &[Tile]) -> bool {
    let keys: Vec<Vec<u32>> =
        tiles.iter().map(|tile| ValueSymmetry::Unordered.canonical(&tile.values)).collect();
    tiles.iter().enumerate().any(|(k, a)| {
        (k + 1..tiles.len()).any(|j| keys[k] == keys[j] && a.faces.printed_apart(&tiles[j].faces))
    })
}
