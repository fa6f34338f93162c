//! Slots on the edges of a tile with several per edge: each slot's cell (an equal share of its edge, clockwise), its point (the cell's middle) and the line that joins two slots, leaving each point at 90° to its edge.
//!
//! Slot `p` is slot `p % m` of edge `p / m`. Two tiles that meet along an edge see its cells
//! in opposite orders, so slot `s` of one faces slot `m − 1 − s` of the other: their points
//! coincide, which is why slot lists match in reverse.

use kurbo::{BezPath, Point, Vec2};

use super::polygon::RegularPolygon;

/// Slots between `a` and `b` the short way round a face of `positions` slots (1 = next to
/// each other): a join's span, counted per slot (with one slot per edge, in edges).
pub fn slot_span(positions: usize, a: usize, b: usize) -> usize {
    let positions = positions.max(1);
    let d = (a + positions - b % positions) % positions;
    d.min(positions - d)
}

/// Where the cell of slot `position` starts and ends on its edge, clockwise (with one slot
/// per edge, the edge itself).
pub fn slot_cell(shape: RegularPolygon, per_edge: usize, position: usize) -> (Point, Point) {
    let (edge, slot) = (position / per_edge % shape.sides, position % per_edge);
    let (start, end) = shape.edge(edge);
    let along = end - start;
    // The last cell ends at the corner itself, where the next edge's first cell starts.
    let share = |k: usize| match k == per_edge {
        true => end,
        false => start + along * (k as f64 / per_edge as f64),
    };
    (share(slot), share(slot + 1))
}

/// The point of slot `position`: the middle of its cell.
pub fn slot_point(shape: RegularPolygon, per_edge: usize, position: usize) -> Point {
    let (start, end) = slot_cell(shape, per_edge, position);
    start.midpoint(end)
}

/// The unit normal pointing into the tile at slot `position`'s edge.
pub fn inward(shape: RegularPolygon, per_edge: usize, position: usize) -> Vec2 {
    -shape.normal(position / per_edge % shape.sides)
}

/// The line joining slots `a` and `b`: a cubic Bézier that leaves each slot's point at 90°
/// to its edge (a straight line between facing points of parallel edges), its handles a
/// share of the distance between the points — longer for two slots of one edge, so the line
/// turns back in a round loop.
pub fn slot_line(shape: RegularPolygon, per_edge: usize, a: usize, b: usize) -> BezPath {
    let (from, to) = (slot_point(shape, per_edge, a), slot_point(shape, per_edge, b));
    let same_edge = a / per_edge == b / per_edge;
    let reach = from.distance(to) * if same_edge { 0.9 } else { 0.5 };
    let mut path = BezPath::new();
    path.move_to(from);
    path.curve_to(
        from + inward(shape, per_edge, a) * reach,
        to + inward(shape, per_edge, b) * reach,
        to,
    );
    path
}

/// The area from the tile's centre over the cells of `run` (neighbouring slot positions,
/// clockwise): along the edges from the first cell's start to the last cell's end, through
/// the corners between, and back to the centre; a run over every slot is the whole tile.
pub fn cells_area(shape: RegularPolygon, per_edge: usize, run: &[usize]) -> BezPath {
    let mut path = BezPath::new();
    let Some(&first) = run.first() else { return path };
    let whole = run.len() >= shape.sides * per_edge;
    let start = slot_cell(shape, per_edge, first).0;
    if whole {
        path.move_to(start);
    } else {
        path.move_to(Point::ORIGIN);
        path.line_to(start);
    }
    for &position in run {
        let (cell_start, cell_end) = slot_cell(shape, per_edge, position);
        // A cell that starts its edge starts at a corner: the path turns there.
        if position % per_edge == 0 && position != first {
            path.line_to(cell_start);
        }
        path.line_to(cell_end);
    }
    path.close_path();
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_slots_of_two_tiles_meet_at_one_point() {
        // Edge 0 of a square and edge 2 of its neighbour above, seen from below: slot s of
        // one at slot m − 1 − s of the other.
        let square = RegularPolygon::new(4, 30.0);
        let above = Vec2::new(0.0, -30.0);
        for m in 1..=3 {
            for s in 0..m {
                let here = slot_point(square, m, s);
                let there = slot_point(square, m, 2 * m + (m - 1 - s)) + above;
                assert!(here.distance(there) < 1e-9, "m {m} s {s}: {here:?} {there:?}");
            }
        }
    }

    #[test]
    fn spans_count_slots_the_short_way_round() {
        assert_eq!(slot_span(8, 0, 1), 1);
        assert_eq!(slot_span(8, 7, 0), 1);
        assert_eq!(slot_span(8, 0, 4), 4);
        assert_eq!(slot_span(8, 1, 6), 3);
        assert_eq!(slot_span(6, 0, 3), 3, "one slot per edge: the edge span");
    }

    #[test]
    fn cells_share_their_edge_evenly() {
        let square = RegularPolygon::new(4, 30.0);
        let (start, end) = square.edge(1);
        assert!((slot_cell(square, 3, 3).0 - start).hypot() < 1e-9);
        assert!((slot_cell(square, 3, 5).1 - end).hypot() < 1e-9);
        assert!(
            (slot_cell(square, 3, 4).1.distance(slot_cell(square, 3, 4).0) - 10.0).abs() < 1e-9
        );
    }
}
