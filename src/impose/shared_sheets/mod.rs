//! Shared sheets: several parts of a design on one run of sheets, each packed by its own packing — a part that fits whole in the room the parts before it left on their last sheet goes there, any other on sheets of its own of the same page size.

use kurbo::{Affine, BezPath, PathEl, Rect, Shape as _, Vec2};

use super::arrange::{Arrangement, arrange_on};
use super::fold::front_half;
use super::packing::{FooterPlace, Packed, Packing, SharedPart, SheetPlacement};
use crate::cutout::Cutout;
use crate::model::print::sheet_settings::{SheetRegion, SheetSettings};
use crate::scene::bounds::{painted_bounds, stroke_reach};
use crate::scene::cut_style::CUT_INK_REACH_MM;
use crate::scene::{Group, Item};

/// Room kept between two parts on a sheet, between the ink of one (its cuts, its marks) and
/// the ink of the other, in mm: enough to cut between them without touching either.
pub const PART_GAP_MM: f64 = 4.0;

/// Tolerance when checking that a part kept inside its room, in mm.
const EPSILON_MM: f64 = 1e-6;

/// The packing that places cutout `index` of a shared run (`packing` itself otherwise).
pub fn packing_of(packing: &Packing, index: usize) -> &Packing {
    match packing {
        Packing::Shared(parts) => {
            parts.iter().find(|part| part.holds(index)).map_or(packing, |part| &part.packing)
        }
        _ => packing,
    }
}

/// The names of the parts with a cutout among `placed`, in their order (`tiles, kings`).
pub fn names_on(parts: &[SharedPart], placed: &[(usize, Affine)]) -> String {
    let on = parts.iter().filter(|part| placed.iter().any(|&(i, _)| part.holds(i)));
    on.map(|part| part.name.as_str()).collect::<Vec<_>>().join(", ")
}

/// The sheets filled so far: their placements, their page and footer, and what the last one
/// prints, as rectangles the parts to come keep clear of.
#[derive(Default)]
struct Run {
    sheets: Vec<SheetPlacement>,
    page: Option<((f64, f64), FooterPlace)>,
    used: Vec<Rect>,
    printable_mm2: f64,
}

/// `parts` of `cutouts` on shared sheets of `sheet`: each part whole in the first room left
/// on the last sheet that holds it (largest rooms first), else on sheets of its own; `Err`
/// says why a part does not fit at all.
pub fn shared_sheets(
    parts: &[SharedPart],
    cutouts: &[Cutout],
    sheet: &SheetSettings,
    noun: &str,
) -> Result<Packed, String> {
    let mut run = Run::default();
    for part in parts {
        let Some(own) = cutouts.get(part.range.clone()) else {
            return Err(format!("the shared part `{}` holds items that are not there", part.name));
        };
        if !run.fill_room(part, own, cutouts, sheet, noun) {
            run.own_sheets(part, own, cutouts, sheet, noun)?;
        }
    }
    let Some((page_mm, footer)) = run.page else {
        return Err(format!("there is no {noun} to print"));
    };
    Ok(Packed {
        page_mm,
        per_sheet: run.sheets.iter().map(|s| s.placed.len()).max().unwrap_or(0),
        printable_mm2: run.printable_mm2,
        registration: false,
        footer,
        duplex: sheet.duplex,
        sheets: run.sheets,
    })
}

impl Run {
    /// Puts the whole part into one room left on the last sheet, if one holds it: as its
    /// packing fills the room, or in the narrowest or the lowest part of the room that holds
    /// it, whichever leaves the largest room for the parts to come.
    fn fill_room(
        &mut self,
        part: &SharedPart,
        own: &[Cutout],
        all: &[Cutout],
        sheet: &SheetSettings,
        noun: &str,
    ) -> bool {
        let Some(((width, height), footer)) = self.page else { return false };
        let area = sheet_area((width, height), footer, sheet);
        let place = |room: Rect| in_room(part, own, all, sheet, noun, (width, height), room);
        for room in rooms(&self.used, area) {
            let Some(natural) = place(room) else { continue };
            let narrowest =
                narrowed(room.width(), |size| place(Rect { x1: room.x0 + size, ..room }));
            let lowest = narrowed(room.height(), |size| place(Rect { y1: room.y0 + size, ..room }));
            let left_over = |(_, used): &(SheetPlacement, Vec<Rect>)| {
                let all_used: Vec<Rect> = self.used.iter().chain(used).copied().collect();
                rooms(&all_used, area).first().map_or(0.0, |room| room.area())
            };
            let best = [Some(natural), narrowest, lowest]
                .into_iter()
                .flatten()
                .map(|found| (left_over(&found), found))
                .reduce(|best, next| if next.0 > best.0 { next } else { best });
            let Some((_, (placement, used))) = best else { continue };
            let Some(last) = self.sheets.last_mut() else { return false };
            last.placed.extend(placement.placed);
            last.cuts.extend(placement.cuts);
            last.crops.extend(placement.crops);
            self.used.extend(used);
            return true;
        }
        false
    }

