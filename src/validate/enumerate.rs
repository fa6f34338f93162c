//! Derives the complete set from its rule: every slot assignment and every way of joining
//! its line slots, kept when the rule allows it, one per symmetry class.

use std::collections::BTreeMap;

use super::rule::violations;
use crate::geometry::canonical::{EdgeLabel, canonical, edge_labels};
use crate::geometry::polygon::RegularPolygon;
use crate::model::design::{EMPTY_SLOT, JoinRule, SetRule, Slot, SlotKind};

/// A tile's canonical form: what identifies it up to the rule's symmetry.
pub type TileKey = Vec<EdgeLabel<Slot>>;

/// One tile design: a slot per edge and the joined edge pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDesign {
    pub slots: Vec<Slot>,
    pub joins: Vec<(usize, usize)>,
}

/// Refuses rules whose enumeration would take too long (slot choices ^ edges).
pub const MAX_ASSIGNMENTS: usize = 5_000_000;

/// Every tile the rule allows, keyed by canonical form (sorted, so the order is stable).
/// `Err` gives the number of slot assignments when it exceeds [`MAX_ASSIGNMENTS`].
pub fn complete_set(
    rule: &SetRule,
    shape: RegularPolygon,
) -> Result<BTreeMap<TileKey, TileDesign>, usize> {
    let choices: Vec<Slot> = rule
        .colours
        .iter()
        .flat_map(|colour| {
            if colour == EMPTY_SLOT {
                return vec![Slot::empty()];
            }
            rule.slot_kinds.iter().map(|&kind| Slot { colour: colour.clone(), kind }).collect()
        })
        .collect();
    if choices.is_empty() {
        return Ok(BTreeMap::new());
    }
    let total = choices.len().checked_pow(shape.sides as u32).unwrap_or(usize::MAX);
    if total > MAX_ASSIGNMENTS {
        return Err(total);
    }
    let mut set = BTreeMap::new();
    for index in 0..total {
        let slots = assignment(&choices, shape.sides, index);
        for joins in line_matchings(&slots, rule.joins) {
            if violations(rule, shape, &slots, &joins).is_empty() {
                let key = canonical(&edge_labels(&slots, &joins), rule.symmetry).0;
                set.entry(key).or_insert_with(|| TileDesign { slots: slots.clone(), joins });
            }
        }
    }
    Ok(set)
}

/// The `index`-th assignment of `choices` to `sides` edges (edge 0 varies slowest).
fn assignment(choices: &[Slot], sides: usize, mut index: usize) -> Vec<Slot> {
    let mut slots = vec![choices[0].clone(); sides];
    for slot in slots.iter_mut().rev() {
        *slot = choices[index % choices.len()].clone();
        index /= choices.len();
    }
    slots
}

/// Ways of joining line slots of the same colour: all of them (`Every`: perfect matchings),
/// any subset (`Optional`), or none.
fn line_matchings(slots: &[Slot], rule: JoinRule) -> Vec<Vec<(usize, usize)>> {
    if rule == JoinRule::Never {
        return vec![Vec::new()];
    }
    let lines: Vec<usize> = (0..slots.len()).filter(|&e| slots[e].kind == SlotKind::Line).collect();
    matchings(&lines, rule == JoinRule::Every, &|a, b| slots[a].colour == slots[b].colour)
}

