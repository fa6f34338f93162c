//! Polyforms: sets of edge-joined grid cells — connectivity, canonical forms (free, one-sided,
//! fixed), outlines with their side counts, and enumeration by size.
//!
//! A form is a sorted list of cells moved so that its least square column and row are 0.
//! Outlines are loops of lattice points, clockwise on the page, with collinear corners merged,
//! so a shape's side count is the number of its corners.

use std::collections::{BTreeMap, BTreeSet};

use super::canonical::Symmetry;
use super::grid::{
    Cell, GridKind, GridSymmetry, LatticePoint, corners, neighbours, symmetries, transform_cell,
};

/// A segment between two lattice points.
pub type Segment = (LatticePoint, LatticePoint);

/// The cells sorted and moved so that the least column and row are 0; empty stays empty.
pub fn normalised(cells: &[Cell]) -> Vec<Cell> {
    let min_x = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let set: BTreeSet<Cell> = cells.iter().map(|c| c.shifted(-min_x, -min_y)).collect();
    set.into_iter().collect()
}

/// The cells mapped by a lattice symmetry (not normalised).
pub fn transformed(kind: GridKind, cells: &[Cell], symmetry: GridSymmetry) -> Vec<Cell> {
    cells.iter().map(|&c| transform_cell(kind, c, symmetry)).collect()
}

/// The symmetries that count as "the same shape": none (fixed), turns (one-sided), or turns
/// and reflections (free).
pub fn shape_symmetries(kind: GridKind, symmetry: Symmetry) -> Vec<GridSymmetry> {
    match symmetry {
        Symmetry::None => vec![GridSymmetry::default()],
        Symmetry::Rotation => symmetries(kind, false),
        Symmetry::RotationReflection => symmetries(kind, true),
    }
}

/// The least normalised image of the cells under the symmetries, and the symmetry giving it.
pub fn canonical_form(
    kind: GridKind,
    cells: &[Cell],
    symmetry: Symmetry,
) -> (Vec<Cell>, GridSymmetry) {
    let mut best: Option<(Vec<Cell>, GridSymmetry)> = None;
    for s in shape_symmetries(kind, symmetry) {
        let form = normalised(&transformed(kind, cells, s));
        if best.as_ref().is_none_or(|(b, _)| form < *b) {
            best = Some((form, s));
        }
    }
    best.unwrap_or_default()
}

