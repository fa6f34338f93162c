//! The polygon through a convex closed path's segment ends, which the path holds: points inside it are inside the path, told without following a curve.

use kurbo::{BezPath, PathEl, Point, Vec2};

/// How far inside an edge of the polygon a point must lie to count as inside, in mm².
const INSIDE_CROSS: f64 = 1e-9;

/// The sine of the angle below which two edges run straight on, told apart from rounding.
const STRAIGHT: f64 = 1e-12;

/// The ends of a closed path's segments, in order, when its control polygon is one convex
/// loop; each edge's inward side given by `turn`'s sign.
#[derive(Debug, Clone, PartialEq)]
pub struct ChordPolygon {
    ends: Vec<Point>,
    turn: f64,
}

impl ChordPolygon {
    /// The polygon of `path`'s segment ends, or `None` unless `path` is surely convex: one
    /// loop whose control polygon (every point of its lines and curves, in order) turns one
    /// way once round. A Bézier curve crosses a line no more often than its control polygon
    /// does, so such a path is convex, and a convex path holds the chords between its points.
    /// `None` says nothing: a convex path whose control polygon is not convex is `None` too.
    pub fn of_convex(path: &BezPath) -> Option<ChordPolygon> {
        // The control polygon (each segment's control points, then its end) and the ends.
        let elements = path.elements().len();
        let (mut polygon, mut ends) =
            (Vec::with_capacity(3 * elements), Vec::with_capacity(elements));
        for (index, element) in path.elements().iter().enumerate() {
            let (controls, count, end) = match *element {
                PathEl::MoveTo(p) if index == 0 => ([p, p], 0, p),
                PathEl::LineTo(p) => ([p, p], 0, p),
                PathEl::QuadTo(c, p) => ([c, c], 1, p),
                PathEl::CurveTo(c1, c2, p) => ([c1, c2], 2, p),
                PathEl::ClosePath if index + 1 == path.elements().len() => continue,
                PathEl::MoveTo(_) | PathEl::ClosePath => return None,
            };
            polygon.extend_from_slice(&controls[..count]);
            polygon.push(end);
            ends.push(end);
        }
        let turn = one_turn(&polygon)?;
        drop_repeats(&mut ends);
        (ends.len() >= 3).then_some(ChordPolygon { ends, turn })
    }

    /// Whether `point` lies inside the polygon, clear of every edge (so inside the path).
    pub fn holds(&self, point: Point) -> bool {
        (0..self.ends.len()).all(|k| {
            let (a, b) = (self.ends[k], self.ends[(k + 1) % self.ends.len()]);
            self.turn * (b - a).cross(point - a) > INSIDE_CROSS
        })
    }
}

/// The sign of the turns of `polygon` (closed), when it is convex and goes round once:
/// every turn one way or straight on (never back), and the edges' direction passing
/// east-west twice (going round k times, it would pass 2k times).
fn one_turn(polygon: &[Point]) -> Option<f64> {
    let count = polygon.len();
    let edges: Vec<Vec2> = (0..count)
        .map(|k| polygon[(k + 1) % count] - polygon[k])
        .filter(|edge| edge.hypot2() > 0.0)
        .collect();
    if edges.len() < 3 {
        return None;
    }
    let (mut left, mut right, mut passes) = (false, false, 0);
    // Whether the edges head south, from the last that heads south or north.
    let mut south = edges.iter().rev().find(|edge| edge.y != 0.0).map(|edge| edge.y > 0.0);
    for k in 0..edges.len() {
        let (a, b) = (edges[k], edges[(k + 1) % edges.len()]);
        let cross = a.cross(b);
        // Straight on within rounding (a line running on into a curve's tangent).
        let straight = cross.abs() <= STRAIGHT * a.hypot() * b.hypot();
        if straight && a.dot(b) < 0.0 {
            return None;
        }
        left |= !straight && cross > 0.0;
        right |= !straight && cross < 0.0;
        if a.y != 0.0 {
            passes += usize::from(south != Some(a.y > 0.0));
            south = Some(a.y > 0.0);
        }
    }
    (passes == 2 && left != right).then_some(if left { 1.0 } else { -1.0 })
}

