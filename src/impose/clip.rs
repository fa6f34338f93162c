//! Cuts scene items down to a rectangle, so a board split over sheets prints nothing in the
//! margins: shapes wholly inside are kept as they are; shapes crossing the edge are flattened
//! (to 0.01 mm) and clipped — fills polygon by polygon, strokes segment by segment.
//!
//! Group transforms are applied on the way down; they are expected to keep lengths (board
//! placements are translations), so stroke widths are kept as they are.

use kurbo::{Affine, BezPath, PathEl, Point, Rect, Shape as _};

use crate::scene::{Item, Shape};

/// Flattening tolerance, in mm.
const FLATTEN_MM: f64 = 0.01;

/// The parts of `items` (placed by `transform`) inside `rect`, as flat shapes in page space.
pub fn clip_items(items: &[Item], transform: Affine, rect: Rect) -> Vec<Item> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Shape(shape) => out.extend(clip_shape(shape, transform, rect)),
            Item::Group(group) => {
                out.extend(clip_items(&group.items, transform * group.transform, rect))
            }
            Item::Use(used) => {
                out.extend(clip_items(&used.symbol.items, transform * used.transform, rect))
            }
            // What a clip holds is cut to the rectangle, then still clipped by its path.
            Item::Clip(clip) => {
                let items = clip_items(&clip.items, transform, rect);
                if !items.is_empty() {
                    let path = transform * clip.path.clone();
                    out.push(Item::Clip(crate::scene::Clip { path, items }));
                }
            }
            Item::Translucent(veil) => {
                let items = clip_items(&veil.items, transform, rect);
                if !items.is_empty() {
                    let opacity = veil.opacity;
                    out.push(Item::Translucent(crate::scene::Translucent { opacity, items }));
                }
            }
            // A bitmap is kept whole (placed, not cut): boards carry none today.
            Item::Image(raster) => out.push(Item::Group(crate::scene::Group {
                transform,
                items: vec![Item::Image(raster.clone())],
            })),
        }
    }
    out
}

fn clip_shape(shape: &Shape, transform: Affine, rect: Rect) -> Vec<Item> {
    let path = transform * shape.path.clone();
    let bbox = path.bounding_box();
    let pad = shape.stroke.as_ref().map_or(0.0, |s| s.width_mm / 2.0);
    if bbox.x0 - pad >= rect.x0
        && bbox.y0 - pad >= rect.y0
        && bbox.x1 + pad <= rect.x1
        && bbox.y1 + pad <= rect.y1
    {
        return vec![Item::Shape(Shape { path, ..shape.clone() })];
    }
    let overlap = bbox.inflate(pad, pad).intersect(rect);
    if overlap.width() <= 0.0 || overlap.height() <= 0.0 {
        return Vec::new();
    }
    let polylines = flatten(&path);
    let mut out = Vec::new();
    if let Some(fill) = shape.fill {
        let mut clipped = BezPath::new();
        for (points, _) in &polylines {
            let polygon = clip_polygon(points, rect);
            if polygon.len() >= 3 {
                for (k, &p) in polygon.iter().enumerate() {
                    if k == 0 { clipped.move_to(p) } else { clipped.line_to(p) }
                }
                clipped.close_path();
            }
        }
        if !clipped.elements().is_empty() {
            out.push(Item::Shape(Shape::filled(clipped, fill)));
        }
    }
    if let Some(stroke) = &shape.stroke {
        let mut clipped = BezPath::new();
        for (points, closed) in &polylines {
            let mut ring = points.clone();
            if *closed && points.len() > 1 {
                ring.push(points[0]);
            }
            let mut last: Option<Point> = None;
            for pair in ring.windows(2) {
                let Some((a, b)) = clip_segment(pair[0], pair[1], rect) else {
                    last = None;
                    continue;
                };
                if last.is_none_or(|l| l.distance(a) > 1e-9) {
                    clipped.move_to(a);
                }
                clipped.line_to(b);
                last = Some(b);
            }
        }
        if !clipped.elements().is_empty() {
            out.push(Item::Shape(Shape::stroked(clipped, stroke.clone())));
        }
    }
    out
}

