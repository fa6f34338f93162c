//! Printed guides that are not part of a piece: crop marks outside the block of tiles, and
//! the footer with the set's name, the sheet, and a 10 mm square to check the print scale.

use std::collections::BTreeMap;

use kurbo::{Affine, BezPath, Point, Rect, Vec2};

use super::cut_lines::key;
use super::layout::FOOTER_BAND_MM;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::TilePlacement;
use crate::model::print::sheet_settings::Duplex;
use crate::scene::{Colour, Group, Item, Shape, Stroke};
use crate::text::{Anchor, text_outline, text_width};

/// Crop marks start this far from the block and are at most this long, in mm.
const CROP_OFFSET_MM: f64 = 1.0;
const CROP_LENGTH_MM: f64 = 4.0;
/// Shorter crop marks are left out.
const MIN_CROP_MM: f64 = 1.5;
const MARK_WIDTH_MM: f64 = 0.2;
/// Side of the calibration square, in mm.
pub const CALIBRATION_MM: f64 = 10.0;
const FOOTER_TEXT_MM: f64 = 2.4;
/// Footer text never gets smaller than this, in mm of cap height.
const MIN_FOOTER_TEXT_MM: f64 = 1.2;
const LABEL_TEXT_MM: f64 = 1.5;
/// Space between the footer text and the calibration square, in mm.
const FOOTER_GAP_MM: f64 = 3.0;

/// The rounded ends of a tick.
type TickKey = ((i64, i64), (i64, i64));

/// Short ticks in the margin around the block of tiles: wherever a tile corner lies on a side
/// of the block's bounding box, a tick continues across that side, away from the block, inside
/// `area` (the printable area above the footer). On squares and triangle strips these mark
/// the long straight cuts; on hexagons the extreme corners. A tick shorter than
/// [`MIN_CROP_MM`] where the margin is narrow is left out.
pub fn crop_marks(shape: RegularPolygon, places: &[TilePlacement], area: Rect) -> Vec<Item> {
    let corners: Vec<Point> = places.iter().flat_map(|p| p.corners(shape)).collect();
    crop_marks_at(&corners, area)
}

/// Crop marks for any cuts: `corners` are the ends of the cut lines (and the corners of the
/// pieces); wherever one lies on a side of their bounding box, a tick continues across that
/// side into the margin, as in [`crop_marks`]. Piece sheets pass the ends of their merged
/// cut segments, so each cut meeting the edge of the block gets its tick.
pub fn crop_marks_at(corners: &[Point], area: Rect) -> Vec<Item> {
    let Some(block) = corners.iter().map(|&p| Rect::from_points(p, p)).reduce(|a, b| a.union(b))
    else {
        return Vec::new();
    };
    let on = |a: f64, b: f64| (a - b).abs() < 0.01;
    // Keyed by their rounded ends, so a tick shared by two corners is drawn once.
    let mut ticks: BTreeMap<TickKey, (Point, Point)> = BTreeMap::new();
    for &corner in corners {
        let sides = [
            (on(corner.y, block.y0), Point::new(corner.x, block.y0), Vec2::new(0.0, -1.0)),
            (on(corner.y, block.y1), Point::new(corner.x, block.y1), Vec2::new(0.0, 1.0)),
            (on(corner.x, block.x0), Point::new(block.x0, corner.y), Vec2::new(-1.0, 0.0)),
            (on(corner.x, block.x1), Point::new(block.x1, corner.y), Vec2::new(1.0, 0.0)),
        ];
        for (_, from, direction) in sides.into_iter().filter(|side| side.0) {
            let start = from + direction * CROP_OFFSET_MM;
            let room = room_along(area, start, direction);
            if room >= MIN_CROP_MM {
                let end = start + direction * room.min(CROP_LENGTH_MM);
                ticks.insert((key(start), key(end)), (start, end));
            }
        }
    }
    let mut path = BezPath::new();
    for (start, end) in ticks.into_values() {
        path.move_to(start);
        path.line_to(end);
    }
    vec![Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, MARK_WIDTH_MM)))]
}

