//! Grids of cells for polyform pieces and boards: the square grid, the tetrakis square grid
//! (each square cut by both diagonals), the hex grid and the triangle grid, with integer
//! cells, neighbours, corners and symmetries.
//!
//! Coordinates are integers. On the square grids a cell is a grid square `(x, y)` (x to the
//! right, y down the page) and, on the tetrakis grid, a quarter of it: the right-isosceles
//! triangle standing on the square's north, east, south or west side (`q` = 0, 1, 2, 3).
//! Corners are *lattice points* in half-squares, so the square `(x, y)` runs from `(2x, 2y)`
//! to `(2x + 2, 2y + 2)` and its centre is `(2x + 1, 2y + 1)`.
//!
//! On the hex grid (pointy-top hexagons of edge `square_mm`) a cell `(x, y)` is in axial
//! coordinates: `x` steps one hexagon to the right, `y` one row down and half a hexagon to the
//! right. Lattice points are on the triangle lattice of the hexagons' corners and centres,
//! `(a, b)` meaning `a·e1 + b·e2` with `e1`, `e2` the edge-long vectors 30° above and below
//! the horizontal; the cell `(x, y)` is centred on `(x − y, x + 2y)`. Design files write hex
//! cells as column and row of the offset layout (odd rows shifted half a hexagon right, as on
//! maps): see [`written_position`].
//!
//! On the triangle grid (equilateral triangles of edge `square_mm` in horizontal rows)
//! lattice points `(a, b)` mean `a·e1 + b·e2` with `e1` one edge to the right and `e2` one
//! edge down and to the right (60°). A cell `(x, y, q)` is half of the lattice parallelogram
//! at `(x, y)`: `q = 0` the triangle pointing down (flat top), `q = 1` the one pointing up
//! after it. Design files write a triangle as its column and row, the columns counted in
//! half edges so that column `c` of row `r` points up when `c + r` is even (as on maps).
//! Millimetres appear only in [`Grid::point_mm`].

use kurbo::Point;

/// A lattice point in half-squares, or on the hex grid's triangle lattice (see the module
/// documentation).
pub type LatticePoint = (i64, i64);

/// The grids pieces and boards are made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum GridKind {
    /// Squares; a cell is one square.
    Square,
    /// Squares cut by both diagonals; a cell is a quarter triangle.
    Tetrakis,
    /// Pointy-top hexagons; a cell is one hexagon.
    Hex,
    /// Equilateral triangles in horizontal rows, pointing up and down in turn.
    Triangle,
}

impl GridKind {
    /// The name used in design files.
    pub fn name(self) -> &'static str {
        match self {
            GridKind::Square => "square",
            GridKind::Tetrakis => "tetrakis",
            GridKind::Hex => "hex",
            GridKind::Triangle => "triangle",
        }
    }

    /// Cells at one grid position `(x, y)` (the quarters of a tetrakis square).
    pub fn cells_per_square(self) -> u8 {
        match self {
            GridKind::Square | GridKind::Hex => 1,
            GridKind::Triangle => 2,
            GridKind::Tetrakis => 4,
        }
    }

    /// Sides of one cell.
    pub fn cell_sides(self) -> usize {
        match self {
            GridKind::Square => 4,
            GridKind::Tetrakis | GridKind::Triangle => 3,
            GridKind::Hex => 6,
        }
    }

    /// Turns that map the grid onto itself (4 on the square grids, 6 on the hex and
    /// triangle grids).
    pub fn turns(self) -> u8 {
        match self {
            GridKind::Square | GridKind::Tetrakis => 4,
            GridKind::Hex | GridKind::Triangle => 6,
        }
    }

    /// Whether the grid is drawn on the triangle lattice (a sixth turn is a symmetry).
    pub fn on_triangle_lattice(self) -> bool {
        matches!(self, GridKind::Hex | GridKind::Triangle)
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

/// A grid at a size: the kind and the side of one grid square in mm (on the hex grid, the
/// edge of one hexagon).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub kind: GridKind,
    pub square_mm: f64,
}

/// √3 / 2: the hex grid's horizontal step per lattice unit, in edges.
const HALF_ROOT_3: f64 = 0.866_025_403_784_438_6;

