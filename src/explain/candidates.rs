//! The rules explain proposes for one reading of a list: bases (colours, kinds, joins,
//! region joins, corners, symmetry: what the enumeration walks) and the filters the list
//! shows (`distinct_line_colours`, `min_colours`, `max_colours`, `min_slot_kinds`,
//! `join_spans`), each family on or off.

use std::collections::BTreeMap;

use super::observe::Observed;
use crate::geometry::canonical::Symmetry;
use crate::model::parts::tiles::TileReading;
use crate::model::rules::tile_set::{
    EMPTY_SLOT, JoinRule, RegionJoinRule, SetRule, Slot, SlotKind,
};

/// A rule the enumeration derives, and how many constraints it already has.
#[derive(Clone, Debug)]
pub struct Base {
    pub rule: SetRule,
    pub constraints: usize,
}

/// One filter the list shows, applied on top of a base.
#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    DistinctLineColours,
    MinColours(usize),
    MaxColours(usize),
    MinSlotKinds(usize),
    JoinSpans(Vec<usize>),
}

impl Filter {
    /// The `[rule]` key the filter sets, as `validate::rule` names it in a violation.
    pub fn key(&self) -> &'static str {
        match self {
            Filter::DistinctLineColours => "distinct_line_colours",
            Filter::MinColours(_) => "min_colours",
            Filter::MaxColours(_) => "max_colours",
            Filter::MinSlotKinds(_) => "min_slot_kinds",
            Filter::JoinSpans(_) => "join_spans",
        }
    }

    pub fn apply(&self, rule: &mut SetRule) {
        match self {
            Filter::DistinctLineColours => rule.distinct_line_colours = true,
            Filter::MinColours(k) => rule.min_colours = *k,
            Filter::MaxColours(k) => rule.max_colours = *k,
            Filter::MinSlotKinds(k) => rule.min_slot_kinds = *k,
            Filter::JoinSpans(spans) => rule.join_spans = spans.clone(),
        }
    }
}

/// The symmetries tried, the usual first.
const SYMMETRIES: [Symmetry; 3] =
    [Symmetry::Rotation, Symmetry::RotationReflection, Symmetry::None];

