//! Printed guides that are not part of a piece: crop marks outside the block of tiles, and
//! the footer with the set's name, the sheet, and a 10 mm square to check the print scale.

use std::collections::BTreeMap;

use kurbo::{BezPath, Point, Rect, Vec2};

use super::cut_lines::key;
use super::layout::FOOTER_BAND_MM;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::TilePlacement;
use crate::scene::{Colour, Item, Shape, Stroke};
use crate::text::{Anchor, text_outline};

/// Crop marks start this far from the tile corner and are this long, in mm.
const CROP_OFFSET_MM: f64 = 1.5;
const CROP_LENGTH_MM: f64 = 4.0;
const MARK_WIDTH_MM: f64 = 0.2;
/// Side of the calibration square, in mm.
pub const CALIBRATION_MM: f64 = 10.0;
const FOOTER_TEXT_MM: f64 = 2.4;

/// Short ticks pointing away from the block at each outer corner, along the cut that starts
/// there; a tick that would touch a tile or leave the page is dropped.
pub fn crop_marks(shape: RegularPolygon, places: &[TilePlacement], page: Rect) -> Vec<Item> {
    let mut corners: BTreeMap<(i64, i64), Vec<usize>> = BTreeMap::new();
    let outlines: Vec<Vec<Point>> = places.iter().map(|p| p.corners(shape)).collect();
    for (tile, outline) in outlines.iter().enumerate() {
        for &corner in outline {
            corners.entry(key(corner)).or_default().push(tile);
        }
    }
    let mut path = BezPath::new();
    for (tiles, corner) in corners.values().zip(corner_points(&outlines, &corners)) {
        let Some(direction) = outward(tiles, corner, places, &outlines) else { continue };
        let start = corner + direction * CROP_OFFSET_MM;
        let end = corner + direction * (CROP_OFFSET_MM + CROP_LENGTH_MM);
        let clear = [start, start.midpoint(end), end]
            .iter()
            .all(|&p| page.contains(p) && outlines.iter().all(|o| !inside_convex(o, p)));
        if clear {
            path.move_to(start);
            path.line_to(end);
        }
    }
    vec![Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, MARK_WIDTH_MM)))]
}

/// The point of each corner key, in key order.
fn corner_points(
    outlines: &[Vec<Point>],
    corners: &BTreeMap<(i64, i64), Vec<usize>>,
) -> Vec<Point> {
    corners
        .iter()
        .map(|(k, tiles)| {
            *outlines[tiles[0]].iter().find(|&&p| key(p) == *k).unwrap_or(&Point::ORIGIN)
        })
        .collect()
}

/// Where a crop mark at a block corner points: away from a lone tile's centre, or along the
/// edge two tiles share; `None` inside the block.
fn outward(
    tiles: &[usize],
    corner: Point,
    places: &[TilePlacement],
    outlines: &[Vec<Point>],
) -> Option<Vec2> {
    match tiles {
        [only] => Some((corner - places[*only].centre).normalize()),
        [a, b] => {
            let shared = outlines[*a].iter().find(|&&p| {
                key(p) != key(corner) && outlines[*b].iter().any(|&q| key(q) == key(p))
            });
            shared.map(|&other| (corner - other).normalize())
        }
        _ => None,
    }
}

/// Strictly inside a convex polygon given clockwise (on a y-down page).
fn inside_convex(outline: &[Point], p: Point) -> bool {
    (0..outline.len()).all(|k| {
        let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
        (b - a).cross(p - a) > 1e-9
    })
}

/// The footer: `title` at the left, the 10 mm square and its label at the right, in the band
/// above the bottom margin.
pub fn footer(title: &str, width: f64, height: f64, margin: f64) -> Vec<Item> {
    let baseline = height - margin - (FOOTER_BAND_MM - CALIBRATION_MM) / 2.0;
    let square_left = width - margin - CALIBRATION_MM;
    let square = Rect::new(square_left, baseline - CALIBRATION_MM, width - margin, baseline);
    let text_y = baseline - (CALIBRATION_MM - FOOTER_TEXT_MM) / 2.0;
    let label = text_outline(
        "10 mm",
        FOOTER_TEXT_MM * 0.8,
        Point::new(square.center().x, square.center().y),
        Anchor::Centre,
    );
    vec![
        Item::Shape(Shape::filled(
            text_outline(title, FOOTER_TEXT_MM, Point::new(margin, text_y), Anchor::Start),
            Colour::BLACK,
        )),
        Item::Shape(Shape::stroked(rect_path(square), Stroke::solid(Colour::BLACK, MARK_WIDTH_MM))),
        Item::Shape(Shape::filled(label, Colour::BLACK)),
    ]
}

fn rect_path(r: Rect) -> BezPath {
    let mut path = BezPath::new();
    path.move_to((r.x0, r.y0));
    path.line_to((r.x1, r.y0));
    path.line_to((r.x1, r.y1));
    path.line_to((r.x0, r.y1));
    path.close_path();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tiling::fill_rect;
    use kurbo::Shape as _;

    #[test]
    fn crop_marks_stay_off_every_tile() {
        let hex = RegularPolygon::new(6, 24.0);
        let area = Rect::new(10.0, 10.0, 200.0, 280.0);
        let places = fill_rect(hex, 0.0, 0.0, area);
        let outlines: Vec<Vec<Point>> = places.iter().map(|p| p.corners(hex)).collect();
        let items = crop_marks(hex, &places, Rect::new(0.0, 0.0, 210.0, 297.0));
        let Item::Shape(shape) = &items[0] else { panic!() };
        let mut ticks = 0;
        for segment in shape.path.segments() {
            ticks += 1;
            for t in [0.0, 0.5, 1.0] {
                let p = kurbo::ParamCurve::eval(&segment, t);
                assert!(
                    outlines.iter().all(|o| !inside_convex(o, p)),
                    "tick point {p:?} is on a tile"
                );
            }
        }
        assert!(ticks > 10, "{ticks} crop marks");
    }

    #[test]
    fn the_calibration_square_is_ten_millimetres() {
        let items = footer("Set", 210.0, 297.0, 8.0);
        let Item::Shape(square) = &items[1] else { panic!() };
        let bounds = square.path.bounding_box();
        assert!((bounds.width() - 10.0).abs() < 1e-9 && (bounds.height() - 10.0).abs() < 1e-9);
        assert!(bounds.y1 <= 297.0 - 8.0 && bounds.x1 <= 210.0 - 8.0);
    }
}
