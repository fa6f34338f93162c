//! Cells of printed map grids — hexagons (pointy top, odd rows shifted half a cell right),
//! squares and triangles (alternately pointing up and down) — as polygons in mm, y down,
//! with the grid's top-left corner at the origin.

use kurbo::{Point, Rect, Vec2};

use super::grid::{Cell, Grid, GridKind, cell_written_at, corners};
use super::polyform::outline;

/// A `columns × rows` grid of cells of edge `edge_mm`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapGrid {
    /// Hex, square or triangle, as a design writes a map's grid (a map on the tetrakis grid,
    /// which no design can write, has its squares: see [`MapGrid::cell_kind`]).
    pub kind: GridKind,
    pub columns: usize,
    pub rows: usize,
    pub edge_mm: f64,
}

impl MapGrid {
    /// The kind of its cells: its `kind`, squares for the tetrakis grid.
    pub fn cell_kind(&self) -> GridKind {
        match self.kind {
            GridKind::Tetrakis => GridKind::Square,
            kind => kind,
        }
    }

    /// The corners of cell (`column`, `row`), clockwise on the page.
    pub fn cell(&self, column: usize, row: usize) -> Vec<Point> {
        let s = self.edge_mm;
        let (c, r) = (column as f64, row as f64);
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => vec![
                Point::new(c * s, r * s),
                Point::new((c + 1.0) * s, r * s),
                Point::new((c + 1.0) * s, (r + 1.0) * s),
                Point::new(c * s, (r + 1.0) * s),
            ],
            GridKind::Hex => {
                let width = 3f64.sqrt() * s;
                let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
                let centre = Point::new(width * (c + 0.5 + shift), s + 1.5 * s * r);
                (0..6)
                    .map(|k| {
                        let angle = (-90.0 + 60.0 * k as f64).to_radians();
                        centre + Vec2::new(angle.cos(), angle.sin()) * s
                    })
                    .collect()
            }
            GridKind::Triangle => {
                let h = s * 3f64.sqrt() / 2.0;
                let (left, top) = (c * s / 2.0, r * h);
                if (column + row).is_multiple_of(2) {
                    vec![
                        Point::new(left + s / 2.0, top),
                        Point::new(left + s, top + h),
                        Point::new(left, top + h),
                    ]
                } else {
                    vec![
                        Point::new(left, top),
                        Point::new(left + s, top),
                        Point::new(left + s / 2.0, top + h),
                    ]
                }
            }
        }
    }

    /// The rectangle every cell lies in.
    pub fn bounds(&self) -> Rect {
        let s = self.edge_mm;
        let (c, r) = (self.columns as f64, self.rows as f64);
        match self.kind {
            GridKind::Square | GridKind::Tetrakis => Rect::new(0.0, 0.0, c * s, r * s),
            GridKind::Hex => {
                let shift = if self.rows > 1 { 0.5 } else { 0.0 };
                Rect::new(0.0, 0.0, 3f64.sqrt() * s * (c + shift), s * (2.0 + 1.5 * (r - 1.0)))
            }
            GridKind::Triangle => {
                Rect::new(0.0, 0.0, (c + 1.0) * s / 2.0, r * s * 3f64.sqrt() / 2.0)
            }
        }
    }

    /// The rectangle every cell lies in, grown by `clearance` on each side that a cell touches
    /// with a point — a corner whose two edges both leave the side (a hex map's top and bottom,
    /// all four sides of a triangle map) — so that a cut along it passes clear of every point;
    /// a side that only cells' edges lie along (a square map's, a hex map's left and right)
    /// stays where it is.
    pub fn bounds_clear_of_points(&self, clearance: f64) -> Rect {
        let b = self.bounds();
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9 * self.edge_mm.max(1.0);
        let sides: [&dyn Fn(Point) -> bool; 4] = [
            &|p: Point| near(p.x, b.x0),
            &|p: Point| near(p.y, b.y0),
            &|p: Point| near(p.x, b.x1),
            &|p: Point| near(p.y, b.y1),
        ];
        let pointed = sides.map(|on| {
            (0..self.rows).any(|row| {
                (0..self.columns).any(|column| {
                    let corners = self.cell(column, row);
                    let n = corners.len();
                    (0..n).any(|k| {
                        let (before, after) = (corners[(k + n - 1) % n], corners[(k + 1) % n]);
                        on(corners[k]) && !on(before) && !on(after)
                    })
                })
            })
        });
        let grow = |side: usize| if pointed[side] { clearance } else { 0.0 };
        Rect::new(b.x0 - grow(0), b.y0 - grow(1), b.x1 + grow(2), b.y1 + grow(3))
    }

    /// A cell's centre (of its corners).
    pub fn centre(&self, column: usize, row: usize) -> Point {
        mean(&self.cell(column, row))
    }

    /// The outline of all the cells together, the line a map cut along its cells follows: its
    /// corners clockwise on the page, only where it turns. The cells are those of the pieces'
    /// grid of the same kind (`grid`), whose outlines `polyform` traces: the edges no two
    /// cells share, chained.
    pub fn outline(&self) -> Vec<Point> {
        let kind = self.cell_kind();
        let at = |column: usize, row: usize| cell_written_at(kind, column as i64, row as i64, 0);
        let cells: Vec<Cell> = (0..self.rows)
            .flat_map(|row| (0..self.columns).map(move |column| at(column, row)))
            .collect();
        let lattice = Grid { kind, square_mm: self.edge_mm };
        // The lattice moved onto the map: the first cell's centre on both.
        let first: Vec<Point> =
            corners(kind, cells[0]).into_iter().map(|p| lattice.point_mm(p)).collect();
        let shift: Vec2 = self.centre(0, 0) - mean(&first);
        // A rectangle of cells is one piece without holes: its outline is one loop.
        let loops = outline(kind, &cells);
        let outer = loops.into_iter().next().unwrap_or_default();
        outer.into_iter().map(|p| lattice.point_mm(p) + shift).collect()
    }
}

