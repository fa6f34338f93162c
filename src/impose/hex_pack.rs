//! The hexagonal packing: round cutouts (counters, circular tiles — any item whose outline is
//! a circle) of one size in staggered rows, each row shifted by half a pitch and the rows
//! closer than the items are wide, so that three neighbours meet around a gap; square rows
//! when the paper holds more of them that way.
//!
//! Circles share no edge: each is cut along its own outline, once, a gap apart, and no crop
//! mark helps a guillotine. The block stays where a full sheet has it on every sheet.

use kurbo::{Affine, BezPath, Point, Rect};

use super::cut_lines::cut_stroke;
use super::layout::SheetLayout;
use super::packing::{Packed, SheetPlacement};
use crate::cutout::Cutout;
use crate::model::print::sheet_settings::SheetSettings;

/// Tolerance when comparing sizes, in mm.
const EPSILON_MM: f64 = 1e-9;

/// The best layout found so far: page size, items it holds, their centres, block size,
/// printable area.
type Candidate = ((f64, f64), usize, Vec<Point>, (f64, f64), Rect);

/// Items `size` wide, `pitch` apart along a row, inside `room` (width, height): staggered
/// rows `pitch · √3/2` apart with every other row shifted by half a pitch, or plain rows
/// `pitch` apart. How many fit, the centres of the first `wanted` of them (row by row,
/// relative to the block's top-left corner: the rows are counted, not listed, beyond
/// them), and the block's size.
fn centres(
    room: (f64, f64),
    size: f64,
    pitch: f64,
    staggered: bool,
    wanted: usize,
) -> (usize, Vec<Point>, (f64, f64)) {
    let (width, height) = room;
    if size <= 0.0 || width + EPSILON_MM < size || height + EPSILON_MM < size {
        return (0, Vec::new(), (0.0, 0.0));
    }
    let row_pitch = if staggered { pitch * 3f64.sqrt() / 2.0 } else { pitch };
    let rows = ((height - size + EPSILON_MM) / row_pitch).floor() as usize + 1;
    let shift = |row: usize| if staggered && row % 2 == 1 { pitch / 2.0 } else { 0.0 };
    let per_row = |row: usize| {
        if width + EPSILON_MM < size + shift(row) {
            0
        } else {
            ((width - size - shift(row) + EPSILON_MM) / pitch).floor() as usize + 1
        }
    };
    // Rows alternate between two kinds: the even ones and the odd ones.
    let kinds = [0, 1].into_iter().filter(|&row| row < rows);
    let count = kinds.clone().map(|row| per_row(row) * (rows - row).div_ceil(2)).sum();
    let block_width = kinds
        .filter(|&row| per_row(row) > 0)
        .map(|row| shift(row) + (per_row(row) - 1) as f64 * pitch + size)
        .fold(0.0, f64::max);
    let mut found = Vec::new();
    for row in 0..rows {
        if found.len() >= wanted {
            break;
        }
        let columns = per_row(row).min(wanted - found.len());
        for column in 0..columns {
            found.push(Point::new(
                shift(row) + column as f64 * pitch + size / 2.0,
                row as f64 * row_pitch + size / 2.0,
            ));
        }
    }
    let block_height = (rows - 1) as f64 * row_pitch + size;
    (count, found, (block_width, block_height))
}

/// The cutouts `gap_mm` apart in staggered rows on as many sheets as needed, each in a
/// circle as wide as the largest extent; `Err` says why not even one fits.
pub fn hexagonal_sheets(
    cutouts: &[Cutout],
    gap_mm: f64,
    sheet: &SheetSettings,
) -> Result<Packed, String> {
    let size = cutouts.iter().map(|c| c.extent.width().max(c.extent.height())).fold(0.0, f64::max);
    let pitch = size + gap_mm.max(0.0);
    let mut best: Option<Candidate> = None;
    for (pw, ph) in sheet.page_sizes() {
        let area = SheetLayout::sheet_tile_area(pw, ph, sheet);
        for staggered in [true, false] {
            let room = (area.width(), area.height());
            let (count, found, block) = centres(room, size, pitch, staggered, cutouts.len());
            if count > best.as_ref().map_or(0, |(_, c, _, _, _)| *c) {
                best = Some(((pw, ph), count, found, block, area));
            }
        }
    }
    let Some(((pw, ph), per_sheet, places, block, area)) = best else {
        return Err(format!(
            "{} ({size:.1} mm across) does not fit on {} paper inside {} mm margins",
            cutouts.first().map_or("an item", |c| c.label.as_str()),
            sheet.paper_name,
            sheet.margin_mm
        ));
    };
    let origin = area.center() - kurbo::Vec2::new(block.0, block.1) / 2.0;
    let sheets = (0..cutouts.len().div_ceil(per_sheet).max(1))
        .map(|index| {
            let first = index * per_sheet;
            let on_sheet = cutouts.len().saturating_sub(first).min(per_sheet);
            let placed: Vec<(usize, Affine)> = places[..on_sheet]
                .iter()
                .enumerate()
                .map(|(k, &centre)| {
                    let extent = cutouts[first + k].extent;
                    (first + k, Affine::translate(origin + centre.to_vec2() - extent.center()))
                })
                .collect();
            let mut path = BezPath::new();
            for &(i, transform) in &placed {
                path.extend(
                    (transform * cutouts[i].outline.path.clone()).elements().iter().copied(),
                );
            }
            SheetPlacement { placed, cuts: vec![cut_stroke(path)], crops: Vec::new() }
        })
        .collect();
    Ok(Packed::in_area((pw, ph), sheets, per_sheet, area, sheet))
}