    /// Puts the part on sheets of its own: the first part as its packing likes them best,
    /// the others on the first one's page, inside its footer's clear area.
    fn own_sheets(
        &mut self,
        part: &SharedPart,
        own: &[Cutout],
        all: &[Cutout],
        sheet: &SheetSettings,
        noun: &str,
    ) -> Result<(), String> {
        let within = match self.page {
            Some((page_mm, footer)) => {
                let area = sheet_area(page_mm, footer, sheet);
                SheetSettings { region: Some(SheetRegion { page_mm, area }), ..sheet.clone() }
            }
            None => sheet.clone(),
        };
        let packed = match arrange_on(&part.packing, own, &within, noun)? {
            Arrangement::Sheets(packed) => packed,
            Arrangement::Split(_) => {
                return Err(format!(
                    "the part `{}` is split over sheets: it cannot share",
                    part.name
                ));
            }
        };
        if self.page.is_none() {
            self.page = Some((packed.page_mm, packed.footer));
            self.printable_mm2 = packed.printable_mm2;
        }
        let sheets = packed.sheets.into_iter().map(|s| offset(s, part.range.start));
        self.sheets.extend(sheets);
        self.used = self.sheets.last().map_or(Vec::new(), |last| used_rects(last, all));
        Ok(())
    }
}

/// How many times the width a part takes in a room is halved towards the narrowest.
const NARROWING_STEPS: usize = 10;

/// The part placed by `place` in the smallest size below `full` (a room's width or height:
/// `place` says which) that still holds it, found by halving; `None` when no smaller size
/// does.
fn narrowed(
    full: f64,
    place: impl Fn(f64) -> Option<(SheetPlacement, Vec<Rect>)>,
) -> Option<(SheetPlacement, Vec<Rect>)> {
    let (mut narrow, mut wide) = (0.0, full);
    let mut found = None;
    for _ in 0..NARROWING_STEPS {
        let middle = (narrow + wide) / 2.0;
        match place(middle) {
            Some(fits) => (found, wide) = (Some(fits), middle),
            None => narrow = middle,
        }
    }
    found
}

/// The whole part placed by its packing in `room` of a `page_mm` page, moved into the
/// room's top left corner, with what it prints; `None` when the room does not hold it all.
fn in_room(
    part: &SharedPart,
    own: &[Cutout],
    all: &[Cutout],
    sheet: &SheetSettings,
    noun: &str,
    page_mm: (f64, f64),
    room: Rect,
) -> Option<(SheetPlacement, Vec<Rect>)> {
    let within =
        SheetSettings { region: Some(SheetRegion { page_mm, area: room }), ..sheet.clone() };
    let Ok(Arrangement::Sheets(packed)) = arrange_on(&part.packing, own, &within, noun) else {
        return None;
    };
    let [placement] = packed.sheets.as_slice() else { return None };
    if placement.placed.len() != own.len() {
        return None;
    }
    let placement = offset(placement.clone(), part.range.start);
    let used = used_rects(&placement, all);
    let bounds = used.iter().copied().reduce(|a, b| a.union(b))?;
    if !inside(bounds, room) {
        return None;
    }
    // Into the room's corner, so that what is left of it stays in one piece.
    let shift = Vec2::new(room.x0 - bounds.x0, room.y0 - bounds.y0);
    Some((moved(placement, shift), used.into_iter().map(|r| r + shift).collect()))
}

/// Where the parts of a `page_mm` page with its footer at `footer` may print: clear of the
/// footer, inside the margins, on a fold-over sheet on the fronts' half.
fn sheet_area(page_mm: (f64, f64), footer: FooterPlace, sheet: &SheetSettings) -> Rect {
    let area = footer.clear_area(page_mm.0, page_mm.1, sheet.margin_mm);
    front_half(area, sheet.duplex, page_mm)
}

/// The placement with its cutouts' indices moved up by `start` (a part's own indices into
/// the whole run's).
fn offset(mut placement: SheetPlacement, start: usize) -> SheetPlacement {
    for (index, _) in &mut placement.placed {
        *index += start;
    }
    placement
}