/// Whether every cell can be reached from every other across shared sides (an empty set is
/// not connected).
pub fn is_connected(kind: GridKind, cells: &[Cell]) -> bool {
    let all: BTreeSet<Cell> = cells.iter().copied().collect();
    let Some(&first) = all.first() else { return false };
    let mut seen = BTreeSet::from([first]);
    let mut todo = vec![first];
    while let Some(cell) = todo.pop() {
        for n in neighbours(kind, cell) {
            if all.contains(&n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    seen.len() == all.len()
}

/// The groups of edge-joined cells, each sorted, in order of their least cell.
pub fn components(kind: GridKind, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut left: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut groups = Vec::new();
    while let Some(first) = left.pop_first() {
        let mut group = vec![first];
        let mut todo = vec![first];
        while let Some(cell) = todo.pop() {
            for n in neighbours(kind, cell) {
                if left.remove(&n) {
                    group.push(n);
                    todo.push(n);
                }
            }
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}

/// Directed cell sides, clockwise, of every cell.
fn cell_sides(kind: GridKind, cells: &[Cell]) -> Vec<Segment> {
    let set: BTreeSet<Cell> = cells.iter().copied().collect();
    set.iter()
        .flat_map(|&cell| {
            let c = corners(kind, cell);
            (0..c.len()).map(move |k| (c[k], c[(k + 1) % c.len()])).collect::<Vec<_>>()
        })
        .collect()
}

/// Sides between two cells of the set, once each (the faint inner lines of a piece).
pub fn inner_sides(kind: GridKind, cells: &[Cell]) -> Vec<Segment> {
    let sides: BTreeSet<Segment> = cell_sides(kind, cells).into_iter().collect();
    sides.iter().filter(|&&(a, b)| a < b && sides.contains(&(b, a))).copied().collect()
}

/// The sides on the boundary of the set, directed so that the set is on their right
/// (clockwise on the page).
pub fn boundary_sides(kind: GridKind, cells: &[Cell]) -> Vec<Segment> {
    let sides: BTreeSet<Segment> = cell_sides(kind, cells).into_iter().collect();
    sides.iter().filter(|&&(a, b)| !sides.contains(&(b, a))).copied().collect()
}

/// The outline as closed loops of corners, clockwise, collinear corners merged; the outer
/// loop of a connected set without holes is the only one.
pub fn outline(kind: GridKind, cells: &[Cell]) -> Vec<Vec<LatticePoint>> {
    let mut next: BTreeMap<LatticePoint, Vec<LatticePoint>> = BTreeMap::new();
    for (a, b) in boundary_sides(kind, cells) {
        next.entry(a).or_default().push(b);
    }
    let mut loops = Vec::new();
    while let Some((&start, _)) = next.iter().find(|(_, to)| !to.is_empty()) {
        let mut points = vec![start];
        let mut at = start;
        while let Some(to) = next.get_mut(&at).and_then(Vec::pop) {
            if to == start {
                break;
            }
            points.push(to);
            at = to;
        }
        loops.push(merge_collinear_corners(&points));
    }
    loops
}

/// Drops corners where the outline goes straight on.
fn merge_collinear_corners(points: &[LatticePoint]) -> Vec<LatticePoint> {
    let n = points.len();
    (0..n)
        .filter(|&k| {
            let (p, c, q) = (points[(k + n - 1) % n], points[k], points[(k + 1) % n]);
            (c.0 - p.0) * (q.1 - c.1) - (c.1 - p.1) * (q.0 - c.0) != 0
        })
        .map(|k| points[k])
        .collect()
}

/// The number of sides of the outline (all loops).
pub fn side_count(kind: GridKind, cells: &[Cell]) -> usize {
    outline(kind, cells).iter().map(Vec::len).sum()
}

/// Every polyform of `size` cells, one per class under `symmetry`, as canonical forms.
pub fn enumerate(kind: GridKind, size: usize, symmetry: Symmetry) -> BTreeSet<Vec<Cell>> {
    let mut forms: BTreeSet<Vec<Cell>> = BTreeSet::new();
    if size == 0 {
        return forms;
    }
    // Grow fixed forms one cell at a time, so no shape is missed, then key them.
    let mut fixed: BTreeSet<Vec<Cell>> =
        (0..kind.cells_per_square()).map(|q| vec![Cell::new(0, 0, q)]).collect();
    for _ in 1..size {
        let mut grown = BTreeSet::new();
        for form in &fixed {
            for &cell in form {
                for n in neighbours(kind, cell) {
                    if !form.contains(&n) {
                        let mut bigger = form.clone();
                        bigger.push(n);
                        grown.insert(normalised(&bigger));
                    }
                }
            }
        }
        fixed = grown;
    }
    for form in fixed {
        forms.insert(canonical_form(kind, &form, symmetry).0);
    }
    forms
}

/// A straight line of the lattice: its reduced direction and its offset across that direction.
type LineKey = ((i64, i64), i64);

/// Joins touching or overlapping collinear segments into the longest straight segments, each
/// from its smaller end point; the result is sorted.
pub fn merge_collinear(segments: &[Segment]) -> Vec<Segment> {
    // Lines keyed by reduced direction and the offset across it; spans along the direction.
    let mut lines: BTreeMap<LineKey, Vec<(i64, i64)>> = BTreeMap::new();
    for &(a, b) in segments {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let g = gcd(dx.abs(), dy.abs()).max(1);
        let dir = (dx / g, dy / g);
        let across = a.0 * dir.1 - a.1 * dir.0;
        let along = |p: LatticePoint| p.0 * dir.0 + p.1 * dir.1;
        lines.entry((dir, across)).or_default().push((along(a), along(b)));
    }
    let mut merged = Vec::new();
    for ((dir, across), mut spans) in lines {
        spans.sort_unstable();
        let norm = dir.0 * dir.0 + dir.1 * dir.1;
        // The point at `t` along the line: t·dir/|dir|² plus the foot of the line.
        let point = |t: i64| {
            let foot = (across * dir.1, -across * dir.0);
            ((t * dir.0 + foot.0) / norm, (t * dir.1 + foot.1) / norm)
        };
        let mut current = spans[0];
        for &(s, e) in &spans[1..] {
            if s <= current.1 {
                current.1 = current.1.max(e);
            } else {
                merged.push((point(current.0), point(current.1)));
                current = (s, e);
            }
        }
        merged.push((point(current.0), point(current.1)));
    }
    merged.sort_unstable();
    merged
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::grid::square_cells;

    fn counts(
        kind: GridKind,
        symmetry: Symmetry,
        sizes: std::ops::RangeInclusive<usize>,
    ) -> Vec<usize> {
        sizes.map(|n| enumerate(kind, n, symmetry).len()).collect()
    }

    #[test]
    fn tetrakis_polyforms_up_to_turning_and_flipping() {
        assert_eq!(
            counts(GridKind::Tetrakis, Symmetry::RotationReflection, 1..=5),
            [1, 2, 2, 6, 8]
        );
    }

    #[test]
    fn pentominoes_free_one_sided_and_fixed() {
        assert_eq!(counts(GridKind::Square, Symmetry::RotationReflection, 1..=5), [1, 1, 2, 5, 12]);
        assert_eq!(enumerate(GridKind::Square, 5, Symmetry::Rotation).len(), 18);
        assert_eq!(enumerate(GridKind::Square, 5, Symmetry::None).len(), 63);
    }

    #[test]
    fn fixed_counts_are_the_free_classes_times_their_orbits() {
        // Each free class contributes 8 / |its own symmetry group| fixed forms.
        for kind in [GridKind::Square, GridKind::Tetrakis, GridKind::Hex, GridKind::Triangle] {
            for size in 1..=4 {
                let orbit_total: usize = enumerate(kind, size, Symmetry::RotationReflection)
                    .iter()
                    .map(|form| {
                        let images: BTreeSet<Vec<Cell>> = symmetries(kind, true)
                            .into_iter()
                            .map(|s| normalised(&transformed(kind, form, s)))
                            .collect();
                        images.len()
                    })
                    .sum();
                assert_eq!(
                    orbit_total,
                    enumerate(kind, size, Symmetry::None).len(),
                    "{kind:?} {size}"
                );
            }
        }
    }

    #[test]
    fn polyhexes_match_the_oeis_counts() {
        // Free A000228, one-sided A006535, fixed A001207.
        let hex = GridKind::Hex;
        assert_eq!(counts(hex, Symmetry::RotationReflection, 1..=6), [1, 1, 3, 7, 22, 82]);
        assert_eq!(counts(hex, Symmetry::Rotation, 1..=6), [1, 1, 3, 10, 33, 147]);
        assert_eq!(counts(hex, Symmetry::None, 1..=6), [1, 3, 11, 44, 186, 814]);
    }

    #[test]
    fn polyiamonds_match_the_oeis_counts() {
        // Free A000577, one-sided A006534, fixed A001420.
        let triangle = GridKind::Triangle;
        assert_eq!(
            counts(triangle, Symmetry::RotationReflection, 1..=8),
            [1, 1, 1, 3, 4, 12, 24, 66]
        );
        assert_eq!(counts(triangle, Symmetry::Rotation, 1..=8), [1, 1, 1, 4, 6, 19, 43, 120]);
        assert_eq!(counts(triangle, Symmetry::None, 1..=7), [2, 3, 6, 14, 36, 94, 250]);
    }

    #[test]
    fn hexagon_outlines_have_six_sides_per_cell_less_the_shared_ones() {
        let hex = GridKind::Hex;
        assert_eq!(side_count(hex, &[Cell::new(0, 0, 0)]), 6);
        // Two hexagons: 12 sides less the shared one on each = 10 corners.
        let pair = [Cell::new(0, 0, 0), Cell::new(1, 0, 0)];
        assert_eq!(side_count(hex, &pair), 10);
        assert_eq!(inner_sides(hex, &pair).len(), 1);
        // A hexagon and its six neighbours: one outer loop of 18 sides.
        let flower: Vec<Cell> = std::iter::once(Cell::new(0, 0, 0))
            .chain(neighbours(hex, Cell::new(0, 0, 0)))
            .collect();
        assert_eq!(outline(hex, &flower).len(), 1);
        assert_eq!(side_count(hex, &flower), 18);
        // The same ring without its middle has a hole: two loops.
        assert_eq!(outline(hex, &flower[1..]).len(), 2);
    }

    #[test]
    fn outlines_merge_straight_runs() {
        // A whole square on the tetrakis grid has four sides, not eight half-sides.
        let square = square_cells(GridKind::Tetrakis, 0, 0);
        assert_eq!(
            outline(GridKind::Tetrakis, &square),
            vec![vec![(0, 0), (2, 0), (2, 2), (0, 2)]]
        );
        // North and east quarters make the half-square triangle.
        let half = [Cell::new(0, 0, 0), Cell::new(0, 0, 1)];
        assert_eq!(side_count(GridKind::Tetrakis, &half), 3);
        // Three quarters: the notched square has five sides.
        let notched = [Cell::new(0, 0, 0), Cell::new(0, 0, 1), Cell::new(0, 0, 2)];
        assert_eq!(side_count(GridKind::Tetrakis, &notched), 5);
        assert_eq!(inner_sides(GridKind::Tetrakis, &square).len(), 4);
    }

    #[test]
    fn connectivity_and_components() {
        let apart = [Cell::new(0, 0, 0), Cell::new(0, 0, 2)];
        assert!(!is_connected(GridKind::Tetrakis, &apart));
        assert_eq!(components(GridKind::Tetrakis, &apart).len(), 2);
        assert!(is_connected(GridKind::Tetrakis, &[Cell::new(0, 0, 2), Cell::new(0, 1, 0)]));
        assert!(!is_connected(GridKind::Square, &[]));
    }

    #[test]
    fn collinear_segments_merge_into_long_cuts() {
        let segments = [
            ((0, 0), (2, 0)),
            ((4, 0), (2, 0)),
            ((5, 0), (6, 0)),
            ((0, 0), (1, 1)),
            ((1, 1), (2, 2)),
        ];
        assert_eq!(
            merge_collinear(&segments),
            vec![((0, 0), (2, 2)), ((0, 0), (4, 0)), ((5, 0), (6, 0))]
        );
    }
}