/// How far one can go from `start` along an axis `direction` and stay inside `area`
/// (negative when `start` is outside).
fn room_along(area: Rect, start: Point, direction: Vec2) -> f64 {
    let inside_across = if direction.x == 0.0 {
        (area.x0..=area.x1).contains(&start.x)
    } else {
        (area.y0..=area.y1).contains(&start.y)
    };
    if !inside_across {
        return -1.0;
    }
    match (direction.x, direction.y) {
        (x, _) if x > 0.0 => area.x1 - start.x,
        (x, _) if x < 0.0 => start.x - area.x0,
        (_, y) if y > 0.0 => area.y1 - start.y,
        _ => start.y - area.y0,
    }
}

/// Footer lines of a front page: `counter` (set · sheet n of m), on a sealed sheet its
/// `sealed` steps, and the 100 % reminder.
pub fn front_footer(counter: &str, sealed: Option<&str>) -> [String; 2] {
    let sealed = sealed.map_or(String::new(), |steps| format!(" · sealed: {steps}"));
    [
        format!("{counter} · front{sealed}"),
        "print at 100 % (actual size), no scaling: the square must measure 10 mm outside"
            .to_string(),
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

/// The footer of a back page: in the band behind the front's footer once the sheet is turned
/// (`mirror`, the bare duplex map from front to back). The backs land behind the fronts'
/// tiles, which stay clear of the front's footer band, so nothing on the back covers it: at
/// the bottom when the sheet turns left to right, at the top when it turns top to bottom.
pub fn back_page_footer(
    lines: &[String],
    (width, height): (f64, f64),
    margin: f64,
    mirror: Affine,
) -> Vec<Item> {
    let items = footer(lines, width, height, margin);
    let flips_top_to_bottom = mirror.as_coeffs()[3] < 0.0;
    if !flips_top_to_bottom {
        return items;
    }
    let up = Affine::translate((0.0, -(height - 2.0 * margin - FOOTER_BAND_MM)));
    items.into_iter().map(|item| moved(item, up)).collect()
}

/// An item drawn `by` a translation: shapes' paths moved, groups' transforms composed.
fn moved(item: Item, by: Affine) -> Item {
    match item {
        Item::Shape(shape) => Item::Shape(Shape { path: by * shape.path, ..shape }),
        Item::Group(group) => Item::Group(Group { transform: by * group.transform, ..group }),
        other => Item::Group(Group { transform: by, items: vec![other] }),
    }
}

/// The footer: up to two lines of text at the left, the 10 mm square and its label at the
/// right, in the band above the bottom margin. Text shrinks (down to a readable minimum) to
/// stay clear of the square on narrow paper.
pub fn footer(lines: &[String], width: f64, height: f64, margin: f64) -> Vec<Item> {
    indented_footer(lines, width, height, margin, 0.0)
}

/// [`footer`] with its text starting `indent` mm right of the margin (beside a registration
/// mark).
pub fn indented_footer(
    lines: &[String],
    width: f64,
    height: f64,
    margin: f64,
    indent: f64,
) -> Vec<Item> {
    footer_left_of(lines, (width, height), margin, indent, f64::INFINITY)
}

/// [`indented_footer`] whose text also ends left of `end` (mm from the page's left edge),
/// for a footer that holds more beside its square (a split sheet's assembly map).
pub fn footer_left_of(
    lines: &[String],
    (width, height): (f64, f64),
    margin: f64,
    indent: f64,
    end: f64,
) -> Vec<Item> {
    let bottom = height - margin - (FOOTER_BAND_MM - CALIBRATION_MM) / 2.0;
    let square =
        Rect::new(width - margin - CALIBRATION_MM, bottom - CALIBRATION_MM, width - margin, bottom);
    let left = margin + indent;
    let room = (square.x0.min(end) - FOOTER_GAP_MM - left).max(0.0);
    let label = text_outline("10 mm", LABEL_TEXT_MM, square.center(), Anchor::Centre);
    // The line lies inside the square, so that its outer edges measure 10.00 mm.
    let line = square.inflate(-MARK_WIDTH_MM / 2.0, -MARK_WIDTH_MM / 2.0);
    let mut items = vec![
        Item::Shape(Shape::stroked(rect_path(line), Stroke::solid(Colour::BLACK, MARK_WIDTH_MM))),
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
            Point::new(left, baseline),
            Anchor::Start,
        );
        items.push(Item::Shape(Shape::filled(glyphs, Colour::BLACK)));
    }
    items
}

/// [`footer`] turned a quarter into a band along the right edge (text reading upwards), or
/// along the left edge (`on_left`, text reading downwards), for sheets whose cutouts need
/// the bottom band.
pub fn side_footer(
    lines: &[String],
    width: f64,
    height: f64,
    margin: f64,
    on_left: bool,
) -> Vec<Item> {
    // Drawn at the bottom of a page turned a quarter (height × width), then turned back.
    let turn = if on_left {
        Affine::new([0.0, 1.0, -1.0, 0.0, width, 0.0])
    } else {
        Affine::new([0.0, -1.0, 1.0, 0.0, 0.0, height])
    };
    let items = footer(lines, height, width, margin);
    vec![Item::Group(Group { transform: turn, items })]
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

    fn ticks(shape: RegularPolygon, places: &[TilePlacement], area: Rect) -> Vec<kurbo::Line> {
        let items = crop_marks(shape, places, area);
        let Item::Shape(marks) = &items[0] else { panic!() };
        marks
            .path
            .segments()
            .map(|s| match s {
                kurbo::PathSeg::Line(line) => line,
                other => panic!("{other:?} is not a tick"),
            })
            .collect()
    }

    #[test]
    fn crop_marks_lie_only_in_the_margin_around_the_block() {
        let hex = RegularPolygon::new(6, 24.0);
        let area = Rect::new(5.0, 5.0, 205.0, 279.0);
        let places = fill_rect(hex, 0.0, 0.0, area);
        let corners: Vec<Point> = places.iter().flat_map(|p| p.corners(hex)).collect();
        let block = corners.iter().fold(Rect::from_points(corners[0], corners[0]), |r, &p| {
            r.union(Rect::from_points(p, p))
        });
        let found = ticks(hex, &places, area);
        assert!(found.len() > 10, "{} crop marks", found.len());
        for tick in found {
            for p in [tick.p0, tick.p1] {
                assert!(!block.contains(p), "{p:?} is inside the block {block:?}");
                assert!(area.inflate(1e-9, 1e-9).contains(p), "{p:?} leaves the printable area");
            }
        }
    }

    #[test]
    fn on_squares_every_straight_cut_gets_a_tick_at_both_ends() {
        let square = RegularPolygon::new(4, 30.0);
        let area = Rect::new(5.0, 5.0, 205.0, 290.0);
        let places = fill_rect(square, 0.0, 0.0, area);
        let found = ticks(square, &places, area);
        let (columns, rows) = (6, 9);
        assert_eq!(places.len(), columns * rows);
        assert_eq!(found.len(), 2 * (columns + 1) + 2 * (rows + 1));
    }

    #[test]
    fn a_back_footer_lies_behind_the_front_footer_band() {
        use crate::impose::duplex::back_mirror;
        let ink = |items: &[Item]| {
            items
                .iter()
                .map(|item| match item {
                    Item::Shape(shape) => shape.path.bounding_box(),
                    Item::Group(_)
                    | Item::Use(_)
                    | Item::Image(_)
                    | Item::Clip(_)
                    | Item::Translucent(_) => {
                        panic!("footers are shapes")
                    }
                })
                .reduce(|a, b| a.union(b))
                .unwrap()
        };
        let lines = ["Set · sheet 1 of 1 · back".to_string()];
        for (duplex, size, at_top) in [
            (Duplex::LongEdge, (210.0, 297.0), false),
            (Duplex::ShortEdge, (210.0, 297.0), true),
            (Duplex::LongEdge, (297.0, 210.0), true),
            (Duplex::ShortEdge, (297.0, 210.0), false),
        ] {
            let turn = back_mirror(duplex, size.0, size.1).unwrap();
            let box_ = ink(&back_page_footer(&lines, size, 8.0, turn));
            // The front's footer band, turned over with the sheet.
            let band = turn.transform_rect_bbox(Rect::new(
                0.0,
                size.1 - 8.0 - FOOTER_BAND_MM,
                size.0,
                size.1 - 8.0,
            ));
            assert!(band.contains(box_.origin()) && box_.y1 <= band.y1 + 1e-9, "{duplex:?}");
            assert_eq!(box_.y0 < size.1 / 2.0, at_top, "{duplex:?} {size:?}");
        }
    }

    #[test]
    fn the_calibration_square_is_ten_millimetres() {
        let items = footer(&["Set".to_string()], 210.0, 297.0, 8.0);
        // Measured at its outer edges, the line's width included.
        let bounds = crate::scene::bounds::painted_bounds(&items[..1], Affine::IDENTITY).unwrap();
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
