//! Grids of cells for polyform pieces and boards: the square grid and the tetrakis square grid
//! (each square cut by both diagonals), with integer cells, neighbours, corners and symmetries.
//!
//! Coordinates are integers. A cell is a grid square `(x, y)` (x to the right, y down the
//! page) and, on the tetrakis grid, a quarter of it: the right-isosceles triangle standing on
//! the square's north, east, south or west side (`q` = 0, 1, 2, 3). Corners are *lattice
//! points* in half-squares, so the square `(x, y)` runs from `(2x, 2y)` to `(2x + 2, 2y + 2)`
//! and its centre is `(2x + 1, 2y + 1)`. Millimetres appear only in [`Grid::point_mm`].

use kurbo::Point;

/// A lattice point in half-squares (see the module documentation).
pub type LatticePoint = (i64, i64);

/// The grids pieces and boards are made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum GridKind {
    /// Squares; a cell is one square.
    Square,
    /// Squares cut by both diagonals; a cell is a quarter triangle.
    Tetrakis,
}

impl GridKind {
    /// The name used in design files.
    pub fn name(self) -> &'static str {
        match self {
            GridKind::Square => "square",
            GridKind::Tetrakis => "tetrakis",
        }
    }

    /// Cells in one grid square.
    pub fn cells_per_square(self) -> u8 {
        match self {
            GridKind::Square => 1,
            GridKind::Tetrakis => 4,
        }
    }

    /// Sides of one cell.
    pub fn cell_sides(self) -> usize {
        match self {
            GridKind::Square => 4,
            GridKind::Tetrakis => 3,
        }
    }
}

/// Names of the tetrakis quarters, by `q`.
pub const QUARTER_NAMES: [char; 4] = ['N', 'E', 'S', 'W'];

/// One cell: a grid square and, on the tetrakis grid, its quarter (0 on the square grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub x: i64,
    pub y: i64,
    pub q: u8,
}

impl Cell {
    pub fn new(x: i64, y: i64, q: u8) -> Cell {
        Cell { x, y, q }
    }

    /// The same cell moved by whole squares.
    pub fn shifted(self, dx: i64, dy: i64) -> Cell {
        Cell { x: self.x + dx, y: self.y + dy, q: self.q }
    }
}

/// A grid at a size: the kind and the side of one grid square in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub kind: GridKind,
    pub square_mm: f64,
}

impl Grid {
    /// A lattice point in mm, relative to the lattice origin.
    pub fn point_mm(&self, p: LatticePoint) -> Point {
        Point::new(p.0 as f64 * self.square_mm / 2.0, p.1 as f64 * self.square_mm / 2.0)
    }

    /// Area of one cell in mm².
    pub fn cell_area_mm2(&self) -> f64 {
        self.square_mm * self.square_mm / f64::from(self.kind.cells_per_square())
    }
}

/// Every cell of the grid square `(x, y)`.
pub fn square_cells(kind: GridKind, x: i64, y: i64) -> Vec<Cell> {
    (0..kind.cells_per_square()).map(|q| Cell::new(x, y, q)).collect()
}

/// A cell's corners, clockwise on the page (y down), in lattice points.
pub fn corners(kind: GridKind, cell: Cell) -> Vec<LatticePoint> {
    let (x0, y0) = (2 * cell.x, 2 * cell.y);
    let square = [(x0, y0), (x0 + 2, y0), (x0 + 2, y0 + 2), (x0, y0 + 2)];
    match kind {
        GridKind::Square => square.to_vec(),
        GridKind::Tetrakis => {
            let q = usize::from(cell.q % 4);
            vec![square[q], square[(q + 1) % 4], (x0 + 1, y0 + 1)]
        }
    }
}

/// The cells that share a side with `cell`.
pub fn neighbours(kind: GridKind, cell: Cell) -> Vec<Cell> {
    let Cell { x, y, q } = cell;
    match kind {
        GridKind::Square => vec![
            Cell::new(x, y - 1, 0),
            Cell::new(x + 1, y, 0),
            Cell::new(x, y + 1, 0),
            Cell::new(x - 1, y, 0),
        ],
        GridKind::Tetrakis => {
            let across = match q % 4 {
                0 => Cell::new(x, y - 1, 2),
                1 => Cell::new(x + 1, y, 3),
                2 => Cell::new(x, y + 1, 0),
                _ => Cell::new(x - 1, y, 1),
            };
            vec![Cell::new(x, y, (q + 1) % 4), Cell::new(x, y, (q + 3) % 4), across]
        }
    }
}

