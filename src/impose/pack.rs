//! The polyform packing: pieces placed on pages of whole grid squares, nesting on the same
//! grid so that neighbouring pieces share cut lines.
//!
//! Pieces are taken largest first and each goes to the first free place, scanning pages, then
//! rows, then columns, then the grid's turns. Pieces are turned but never flipped: a
//! flipped two-sided piece would swap its faces (and a chiral one its hand). A page's block
//! is `columns` × `rows` grid positions as design files write them: squares, or hexagons in
//! offset rows (odd rows half a hexagon to the right).

use std::collections::BTreeSet;

use kurbo::{Affine, Point, Rect};

use super::cut_lines::cut_stroke;
use super::layout::SheetLayout;
use super::marks::crop_marks_at;
use super::packing::{FooterPlace, Packed, SheetPlacement};
use crate::compose::piece::segments_path;
use crate::geometry::grid::{Cell, Grid, GridKind, GridSymmetry, symmetries, written_position};
use crate::geometry::polyform::{boundary_sides, merge_collinear, normalised, transformed};
use crate::model::print::sheet_settings::SheetSettings;
use crate::scene::cut_style::CUT_INK_REACH_MM;

/// Where one piece goes: its page, how it is turned, and its grid square offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Index of the piece in the list given to [`pack`].
    pub piece: usize,
    pub page: usize,
    pub symmetry: GridSymmetry,
    /// Grid positions from the block's corner to the turned piece's least column and row.
    pub offset: (i64, i64),
}

/// Whether a cell lies in the page's block of `columns` × `rows` written positions.
fn in_block(kind: GridKind, cell: Cell, columns: i64, rows: i64) -> bool {
    let (x, y) = written_position(kind, cell);
    (0..columns).contains(&x) && (0..rows).contains(&y)
}

/// Pages of `columns` × `rows` grid squares holding every piece; `None` when some piece fits
/// on no page. Each piece's cells are normalised first.
pub fn pack(kind: GridKind, pieces: &[Vec<Cell>], columns: i64, rows: i64) -> Option<Vec<Placed>> {
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(pieces[i].len()));
    let mut pages: Vec<BTreeSet<Cell>> = Vec::new();
    let mut placed = Vec::with_capacity(pieces.len());
    for index in order {
        let form = normalised(&pieces[index]);
        let found = pages.iter().enumerate().find_map(|(page, used)| {
            first_place(kind, &form, used, columns, rows).map(|(s, offset)| (page, s, offset))
        });
        let (page, symmetry, offset) = match found {
            Some(place) => place,
            None => {
                pages.push(BTreeSet::new());
                let (s, offset) = first_place(kind, &form, &BTreeSet::new(), columns, rows)?;
                (pages.len() - 1, s, offset)
            }
        };
        let spot = Placed { piece: index, page, symmetry, offset };
        pages[page].extend(placed_cells(kind, &form, spot));
        placed.push(spot);
    }
    placed.sort_by_key(|p| (p.page, p.piece));
    Some(placed)
}

/// The first free place for a form on a page: top row first, then left to right, then turns.
fn first_place(
    kind: GridKind,
    form: &[Cell],
    used: &BTreeSet<Cell>,
    columns: i64,
    rows: i64,
) -> Option<(GridSymmetry, (i64, i64))> {
    let turns: Vec<(GridSymmetry, Vec<Cell>)> = symmetries(kind, false)
        .into_iter()
        .map(|s| (s, normalised(&transformed(kind, form, s))))
        .collect();
    // Hex and triangle rows lean: a row further down starts further left in lattice columns.
    let least_x = if kind.on_triangle_lattice() { -(rows / 2) - 1 } else { 0 };
    for y in 0..rows {
        for x in least_x..columns {
            for (s, turned) in &turns {
                let fits = turned.iter().all(|c| {
                    let cell = c.shifted(x, y);
                    in_block(kind, cell, columns, rows) && !used.contains(&cell)
                });
                if fits {
                    return Some((*s, (x, y)));
                }
            }
        }
    }
    None
}

/// The least grid column and row of the turned form (what normalising removes).
fn turned_origin(kind: GridKind, form: &[Cell], symmetry: GridSymmetry) -> (i64, i64) {
    let turned = transformed(kind, form, symmetry);
    let min_x = turned.iter().map(|c| c.x).min().unwrap_or(0);
    let min_y = turned.iter().map(|c| c.y).min().unwrap_or(0);
    (min_x, min_y)
}

