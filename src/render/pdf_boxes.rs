//! A page's TrimBox and BleedBox for print shops: where its items are cut (the trim) and how far their print reaches (the bleed), in PDF points, y up.

use kurbo::Rect;

use super::pdf_content::{PT_PER_MM, rounded_pt};
use crate::scene::PageBoxes;

/// `[llx lly urx ury]` in points of `rect` (mm, y down) on a page `page_height_mm` tall.
pub fn box_pt(rect: Rect, page_height_mm: f64) -> [f32; 4] {
    let pt = |mm: f64| rounded_pt(mm * PT_PER_MM).unwrap_or(0.0);
    [pt(rect.x0), pt(page_height_mm - rect.y1), pt(rect.x1), pt(page_height_mm - rect.y0)]
}

/// The boxes of a page of `size_mm` that is one item at trim + bleed: its TrimBox `trim`
/// (mm on the page, y down), its BleedBox the whole page.
pub fn one_item_boxes(trim: Rect, size_mm: (f64, f64)) -> PageBoxes {
    PageBoxes { trim, bleed: Rect::new(0.0, 0.0, size_mm.0, size_mm.1) }
}

/// Sets `TrimBox` and `BleedBox` to `boxes` (mm on the page, y down; the bleed kept on the
/// page) on the page dictionary `page` of a page of `size_mm`.
pub fn set_boxes(page: &mut lopdf::Dictionary, boxes: PageBoxes, size_mm: (f64, f64)) {
    let array =
        |values: [f32; 4]| values.iter().map(|&v| lopdf::Object::Real(v)).collect::<Vec<_>>();
    let whole = Rect::new(0.0, 0.0, size_mm.0, size_mm.1);
    page.set("TrimBox", array(box_pt(boxes.trim, size_mm.1)));
    page.set("BleedBox", array(box_pt(boxes.bleed.intersect(whole), size_mm.1)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_eighth_inch_bleed_is_nine_points_on_every_side() {
        let page = (69.85, 95.25);
        let trim = Rect::new(3.175, 3.175, 66.675, 92.075);
        assert_eq!(box_pt(trim, page.1), [9.0, 9.0, 189.0, 261.0]);
        let mut dict = lopdf::Dictionary::new();
        set_boxes(&mut dict, one_item_boxes(trim, page), page);
        let bleed: Vec<f32> = dict
            .get(b"BleedBox")
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_float().unwrap())
            .collect();
        assert_eq!(bleed, [0.0, 0.0, 198.0, 270.0]);
    }
}