/// The mean of points.
fn mean(points: &[Point]) -> Point {
    let sum = points.iter().fold(Vec2::ZERO, |sum, p| sum + p.to_vec2());
    (sum / points.len() as f64).to_point()
}

/// A cell's label: its column as letters (A … Z, AA …) and its row from 1 (`C4`).
pub fn cell_label(column: usize, row: usize) -> String {
    let mut letters = Vec::new();
    let mut n = column + 1;
    while n > 0 {
        let digit = (n - 1) % 26;
        letters.push(char::from(b'A' + digit as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect::<String>() + &(row + 1).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_count_columns_in_letters() {
        assert_eq!(cell_label(0, 0), "A1");
        assert_eq!(cell_label(25, 9), "Z10");
        assert_eq!(cell_label(26, 0), "AA1");
    }

    #[test]
    fn a_map_grid_is_of_the_pieces_grid_kinds() {
        // What the map's own kind told: its cells' corners, its name in the listing, and the
        // pieces' grid its outline is traced on.
        for (kind, name, corners) in [
            (GridKind::Hex, "hex", 6),
            (GridKind::Square, "square", 4),
            (GridKind::Triangle, "triangle", 3),
        ] {
            let grid = MapGrid { kind, columns: 2, rows: 2, edge_mm: 10.0 };
            assert_eq!((kind.name(), grid.cell_kind(), kind.cell_sides()), (name, kind, corners));
            assert!((0..2).all(|c| (0..2).all(|r| grid.cell(c, r).len() == corners)), "{kind:?}");
        }
        // The tetrakis grid, which no map is written on, is taken as its squares.
        let tetrakis = MapGrid { kind: GridKind::Tetrakis, columns: 2, rows: 2, edge_mm: 10.0 };
        let square = MapGrid { kind: GridKind::Square, ..tetrakis };
        assert_eq!(tetrakis.cell_kind(), GridKind::Square);
        assert_eq!((tetrakis.cell(1, 1), tetrakis.bounds()), (square.cell(1, 1), square.bounds()));
        assert_eq!(tetrakis.outline(), square.outline());
    }

    #[test]
    fn every_cell_lies_inside_the_bounds_and_neighbours_share_edges() {
        for kind in [GridKind::Hex, GridKind::Square, GridKind::Triangle] {
            let grid = MapGrid { kind, columns: 5, rows: 4, edge_mm: 10.0 };
            let bounds = grid.bounds().inflate(1e-9, 1e-9);
            for column in 0..5 {
                for row in 0..4 {
                    assert!(grid.cell(column, row).iter().all(|p| bounds.contains(*p)), "{kind:?}");
                }
            }
            // Cells (0, 0) and (1, 0) share two corners.
            let (a, b) = (grid.cell(0, 0), grid.cell(1, 0));
            let shared = a.iter().filter(|p| b.iter().any(|q| p.distance(*q) < 1e-9)).count();
            assert_eq!(shared, 2, "{kind:?}");
        }
        // Hex rows: a cell of an odd row touches two cells of the row above.
        let hex = MapGrid { kind: GridKind::Hex, columns: 3, rows: 2, edge_mm: 10.0 };
        let below = hex.cell(0, 1);
        for above in [hex.cell(0, 0), hex.cell(1, 0)] {
            let shared =
                above.iter().filter(|p| below.iter().any(|q| p.distance(*q) < 1e-9)).count();
            assert_eq!(shared, 2);
        }
    }

    #[test]
    fn only_the_sides_cells_touch_with_a_point_are_moved_clear() {
        let grown = |kind, columns, rows| {
            let grid = MapGrid { kind, columns, rows, edge_mm: 10.0 };
            let (b, c) = (grid.bounds(), grid.bounds_clear_of_points(1.0));
            [b.x0 - c.x0, b.y0 - c.y0, c.x1 - b.x1, c.y1 - b.y1]
        };
        // Left, top, right, bottom.
        assert_eq!(grown(GridKind::Square, 5, 4), [0.0; 4]);
        assert_eq!(grown(GridKind::Hex, 5, 4), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(grown(GridKind::Hex, 5, 1), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(grown(GridKind::Triangle, 5, 4), [1.0; 4]);
        // One triangle, pointing up: its base lies along the bottom.
        assert_eq!(grown(GridKind::Triangle, 1, 1), [1.0, 1.0, 1.0, 0.0]);
    }

    /// Twice a polygon's signed area (shoelace): positive when clockwise on the page (y down).
    fn twice_area(points: &[Point]) -> f64 {
        let n = points.len();
        (0..n).map(|k| points[k].to_vec2().cross(points[(k + 1) % n].to_vec2())).sum()
    }

    #[test]
    fn the_outline_is_the_cells_unshared_edges_in_one_clockwise_loop() {
        for (kind, columns, rows) in [
            (GridKind::Hex, 5, 4),
            (GridKind::Hex, 1, 1),
            (GridKind::Hex, 3, 1),
            (GridKind::Triangle, 7, 3),
            (GridKind::Triangle, 1, 2),
            (GridKind::Square, 4, 3),
        ] {
            let grid = MapGrid { kind, columns, rows, edge_mm: 10.0 };
            let outline = grid.outline();
            let cells: Vec<Vec<Point>> = (0..rows)
                .flat_map(|r| (0..columns).map(move |c| (c, r)))
                .map(|(c, r)| grid.cell(c, r))
                .collect();
            // As large as the cells together, turning clockwise.
            let cells_area: f64 = cells.iter().map(|c| twice_area(c)).sum();
            assert!((twice_area(&outline) - cells_area).abs() < 1e-6, "{kind:?} {columns}×{rows}");
            assert!(cells_area > 0.0);
            // Every corner a cell's corner, and as long as the edges no two cells share.
            let same = |p: Point, q: Point| p.distance(q) < 1e-6;
            for &p in &outline {
                assert!(cells.iter().flatten().any(|&q| same(p, q)), "{kind:?}: {p:?}");
            }
            let edges: Vec<(Point, Point)> = cells
                .iter()
                .flat_map(|c| (0..c.len()).map(move |k| (c[k], c[(k + 1) % c.len()])))
                .collect();
            let unshared: f64 = edges
                .iter()
                .filter(|&&(a, b)| !edges.iter().any(|&(p, q)| same(a, q) && same(b, p)))
                .map(|(a, b)| a.distance(*b))
                .sum();
            let n = outline.len();
            let length: f64 = (0..n).map(|k| outline[k].distance(outline[(k + 1) % n])).sum();
            assert!((length - unshared).abs() < 1e-6, "{kind:?}: {length} ≠ {unshared}");
        }
        // A square map's outline is its rectangle; a hex map's zig-zags at 2 corners a cell
        // across the top and bottom.
        let square = MapGrid { kind: GridKind::Square, columns: 4, rows: 3, edge_mm: 10.0 };
        assert_eq!(square.outline().len(), 4);
        let hex = MapGrid { kind: GridKind::Hex, columns: 5, rows: 4, edge_mm: 10.0 };
        let top = hex.outline().iter().filter(|p| p.y < 5.0 + 1e-9).count();
        assert_eq!(top, 2 * 5 + 1);
    }
}