/// The cells a placed form covers, in block squares.
pub fn placed_cells(kind: GridKind, form: &[Cell], placed: Placed) -> Vec<Cell> {
    let (mx, my) = turned_origin(kind, form, placed.symmetry);
    transformed(kind, form, placed.symmetry)
        .into_iter()
        .map(|c| c.shifted(placed.offset.0 - mx, placed.offset.1 - my))
        .collect()
}

/// The map from the form's own frame (mm) to the page (mm), the block's corner at `origin`.
pub fn placement_transform(grid: Grid, form: &[Cell], placed: Placed, origin: Point) -> Affine {
    let (mx, my) = turned_origin(grid.kind, form, placed.symmetry);
    let [a, b, c, d] = grid.symmetry_matrix_mm(placed.symmetry);
    let shift = grid.point_mm(Grid::step(grid.kind, placed.offset.0 - mx, placed.offset.1 - my));
    Affine::new([a, b, c, d, origin.x + shift.x, origin.y + shift.y])
}

/// Columns and rows of whole grid positions that fit in `width` × `height` mm.
fn block_counts(grid: Grid, width: f64, height: f64) -> (i64, i64) {
    let s = grid.square_mm;
    match grid.kind {
        GridKind::Square | GridKind::Tetrakis => {
            ((width / s + 1e-9).floor() as i64, (height / s + 1e-9).floor() as i64)
        }
        GridKind::Hex => {
            // Rows 1.5 edges apart, each 2 edges tall; odd rows half a hexagon to the right.
            let rows = ((height - 2.0 * s) / (1.5 * s) + 1e-9).floor() as i64 + 1;
            let hexagon = 3f64.sqrt() * s;
            let shift = if rows > 1 { 0.5 } else { 0.0 };
            ((width / hexagon - shift + 1e-9).floor() as i64, rows)
        }
        GridKind::Triangle => {
            // Columns half an edge apart, each triangle an edge wide; rows √3/2 edges tall.
            let rows = (height / (3f64.sqrt() / 2.0 * s) + 1e-9).floor() as i64;
            ((2.0 * width / s + 1e-9).floor() as i64 - 1, rows)
        }
    }
}

/// The size in mm of a block of `columns` × `rows` grid positions, and where in it the
/// lattice origin lies (a square's corner; the first hexagon's centre).
fn block_size(grid: Grid, columns: i64, rows: i64) -> ((f64, f64), kurbo::Vec2) {
    let s = grid.square_mm;
    let (c, r) = (columns as f64, rows as f64);
    match grid.kind {
        GridKind::Square | GridKind::Tetrakis => ((c * s, r * s), kurbo::Vec2::ZERO),
        GridKind::Hex => {
            let hexagon = 3f64.sqrt() * s;
            let shift = if rows > 1 { 0.5 } else { 0.0 };
            let size = (hexagon * (c + shift), s * (2.0 + 1.5 * (r - 1.0)));
            (size, kurbo::Vec2::new(hexagon / 2.0, s))
        }
        // Column 0 starts half an edge left of the lattice origin.
        GridKind::Triangle => {
            ((s * (c + 1.0) / 2.0, 3f64.sqrt() / 2.0 * s * r), kurbo::Vec2::new(s / 2.0, 0.0))
        }
    }
}

/// The page size and the block of whole grid positions that fits the most cells.
fn block(grid: Grid, sheet: &SheetSettings) -> Option<((f64, f64), i64, i64, Rect)> {
    let mut best: Option<((f64, f64), i64, i64, Rect)> = None;
    for (width, height) in sheet.page_sizes() {
        let area =
            SheetLayout::outline_area(width, height, sheet, FooterPlace::Bottom, CUT_INK_REACH_MM);
        let (columns, rows) = block_counts(grid, area.width(), area.height());
        if columns > 0 && rows > 0 && best.is_none_or(|(_, c, r, _)| columns * rows > c * r) {
            best = Some(((width, height), columns, rows, area));
        }
    }
    best
}

