//! An item's outline in its own frame with the named places face layers anchor to: its
//! centre, its corners and its edges (numbered from 0 internally, clockwise on the page).
//!
//! Every printed item — tile, piece, card, counter, board cell, net face — has one. Corner
//! `k` starts edge `k`; edge `k` runs from corner `k` to corner `k + 1`. A circle has no
//! corners and no edges. Millimetres, y down.

use kurbo::{BezPath, Circle, Line, Point, Rect, Shape, Vec2};

use super::polygon::RegularPolygon;

/// Closed outline plus its anchors.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    /// The cut path, closed.
    pub path: BezPath,
    /// Where `centre` anchors go: the centroid of the corners, or the circle's centre.
    pub centre: Point,
    pub corners: Vec<Point>,
}

impl Outline {
    /// A polygon through `corners`, in order (clockwise on the page).
    pub fn polygon(corners: Vec<Point>) -> Outline {
        let mut path = BezPath::new();
        for (index, &corner) in corners.iter().enumerate() {
            if index == 0 {
                path.move_to(corner);
            } else {
                path.line_to(corner);
            }
        }
        path.close_path();
        let count = corners.len().max(1) as f64;
        let sum = corners.iter().fold(Vec2::ZERO, |sum, p| sum + p.to_vec2());
        Outline { path, centre: (sum / count).to_point(), corners }
    }

    /// A regular tile centred on the origin, edge 0 on top (see `RegularPolygon`).
    pub fn regular(shape: RegularPolygon) -> Outline {
        let mut outline = Outline::polygon(shape.corners());
        outline.centre = Point::ORIGIN;
        outline
    }

    /// A `width × height` rectangle centred on the origin; edge 0 is the top edge.
    pub fn rectangle(width: f64, height: f64) -> Outline {
        let (w, h) = (width / 2.0, height / 2.0);
        Outline::polygon(vec![
            Point::new(-w, -h),
            Point::new(w, -h),
            Point::new(w, h),
            Point::new(-w, h),
        ])
    }

    /// A circle of `diameter` centred on the origin: no corners, no edges.
    pub fn circle(diameter: f64) -> Outline {
        let path = Circle::new(Point::ORIGIN, diameter / 2.0).to_path(1e-4);
        Outline { path, centre: Point::ORIGIN, corners: Vec::new() }
    }

    /// How many edges (and corners) the outline has.
    pub fn edge_count(&self) -> usize {
        self.corners.len()
    }

    /// Edge `k` (0-based) from corner `k` to corner `k + 1`; `None` past the last edge.
    pub fn edge(&self, k: usize) -> Option<Line> {
        let n = self.corners.len();
        (k < n).then(|| Line::new(self.corners[k], self.corners[(k + 1) % n]))
    }

    /// The smallest rectangle holding the outline.
    pub fn bounds(&self) -> Rect {
        self.path.bounding_box()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_outline_matches_the_polygon() {
        let hex = RegularPolygon::new(6, 24.0);
        let outline = Outline::regular(hex);
        assert_eq!(outline.edge_count(), 6);
        let edge = outline.edge(0).unwrap();
        assert!((edge.length() - 24.0).abs() < 1e-9);
        assert!((edge.midpoint() - hex.midpoint(0)).hypot() < 1e-9);
        assert!(outline.edge(6).is_none());
    }

    #[test]
    fn rectangle_and_circle_anchor_at_the_origin() {
        let card = Outline::rectangle(63.0, 88.0);
        assert!((card.bounds().width() - 63.0).abs() < 1e-9);
        assert!((card.edge(0).unwrap().midpoint().y + 44.0).abs() < 1e-9);
        assert_eq!(card.centre, Point::ORIGIN);
        let counter = Outline::circle(20.0);
        assert_eq!(counter.edge_count(), 0);
        assert!((counter.bounds().height() - 20.0).abs() < 1e-3);
    }
}
