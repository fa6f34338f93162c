//! The n-up packing: cutouts of one size (cards, counters; square or rounded corners) in
//! rows and columns with a gutter between them, as many as the paper holds in either
//! orientation.
//!
//! Without a gutter, rectangles share their edges and each row and column boundary is one
//! long trimmer cut across the sheet (no crop marks needed); on a part-filled sheet it runs
//! only along the cells beside it. With a gutter, or with outlines that are not plain
//! rectangles, every cutout is cut along its own outline and crop marks in the margin
//! continue each row's and column's edges. The block stays where a full sheet has it on
//! every sheet, so that a stack of sheets can be cut at once.

use kurbo::{Affine, BezPath, PathEl, Point, Rect};

use super::cut_lines::cut_stroke;
use super::fold::front_guides;
use super::layout::SheetLayout;
use super::marks::crop_marks_at;
use super::packing::{FooterPlace, Packed, SheetPlacement};
use super::trim_lines::{edge_runs, sheet_guides, within_region};
use crate::cutout::Cutout;
use crate::geometry::outline::Outline;
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::CUT_INK_REACH_MM;

/// Tolerance when comparing sizes, in mm.
const EPSILON_MM: f64 = 1e-9;

/// How many cells of `size` with `gutter` between them fit in `room`.
fn fitting(room: f64, size: f64, gutter: f64) -> usize {
    if size <= 0.0 || room + EPSILON_MM < size {
        return 0;
    }
    ((room - size + EPSILON_MM) / (size + gutter)).floor() as usize + 1
}

/// Whether `outline` is a plain rectangle filling a `width × height` cell: four corners,
/// straight sides, upright.
fn fills_cell(outline: &Outline, width: f64, height: f64) -> bool {
    let straight = outline
        .path
        .elements()
        .iter()
        .all(|el| matches!(el, PathEl::MoveTo(_) | PathEl::LineTo(_) | PathEl::ClosePath));
    let bounds = outline.bounds();
    straight
        && outline.corners.len() == 4
        && (bounds.width() - width).abs() < 1e-6
        && (bounds.height() - height).abs() < 1e-6
        && outline.corners.iter().all(|c| {
            [bounds.x0, bounds.x1].iter().any(|x| (c.x - x).abs() < 1e-6)
                && [bounds.y0, bounds.y1].iter().any(|y| (c.y - y).abs() < 1e-6)
        })
}

/// A page size, its columns and rows, the area they use and where the footer goes.
type Choice = ((f64, f64), usize, usize, Rect, FooterPlace);

/// The page size, footer place and block that hold the most `width × height` cells
/// `gutter` apart; `None` when not even one fits.
fn best_choice(
    (width, height): (f64, f64),
    gutter: f64,
    bleed: f64,
    sheet: &SheetSettings,
) -> Option<Choice> {
    let mut best: Option<Choice> = None;
    for (pw, ph) in sheet.page_sizes() {
        for footer in footer_places(sheet) {
            let area = n_up_area(pw, ph, sheet, footer, bleed);
            let columns = fitting(area.width(), width, gutter);
            let rows = fitting(area.height(), height, gutter);
            if columns * rows > best.map_or(0, |(_, c, r, _, _)| c * r) {
                best = Some(((pw, ph), columns, rows, area, footer));
            }
        }
    }
    best
}

/// How many `width × height` cells `gutter` apart one sheet holds n-up (0 when none fits),
/// when the cells include a `bleed` around their cut.
pub fn per_sheet(
    (width, height): (f64, f64),
    gutter: f64,
    bleed: f64,
    sheet: &SheetSettings,
) -> usize {
    best_choice((width, height), gutter, bleed, sheet)
        .map_or(0, |(_, columns, rows, _, _)| columns * rows)
}

/// Whether one `width × height` item fits n-up on the sheet's paper (the room the n-up
/// packing gives it: inside the margins, beside the footer), and the largest room it has.
pub fn n_up_room(
    (width, height): (f64, f64),
    bleed: f64,
    sheet: &SheetSettings,
) -> (bool, (f64, f64)) {
    let fits = best_choice((width, height), 0.0, bleed, sheet).is_some();
    let room = sheet
        .page_sizes()
        .into_iter()
        .flat_map(|(pw, ph)| footer_places(sheet).into_iter().map(move |f| (pw, ph, f)))
        .map(|(pw, ph, footer)| n_up_area(pw, ph, sheet, footer, bleed))
        .map(|area| (area.width(), area.height()))
        .fold(
            (0.0, 0.0),
            |best: (f64, f64), room| if room.0 * room.1 > best.0 * best.1 { room } else { best },
        );
    (fits, room)
}