/// The pieces (normalised `forms`, one per cutout) packed on as few sheets as the packing
/// finds, the block of grid squares centred in the printable area, each sheet cut along the
/// merged outlines of its pieces.
pub fn polyform_sheets(
    grid: Grid,
    forms: &[Vec<Cell>],
    sheet: &SheetSettings,
) -> Result<Packed, String> {
    let too_big = || {
        format!(
            "a piece on {} does not fit on {} paper inside {} mm margins",
            grid.describe(),
            sheet.paper_name,
            sheet.margin_mm
        )
    };
    if sheet.gap_mm > 0.0 {
        return Err(format!(
            "pieces cannot be spaced apart (gap_mm = {} mm): they are packed on their grid and \
             share their cut lines; set `gap_mm = 0` in [sheet] or leave out --gap",
            sheet.gap_mm
        ));
    }
    let ((width, height), columns, rows, area) = block(grid, sheet).ok_or_else(too_big)?;
    let placed = pack(grid.kind, forms, columns, rows).ok_or_else(too_big)?;
    let pages = placed.iter().map(|p| p.page + 1).max().unwrap_or(1);
    let ((block_width, block_height), lattice_origin) = block_size(grid, columns, rows);
    let origin = Point::new(
        area.x0 + (area.width() - block_width) / 2.0,
        area.y0 + (area.height() - block_height) / 2.0,
    ) + lattice_origin;
    let sheets: Vec<SheetPlacement> = (0..pages)
        .map(|page| {
            let on_page: Vec<&Placed> = placed.iter().filter(|p| p.page == page).collect();
            let mut sides = Vec::new();
            for spot in &on_page {
                sides.extend(boundary_sides(
                    grid.kind,
                    &placed_cells(grid.kind, &forms[spot.piece], **spot),
                ));
            }
            let merged = merge_collinear(&sides);
            let to_page = Affine::translate(origin.to_vec2());
            let cut = to_page * segments_path(grid, &merged);
            // Each cut that meets the edge of the block gets its tick in the margin.
            let ends: Vec<Point> = merged
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .map(|p| to_page * grid.point_mm(p))
                .collect();
            SheetPlacement {
                placed: on_page
                    .iter()
                    .map(|spot| {
                        (spot.piece, placement_transform(grid, &forms[spot.piece], **spot, origin))
                    })
                    .collect(),
                cuts: vec![cut_stroke(cut)],
                crops: crop_marks_at(&ends, area),
            }
        })
        .collect();
    Ok(Packed {
        page_mm: (width, height),
        per_sheet: sheets.iter().map(|s| s.placed.len()).max().unwrap_or(0),
        sheets,
        printable_mm2: area.area(),
        registration: sheet.print.registration_marks,
        footer: FooterPlace::Bottom,
        duplex: sheet.duplex,
    })
}

