//! Derives the complete set from its rule: every slot assignment, every way of joining its
//! line slots and its neighbouring regions, every corner colouring, kept when the rule
//! allows it, one per symmetry class.

use std::collections::{BTreeMap, BTreeSet};

pub use super::face_key::TileKey;
use super::face_key::{face_key, key_of};
use super::matching::{Matching, VisitMatching};
use super::rule::{corner_violations, keeps_rule};
use crate::geometry::polygon::RegularPolygon;
use crate::model::input::limits::{MAX_ENUMERATION_WORK, MAX_TILES};
use crate::model::rules::region_joins::{band_joins, joins_of_links, same_colour_links};
use crate::model::rules::tile_set::{
    EMPTY_SLOT, JoinRule, RegionJoinRule, SetRule, Slot, SlotKind,
};

/// One tile design: a slot per edge, the joined edge pairs and the corner colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileDesign {
    pub slots: Vec<Slot>,
    pub joins: Vec<(usize, usize)>,
    /// One colour per corner, when the rule gives `corners`; else empty.
    pub corners: Vec<String>,
}

/// Why a rule's complete set is not derived.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TooLarge {
    /// Enumerating would visit this many slot assignments and join matchings, more than
    /// [`MAX_ENUMERATION_WORK`].
    Work(f64),
    /// The rule allows more distinct tiles than a design may hold ([`MAX_TILES`]).
    Tiles,
}

/// Every tile the rule allows, keyed by canonical form (sorted, so the order is stable).
/// The work is estimated from the rule first and refused when too large; the set stops
/// growing past [`MAX_TILES`], since no design could hold it.
pub fn complete_set(
    rule: &SetRule,
    shape: RegularPolygon,
) -> Result<BTreeMap<TileKey, TileDesign>, TooLarge> {
    let mut set = BTreeMap::new();
    let mut too_many = false;
    let corner_total = corner_colourings(rule, shape.sides)?;
    // Most candidates turn out to be a tile met before, turned: each is first keyed by
    // numbers standing for its colours (which keys faces alike exactly when the names do,
    // and copies no name), and keyed by its names only when it is new.
    let mut numbered = Numbered::default();
    let mut met = BTreeSet::new();
    each_unfiltered(rule, shape, &mut |slots, joins| {
        if !keeps_rule(rule, shape, slots, joins) {
            return true;
        }
        for corner_index in 0..corner_total {
            let corners = corner_colouring(rule, shape.sides, corner_index);
            if !corner_violations(rule, &corners).is_empty() {
                continue;
            }
            let (number_slots, number_corners) = numbered.face(slots, &corners);
            let numbers_key =
                key_of(number_slots, rule.slots_per_edge, joins, number_corners, rule.symmetry).0;
            if !met.insert(numbers_key) {
                continue;
            }
            let key = face_key(slots, rule.slots_per_edge, joins, &corners, rule.symmetry).0;
            set.entry(key).or_insert_with(|| TileDesign {
                slots: slots.to_vec(),
                joins: joins.to_vec(),
                corners,
            });
            if set.len() > MAX_TILES {
                too_many = true;
                return false;
            }
        }
        true
    })?;
    match too_many {
        true => Err(TooLarge::Tiles),
        false => Ok(set),
    }
}

/// Colour names numbered in the order met (a corner's number 1 more, 0 standing for no
/// corner), and the buffers of one face written in those numbers.
#[derive(Default)]
struct Numbered {
    names: Vec<String>,
    slots: Vec<(usize, SlotKind)>,
    corners: Vec<usize>,
}

impl Numbered {
    /// The face `slots` + `corners` in numbers.
    fn face(&mut self, slots: &[Slot], corners: &[String]) -> (&[(usize, SlotKind)], &[usize]) {
        self.slots.clear();
        self.corners.clear();
        for slot in slots {
            let number = self.number(&slot.colour);
            self.slots.push((number, slot.kind));
        }
        for corner in corners {
            let number = self.number(corner) + 1;
            self.corners.push(number);
        }
        (&self.slots, &self.corners)
    }

    fn number(&mut self, name: &str) -> usize {
        match self.names.iter().position(|known| known == name) {
            Some(number) => number,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        }
    }
}

