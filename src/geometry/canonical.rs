//! Canonical forms of edge-labelled tiles under rotation (and reflection), so that "the same
//! tile turned round" compares equal.
//!
//! A tile is seen as one label per edge, clockwise: what the slot shows, and, if the slot is
//! joined, how many edges clockwise its partner lies. That offset does not change when the
//! tile turns, which is what makes rotation a plain shift of the label list.

/// Which copies of a tile count as the same tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Every orientation is a different tile.
    None,
    /// Turning a tile gives the same tile.
    Rotation,
    /// Turning or flipping a tile gives the same tile.
    RotationReflection,
}

/// One edge as the canonical form sees it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdgeLabel<T> {
    pub slot: T,
    /// Edges clockwise from this edge to the one it is joined to.
    pub partner_offset: Option<usize>,
}

/// How a tile was turned (and flipped) to reach its canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Placement {
    /// Edges turned: label `k` of the result is label `k + rotation` of the original.
    pub rotation: usize,
    pub reflected: bool,
}

/// Labels of a tile from its slots and its joins (pairs of 0-based edges). Joins that share
/// an edge make one group (joined regions over three edges are written as two pairs); each
/// edge of a group points to the next edge of its group clockwise, which for a pair is its
/// partner.
pub fn edge_labels<T: Clone>(slots: &[T], joins: &[(usize, usize)]) -> Vec<EdgeLabel<T>> {
    let n = slots.len();
    let mut labels: Vec<EdgeLabel<T>> =
        slots.iter().map(|slot| EdgeLabel { slot: slot.clone(), partner_offset: None }).collect();
    if pairs_apart(n, joins) {
        // Each join a group of two (lines, regions over two edges): its edges point at each
        // other, as `join_groups` would have them, without gathering groups.
        for &(a, b) in joins {
            labels[a].partner_offset = Some((b + n - a) % n);
            labels[b].partner_offset = Some((a + n - b) % n);
        }
        return labels;
    }
    for group in join_groups(n, joins) {
        for (i, &edge) in group.iter().enumerate() {
            let next = group[(i + 1) % group.len()];
            labels[edge].partner_offset = Some((next + n - edge) % n);
        }
    }
    labels
}

