//! The one imposition path: a part's cutouts and its packing in, pages out — fronts with
//! their art, fold and cut lines, crop marks, registration marks and footer, each followed
//! by its back page laid out to land behind it.
//!
//! A back is placed by `mirror ∘ front placement ∘ back frame`: the mirror (with the
//! measured duplex correction) takes a point of the front page to the point behind it, and
//! the cutout's back frame says how its back art is drawn (see `Cutout::back_frame`).

use kurbo::Affine;

use super::arrange::{Arrangement, arrange};
use super::bleed::{grown_beneath, with_bleed};
use super::cut_lines::cut_maker_beside_art;
use super::duplex::{back_mirror, duplex_correction};
use super::fold::{fold_footer, fold_marks, fold_mirror};
use super::handed_faces::HandedFaces;
use super::marks::{back_footer, back_page_footer, front_footer, indented_footer, side_footer};
use super::packing::{FooterPlace, Packed, Packing};
use super::page_boxes::sheet_boxes;
use super::registration::{footer_indent, registration_marks};
use super::seal::{SEALED_STEPS, paper_guides, seal_of};
use super::shared_marks::MarkSharer;
use super::shared_sheets::{names_on, packing_of};
use super::tiled_board::tile_frame;
use crate::cutout::{Cut, Cutout};
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::case_lines;
use crate::scene::{Document, Group, Item, Page, PageBoxes, Role};

/// One part to impose: its cutouts, how they pack, and how its pages are named.
#[derive(Clone, Copy, Debug)]
pub struct PartSheets<'a> {
    /// The design's name, on every footer.
    pub title: &'a str,
    /// One cutout of the part in footers and messages (`piece`, `net`, `board`); `None` for
    /// tiles, whose footers name only the sheet.
    pub noun: Option<&'a str>,
    /// The part's name in footers (`punts`: a deck's or counters' name); `None`, the noun's
    /// plural (`pieces`).
    pub name: Option<&'a str>,
    /// The part is two-sided: its pages are named `sheet-NN-front` / `-back` rather than
    /// `sheet-NN`, and it gets back pages when printed duplex and its cutouts have backs.
    pub front_and_back: bool,
    pub cutouts: &'a [Cutout],
    pub packing: &'a Packing,
    pub sheet: &'a SheetSettings,
}

/// The imposed part.
#[derive(Debug)]
pub struct Imposed {
    pub document: Document,
    /// Sheets of paper (a front and its back are one sheet).
    pub sheets: usize,
    /// How many cutouts one sheet holds.
    pub per_sheet: usize,
    pub page_size_mm: (f64, f64),
    /// The area cutouts may use on one sheet, in mm².
    pub printable_mm2: f64,
    /// How one cutout was split over several sheets: rows and columns of sheets, and the
    /// size of each piece in mm.
    pub split: Option<(usize, usize, (f64, f64))>,
    /// Whether the sheets are fold-over sheets (fronts and backs on one page).
    pub folded: bool,
    /// The border of film each item keeps, when its sheets are sealed.
    pub sealed_mm: Option<f64>,
    /// Each page's TrimBox and BleedBox, where its items have a bleed (none on a split
    /// board's pages).
    pub boxes: Vec<Option<PageBoxes>>,
}

/// Packs the part and draws its pages; `Err` says why it does not fit.
pub fn impose(part: PartSheets<'_>) -> Result<Imposed, String> {
    match arranged(&part)? {
        Ok(imposed) => Ok(imposed),
        Err(packed) => Ok(sheet_pages(&part, packed, HandedFaces::none())),
    }
}

/// [`impose`] with `cutouts` in place of `part`'s own, moving each cutout's faces onto its
/// page rather than copying them where the cutout is placed once: `cutouts` keep their
/// outlines and lose those faces. For the build, whose cutouts are drawn no more.
pub fn impose_moving_faces(
    part: PartSheets<'_>,
    cutouts: &mut [Cutout],
) -> Result<Imposed, String> {
    let packed = match arranged(&PartSheets { cutouts, ..part })? {
        Ok(imposed) => return Ok(imposed),
        Err(packed) => packed,
    };
    let faces = HandedFaces::taken(cutouts, &packed);
    Ok(sheet_pages(&PartSheets { cutouts, ..part }, packed, faces))
}