/// How many corner colourings a tile of `sides` corners has under the rule (1 without
/// corners).
pub fn corner_colourings(rule: &SetRule, sides: usize) -> Result<usize, TooLarge> {
    match rule.corner_colours.len() {
        0 => Ok(1),
        c => c.checked_pow(sides as u32).ok_or(TooLarge::Work(enumeration_work(rule, sides))),
    }
}

/// The `index`-th corner colouring of the rule's corner colours (empty without corners).
pub fn corner_colouring(rule: &SetRule, sides: usize, index: usize) -> Vec<String> {
    assignment(&rule.corner_colours, sides, index)
}

/// What [`each_unfiltered`] calls with each candidate: its slots and sorted joins; `false`
/// stops the enumeration.
pub type Visit<'a> = dyn FnMut(&[Slot], &[(usize, usize)]) -> bool + 'a;

/// Calls `visit` with every slot assignment × line matching × region joining the
/// enumeration visits (slots, sorted joins), before the rule's filters, until it returns
/// `false`; refused before the first when the work is too large.
pub fn each_unfiltered(
    rule: &SetRule,
    shape: RegularPolygon,
    visit: &mut Visit<'_>,
) -> Result<(), TooLarge> {
    let work = enumeration_work(rule, shape.sides);
    if work > MAX_ENUMERATION_WORK {
        return Err(TooLarge::Work(work));
    }
    let per_edge = rule.slots_per_edge.max(1);
    // What each position takes: a slot of the rule's colours and kinds, or with the rule's
    // `edges` a whole edge's slots at once.
    let (choices, positions): (Vec<Vec<Slot>>, usize) = match rule.edges.is_empty() {
        true => {
            let one_each = slot_choices(rule).into_iter().map(|slot| vec![slot]).collect();
            (one_each, shape.sides * per_edge)
        }
        false => (rule.edges.clone(), shape.sides),
    };
    if choices.is_empty() {
        return Ok(());
    }
    let Some(total) = choices.len().checked_pow(positions as u32) else {
        return Err(TooLarge::Work(work));
    };
    // Each choice's slots' colours as numbers, compared without reading the names.
    let mut numbering = Numbered::default();
    let choice_numbers: Vec<Vec<usize>> = (choices.iter())
        .map(|choice| choice.iter().map(|slot| numbering.number(&slot.colour)).collect())
        .collect();
    // Buffers kept across the assignments: the enumeration makes thousands of them, most
    // without a single matching, and each once allocated its picks, lines and joins anew.
    let mut slots = Vec::new();
    let mut numbers = Vec::new();
    let mut odd = vec![false; numbering.names.len()];
    let mut picked = vec![0; positions];
    let mut matching = Matching::default();
    let mut joins = Vec::new();
    let no_region_joins = [Vec::new()];
    for index in 0..total {
        write_picks(&mut picked, choices.len(), index);
        // Joining every line slot to one of its colour needs an even number of each: the
        // other assignments have no matching to visit, and are not written out.
        if rule.joins == JoinRule::Every
            && !lines_pair_up(&choices, &choice_numbers, &picked, &mut odd)
        {
            continue;
        }
        assign_slots(&mut slots, &choices, &picked);
        numbers.clear();
        numbers.extend(picked.iter().flat_map(|&pick| &choice_numbers[pick]));
        let found_regions;
        let regions: &[Vec<(usize, usize)>] = match rule.region_joins {
            RegionJoinRule::Never => &no_region_joins,
            other => {
                found_regions = region_joinings(&slots, other);
                &found_regions
            }
        };
        let lines = (&slots[..], &numbers[..]);
        let went_on = each_line_matching(lines, rule.joins, &mut matching, &mut |line_joins| {
            for region_joins in regions {
                joins.clear();
                joins.extend_from_slice(line_joins);
                joins.extend(region_joins.iter().copied());
                joins.sort_unstable();
                if !visit(&slots, &joins) {
                    return false;
                }
            }
            true
        });
        if !went_on {
            return Ok(());
        }
    }
    Ok(())
}

/// Writes the assignment `picked` (a choice of `choices`, each one slot or an edge's slots,
/// per position) into `slots`, flattened clockwise. The slots' colours keep their storage:
/// the enumeration makes millions of assignments, and a fresh one allocated every colour.
fn assign_slots(slots: &mut Vec<Slot>, choices: &[Vec<Slot>], picked: &[usize]) {
    let mut count = 0;
    for slot in picked.iter().flat_map(|&pick| &choices[pick]) {
        match slots.get_mut(count) {
            Some(kept) => {
                kept.colour.clone_from(&slot.colour);
                kept.kind = slot.kind;
            }
            None => slots.push(slot.clone()),
        }
        count += 1;
    }
    slots.truncate(count);
}

