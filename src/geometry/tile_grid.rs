//! Cells of an edge-to-edge tiling addressed by integers, and which cells share an edge.
//!
//! A cell is `(i, j, m)`: the lattice cell `i·u + j·v` of `tiling::lattice` and the index
//! `m` of a tile in its motif (always 0 for hexagons and squares; 0 for a downward and 1 for
//! an upward triangle). For hexagons `u` crosses edge 1 (0-based: upper right) and `v`
//! crosses edge 3 (down), so `(1, 1)` is across edge 2; for squares and triangles `u` points right and `v` down (for
//! triangles, down and half a tile to the right). A tile placed on a cell with `turn` edge
//! steps is rotated clockwise, so its edge `e` lies on the cell's side `(e + turn) mod n`.
//! Neighbours are found geometrically: two cells are neighbours when a side of one has the
//! same midpoint as a side of the other.

use kurbo::Point;

use super::polygon::RegularPolygon;
use super::tiling::{Lattice, TilePlacement, lattice};

/// A cell of the tiling: lattice coordinates and motif index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub i: i64,
    pub j: i64,
    pub m: usize,
}

impl Cell {
    pub fn new(i: i64, j: i64, m: usize) -> Cell {
        Cell { i, j, m }
    }
}

/// Two cells that share a side: `side` of the first meets `their_side` of `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Neighbour {
    pub side: usize,
    pub cell: Cell,
    pub their_side: usize,
}

/// The tiling of one regular polygon, with integer cell addresses.
#[derive(Clone, Debug)]
pub struct Grid {
    pub shape: RegularPolygon,
    lattice: Lattice,
}

/// How close two points must be to count as the same, in mm.
const SAME_POINT_MM: f64 = 1e-6;

impl Grid {
    /// The grid of `shape`, or `None` if the shape does not tile the plane by itself.
    pub fn new(shape: RegularPolygon) -> Option<Grid> {
        lattice(shape, 0.0).map(|lattice| Grid { shape, lattice })
    }

    /// How many tiles one lattice cell holds (the valid range of `m`).
    pub fn motifs(&self) -> usize {
        self.lattice.motif.len()
    }

    /// Where a tile on `cell`, turned `turn` edge steps clockwise, goes.
    pub fn placement(&self, cell: Cell, turn: usize) -> TilePlacement {
        let (offset, rotation) = self.lattice.motif[cell.m % self.motifs()];
        let origin = self.lattice.u * cell.i as f64 + self.lattice.v * cell.j as f64 + offset;
        let turn = (turn % self.shape.sides) as f64 * self.shape.step();
        TilePlacement { centre: origin.to_point(), rotation: rotation + turn }
    }

    /// The centre of a cell on the page.
    pub fn centre(&self, cell: Cell) -> Point {
        self.placement(cell, 0).centre
    }

    /// The midpoint of a cell's `side` on the page.
    pub fn side_midpoint(&self, cell: Cell, side: usize) -> Point {
        self.placement(cell, 0).transform() * self.shape.midpoint(side % self.shape.sides)
    }

    /// The corners of a cell on the page, clockwise from the start of side 0.
    pub fn corners(&self, cell: Cell) -> Vec<Point> {
        self.placement(cell, 0).corners(self.shape)
    }

    /// The end points of a cell's `side` on the page.
    pub fn side(&self, cell: Cell, side: usize) -> (Point, Point) {
        let (a, b) = self.shape.edge(side % self.shape.sides);
        let transform = self.placement(cell, 0).transform();
        (transform * a, transform * b)
    }