/// The placement moved by `shift`: its cutouts, cuts and crop marks.
fn moved(placement: SheetPlacement, shift: Vec2) -> SheetPlacement {
    let transform = Affine::translate(shift);
    let group = |items: Vec<Item>| match items.is_empty() {
        true => Vec::new(),
        false => vec![Item::Group(Group { transform, items })],
    };
    SheetPlacement {
        placed: placement.placed.into_iter().map(|(i, t)| (i, transform * t)).collect(),
        cuts: group(placement.cuts),
        crops: group(placement.crops),
    }
}

/// What the placement prints, as rectangles: each cutout's extent, each cut line and each
/// crop mark (every stroke of a path on its own), with a cut line's reach around them.
fn used_rects(placement: &SheetPlacement, cutouts: &[Cutout]) -> Vec<Rect> {
    let reach = CUT_INK_REACH_MM;
    let mut rects: Vec<Rect> = placement
        .placed
        .iter()
        .filter_map(|&(i, transform)| Some(transform.transform_rect_bbox(cutouts.get(i)?.extent)))
        .collect();
    for item in placement.cuts.iter().chain(&placement.crops) {
        strokes(item, Affine::IDENTITY, &mut rects);
    }
    rects.into_iter().map(|r| r.inflate(reach, reach)).collect()
}

/// The bounds of each stroke (each subpath) `item` draws, placed by `transform`.
fn strokes(item: &Item, transform: Affine, rects: &mut Vec<Rect>) {
    match item {
        Item::Group(group) => {
            for inner in &group.items {
                strokes(inner, transform * group.transform, rects);
            }
        }
        Item::Shape(shape) => {
            let width = shape.stroke.as_ref().map_or(0.0, stroke_reach);
            let mut stroke = BezPath::new();
            for element in (transform * shape.path.clone()).elements() {
                if matches!(element, PathEl::MoveTo(_)) && !stroke.elements().is_empty() {
                    rects.push(stroke.bounding_box().inflate(width, width));
                    stroke = BezPath::new();
                }
                stroke.push(*element);
            }
            if !stroke.elements().is_empty() {
                rects.push(stroke.bounding_box().inflate(width, width));
            }
        }
        other => rects.extend(painted_bounds(std::slice::from_ref(other), transform)),
    }
}

/// Whether `inner` lies inside `outer`.
fn inside(inner: Rect, outer: Rect) -> bool {
    inner.x0 >= outer.x0 - EPSILON_MM
        && inner.y0 >= outer.y0 - EPSILON_MM
        && inner.x1 <= outer.x1 + EPSILON_MM
        && inner.y1 <= outer.y1 + EPSILON_MM
}

