//! Frames of differing sizes (nets) packed onto pages in shelves, left to right and top to
//! bottom, with the usual footer and 10 mm square on every page.

use kurbo::{Affine, Rect};

use super::layout::SheetLayout;
use super::marks::{footer, front_footer};
use crate::model::design::SheetSettings;
use crate::scene::cut_style::case_cut_lines;
use crate::scene::frame::{Frame, ROLES};
use crate::scene::{Document, Item, Layer, Page, Role};

/// Space between packed frames, at least, in mm.
pub const MIN_GAP_MM: f64 = 3.0;

/// Pages of packed frames, and how many pages it took.
#[derive(Debug)]
pub struct Packed {
    pub document: Document,
    pub pages: usize,
    /// The most frames on one page.
    pub per_page: usize,
    pub page_size_mm: (f64, f64),
}

/// Where each frame goes: `(page, translation)` per frame, in order.
fn shelves(frames: &[Frame], area: Rect, gap: f64) -> Option<Vec<(usize, Affine)>> {
    let (mut page, mut x, mut y, mut shelf) = (0, area.x0, area.y0, 0.0f64);
    let mut places = Vec::new();
    for frame in frames {
        let (w, h) = (frame.bounds.width(), frame.bounds.height());
        if w > area.width() + 1e-9 || h > area.height() + 1e-9 {
            return None;
        }
        if x + w > area.x1 + 1e-9 {
            (x, y, shelf) = (area.x0, y + shelf + gap, 0.0);
        }
        if y + h > area.y1 + 1e-9 {
            (page, x, y, shelf) = (page + 1, area.x0, area.y0, 0.0);
        }
        places.push((page, Affine::translate((x - frame.bounds.x0, y - frame.bounds.y0))));
        x += w + gap;
        shelf = shelf.max(h);
    }
    Some(places)
}

/// Packs `frames` onto pages of `sheet`'s paper (portrait unless it says landscape; `auto`
/// takes whichever needs fewer pages). `Err` when a frame is larger than the printable area.
pub fn pack(
    title: &str,
    label: &str,
    frames: &[Frame],
    sheet: &SheetSettings,
) -> Result<Packed, String> {
    let sizes = sheet.page_sizes();
    let gap = sheet.gap_mm.max(MIN_GAP_MM);
    let best = sizes
        .into_iter()
        .filter_map(|(pw, ph)| {
            let area = SheetLayout::tile_area(pw, ph, sheet.margin_mm);
            shelves(frames, area, gap).map(|places| (pw, ph, places))
        })
        .min_by_key(|(_, _, places)| places.last().map_or(0, |p| p.0));
    let Some((pw, ph, places)) = best else {
        return Err(format!(
            "a {label} is larger than {} paper inside {} mm margins",
            sheet.paper_name, sheet.margin_mm
        ));
    };
    let pages = places.last().map_or(0, |p| p.0 + 1);
    let mut document = Document { title: title.to_string(), pages: Vec::new() };
    let mut per_page = 0;
    for page in 0..pages {
        let on_page: Vec<(&Frame, Affine)> = frames
            .iter()
            .zip(&places)
            .filter(|(_, p)| p.0 == page)
            .map(|(f, p)| (f, p.1))
            .collect();
        per_page = per_page.max(on_page.len());
        let mut layers: Vec<Layer> = ROLES
            .iter()
            .filter(|&&role| role != Role::Marks)
            .map(|&role| Layer {
                role,
                items: on_page
                    .iter()
                    .filter_map(|(f, t)| f.placed(role, *t))
                    .collect::<Vec<Item>>(),
            })
            .filter(|layer| !layer.items.is_empty())
            .collect();
        let text = front_footer(&format!("{title} · {label}s · sheet {} of {pages}", page + 1));
        layers.push(Layer { role: Role::Marks, items: footer(&text, pw, ph, sheet.margin_mm) });
        document.pages.push(Page {
            label: format!("sheet-{:02}", page + 1),
            width_mm: pw,
            height_mm: ph,
            layers,
        });
    }
    case_cut_lines(&mut document);
    Ok(Packed { document, pages, per_page, page_size_mm: (pw, ph) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(w: f64, h: f64) -> Frame {
        Frame::new(Vec::new(), Rect::new(-w / 2.0, -h / 2.0, w / 2.0, h / 2.0))
    }

    #[test]
    fn shelves_never_overlap_and_stay_inside() {
        let area = Rect::new(8.0, 8.0, 202.0, 276.0);
        let frames: Vec<Frame> = (0..20)
            .map(|k| frame(30.0 + f64::from(k % 5) * 17.0, 25.0 + f64::from(k % 3) * 20.0))
            .collect();
        let places = shelves(&frames, area, 3.0).expect("fits");
        let placed: Vec<(usize, Rect)> = frames
            .iter()
            .zip(&places)
            .map(|(f, (page, t))| (*page, t.transform_rect_bbox(f.bounds)))
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
