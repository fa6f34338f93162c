//! Cut files read back as straight segments, and how far segments run over each other.

use kurbo::{Line, ParamCurve, ParamCurveArclen, Point};

/// Two segments drawn over each other for longer than this count as cut twice.
pub const TOLERANCE_MM: f64 = 0.01;

/// Every straight segment of every path in a cut file (`M`, `L`, `Z` commands).
pub fn cut_segments(svg: &str) -> Vec<Line> {
    let mut segments = Vec::new();
    for attribute in svg.split(" d=\"").skip(1) {
        let data = attribute.split('"').next().unwrap_or_default();
        let (mut start, mut last): (Option<Point>, Option<Point>) = (None, None);
        let mut tokens = data.split_whitespace();
        while let Some(token) = tokens.next() {
            let command = &token[..1];
            if command == "Z" {
                segments.push(Line::new(last.unwrap(), start.unwrap()));
                last = start;
                continue;
            }
            let x: f64 = token[1..].parse().unwrap();
            let y: f64 = tokens.next().unwrap().parse().unwrap();
            let p = Point::new(x, y);
            match command {
                "M" => start = Some(p),
                "L" => segments.push(Line::new(last.unwrap(), p)),
                other => panic!("unexpected command {other} in a cut file"),
            }
            last = Some(p);
        }
    }
    segments
}

/// How long two segments run over each other (0 unless they lie on one line).
pub fn overlap(a: Line, b: Line) -> f64 {
    let direction = (a.p1 - a.p0).normalize();
    let off_line = |p: Point| direction.cross(p - a.p0).abs();
    if off_line(b.p0) > TOLERANCE_MM || off_line(b.p1) > TOLERANCE_MM {
        return 0.0;
    }
    let along = |p: Point| direction.dot(p - a.p0);
    let (b0, b1) = (along(b.p0).min(along(b.p1)), along(b.p0).max(along(b.p1)));
    (a.arclen(0.0).min(b1) - b0.max(0.0)).max(0.0)
}

pub fn distance_to_segment(p: Point, line: Line) -> f64 {
    let d = line.p1 - line.p0;
    let t = ((p - line.p0).dot(d) / d.hypot2()).clamp(0.0, 1.0);
    p.distance(line.eval(t))
}

/// The summed length of the tile edges, each edge shared by two tiles counted once.
pub fn union_length(edges: &[Line]) -> f64 {
    let mut distinct: Vec<Line> = Vec::new();
    for &edge in edges {
        let same = |other: &Line| {
            (edge.p0.distance(other.p0) < TOLERANCE_MM && edge.p1.distance(other.p1) < TOLERANCE_MM)
                || (edge.p0.distance(other.p1) < TOLERANCE_MM
                    && edge.p1.distance(other.p0) < TOLERANCE_MM)
        };
        if !distinct.iter().any(same) {
            distinct.push(edge);
        }
    }
    distinct.iter().map(|e| e.arclen(0.0)).sum()
}

/// Asserts that no two cut `segments` run over each other and that every point of every
/// `edge` (sampled `steps` times) lies on a cut: each edge is cut, and cut once.
pub fn assert_each_edge_cut_once(segments: &[Line], edges: &[Line], steps: u32) {
    for (i, &a) in segments.iter().enumerate() {
        for &b in &segments[i + 1..] {
            assert!(overlap(a, b) < TOLERANCE_MM, "{a:?} and {b:?} are cut twice");
        }
    }
    for edge in edges {
        for step in 0..=steps {
            let p = edge.eval(f64::from(step) / f64::from(steps));
            let nearest =
                segments.iter().map(|&s| distance_to_segment(p, s)).fold(f64::MAX, f64::min);
            assert!(nearest < TOLERANCE_MM, "{p:?} of edge {edge:?} is not cut");
        }
    }
}