/// The part packed: one cutout split over several sheets and drawn (`Ok`), or where each
/// cutout goes on its sheets (`Err`, for [`sheet_pages`]).
fn arranged(part: &PartSheets<'_>) -> Result<Result<Imposed, Packed>, String> {
    let noun = part.noun.unwrap_or("tile");
    match arrange(part.packing, part.cutouts, part.sheet, noun, part.front_and_back)? {
        Arrangement::Split(plan) => {
            let Some(cutout) = part.cutouts.first() else {
                return Err(format!("there is no {noun} to print"));
            };
            let frame = cutout.frame(cut_maker_beside_art(&cutout.front));
            let outline = matches!(part.packing, Packing::Tiled { outline_in_map: true, .. })
                .then_some(&cutout.outline.path);
            let document =
                tile_frame(part.title, noun, &frame, outline, &plan, part.sheet.margin_mm);
            Ok(Ok(Imposed {
                document,
                sheets: plan.sheets(),
                per_sheet: 1,
                page_size_mm: plan.page_mm,
                printable_mm2: plan.area.area(),
                split: Some((plan.rows, plan.columns, plan.piece_mm)),
                folded: false,
                sealed_mm: None,
                boxes: Vec::new(),
            }))
        }
        Arrangement::Sheets(packed) => Ok(Err(packed)),
    }
}

/// Every sheet's front page, and its back page when printing duplex and the part has backs;
/// on a fold-over sheet, one page with the fronts on one half and the backs on the other.
fn sheet_pages(part: &PartSheets<'_>, packed: Packed, mut faces: HandedFaces) -> Imposed {
    let (width, height) = packed.page_mm;
    let sheet = part.sheet;
    let margin = sheet.margin_mm;
    // A fold puts each back behind its front exactly: no printer to correct for.
    let fold = fold_mirror(packed.duplex, packed.page_mm);
    let (offset, scale) = (sheet.print.back_offset_mm, sheet.print.back_scale);
    let correction = duplex_correction(offset, scale, width, height);
    // The bare turn of the sheet places the back footer; backs also get the measured correction.
    let turn = back_mirror(packed.duplex, width, height).filter(|_| fold.is_none());
    let mirror = turn.map(|turn| turn * correction);
    let count = packed.sheets.len();
    let seal = seal_of(part.packing, sheet);
    let mut pages = Vec::new();
    let mut boxes = Vec::new();
    let mut sharer = MarkSharer::default();
    for (index, placement) in packed.sheets.iter().enumerate() {
        let counter = counter(part, &placement.placed, index, count);
        let indexed: Vec<(usize, &Cutout, Affine)> = placement
            .placed
            .iter()
            .filter_map(|&(i, transform)| Some((i, part.cutouts.get(i)?, transform)))
            .collect();
        let placed: Vec<(&Cutout, Affine)> = indexed.iter().map(|&(_, c, t)| (c, t)).collect();
        let mut art_items: Vec<Item> = indexed
            .iter()
            .filter_map(|&(i, c, t)| {
                group(t, art(faces.front(i, c, t), c, packing_of(part.packing, i)))
            })
            .collect();
        let mut backs = |mirror: Affine| -> Vec<Item> {
            let backs = indexed.iter().filter_map(|&(i, c, t)| {
                let placement = mirror * t * c.back_frame;
                let packing = packing_of(part.packing, i);
                group(placement, art(faces.back(i, c, placement)?, c, packing))
            });
            backs.collect()
        };
        if let Some(fold) = fold {
            art_items.extend(backs(fold));
        }
        let mut folds: Vec<Item> =
            placed.iter().filter_map(|&(c, t)| group(t, c.folds().to_vec())).collect();
        if fold.is_some() {
            let area = packed.footer.clear_area(width, height, margin);
            folds.extend(fold_marks(packed.duplex, packed.page_mm, area));
        }
        let mut cuts: Vec<Item> =
            placed.iter().filter_map(|&(c, t)| group(t, c.own_cuts().to_vec())).collect();
        cuts.extend(placement.cuts.iter().cloned());
        let indent = if packed.registration { footer_indent() } else { 0.0 };
        let mut marks = placement.crops.clone();
        if seal.is_some() {
            marks.extend(paper_guides(&placed));
        }
        let steps = seal.map(|_| SEALED_STEPS);
        let lines = match fold {
            Some(_) => fold_footer(&counter, packed.duplex, packed.page_mm, steps),
            None => front_footer(&counter, steps),
        };
        marks.extend(match packed.footer {
            FooterPlace::Bottom => indented_footer(&lines, width, height, margin, indent),
            FooterPlace::Side => side_footer(&lines, width, height, margin, false),
            FooterPlace::None => Vec::new(),
        });
        let mut layers = vec![
            (Role::Art, art_items),
            (Role::Fold, folds),
            (Role::Cut, cuts),
            (Role::Marks, marks),
        ];
        if packed.registration {
            layers.push((Role::Registration, registration_marks(width, height, margin)));
        }
        layers.retain(|(_, items)| !items.is_empty());
        // A fold-over page is front and back at once.
        let side = if part.front_and_back && fold.is_none() { "-front" } else { "" };
        pages.push(Page::new(format!("sheet-{:02}{side}", index + 1), (width, height), layers));
        sharer.add_last_page(&mut pages);
        let folded = fold
            .into_iter()
            .flat_map(|fold| placed.iter().map(move |&(c, t)| (c, fold * t * c.back_frame)));
        boxes.push(sheet_boxes(placed.iter().copied().chain(folded)));
        let Some(mirror) = mirror else { continue };
        let lines = back_footer(&counter, packed.duplex);
        let back_marks = match packed.footer {
            // Behind the front's footer band as the sheet turns over (at the top when it
            // turns top to bottom).
            FooterPlace::Bottom => {
                back_page_footer(&lines, (width, height), margin, turn.unwrap_or(Affine::IDENTITY))
            }
            // Behind the front's band: on the left when the sheet turns left to right.
            FooterPlace::Side => {
                let turn = turn.unwrap_or(Affine::IDENTITY);
                let turned = (turn * kurbo::Point::new(width, height / 2.0)).x < width / 2.0;
                side_footer(&lines, width, height, margin, turned)
            }
            FooterPlace::None => Vec::new(),
        };
        pages.push(Page::new(
            format!("sheet-{:02}-back", index + 1),
            (width, height),
            vec![(Role::Art, backs(mirror)), (Role::Marks, back_marks)],
        ));
        sharer.add_last_page(&mut pages);
        let turned = placed.iter().map(|&(c, t)| (c, mirror * t * c.back_frame));
        boxes.push(sheet_boxes(turned));
    }
    let mut document = Document { title: part.title.to_string(), pages };
    case_lines(&mut document);
    Imposed {
        document,
        sheets: count,
        per_sheet: packed.per_sheet,
        page_size_mm: packed.page_mm,
        printable_mm2: packed.printable_mm2,
        split: None,
        folded: fold.is_some(),
        sealed_mm: seal,
        boxes,
    }
}

