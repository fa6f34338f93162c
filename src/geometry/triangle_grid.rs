//! A triangle grid in integer coordinates: vertices, triangular cells, hexagonal regions and 60° turns.
//!
//! Conventions: a vertex `(a, b)` sits at `a·e1 + b·e2` with `e1 = (1, 0)` and
//! `e2 = (1/2, √3/2)` in units of the triangle edge, on a page with y pointing down, so `b`
//! counts rows downwards. A cell is a `Down` triangle with corners `(a, b)`, `(a+1, b)`,
//! `(a, b+1)` (apex below) or an `Up` triangle with corners `(a+1, b)`, `(a+1, b+1)`,
//! `(a, b+1)` (apex above); corners are always listed clockwise as seen on the page.
//! [`Vertex::turn`] turns by 60° clockwise on the page about the vertex `(0, 0)`.

use kurbo::Point;

/// A grid vertex (where dots sit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vertex {
    pub a: i32,
    pub b: i32,
}

/// Which way a triangular cell points on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pointing {
    /// Flat edge on top, apex below.
    Down,
    /// Apex on top, flat edge below.
    Up,
}

/// A triangular cell, named by its pointing and the lattice point `(a, b)` of its row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub b: i32,
    pub a: i32,
    pub pointing: Pointing,
}

/// The six unit steps along grid lines.
pub const STEPS: [Vertex; 6] = [
    Vertex { a: 1, b: 0 },
    Vertex { a: 0, b: 1 },
    Vertex { a: -1, b: 1 },
    Vertex { a: -1, b: 0 },
    Vertex { a: 0, b: -1 },
    Vertex { a: 1, b: -1 },
];

impl Vertex {
    pub fn new(a: i32, b: i32) -> Vertex {
        Vertex { a, b }
    }

    /// This vertex turned by 60° clockwise (on the page) about `(0, 0)`, `times` times.
    pub fn turn(self, times: u32) -> Vertex {
        (0..times % 6).fold(self, |v, _| Vertex { a: -v.b, b: v.a + v.b })
    }

    pub fn plus(self, other: Vertex) -> Vertex {
        Vertex { a: self.a + other.a, b: self.b + other.b }
    }

    pub fn minus(self, other: Vertex) -> Vertex {
        Vertex { a: self.a - other.a, b: self.b - other.b }
    }

    /// Position on the page in units of the edge, relative to `(0, 0)`.
    pub fn point(self, edge: f64) -> Point {
        let (a, b) = (f64::from(self.a), f64::from(self.b));
        Point::new((a + b / 2.0) * edge, b * 3f64.sqrt() / 2.0 * edge)
    }

    /// Twice the x coordinate in edge units: an integer, for ordering left to right.
    fn double_x(self) -> i32 {
        2 * self.a + self.b
    }
}

impl Cell {
    /// The three corners, clockwise on the page.
    pub fn corners(self) -> [Vertex; 3] {
        let (a, b) = (self.a, self.b);
        match self.pointing {
            Pointing::Down => [Vertex::new(a, b), Vertex::new(a + 1, b), Vertex::new(a, b + 1)],
            Pointing::Up => {
                [Vertex::new(a + 1, b), Vertex::new(a + 1, b + 1), Vertex::new(a, b + 1)]
            }
        }
    }

    /// The cell with these three corners (in any order), if they form one.
    pub fn from_corners(corners: [Vertex; 3]) -> Option<Cell> {
        let sums = corners.map(|v| v.a + v.b);
        let low = *sums.iter().min()?;
        let high = *sums.iter().max()?;
        let cell = if sums.iter().filter(|&&s| s == low).count() == 1 && high == low + 1 {
            let apex = corners[sums.iter().position(|&s| s == low)?];
            Cell { a: apex.a, b: apex.b, pointing: Pointing::Down }
        } else if sums.iter().filter(|&&s| s == high).count() == 1 && high == low + 1 {
            let far = corners[sums.iter().position(|&s| s == high)?];
            Cell { a: far.a - 1, b: far.b - 1, pointing: Pointing::Up }
        } else {
            return None;
        };
        let mut want = cell.corners();
        let mut have = corners;
        want.sort();
        have.sort();
        (want == have).then_some(cell)
    }

    /// The cell across the edge `p`–`q` (two of this cell's corners) and its corner that
    /// is not on that edge; `None` when `p`–`q` is not an edge of this cell.
    pub fn across(self, p: Vertex, q: Vertex) -> Option<(Cell, Vertex)> {
        let corners = self.corners();
        if p == q || !corners.contains(&p) || !corners.contains(&q) {
            return None;
        }
        let r = *corners.iter().find(|&&v| v != p && v != q)?;
        let far = p.plus(q).minus(r);
        Cell::from_corners([p, q, far]).map(|cell| (cell, far))
    }

    /// This cell moved by a lattice step.
    pub fn shifted(self, step: Vertex) -> Cell {
        Cell { a: self.a + step.a, b: self.b + step.b, pointing: self.pointing }
    }

    /// This cell turned by 60° clockwise about `(0, 0)`, `times` times.
    pub fn turn(self, times: u32) -> Cell {
        let corners = self.corners().map(|v| v.turn(times));
        Cell::from_corners(corners).unwrap_or(self)
    }

    /// The centre on the page, relative to vertex `(0, 0)`.
    pub fn centre(self, edge: f64) -> Point {
        let [p, q, r] = self.corners().map(|v| v.point(edge));
        Point::new((p.x + q.x + r.x) / 3.0, (p.y + q.y + r.y) / 3.0)
    }

    fn double_x_sum(self) -> i32 {
        self.corners().iter().map(|v| v.double_x()).sum()
    }
}