#[cfg(test)]
mod tests {
    use kurbo::{PathEl, Shape as _};

    use super::*;
    use crate::geometry::outline::Outline;
    use crate::impose::packing::a4_sheet;
    use crate::model::print::sheet_settings::Orientation;
    use crate::scene::Item;

    fn counters(count: usize, diameter: f64) -> Vec<Cutout> {
        (0..count)
            .map(|k| Cutout::shared(format!("counter {k}"), Outline::circle(diameter), Vec::new()))
            .collect()
    }

    fn placed_centres(cutouts: &[Cutout], sheet: &SheetPlacement) -> Vec<Point> {
        sheet.placed.iter().map(|&(i, t)| t * cutouts[i].outline.centre).collect()
    }

    #[test]
    fn staggered_rows_hold_more_than_square_rows_and_never_overlap() {
        // A 194 × 268 mm area: square rows of 25 mm counters 27 mm apart hold 7 across
        // (25 + 6 × 27 = 187) and 10 down (25 + 9 × 27 = 268): 70.
        let (count, square, _) = centres((194.0, 268.0), 25.0, 27.0, false, usize::MAX);
        assert_eq!((count, square.len()), (7 * 10, 7 * 10));
        let (count, staggered, block) = centres((194.0, 268.0), 25.0, 27.0, true, usize::MAX);
        // Rows 23.383 mm apart: 11 rows, alternately 7 and 6 (the shifted row needs 13.5
        // mm more): 6 × 7 + 5 × 6 = 72.
        assert_eq!((count, staggered.len()), (72, 72));
        // Counted, not listed, past the first ones asked for: the same count and block.
        let (few, first, same) = centres((194.0, 268.0), 25.0, 27.0, true, 9);
        assert_eq!((few, first.as_slice(), same), (72, &staggered[..9], block));
        for (k, a) in staggered.iter().enumerate() {
            for b in &staggered[..k] {
                assert!(a.distance(*b) >= 27.0 - 1e-9, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn counters_are_cut_once_each_inside_the_printable_area() {
        let sheet = a4_sheet(Orientation::Portrait);
        let cutouts = counters(80, 25.0);
        let packed = hexagonal_sheets(&cutouts, 2.0, &sheet).expect("fits");
        let area = SheetLayout::sheet_tile_area(210.0, 297.0, &sheet);
        let first = &packed.sheets[0];
        assert_eq!(packed.sheets.len(), 80usize.div_ceil(packed.per_sheet));
        let centres = placed_centres(&cutouts, first);
        for (k, c) in centres.iter().enumerate() {
            let disc = Rect::from_center_size(*c, (25.0, 25.0));
            let inside = area.inflate(1e-6, 1e-6);
            assert!(inside.union(disc) == inside, "{disc:?} outside {area:?}");
            for other in &centres[..k] {
                assert!(c.distance(*other) >= 27.0 - 1e-9);
            }
        }
        let Some(Item::Shape(cut)) = first.cuts.first() else { panic!("no cut") };
        let outlines =
            cut.path.elements().iter().filter(|e| matches!(e, PathEl::MoveTo(_))).count();
        assert_eq!(outlines, first.placed.len(), "one closed cut per counter");
        assert!((cut.path.bounding_box().width() - packed_width(&centres)).abs() < 1e-3);
        assert!(first.crops.is_empty());
    }

    fn packed_width(centres: &[Point]) -> f64 {
        let xs = centres.iter().map(|c| c.x);
        xs.clone().fold(f64::MIN, f64::max) - xs.fold(f64::MAX, f64::min) + 25.0
    }

    #[test]
    fn a_counter_larger_than_the_paper_is_refused() {
        let err =
            hexagonal_sheets(&counters(1, 400.0), 2.0, &a4_sheet(Orientation::Auto)).unwrap_err();
        assert!(err.starts_with("counter 0 (400.0 mm across) does not fit on A4"), "{err}");
    }
}
