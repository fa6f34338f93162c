//! Joined regions: region slots of one colour that fill one area of a tile — a run of
//! neighbouring edges, or a band across the tile when no other edge has a region.
//!
//! A tile keeps its joins as pairs of edges. Lines are joined in pairs; a joined region over
//! `m` edges is kept as the `m − 1` pairs of consecutive edges along it, clockwise from its
//! first edge, so one group of regions has one way of being written down.

use crate::geometry::canonical::join_groups;
use crate::model::rules::tile_set::{Slot, SlotKind};

/// The joins between line slots (the ones drawn as lines), in order.
pub fn line_joins(slots: &[Slot], joins: &[(usize, usize)]) -> Vec<(usize, usize)> {
    each_line_join(slots, joins).collect()
}

/// [`line_joins`] one after the other, without gathering them.
pub fn each_line_join<'a>(
    slots: &'a [Slot],
    joins: &'a [(usize, usize)],
) -> impl Iterator<Item = (usize, usize)> + Clone + 'a {
    joins.iter().copied().filter(|&(a, _)| slots.get(a).is_some_and(|s| s.kind == SlotKind::Line))
}

/// The groups of joined regions, each as its edges clockwise from its first edge (a run's
/// first edge; a band's smallest).
pub fn region_groups(slots: &[Slot], joins: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let n = slots.len();
    let region_pairs: Vec<(usize, usize)> = joins
        .iter()
        .copied()
        .filter(|&(a, _)| slots.get(a).is_some_and(|s| s.kind == SlotKind::Region))
        .collect();
    if region_pairs.is_empty() {
        return Vec::new(); // no joined regions, no groups (and nothing to allocate)
    }
    join_groups(n, &region_pairs).into_iter().map(|group| run(n, &group).unwrap_or(group)).collect()
}

/// Whether the regions `members` may be one area: a run of neighbouring edges, or a band
/// across the tile — edges apart, when no other edge of the tile has a region (so that the
/// band's inner boundaries cross no region).
pub fn joinable_regions(slots: &[Slot], members: &[usize]) -> bool {
    run(slots.len(), members).is_some() || is_band(slots, members)
}

/// Regions on edges apart that are every region of the tile: a band across it.
pub fn is_band(slots: &[Slot], members: &[usize]) -> bool {
    let regions = (0..slots.len()).filter(|&e| slots[e].kind == SlotKind::Region);
    members.len() >= 2
        && run(slots.len(), members).is_none()
        && regions.clone().all(|e| members.contains(&e))
        && regions.count() == members.len()
}

/// `members` (distinct edges of an `n`-gon) clockwise from the first edge of their run, or
/// `None` when they are not one run of neighbouring edges.
pub fn run(n: usize, members: &[usize]) -> Option<Vec<usize>> {
    let contains = |edge: usize| members.contains(&edge);
    let starts: Vec<usize> =
        members.iter().copied().filter(|&m| !contains((m + n - 1) % n)).collect();
    let start = match starts[..] {
        [] => *members.iter().min()?,
        [start] => start,
        _ => return None,
    };
    Some((0..members.len()).map(|i| (start + i) % n).collect())
}

/// The pairs a run of joined regions is kept as: each edge with the next along the run.
pub fn run_pairs(run: &[usize]) -> Vec<(usize, usize)> {
    run.windows(2).map(|w| (w[0].min(w[1]), w[0].max(w[1]))).collect()
}

/// Neighbouring edges `(k, k + 1)` whose slots are regions of one colour: the joins a tile
/// may have (each given as the pair of 0-based edges, in edge order).
pub fn same_colour_links(slots: &[Slot]) -> Vec<(usize, usize)> {
    let n = slots.len();
    if n < 2 {
        return Vec::new();
    }
    let links = if n == 2 { 1 } else { n };
    (0..links)
        .map(|k| (k, (k + 1) % n))
        .filter(|&(a, b)| {
            slots[a].kind == SlotKind::Region
                && slots[b].kind == SlotKind::Region
                && slots[a].colour == slots[b].colour
        })
        .collect()
}

/// The region joins that `links` (pairs of neighbouring region edges) make, as kept on a
/// tile: each group's run pairs, sorted.
pub fn joins_of_links(n: usize, links: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = join_groups(n, links)
        .iter()
        .filter_map(|group| run(n, group))
        .flat_map(|run| run_pairs(&run))
        .collect();
    pairs.sort_unstable();
    pairs
}

/// The band over every region of the tile, as kept on a tile, when its regions are all of
/// one colour and on edges apart; else `None`.
pub fn band_joins(slots: &[Slot]) -> Option<Vec<(usize, usize)>> {
    let regions: Vec<usize> =
        (0..slots.len()).filter(|&e| slots[e].kind == SlotKind::Region).collect();
    let first = regions.first()?;
    let one_colour = regions.iter().all(|&e| slots[e].colour == slots[*first].colour);
    (one_colour && is_band(slots, &regions)).then(|| run_pairs(&regions))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(colours: &[&str]) -> Vec<Slot> {
        colours.iter().map(|c| Slot { colour: c.to_string(), kind: SlotKind::Region }).collect()
    }

    #[test]
    fn runs_start_after_an_edge_outside_them() {
        assert_eq!(run(4, &[0, 1]), Some(vec![0, 1]));
        assert_eq!(run(4, &[0, 3]), Some(vec![3, 0]));
        assert_eq!(run(6, &[5, 0, 1]), Some(vec![5, 0, 1]));
        assert_eq!(run(4, &[0, 2]), None, "opposite edges are not neighbours");
        assert_eq!(run(3, &[0, 1, 2]), Some(vec![0, 1, 2]), "the whole tile");
    }

    #[test]
    fn same_colour_neighbours_join_into_runs() {
        let slots = regions(&["red", "red", "blue", "red"]);
        assert_eq!(same_colour_links(&slots), vec![(0, 1), (3, 0)]);
        // Edges 4, 1 and 2 are one red area, kept as 4–1 and 1–2.
        assert_eq!(joins_of_links(4, &same_colour_links(&slots)), vec![(0, 1), (0, 3)]);
        assert_eq!(region_groups(&slots, &[(0, 1), (0, 3)]), vec![vec![3, 0, 1]]);
        // Two cities across a square, the other edges empty, make a band.
        let mut across = regions(&["red", "red", "red", "red"]);
        across[1] = Slot::empty();
        across[3] = Slot::empty();
        assert!(is_band(&across, &[0, 2]));
        assert_eq!(band_joins(&across), Some(vec![(0, 2)]));
        assert_eq!(region_groups(&across, &[(0, 2)]), vec![vec![0, 2]]);
        // Not when another edge has a region in the way.
        across[3] = across[0].clone();
        assert!(!joinable_regions(&across, &[0, 2]));
        assert_eq!(band_joins(&across), None);
        let all = regions(&["red", "red", "red"]);
        assert_eq!(joins_of_links(3, &same_colour_links(&all)), vec![(0, 1), (1, 2)]);
    }
}
