//! An explanation as text: the rule as a `[rule]` table to paste, the tiles it adds as
//! `[[tiles]]` entries to paste, the listed tiles it does not derive, and what was searched.

use std::collections::BTreeMap;
use std::path::Path;

use super::compare::Differences;
use super::readings::Listed;
use super::{Explanation, Outcome, Proposal};
use crate::geometry::canonical::Symmetry;
use crate::model::input::diagnostic::counted;
use crate::model::input::source::Position;
use crate::model::rules::region_joins::{
    joins_of_links, line_joins, region_groups, same_colour_links,
};
use crate::model::rules::tile_set::{
    EMPTY_SLOT, JoinRule, RegionJoinRule, SetRule, Slot, SlotKind,
};
use crate::validate::describe::slot_text;
use crate::validate::enumerate::TileDesign;

/// How "simplest" is ranked, as the output and the docs say it.
pub const RANKING: &str = "simplest = fewest constraints plus differences (each key that \
narrows the set counts one, as does each tile added, each listed tile left out and each tile \
listed twice), ties to the rule closer to the list";

/// The explanation's lines, as `explain` prints them (`path` locates listed tiles).
pub fn report(explanation: &Explanation, path: &Path) -> Vec<String> {
    let mut lines = Vec::new();
    let shape = format!("{}-sided tiles", explanation.shape.sides);
    if let Outcome::Exact(derived) = &explanation.outcome {
        lines.push(format!(
            "{}: the design's rule already derives its {} exactly; nothing to explain",
            explanation.set_name,
            counted(*derived, "tile")
        ));
        return lines;
    }
    lines.push(format!(
        "{}: {} listed ({shape}); {} derived, {} scored; {RANKING}",
        explanation.set_name,
        counted(explanation.listed, listed_noun(explanation)),
        counted(explanation.derived, "rule"),
        counted(explanation.scored, "filter choice")
    ));
    for unread in &explanation.unread {
        lines.push(format!("not read with {unread}"));
    }
    if !explanation.skipped.is_empty() {
        lines.push(format!("{} not derived:", counted(explanation.skipped.len(), "rule")));
        lines.extend(explanation.skipped.iter().map(|s| format!("  {s}")));
    }
    match &explanation.outcome {
        Outcome::Exact(_) => {}
        Outcome::Found { best, runner_up } => {
            lines.push(String::new());
            lines.push(format!("The simplest rule ({}):", costs(best)));
            proposal(&mut lines, best, explanation, path);
            if let Some(runner_up) = runner_up {
                // The tiles added end with a blank line already.
                if lines.last().is_some_and(|line| !line.is_empty()) {
                    lines.push(String::new());
                }
                lines.push(format!("Runner-up ({}):", costs(runner_up)));
                lines.push(String::new());
                lines.push(rule_table(
                    &runner_up.rule,
                    &runner_up.differences,
                    explanation.shape.sides,
                ));
            }
        }
        Outcome::NotCovered { closest } => {
            lines.push(String::new());
            let listed = explanation.listed;
            match closest {
                Some(closest) => {
                    lines.push(format!(
                        "No rule searched explains the list: the closest ({}) has no fewer differences than the {} listed.",
                        costs(closest),
                        counted(listed, "tile")
                    ));
                    proposal(&mut lines, closest, explanation, path);
                }
                None => lines.push("No rule searched could be derived.".to_string()),
            }
            lines.push(String::new());
            lines.push(
                "To narrow the search: remove tiles listed by mistake, or split a list that \
                 mixes sets; a rule over fewer colours or kinds derives fewer tiles."
                    .to_string(),
            );
        }
    }
    lines
}

/// `3 constraints, 2 differences`.
fn costs(proposal: &Proposal) -> String {
    format!(
        "{}, {}",
        counted(proposal.constraints, "constraint"),
        counted(proposal.differences.count(), "difference")
    )
}