/// The footer's first words: the design, the part and the sheet (`Tantrix · sheet 1 of 2`,
/// `Tranglar · pieces · sheet 1 of 2`, a deck by its name: `Saltmarsh · punts · sheet 1 of
/// 1`); a part that is one cutout on one sheet names no
/// sheet (`Tranglar · board`); a shared sheet names the parts `placed` on it (`Ardun ·
/// tiles, kings, castles · sheet 1 of 1`).
fn counter(
    part: &PartSheets<'_>,
    placed: &[(usize, Affine)],
    index: usize,
    count: usize,
) -> String {
    let sheet = format!("sheet {} of {count}", index + 1);
    match (part.noun, part.packing) {
        (_, Packing::Shared(parts)) => {
            format!("{} · {} · {sheet}", part.title, names_on(parts, placed))
        }
        (Some(noun), Packing::Centred) => format!("{} · {noun}", part.title),
        (Some(noun), _) => match part.name {
            Some(name) => format!("{} · {name} · {sheet}", part.title),
            None => format!("{} · {noun}s · {sheet}", part.title),
        },
        (None, _) => format!("{} · {sheet}", part.title),
    }
}

/// A face's art as printed: with its bleed grown underneath — on a lattice, whose regular
/// outlines grow evenly by scaling about their centres, and for every other outline that
/// grows evenly (`geometry::bleed_growth`: cards, rounded or not, counters, round tiles).
fn art(items: Vec<Item>, cutout: &Cutout, packing: &Packing) -> Vec<Item> {
    match (&cutout.cut, packing) {
        (Cut::Shared { bleed_mm }, Packing::Lattice(shape)) => with_bleed(items, *shape, *bleed_mm),
        (Cut::Shared { bleed_mm }, _) => grown_beneath(items, &cutout.outline, *bleed_mm),
        _ => items,
    }
}

/// `items` placed by `transform`, or nothing when there are none.
fn group(transform: Affine, items: Vec<Item>) -> Option<Item> {
    (!items.is_empty()).then_some(Item::Group(Group { transform, items }))
}

#[cfg(test)]
mod tests {
    use kurbo::{Point, Vec2};

    use super::*;
    use crate::geometry::grid::{Grid, GridKind, square_cells};
    use crate::geometry::outline::Outline;
    use crate::geometry::polygon::RegularPolygon;
    use crate::impose::packing::a4_sheet;
    use crate::model::print::sheet_settings::{Duplex, Orientation};
    use crate::scene::{Colour, Shape};

