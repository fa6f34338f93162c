//! Cells of printed map grids — hexagons (pointy top, odd rows shifted half a cell right),
//! squares and triangles (alternately pointing up and down) — as polygons in mm, y down,
//! with the grid's top-left corner at the origin.

use kurbo::{Point, Rect};

/// The kind of cell a map grid has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapGridKind {
    Hex,
    Square,
    Triangle,
}

/// A `columns × rows` grid of cells of edge `edge_mm`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapGrid {
    pub kind: MapGridKind,
    pub columns: usize,
    pub rows: usize,
    pub edge_mm: f64,
}

impl MapGrid {
    /// The corners of cell (`column`, `row`), clockwise on the page.
    pub fn cell(&self, column: usize, row: usize) -> Vec<Point> {
        let s = self.edge_mm;
        let (c, r) = (column as f64, row as f64);
        match self.kind {
            MapGridKind::Square => vec![
                Point::new(c * s, r * s),
                Point::new((c + 1.0) * s, r * s),
                Point::new((c + 1.0) * s, (r + 1.0) * s),
                Point::new(c * s, (r + 1.0) * s),
            ],
            MapGridKind::Hex => {
                let width = 3f64.sqrt() * s;
                let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
                let centre = Point::new(width * (c + 0.5 + shift), s + 1.5 * s * r);
                (0..6)
                    .map(|k| {
                        let angle = (-90.0 + 60.0 * k as f64).to_radians();
                        centre + kurbo::Vec2::new(angle.cos(), angle.sin()) * s
                    })
                    .collect()
            }
            MapGridKind::Triangle => {
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
            MapGridKind::Square => Rect::new(0.0, 0.0, c * s, r * s),
            MapGridKind::Hex => {
                let shift = if self.rows > 1 { 0.5 } else { 0.0 };
                Rect::new(0.0, 0.0, 3f64.sqrt() * s * (c + shift), s * (2.0 + 1.5 * (r - 1.0)))
            }
            MapGridKind::Triangle => {
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
        let corners = self.cell(column, row);
        let n = corners.len() as f64;
        let sum = corners.iter().fold(kurbo::Vec2::ZERO, |sum, p| sum + p.to_vec2());
        (sum / n).to_point()
    }
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
    fn every_cell_lies_inside_the_bounds_and_neighbours_share_edges() {
        for kind in [MapGridKind::Hex, MapGridKind::Square, MapGridKind::Triangle] {
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
        let hex = MapGrid { kind: MapGridKind::Hex, columns: 3, rows: 2, edge_mm: 10.0 };
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
        assert_eq!(grown(MapGridKind::Square, 5, 4), [0.0; 4]);
        assert_eq!(grown(MapGridKind::Hex, 5, 4), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(grown(MapGridKind::Hex, 5, 1), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(grown(MapGridKind::Triangle, 5, 4), [1.0; 4]);
        // One triangle, pointing up: its base lies along the bottom.
        assert_eq!(grown(MapGridKind::Triangle, 1, 1), [1.0, 1.0, 1.0, 0.0]);
    }
}