/// One symmetry of the square lattice: reflect left–right (if `reflect`), then turn by
/// `quarter_turns` × 90° clockwise on the page, about the lattice origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct GridSymmetry {
    pub quarter_turns: u8,
    pub reflect: bool,
}

impl GridSymmetry {
    /// The map on lattice points (and any coordinates proportional to them).
    pub fn apply(self, p: LatticePoint) -> LatticePoint {
        let (mut u, mut v) = if self.reflect { (-p.0, p.1) } else { p };
        for _ in 0..self.quarter_turns % 4 {
            (u, v) = (-v, u);
        }
        (u, v)
    }

    /// The linear part as a matrix `[a, b, c, d]` (x' = a·x + c·y, y' = b·x + d·y).
    pub fn matrix(self) -> [f64; 4] {
        let (a, b) = self.apply((1, 0));
        let (c, d) = self.apply((0, 1));
        [a as f64, b as f64, c as f64, d as f64]
    }
}

/// A point inside the cell, in quarter-squares, that identifies it.
fn key_point(kind: GridKind, cell: Cell) -> LatticePoint {
    let (cx, cy) = (4 * cell.x + 2, 4 * cell.y + 2);
    match kind {
        GridKind::Square => (cx, cy),
        GridKind::Tetrakis => match cell.q % 4 {
            0 => (cx, cy - 1),
            1 => (cx + 1, cy),
            2 => (cx, cy + 1),
            _ => (cx - 1, cy),
        },
    }
}

/// The cell whose key point is `p` (the inverse of `key_point`).
fn cell_at_key(kind: GridKind, p: LatticePoint) -> Cell {
    let (x, y) = (p.0.div_euclid(4), p.1.div_euclid(4));
    let q = match (kind, p.0.rem_euclid(4), p.1.rem_euclid(4)) {
        (GridKind::Square, _, _) => 0,
        (_, 2, 1) => 0,
        (_, 3, 2) => 1,
        (_, 2, 3) => 2,
        _ => 3,
    };
    Cell::new(x, y, q)
}

/// The image of a cell under a lattice symmetry.
pub fn transform_cell(kind: GridKind, cell: Cell, symmetry: GridSymmetry) -> Cell {
    cell_at_key(kind, symmetry.apply(key_point(kind, cell)))
}

/// The grid's symmetries fixing the origin: the 4 turns, then (with `reflections`) the 4
/// reflected turns.
pub fn symmetries(reflections: bool) -> Vec<GridSymmetry> {
    let flips: &[bool] = if reflections { &[false, true] } else { &[false] };
    flips
        .iter()
        .flat_map(|&reflect| {
            (0..4).map(move |quarter_turns| GridSymmetry { quarter_turns, reflect })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_mutual_and_share_two_corners() {
        for kind in [GridKind::Square, GridKind::Tetrakis] {
            for cell in square_cells(kind, 3, -2) {
                for n in neighbours(kind, cell) {
                    assert!(neighbours(kind, n).contains(&cell), "{cell:?} {n:?}");
                    let shared =
                        corners(kind, n).iter().filter(|p| corners(kind, cell).contains(p)).count();
                    assert_eq!(shared, 2, "{cell:?} and {n:?}");
                }
            }
        }
    }

    #[test]
    fn symmetries_map_cells_onto_cells_with_their_corners() {
        for kind in [GridKind::Square, GridKind::Tetrakis] {
            for symmetry in symmetries(true) {
                for cell in square_cells(kind, 1, 2) {
                    let image = transform_cell(kind, cell, symmetry);
                    let mut expected: Vec<LatticePoint> =
                        corners(kind, cell).into_iter().map(|p| symmetry.apply(p)).collect();
                    let mut found = corners(kind, image);
                    expected.sort_unstable();
                    found.sort_unstable();
                    assert_eq!(found, expected, "{kind:?} {symmetry:?} {cell:?}");
                }
            }
        }
    }

    #[test]
    fn a_quarter_turn_is_clockwise_on_the_page() {
        let turn = GridSymmetry { quarter_turns: 1, reflect: false };
        // Right (1, 0) turns to down (0, 1) with y pointing down the page.
        assert_eq!(turn.apply((1, 0)), (0, 1));
        assert_eq!(transform_cell(GridKind::Tetrakis, Cell::new(0, 0, 0), turn).q, 1);
    }
}
