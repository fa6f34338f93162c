//! How near two open paths come: the least distance between their flattened polylines, to tell lines that touch or cross from lines that keep clear of each other.

use kurbo::{BezPath, Line, ParamCurveNearest, Point, Rect, Shape};

/// How closely curves are followed when flattened, in mm.
const FLATTEN_MM: f64 = 0.01;

/// Whether the centre lines `a` and `b` come within `distance` of each other anywhere.
pub fn come_within(a: &BezPath, b: &BezPath, distance: f64) -> bool {
    let (box_a, box_b) = (a.bounding_box().inflate(distance, distance), b.bounding_box());
    if box_a.intersect(box_b).area() <= 0.0 && !touches(box_a, box_b) {
        return false;
    }
    let (points_a, points_b) = (polyline(a), polyline(b));
    points_a.windows(2).any(|one| {
        let one = Line::new(one[0], one[1]);
        points_b.windows(2).any(|other| segments_gap(one, Line::new(other[0], other[1])) < distance)
    })
}

/// Whether two rectangles meet along an edge or at a corner (zero-area overlap).
fn touches(a: Rect, b: Rect) -> bool {
    a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1
}

/// The points of `path` flattened into straight segments.
fn polyline(path: &BezPath) -> Vec<Point> {
    let mut points = Vec::new();
    kurbo::flatten(path, FLATTEN_MM, |element| match element {
        kurbo::PathEl::MoveTo(p) | kurbo::PathEl::LineTo(p) => points.push(p),
        _ => {}
    });
    points
}

/// The least distance between two segments: 0 when they cross, else the nearest of each
/// one's ends to the other segment.
fn segments_gap(a: Line, b: Line) -> f64 {
    if a.crossing_point(b).is_some() {
        return 0.0;
    }
    let to = |line: Line, p: Point| line.nearest(p, 1e-9).distance_sq.sqrt();
    to(b, a.p0).min(to(b, a.p1)).min(to(a, b.p0)).min(to(a, b.p1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(points: &[(f64, f64)]) -> BezPath {
        let mut path = BezPath::new();
        path.move_to(points[0]);
        for &p in &points[1..] {
            path.line_to(p);
        }
        path
    }

    #[test]
    fn crossing_touching_and_clear_paths_are_told_apart() {
        let across = path(&[(0.0, 0.0), (10.0, 10.0)]);
        let back = path(&[(0.0, 10.0), (10.0, 0.0)]);
        assert!(come_within(&across, &back, 0.1), "they cross");
        let beside = path(&[(0.0, 1.0), (10.0, 1.0)]);
        let below = path(&[(0.0, 4.0), (10.0, 4.0)]);
        assert!(come_within(&beside, &below, 3.5), "3 mm apart, within 3.5");
        assert!(!come_within(&beside, &below, 2.5), "3 mm apart, not within 2.5");
        // A loop that dips down to a straight line without crossing it.
        let mut dip = BezPath::new();
        dip.move_to((2.0, 0.0));
        dip.curve_to((2.0, 6.0), (8.0, 6.0), (8.0, 0.0));
        let line = path(&[(0.0, 5.0), (10.0, 5.0)]);
        assert!(!come_within(&dip, &line, 0.1), "the dip stops at 4.5");
        assert!(come_within(&dip, &line, 0.6), "within 0.5 of the line");
    }
}
