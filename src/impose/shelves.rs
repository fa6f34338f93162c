//! The shelf packing: cutouts of differing sizes (nets) placed left to right and top to
//! bottom in shelves, a gap apart, on as few pages as either orientation allows.

use kurbo::{Affine, Rect};

use super::layout::SheetLayout;
use super::packing::{FooterPlace, Packed, SheetPlacement};
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::CUT_INK_REACH_MM;

/// Space between packed cutouts, at least, in mm.
pub const MIN_GAP_MM: f64 = 3.0;

/// Where each extent goes: `(page, translation)` per extent, in order.
fn shelves(extents: &[Rect], area: Rect, gap: f64) -> Option<Vec<(usize, Affine)>> {
    let (mut page, mut x, mut y, mut shelf) = (0, area.x0, area.y0, 0.0f64);
    let mut places = Vec::new();
    for extent in extents {
        let (w, h) = (extent.width(), extent.height());
        if w > area.width() + 1e-9 || h > area.height() + 1e-9 {
            return None;
        }
        if x + w > area.x1 + 1e-9 {
            (x, y, shelf) = (area.x0, y + shelf + gap, 0.0);
        }
        if y + h > area.y1 + 1e-9 {
            (page, x, y, shelf) = (page + 1, area.x0, area.y0, 0.0);
        }
        places.push((page, Affine::translate((x - extent.x0, y - extent.y0))));
        x += w + gap;
        shelf = shelf.max(h);
    }
    Some(places)
}

/// Cutouts of the given `extents` packed onto pages of `sheet`'s paper (portrait unless it
/// says landscape; `auto` takes whichever needs fewer pages). `Err` when one is larger than
/// the printable area; `noun` names one cutout in that message.
pub fn shelf_sheets(extents: &[Rect], sheet: &SheetSettings, noun: &str) -> Result<Packed, String> {
    let gap = sheet.gap_mm.max(MIN_GAP_MM);
    let best = sheet
        .page_sizes()
        .into_iter()
        .filter_map(|(pw, ph)| {
            let area =
                SheetLayout::outline_area(pw, ph, sheet, FooterPlace::Bottom, CUT_INK_REACH_MM);
            shelves(extents, area, gap).map(|places| (pw, ph, area, places))
        })
        .min_by_key(|(_, _, _, places)| places.last().map_or(0, |p| p.0));
    let Some((pw, ph, area, places)) = best else {
        return Err(format!(
            "a {noun} is larger than {} paper inside {} mm margins",
            sheet.paper_name, sheet.margin_mm
        ));
    };
    let pages = places.last().map_or(0, |p| p.0 + 1);
    let sheets: Vec<SheetPlacement> = (0..pages)
        .map(|page| SheetPlacement {
            placed: places
                .iter()
                .enumerate()
                .filter(|(_, p)| p.0 == page)
                .map(|(index, p)| (index, p.1))
                .collect(),
            ..SheetPlacement::default()
        })
        .collect();
    Ok(Packed {
        page_mm: (pw, ph),
        per_sheet: sheets.iter().map(|s| s.placed.len()).max().unwrap_or(0),
        sheets,
        printable_mm2: area.area(),
        registration: sheet.print.registration_marks,
        footer: FooterPlace::Bottom,
        duplex: sheet.duplex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(w: f64, h: f64) -> Rect {
        Rect::new(-w / 2.0, -h / 2.0, w / 2.0, h / 2.0)
    }

    #[test]
    fn shelves_never_overlap_and_stay_inside() {
        let area = Rect::new(8.0, 8.0, 202.0, 276.0);
        let frames: Vec<Rect> = (0..20)
            .map(|k| frame(30.0 + f64::from(k % 5) * 17.0, 25.0 + f64::from(k % 3) * 20.0))
            .collect();
        let places = shelves(&frames, area, 3.0).expect("fits");
        let placed: Vec<(usize, Rect)> = frames
            .iter()
            .zip(&places)
            .map(|(f, (page, t))| (*page, t.transform_rect_bbox(*f)))
            .collect();
        for (i, (page, r)) in placed.iter().enumerate() {
            assert!(
                r.x0 >= area.x0 - 1e-9
                    && r.x1 <= area.x1 + 1e-9
                    && r.y0 >= area.y0 - 1e-9
                    && r.y1 <= area.y1 + 1e-9,
                "{r:?}"
            );
            for (other_page, s) in &placed[..i] {
                let overlap = r.intersect(*s);
                assert!(
                    page != other_page || overlap.width() <= 0.0 || overlap.height() <= 0.0,
                    "{r:?} and {s:?}"
                );
            }
        }
        assert!(places.last().map_or(0, |p| p.0) >= 1, "twenty frames need a second page");
        assert!(shelves(&[frame(300.0, 10.0)], area, 3.0).is_none());
    }
}
