//! Brute-force counts of tiles with several slots per edge: every labelled tile, its orbits under turns by whole edges (and flips) counted by remapping slot positions, without the enumerator's canonical forms.

use std::collections::BTreeSet;

/// A labelled tile: a label per slot position, and its joins as sorted pairs of positions.
pub type Labelled = (Vec<char>, Vec<(usize, usize)>);

/// Every matching of `points` (pairs of them), perfect only if `perfect`.
pub fn matchings_of(points: &[usize], perfect: bool) -> Vec<Vec<(usize, usize)>> {
    let Some((&first, rest)) = points.split_first() else { return vec![Vec::new()] };
    let mut found = Vec::new();
    if !perfect {
        found.extend(matchings_of(rest, perfect));
    }
    for (i, &partner) in rest.iter().enumerate() {
        let others: Vec<usize> =
            rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
        for mut tail in matchings_of(&others, perfect) {
            tail.push((first, partner));
            found.push(tail);
        }
    }
    found
}

/// `tile` with every position `p` moved to `to(p)`.
pub fn moved((slots, joins): &Labelled, to: &dyn Fn(usize) -> usize) -> Labelled {
    let mut new_slots = slots.clone();
    for (p, &label) in slots.iter().enumerate() {
        new_slots[to(p)] = label;
    }
    let mut new_joins: Vec<(usize, usize)> =
        joins.iter().map(|&(a, b)| (to(a).min(to(b)), to(a).max(to(b)))).collect();
    new_joins.sort_unstable();
    (new_slots, new_joins)
}

/// How many tiles of `all` differ up to turning by whole edges (`per_edge` positions), and
/// flipping (position `p` to `per_edge − 1 − p`) when `flips`: the least image of each.
pub fn orbits(all: &[Labelled], sides: usize, per_edge: usize, flips: bool) -> usize {
    let n = sides * per_edge;
    let mut seen = BTreeSet::new();
    for tile in all {
        let mut images = Vec::new();
        for turn in 0..sides {
            let turned = move |p: usize| (p + turn * per_edge) % n;
            images.push(moved(tile, &turned));
            if flips {
                let flipped = move |p: usize| (per_edge - 1 + n - p) % n;
                images.push(moved(&moved(tile, &flipped), &turned));
            }
        }
        seen.insert(images.into_iter().min().unwrap());
    }
    seen.len()
}

/// What `check` says the rule derives, from its summary `(the rule derives N)`.
pub fn derived(said: &str) -> usize {
    let after = said.split("the rule derives ").nth(1).unwrap_or_else(|| panic!("{said}"));
    after.split(')').next().unwrap().parse().unwrap()
}

/// Every labelled square tile whose edges each read one of `patterns` (slots clockwise), the
/// slots labelled `line` paired in every way (all of them when `perfect`).
pub fn square_tiles_of_edges<const N: usize>(
    patterns: &[[char; N]],
    line: char,
    perfect: bool,
) -> Vec<Labelled> {
    let choices = patterns.len();
    let mut all = Vec::new();
    for index in 0..choices.pow(4) {
        let slots: Vec<char> =
            (0..4).flat_map(|edge| patterns[index / choices.pow(3 - edge) % choices]).collect();
        let lines: Vec<usize> = (0..slots.len()).filter(|&p| slots[p] == line).collect();
        for joins in matchings_of(&lines, perfect) {
            all.push(moved(&(slots.clone(), joins), &|p| p));
        }
    }
    all
}
