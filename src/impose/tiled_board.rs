//! Any frame larger than the paper (a board) split over the fewest sheets: neighbouring sheets
//! overlap by a glue strip, both carry the same alignment marks on each seam, the sheet on
//! top has a cut line where its margin is trimmed, and every sheet its label (A1, A2, … by
//! row letter and column number) and a small assembly map.

use kurbo::{Affine, BezPath, Circle, Point, Rect, Shape as _};

use super::clip::clip_items;
use super::layout::{FOOTER_BAND_MM, SheetLayout};
use super::marks::footer_left_of;
use super::packing::FooterPlace;
use super::registration::{footer_indent, registration_marks};
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::CUT_INK_REACH_MM;
use crate::scene::cut_style::{case_lines, cut_stroke};
use crate::scene::frame::{Frame, ROLES};
use crate::scene::{Colour, Document, Item, Layer, Page, Role, Shape, Stroke};
use crate::text::{Anchor, text_outline};

/// Radius of the circle of an alignment mark, and the length of its cross, in mm.
pub const MARK_RADIUS_MM: f64 = 2.0;
const CROSS_MM: f64 = 7.0;

/// How a frame is split: sheet size, grid of sheets and the window each shows.
#[derive(Clone, Debug, PartialEq)]
pub struct TilePlan {
    pub page_mm: (f64, f64),
    pub rows: usize,
    pub columns: usize,
    /// The printable area on every page.
    pub area: Rect,
    pub overlap_mm: f64,
    /// Width and height of the part of the frame each sheet shows: the frame split into
    /// equal pieces (overlaps included), so no sheet holds only a thin strip.
    pub piece_mm: (f64, f64),
    /// Whether every sheet prints registration marks (its area keeps clear of them).
    pub registration: bool,
}

impl TilePlan {
    pub fn sheets(&self) -> usize {
        self.rows * self.columns
    }

    /// The part of the frame (frame coordinates) sheet `(row, column)` shows.
    pub fn window(&self, bounds: Rect, row: usize, column: usize) -> Rect {
        let (width, height) = self.piece_mm;
        let x = bounds.x0 + column as f64 * (width - self.overlap_mm);
        let y = bounds.y0 + row as f64 * (height - self.overlap_mm);
        Rect::new(x, y, (x + width).min(bounds.x1), (y + height).min(bounds.y1))
    }

    /// Frame coordinates → page coordinates on sheet `(row, column)`: a translation that
    /// centres the window in the printable area.
    pub fn placement(&self, bounds: Rect, row: usize, column: usize) -> Affine {
        let window = self.window(bounds, row, column);
        Affine::translate(self.area.center() - window.center())
    }

    /// Printable paper the plan leaves blank, in mm²: the sheets' printable area less the
    /// pieces they show.
    pub fn blank_mm2(&self) -> f64 {
        self.sheets() as f64 * (self.area.area() - self.piece_mm.0 * self.piece_mm.1)
    }
}

/// `A1`: the row's letter and the column's number.
pub fn sheet_label(row: usize, column: usize) -> String {
    let letter = char::from(b'A' + (row % 26) as u8);
    format!("{letter}{}", column + 1)
}

/// Pieces needed along one side: the least `n` with `n·(area − overlap) + overlap ≥ length`.
fn pieces(length: f64, area: f64, overlap: f64) -> Option<usize> {
    if length <= area + 1e-9 {
        return Some(1);
    }
    let step = area - overlap;
    (step > 1.0).then(|| ((length - overlap) / step - 1e-9).ceil().max(1.0) as usize)
}

/// The plan with the fewest sheets for `bounds` on `sheet`'s paper, then the least blank
/// paper (either orientation when `auto`, portrait on a tie); each side is split into equal
/// pieces.
pub fn plan(bounds: Rect, sheet: &SheetSettings, overlap_mm: f64) -> Option<TilePlan> {
    sheet
        .page_sizes()
        .into_iter()
        .filter_map(|(pw, ph)| {
            let area =
                SheetLayout::outline_area(pw, ph, sheet, FooterPlace::Bottom, CUT_INK_REACH_MM);
            let columns = pieces(bounds.width(), area.width(), overlap_mm)?;
            let rows = pieces(bounds.height(), area.height(), overlap_mm)?;
            let piece_mm = (
                equal_piece(bounds.width(), columns, overlap_mm),
                equal_piece(bounds.height(), rows, overlap_mm),
            );
            let registration = sheet.print.registration_marks;
            Some(TilePlan {
                page_mm: (pw, ph),
                rows,
                columns,
                area,
                overlap_mm,
                piece_mm,
                registration,
            })
        })
        .min_by(|a, b| a.sheets().cmp(&b.sheets()).then(a.blank_mm2().total_cmp(&b.blank_mm2())))
}

/// The length of each of `n` equal pieces covering `length` with `overlap` between
/// neighbours.
fn equal_piece(length: f64, n: usize, overlap: f64) -> f64 {
    (length + overlap * (n as f64 - 1.0)) / n as f64
}