/// A proposal's rule, the tiles it adds and the listed tiles it leaves out.
fn proposal(lines: &mut Vec<String>, proposal: &Proposal, explanation: &Explanation, path: &Path) {
    let differences = &proposal.differences;
    let reading = super::reading_text(proposal.reading);
    lines.push(format!("(the list read with {reading})"));
    lines.push(String::new());
    lines.push(rule_table(&proposal.rule, differences, explanation.shape.sides));
    lines.push(String::new());
    if differences.count() == 0 {
        lines.push(format!(
            "It derives the {} listed, exactly.",
            counted(differences.derived, face_noun(explanation))
        ));
        return;
    }
    if !differences.added.is_empty() {
        lines.push(format!(
            "It adds {} the list lacks, ready to paste:",
            counted(differences.added.len(), face_noun(explanation))
        ));
        let per_tile = if explanation.two_faced { 2 } else { 1 };
        for (k, faces) in differences.added.chunks(per_tile).enumerate() {
            lines.push(String::new());
            let number = explanation.next_number + k as u32;
            let rule = &proposal.rule;
            lines.push(tile_entry(number, faces, rule, explanation.slots_per_edge));
        }
        lines.push(String::new());
        if explanation.two_faced && differences.added.len() % 2 == 1 {
            lines.push(
                "(an odd number of faces: the last entry has no back; make its face the back of \
                 a tile whose back is not derived, or of another added face)"
                    .to_string(),
            );
            lines.push(String::new());
        }
    }
    if !differences.duplicates.is_empty() {
        let symmetry = symmetry_name(proposal.rule.symmetry);
        lines.push(format!(
            "Under symmetry = \"{symmetry}\" it finds {} twice:",
            counted(differences.duplicates.len(), &format!("listed {}", face_noun(explanation)))
        ));
        for (tile, first) in &differences.duplicates {
            let what = format!("is tile {} (line {})", first.number, first.position.line);
            lines.push(at_entry(path, tile, &what));
        }
        lines.push(String::new());
    }
    if !differences.not_derived.is_empty() {
        lines.push(format!(
            "It does not derive {}:",
            counted(differences.not_derived.len(), &format!("listed {}", face_noun(explanation)))
        ));
        for (tile, why) in &differences.not_derived {
            lines.push(at_entry(path, tile, &format!("is not derived: {}", why.join("; "))));
        }
    }
}

/// `what` said of a listed tile (or its back), at its entry in `path`.
fn at_entry(path: &Path, tile: &Listed, what: &str) -> String {
    match tile.back {
        true => at_entry_of(path, tile.position, tile.number, &format!("(back) {what}")),
        false => at_entry_of(path, tile.position, tile.number, what),
    }
}

/// What the list holds, as the heading counts it: distinct tiles, or faces when two-faced.
fn listed_noun(explanation: &Explanation) -> &'static str {
    if explanation.two_faced { "distinct face" } else { "distinct tile" }
}

/// What the rule derives: tiles, or faces (two to a tile) when the tiles are two-faced.
fn face_noun(explanation: &Explanation) -> &'static str {
    if explanation.two_faced { "face" } else { "tile" }
}

/// `what` said of tile `number`, at its entry (`at`) in `path`.
pub fn at_entry_of(path: &Path, at: Position, number: u32, what: &str) -> String {
    format!("{}:{}:{}: tile {number} {what}", path.display(), at.line, at.column)
}

/// The rule (of tiles with `sides` edges) as a `[rule]` table, with `copies`, `copies_of` and `count` as the list has them.
pub fn rule_table(rule: &SetRule, differences: &Differences, sides: usize) -> String {
    let mut keys: Vec<String> = vec!["[rule]".into()];
    let shows = |kind| rule.slot_kinds.contains(&kind);
    let colours_shown = rule.colours.iter().any(|c| c != EMPTY_SLOT);
    if colours_shown || rule.corner_colours.is_empty() {
        keys.push(format!("colours = {}", list(&rule.colours)));
    }
    if !rule.corner_colours.is_empty() {
        keys.push(format!("corners = {}", list(&rule.corner_colours)));
    }
    if colours_shown && rule.slot_kinds != [SlotKind::Line] {
        let kinds: Vec<String> = rule.slot_kinds.iter().map(|k| k.name().to_string()).collect();
        keys.push(format!("slot_kinds = {}", list(&kinds)));
    }
    if !rule.kinds_of.is_empty() {
        let entries: Vec<String> = (rule.kinds_of.iter())
            .map(|(colour, kinds)| {
                let kinds: Vec<String> = kinds.iter().map(|k| k.name().to_string()).collect();
                format!("{} = {}", quoted(colour), list(&kinds))
            })
            .collect();
        keys.push(format!("kinds_of = {{ {} }}", entries.join(", ")));
    }
    if !rule.edges.is_empty() {
        let edges: Vec<String> = (rule.edges.iter())
            .map(|edge| list(&edge.iter().map(slot_text).collect::<Vec<_>>()))
            .collect();
        keys.push(format!("edges = [{}]", edges.join(", ")));
    }
    if colours_shown && shows(SlotKind::Line) {
        let joins = match rule.joins {
            JoinRule::Every => "every",
            JoinRule::Optional => "optional",
            JoinRule::Never => "none",
        };
        keys.push(format!("joins = \"{joins}\""));
    }
    if shows(SlotKind::Region) {
        let joins = match rule.region_joins {
            RegionJoinRule::Never => "none",
            RegionJoinRule::Optional => "optional",
            RegionJoinRule::SameColour => "same-colour",
        };
        keys.push(format!("region_joins = \"{joins}\""));
    }
    let every_span: Vec<usize> = (1..=sides * rule.slots_per_edge.max(1) / 2).collect();
    if shows(SlotKind::Line) && rule.join_spans != every_span {
        keys.push(format!("join_spans = {:?}", rule.join_spans));
    }
    if !rule.exclude_spans.is_empty() {
        keys.push(format!("exclude_spans = {:?}", rule.exclude_spans));
    }
    if rule.distinct_line_colours {
        keys.push("distinct_line_colours = true".into());
    }
    if rule.min_colours > 0 {
        keys.push(format!("min_colours = {}", rule.min_colours));
    }
    if rule.max_colours < usize::MAX {
        keys.push(format!("max_colours = {}", rule.max_colours));
    }
    if rule.min_slot_kinds > 0 {
        keys.push(format!("min_slot_kinds = {}", rule.min_slot_kinds));
    }
    keys.push(format!("symmetry = \"{}\"", symmetry_name(rule.symmetry)));
    if differences.copies != 1 {
        keys.push(format!("copies = {}", differences.copies));
    }
    if !differences.copies_of.is_empty() {
        let entries: Vec<String> = differences
            .copies_of
            .iter()
            .map(|(text, n)| format!("{} = {n}", quoted(text)))
            .collect();
        keys.push(format!("copies_of = {{ {} }}", entries.join(", ")));
    }
    if let Some(count) = rule.count {
        keys.push(format!("count = {count}"));
    }
    keys.join("\n")
}

