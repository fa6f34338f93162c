//! A face's identity up to the rule's symmetry: its edge labels, each with the corner colour
//! where the edge starts, so that corner slots turn and flip with the edges.

use crate::geometry::canonical::{
    EdgeLabel, Placement, Symmetry, canonical_of_slots, edge_labels, reflected_slots,
};
use crate::model::rules::tile_set::Slot;

/// What one edge of a face shows: its slot and the colour of the corner it starts at
/// (empty text when the face has no corner slots).
pub type EdgeArt = (Slot, String);

/// A face's canonical form: what identifies it up to the rule's symmetry.
pub type TileKey = Vec<EdgeLabel<EdgeArt>>;

/// The labels of a face: slot, join and starting corner per edge.
pub fn face_labels(
    slots: &[Slot],
    joins: &[(usize, usize)],
    corners: &[String],
) -> Vec<EdgeLabel<EdgeArt>> {
    labels_of(slots, joins, corners)
}

/// [`face_labels`] of slots and corners of any kind (names, or numbers standing for them).
fn labels_of<S: Clone, C: Clone + Default>(
    slots: &[S],
    joins: &[(usize, usize)],
    corners: &[C],
) -> Vec<EdgeLabel<(S, C)>> {
    let art: Vec<(S, C)> = slots
        .iter()
        .enumerate()
        .map(|(edge, slot)| (slot.clone(), corners.get(edge).cloned().unwrap_or_default()))
        .collect();
    edge_labels(&art, joins)
}

/// The labels of the face flipped over: edge `k` becomes edge `−k`, which starts at what
/// was the end of edge `−k`, corner `1 − k` (with several slots per edge, each edge's slots
/// reversed; such faces have no corners).
fn mirror_labels<S: Clone, C: Clone>(
    labels: &[EdgeLabel<(S, C)>],
    per_edge: usize,
) -> Vec<EdgeLabel<(S, C)>> {
    let n = labels.len();
    let mut mirror = reflected_slots(labels, per_edge);
    if per_edge > 1 {
        return mirror;
    }
    for (k, label) in mirror.iter_mut().enumerate() {
        label.slot.1 = labels[(n + 1 - k) % n].slot.1.clone();
    }
    mirror
}

/// The face's canonical form and how it was turned to reach it (`per_edge` slots to an
/// edge; the placement counts edges).
pub fn face_key(
    slots: &[Slot],
    per_edge: usize,
    joins: &[(usize, usize)],
    corners: &[String],
    symmetry: Symmetry,
) -> (TileKey, Placement) {
    key_of(slots, per_edge, joins, corners, symmetry)
}

/// [`face_key`] of slots and corners of any kind. Two faces get the same key exactly when
/// one is the other turned (or flipped), whatever stands for their slots and corners, as
/// long as it tells apart what the names tell apart: numbering the colours keys faces as
/// their names do.
pub fn key_of<S: Clone + Ord, C: Clone + Ord + Default>(
    slots: &[S],
    per_edge: usize,
    joins: &[(usize, usize)],
    corners: &[C],
    symmetry: Symmetry,
) -> (Vec<EdgeLabel<(S, C)>>, Placement) {
    let labels = labels_of(slots, joins, corners);
    canonical_of_slots(&labels, || mirror_labels(&labels, per_edge), symmetry, per_edge)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corners(names: &[&str]) -> Vec<String> {
        names.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn corners_turn_and_flip_with_the_tile() {
        let empty = vec![Slot::empty(); 4];
        let key = |c: &[&str], symmetry| face_key(&empty, 1, &[], &corners(c), symmetry).0;
        // Turning a square moves every corner one place along.
        assert_eq!(
            key(&["r", "g", "b", "b"], Symmetry::Rotation),
            key(&["b", "r", "g", "b"], Symmetry::Rotation)
        );
        // r g b y and its mirror image r y b g (corner 1 stays, the others run backwards).
        let (chiral, mirror) = (["r", "g", "b", "y"], ["r", "y", "b", "g"]);
        assert_ne!(key(&chiral, Symmetry::Rotation), key(&mirror, Symmetry::Rotation));
        assert_eq!(
            key(&chiral, Symmetry::RotationReflection),
            key(&mirror, Symmetry::RotationReflection)
        );
        // Two colours on four corners: 6 up to rotation, 6 up to reflection too.
        let all: std::collections::BTreeSet<_> = (0..16)
            .map(|i: usize| {
                let c: Vec<&str> =
                    (0..4).map(|k| if i >> k & 1 == 1 { "r" } else { "b" }).collect();
                key(&c, Symmetry::Rotation)
            })
            .collect();
        assert_eq!(all.len(), 6);
    }
}
