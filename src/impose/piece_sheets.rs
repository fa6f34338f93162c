//! Piece sheets and board sheets: packed polyform pieces with shared cut lines, crop marks and duplex backs that land exactly behind their fronts, and a board drawn at real size.
//!
//! A back is placed by `mirror ∘ front placement` (determinant −1): the back face, drawn in the
//! piece's own frame, comes out as the mirror image of the front outline, which is what lies
//! behind it once the sheet is turned over. Marks on backs are pre-mirrored by compose so they
//! read correctly.

use kurbo::{Affine, BezPath, Point, Rect, Shape as _};

use super::cut_lines::cut_stroke;
use super::duplex::back_mirror;
use super::layout::SheetLayout;
use super::marks::{back_footer, back_page_footer, crop_marks_at, footer, front_footer};
use super::pack::{Placed, pack, placed_cells, placement_transform};
use super::tiled_board::{plan, tile_frame};
use crate::compose::piece::{loops_path, segments_path};
use crate::geometry::grid::{Cell, Grid};
use crate::geometry::polyform::{boundary_sides, merge_collinear, outline};
use crate::model::board::DEFAULT_OVERLAP_MM;
use crate::model::design::SheetSettings;
use crate::scene::cut_style::{case_cut_lines, cut_stroke_beside, heaviest_stroke_mm};
use crate::scene::frame::Frame;
use crate::scene::{Document, Group, Item, Page, Role, Shape};

/// Pieces to impose: forms (normalised cells) and their faces' art in the forms' frames.
#[derive(Debug)]
pub struct PieceRequest<'a> {
    pub title: &'a str,
    pub grid: Grid,
    pub sheet: &'a SheetSettings,
    pub forms: Vec<Vec<Cell>>,
    pub fronts: Vec<Vec<Item>>,
    /// One back per front, or `None` for single-sided printing.
    pub backs: Option<Vec<Vec<Item>>>,
}

/// The imposed pieces.
#[derive(Debug)]
pub struct ImposedPieces {
    pub document: Document,
    pub sheets: usize,
    /// Most pieces on one sheet.
    pub per_sheet: usize,
    pub page_size_mm: (f64, f64),
    /// Area pieces may use on one sheet, in mm².
    pub printable_mm2: f64,
    /// Where each piece went, in the request's order of pieces.
    pub placed: Vec<Placed>,
    /// The block's top-left corner on the page.
    pub origin: Point,
}

/// The page size and the block of whole grid squares that fits the most squares.
fn block(grid: Grid, sheet: &SheetSettings) -> Option<((f64, f64), i64, i64, Rect)> {
    let mut best: Option<((f64, f64), i64, i64, Rect)> = None;
    for (width, height) in sheet.page_sizes() {
        let area = SheetLayout::tile_area(width, height, sheet.margin_mm);
        let columns = (area.width() / grid.square_mm + 1e-9).floor() as i64;
        let rows = (area.height() / grid.square_mm + 1e-9).floor() as i64;
        if columns > 0 && rows > 0 && best.is_none_or(|(_, c, r, _)| columns * rows > c * r) {
            best = Some(((width, height), columns, rows, area));
        }
    }
    best
}

