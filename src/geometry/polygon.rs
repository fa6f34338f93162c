//! Regular polygons as tile outlines: corners, edge midpoints and normals in a tile's own frame.
//!
//! Conventions: millimetres, y pointing down, the tile's centre at the origin. Edge 0's
//! outward normal points up (angle −90°); edges are numbered clockwise as seen on the page,
//! and edge `k` runs from corner `k` to corner `k + 1`.

use std::f64::consts::PI;

use kurbo::{Point, Vec2};

/// A regular polygon with `sides` edges of `edge_mm` millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RegularPolygon {
    pub sides: usize,
    pub edge_mm: f64,
}

impl RegularPolygon {
    pub fn new(sides: usize, edge_mm: f64) -> RegularPolygon {
        RegularPolygon { sides, edge_mm }
    }

    /// The shape's name in design files, or `None` for sides without a name.
    pub fn shape_name(self) -> &'static str {
        match self.sides {
            3 => "triangle",
            4 => "square",
            6 => "hexagon",
            _ => "polygon",
        }
    }

    /// Number of sides for a shape name used in design files.
    pub fn sides_for_name(name: &str) -> Option<usize> {
        match name {
            "triangle" => Some(3),
            "square" => Some(4),
            "hexagon" => Some(6),
            _ => None,
        }
    }

    /// Angle between consecutive edge normals.
    pub fn step(self) -> f64 {
        2.0 * PI / self.sides as f64
    }

    /// Distance from the centre to an edge midpoint.
    pub fn apothem(self) -> f64 {
        self.edge_mm / (2.0 * (PI / self.sides as f64).tan())
    }

    /// The area inside the outline, in mm² (half the perimeter times the apothem).
    pub fn area_mm2(self) -> f64 {
        self.sides as f64 * self.edge_mm * self.apothem() / 2.0
    }

    /// Distance from the centre to a corner.
    pub fn circumradius(self) -> f64 {
        self.edge_mm / (2.0 * (PI / self.sides as f64).sin())
    }

    /// Direction of edge `k`'s outward normal, in radians (y down, so increasing is clockwise).
    pub fn normal_angle(self, edge: usize) -> f64 {
        -PI / 2.0 + self.step() * edge as f64
    }

    /// Unit outward normal of edge `k`.
    pub fn normal(self, edge: usize) -> Vec2 {
        Vec2::from_angle(self.normal_angle(edge))
    }

    /// Midpoint of edge `k`.
    pub fn midpoint(self, edge: usize) -> Point {
        Point::ORIGIN + self.normal(edge) * self.apothem()
    }

    /// Corner `k`, where edge `k − 1` ends and edge `k` starts.
    pub fn corner(self, corner: usize) -> Point {
        let angle = self.normal_angle(corner) - self.step() / 2.0;
        Point::ORIGIN + Vec2::from_angle(angle) * self.circumradius()
    }

    /// All corners, clockwise from corner 0.
    pub fn corners(self) -> Vec<Point> {
        (0..self.sides).map(|k| self.corner(k)).collect()
    }

    /// Edge `k` as its two end points (clockwise).
    pub fn edge(self, edge: usize) -> (Point, Point) {
        (self.corner(edge), self.corner((edge + 1) % self.sides))
    }

    /// How many edges apart two edges are, the short way round (1 = neighbours).
    pub fn span(self, a: usize, b: usize) -> usize {
        let d = (a + self.sides - b) % self.sides;
        d.min(self.sides - d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn hexagon_sizes_follow_the_edge() {
        let hex = RegularPolygon::new(6, 24.0);
        assert!(close(hex.circumradius(), 24.0));
        assert!(close(hex.apothem() * 2.0, 24.0 * 3f64.sqrt()));
        for k in 0..6 {
            let (a, b) = hex.edge(k);
            assert!(close(a.distance(b), 24.0), "edge {k}");
            assert!(close(a.midpoint(b).distance(hex.midpoint(k)), 0.0), "midpoint {k}");
        }
    }

    #[test]
    fn edge_zero_is_on_top_and_edges_run_clockwise() {
        let hex = RegularPolygon::new(6, 10.0);
        assert!(close(hex.midpoint(0).x, 0.0) && hex.midpoint(0).y < 0.0);
        // Clockwise on a y-down page: edge 1 is to the upper right.
        assert!(hex.midpoint(1).x > 0.0 && hex.midpoint(1).y < 0.0);
        let tri = RegularPolygon::new(3, 40.0);
        assert!(close(tri.edge(0).0.y, tri.edge(0).1.y), "triangle edge 0 is horizontal");
    }

    #[test]
    fn spans_go_the_short_way_round() {
        let hex = RegularPolygon::new(6, 1.0);
        assert_eq!(hex.span(0, 1), 1);
        assert_eq!(hex.span(5, 0), 1);
        assert_eq!(hex.span(0, 2), 2);
        assert_eq!(hex.span(4, 0), 2);
        assert_eq!(hex.span(0, 3), 3);
        assert_eq!(RegularPolygon::new(3, 1.0).span(0, 2), 1);
    }
}