/// The cutouts `gutter_mm` apart in rows and columns on as many sheets as needed, each in
/// a cell as large as the largest extent; `Err` says why not even one fits.
pub fn n_up_sheets(
    cutouts: &[Cutout],
    gutter_mm: f64,
    sheet: &SheetSettings,
) -> Result<Packed, String> {
    let width = cutouts.iter().map(|c| c.extent.width()).fold(0.0, f64::max);
    let height = cutouts.iter().map(|c| c.extent.height()).fold(0.0, f64::max);
    let gutter = gutter_mm.max(0.0);
    // The bleed every cutout has around its cut.
    let bleed = cutouts.iter().map(Cutout::bleed_mm).fold(f64::INFINITY, f64::min).max(0.0);
    let Some(((pw, ph), columns, rows, area, footer)) =
        best_choice((width, height), gutter, bleed, sheet)
    else {
        let largest = cutouts.iter().max_by(|a, b| {
            (a.extent.width() * a.extent.height())
                .total_cmp(&(b.extent.width() * b.extent.height()))
        });
        return Err(format!(
            "{} ({width:.1} × {height:.1} mm) does not fit on {} paper inside {} mm margins",
            largest.map_or("an item", |c| c.label.as_str()),
            sheet.paper_name,
            sheet.margin_mm
        ));
    };
    let block_size =
        (columns as f64 * (width + gutter) - gutter, rows as f64 * (height + gutter) - gutter);
    let block = Rect::from_center_size(area.center(), block_size);
    let mut guides = sheet_guides(pw, ph, sheet);
    if footer == FooterPlace::Side {
        // Long cuts stop short of the footer along the right edge and reach the bottom.
        guides.x1 = guides.x1.min(area.x1);
        guides.y1 = ph - guides.y0;
    }
    let guides = within_region(front_guides(guides, sheet.duplex, (pw, ph)), sheet);
    let shared = gutter == 0.0 && cutouts.iter().all(|c| fills_cell(&c.outline, width, height));
    let per_sheet = columns * rows;
    let sheets = (0..cutouts.len().div_ceil(per_sheet).max(1))
        .map(|index| {
            let first = index * per_sheet;
            let on_sheet = cutouts.len().saturating_sub(first).min(per_sheet);
            let placed: Vec<(usize, Affine)> = (0..on_sheet)
                .map(|k| {
                    let cell = Rect::from_origin_size(
                        (
                            block.x0 + (k % columns) as f64 * (width + gutter),
                            block.y0 + (k / columns) as f64 * (height + gutter),
                        ),
                        (width, height),
                    );
                    let extent = cutouts[first + k].extent;
                    (first + k, Affine::translate(cell.center() - extent.center()))
                })
                .collect();
            if shared {
                let path = if on_sheet == per_sheet {
                    trimmer_cuts(block, (width, height), (columns, rows), guides)
                } else {
                    // A part-filled sheet: each boundary only along the cards beside it.
                    let cells = placed
                        .iter()
                        .map(|&(i, t)| t.transform_rect_bbox(cutouts[i].outline.bounds()));
                    crate::compose::net::segments_path(&edge_runs(&rect_edges(cells)))
                };
                SheetPlacement { placed, cuts: vec![cut_stroke(path)], crops: Vec::new() }
            } else {
                let mut path = BezPath::new();
                let mut corners = Vec::new();
                for &(i, transform) in &placed {
                    let cutout = &cutouts[i];
                    path.extend(
                        (transform * cutout.outline.path.clone()).elements().iter().copied(),
                    );
                    // The cut edges (not the bleed) are what crop marks continue.
                    let e = transform.transform_rect_bbox(cutout.outline.bounds());
                    corners.extend(
                        [(e.x0, e.y0), (e.x1, e.y0), (e.x1, e.y1), (e.x0, e.y1)].map(Point::from),
                    );
                }
                SheetPlacement {
                    placed,
                    cuts: vec![cut_stroke(path)],
                    crops: crop_marks_at(&corners, area),
                }
            }
        })
        .collect();
    Ok(Packed { footer, ..Packed::in_area((pw, ph), sheets, per_sheet, area, sheet) })
}