/// The groups of edges that `joins` connect (pairs sharing an edge are one group), each
/// sorted, in the order of their smallest edge; pairs naming an edge beyond `n` are ignored.
pub fn join_groups(n: usize, joins: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut group_of: Vec<usize> = (0..n).collect();
    fn root(group_of: &mut [usize], mut edge: usize) -> usize {
        while group_of[edge] != edge {
            group_of[edge] = group_of[group_of[edge]];
            edge = group_of[edge];
        }
        edge
    }
    let mut joined = vec![false; n];
    for &(a, b) in joins.iter().filter(|&&(a, b)| a < n && b < n && a != b) {
        let (ra, rb) = (root(&mut group_of, a), root(&mut group_of, b));
        group_of[ra.max(rb)] = ra.min(rb);
        joined[a] = true;
        joined[b] = true;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index_of_root: Vec<Option<usize>> = vec![None; n];
    for edge in (0..n).filter(|&e| joined[e]) {
        let r = root(&mut group_of, edge);
        match index_of_root[r] {
            Some(i) => groups[i].push(edge),
            None => {
                index_of_root[r] = Some(groups.len());
                groups.push(vec![edge]);
            }
        }
    }
    groups
}

/// Whether `joins` are pairs of distinct edges of an `n`-gon (at most 64) sharing no edge.
fn pairs_apart(n: usize, joins: &[(usize, usize)]) -> bool {
    let mut used = 0u64;
    n <= 64
        && joins.iter().all(|&(a, b)| {
            let edges = match a < n && b < n && a != b {
                true => 1u64 << a | 1u64 << b,
                false => return false,
            };
            let fresh = used & edges == 0;
            used |= edges;
            fresh
        })
}

/// The labels turned by `rotation` edges.
pub fn rotated<T: Clone>(labels: &[EdgeLabel<T>], rotation: usize) -> Vec<EdgeLabel<T>> {
    let n = labels.len();
    (0..n).map(|k| labels[(k + rotation) % n].clone()).collect()
}

/// The labels of the tile flipped over (its mirror image): edge `k` becomes edge `−k`, and
/// each edge of a group points to the next edge clockwise in the mirror image (the edge that
/// pointed to it before).
pub fn reflected<T: Clone>(labels: &[EdgeLabel<T>]) -> Vec<EdgeLabel<T>> {
    reflected_slots(labels, 1)
}

/// The labels of slots, `per_edge` to an edge, flipped over: edge `k` becomes edge `−k` and
/// its slots run the other way, so slot `p` becomes slot `per_edge − 1 − p`; each slot of a
/// group points to the next clockwise in the mirror image.
pub fn reflected_slots<T: Clone>(labels: &[EdgeLabel<T>], per_edge: usize) -> Vec<EdgeLabel<T>> {
    let n = labels.len();
    if n == 0 {
        return Vec::new();
    }
    let c = (per_edge.max(1) - 1) % n;
    let image = |p: usize| (c + n - p % n) % n;
    let mut mirror: Vec<EdgeLabel<T>> = (0..n)
        .map(|k| EdgeLabel { slot: labels[image(k)].slot.clone(), partner_offset: None })
        .collect();
    for (k, label) in labels.iter().enumerate() {
        if let Some(offset) = label.partner_offset {
            // Slot k points to slot k + offset; in the mirror, the image of k + offset
            // points to the image of k.
            let (from, to) = (image(k + offset), image(k));
            mirror[from].partner_offset = Some((to + n - from) % n);
        }
    }
    mirror
}

/// The least of all the tile's symmetric copies, and how to turn the tile to get it.
pub fn canonical<T: Clone + Ord>(
    labels: &[EdgeLabel<T>],
    symmetry: Symmetry,
) -> (Vec<EdgeLabel<T>>, Placement) {
    canonical_with_mirror(labels, || reflected(labels), symmetry)
}

/// [`canonical`] with the mirror image made by `mirror`, for labels whose content changes
/// when the tile is flipped (a corner named at an edge's start is at its end in the mirror).
pub fn canonical_with_mirror<T: Clone + Ord>(
    labels: &[EdgeLabel<T>],
    mirror: impl FnOnce() -> Vec<EdgeLabel<T>>,
    symmetry: Symmetry,
) -> (Vec<EdgeLabel<T>>, Placement) {
    canonical_of_slots(labels, mirror, symmetry, 1)
}

/// [`canonical_with_mirror`] of the labels of slots, `per_edge` to an edge: the tile turns
/// by whole edges (`per_edge` labels at a time); the placement counts edges.
pub fn canonical_of_slots<T: Clone + Ord>(
    labels: &[EdgeLabel<T>],
    mirror: impl FnOnce() -> Vec<EdgeLabel<T>>,
    symmetry: Symmetry,
    per_edge: usize,
) -> (Vec<EdgeLabel<T>>, Placement) {
    let n = labels.len();
    let step = per_edge.max(1);
    if symmetry == Symmetry::None {
        return (labels.to_vec(), Placement::default());
    }
    let mirror = if symmetry == Symmetry::RotationReflection { mirror() } else { Vec::new() };
    let flips: &[bool] =
        if symmetry == Symmetry::RotationReflection { &[false, true] } else { &[false] };
    // Each turned form compared where it lies, without copying it: only the least is copied.
    let source = |reflected: bool| if reflected { &mirror[..] } else { labels };
    let turned = |(reflected, rotation): (bool, usize)| {
        let source = source(reflected);
        (0..n).map(move |k| &source[(k + rotation) % n])
    };
    let mut best = (false, 0);
    for &reflected in flips {
        for rotation in (0..n).step_by(step) {
            if turned((reflected, rotation)).lt(turned(best)) {
                best = (reflected, rotation);
            }
        }
    }
    let (reflected, rotation) = best;
    (rotated(source(reflected), rotation), Placement { rotation: rotation / step, reflected })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_of_a_tile_share_one_canonical_form() {
        // Tantrix tile 1: Y Y B R B R with joins 0-1, 2-4, 3-5.
        let labels = edge_labels(&['Y', 'Y', 'B', 'R', 'B', 'R'], &[(0, 1), (2, 4), (3, 5)]);
        let (form, _) = canonical(&labels, Symmetry::Rotation);
        for r in 0..6 {
            let turned = rotated(&labels, r);
            assert_eq!(canonical(&turned, Symmetry::Rotation).0, form, "rotation {r}");
        }
    }

    #[test]
    fn labels_of_pairs_apart_point_as_their_groups_do() {
        // Every join as its own group, gathered by `join_groups`, against the shortcut.
        let by_groups = |n: usize, joins: &[(usize, usize)]| {
            let mut offsets = vec![None; n];
            for group in join_groups(n, joins) {
                for (i, &edge) in group.iter().enumerate() {
                    offsets[edge] = Some((group[(i + 1) % group.len()] + n - edge) % n);
                }
            }
            offsets
        };
        let cases: [&[(usize, usize)]; 5] = [
            &[(0, 1), (2, 4), (3, 5)],
            &[(1, 4)],
            &[(4, 1), (0, 5)],
            &[(0, 1), (1, 2)],
            &[(0, 6), (2, 2)],
        ];
        for joins in cases {
            let labels = edge_labels(&['x'; 6], joins);
            let offsets: Vec<_> = labels.iter().map(|l| l.partner_offset).collect();
            assert_eq!(offsets, by_groups(6, joins), "{joins:?}");
        }
        assert!(pairs_apart(6, &[(0, 1), (2, 4), (3, 5)]) && pairs_apart(6, &[(4, 1)]));
        assert!(!pairs_apart(6, &[(0, 1), (1, 2)]) && !pairs_apart(6, &[(0, 6)]));
        assert!(!pairs_apart(6, &[(2, 2)]) && !pairs_apart(65, &[(0, 1)]));
    }

    #[test]
    fn placement_reproduces_the_canonical_form() {
        let labels = edge_labels(&[3, 1, 2, 1, 3, 2], &[(0, 4), (1, 3), (2, 5)]);
        for symmetry in [Symmetry::Rotation, Symmetry::RotationReflection] {
            let (form, placement) = canonical(&labels, symmetry);
            let source = if placement.reflected { reflected(&labels) } else { labels.clone() };
            assert_eq!(rotated(&source, placement.rotation), form);
        }
    }

    #[test]
    fn mirror_images_differ_unless_reflection_counts() {
        // A chiral triangle: slots a, b, c clockwise versus a, c, b.
        let left = edge_labels(&['a', 'b', 'c'], &[]);
        let right = edge_labels(&['a', 'c', 'b'], &[]);
        assert_ne!(canonical(&left, Symmetry::Rotation).0, canonical(&right, Symmetry::Rotation).0);
        assert_eq!(
            canonical(&left, Symmetry::RotationReflection).0,
            canonical(&right, Symmetry::RotationReflection).0
        );
    }

    #[test]
    fn partner_offsets_survive_turning_and_flip_under_reflection() {
        let labels = edge_labels(&['x'; 6], &[(0, 1), (2, 4), (3, 5)]);
        assert_eq!(labels[0].partner_offset, Some(1));
        assert_eq!(labels[1].partner_offset, Some(5));
        let mirror = reflected(&labels);
        // Edge 0 stays edge 0; its partner (edge 1) becomes edge 5.
        assert_eq!(mirror[0].partner_offset, Some(5));
    }

    #[test]
    fn slots_turn_by_whole_edges_and_flip_within_their_edge() {
        // A square with two slots per edge: a path from edge 1's first slot to its second.
        let labels = edge_labels(&['a', 'b', '-', '-', '-', '-', '-', '-'], &[(0, 1)]);
        let turned = rotated(&labels, 2);
        assert_eq!(
            canonical_of_slots(&turned, || reflected_slots(&turned, 2), Symmetry::Rotation, 2).0,
            canonical_of_slots(&labels, || reflected_slots(&labels, 2), Symmetry::Rotation, 2).0
        );
        // Shifting by one slot is not a turn of the tile.
        let shifted = rotated(&labels, 1);
        let key = |l: &[EdgeLabel<char>]| {
            canonical_of_slots(l, || reflected_slots(l, 2), Symmetry::Rotation, 2).0
        };
        assert_ne!(key(&shifted), key(&labels));
        // The mirror image keeps the pair on edge 1, its slots swapped.
        let mirror = reflected_slots(&labels, 2);
        assert_eq!(mirror[0].slot, 'b');
        assert_eq!(mirror[1].slot, 'a');
        assert_eq!(mirror[0].partner_offset, Some(1));
        assert_eq!(reflected_slots(&mirror, 2), labels);
        assert_eq!(reflected_slots(&labels, 1), reflected(&labels));
    }

    #[test]
    fn a_group_of_three_points_round_itself_and_survives_reflection() {
        // Regions on edges 0, 1 and 2 of a square joined as one area.
        let labels = edge_labels(&['r', 'r', 'r', 'b'], &[(0, 1), (1, 2)]);
        let offsets: Vec<_> = labels.iter().map(|l| l.partner_offset).collect();
        assert_eq!(offsets, vec![Some(1), Some(1), Some(2), None]);
        // Its mirror image is the same group on edges 0, 3 and 2 — the same tile turned.
        let mirror = reflected(&labels);
        let expected = edge_labels(&['r', 'b', 'r', 'r'], &[(2, 3), (0, 3)]);
        assert_eq!(mirror, expected);
        assert_eq!(reflected(&mirror), labels);
        assert_eq!(
            canonical(&labels, Symmetry::Rotation).0,
            canonical(&rotated(&expected, 2), Symmetry::Rotation).0
        );
    }
}