/// Each subpath as points, and whether it was closed.
fn flatten(path: &BezPath) -> Vec<(Vec<Point>, bool)> {
    let mut lines: Vec<(Vec<Point>, bool)> = Vec::new();
    kurbo::flatten(path.iter(), FLATTEN_MM, |element| match element {
        PathEl::MoveTo(p) => lines.push((vec![p], false)),
        PathEl::LineTo(p) => {
            if let Some((points, _)) = lines.last_mut() {
                points.push(p);
            }
        }
        PathEl::ClosePath => {
            if let Some((_, closed)) = lines.last_mut() {
                *closed = true;
            }
        }
        PathEl::QuadTo(..) | PathEl::CurveTo(..) => {}
    });
    lines
}

/// Sutherland–Hodgman: a polygon cut to the rectangle.
pub fn clip_polygon(points: &[Point], rect: Rect) -> Vec<Point> {
    let inside: [&dyn Fn(Point) -> bool; 4] =
        [&|p| p.x >= rect.x0, &|p| p.x <= rect.x1, &|p| p.y >= rect.y0, &|p| p.y <= rect.y1];
    let cross: [&dyn Fn(Point, Point) -> Point; 4] = [
        &|a, b| at_x(a, b, rect.x0),
        &|a, b| at_x(a, b, rect.x1),
        &|a, b| at_y(a, b, rect.y0),
        &|a, b| at_y(a, b, rect.y1),
    ];
    let mut polygon = points.to_vec();
    for side in 0..4 {
        let input = std::mem::take(&mut polygon);
        for (k, &p) in input.iter().enumerate() {
            let previous = input[(k + input.len() - 1) % input.len()];
            match (inside[side](previous), inside[side](p)) {
                (true, true) => polygon.push(p),
                (true, false) => polygon.push(cross[side](previous, p)),
                (false, true) => {
                    polygon.push(cross[side](previous, p));
                    polygon.push(p);
                }
                (false, false) => {}
            }
        }
    }
    polygon
}

fn at_x(a: Point, b: Point, x: f64) -> Point {
    let t = (x - a.x) / (b.x - a.x);
    Point::new(x, a.y + (b.y - a.y) * t)
}

fn at_y(a: Point, b: Point, y: f64) -> Point {
    let t = (y - a.y) / (b.y - a.y);
    Point::new(a.x + (b.x - a.x) * t, y)
}

/// Liang–Barsky: the part of segment `a`–`b` inside the rectangle.
pub fn clip_segment(a: Point, b: Point, rect: Rect) -> Option<(Point, Point)> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in
        [(-d.x, a.x - rect.x0), (d.x, rect.x1 - a.x), (-d.y, a.y - rect.y0), (d.y, rect.y1 - a.y)]
    {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 { t0 = t0.max(t) } else { t1 = t1.min(t) }
        }
    }
    (t0 < t1).then(|| (a + d * t0, a + d * t1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygons_and_segments_are_cut_to_the_rectangle() {
        let rect = Rect::new(0.0, 0.0, 10.0, 10.0);
        let square = [
            Point::new(5.0, 5.0),
            Point::new(15.0, 5.0),
            Point::new(15.0, 15.0),
            Point::new(5.0, 15.0),
        ];
        let cut = clip_polygon(&square, rect);
        let area = kurbo::Shape::area(&{
            let mut p = BezPath::new();
            p.move_to(cut[0]);
            cut[1..].iter().for_each(|&q| p.line_to(q));
            p.close_path();
            p
        });
        assert!((area.abs() - 25.0).abs() < 1e-9, "area {area}");
        assert_eq!(
            clip_segment(Point::new(-5.0, 5.0), Point::new(5.0, 5.0), rect),
            Some((Point::new(0.0, 5.0), Point::new(5.0, 5.0)))
        );
        assert_eq!(clip_segment(Point::new(-5.0, -5.0), Point::new(-1.0, 20.0), rect), None);
    }

    #[test]
    fn shapes_inside_are_untouched_and_outside_dropped() {
        let rect = Rect::new(0.0, 0.0, 10.0, 10.0);
        let inside = Item::Shape(Shape::filled(
            Rect::new(1.0, 1.0, 2.0, 2.0).to_path(0.1),
            crate::scene::Colour::BLACK,
        ));
        let outside = Item::Shape(Shape::filled(
            Rect::new(11.0, 1.0, 12.0, 2.0).to_path(0.1),
            crate::scene::Colour::BLACK,
        ));
        let kept = clip_items(&[inside.clone(), outside], Affine::IDENTITY, rect);
        assert_eq!(kept, vec![inside]);
    }
}