/// Where the footer may go: at the bottom, or — when no registration marks claim the
/// margins — along the right edge, whichever holds more (bottom first on a tie).
fn footer_places(sheet: &SheetSettings) -> Vec<FooterPlace> {
    if sheet.print.registration_marks {
        vec![FooterPlace::Bottom]
    } else {
        vec![FooterPlace::Bottom, FooterPlace::Side]
    }
}

/// The area the cutouts (their cut and a `bleed` around it) may use on a `width × height`
/// page with the footer at `footer` (on a fold-over sheet, the half the fronts use): where
/// the bleed is narrower than a cut line's casing, the casing keeps the distance.
pub fn n_up_area(
    width: f64,
    height: f64,
    sheet: &SheetSettings,
    footer: FooterPlace,
    bleed: f64,
) -> Rect {
    let beyond = (CUT_INK_REACH_MM - bleed).max(0.0);
    SheetLayout::outline_area(width, height, sheet, footer, beyond)
}

/// The four sides of each rectangle, as (start, end) pairs.
fn rect_edges(rects: impl Iterator<Item = Rect>) -> Vec<(Point, Point)> {
    rects
        .flat_map(|r| {
            let corners = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)].map(Point::from);
            (0..4).map(move |k| (corners[k], corners[(k + 1) % 4]))
        })
        .collect()
}

/// One long cut along every column and row boundary of a full sheet's `used` (columns, rows)
/// cells, running across `guides`.
fn trimmer_cuts(
    block: Rect,
    (width, height): (f64, f64),
    used: (usize, usize),
    guides: Rect,
) -> BezPath {
    let mut path = BezPath::new();
    for column in 0..=used.0 {
        let x = block.x0 + column as f64 * width;
        path.move_to((x, guides.y0));
        path.line_to((x, guides.y1));
    }
    for row in 0..=used.1 {
        let y = block.y0 + row as f64 * height;
        path.move_to((guides.x0, y));
        path.line_to((guides.x1, y));
    }
    path
}

#[cfg(test)]
mod tests {
    use kurbo::{ParamCurve as _, RoundedRect, Shape as _};

    use super::*;
    use crate::impose::packing::a4_sheet;
    use crate::model::print::sheet_settings::Orientation;
    use crate::scene::Item;

    /// `count` 63 × 88 mm cards, with rounded corners of `radius` mm when positive.
    fn cards(count: usize, radius: f64) -> Vec<Cutout> {
        let mut outline = Outline::rectangle(63.0, 88.0);
        if radius > 0.0 {
            let rounded = RoundedRect::from_rect(outline.bounds(), radius);
            outline.path = rounded.to_path(1e-4);
        }
        (0..count)
            .map(|k| Cutout::shared(format!("card {k}"), outline.clone(), Vec::new()))
            .collect()
    }

    /// The placed extents of one sheet, on the page.
    fn extents(cutouts: &[Cutout], sheet: &SheetPlacement) -> Vec<Rect> {
        sheet.placed.iter().map(|&(i, t)| t.transform_rect_bbox(cutouts[i].extent)).collect()
    }

    fn segments(items: &[Item]) -> Vec<kurbo::PathSeg> {
        let Some(Item::Shape(cut)) = items.first() else { panic!("no cut") };
        cut.path.segments().collect()
    }