    /// Every cell sharing a side with `cell`, in the order of `cell`'s sides.
    pub fn neighbours(&self, cell: Cell) -> Vec<Neighbour> {
        // Each cell's placement and the shape's midpoints are computed once (the same
        // arithmetic as `side_midpoint`, so the same points), not once per side tried.
        let midpoints: Vec<Point> =
            (0..self.shape.sides).map(|side| self.shape.midpoint(side)).collect();
        let midpoints_of = |of: Cell| {
            let transform = self.placement(of, 0).transform();
            midpoints.iter().map(|&m| transform * m).collect::<Vec<Point>>()
        };
        // The cells that may share a side with `cell`, in the order they are tried.
        let mut candidates = Vec::with_capacity(9 * self.motifs());
        for di in -1..=1 {
            for dj in -1..=1 {
                for m in 0..self.motifs() {
                    let other = Cell::new(cell.i + di, cell.j + dj, m);
                    if other != cell {
                        candidates.push((other, midpoints_of(other)));
                    }
                }
            }
        }
        let mut found = Vec::new();
        for (side, midpoint) in midpoints_of(cell).into_iter().enumerate() {
            // The cell other than `cell` with a side whose midpoint is this one.
            let across = candidates.iter().find_map(|(other, theirs)| {
                let their_side =
                    theirs.iter().position(|p| p.distance(midpoint) < SAME_POINT_MM)?;
                Some((*other, their_side))
            });
            if let Some((other, their_side)) = across {
                found.push(Neighbour { side, cell: other, their_side });
            }
        }
        found
    }

    /// The side of `cell` that faces `other`, if they are neighbours.
    pub fn side_towards(&self, cell: Cell, other: Cell) -> Option<usize> {
        self.neighbours(cell).into_iter().find(|n| n.cell == other).map(|n| n.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_a_neighbour_across_every_side_and_back_again() {
        for (sides, motifs) in [(3, 2), (4, 1), (6, 1)] {
            let grid = Grid::new(RegularPolygon::new(sides, 20.0)).unwrap();
            assert_eq!(grid.motifs(), motifs);
            for m in 0..motifs {
                let cell = Cell::new(2, -1, m);
                let neighbours = grid.neighbours(cell);
                assert_eq!(neighbours.len(), sides, "{sides}-gon motif {m}");
                for n in neighbours {
                    let back = grid.neighbours(n.cell);
                    assert!(back.iter().any(|b| b.cell == cell && b.side == n.their_side));
                    // Facing sides point opposite ways: their midpoints coincide.
                    let (a, b) = (
                        grid.side_midpoint(cell, n.side),
                        grid.side_midpoint(n.cell, n.their_side),
                    );
                    assert!(a.distance(b) < 1e-9);
                }
            }
        }
    }

    #[test]
    fn hexagon_lattice_steps_cross_edges_one_and_three() {
        let grid = Grid::new(RegularPolygon::new(6, 24.0)).unwrap();
        let origin = Cell::new(0, 0, 0);
        assert_eq!(grid.side_towards(origin, Cell::new(1, 0, 0)), Some(1));
        assert_eq!(grid.side_towards(origin, Cell::new(0, 1, 0)), Some(3));
        assert_eq!(grid.side_towards(origin, Cell::new(1, 1, 0)), Some(2));
        assert_eq!(grid.side_towards(origin, Cell::new(-1, 0, 0)), Some(4));
        assert_eq!(grid.side_towards(origin, Cell::new(-1, -1, 0)), Some(5));
        assert_eq!(grid.side_towards(origin, Cell::new(-1, 1, 0)), None);
        assert_eq!(grid.side_towards(origin, Cell::new(0, -1, 0)), Some(0));
        assert_eq!(grid.side_towards(origin, Cell::new(2, 0, 0)), None);
        // Facing sides of hexagons are three steps apart.
        for n in grid.neighbours(origin) {
            assert_eq!((n.side + 3) % 6, n.their_side);
        }
    }

    #[test]
    fn a_down_triangle_has_its_flat_side_on_top_and_three_up_neighbours() {
        let grid = Grid::new(RegularPolygon::new(3, 40.0)).unwrap();
        let down = Cell::new(0, 0, 0);
        let neighbours = grid.neighbours(down);
        assert!(neighbours.iter().all(|n| n.cell.m == 1));
        let top = grid.side_midpoint(down, 0);
        assert!(top.y < grid.centre(down).y);
        assert!((grid.side(down, 0).0.y - grid.side(down, 0).1.y).abs() < 1e-9);
    }

    #[test]
    fn turning_a_tile_moves_its_edge_zero_to_side_turn() {
        let grid = Grid::new(RegularPolygon::new(6, 10.0)).unwrap();
        let cell = Cell::new(1, 1, 0);
        for turn in 0..6 {
            let placed = grid.placement(cell, turn);
            let edge_zero = placed.transform() * grid.shape.midpoint(0);
            assert!(edge_zero.distance(grid.side_midpoint(cell, turn)) < 1e-9, "turn {turn}");
        }
    }
}