/// A lower bound on pages: the pieces' cells over the cells of one page.
pub fn area_bound(kind: GridKind, pieces: &[Vec<Cell>], columns: i64, rows: i64) -> usize {
    let cells: usize = pieces.iter().map(Vec::len).sum();
    let per_page = (columns * rows) as usize * usize::from(kind.cells_per_square());
    cells.div_ceil(per_page.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::canonical::Symmetry;
    use crate::geometry::grid::{corners, square_cells};

    fn tetrominoes() -> Vec<Vec<Cell>> {
        crate::geometry::polyform::enumerate(
            GridKind::Tetrakis,
            4,
            crate::geometry::canonical::Symmetry::None,
        )
        .into_iter()
        .collect()
    }

    #[test]
    fn packed_pieces_never_overlap_and_stay_on_the_page() {
        let pieces = tetrominoes();
        let placed = pack(GridKind::Tetrakis, &pieces, 4, 5).unwrap();
        assert_eq!(placed.len(), pieces.len());
        let mut used = BTreeSet::new();
        for spot in &placed {
            for cell in placed_cells(GridKind::Tetrakis, &normalised(&pieces[spot.piece]), *spot) {
                assert!((0..4).contains(&cell.x) && (0..5).contains(&cell.y), "{cell:?}");
                assert!(used.insert((spot.page, cell)), "{cell:?} used twice");
            }
        }
    }

    #[test]
    fn the_transform_draws_the_form_where_its_cells_were_placed() {
        let tetrakis = Grid { kind: GridKind::Tetrakis, square_mm: 10.0 };
        let hex = Grid { kind: GridKind::Hex, square_mm: 10.0 };
        let tetrakis_form = [Cell::new(0, 0, 0), Cell::new(0, 0, 1), Cell::new(1, 0, 3)];
        let hex_form = [Cell::new(0, 1, 0), Cell::new(1, 0, 0), Cell::new(1, 1, 0)];
        let triangle = Grid { kind: GridKind::Triangle, square_mm: 10.0 };
        let triangle_form = [Cell::new(0, 0, 0), Cell::new(0, 0, 1), Cell::new(1, 0, 0)];
        for (grid, form) in
            [(tetrakis, &tetrakis_form[..]), (hex, &hex_form[..]), (triangle, &triangle_form[..])]
        {
            transform_matches_cells(grid, &normalised(form));
        }
    }

    fn transform_matches_cells(grid: Grid, form: &[Cell]) {
        for symmetry in symmetries(grid.kind, false) {
            let spot = Placed { piece: 0, page: 0, symmetry, offset: (2, 1) };
            let map = placement_transform(grid, form, spot, Point::new(5.0, 7.0));
            let mut drawn: Vec<(i64, i64)> = form
                .iter()
                .flat_map(|&c| corners(grid.kind, c))
                .map(|p| map * grid.point_mm(p))
                .map(|p| ((p.x * 1000.0).round() as i64, (p.y * 1000.0).round() as i64))
                .collect();
            let mut expected: Vec<(i64, i64)> = placed_cells(grid.kind, form, spot)
                .into_iter()
                .flat_map(|c| corners(grid.kind, c))
                .map(|p| grid.point_mm(p) + kurbo::Vec2::new(5.0, 7.0))
                .map(|p| ((p.x * 1000.0).round() as i64, (p.y * 1000.0).round() as i64))
                .collect();
            drawn.sort_unstable();
            expected.sort_unstable();
            assert_eq!(drawn, expected, "{symmetry:?}");
        }
    }

    #[test]
    fn polyhexes_and_polyiamonds_pack_inside_the_printable_area_without_overlap() {
        for (kind, size) in [(GridKind::Hex, 4), (GridKind::Triangle, 5)] {
            packs_inside_without_overlap(kind, size);
        }
    }

    fn packs_inside_without_overlap(kind: GridKind, size: usize) {
        let grid = Grid { kind, square_mm: 12.0 };
        let pieces: Vec<Vec<Cell>> =
            crate::geometry::polyform::enumerate(kind, size, Symmetry::None).into_iter().collect();
        let sheet = crate::impose::packing::a4_sheet(
            crate::model::print::sheet_settings::Orientation::Portrait,
        );
        let packed = polyform_sheets(grid, &pieces, &sheet).unwrap();
        let area = SheetLayout::tile_area(packed.page_mm.0, packed.page_mm.1, sheet.margin_mm);
        let mut placed_count = 0;
        for page in &packed.sheets {
            let mut centres = Vec::new();
            for &(index, map) in &page.placed {
                placed_count += 1;
                for &cell in &pieces[index] {
                    for p in corners(grid.kind, cell) {
                        let at = map * grid.point_mm(p);
                        assert!(area.inflate(1e-6, 1e-6).contains(at), "{at:?} outside {area:?}");
                    }
                    let points = corners(grid.kind, cell);
                    let n = points.len() as f64;
                    let centre = points.iter().fold(Point::ORIGIN, |sum, &p| {
                        sum + (map * grid.point_mm(p)).to_vec2() / n
                    });
                    centres.push((
                        (centre.x * 1000.0).round() as i64,
                        (centre.y * 1000.0).round() as i64,
                    ));
                }
            }
            let count = centres.len();
            centres.sort_unstable();
            centres.dedup();
            assert_eq!(centres.len(), count, "two hexagons on one place");
        }
        assert_eq!(placed_count, pieces.len());
    }

    #[test]
    fn a_full_page_of_squares_needs_exactly_the_area_bound() {
        let squares: Vec<Vec<Cell>> =
            (0..40).map(|_| square_cells(GridKind::Tetrakis, 0, 0)).collect();
        let placed = pack(GridKind::Tetrakis, &squares, 4, 5).unwrap();
        let pages = placed.iter().map(|p| p.page).max().unwrap() + 1;
        assert_eq!(pages, area_bound(GridKind::Tetrakis, &squares, 4, 5));
        assert!(
            pack(GridKind::Tetrakis, &[square_cells(GridKind::Tetrakis, 0, 0)], 0, 3).is_none()
        );
    }
}