/// The choice (of `count`) at each of `positions` in the `index`-th assignment: the digits
/// of `index` in base `count`, the last position least significant.
fn picks(count: usize, positions: usize, index: usize) -> Vec<usize> {
    let mut picked = vec![0; positions];
    write_picks(&mut picked, count, index);
    picked
}

/// [`picks`] written into `picked` (one digit per position), allocating nothing.
fn write_picks(picked: &mut [usize], count: usize, mut index: usize) {
    for pick in picked.iter_mut().rev() {
        *pick = index % count;
        index /= count;
    }
}

/// Every slot a position may take: each colour in each of its kinds (`"-"`: the empty slot).
fn slot_choices(rule: &SetRule) -> Vec<Slot> {
    rule.colours
        .iter()
        .flat_map(|colour| {
            if colour == EMPTY_SLOT {
                return vec![Slot::empty()];
            }
            rule.kinds_for(colour)
                .iter()
                .map(|&kind| Slot { colour: colour.clone(), kind })
                .collect()
        })
        .collect()
}

/// Ways of joining neighbouring regions of one colour: none, all of them, or any subset of
/// the links between them (`optional`; subsets that make the same areas give one tile), and
/// with `optional` the band over all the tile's regions when they are of one colour and apart.
fn region_joinings(slots: &[Slot], rule: RegionJoinRule) -> Vec<Vec<(usize, usize)>> {
    match rule {
        RegionJoinRule::Never => vec![Vec::new()],
        RegionJoinRule::SameColour => vec![joins_of_links(slots.len(), &same_colour_links(slots))],
        RegionJoinRule::Optional => {
            let links = same_colour_links(slots);
            let mut found: Vec<Vec<(usize, usize)>> = (0..1usize << links.len())
                .map(|subset| {
                    let chosen: Vec<(usize, usize)> = (0..links.len())
                        .filter(|&i| subset >> i & 1 == 1)
                        .map(|i| links[i])
                        .collect();
                    joins_of_links(slots.len(), &chosen)
                })
                .collect();
            found.extend(band_joins(slots));
            found.sort();
            found.dedup();
            found
        }
    }
}

/// How many slot assignments plus join matchings enumerating the rule on `sides` edges
/// visits, computed without enumerating, per slot (`slots_per_edge` on each edge): joins
/// pair line slots of one colour, so the matchings of an assignment are the product over
/// colours of the matchings of that colour's line slots. Over every slot of every position,
/// the sum over all assignments is `positions!` times the `x^positions` coefficient of the
/// product of exponential generating functions, one per slot choice; over the rule's
/// `edges`, a count of assignments by their line slots per colour, edge by edge.
pub fn enumeration_work(rule: &SetRule, sides: usize) -> f64 {
    let positions = sides * rule.slots_per_edge.max(1);
    // Matchings of k line slots of one colour under the join rule.
    let mut matchings = vec![1.0f64; positions + 1];
    if rule.joins == JoinRule::Every && positions > 0 {
        matchings[1] = 0.0;
    }
    for k in 2..=positions {
        matchings[k] = match rule.joins {
            JoinRule::Never => 1.0,
            JoinRule::Optional => matchings[k - 1] + (k - 1) as f64 * matchings[k - 2],
            JoinRule::Every => (k - 1) as f64 * matchings[k - 2],
        };
    }
    let (assignments, matched) = match rule.edges.is_empty() {
        true => work_of_slots(rule, positions, &matchings),
        false => work_of_edges(rule, sides, &matchings),
    };
    // Corner colourings and region joinings multiply what each assignment costs: bounded
    // by every corner colouring and every subset of the `positions` links between regions.
    let corners = (rule.corner_colours.len().max(1) as f64).powi(sides as i32);
    let regions = match rule.region_joins {
        RegionJoinRule::Optional => 2f64.powi(positions as i32) + 1.0,
        _ => 1.0,
    };
    (assignments + matched) * corners * regions
}

