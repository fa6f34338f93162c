//! Printed guides that are not part of a piece: crop marks outside the block of tiles, and
//! the footer with the set's name, the sheet, and a 10 mm square to check the print scale.

use std::collections::BTreeMap;

use kurbo::{BezPath, Point, Rect, Vec2};

use super::cut_lines::key;
use super::layout::FOOTER_BAND_MM;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::TilePlacement;
use crate::model::design::Duplex;
use crate::scene::{Colour, Item, Shape, Stroke};
use crate::text::{Anchor, text_outline, text_width};

/// Crop marks start this far from the tile corner and are this long, in mm.
const CROP_OFFSET_MM: f64 = 1.5;
const CROP_LENGTH_MM: f64 = 4.0;
const MARK_WIDTH_MM: f64 = 0.2;
/// Side of the calibration square, in mm.
pub const CALIBRATION_MM: f64 = 10.0;
const FOOTER_TEXT_MM: f64 = 2.4;
/// Footer text never gets smaller than this, in mm of cap height.
const MIN_FOOTER_TEXT_MM: f64 = 1.2;
const LABEL_TEXT_MM: f64 = 1.5;
/// Space between the footer text and the calibration square, in mm.
const FOOTER_GAP_MM: f64 = 3.0;

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

/// Footer lines of a front page: `counter` (set · sheet n of m) and the 100 % reminder.
pub fn front_footer(counter: &str) -> [String; 2] {
    [
        format!("{counter} · front"),
        "print at 100 % (actual size), no scaling: the square must measure 10 mm".to_string(),
    ]
}

/// Footer lines of a back page, naming the edge to flip on.
pub fn back_footer(counter: &str, duplex: Duplex) -> [String; 2] {
    let edge = if duplex == Duplex::ShortEdge { "short" } else { "long" };
    [
        format!("{counter} · back"),
        format!("print double-sided at 100 %, flipping on the {edge} edge"),
    ]
}

/// The footer: up to two lines of text at the left, the 10 mm square and its label at the
/// right, in the band above the bottom margin. Text shrinks (down to a readable minimum) to
/// stay clear of the square on narrow paper.
pub fn footer(lines: &[String], width: f64, height: f64, margin: f64) -> Vec<Item> {
    let bottom = height - margin - (FOOTER_BAND_MM - CALIBRATION_MM) / 2.0;
    let square =
        Rect::new(width - margin - CALIBRATION_MM, bottom - CALIBRATION_MM, width - margin, bottom);
    let room = (square.x0 - FOOTER_GAP_MM - margin).max(0.0);
    let label = text_outline("10 mm", LABEL_TEXT_MM, square.center(), Anchor::Centre);
    let mut items = vec![
        Item::Shape(Shape::stroked(rect_path(square), Stroke::solid(Colour::BLACK, MARK_WIDTH_MM))),
        Item::Shape(Shape::filled(label, Colour::BLACK)),
    ];
    let line_pitch = CALIBRATION_MM / 2.0;
    for (row, line) in lines.iter().take(2).enumerate() {
        let natural = text_width(line, FOOTER_TEXT_MM);
        let size = if natural > room { FOOTER_TEXT_MM * room / natural } else { FOOTER_TEXT_MM };
        let baseline = square.y0 + line_pitch * (row as f64 + 0.5) + size / 2.0;
        let glyphs = text_outline(
            line,
            size.max(MIN_FOOTER_TEXT_MM),
            Point::new(margin, baseline),
            Anchor::Start,
        );
        items.push(Item::Shape(Shape::filled(glyphs, Colour::BLACK)));
    }
    items
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
        let items = footer(&["Set".to_string()], 210.0, 297.0, 8.0);
        let Item::Shape(square) = &items[0] else { panic!() };
        let bounds = square.path.bounding_box();
        assert!((bounds.width() - 10.0).abs() < 1e-9 && (bounds.height() - 10.0).abs() < 1e-9);
        assert!(bounds.y1 <= 297.0 - 8.0 && bounds.x1 <= 210.0 - 8.0);
    }

    #[test]
    fn long_footer_text_shrinks_to_stay_clear_of_the_square() {
        let long = "A rather long set name · sheet 12 of 20 · front".to_string();
        let items =
            footer(&[long, "print at 100 % (actual size), no scaling".into()], 120.0, 120.0, 5.0);
        let Item::Shape(square) = &items[0] else { panic!() };
        let square = square.path.bounding_box();
        for item in &items[2..] {
            let Item::Shape(text) = item else { panic!() };
            let ink = text.path.bounding_box();
            assert!(
                ink.x1 < square.x0 - 1.0,
                "text ends at {} but the square starts at {}",
                ink.x1,
                square.x0
            );
            assert!(
                ink.y0 >= square.y0 - 0.5 && ink.y1 <= square.y1 + 0.5,
                "text beside the square"
            );
        }
    }
}
