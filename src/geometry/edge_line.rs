//! The line that joins two edges of a tile: it leaves each edge at its midpoint at 90°.
//!
//! Such a line is unique: a circle arc centred where the two edge lines meet (for neighbouring
//! edges, their shared corner; on a hexagon, two edges apart, the centre of the neighbouring
//! hex), or a straight line through the centre when the edges are parallel.

use std::f64::consts::PI;

use kurbo::{Arc, BezPath, Point, Vec2};

use super::polygon::RegularPolygon;

/// Tolerance used when turning arcs into cubic Béziers, in mm.
pub const CURVE_TOLERANCE_MM: f64 = 0.001;

/// The shape of a join between two edges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EdgeLine {
    Straight { from: Point, to: Point },
    Arc { centre: Point, radius: f64, start_angle: f64, sweep: f64 },
}

impl EdgeLine {
    /// The join of edges `a` and `b` of `shape`, starting at `a`'s midpoint.
    pub fn between(shape: RegularPolygon, a: usize, b: usize) -> EdgeLine {
        let (from, to) = (shape.midpoint(a), shape.midpoint(b));
        match edge_lines_meet(shape, a, b) {
            None => EdgeLine::Straight { from, to },
            Some(centre) => {
                let start_angle = (from - centre).atan2();
                let end_angle = (to - centre).atan2();
                EdgeLine::Arc {
                    centre,
                    radius: from.distance(centre),
                    start_angle,
                    sweep: short_way(end_angle - start_angle),
                }
            }
        }
    }

    /// Start and end points.
    pub fn ends(&self) -> (Point, Point) {
        match *self {
            EdgeLine::Straight { from, to } => (from, to),
            EdgeLine::Arc { centre, radius, start_angle, sweep } => (
                centre + Vec2::from_angle(start_angle) * radius,
                centre + Vec2::from_angle(start_angle + sweep) * radius,
            ),
        }
    }

    /// The centre line as a path (cubic Béziers for arcs).
    pub fn to_path(&self) -> BezPath {
        match *self {
            EdgeLine::Straight { from, to } => {
                let mut path = BezPath::new();
                path.move_to(from);
                path.line_to(to);
                path
            }
            EdgeLine::Arc { centre, radius, start_angle, sweep } => {
                let arc = Arc::new(centre, (radius, radius), start_angle, sweep, 0.0);
                let mut path = BezPath::new();
                path.move_to(arc.center + Vec2::from_angle(start_angle) * radius);
                arc.to_cubic_beziers(CURVE_TOLERANCE_MM, |p1, p2, p3| path.curve_to(p1, p2, p3));
                path
            }
        }
    }
}

/// Where the lines through edges `a` and `b` meet, or `None` when they are parallel.
fn edge_lines_meet(shape: RegularPolygon, a: usize, b: usize) -> Option<Point> {
    let (a0, a1) = shape.edge(a);
    let (b0, b1) = shape.edge(b);
    let (da, db) = (a1 - a0, b1 - b0);
    let denominator = da.cross(db);
    if denominator.abs() < 1e-9 * da.length() * db.length() {
        return None;
    }
    let t = (b0 - a0).cross(db) / denominator;
    Some(a0 + da * t)
}

/// An angle brought into (−π, π].
fn short_way(angle: f64) -> f64 {
    let mut a = angle % (2.0 * PI);
    if a <= -PI {
        a += 2.0 * PI;
    } else if a > PI {
        a -= 2.0 * PI;
    }
    a
}

/// Whether the joins `(a, b)` and `(c, d)` cross inside a convex tile: their end points
/// alternate around the outline.
pub fn joins_cross(sides: usize, (a, b): (usize, usize), (c, d): (usize, usize)) -> bool {
    let inside = |x: usize| {
        let (lo, hi) = (a.min(b), a.max(b));
        lo < x && x < hi
    };
    let shared = [a, b].contains(&c) || [a, b].contains(&d);
    c < sides && d < sides && !shared && inside(c) != inside(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::ParamCurve;

    const S: f64 = 24.0;

    fn hex() -> RegularPolygon {
        RegularPolygon::new(6, S)
    }

    fn radius_of(line: EdgeLine) -> Option<f64> {
        match line {
            EdgeLine::Arc { radius, .. } => Some(radius),
            EdgeLine::Straight { .. } => None,
        }
    }

    #[test]
    fn hexagon_lines_have_the_three_tantrix_kinds() {
        // Sharp: radius s/2 about the shared corner (corner 1 joins edges 0 and 1).
        let sharp = EdgeLine::between(hex(), 0, 1);
        assert!((radius_of(sharp).unwrap() - S / 2.0).abs() < 1e-9);
        if let EdgeLine::Arc { centre, .. } = sharp {
            assert!(centre.distance(hex().corner(1)) < 1e-9);
        }
        // Gentle: radius 1.5 s about the neighbouring hex's centre across edge 1.
        let gentle = EdgeLine::between(hex(), 0, 2);
        assert!((radius_of(gentle).unwrap() - 1.5 * S).abs() < 1e-9);
        if let EdgeLine::Arc { centre, .. } = gentle {
            let neighbour = Point::ORIGIN + hex().normal(1) * 2.0 * hex().apothem();
            assert!(centre.distance(neighbour) < 1e-9);
        }
        assert_eq!(radius_of(EdgeLine::between(hex(), 0, 3)), None);
    }

    #[test]
    fn lines_start_and_end_at_midpoints_at_right_angles() {
        for (a, b) in [(0, 1), (0, 2), (0, 3), (4, 1), (5, 0), (2, 5)] {
            let line = EdgeLine::between(hex(), a, b);
            let (from, to) = line.ends();
            assert!(from.distance(hex().midpoint(a)) < 1e-9, "{a}-{b} start");
            assert!(to.distance(hex().midpoint(b)) < 1e-9, "{a}-{b} end");
            // The path's first segment leaves along the inward normal of edge a.
            let path = line.to_path();
            let first = path.segments().next().unwrap();
            let tangent = first.eval(1e-4) - first.eval(0.0);
            let normal = hex().normal(a);
            assert!(tangent.normalize().dot(-normal) > 0.999_999, "{a}-{b} leaves at 90°");
            let last = path.segments().last().unwrap();
            assert!(last.eval(1.0).distance(hex().midpoint(b)) < 1e-6);
        }
    }

    #[test]
    fn arcs_stay_inside_the_tile() {
        let line = EdgeLine::between(hex(), 0, 2);
        for segment in line.to_path().segments() {
            for i in 0..=10 {
                let p = segment.eval(f64::from(i) / 10.0);
                assert!(p.to_vec2().length() <= hex().circumradius() + 1e-9);
            }
        }
    }

    #[test]
    fn crossing_joins_alternate_around_the_outline() {
        // Two gentles 0–2 and 1–3 cross; a sharp 0–1 crosses nothing.
        assert!(joins_cross(6, (0, 2), (1, 3)));
        assert!(joins_cross(6, (0, 3), (1, 5)));
        assert!(!joins_cross(6, (0, 1), (2, 3)));
        assert!(!joins_cross(6, (0, 2), (3, 5)));
        assert!(!joins_cross(6, (0, 3), (0, 3)));
    }
}