/// Assignments of any slot to each of `positions`, and their join matchings summed.
fn work_of_slots(rule: &SetRule, positions: usize, matchings: &[f64]) -> (f64, f64) {
    // Each colour's slot choices: its kinds (`kinds_of`, else every slot kind).
    let per_colour: Vec<&[SlotKind]> = rule.colours.iter().map(|c| rule.kinds_for(c)).collect();
    let others: usize =
        per_colour.iter().map(|kinds| kinds.iter().filter(|&&k| k != SlotKind::Line).count()).sum();
    let others = others as f64;
    let lines = per_colour.iter().filter(|kinds| kinds.contains(&SlotKind::Line)).count();
    let choices: usize = per_colour.iter().map(|kinds| kinds.len()).sum();
    let assignments = (choices as f64).powi(positions as i32);
    let mut factorial = vec![1.0f64; positions + 1];
    for k in 1..=positions {
        factorial[k] = factorial[k - 1] * k as f64;
    }
    let line_egf: Vec<f64> = (0..=positions).map(|k| matchings[k] / factorial[k]).collect();
    let mut product: Vec<f64> =
        (0..=positions).map(|k| others.powi(k as i32) / factorial[k]).collect();
    for _ in 0..lines {
        let mut next = vec![0.0; positions + 1];
        for (i, a) in product.iter().enumerate() {
            for (j, b) in line_egf.iter().enumerate().take(positions + 1 - i) {
                next[i + j] += a * b;
            }
        }
        product = next;
    }
    (assignments, product[positions] * factorial[positions])
}

/// Assignments of the rule's `edges` to `sides` edges, and their join matchings summed: the
/// assignments counted by how many line slots of each colour they have, one edge at a time.
fn work_of_edges(rule: &SetRule, sides: usize, matchings: &[f64]) -> (f64, f64) {
    let line_counts = |edge: &[Slot]| -> Vec<usize> {
        let count = |colour: &String| {
            edge.iter().filter(|s| s.kind == SlotKind::Line && s.colour == *colour).count()
        };
        rule.colours.iter().map(count).collect()
    };
    let mut by_lines: BTreeMap<Vec<usize>, f64> =
        BTreeMap::from([(vec![0; rule.colours.len()], 1.0)]);
    for _ in 0..sides {
        let mut next: BTreeMap<Vec<usize>, f64> = BTreeMap::new();
        for (counts, ways) in &by_lines {
            for edge in &rule.edges {
                let added: Vec<usize> =
                    counts.iter().zip(line_counts(edge)).map(|(a, b)| a + b).collect();
                *next.entry(added).or_default() += ways;
            }
        }
        by_lines = next;
    }
    let assignments = (rule.edges.len() as f64).powi(sides as i32);
    let matched = by_lines
        .iter()
        .map(|(counts, ways)| ways * counts.iter().map(|&k| matchings[k]).product::<f64>())
        .sum();
    (assignments, matched)
}

/// The `index`-th assignment of `choices` to `sides` edges (edge 0 varies slowest).
fn assignment<T: Clone>(choices: &[T], sides: usize, index: usize) -> Vec<T> {
    if choices.is_empty() {
        return Vec::new();
    }
    // The choice of each side first, then one clone each: the enumeration makes millions.
    picks(choices.len(), sides, index).into_iter().map(|pick| choices[pick].clone()).collect()
}

/// Calls `visit` with each way of joining line slots of the same colour — all of them
/// (`Every`: perfect matchings), any subset (`Optional`), or none — until it returns
/// `false`; returns whether it went on to the end. The slots come with their colours'
/// numbers (equal numbers, equal colours); `matching` holds the buffers.
fn each_line_matching(
    (slots, numbers): (&[Slot], &[usize]),
    rule: JoinRule,
    matching: &mut Matching,
    visit: &mut VisitMatching<'_>,
) -> bool {
    if rule == JoinRule::Never {
        return visit(&[]);
    }
    matching.set_items((0..slots.len()).filter(|&e| slots[e].kind == SlotKind::Line));
    let pairable = |a: usize, b: usize| numbers[a] == numbers[b];
    matching.each(rule == JoinRule::Every, &pairable, visit)
}