/// Packs the pieces on as few sheets as the packing finds, each front followed by its back.
pub fn impose_pieces(request: PieceRequest<'_>) -> Result<ImposedPieces, String> {
    let grid = request.grid;
    let too_big = || {
        format!(
            "a piece on {} mm grid squares does not fit on {} paper inside {} mm margins",
            grid.square_mm, request.sheet.paper_name, request.sheet.margin_mm
        )
    };
    if request.sheet.gap_mm > 0.0 {
        return Err(format!(
            "pieces cannot be spaced apart (gap_mm = {} mm): they are packed on their grid and \
             share their cut lines; set `gap_mm = 0` in [sheet] or leave out --gap",
            request.sheet.gap_mm
        ));
    }
    let ((width, height), columns, rows, area) = block(grid, request.sheet).ok_or_else(too_big)?;
    let placed = pack(grid.kind, &request.forms, columns, rows).ok_or_else(too_big)?;
    let sheets = placed.iter().map(|p| p.page + 1).max().unwrap_or(1);
    let origin = Point::new(
        area.x0 + (area.width() - columns as f64 * grid.square_mm) / 2.0,
        area.y0 + (area.height() - rows as f64 * grid.square_mm) / 2.0,
    );
    let mirror = back_mirror(request.sheet.duplex, width, height);
    let mut fronts: Vec<Option<Vec<Item>>> = request.fronts.into_iter().map(Some).collect();
    let mut backs: Option<Vec<Option<Vec<Item>>>> =
        request.backs.map(|b| b.into_iter().map(Some).collect());
    let mut pages = Vec::new();
    let mut per_sheet = 0;
    for sheet in 0..sheets {
        let on_page: Vec<&Placed> = placed.iter().filter(|p| p.page == sheet).collect();
        per_sheet = per_sheet.max(on_page.len());
        let counter = format!("{} · pieces · sheet {} of {sheets}", request.title, sheet + 1);
        let mut front_art = Vec::new();
        let mut back_art = Vec::new();
        let mut sides = Vec::new();
        for spot in &on_page {
            let form = &request.forms[spot.piece];
            let transform = placement_transform(grid, form, **spot, origin);
            let items = fronts[spot.piece].take().unwrap_or_default();
            front_art.push(Item::Group(Group { transform, items }));
            if let (Some(mirror), Some(backs)) = (mirror, backs.as_mut()) {
                let items = backs[spot.piece].take().unwrap_or_default();
                back_art.push(Item::Group(Group { transform: mirror * transform, items }));
            }
            sides.extend(boundary_sides(grid.kind, &placed_cells(grid.kind, form, **spot)));
        }
        let merged = merge_collinear(&sides);
        let to_page = Affine::translate(origin.to_vec2());
        let cut = to_page * segments_path(grid, &merged);
        let ends: Vec<Point> =
            merged.iter().flat_map(|&(a, b)| [a, b]).map(|p| to_page * grid.point_mm(p)).collect();
        let mut marks = crop_marks_at(&ends, area);
        let title = front_footer(&counter);
        marks.extend(footer(&title, width, height, request.sheet.margin_mm));
        pages.push(Page::new(
            format!("sheet-{:02}-front", sheet + 1),
            (width, height),
            vec![(Role::Art, front_art), (Role::Cut, vec![cut_stroke(cut)]), (Role::Marks, marks)],
        ));
        if let (Some(turn), Some(_)) = (mirror, backs.as_ref()) {
            let title = back_footer(&counter, request.sheet.duplex);
            let margin = request.sheet.margin_mm;
            pages.push(Page::new(
                format!("sheet-{:02}-back", sheet + 1),
                (width, height),
                vec![
                    (Role::Art, back_art),
                    (Role::Marks, back_page_footer(&title, (width, height), margin, turn)),
                ],
            ));
        }
    }
    let mut document = Document { title: request.title.to_string(), pages };
    case_cut_lines(&mut document);
    Ok(ImposedPieces {
        document,
        sheets,
        per_sheet,
        page_size_mm: (width, height),
        printable_mm2: area.area(),
        placed,
        origin,
    })
}

/// The board at real size: centred on one sheet when it fits, otherwise split over the
/// fewest sheets with overlap strips, alignment marks and labels (`impose::tiled_board`).
/// Returns the document, its page size and its number of sheets.
pub fn impose_board(
    title: &str,
    grid: Grid,
    cells: &[Cell],
    art: Vec<Item>,
    sheet: &SheetSettings,
) -> Result<(Document, (f64, f64), usize), String> {
    let loops = outline(grid.kind, cells);
    let outline_mm = loops_path(grid, &loops);
    // The board's grid lines run beside its outline cut: the cut is heavier.
    let stroke = cut_stroke_beside(heaviest_stroke_mm(&art));
    let board_cut = |path: BezPath| Item::Shape(Shape::stroked(path, stroke.clone()));
    let bounds = outline_mm.bounding_box();
    let fits = |&(width, height): &(f64, f64)| {
        let area = SheetLayout::tile_area(width, height, sheet.margin_mm);
        bounds.width() <= area.width() + 1e-9 && bounds.height() <= area.height() + 1e-9
    };
    let Some((width, height)) = sheet.page_sizes().into_iter().find(fits) else {
        let frame =
            Frame::new(vec![(Role::Art, art), (Role::Cut, vec![board_cut(outline_mm)])], bounds);
        let Some(plan) = plan(bounds, sheet, DEFAULT_OVERLAP_MM) else {
            return Err(format!(
                "the board ({:.0} × {:.0} mm) cannot be split over {} sheets inside {} mm margins",
                bounds.width(),
                bounds.height(),
                sheet.paper_name,
                sheet.margin_mm
            ));
        };
        let document = tile_frame(title, &frame, &plan, sheet.margin_mm);
        return Ok((document, plan.page_mm, plan.sheets()));
    };
    let area = SheetLayout::tile_area(width, height, sheet.margin_mm);
    let shift = area.center() - bounds.center();
    let transform = Affine::translate(shift);
    let label = front_footer(&format!("{title} · board"));
    let mut document = Document {
        title: title.to_string(),
        pages: vec![Page::new(
            "sheet-01",
            (width, height),
            vec![
                (Role::Art, vec![Item::Group(Group { transform, items: art })]),
                (Role::Cut, vec![board_cut(transform * outline_mm)]),
                (Role::Marks, footer(&label, width, height, sheet.margin_mm)),
            ],
        )],
    };
    case_cut_lines(&mut document);
    Ok((document, (width, height), 1))
}