/// Derived faces as one `[[tiles]]` entry: the first its front (slots clockwise, corners,
/// and joins when the rule would not derive them from its colours), a second its back
/// (`back_edges`, `back_joins`).
pub fn tile_entry(number: u32, faces: &[TileDesign], rule: &SetRule, per_edge: usize) -> String {
    let mut keys = vec!["[[tiles]]".to_string(), format!("number = {number}")];
    for (face, prefix) in faces.iter().zip(["", "back_"]) {
        keys.extend(face_keys(face, rule, per_edge).iter().map(|key| format!("{prefix}{key}")));
    }
    if rule.copies != 1 {
        keys.push(format!("copies = {}", rule.copies));
    }
    keys.join("\n")
}

/// One face's keys: `edges`, `corners` and, when the rule would not derive them, `joins`.
fn face_keys(tile: &TileDesign, rule: &SetRule, per_edge: usize) -> Vec<String> {
    let mut keys = Vec::new();
    let texts: Vec<String> = tile.slots.iter().map(slot_text).collect();
    let edges = match per_edge {
        1 => list(&texts),
        _ => {
            let edges: Vec<String> = texts.chunks(per_edge).map(list).collect();
            format!("[{}]", edges.join(", "))
        }
    };
    if tile.slots.iter().any(|s| !s.is_empty()) || tile.corners.is_empty() {
        keys.push(format!("edges = {edges}"));
    }
    if !tile.corners.is_empty() {
        keys.push(format!("corners = {}", list(&tile.corners)));
    }
    if derived_joins(rule, &tile.slots).as_ref() != Some(&tile.joins) {
        let mut written: Vec<Vec<usize>> =
            line_joins(&tile.slots, &tile.joins).iter().map(|&(a, b)| vec![a + 1, b + 1]).collect();
        written.extend(
            region_groups(&tile.slots, &tile.joins)
                .iter()
                .map(|group| group.iter().map(|e| e + 1).collect()),
        );
        written.sort();
        keys.push(format!("joins = {written:?}"));
    }
    keys
}

/// The joins a tile without `joins` takes under `rule`: lines by colour (`every`, each
/// colour on two line slots), regions by colour (`same-colour`); `None` when its colours do
/// not make lines.
fn derived_joins(rule: &SetRule, slots: &[Slot]) -> Option<Vec<(usize, usize)>> {
    let mut joins = Vec::new();
    if rule.joins == JoinRule::Every {
        let mut by_colour: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (k, slot) in slots.iter().enumerate().filter(|(_, s)| s.kind == SlotKind::Line) {
            by_colour.entry(slot.colour.as_str()).or_default().push(k);
        }
        for on in by_colour.values() {
            match on[..] {
                [a, b] => joins.push((a, b)),
                _ => return None,
            }
        }
    }
    if rule.region_joins == RegionJoinRule::SameColour {
        joins.extend(joins_of_links(slots.len(), &same_colour_links(slots)));
    }
    joins.sort_unstable();
    Some(joins)
}

/// `rotation`, `rotation+reflection` or `none`, as `[rule] symmetry` writes it.
pub fn symmetry_name(symmetry: Symmetry) -> &'static str {
    match symmetry {
        Symmetry::Rotation => "rotation",
        Symmetry::RotationReflection => "rotation+reflection",
        Symmetry::None => "none",
    }
}

/// `["a", "b"]` as TOML.
fn list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quoted(s)).collect();
    format!("[{}]", quoted.join(", "))
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    let escaped: String = text
        .chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c => vec![c],
        })
        .collect();
    format!("\"{escaped}\"")
}