    #[test]
    fn cards_edge_to_edge_share_long_trimmer_cuts() {
        let sheet = a4_sheet(Orientation::Auto);
        let cutouts = cards(20, 0.0);
        let packed = n_up_sheets(&cutouts, 0.0, &sheet).expect("fits");
        // A4 portrait holds 3 × 3 cards of 63 × 88 mm inside 8 mm margins above the footer
        // (189 × 264 of 194 × 268 mm); landscape only 4 × 2.
        assert_eq!((packed.page_mm, packed.per_sheet), ((210.0, 297.0), 9));
        let counts: Vec<usize> = packed.sheets.iter().map(|s| s.placed.len()).collect();
        assert_eq!(counts, [9, 9, 2]);
        let first = &packed.sheets[0];
        let cuts = segments(&first.cuts);
        assert_eq!(cuts.len(), 4 + 4, "four column and four row boundaries");
        assert!(first.crops.is_empty(), "long cuts need no crop marks");
        for card in extents(&cutouts, first) {
            for x in [card.x0, card.x1] {
                assert!(
                    cuts.iter()
                        .any(|s| (s.start().x - x).abs() < 1e-9 && (s.end().x - x).abs() < 1e-9)
                );
            }
            for y in [card.y0, card.y1] {
                assert!(
                    cuts.iter()
                        .any(|s| (s.start().y - y).abs() < 1e-9 && (s.end().y - y).abs() < 1e-9)
                );
            }
        }
        // The last sheet's two cards keep the place they have on a full sheet.
        assert_eq!(extents(&cutouts, &packed.sheets[2])[..], extents(&cutouts, first)[..2]);
    }

    #[test]
    fn a_part_filled_sheet_is_cut_only_along_its_cards() {
        let sheet = a4_sheet(Orientation::Auto);
        let cutouts = cards(14, 0.0);
        let packed = n_up_sheets(&cutouts, 0.0, &sheet).expect("fits");
        let last = &packed.sheets[1];
        assert_eq!(last.placed.len(), 5, "3 cards and then 2 on the last sheet");
        let cuts: Vec<(Point, Point)> =
            segments(&last.cuts).iter().map(|s| (s.start(), s.end())).collect();
        let outlines: Vec<Vec<Point>> = extents(&cutouts, last)
            .iter()
            .map(|r| rect_edges(std::iter::once(*r)).iter().map(|e| e.0).collect())
            .collect();
        crate::impose::trim_lines::checks::assert_cuts_only_along(&cuts, &outlines);
        // Still long cuts: 4 column boundaries (the last one row long) and 3 row boundaries.
        assert_eq!(cuts.len(), 4 + 3);
        // A full sheet's cuts still run across the printable area.
        let full = segments(&packed.sheets[0].cuts);
        assert!(full.iter().all(|s| s.start().distance(s.end()) > 3.0 * 63.0 - 1e-9));
    }

    #[test]
    fn rounded_cards_with_a_gutter_are_cut_one_by_one_and_never_touch() {
        let sheet = a4_sheet(Orientation::Auto);
        let cutouts = cards(8, 3.0);
        let packed = n_up_sheets(&cutouts, 3.0, &sheet).expect("fits");
        // With 3 mm gutters portrait holds 2 × 2, landscape 4 × 2 (261 × 179 of 281 × 181).
        assert_eq!((packed.page_mm, packed.per_sheet), ((297.0, 210.0), 8));
        let first = &packed.sheets[0];
        let placed = extents(&cutouts, first);
        let area = SheetLayout::tile_area(297.0, 210.0, 8.0);
        for (k, a) in placed.iter().enumerate() {
            assert!(area.inflate(1e-9, 1e-9).contains(a.origin()) && a.x1 <= area.x1 + 1e-9);
            for b in &placed[..k] {
                let apart = (a.x0 - b.x1).max(b.x0 - a.x1).max((a.y0 - b.y1).max(b.y0 - a.y1));
                assert!(apart >= 3.0 - 1e-9, "{a:?} and {b:?} are {apart} mm apart");
            }
        }
        let Some(Item::Shape(cut)) = first.cuts.first() else { panic!("no cut") };
        let outlines =
            cut.path.elements().iter().filter(|e| matches!(e, PathEl::MoveTo(_))).count();
        assert_eq!(outlines, 8, "one closed outline per card");
        assert!(cut.path.elements().iter().any(|e| matches!(e, PathEl::CurveTo(..))), "rounded");
        assert!(!first.crops.is_empty(), "crop marks continue the cards' edges");
    }

    #[test]
    fn a_card_larger_than_the_paper_is_refused() {
        let big = vec![Cutout::shared("card", Outline::rectangle(300.0, 300.0), Vec::new())];
        let err = n_up_sheets(&big, 0.0, &a4_sheet(Orientation::Auto)).unwrap_err();
        assert!(err.starts_with("card (300.0 × 300.0 mm) does not fit on A4 paper"), "{err}");
    }
}
