//! Which filters to add to a base: every combination of the filter families the list shows
//! is scored against the base's derived set (each tile kept or not by `validate::rule`, the
//! check's own filter), then span patterns no listed tile needs are excluded when that
//! removes more than one tile. Simplest is fewest constraints plus differences, ties to
//! fewer differences.

use std::collections::BTreeMap;

use super::candidates::{Base, Filter, filter_families};
use super::compare::listed_keys;
use super::observe::Observed;
use super::readings::Listed;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::slot_span;
use crate::model::rules::region_joins::line_joins;
use crate::model::rules::tile_set::SetRule;
use crate::validate::enumerate::{TileDesign, TileKey};
use crate::validate::rule::rule_breaks;

/// A proposed rule and what it costs, as scored against its base's derived set.
#[derive(Clone, Debug)]
pub struct Scored {
    pub rule: SetRule,
    pub constraints: usize,
    pub differences: usize,
}

impl Scored {
    /// How candidates are ranked: constraints plus differences, then fewer differences.
    pub fn rank(&self) -> (usize, usize, usize) {
        (self.constraints + self.differences, self.differences, self.constraints)
    }
}

/// One tile of the base's derived set.
struct Entry {
    /// How many entries list it (0: not listed).
    listed: u32,
    /// Which choice of each filter family it passes.
    passes: Vec<Vec<bool>>,
    /// Its line spans, sorted (what `exclude_spans` names).
    pattern: Vec<usize>,
}

/// The best two filter choices on `base`, whose derived set is `derived`.
pub fn best_filters(
    base: &Base,
    derived: &BTreeMap<TileKey, TileDesign>,
    tiles: &[Listed],
    observed: &Observed,
    shape: RegularPolygon,
) -> Vec<Scored> {
    let families = filter_families(observed, &base.rule);
    let listed = listed_keys(&base.rule, tiles);
    let entry = |slots: &[_], joins: &[_], listed: u32| {
        let passes = families
            .iter()
            .map(|family| {
                family
                    .iter()
                    .map(|filter: &Filter| {
                        let mut rule = base.rule.clone();
                        filter.apply(&mut rule);
                        let breaks = rule_breaks(&rule, shape, slots, joins);
                        !breaks.iter().any(|b| b.constraint == filter.key())
                    })
                    .collect()
            })
            .collect();
        let positions = slots.len();
        let mut pattern: Vec<usize> =
            line_joins(slots, joins).iter().map(|&(a, b)| slot_span(positions, a, b)).collect();
        pattern.sort_unstable();
        Entry { listed, passes, pattern }
    };
    let mut entries: Vec<Entry> = Vec::new();
    let mut never_derived = 0;
    for (key, tile) in derived {
        let times = listed.get(key).map_or(0, |entries| entries.len() as u32);
        entries.push(entry(&tile.slots, &tile.joins, times));
    }
    // Entries that are one tile under the base's symmetry are check's duplicates.
    let duplicates: usize = listed.values().map(|entries| entries.len() - 1).sum();
    for key in listed.keys() {
        if !derived.contains_key(key) {
            never_derived += 1;
        }
    }
    let choices: Vec<usize> = families.iter().map(|f| f.len() + 1).collect();
    let total: usize = choices.iter().product();
    let mut best: Vec<Scored> = Vec::new();
    for index in 0..total {
        // The choice of each family: 0 off, k its k-th filter.
        let mut rest = index;
        let picked: Vec<usize> = choices
            .iter()
            .map(|&n| {
                let pick = rest % n;
                rest /= n;
                pick
            })
            .collect();
        let passes =
            |e: &Entry| picked.iter().enumerate().all(|(f, &p)| p == 0 || e.passes[f][p - 1]);
        let mut not_derived = never_derived;
        let mut added_by: BTreeMap<&[usize], usize> = BTreeMap::new();
        let mut kept_by: BTreeMap<&[usize], usize> = BTreeMap::new();
        let mut kept = 0;
        for e in &entries {
            match (e.listed > 0, passes(e)) {
                (true, true) => {
                    *kept_by.entry(&e.pattern).or_default() += 1;
                    kept += 1;
                }
                (true, false) => not_derived += 1,
                (false, true) => *added_by.entry(&e.pattern).or_default() += 1,
                (false, false) => {}
            }
        }
        // A rule that derives none of the list explains nothing.
        if kept == 0 {
            continue;
        }
        // Excluding a pattern costs one constraint and the listed tiles with it.
        let excluded: Vec<Vec<usize>> = added_by
            .iter()
            .filter(|(pattern, added)| {
                !pattern.is_empty() && **added > kept_by.get(*pattern).copied().unwrap_or(0) + 1
            })
            .map(|(pattern, _)| pattern.to_vec())
            .collect();
        let added: usize = (added_by.iter())
            .filter(|(p, _)| !excluded.iter().any(|x| x == *p))
            .map(|(_, n)| n)
            .sum();
        let dropped: usize =
            excluded.iter().map(|p| kept_by.get(&p[..]).copied().unwrap_or(0)).sum();
        let filters_on = picked.iter().filter(|&&p| p > 0).count();
        let constraints = base.constraints + filters_on + excluded.len();
        let differences = added + not_derived + dropped + duplicates;
        let worse = |s: &Scored| s.rank() <= (constraints + differences, differences, constraints);
        if best.len() == 2 && best.iter().all(worse) {
            continue;
        }
        let mut rule = base.rule.clone();
        for (f, &p) in picked.iter().enumerate() {
            if p > 0 {
                families[f][p - 1].apply(&mut rule);
            }
        }
        rule.exclude_spans = excluded;
        best.push(Scored { rule, constraints, differences });
        best.sort_by_key(Scored::rank);
        best.truncate(2);
    }
    best
}