/// All matchings of `items` using pairs that `pairable` accepts; `perfect` keeps only those
/// that use every item. Pairs are (smaller, larger) and listed in order.
pub fn matchings(
    items: &[usize],
    perfect: bool,
    pairable: &dyn Fn(usize, usize) -> bool,
) -> Vec<Vec<(usize, usize)>> {
    let Some((&first, rest)) = items.split_first() else { return vec![Vec::new()] };
    let mut found = Vec::new();
    if !perfect {
        found.extend(matchings(rest, perfect, pairable));
    }
    for (i, &partner) in rest.iter().enumerate() {
        if !pairable(first, partner) {
            continue;
        }
        let remaining: Vec<usize> =
            rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &e)| e).collect();
        for mut tail in matchings(&remaining, perfect, pairable) {
            tail.insert(0, (first.min(partner), first.max(partner)));
            tail.sort_unstable();
            found.push(tail);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::design::Symmetry;
    use std::collections::BTreeSet;

    /// A Tantrix-like rule: every edge joined, lines in distinct colours, no three straights.
    fn tantrix_like(colours: &[&str]) -> SetRule {
        SetRule {
            colours: colours.iter().map(|c| c.to_string()).collect(),
            slot_kinds: vec![SlotKind::Line],
            joins: JoinRule::Every,
            join_spans: vec![1, 2, 3],
            exclude_spans: vec![vec![3, 3, 3]],
            distinct_line_colours: true,
            min_colours: 1,
            max_colours: usize::MAX,
            min_slot_kinds: 1,
            symmetry: Symmetry::Rotation,
            count: None,
            copies: 1,
            position: Default::default(),
        }
    }

    /// The Triles rule (games.md §2) with its two filters as parameters.
    fn triles_rule(min_colours: usize, min_slot_kinds: usize) -> SetRule {
        SetRule {
            colours: vec!["black".into(), "white".into()],
            slot_kinds: vec![SlotKind::Line, SlotKind::Ring, SlotKind::Dot],
            joins: JoinRule::Optional,
            join_spans: vec![1],
            exclude_spans: Vec::new(),
            distinct_line_colours: false,
            min_colours,
            max_colours: usize::MAX,
            min_slot_kinds,
            symmetry: Symmetry::Rotation,
            count: None,
            copies: 1,
            position: Default::default(),
        }
    }

    fn count(rule: &SetRule) -> usize {
        complete_set(rule, RegularPolygon::new(3, 40.0)).map(|set| set.len()).unwrap_or(0)
    }

    #[test]
    fn six_edges_pair_up_in_fifteen_ways_and_five_up_to_rotation() {
        let all = matchings(&[0, 1, 2, 3, 4, 5], true, &|_, _| true);
        assert_eq!(all.len(), 15);
        let classes: BTreeSet<_> = all
            .iter()
            .map(|joins| canonical(&edge_labels(&[(); 6], joins), Symmetry::Rotation).0)
            .collect();
        assert_eq!(classes.len(), 5);
    }

    #[test]
    fn the_tantrix_rule_derives_fifty_six_tiles() {
        let hex = RegularPolygon::new(6, 24.0);
        let set = complete_set(&tantrix_like(&["red", "yellow", "blue", "green"]), hex).unwrap();
        assert_eq!(set.len(), 56);
        // Each tile uses three colours, one per line.
        for tile in set.values() {
            let colours: BTreeSet<&str> = tile.slots.iter().map(|s| s.colour.as_str()).collect();
            assert_eq!(colours.len(), 3);
            assert_eq!(tile.joins.len(), 3);
        }
    }

    #[test]
    fn one_colour_triple_gives_two_three_three_and_six_tiles_by_pattern() {
        let hex = RegularPolygon::new(6, 24.0);
        let set = complete_set(&tantrix_like(&["red", "yellow", "blue"]), hex).unwrap();
        let mut by_pattern: BTreeMap<String, usize> = BTreeMap::new();
        for tile in set.values() {
            // Pattern as straight/gentle/sharp counts, e.g. "021".
            let count = |span| tile.joins.iter().filter(|&&(a, b)| hex.span(a, b) == span).count();
            *by_pattern.entry(format!("{}{}{}", count(3), count(2), count(1))).or_default() += 1;
        }
        let expected: BTreeMap<String, usize> = [("003", 2), ("021", 6), ("102", 3), ("120", 3)]
            .map(|(p, n)| (p.to_string(), n))
            .into();
        assert_eq!(by_pattern, expected);
    }

    #[test]
    fn oversized_rules_are_refused_before_enumerating() {
        let colours: Vec<String> = (0..20).map(|i| format!("c{i}")).collect();
        let names: Vec<&str> = colours.iter().map(String::as_str).collect();
        let result = complete_set(&tantrix_like(&names), RegularPolygon::new(6, 24.0));
        assert_eq!(result.unwrap_err(), 20usize.pow(6));
    }

    #[test]
    fn triangles_with_two_colours_three_kinds_and_optional_joins_give_88_60_52() {
        assert_eq!(count(&triles_rule(1, 1)), 88, "the whole space");
        assert_eq!(count(&triles_rule(2, 1)), 60, "both colours");
        assert_eq!(count(&triles_rule(2, 2)), 52, "both colours, two slot kinds");
    }

    #[test]
    fn without_joins_the_count_is_the_number_of_slot_necklaces() {
        // 6 slot choices on 3 edges up to rotation: (6³ + 2·6) / 3 = 76 designs.
        let mut rule = triles_rule(1, 1);
        rule.joins = JoinRule::Never;
        assert_eq!(count(&rule), 76);
    }

    #[test]
    fn every_derived_tile_satisfies_the_rule_and_keys_are_canonical() {
        let rule = triles_rule(2, 2);
        let shape = RegularPolygon::new(3, 40.0);
        for (key, tile) in complete_set(&rule, shape).unwrap_or_default() {
            assert!(violations(&rule, shape, &tile.slots, &tile.joins).is_empty());
            assert_eq!(canonical(&edge_labels(&tile.slots, &tile.joins), rule.symmetry).0, key);
        }
    }

    #[test]
    fn reflections_merge_mirror_images() {
        let mut rule = triles_rule(1, 1);
        let rotation_only = count(&rule);
        rule.symmetry = Symmetry::RotationReflection;
        assert!(count(&rule) < rotation_only);
    }
}