impl Grid {
    /// A lattice point in mm, relative to the lattice origin.
    pub fn point_mm(&self, p: LatticePoint) -> Point {
        let s = self.square_mm;
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => {
                Point::new(p.0 as f64 * s / 2.0, p.1 as f64 * s / 2.0)
            }
            GridKind::Hex => {
                Point::new((p.0 + p.1) as f64 * HALF_ROOT_3 * s, (p.1 - p.0) as f64 * s / 2.0)
            }
            GridKind::Triangle => {
                Point::new((2 * p.0 + p.1) as f64 * s / 2.0, p.1 as f64 * HALF_ROOT_3 * s)
            }
        }
    }

    /// `48 mm grid squares` or `hexagons of 20 mm edge`, for messages.
    pub fn describe(&self) -> String {
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => format!("{} mm grid squares", self.square_mm),
            GridKind::Hex => format!("hexagons of {} mm edge", self.square_mm),
            GridKind::Triangle => format!("triangles of {} mm edge", self.square_mm),
        }
    }

    /// Height of a piece's mark: an eighth of a grid square (a tetrakis quarter is small),
    /// half a hexagon's edge.
    pub fn mark_size_mm(&self) -> f64 {
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => self.square_mm / 8.0,
            GridKind::Hex => self.square_mm / 2.0,
            GridKind::Triangle => self.square_mm / 5.0,
        }
    }

    /// Area of one cell in mm².
    pub fn cell_area_mm2(&self) -> f64 {
        let s = self.square_mm;
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => {
                s * s / f64::from(self.kind.cells_per_square())
            }
            GridKind::Hex => 3.0 * HALF_ROOT_3 * s * s,
            GridKind::Triangle => HALF_ROOT_3 * s * s / 2.0,
        }
    }

    /// The lattice vector that moves a cell by `(dx, dy)` grid positions.
    pub fn step(kind: GridKind, dx: i64, dy: i64) -> LatticePoint {
        match kind {
            GridKind::Square | GridKind::Tetrakis => (2 * dx, 2 * dy),
            GridKind::Hex => (dx - dy, dx + 2 * dy),
            GridKind::Triangle => (dx, dy),
        }
    }

    /// A symmetry's linear part in mm, as `[a, b, c, d]` (x' = a·x + c·y, y' = b·x + d·y).
    pub fn symmetry_matrix_mm(&self, symmetry: GridSymmetry) -> [f64; 4] {
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => symmetry.matrix(self.kind),
            GridKind::Hex | GridKind::Triangle => {
                // Images of the mm unit vectors, through the lattice basis e1, e2.
                let image = |p: LatticePoint| self.point_mm(symmetry.apply(self.kind, p));
                let (i1, i2) = (image((1, 0)), image((0, 1)));
                let (e1, e2) = (self.point_mm((1, 0)), self.point_mm((0, 1)));
                // Solve x = α·e1 + β·e2 for x = (1, 0) and (0, 1).
                let det = e1.x * e2.y - e2.x * e1.y;
                let unit = |x: f64, y: f64| {
                    let alpha = (x * e2.y - y * e2.x) / det;
                    let beta = (e1.x * y - e1.y * x) / det;
                    (i1.x * alpha + i2.x * beta, i1.y * alpha + i2.y * beta)
                };
                let ((a, b), (c, d)) = (unit(1.0, 0.0), unit(0.0, 1.0));
                [a, b, c, d].map(|v| if v.abs() < 1e-12 { 0.0 } else { v })
            }
        }
    }
}

/// A cell as design files write it: the grid square and its quarters; on the hex grid the
/// column and row of the offset layout (odd rows shifted half a hexagon right); on the
/// triangle grid the column (in half edges) and row.
pub fn written_position(kind: GridKind, cell: Cell) -> (i64, i64) {
    match kind {
        GridKind::Square | GridKind::Tetrakis => (cell.x, cell.y),
        GridKind::Hex => (cell.x + cell.y.div_euclid(2), cell.y),
        GridKind::Triangle => (2 * cell.x + i64::from(cell.q) + cell.y + 1, cell.y),
    }
}