/// A regular hexagon of `side` edges per side, centred on vertex `(0, 0)`; its sides are
/// numbered 0–5 clockwise from the top (flat) side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexRegion {
    pub side: i32,
}

impl HexRegion {
    pub fn contains_vertex(self, v: Vertex) -> bool {
        let n = self.side;
        v.a.abs() <= n && v.b.abs() <= n && (v.a + v.b).abs() <= n
    }

    pub fn contains_cell(self, cell: Cell) -> bool {
        cell.corners().iter().all(|&v| self.contains_vertex(v))
    }

    /// Vertex rows from the top, each left to right (`side + 1` … `2·side + 1` … `side + 1`).
    pub fn vertex_rows(self) -> Vec<Vec<Vertex>> {
        let n = self.side;
        (-n..=n)
            .map(|b| {
                (-n..=n).map(|a| Vertex::new(a, b)).filter(|&v| self.contains_vertex(v)).collect()
            })
            .collect()
    }

    /// Cell rows from the top, each left to right (`2·side + 1` cells in the top row).
    pub fn cell_rows(self) -> Vec<Vec<Cell>> {
        let n = self.side;
        (-n..n)
            .map(|b| {
                let mut row: Vec<Cell> = (-n - 1..=n)
                    .flat_map(|a| {
                        [Pointing::Down, Pointing::Up].map(|pointing| Cell { a, b, pointing })
                    })
                    .filter(|&cell| self.contains_cell(cell))
                    .collect();
                row.sort_by_key(|cell| cell.double_x_sum());
                row
            })
            .collect()
    }

    /// Whether a vertex lies on side `k` (0–5).
    pub fn on_side(self, v: Vertex, k: usize) -> bool {
        let n = self.side;
        match k % 6 {
            0 => v.b == -n,
            1 => v.a == n,
            2 => v.a + v.b == n,
            3 => v.b == n,
            4 => v.a == -n,
            _ => v.a + v.b == -n,
        }
    }

    /// The cells with an edge on side `k`, in the order of `cell_rows`.
    pub fn side_cells(self, k: usize) -> Vec<Cell> {
        self.cell_rows()
            .into_iter()
            .flatten()
            .filter(|cell| cell.corners().iter().filter(|&&v| self.on_side(v, k)).count() == 2)
            .collect()
    }

    /// The six corners on the page, relative to vertex `(0, 0)`, clockwise from the top left.
    pub fn corner_points(self, edge: f64) -> Vec<Point> {
        (0..6u32).map(|k| Vertex::new(0, -self.side).turn(k).point(edge)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_hexagon_of_side_n_has_6n2_cells_and_3n2_3n_1_vertices() {
        for n in 1..=6 {
            let hex = HexRegion { side: n };
            let cells: usize = hex.cell_rows().iter().map(Vec::len).sum();
            let vertices: usize = hex.vertex_rows().iter().map(Vec::len).sum();
            assert_eq!(cells as i32, 6 * n * n, "cells of side {n}");
            assert_eq!(vertices as i32, 3 * n * n + 3 * n + 1, "vertices of side {n}");
        }
        let rows: Vec<usize> = HexRegion { side: 4 }.cell_rows().iter().map(Vec::len).collect();
        assert_eq!(rows, [9, 11, 13, 15, 15, 13, 11, 9]);
    }

    #[test]
    fn corners_are_clockwise_and_one_edge_long() {
        for pointing in [Pointing::Down, Pointing::Up] {
            let cell = Cell { a: 2, b: -1, pointing };
            let [p, q, r] = cell.corners().map(|v| v.point(10.0));
            assert!((q - p).cross(r - p) > 0.0, "{pointing:?} is clockwise on a y-down page");
            for (x, y) in [(p, q), (q, r), (r, p)] {
                assert!((x.distance(y) - 10.0).abs() < 1e-9);
            }
            assert_eq!(Cell::from_corners(cell.corners()), Some(cell));
        }
        assert_eq!(
            Cell::from_corners([Vertex::new(0, 0), Vertex::new(2, 0), Vertex::new(0, 1)]),
            None
        );
    }

    #[test]
    fn across_an_edge_is_the_mirror_cell() {
        let cell = Cell { a: 0, b: 0, pointing: Pointing::Down };
        for k in 0..3 {
            let c = cell.corners();
            let (p, q) = (c[k], c[(k + 1) % 3]);
            let (next, far) = cell.across(p, q).expect("an edge");
            assert_ne!(next.pointing, cell.pointing);
            assert!(next.corners().contains(&far) && !c.contains(&far));
            assert_eq!(next.across(p, q).map(|(back, _)| back), Some(cell));
        }
    }

    #[test]
    fn six_turns_are_the_identity_and_keep_the_region() {
        let hex = HexRegion { side: 3 };
        let cells: BTreeSet<Cell> = hex.cell_rows().into_iter().flatten().collect();
        for &cell in &cells {
            assert!(cells.contains(&cell.turn(1)), "{cell:?} turned leaves the hexagon");
            assert_eq!(cell.turn(6), cell);
            let turned = cell.turn(1).centre(1.0);
            let p = cell.centre(1.0);
            let angle = (3f64.sqrt() / 2.0, 0.5);
            let expect = (p.x * angle.1 - p.y * angle.0, p.x * angle.0 + p.y * angle.1);
            assert!((turned.x - expect.0).abs() < 1e-9 && (turned.y - expect.1).abs() < 1e-9);
        }
        for k in 0..6 {
            let side: Vec<Cell> = hex.side_cells(k);
            assert_eq!(side.len(), 3);
            let turned: BTreeSet<Cell> = side.iter().map(|c| c.turn(1)).collect();
            assert_eq!(turned, hex.side_cells(k + 1).into_iter().collect());
        }
    }
}