/// The rooms left in `area` beside what is `used`, largest first: each reaching to the
/// area's bottom right corner from a corner [`PART_GAP_MM`] right of and below what is used
/// (or the area's edge), at least that far from everything used; none inside another.
fn rooms(used: &[Rect], area: Rect) -> Vec<Rect> {
    let mut lefts: Vec<f64> = used.iter().map(|r| r.x1 + PART_GAP_MM).collect();
    let mut tops: Vec<f64> = used.iter().map(|r| r.y1 + PART_GAP_MM).collect();
    lefts.push(area.x0);
    tops.push(area.y0);
    for values in [&mut lefts, &mut tops] {
        values.sort_by(f64::total_cmp);
        values.dedup_by(|a, b| (*a - *b).abs() < EPSILON_MM);
    }
    let clear = |room: &Rect| {
        let apart = |r: &Rect| r.inflate(PART_GAP_MM, PART_GAP_MM).intersect(*room).area() <= 0.0;
        used.iter().all(apart)
    };
    let candidates: Vec<Rect> = lefts
        .iter()
        .flat_map(|&x0| tops.iter().map(move |&y0| Rect::new(x0, y0, area.x1, area.y1)))
        .filter(|room| room.x0 >= area.x0 && room.y0 >= area.y0)
        .filter(|room| room.width() > 0.0 && room.height() > 0.0)
        .filter(clear)
        .collect();
    let within = |a: &Rect, b: &Rect| a != b && inside(*a, *b);
    let mut rooms: Vec<Rect> =
        candidates.iter().filter(|a| !candidates.iter().any(|b| within(a, b))).copied().collect();
    rooms.sort_by(|a, b| b.area().total_cmp(&a.area()));
    rooms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::outline::Outline;
    use crate::impose::packing::a4_sheet;
    use crate::model::print::sheet_settings::Orientation;

    fn circles(count: usize, diameter: f64, label: &str) -> Vec<Cutout> {
        (0..count)
            .map(|k| Cutout::shared(format!("{label} {k}"), Outline::circle(diameter), Vec::new()))
            .collect()
    }

    fn squares(count: usize, edge: f64, label: &str) -> Vec<Cutout> {
        (0..count)
            .map(|k| {
                Cutout::shared(format!("{label} {k}"), Outline::rectangle(edge, edge), Vec::new())
            })
            .collect()
    }

    /// A part of the shared run, named `name`.
    fn part(range: std::ops::Range<usize>, packing: Packing, name: &str) -> SharedPart {
        SharedPart { range, packing, name: name.into(), noun: None }
    }

    #[test]
    fn small_parts_share_one_sheet_each_inside_its_room_and_apart() {
        let mut cutouts = circles(4, 20.0, "king");
        cutouts.extend(squares(4, 22.0, "castle"));
        cutouts.extend(circles(12, 15.0, "token"));
        let parts = vec![
            part(0..4, Packing::Hexagonal { gap_mm: 3.0 }, "kings"),
            part(4..8, Packing::NUp { gutter_mm: 3.0 }, "castles"),
            part(8..20, Packing::Hexagonal { gap_mm: 3.0 }, "tokens"),
        ];
        let sheet = a4_sheet(Orientation::Portrait);
        let packed = shared_sheets(&parts, &cutouts, &sheet, "counter").expect("fits");
        assert_eq!(packed.sheets.len(), 1);
        let placed = &packed.sheets[0].placed;
        let mut indices: Vec<usize> = placed.iter().map(|&(i, _)| i).collect();
        indices.sort();
        assert_eq!(indices, (0..20).collect::<Vec<_>>());
        assert_eq!(names_on(&parts, placed), "kings, castles, tokens");
        // No two parts' items come closer than the gap between parts.
        let bounds = |i: usize| {
            let (_, t) = placed.iter().find(|&&(j, _)| j == i).copied().expect("placed");
            t.transform_rect_bbox(cutouts[i].extent)
        };
        let area = FooterPlace::Bottom.clear_area(210.0, 297.0, sheet.margin_mm);
        for a in 0..20 {
            assert!(inside(bounds(a), area), "{a} off the sheet's area");
            for b in 0..20 {
                let part = |i| parts.iter().position(|p| p.holds(i));
                if part(a) == part(b) {
                    continue;
                }
                let (ra, rb) = (bounds(a), bounds(b));
                let apart =
                    (rb.x0 - ra.x1).max(ra.x0 - rb.x1).max(rb.y0 - ra.y1).max(ra.y0 - rb.y1);
                assert!(apart >= PART_GAP_MM, "{a} and {b} only {apart} mm apart");
            }
        }
    }

    #[test]
    fn a_part_that_fills_its_sheets_leaves_the_next_one_sheets_of_its_own() {
        let per_sheet = crate::impose::hex_pack::hexagonal_sheets(
            &circles(1, 40.0, "disc"),
            3.0,
            &a4_sheet(Orientation::Portrait),
        )
        .expect("fits")
        .per_sheet;
        let mut cutouts = circles(per_sheet, 40.0, "disc");
        cutouts.extend(circles(3, 40.0, "other"));
        let parts = vec![
            part(0..per_sheet, Packing::Hexagonal { gap_mm: 3.0 }, "discs"),
            part(per_sheet..per_sheet + 3, Packing::Hexagonal { gap_mm: 3.0 }, "others"),
        ];
        let sheet = a4_sheet(Orientation::Portrait);
        let packed = shared_sheets(&parts, &cutouts, &sheet, "counter").expect("fits");
        assert_eq!(packed.sheets.len(), 2);
        assert_eq!(names_on(&parts, &packed.sheets[1].placed), "others");
        assert_eq!(packed.page_mm, (210.0, 297.0));
    }

    #[test]
    fn rooms_reach_the_corner_clear_of_everything_used() {
        let area = Rect::new(10.0, 10.0, 200.0, 280.0);
        // Two full rows and a short third one, as a part-filled sheet leaves them.
        let used = [Rect::new(10.0, 10.0, 200.0, 100.0), Rect::new(10.0, 100.0, 60.0, 140.0)];
        let rooms = rooms(&used, area);
        assert_eq!(rooms[0], Rect::new(10.0, 140.0 + PART_GAP_MM, 200.0, 280.0));
        assert!(rooms.contains(&Rect::new(60.0 + PART_GAP_MM, 100.0 + PART_GAP_MM, 200.0, 280.0)));
        for room in &rooms {
            assert!(used.iter().all(|r| r.intersect(*room).area() <= 0.0), "{room:?}");
        }
    }
}