/// The cell a design file writes as `(x, y)` (the inverse of [`written_position`]).
pub fn cell_written_at(kind: GridKind, x: i64, y: i64, q: u8) -> Cell {
    match kind {
        GridKind::Square | GridKind::Tetrakis => Cell::new(x, y, q),
        GridKind::Hex => Cell::new(x - y.div_euclid(2), y, 0),
        GridKind::Triangle => {
            let q = (x - y - 1).rem_euclid(2);
            Cell::new((x - y - 1 - q).div_euclid(2), y, q as u8)
        }
    }
}

/// Every cell of the grid square `(x, y)`.
pub fn square_cells(kind: GridKind, x: i64, y: i64) -> Vec<Cell> {
    (0..kind.cells_per_square()).map(|q| Cell::new(x, y, q)).collect()
}

/// A hexagon's corners around its centre, clockwise on the page from the top one.
const HEX_CORNERS: [LatticePoint; 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// A cell's corners, clockwise on the page (y down), in lattice points.
pub fn corners(kind: GridKind, cell: Cell) -> Vec<LatticePoint> {
    let (x0, y0) = (2 * cell.x, 2 * cell.y);
    let square = [(x0, y0), (x0 + 2, y0), (x0 + 2, y0 + 2), (x0, y0 + 2)];
    match kind {
        GridKind::Square => square.to_vec(),
        GridKind::Hex => {
            let (a, b) = Grid::step(kind, cell.x, cell.y);
            HEX_CORNERS.iter().map(|&(u, v)| (a + u, b + v)).collect()
        }
        // Pointing down: the top edge, then the bottom corner; pointing up: the top corner,
        // then the bottom edge.
        GridKind::Triangle if cell.q.is_multiple_of(2) => {
            vec![(cell.x, cell.y), (cell.x + 1, cell.y), (cell.x, cell.y + 1)]
        }
        GridKind::Triangle => {
            vec![(cell.x + 1, cell.y), (cell.x + 1, cell.y + 1), (cell.x, cell.y + 1)]
        }
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
        // Across each side in turn, from the upper right one clockwise.
        GridKind::Hex => vec![
            Cell::new(x + 1, y - 1, 0),
            Cell::new(x + 1, y, 0),
            Cell::new(x, y + 1, 0),
            Cell::new(x - 1, y + 1, 0),
            Cell::new(x - 1, y, 0),
            Cell::new(x, y - 1, 0),
        ],
        // Across the top, right and left sides of a down triangle; across the right, bottom
        // and left sides of an up triangle.
        GridKind::Triangle if q.is_multiple_of(2) => {
            vec![Cell::new(x, y - 1, 1), Cell::new(x, y, 1), Cell::new(x - 1, y, 1)]
        }
        GridKind::Triangle => {
            vec![Cell::new(x + 1, y, 0), Cell::new(x, y + 1, 0), Cell::new(x, y, 0)]
        }
    }
}

/// One symmetry of the grid's lattice: reflect left–right (if `reflect`), then turn by
/// `turns` × 90° (× 60° on the hex grid) clockwise on the page, about the lattice origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct GridSymmetry {
    pub turns: u8,
    pub reflect: bool,
}

impl GridSymmetry {
    /// The map on lattice points (and any coordinates proportional to them).
    pub fn apply(self, kind: GridKind, p: LatticePoint) -> LatticePoint {
        match kind {
            GridKind::Square | GridKind::Tetrakis => {
                let (mut u, mut v) = if self.reflect { (-p.0, p.1) } else { p };
                for _ in 0..self.turns % 4 {
                    (u, v) = (-v, u);
                }
                (u, v)
            }
            GridKind::Hex | GridKind::Triangle => {
                // Left–right swaps e1 with −e2 on the hex grid's lattice, and takes e1 to −e1
                // and e2 to e2 − e1 on the triangle grid's; a sixth turn takes e1 to e2 and
                // e2 to e2 − e1 on both.
                let (mut a, mut b) = match (self.reflect, kind) {
                    (false, _) => p,
                    (true, GridKind::Hex) => (-p.1, -p.0),
                    (true, _) => (-p.0 - p.1, p.1),
                };
                for _ in 0..self.turns % 6 {
                    (a, b) = (-b, a + b);
                }
                (a, b)
            }
        }
    }