/// The frame printed at 100 % over as many sheets as `plan` says, with the outline (when
/// given) drawn over the sheets of the assembly map.
pub fn tile_frame(
    title: &str,
    noun: &str,
    frame: &Frame,
    outline: Option<&BezPath>,
    plan: &TilePlan,
    margin_mm: f64,
) -> Document {
    let mut pages = Vec::new();
    let bounds = frame.bounds;
    for row in 0..plan.rows {
        for column in 0..plan.columns {
            let window = plan.window(bounds, row, column);
            let place = plan.placement(bounds, row, column);
            let shown = place.transform_rect_bbox(window);
            let mut layers: Vec<Layer> = ROLES
                .iter()
                .filter(|&&role| role != Role::Marks)
                .map(|&role| {
                    let items: Vec<Item> = frame
                        .layers
                        .iter()
                        .filter(|l| l.role == role)
                        .flat_map(|l| clip_items(&l.items, place, shown))
                        .collect();
                    Layer { role, items }
                })
                .filter(|layer| !layer.items.is_empty())
                .collect();
            let mut cut = Vec::new();
            if column > 0 {
                cut.push((Point::new(shown.x0, shown.y0), Point::new(shown.x0, shown.y1)));
            }
            if row > 0 {
                cut.push((Point::new(shown.x0, shown.y0), Point::new(shown.x1, shown.y0)));
            }
            if !cut.is_empty() {
                // Trimming the margin where this sheet overlaps its neighbour is a cut like
                // any other: it joins the page's one cut layer.
                let path = crate::compose::net::segments_path(&cut);
                let trim = Item::Shape(Shape::stroked(path, cut_stroke()));
                match layers.iter_mut().find(|layer| layer.role == Role::Cut) {
                    Some(layer) => layer.items.push(trim),
                    None => layers.push(Layer { role: Role::Cut, items: vec![trim] }),
                }
            }
            let mut marks = alignment_marks(plan, bounds, row, column, place);
            let label = sheet_label(row, column);
            let (pw, ph) = plan.page_mm;
            let text = split_footer(title, noun, &label, plan.sheets());
            let indent = if plan.registration { footer_indent() } else { 0.0 };
            let at = Point::new(pw - margin_mm - 24.0, ph - margin_mm - FOOTER_BAND_MM / 2.0);
            let map = assembly_map(plan, (row, column), at, outline.map(|path| (path, bounds)));
            let map_left = map
                .iter()
                .filter_map(|item| match item {
                    Item::Shape(shape) => Some(shape.path.bounding_box().x0),
                    _ => None,
                })
                .fold(pw, f64::min);
            marks.extend(footer_left_of(&text, (pw, ph), margin_mm, indent, map_left));
            marks.extend(map);
            layers.push(Layer { role: Role::Marks, items: marks });
            if plan.registration {
                let items = registration_marks(pw, ph, margin_mm);
                layers.push(Layer { role: Role::Registration, items });
            }
            pages.push(Page {
                label: format!("sheet-{}", label.to_lowercase()),
                width_mm: pw,
                height_mm: ph,
                layers,
            });
        }
    }
    let mut document = Document { title: title.to_string(), pages };
    case_lines(&mut document);
    document
}

/// The footer of one sheet of a split part, naming the part (`Saltmarsh track · sheet A2 of
/// 3 · front`).
fn split_footer(title: &str, noun: &str, label: &str, sheets: usize) -> [String; 2] {
    // One sheet has nothing to glue.
    let print = if sheets > 1 {
        "print at 100 % (actual size); glue the sheets with their marks on top of each other"
    } else {
        "print at 100 % (actual size), no scaling"
    };
    [format!("{title} {noun} · sheet {label} of {sheets} · front"), print.to_string()]
}

/// The marks of every seam this sheet shares, at the middle of the overlap strip, a quarter
/// and three quarters along the seam: the same frame points on both sheets of the seam.
fn alignment_marks(
    plan: &TilePlan,
    bounds: Rect,
    row: usize,
    column: usize,
    place: Affine,
) -> Vec<Item> {
    let mut points = Vec::new();
    let window = plan.window(bounds, row, column);
    for c in [column.checked_sub(1), Some(column)].into_iter().flatten() {
        if c + 1 < plan.columns {
            let right = plan.window(bounds, row, c + 1);
            let x = (right.x0 + plan.window(bounds, row, c).x1) / 2.0;
            points.extend([0.25, 0.75].map(|t| Point::new(x, window.y0 + window.height() * t)));
        }
    }
    for r in [row.checked_sub(1), Some(row)].into_iter().flatten() {
        if r + 1 < plan.rows {
            let below = plan.window(bounds, r + 1, column);
            let y = (below.y0 + plan.window(bounds, r, column).y1) / 2.0;
            points.extend([0.25, 0.75].map(|t| Point::new(window.x0 + window.width() * t, y)));
        }
    }
    let stroke = Stroke::solid(Colour::BLACK, 0.2);
    let mut items = Vec::new();
    for p in points {
        let p = place * p;
        let h = CROSS_MM / 2.0;
        let cross = crate::compose::net::segments_path(&[
            (p - (h, 0.0), p + (h, 0.0)),
            (p - (0.0, h), p + (0.0, h)),
        ]);
        items.push(Item::Shape(Shape::stroked(cross, stroke.clone())));
        let circle = Circle::new(p, MARK_RADIUS_MM).to_path(0.01);
        items.push(Item::Shape(Shape::stroked(circle, stroke.clone())));
    }
    items
}

