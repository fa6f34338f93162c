//! Registration marks for print-and-cut machines (Silhouette "type 1"): a filled square at the top left, L-shaped corners at the top right and bottom left, and the room they keep clear.
//!
//! A cutting machine's optical sensor finds these marks on the printed front page and aligns
//! the cut file (which carries the same marks on a `registration` layer) to them. Every mark
//! sits inside the margins with its outer corner on the margin's corner, and nothing else is
//! printed within [`CLEARANCE_MM`] of its bounding box: tiles keep to the band between
//! [`clear_band`]'s limits, trimmer guides too, and the footer text starts right of the
//! bottom-left mark ([`footer_indent`]).

use kurbo::{BezPath, Point, Rect};

use super::layout::FOOTER_BAND_MM;
use crate::scene::{Colour, Item, Shape};

/// Side of the filled square at the top left, in mm.
pub const SQUARE_MM: f64 = 5.0;
/// Length of each arm of the L-shaped corner marks, in mm.
pub const ARM_MM: f64 = 20.0;
/// Thickness of the arms, in mm.
pub const THICKNESS_MM: f64 = 0.5;
/// Space around every mark's bounding box where nothing else is printed, in mm.
pub const CLEARANCE_MM: f64 = 5.0;

/// The three marks' bounding boxes on a `width` × `height` page with `margin`: square (top
/// left), corner (top right), corner (bottom left).
pub fn mark_boxes(width: f64, height: f64, margin: f64) -> [Rect; 3] {
    [
        Rect::new(margin, margin, margin + SQUARE_MM, margin + SQUARE_MM),
        Rect::new(width - margin - ARM_MM, margin, width - margin, margin + ARM_MM),
        Rect::new(margin, height - margin - ARM_MM, margin + ARM_MM, height - margin),
    ]
}

/// The marks as filled black shapes (no stroke), in the order of [`mark_boxes`].
pub fn registration_marks(width: f64, height: f64, margin: f64) -> Vec<Item> {
    let [square, top_right, bottom_left] = mark_boxes(width, height, margin);
    let t = THICKNESS_MM;
    let corner_top_right = [
        (top_right.x0, top_right.y0),
        (top_right.x1, top_right.y0),
        (top_right.x1, top_right.y1),
        (top_right.x1 - t, top_right.y1),
        (top_right.x1 - t, top_right.y0 + t),
        (top_right.x0, top_right.y0 + t),
    ];
    let corner_bottom_left = [
        (bottom_left.x0, bottom_left.y0),
        (bottom_left.x0 + t, bottom_left.y0),
        (bottom_left.x0 + t, bottom_left.y1 - t),
        (bottom_left.x1, bottom_left.y1 - t),
        (bottom_left.x1, bottom_left.y1),
        (bottom_left.x0, bottom_left.y1),
    ];
    let square_corners = [
        (square.x0, square.y0),
        (square.x1, square.y0),
        (square.x1, square.y1),
        (square.x0, square.y1),
    ];
    vec![
        Item::Shape(Shape::filled(polygon(&square_corners), Colour::BLACK)),
        Item::Shape(Shape::filled(polygon(&corner_top_right), Colour::BLACK)),
        Item::Shape(Shape::filled(polygon(&corner_bottom_left), Colour::BLACK)),
    ]
}

/// The band of the page, `(top, bottom)` in mm, that keeps [`CLEARANCE_MM`] from every
/// mark: below the top-right corner mark and above the bottom-left one (which is taller
/// than the footer band, so the footer sits beside it).
pub fn clear_band(height: f64, margin: f64) -> (f64, f64) {
    let reach = ARM_MM.max(SQUARE_MM) + CLEARANCE_MM;
    (margin + reach, height - margin - reach.max(FOOTER_BAND_MM))
}

/// How far right of the margin the footer text starts on a page with marks, in mm: clear of
/// the bottom-left corner mark.
pub fn footer_indent() -> f64 {
    ARM_MM + CLEARANCE_MM
}

/// `area` limited to the [`clear_band`] of a `height` page with `margin`.
pub fn within_clear_band(area: Rect, height: f64, margin: f64) -> Rect {
    let (top, bottom) = clear_band(height, margin);
    Rect::new(area.x0, area.y0.max(top), area.x1, area.y1.min(bottom))
}

fn polygon(points: &[(f64, f64)]) -> BezPath {
    let mut path = BezPath::new();
    for (index, &(x, y)) in points.iter().enumerate() {
        if index == 0 {
            path.move_to(Point::new(x, y));
        } else {
            path.line_to(Point::new(x, y));
        }
    }
    path.close_path();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::Shape as _;

    fn boxes_of(items: &[Item]) -> Vec<Rect> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Shape(shape) => Some(shape.path.bounding_box()),
                Item::Group(_)
                | Item::Use(_)
                | Item::Image(_)
                | Item::Clip(_)
                | Item::Translucent(_) => None,
            })
            .collect()
    }

    #[test]
    fn marks_are_a_square_and_two_corners_inside_the_margins() {
        let (w, h, m) = (210.0, 297.0, 5.0);
        let items = registration_marks(w, h, m);
        let boxes = boxes_of(&items);
        assert_eq!(boxes, mark_boxes(w, h, m).to_vec());
        assert!((boxes[0].width() - SQUARE_MM).abs() < 1e-9);
        assert!((boxes[1].width() - ARM_MM).abs() < 1e-9);
        assert!((boxes[2].height() - ARM_MM).abs() < 1e-9);
        let printable = Rect::new(m, m, w - m, h - m);
        for b in &boxes {
            assert!(printable.union(*b) == printable, "{b:?} leaves the margins");
        }
        for item in &items {
            let Item::Shape(shape) = item else { panic!("a mark is a shape") };
            assert_eq!((shape.fill, shape.stroke.is_some()), (Some(Colour::BLACK), false));
        }
    }

    #[test]
    fn corner_marks_are_thin_ls() {
        let items = registration_marks(210.0, 297.0, 5.0);
        let Item::Shape(corner) = &items[1] else { panic!() };
        // An L of two 20 × 0.5 arms overlapping in a 0.5 × 0.5 square.
        let expected = 2.0 * ARM_MM * THICKNESS_MM - THICKNESS_MM * THICKNESS_MM;
        assert!((corner.path.area().abs() - expected).abs() < 1e-9, "{}", corner.path.area());
    }

    #[test]
    fn the_clear_band_keeps_its_distance_from_every_mark() {
        let (w, h, m) = (210.0, 297.0, 8.0);
        let (top, bottom) = clear_band(h, m);
        let band = Rect::new(0.0, top, w, bottom);
        for b in mark_boxes(w, h, m) {
            let gap = (band.y0 - b.y1).max(b.y0 - band.y1);
            assert!(gap >= CLEARANCE_MM - 1e-9, "{b:?} is {gap} mm from the band");
        }
        assert!(bottom <= h - m - FOOTER_BAND_MM);
        let [_, _, bottom_left] = mark_boxes(w, h, m);
        assert!(m + footer_indent() >= bottom_left.x1 + CLEARANCE_MM - 1e-9);
    }

    #[test]
    fn within_the_band_keeps_the_sides() {
        let area = Rect::new(5.0, 5.0, 205.0, 279.0);
        let inner = within_clear_band(area, 297.0, 5.0);
        assert_eq!((inner.x0, inner.x1), (5.0, 205.0));
        assert_eq!((inner.y0, inner.y1), (30.0, 267.0));
    }
}
