//! A set's rule applied to one tile: every way the tile breaks the rule, in words.
//!
//! The same check filters the enumeration of the complete set and explains why a listed
//! tile is not part of it, so the two can never disagree.

use std::ops::ControlFlow;

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::slot_span;
use crate::model::rules::edge_slots::slot_name;
use crate::model::rules::region_joins::{
    each_line_join, is_band, region_groups, same_colour_links,
};
use crate::model::rules::tile_set::{
    EMPTY_SLOT, JoinRule, RegionJoinRule, SetRule, Slot, SlotKind,
};

/// One way a tile breaks its rule: the rule's key it breaks, and how, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The `[rule]` key (`colours`, `kinds_of`, `edges`, `join_spans`, `min_colours`, …).
    pub constraint: &'static str,
    pub text: String,
}

/// Every way the tile `slots` + `joins` (0-based slot pairs) breaks `rule`, in words; empty
/// if none.
pub fn violations(
    rule: &SetRule,
    shape: RegularPolygon,
    slots: &[Slot],
    joins: &[(usize, usize)],
) -> Vec<String> {
    rule_breaks(rule, shape, slots, joins).into_iter().map(|v| v.text).collect()
}

/// Every way the tile `slots` + `joins` breaks `rule`, each with the key it breaks.
pub fn rule_breaks(
    rule: &SetRule,
    shape: RegularPolygon,
    slots: &[Slot],
    joins: &[(usize, usize)],
) -> Vec<Violation> {
    let mut found = Vec::new();
    let _ = each_break(rule, shape, slots, joins, &mut |constraint, text| {
        found.push(Violation { constraint, text: text() });
        ControlFlow::Continue(())
    });
    found
}

/// Whether the tile `slots` + `joins` keeps `rule`: [`rule_breaks`] would find nothing.
/// Stops at the first break and writes none in words (the enumeration asks this of every
/// candidate).
pub fn keeps_rule(
    rule: &SetRule,
    shape: RegularPolygon,
    slots: &[Slot],
    joins: &[(usize, usize)],
) -> bool {
    each_break(rule, shape, slots, joins, &mut |_, _| ControlFlow::Break(())).is_continue()
}

/// What [`each_break`] calls with each break: the key and how to write it in words;
/// `Break` stops.
type FoundBreak<'a> = dyn FnMut(&'static str, &dyn Fn() -> String) -> ControlFlow<()> + 'a;

/// Calls `found` with every way the tile breaks `rule`, in order, until it says stop.
fn each_break(
    rule: &SetRule,
    shape: RegularPolygon,
    slots: &[Slot],
    joins: &[(usize, usize)],
    found: &mut FoundBreak<'_>,
) -> ControlFlow<()> {
    let per_edge = rule.slots_per_edge;
    for (position, slot) in slots.iter().enumerate() {
        let at = || slot_name(position, per_edge);
        if !rule.colours.contains(&slot.colour) {
            let what = if slot.is_empty() { "empty" } else { slot.colour.as_str() };
            found("colours", &|| format!("{} is {what}, which the rule does not use", at()))?;
        }
        if !slot.is_empty() && !rule.slot_kinds.contains(&slot.kind) {
            found("slot_kinds", &|| {
                format!("{} is a {}, which the rule does not use", at(), slot.kind.name())
            })?;
        } else if !slot.is_empty() && !rule.kinds_for(&slot.colour).contains(&slot.kind) {
            found("kinds_of", &|| {
                let kinds: Vec<&str> =
                    rule.kinds_for(&slot.colour).iter().map(|k| k.name()).collect();
                format!(
                    "{} is a {} {}, where the rule's `kinds_of` gives {} only {}",
                    at(),
                    slot.colour,
                    slot.kind.name(),
                    slot.colour,
                    kinds.join(" or ")
                )
            })?;
        }
    }
    if !rule.edges.is_empty() && per_edge > 0 {
        for (edge, on_edge) in slots.chunks(per_edge).enumerate() {
            if !rule.edges.iter().any(|allowed| allowed == on_edge) {
                found("edges", &|| {
                    let texts: Vec<String> =
                        on_edge.iter().map(super::describe::slot_text).collect();
                    format!(
                        "edge {} reads {}, which the rule's `edges` do not list",
                        edge + 1,
                        texts.join(" | ")
                    )
                })?;
            }
        }
    }
    for text in region_violations(rule, slots, joins) {
        found("region_joins", &|| text.clone())?;
    }
    let line_joins = || each_line_join(slots, joins);
    let joined = |e: usize| line_joins().any(|(a, b)| a == e || b == e);
    let unjoined_lines: Vec<usize> =
        (0..slots.len()).filter(|&e| slots[e].kind == SlotKind::Line && !joined(e)).collect();
    let nouns = if per_edge > 1 { "slot(s)" } else { "edge(s)" };
    match rule.joins {
        JoinRule::Every if !unjoined_lines.is_empty() => {
            found("joins", &|| {
                format!("line slot(s) {} are not joined", edge_list(&unjoined_lines))
            })?;
        }
        JoinRule::Never if line_joins().next().is_some() => {
            let what = if per_edge > 1 { "slots" } else { "edges" };
            found("joins", &|| format!("it joins {what}; the rule joins none"))?;
        }
        _ => {}
    }
    let positions = shape.sides * per_edge;
    let span = |(a, b): (usize, usize)| slot_span(positions, a, b);
    for (a, b) in line_joins() {
        let span = span((a, b));
        if !rule.join_spans.contains(&span) {
            found("join_spans", &|| {
                format!(
                    "the line {}–{} spans {span} {nouns}, which the rule does not allow",
                    a + 1,
                    b + 1
                )
            })?;
        }
    }
    if !rule.exclude_spans.is_empty() {
        let mut sorted_spans: Vec<usize> = line_joins().map(span).collect();
        sorted_spans.sort_unstable();
        if rule.exclude_spans.contains(&sorted_spans) {
            found("exclude_spans", &|| {
                format!("its line pattern (spans {sorted_spans:?}) is excluded by the rule")
            })?;
        }
    }
    if rule.distinct_line_colours {
        // One colour per line: each joined pair's, then each unjoined line slot's.
        let line_colours = || {
            line_joins()
                .map(|(a, _)| slots[a].colour.as_str())
                .chain(unjoined_lines.iter().map(|&e| slots[e].colour.as_str()))
        };
        if distinct_count(line_colours) < line_colours().count() {
            found("distinct_line_colours", &|| "two of its lines have the same colour".into())?;
        }
    }
    let shown = || slots.iter().filter(|s| !s.is_empty());
    let colours = distinct_count(|| shown().map(|s| s.colour.as_str()));
    if colours < rule.min_colours || colours > rule.max_colours {
        let key = if colours < rule.min_colours { "min_colours" } else { "max_colours" };
        found(key, &|| {
            format!(
                "it shows {colours} colour(s); the rule wants {}",
                range_text(rule.min_colours, rule.max_colours)
            )
        })?;
    }
    let kinds = distinct_count(|| shown().map(|s| s.kind));
    if kinds < rule.min_slot_kinds {
        found("min_slot_kinds", &|| {
            format!(
                "it shows {kinds} slot kind(s); the rule wants at least {}",
                rule.min_slot_kinds
            )
        })?;
    }
    ControlFlow::Continue(())
}

