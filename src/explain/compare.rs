//! A derived set against the list, as `check` would compare them: the tiles the rule adds,
//! the listed tiles it does not derive (and why), and how many times each tile comes.

use std::collections::BTreeMap;

use super::readings::Listed;
use crate::geometry::canonical::Symmetry;
use crate::geometry::polygon::RegularPolygon;
use crate::model::rules::tile_set::SetRule;
use crate::validate::describe::describe;
use crate::validate::enumerate::{TileDesign, TileKey};
use crate::validate::face_key::face_key;
use crate::validate::rule::{corner_violations, violations};

/// How a derived set differs from the list.
#[derive(Clone, Debug, Default)]
pub struct Differences {
    /// Derived tiles the list lacks.
    pub added: Vec<TileDesign>,
    /// Listed tiles the rule does not derive, each with why.
    pub not_derived: Vec<(Listed, Vec<String>)>,
    /// Listed tiles that are another listed tile under the rule's symmetry (`check`'s
    /// duplicates), each with the first.
    pub duplicates: Vec<(Listed, Listed)>,
    /// How many times most derived tiles are listed (the rule's `copies`).
    pub copies: u32,
    /// Listed tiles that come another number of times (the list's own counts, not a
    /// difference): their description and count.
    pub copies_of: Vec<(String, u32)>,
    /// How many tiles the rule derives.
    pub derived: usize,
}

impl Differences {
    /// Tiles added, tiles not derived and tiles listed twice.
    pub fn count(&self) -> usize {
        self.added.len() + self.not_derived.len() + self.duplicates.len()
    }
}

/// The listed tiles keyed by their canonical form under `rule`'s symmetry: the entries of
/// each, in the order listed.
pub fn listed_keys<'a>(rule: &SetRule, tiles: &'a [Listed]) -> BTreeMap<TileKey, Vec<&'a Listed>> {
    keyed(tiles, rule.slots_per_edge, rule.symmetry)
}

/// The listed tiles (`per_edge` slots to an edge) keyed by their canonical form under
/// `symmetry`: the entries of each, in the order listed.
pub fn keyed(
    tiles: &[Listed],
    per_edge: usize,
    symmetry: Symmetry,
) -> BTreeMap<TileKey, Vec<&Listed>> {
    let mut keys: BTreeMap<TileKey, Vec<&Listed>> = BTreeMap::new();
    for tile in tiles {
        let key = face_key(&tile.slots, per_edge, &tile.joins, &tile.corners, symmetry).0;
        keys.entry(key).or_default().push(tile);
    }
    keys
}

/// How many times the entries of one tile list it (their copies added up).
pub fn times_listed(entries: &[&Listed]) -> u32 {
    entries.iter().map(|tile| tile.copies).sum()
}

/// The most common of `counts` (the smaller on a tie), 1 when there are none.
pub fn usual_count(counts: impl Iterator<Item = u32>) -> u32 {
    let mut tally: BTreeMap<u32, usize> = BTreeMap::new();
    for count in counts {
        *tally.entry(count).or_default() += 1;
    }
    tally.iter().max_by_key(|&(count, n)| (*n, std::cmp::Reverse(*count))).map_or(1, |(c, _)| *c)
}

/// `derived` (the set `rule` derives) against `tiles`.
pub fn compare(
    rule: &SetRule,
    shape: RegularPolygon,
    derived: &BTreeMap<TileKey, TileDesign>,
    tiles: &[Listed],
) -> Differences {
    let listed = listed_keys(rule, tiles);
    let added = (derived.iter())
        .filter(|(key, _)| !listed.contains_key(*key))
        .map(|(_, tile)| tile.clone())
        .collect();
    let mut not_derived = Vec::new();
    let mut duplicates = Vec::new();
    for entries in listed.values() {
        for later in &entries[1..] {
            duplicates.push(((*later).clone(), entries[0].clone()));
        }
    }
    duplicates.sort_by_key(|(tile, _)| (tile.position.line, tile.position.column));
    for (key, entries) in &listed {
        let tile = entries[0];
        if derived.contains_key(key) {
            continue;
        }
        let mut why = violations(rule, shape, &tile.slots, &tile.joins);
        why.extend(corner_violations(rule, &tile.corners));
        if why.is_empty() {
            why.push("the rule does not derive its joins".to_string());
        }
        not_derived.push(((*tile).clone(), why));
    }
    not_derived.sort_by_key(|(tile, _)| (tile.position.line, tile.position.column));
    let kept = || listed.iter().filter(|(key, _)| derived.contains_key(*key));
    let copies = usual_count(kept().map(|(_, entries)| times_listed(entries)));
    let copies_of = kept()
        .filter(|(_, entries)| times_listed(entries) != copies)
        .map(|(key, entries)| {
            let tile = &derived[key];
            (describe(shape, &tile.slots, &tile.joins, &tile.corners), times_listed(entries))
        })
        .collect();
    Differences { added, not_derived, duplicates, copies, copies_of, derived: derived.len() }
}