    /// The linear part on lattice points as a matrix `[a, b, c, d]` (x' = a·x + c·y,
    /// y' = b·x + d·y); on the square grids it is also the map in mm.
    pub fn matrix(self, kind: GridKind) -> [f64; 4] {
        let (a, b) = self.apply(kind, (1, 0));
        let (c, d) = self.apply(kind, (0, 1));
        [a as f64, b as f64, c as f64, d as f64]
    }
}

/// A point inside the cell, in quarter-squares (on the hex grid, its centre; on the triangle
/// grid, its centre in thirds of the lattice), that identifies it.
fn key_point(kind: GridKind, cell: Cell) -> LatticePoint {
    let (cx, cy) = (4 * cell.x + 2, 4 * cell.y + 2);
    match kind {
        GridKind::Hex => Grid::step(kind, cell.x, cell.y),
        GridKind::Triangle => {
            let third = 1 + i64::from(cell.q % 2);
            (3 * cell.x + third, 3 * cell.y + third)
        }
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
    if kind == GridKind::Hex {
        // The centre (a, b) = (x − y, x + 2y).
        let y = (p.1 - p.0).div_euclid(3);
        return Cell::new(p.0 + y, y, 0);
    }
    if kind == GridKind::Triangle {
        let q = u8::from(p.0.rem_euclid(3) == 2);
        return Cell::new(p.0.div_euclid(3), p.1.div_euclid(3), q);
    }
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
    cell_at_key(kind, symmetry.apply(kind, key_point(kind, cell)))
}

/// The grid's symmetries fixing the origin: the turns, then (with `reflections`) the
/// reflected turns.
pub fn symmetries(kind: GridKind, reflections: bool) -> Vec<GridSymmetry> {
    let flips: &[bool] = if reflections { &[false, true] } else { &[false] };
    flips
        .iter()
        .flat_map(|&reflect| (0..kind.turns()).map(move |turns| GridSymmetry { turns, reflect }))
        .collect()
}

/// Where a mark goes: the centre of the cell nearest the piece's centre of area.
pub fn mark_point(grid: Grid, cells: &[Cell]) -> Point {
    let centres: Vec<Point> = cells.iter().map(|&c| cell_centre(grid, c)).collect();
    let n = centres.len().max(1) as f64;
    let mean = centres.iter().fold(Point::ORIGIN, |sum, p| sum + p.to_vec2() / n);
    centres.into_iter().min_by(|a, b| a.distance(mean).total_cmp(&b.distance(mean))).unwrap_or(mean)
}

/// The centre of mass of one cell, in mm.
fn cell_centre(grid: Grid, cell: Cell) -> Point {
    let points = corners(grid.kind, cell);
    let n = points.len() as f64;
    points.iter().fold(Point::ORIGIN, |sum, &p| sum + grid.point_mm(p).to_vec2() / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_mutual_and_share_two_corners() {
        for kind in [GridKind::Square, GridKind::Tetrakis, GridKind::Hex, GridKind::Triangle] {
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
        for kind in [GridKind::Square, GridKind::Tetrakis, GridKind::Hex, GridKind::Triangle] {
            for symmetry in symmetries(kind, true) {
                for cell in square_cells(kind, 1, 2) {
                    let image = transform_cell(kind, cell, symmetry);
                    let mut expected: Vec<LatticePoint> =
                        corners(kind, cell).into_iter().map(|p| symmetry.apply(kind, p)).collect();
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
        let turn = GridSymmetry { turns: 1, reflect: false };
        // Right (1, 0) turns to down (0, 1) with y pointing down the page.
        assert_eq!(turn.apply(GridKind::Square, (1, 0)), (0, 1));
        assert_eq!(transform_cell(GridKind::Tetrakis, Cell::new(0, 0, 0), turn).q, 1);
        // On the hex grid a sixth turn takes the right neighbour to the lower right one.
        let hex = GridKind::Hex;
        assert_eq!(transform_cell(hex, Cell::new(1, 0, 0), turn), Cell::new(0, 1, 0));
    }

    #[test]
    fn hexagons_are_regular_and_their_symmetries_are_rigid_in_mm() {
        let grid = Grid { kind: GridKind::Hex, square_mm: 10.0 };
        let points: Vec<Point> =
            corners(grid.kind, Cell::new(2, -1, 0)).into_iter().map(|p| grid.point_mm(p)).collect();
        for k in 0..6 {
            let side = points[k].distance(points[(k + 1) % 6]);
            assert!((side - 10.0).abs() < 1e-9, "side {k} is {side}");
        }
        // The top corner is straight above the centre: pointy top.
        let centre = grid.point_mm(Grid::step(grid.kind, 2, -1));
        assert!((points[0].x - centre.x).abs() < 1e-9 && points[0].y < centre.y);
        for symmetry in symmetries(grid.kind, true) {
            let [a, b, c, d] = grid.symmetry_matrix_mm(symmetry);
            // Orthogonal: columns of unit length, perpendicular.
            assert!((a * a + b * b - 1.0).abs() < 1e-9 && (a * c + b * d).abs() < 1e-9);
            let p = (3, -2);
            let mapped = grid.point_mm(symmetry.apply(grid.kind, p));
            let q = grid.point_mm(p);
            assert!((mapped.x - (a * q.x + c * q.y)).abs() < 1e-9, "{symmetry:?}");
            assert!((mapped.y - (b * q.x + d * q.y)).abs() < 1e-9, "{symmetry:?}");
        }
    }

    #[test]
    fn triangles_are_equilateral_and_alternate_up_and_down_along_a_row() {
        let grid = Grid { kind: GridKind::Triangle, square_mm: 10.0 };
        for symmetry in symmetries(grid.kind, true) {
            let [a, b, c, d] = grid.symmetry_matrix_mm(symmetry);
            assert!((a * a + b * b - 1.0).abs() < 1e-9 && (a * c + b * d).abs() < 1e-9);
        }
        let row: Vec<Cell> = (0..4).map(|c| cell_written_at(grid.kind, c, 3, 0)).collect();
        for (column, &cell) in row.iter().enumerate() {
            assert_eq!(written_position(grid.kind, cell), (column as i64, 3));
            let points: Vec<Point> =
                corners(grid.kind, cell).into_iter().map(|p| grid.point_mm(p)).collect();
            for k in 0..3 {
                assert!((points[k].distance(points[(k + 1) % 3]) - 10.0).abs() < 1e-9);
            }
            // Column 0 of row 3 points down (3 is odd); the next one up, and so on.
            let flat_top = (points[0].y - points[1].y).abs() < 1e-9;
            assert_eq!(flat_top, column % 2 == 0, "column {column}");
            // Every triangle of the row starts half an edge after the one before.
            let left = points.iter().map(|p| p.x).fold(f64::MAX, f64::min);
            let first = corners(grid.kind, row[0]).into_iter().map(|p| grid.point_mm(p).x);
            assert!((left - first.fold(f64::MAX, f64::min) - 5.0 * column as f64).abs() < 1e-9);
        }
    }

    #[test]
    fn written_hex_positions_are_offset_rows() {
        for y in -3..3 {
            for x in -3..3 {
                let cell = cell_written_at(GridKind::Hex, x, y, 0);
                assert_eq!(written_position(GridKind::Hex, cell), (x, y));
            }
        }
        // Column 0 of rows 0 and 1: the second is below and to the right of the first.
        let grid = Grid { kind: GridKind::Hex, square_mm: 1.0 };
        let centre = |x, y| {
            let c = cell_written_at(GridKind::Hex, x, y, 0);
            grid.point_mm(Grid::step(GridKind::Hex, c.x, c.y))
        };
        assert!((centre(0, 1).x - centre(0, 0).x - HALF_ROOT_3).abs() < 1e-9);
        assert!((centre(0, 2).x - centre(0, 0).x).abs() < 1e-9);
    }

    #[test]
    fn marks_sit_inside_the_piece() {
        let cells = [Cell::new(0, 0, 0), Cell::new(0, 0, 1), Cell::new(1, 0, 3)];
        let at = mark_point(Grid { kind: GridKind::Tetrakis, square_mm: 48.0 }, &cells);
        assert!(at.x > 0.0 && at.x < 96.0 && at.y > 0.0 && at.y < 48.0, "{at:?}");
    }
}