    /// `count` 20 mm squares with a front and a back, drawn the way `back_frame` says.
    fn squares(count: usize, back_frame: Affine) -> Vec<Cutout> {
        let outline = Outline::regular(RegularPolygon::new(4, 20.0));
        let face = vec![Item::Shape(Shape::filled(outline.path.clone(), Colour::WHITE))];
        (0..count)
            .map(|k| Cutout {
                back: Some(face.clone()),
                back_frame,
                ..Cutout::shared(format!("square {k}"), outline.clone(), face.clone())
            })
            .collect()
    }

    /// The transforms of the groups on a page's art layer.
    fn placements(page: &Page) -> Vec<Affine> {
        let art = page.layers.iter().find(|l| l.role == Role::Art).expect("an art layer");
        art.items
            .iter()
            .map(|item| match item {
                Item::Group(group) => group.transform,
                Item::Shape(_)
                | Item::Use(_)
                | Item::Image(_)
                | Item::Clip(_)
                | Item::Translucent(_) => {
                    panic!("art not placed by a group")
                }
            })
            .collect()
    }

    #[test]
    fn backs_land_behind_their_fronts_after_the_printer_errs_on_every_packing() {
        let mut sheet = a4_sheet(Orientation::Portrait);
        let (offset, scale) = ((1.5, -0.5), (1.01, 0.99));
        (sheet.print.back_offset_mm, sheet.print.back_scale) = (offset, scale);
        let grid = Grid { kind: GridKind::Square, square_mm: 20.0 };
        let cases = [
            (Packing::Lattice(RegularPolygon::new(4, 20.0)), Affine::FLIP_X),
            (
                Packing::Polyform { grid, forms: vec![square_cells(GridKind::Square, 0, 0); 3] },
                Affine::IDENTITY,
            ),
        ];
        for (packing, back_frame) in cases {
            let cutouts = squares(3, back_frame);
            let part = PartSheets {
                title: "Test",
                noun: Some("square"),
                name: None,
                front_and_back: true,
                cutouts: &cutouts,
                packing: &packing,
                sheet: &sheet,
            };
            let pages = impose(part).expect("fits").document.pages;
            let labels: Vec<&str> = pages.iter().map(|p| p.label.as_str()).collect();
            assert_eq!(labels, ["sheet-01-front", "sheet-01-back"]);
            let (width, height) = (pages[0].width_mm, pages[0].height_mm);
            let turn_over = back_mirror(Duplex::LongEdge, width, height).expect("duplex");
            let centre = Point::new(width / 2.0, height / 2.0);
            // Where a point drawn on the back page lands, seen on the front.
            let lands = |p: Point| {
                let d = turn_over * p - centre;
                centre + Vec2::new(d.x * scale.0 + offset.0, d.y * scale.1 + offset.1)
            };
            let (fronts, backs) = (placements(&pages[0]), placements(&pages[1]));
            assert_eq!((fronts.len(), backs.len()), (3, 3));
            for (front, back) in fronts.iter().zip(&backs) {
                for p in [Point::new(3.0, 4.0), Point::new(-9.0, 2.0)] {
                    let landed = lands(*back * (back_frame.inverse() * p));
                    assert!(landed.distance(*front * p) < 1e-9, "{packing:?}: {landed:?}");
                }
            }
        }
    }

    #[test]
    fn one_sided_parts_have_plain_page_names_and_no_backs() {
        let cutouts = squares(2, Affine::IDENTITY);
        let sheet = a4_sheet(Orientation::Portrait);
        let part = PartSheets {
            title: "Test",
            noun: Some("square"),
            name: None,
            front_and_back: false,
            cutouts: &cutouts,
            packing: &Packing::Shelves,
            sheet: &sheet,
        };
        let imposed = impose(part).expect("fits");
        let labels: Vec<&str> = imposed.document.pages.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(labels, ["sheet-01"], "backs are printed only by two-sided parts");
        assert_eq!((imposed.sheets, imposed.per_sheet), (1, 2));
    }

    #[test]
    fn footers_name_the_part_and_the_sheet() {
        let sheet = a4_sheet(Orientation::Portrait);
        let part = |noun, packing| PartSheets {
            title: "Game",
            noun,
            name: None,
            front_and_back: true,
            cutouts: &[],
            packing,
            sheet: &sheet,
        };
        let shelves = Packing::Shelves;
        assert_eq!(counter(&part(None, &shelves), &[], 0, 2), "Game · sheet 1 of 2");
        assert_eq!(counter(&part(Some("net"), &shelves), &[], 1, 2), "Game · nets · sheet 2 of 2");
        assert_eq!(counter(&part(Some("board"), &Packing::Centred), &[], 0, 1), "Game · board");
        let punts = PartSheets { name: Some("punts"), ..part(Some("counter"), &shelves) };
        assert_eq!(counter(&punts, &[], 0, 1), "Game · punts · sheet 1 of 1");
    }
}