/// `points` without a point equal to the one before it (the last compared with the first).
fn drop_repeats(points: &mut Vec<Point>) {
    points.dedup();
    while points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::{Circle, Rect, RoundedRect, Shape as _};

    #[test]
    fn a_rounded_card_and_a_disc_hold_their_chords_and_a_point_near_a_corner_is_not_told() {
        let card = RoundedRect::from_rect(Rect::new(-31.5, -44.0, 31.5, 44.0), 5.0).to_path(1e-4);
        let chords = ChordPolygon::of_convex(&card).expect("a rounded card is convex");
        assert!(chords.holds(Point::new(0.0, 0.0)) && chords.holds(Point::new(-30.0, 0.0)));
        // Points along a rounded corner, a micrometre inside the card: beyond its chords.
        let centre = Point::new(-26.5, -39.0);
        let beyond = (0..90).filter(|&degree| {
            let angle = (180.0 + f64::from(degree) + 0.5).to_radians();
            let point = centre + Vec2::from_angle(angle) * (5.0 - 1e-3);
            assert!(card.contains(point));
            !chords.holds(point)
        });
        assert!(beyond.count() > 80);
        assert!(!chords.holds(Point::new(-40.0, 0.0)) && !chords.holds(Point::new(31.5, 0.0)));
        let disc = Circle::new(Point::ORIGIN, 10.0).to_path(1e-4);
        let chords = ChordPolygon::of_convex(&disc).expect("a disc is convex");
        assert!(chords.holds(Point::new(6.0, 6.0)) && !chords.holds(Point::new(7.0, 7.0)));
    }

    #[test]
    fn a_notched_loop_a_star_a_path_of_two_loops_and_a_line_are_not_told_convex() {
        let l_shape =
            [(0.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0), (10.0, 20.0), (0.0, 20.0)];
        assert_eq!(ChordPolygon::of_convex(&closed(&l_shape)), None);
        // A pentagram turns one way at every point, but goes round twice.
        let star: Vec<(f64, f64)> = (0..5)
            .map(|k| {
                let angle = f64::from(k * 2) * std::f64::consts::TAU / 5.0;
                (angle.cos(), angle.sin())
            })
            .collect();
        assert_eq!(ChordPolygon::of_convex(&closed(&star)), None);
        let mut two = closed(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
        two.extend(closed(&[(5.0, 0.0), (6.0, 0.0), (5.0, 1.0)]));
        assert_eq!(ChordPolygon::of_convex(&two), None);
        assert_eq!(ChordPolygon::of_convex(&closed(&[(0.0, 0.0), (1.0, 0.0)])), None);
        // A square either way round is.
        let square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];
        let reversed: Vec<_> = square.iter().rev().copied().collect();
        for corners in [square.to_vec(), reversed] {
            let chords = ChordPolygon::of_convex(&closed(&corners)).expect("convex");
            assert!(chords.holds(Point::new(5.0, 5.0)) && !chords.holds(Point::new(10.0, 5.0)));
        }
    }

    #[test]
    fn a_curve_bulging_inwards_is_not_told_convex() {
        // A square whose top side bows in: its corners alone are a convex polygon.
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((10.0, 0.0));
        path.line_to((10.0, 10.0));
        path.curve_to((7.0, 5.0), (3.0, 5.0), (0.0, 10.0));
        path.close_path();
        assert_eq!(ChordPolygon::of_convex(&path), None);
    }

    fn closed(corners: &[(f64, f64)]) -> BezPath {
        let mut path = BezPath::new();
        path.move_to(corners[0]);
        for &corner in &corners[1..] {
            path.line_to(corner);
        }
        path.close_path();
        path
    }
}