/// How many different items `items` yields (each compared with those before it: a tile
/// has a few dozen slots at most, and this allocates nothing).
fn distinct_count<T: PartialEq, I: Iterator<Item = T>>(items: impl Fn() -> I) -> usize {
    items()
        .enumerate()
        .filter(|(i, item)| !items().take(*i).any(|earlier| earlier == *item))
        .count()
}

/// How the tile's joined regions break the rule's `region_joins`.
fn region_violations(rule: &SetRule, slots: &[Slot], joins: &[(usize, usize)]) -> Vec<String> {
    let groups = region_groups(slots, joins);
    match rule.region_joins {
        RegionJoinRule::Never => groups
            .iter()
            .map(|group| {
                format!("it joins the regions on edges {}; the rule joins none", edge_list(group))
            })
            .collect(),
        RegionJoinRule::Optional => Vec::new(),
        RegionJoinRule::SameColour => groups
            .iter()
            .filter(|group| is_band(slots, group))
            .map(|group| {
                format!(
                    "it joins the regions on edges {}, which are not neighbours; the rule \
                     joins only neighbouring regions",
                    edge_list(group)
                )
            })
            .chain(
                same_colour_links(slots)
                    .into_iter()
                    .filter(|&(a, b)| !groups.iter().any(|g| g.contains(&a) && g.contains(&b)))
                    .map(|(a, b)| {
                        format!(
                            "the {} regions on edges {} and {} are not joined; the rule joins \
                     neighbouring regions of one colour",
                            slots[a].colour,
                            a + 1,
                            b + 1
                        )
                    }),
            )
            .collect(),
    }
}

/// Every way the tile's corner colours break the rule's `corners`; empty if none.
pub fn corner_violations(rule: &SetRule, corners: &[String]) -> Vec<String> {
    match (rule.corner_colours.is_empty(), corners.is_empty()) {
        (true, true) => Vec::new(),
        (true, false) => vec!["it has corner colours; the rule has no `corners`".into()],
        (false, true) => vec!["it has no corner colours; the rule gives `corners`".into()],
        (false, false) => corners
            .iter()
            .enumerate()
            .filter(|(_, colour)| !rule.corner_colours.contains(colour))
            .map(|(corner, colour)| {
                let what = if colour == EMPTY_SLOT { "empty" } else { colour.as_str() };
                format!("corner {} is {what}, which the rule does not use", corner + 1)
            })
            .collect(),
    }
}

/// "1, 3 and 4" from 0-based edges.
fn edge_list(edges: &[usize]) -> String {
    let words: Vec<String> = edges.iter().map(|e| (e + 1).to_string()).collect();
    words.join(", ")
}

fn range_text(min: usize, max: usize) -> String {
    match (min, max) {
        (a, b) if a == b => format!("exactly {a}"),
        (a, usize::MAX) => format!("at least {a}"),
        (a, b) => format!("{a} to {b}"),
    }
}