/// The bases of a reading: the colours seen (and, when some colour is on one tile only,
/// without it), with or without `kinds_of`, each join rule the reading allows, each
/// symmetry.
pub fn bases(
    observed: &Observed,
    reading: TileReading,
    listed: usize,
    (sides, per_edge): (usize, usize),
) -> Vec<Base> {
    let lines = observed.shows(SlotKind::Line);
    let regions = observed.shows(SlotKind::Region);
    let joins: &[JoinRule] = match (lines, reading.lines) {
        (_, true) => &[JoinRule::Every],
        (true, false) => &[JoinRule::Never, JoinRule::Optional],
        (false, false) => &[],
    };
    let region_joins: &[RegionJoinRule] = match (regions, reading.regions) {
        (true, true) => &[RegionJoinRule::SameColour],
        (true, false) => &[RegionJoinRule::Never, RegionJoinRule::Optional],
        (false, false) => &[RegionJoinRule::Never],
        (false, true) => &[],
    };
    let mut found = Vec::new();
    for colours in colour_choices(observed, listed) {
        let kinds: Vec<SlotKind> = {
            let shown: std::collections::BTreeSet<SlotKind> = colours
                .iter()
                .filter_map(|c| observed.kinds_of.get(c))
                .flatten()
                .copied()
                .collect();
            SlotKind::ALL.into_iter().filter(|k| shown.contains(k)).collect()
        };
        let own_kinds: BTreeMap<String, Vec<SlotKind>> = colours
            .iter()
            .filter_map(|c| {
                let seen = observed.kinds_of.get(c)?;
                let of: Vec<SlotKind> =
                    kinds.iter().copied().filter(|k| seen.contains(k)).collect();
                (!of.is_empty() && of.len() < kinds.len()).then(|| (c.clone(), of))
            })
            .collect();
        // `edges` fix every slot's kind: `kinds_of` cannot narrow them further.
        let kinds_of_choices = match own_kinds.is_empty() || !observed.edges.is_empty() {
            true => vec![BTreeMap::new()],
            false => vec![BTreeMap::new(), own_kinds],
        };
        // With several slots per edge, the edges the list shows in these colours: any slot
        // on any of a tile's many positions is more than any set holds.
        let edges: Vec<Vec<Slot>> = (observed.edges.iter())
            .filter(|edge| {
                edge.iter().all(|s| s.kind == SlotKind::Empty || colours.contains(&s.colour))
            })
            .cloned()
            .collect();
        for kinds_of in &kinds_of_choices {
            for &join in joins {
                for &region in region_joins {
                    for symmetry in SYMMETRIES {
                        let rule = SetRule {
                            colours: colours.clone(),
                            slots_per_edge: per_edge,
                            edges: edges.clone(),
                            slot_kinds: match kinds.is_empty() {
                                true => vec![SlotKind::Line],
                                false => kinds.clone(),
                            },
                            kinds_of: kinds_of.clone(),
                            joins: join,
                            region_joins: region,
                            corner_colours: observed.corners.clone(),
                            join_spans: (1..=sides * per_edge / 2).collect(),
                            exclude_spans: Vec::new(),
                            distinct_line_colours: false,
                            min_colours: 0,
                            max_colours: usize::MAX,
                            min_slot_kinds: 0,
                            symmetry,
                            count: None,
                            copies: 1,
                            copies_of: Vec::new(),
                            values: None,
                            position: Default::default(),
                            key_positions: Default::default(),
                        };
                        let constraints = usize::from(lines && join != JoinRule::Optional)
                            + usize::from(regions && region != RegionJoinRule::Optional)
                            + kinds_of.len()
                            + usize::from(!edges.is_empty());
                        found.push(Base { rule, constraints });
                    }
                }
            }
        }
    }
    found
}

/// The colours a base may use: every colour seen, and without those on one tile only (a
/// stray tile) when the list has four tiles or more.
fn colour_choices(observed: &Observed, listed: usize) -> Vec<Vec<String>> {
    let all: Vec<String> = observed.colours.iter().map(|(c, _)| c.clone()).collect();
    let all = match all.is_empty() {
        true => vec![EMPTY_SLOT.to_string()],
        false => all,
    };
    let common: Vec<String> =
        observed.colours.iter().filter(|(_, on)| *on > 1).map(|(c, _)| c.clone()).collect();
    match listed >= 4 && !common.is_empty() && common.len() < all.len() {
        true => vec![all, common],
        false => vec![all],
    }
}

/// Each filter family with its choices (every family may also be left off).
pub fn filter_families(observed: &Observed, base: &SetRule) -> Vec<Vec<Filter>> {
    let mut families = Vec::new();
    let with_empty = base.colours.iter().any(|c| c == EMPTY_SLOT);
    let shown = base.colours.iter().filter(|c| *c != EMPTY_SLOT).count();
    if observed.shows(SlotKind::Line) {
        families.push(vec![Filter::DistinctLineColours]);
    }
    let lowest = if with_empty { 1 } else { 2 };
    families.push((lowest..=observed.most_colours).map(Filter::MinColours).collect());
    families.push((observed.fewest_colours.max(1)..shown).map(Filter::MaxColours).collect());
    families.push((lowest..=observed.most_kinds).map(Filter::MinSlotKinds).collect());
    let every: Vec<usize> = base.join_spans.clone();
    let seen: Vec<usize> = observed.spans.keys().copied().collect();
    let common: Vec<usize> =
        observed.spans.iter().filter(|(_, on)| **on > 1).map(|(s, _)| *s).collect();
    let mut spans = Vec::new();
    for choice in [seen, common] {
        if !choice.is_empty()
            && choice != every
            && !spans.contains(&Filter::JoinSpans(choice.clone()))
        {
            spans.push(Filter::JoinSpans(choice));
        }
    }
    families.push(spans);
    families.retain(|family| !family.is_empty());
    families
}
