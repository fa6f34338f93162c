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

/// Labels of a tile from its slots and its joins (pairs of 0-based edges).
pub fn edge_labels<T: Clone>(slots: &[T], joins: &[(usize, usize)]) -> Vec<EdgeLabel<T>> {
    let n = slots.len();
    let mut labels: Vec<EdgeLabel<T>> =
        slots.iter().map(|slot| EdgeLabel { slot: slot.clone(), partner_offset: None }).collect();
    for &(a, b) in joins {
        if a < n && b < n {
            labels[a].partner_offset = Some((b + n - a) % n);
            labels[b].partner_offset = Some((a + n - b) % n);
        }
    }
    labels
}

/// The labels turned by `rotation` edges.
pub fn rotated<T: Clone>(labels: &[EdgeLabel<T>], rotation: usize) -> Vec<EdgeLabel<T>> {
    let n = labels.len();
    (0..n).map(|k| labels[(k + rotation) % n].clone()).collect()
}

/// The labels of the tile flipped over (its mirror image): edge `k` becomes edge `−k`.
pub fn reflected<T: Clone>(labels: &[EdgeLabel<T>]) -> Vec<EdgeLabel<T>> {
    let n = labels.len();
    (0..n)
        .map(|k| {
            let label = &labels[(n - k) % n];
            EdgeLabel {
                slot: label.slot.clone(),
                partner_offset: label.partner_offset.map(|offset| (n - offset) % n),
            }
        })
        .collect()
}

/// The least of all the tile's symmetric copies, and how to turn the tile to get it.
pub fn canonical<T: Clone + Ord>(
    labels: &[EdgeLabel<T>],
    symmetry: Symmetry,
) -> (Vec<EdgeLabel<T>>, Placement) {
    let n = labels.len();
    let mut best = (labels.to_vec(), Placement::default());
    if symmetry == Symmetry::None {
        return best;
    }
    let mirror = reflected(labels);
    let flips: &[bool] =
        if symmetry == Symmetry::RotationReflection { &[false, true] } else { &[false] };
    for &reflected in flips {
        let source = if reflected { &mirror } else { labels };
        for rotation in 0..n {
            let candidate = rotated(source, rotation);
            if candidate < best.0 {
                best = (candidate, Placement { rotation, reflected });
            }
        }
    }
    best
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
}