/// Whether the assignment `picked` of `choices` (their colours numbered by `numbers`) has
/// an even number of line slots of each colour; `odd` is a flag per colour number.
fn lines_pair_up(
    choices: &[Vec<Slot>],
    numbers: &[Vec<usize>],
    picked: &[usize],
    odd: &mut [bool],
) -> bool {
    odd.fill(false);
    for &pick in picked {
        for (slot, &number) in choices[pick].iter().zip(&numbers[pick]) {
            if slot.kind == SlotKind::Line {
                odd[number] = !odd[number];
            }
        }
    }
    !odd.contains(&true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignments_count_in_base_choices_with_edge_0_slowest() {
        let choices = ["a", "b", "c"];
        let all: Vec<Vec<&str>> = (0..81).map(|index| assignment(&choices, 4, index)).collect();
        assert_eq!(all[0], ["a", "a", "a", "a"]);
        assert_eq!(all[5], ["a", "a", "b", "c"]);
        assert_eq!(all[27], ["b", "a", "a", "a"]);
        assert_eq!(all[80], ["c", "c", "c", "c"]);
        let mut distinct = all.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct, all, "every index a different assignment, in order");
        assert!(assignment::<&str>(&[], 4, 0).is_empty());
    }
    use super::super::rule::{rule_breaks, violations};
    use crate::geometry::canonical::{canonical, edge_labels};
    use crate::model::rules::tile_set::Symmetry;
    use std::collections::BTreeSet;

    /// A Tantrix-like rule: every edge joined, lines in distinct colours, no three straights.
    fn tantrix_like(colours: &[&str]) -> SetRule {
        SetRule {
            colours: colours.iter().map(|c| c.to_string()).collect(),
            slots_per_edge: 1,
            edges: Vec::new(),
            slot_kinds: vec![SlotKind::Line],
            kinds_of: BTreeMap::new(),
            joins: JoinRule::Every,
            region_joins: RegionJoinRule::Never,
            corner_colours: Vec::new(),
            join_spans: vec![1, 2, 3],
            exclude_spans: vec![vec![3, 3, 3]],
            distinct_line_colours: true,
            min_colours: 1,
            max_colours: usize::MAX,
            min_slot_kinds: 1,
            symmetry: Symmetry::Rotation,
            count: None,
            copies: 1,
            copies_of: Vec::new(),
            values: None,
            position: Default::default(),
            key_positions: Default::default(),
        }
    }

    /// The Triles rule (games.md §2) with its two filters as parameters.
    fn triles_rule(min_colours: usize, min_slot_kinds: usize) -> SetRule {
        SetRule {
            colours: vec!["black".into(), "white".into()],
            slots_per_edge: 1,
            edges: Vec::new(),
            slot_kinds: vec![SlotKind::Line, SlotKind::Ring, SlotKind::Dot],
            kinds_of: BTreeMap::new(),
            joins: JoinRule::Optional,
            region_joins: RegionJoinRule::Never,
            corner_colours: Vec::new(),
            join_spans: vec![1],
            exclude_spans: Vec::new(),
            distinct_line_colours: false,
            min_colours,
            max_colours: usize::MAX,
            min_slot_kinds,
            symmetry: Symmetry::Rotation,
            count: None,
            copies: 1,
            copies_of: Vec::new(),
            values: None,
            position: Default::default(),
            key_positions: Default::default(),
        }
    }

    /// How many ways of joining the line slots of `slots` the rule gives.
    fn line_matchings(slots: &[Slot], rule: JoinRule) -> usize {
        let mut count = 0;
        let mut numbering = Numbered::default();
        let numbers: Vec<usize> = slots.iter().map(|s| numbering.number(&s.colour)).collect();
        each_line_matching((slots, &numbers), rule, &mut Matching::default(), &mut |_| {
            count += 1;
            true
        });
        count
    }

    fn count(rule: &SetRule) -> usize {
        complete_set(rule, RegularPolygon::new(3, 40.0)).map(|set| set.len()).unwrap_or(0)
    }

    #[test]
    fn six_edges_pair_up_in_fifteen_ways_and_five_up_to_rotation() {
        let all =
            super::super::matching::tests::all_matchings(&[0, 1, 2, 3, 4, 5], true, &|_, _| true);
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
        let Err(TooLarge::Work(work)) = result else { panic!("not refused: {result:?}") };
        assert!(work >= 20f64.powi(6), "{work}");
    }

    #[test]
    fn the_work_estimate_counts_what_enumerating_visits() {
        let hex = RegularPolygon::new(6, 24.0);
        let mut optional = tantrix_like(&["red", "blue", "green"]);
        optional.joins = JoinRule::Optional;
        let mut never = triles_rule(2, 1);
        never.joins = JoinRule::Never;
        let cases = [
            (tantrix_like(&["red", "yellow", "blue", "green"]), hex),
            (optional, hex),
            (triles_rule(2, 1), RegularPolygon::new(3, 40.0)),
            (never, RegularPolygon::new(4, 40.0)),
        ];
        for (rule, shape) in cases {
            let choices: Vec<Slot> = rule
                .colours
                .iter()
                .flat_map(|c| rule.slot_kinds.iter().map(|&kind| Slot { colour: c.clone(), kind }))
                .collect();
            let total = choices.len().pow(shape.sides as u32);
            let visited: usize = (0..total)
                .map(|i| line_matchings(&assignment(&choices, shape.sides, i), rule.joins))
                .sum();
            let estimate = enumeration_work(&rule, shape.sides);
            assert!((estimate - (total + visited) as f64).abs() < 1e-6 * estimate, "{rule:?}");
            // The enumeration visits each of them (assignments it passes over have none).
            let mut candidates = 0;
            each_unfiltered(&rule, shape, &mut |_, _| {
                candidates += 1;
                true
            })
            .unwrap();
            assert_eq!(candidates, visited, "{rule:?}");
        }
    }

    #[test]
    fn region_joinings_and_corners_are_enumerated_within_the_estimate() {
        // City regions or nothing on a square's edges, joined or not: 14 tiles with a city
        // (two cities across the tile are a band, or two).
        let mut rule = triles_rule(1, 1);
        rule.colours = vec!["city".into(), EMPTY_SLOT.into()];
        rule.slot_kinds = vec![SlotKind::Region];
        rule.joins = JoinRule::Never;
        rule.region_joins = RegionJoinRule::Optional;
        let square = RegularPolygon::new(4, 30.0);
        assert_eq!(complete_set(&rule, square).unwrap().len(), 14);
        rule.region_joins = RegionJoinRule::SameColour;
        assert_eq!(complete_set(&rule, square).unwrap().len(), 5, "one way per colouring");
        // Two corner colours on a triangle with empty edges: 4 up to rotation, 8 without.
        let mut corners = rule.clone();
        corners.colours = vec![EMPTY_SLOT.into()];
        corners.min_colours = 0;
        corners.min_slot_kinds = 0;
        corners.corner_colours = vec!["sea".into(), "land".into()];
        let triangle = RegularPolygon::new(3, 30.0);
        assert_eq!(complete_set(&corners, triangle).unwrap().len(), 4);
        corners.symmetry = Symmetry::None;
        assert_eq!(complete_set(&corners, triangle).unwrap().len(), 8);
        // The estimate bounds what is visited: assignments × joinings × corner colourings.
        let visited: usize = (0..2usize.pow(4))
            .map(|i| {
                let slots = assignment(
                    &[Slot::empty(), Slot { colour: "city".into(), kind: SlotKind::Region }],
                    4,
                    i,
                );
                region_joinings(&slots, RegionJoinRule::Optional).len()
            })
            .sum();
        rule.region_joins = RegionJoinRule::Optional;
        assert!(enumeration_work(&rule, 4) >= visited as f64);
        assert!(enumeration_work(&corners, 3) >= 8.0);
    }

    #[test]
    fn thirteen_colours_with_optional_joins_and_no_symmetry_are_refused_at_once() {
        let colours: Vec<String> = (0..13).map(|i| format!("c{i}")).collect();
        let names: Vec<&str> = colours.iter().map(String::as_str).collect();
        let mut rule = tantrix_like(&names);
        rule.joins = JoinRule::Optional;
        rule.symmetry = Symmetry::None;
        let started = std::time::Instant::now();
        let result = complete_set(&rule, RegularPolygon::new(6, 24.0));
        assert!(matches!(result, Err(TooLarge::Work(_))), "{result:?}");
        assert!(started.elapsed().as_millis() < 100);
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
            assert_eq!(face_key(&tile.slots, 1, &tile.joins, &tile.corners, rule.symmetry).0, key);
        }
    }

    #[test]
    fn numbered_keys_keep_the_tiles_named_keys_keep() {
        // The set as keyed by names alone: every candidate keyed, the first of each kept.
        let by_names = |rule: &SetRule, shape: RegularPolygon| {
            let mut set = BTreeMap::new();
            let corner_total = corner_colourings(rule, shape.sides).unwrap();
            each_unfiltered(rule, shape, &mut |slots, joins| {
                for index in 0..corner_total {
                    let corners = corner_colouring(rule, shape.sides, index);
                    if keeps_rule(rule, shape, slots, joins)
                        && corner_violations(rule, &corners).is_empty()
                    {
                        let key =
                            face_key(slots, rule.slots_per_edge, joins, &corners, rule.symmetry);
                        set.entry(key.0)
                            .or_insert_with(|| (slots.to_vec(), joins.to_vec(), corners));
                    }
                }
                true
            })
            .unwrap();
            set
        };
        let mut corners = triles_rule(1, 1);
        corners.colours = vec![EMPTY_SLOT.into(), "road".into()];
        corners.slot_kinds = vec![SlotKind::Line];
        corners.min_colours = 0;
        corners.min_slot_kinds = 0;
        corners.corner_colours = vec!["sea".into(), "land".into()];
        let mut two_per_edge = tantrix_like(&["red", "blue"]);
        two_per_edge.slots_per_edge = 2;
        two_per_edge.distinct_line_colours = false;
        two_per_edge.exclude_spans = Vec::new();
        two_per_edge.join_spans = (1..=6).collect();
        let mut mirrored = triles_rule(2, 2);
        mirrored.symmetry = Symmetry::RotationReflection;
        let mut cases = vec![
            (tantrix_like(&["red", "yellow", "blue", "green"]), RegularPolygon::new(6, 24.0)),
            (triles_rule(2, 2), RegularPolygon::new(3, 40.0)),
            (mirrored, RegularPolygon::new(3, 40.0)),
            (two_per_edge, RegularPolygon::new(3, 40.0)),
        ];
        for symmetry in [Symmetry::None, Symmetry::Rotation, Symmetry::RotationReflection] {
            corners.symmetry = symmetry;
            cases.push((corners.clone(), RegularPolygon::new(3, 30.0)));
        }
        for (rule, shape) in cases {
            let named = by_names(&rule, shape);
            let derived = complete_set(&rule, shape).unwrap();
            assert!(named.len() > 1, "{rule:?}");
            let derived: BTreeMap<_, _> = derived
                .into_iter()
                .map(|(key, tile)| (key, (tile.slots, tile.joins, tile.corners)))
                .collect();
            assert_eq!(derived, named, "{rule:?}");
        }
    }

    #[test]
    fn keeping_the_rule_is_finding_no_break_on_every_candidate() {
        let mut regions = triles_rule(1, 1);
        regions.colours = vec!["city".into(), "road".into(), EMPTY_SLOT.into()];
        regions.slot_kinds = vec![SlotKind::Region, SlotKind::Line];
        regions.joins = JoinRule::Optional;
        let mut cases = vec![
            (tantrix_like(&["red", "yellow", "blue", "green"]), RegularPolygon::new(6, 24.0)),
            (triles_rule(2, 2), RegularPolygon::new(3, 40.0)),
        ];
        for region_joins in
            [RegionJoinRule::Never, RegionJoinRule::SameColour, RegionJoinRule::Optional]
        {
            let mut rule = regions.clone();
            rule.region_joins = region_joins;
            rule.max_colours = 2;
            cases.push((rule, RegularPolygon::new(4, 30.0)));
        }
        for (rule, shape) in cases {
            let (mut kept, mut broken) = (0, 0);
            // Each candidate, and its slots under a rule that lost its first colour.
            let mut narrower = rule.clone();
            narrower.colours.remove(0);
            each_unfiltered(&rule, shape, &mut |slots, joins| {
                for rule in [&rule, &narrower] {
                    let breaks = rule_breaks(rule, shape, slots, joins);
                    assert_eq!(keeps_rule(rule, shape, slots, joins), breaks.is_empty());
                    match breaks.is_empty() {
                        true => kept += 1,
                        false => broken += 1,
                    }
                }
                true
            })
            .unwrap();
            assert!(kept > 0 && broken > 0, "{kept} kept, {broken} broken: {rule:?}");
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