/// A small grid of all sheets, this one filled, centred at `at` in the footer band; with
/// `outline` (a path in a frame of these bounds), that path drawn over the grid, the frame
/// stretched onto it.
fn assembly_map(
    plan: &TilePlan,
    (row, column): (usize, usize),
    at: Point,
    outline: Option<(&BezPath, Rect)>,
) -> Vec<Item> {
    let cell = (8.0 / plan.rows.max(plan.columns) as f64).min(4.0);
    let origin = at - (cell * plan.columns as f64 / 2.0 + 6.0, cell * plan.rows as f64 / 2.0);
    let mut items = Vec::new();
    for r in 0..plan.rows {
        for c in 0..plan.columns {
            let rect =
                Rect::from_origin_size(origin + (c as f64 * cell, r as f64 * cell), (cell, cell));
            let fill = (r, c) == (row, column);
            let grey = Colour { r: 0x99, g: 0x99, b: 0x99 };
            items.push(Item::Shape(Shape {
                path: rect.to_path(0.01),
                fill: fill.then_some(grey),
                stroke: Some(Stroke::solid(Colour::BLACK, 0.15)),
            }));
        }
    }
    if let Some((path, bounds)) = outline {
        let size = (cell * plan.columns as f64, cell * plan.rows as f64);
        let onto = Affine::translate(origin.to_vec2())
            * Affine::scale_non_uniform(size.0 / bounds.width(), size.1 / bounds.height())
            * Affine::translate(-bounds.origin().to_vec2());
        items.push(Item::Shape(Shape::stroked(
            onto * path.clone(),
            Stroke::solid(Colour::BLACK, 0.2),
        )));
    }
    let label = text_outline(
        &sheet_label(row, column),
        2.4,
        origin + (cell * plan.columns as f64 + 1.5, cell * plan.rows as f64 / 2.0 + 1.2),
        Anchor::Start,
    );
    items.push(Item::Shape(Shape::filled(label, Colour::BLACK)));
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::sheet_settings::{Duplex, Orientation};

    fn a4_auto() -> SheetSettings {
        SheetSettings {
            paper_mm: (210.0, 297.0),
            paper_name: "A4".into(),
            orientation: Orientation::Auto,
            margin_mm: 5.0,
            gap_mm: 0.0,
            duplex: Duplex::LongEdge,
            print: crate::model::print::corrections::PrintSettings::default(),
            region: None,
        }
    }

    #[test]
    fn a_split_sheet_footer_names_its_part() {
        let [_, one] = split_footer("Keld", "map", "A1", 1);
        assert!(!one.contains("glue"), "{one}");
        let [first, _] = split_footer("Saltmarsh", "track", "A2", 3);
        assert_eq!(first, "Saltmarsh track · sheet A2 of 3 · front");
        assert!(!split_footer("Keld", "map", "B1", 4)[0].contains("board"));
    }

    #[test]
    fn a_board_is_split_into_equal_pieces_on_the_paper_leaving_least_blank() {
        // Trans-Rabat's board: 2 × 2 sheets either way; landscape leaves less blank paper.
        let bounds = Rect::new(0.0, 0.0, 367.0, 327.0);
        let chosen = plan(bounds, &a4_auto(), 12.0).expect("a plan");
        assert_eq!((chosen.rows, chosen.columns), (2, 2));
        assert!(chosen.page_mm.0 > chosen.page_mm.1, "landscape");
        let mut portrait = a4_auto();
        portrait.orientation = Orientation::Portrait;
        let upright = plan(bounds, &portrait, 12.0).expect("a plan");
        assert_eq!(upright.sheets(), chosen.sheets());
        assert!(chosen.blank_mm2() < upright.blank_mm2());
        // Every sheet shows the same size of board, overlaps included.
        for (row, column) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let window = chosen.window(bounds, row, column);
            assert!((window.width() - (367.0 + 12.0) / 2.0).abs() < 1e-9, "{window:?}");
            assert!((window.height() - (327.0 + 12.0) / 2.0).abs() < 1e-9, "{window:?}");
            let shown = chosen.placement(bounds, row, column).transform_rect_bbox(window);
            assert!(chosen.area.contains(shown.origin()) && shown.x1 <= chosen.area.x1 + 1e-9);
            assert!(shown.y1 <= chosen.area.y1 + 1e-9);
        }
        assert_eq!(chosen.window(bounds, 1, 1).x1, 367.0);
    }
}
