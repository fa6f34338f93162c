//! Cut lines: every tile edge on a sheet, each shared edge once, as cut strokes.

use std::collections::BTreeSet;

use kurbo::{BezPath, Point};

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::TilePlacement;
use crate::scene::{Item, Shape};

/// A path drawn as a cut line (`scene::cut_style`: a dark core, cased light on the page).
pub fn cut_stroke(path: BezPath) -> Item {
    Item::Shape(Shape::stroked(path, crate::scene::cut_style::cut_stroke()))
}

/// A cut along an outline drawn beside `art` (a board's grid lines, whose width the design
/// chooses): never lighter than the heaviest line of that art (`cut_style::cut_stroke_beside`).
pub fn cut_maker_beside_art(art: &[Item]) -> impl Fn(BezPath) -> Item {
    use crate::scene::cut_style::{cut_stroke_beside, heaviest_stroke_mm};
    let stroke = cut_stroke_beside(heaviest_stroke_mm(art));
    move |path| Item::Shape(Shape::stroked(path, stroke.clone()))
}

/// The distinct edges of the placed tiles, each as (start, end) with start < end.
pub fn distinct_edges(shape: RegularPolygon, places: &[TilePlacement]) -> Vec<(Point, Point)> {
    let mut seen = BTreeSet::new();
    let mut edges = Vec::new();
    for place in places {
        let corners = place.corners(shape);
        for k in 0..corners.len() {
            let (a, b) = (corners[k], corners[(k + 1) % corners.len()]);
            let (a, b) = if key(a) <= key(b) { (a, b) } else { (b, a) };
            if seen.insert((key(a), key(b))) {
                edges.push((a, b));
            }
        }
    }
    edges
}

/// A point rounded to 0.001 mm, for comparing corners of neighbouring tiles.
pub fn key(p: Point) -> (i64, i64) {
    ((p.x * 1000.0).round() as i64, (p.y * 1000.0).round() as i64)
}

/// One stroke item holding every cut: the given `segments`, or else every distinct edge.
pub fn cut_lines(
    shape: RegularPolygon,
    places: &[TilePlacement],
    segments: Option<Vec<(Point, Point)>>,
) -> Vec<Item> {
    let mut path = BezPath::new();
    for (a, b) in segments.unwrap_or_else(|| distinct_edges(shape, places)) {
        path.move_to(a);
        path.line_to(b);
    }
    vec![cut_stroke(path)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::Rect;

    use crate::geometry::tiling::fill_rect;

    #[test]
    fn shared_edges_are_listed_once() {
        let square = RegularPolygon::new(4, 10.0);
        let places = fill_rect(square, 0.0, 0.0, Rect::new(0.0, 0.0, 20.0, 10.0));
        assert_eq!(places.len(), 2);
        assert_eq!(distinct_edges(square, &places).len(), 7);
    }
}
