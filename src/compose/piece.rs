//! Polyform art: a piece face (filled outline, faint lines between its cells, optional outline
//! line and mark) and a board (filled cells and grid lines), in lattice-aligned mm frames.
//!
//! A piece's frame is its normalised cells' lattice: lattice point `p` is drawn at
//! `grid.point_mm(p)`. Imposition places the frame by a lattice symmetry and a translation.

use kurbo::{Affine, BezPath};

use crate::compose::layers::draw::{FaceArt, push_face_layers};
use crate::cutout::DrawnLayer;
use crate::geometry::grid::{Cell, Grid, LatticePoint, corners, mark_point};
use crate::geometry::outline::Outline;
use crate::geometry::polyform::{Segment, inner_sides, merge_collinear, outline};
use crate::model::design::item_faces::piece_outline;
use crate::model::face::{Layer, Level};
use crate::model::parts::pieces::{Board, Face};
use crate::scene::cut_style::CUT_WIDTH_MM;
use crate::scene::{Group, Item, LineCap, Shape, Stroke};
use crate::text::{Anchor, text_outline};

/// Width of the faint lines between a piece's cells, in mm.
pub const INNER_LINE_MM: f64 = 0.3;
/// Width of a face's outline line, in mm (half of it lies inside the piece).
pub const OUTLINE_MM: f64 = 0.6;
// A cut is never lighter than the decorative lines drawn beside it.
const _: () = assert!(CUT_WIDTH_MM >= OUTLINE_MM && CUT_WIDTH_MM >= INNER_LINE_MM);

/// Closed loops of lattice points as one path in mm.
pub fn loops_path(grid: Grid, loops: &[Vec<LatticePoint>]) -> BezPath {
    let mut path = BezPath::new();
    for points in loops {
        for (k, &p) in points.iter().enumerate() {
            if k == 0 { path.move_to(grid.point_mm(p)) } else { path.line_to(grid.point_mm(p)) }
        }
        path.close_path();
    }
    path
}

/// Separate straight segments as one path in mm.
pub fn segments_path(grid: Grid, segments: &[Segment]) -> BezPath {
    let mut path = BezPath::new();
    for &(a, b) in segments {
        path.move_to(grid.point_mm(a));
        path.line_to(grid.point_mm(b));
    }
    path
}

/// One face of a piece made of `cells`. With `mirrored`, the face will be placed by a
/// mirroring transform (a duplex back), so its mark is drawn mirrored to read correctly.
pub fn piece_face(grid: Grid, cells: &[Cell], face: &Face, mirrored: bool) -> FaceArt {
    let loops = outline(grid.kind, cells);
    let mut art =
        FaceArt::new(vec![Item::Shape(Shape::filled(loops_path(grid, &loops), face.colour))]);
    // Most pieces carry no layers: their outline is worked out only when needed.
    let marked = face.mark.as_deref().filter(|m| !m.is_empty());
    let face_outline =
        (!face.layers.is_empty() || marked.is_some()).then(|| piece_outline(grid, cells));
    if let Some(face_outline) = &face_outline {
        art.push_layers(&face.layers, face_outline, Level::Below, mirrored);
    }
    let items = &mut art.items;
    let inner = merge_collinear(&inner_sides(grid.kind, cells));
    if !inner.is_empty() {
        let stroke = Stroke { cap: LineCap::Round, ..Stroke::solid(face.lines, INNER_LINE_MM) };
        items.push(Item::Shape(Shape::stroked(segments_path(grid, &inner), stroke)));
    }
    if let Some(colour) = face.outline {
        items.push(Item::Shape(Shape::stroked(
            loops_path(grid, &loops),
            Stroke::solid(colour, OUTLINE_MM),
        )));
    }
    if let (Some(mark), Some(face_outline)) = (marked, &face_outline) {
        let at = mark_point(grid, cells);
        let glyphs = text_outline(mark, grid.mark_size_mm(), at, Anchor::Centre);
        let layer = Layer::placed_text(
            "the piece's mark".into(),
            face.mark_position,
            mark,
            grid.mark_size_mm(),
            face.mark_colour,
        );
        let outline = face_outline.path.clone();
        art.layers.push(DrawnLayer { index: items.len(), inner: None, outline, layer });
        let shape = Item::Shape(Shape::filled(glyphs, face.mark_colour));
        items.push(if mirrored {
            let flip =
                Affine::translate(at.to_vec2()) * Affine::FLIP_X * Affine::translate(-at.to_vec2());
            Item::Group(Group { transform: flip, items: vec![shape] })
        } else {
            shape
        });
    }
    if let Some(face_outline) = &face_outline {
        art.push_layers(&face.layers, face_outline, Level::Above, mirrored);
    }
    art
}

/// The board: its cells filled, then every cell side as a grid line (one stroke per straight
/// run), in the board's own lattice frame; its cells' layers noted where they are drawn.
pub fn board_art(board: &Board) -> FaceArt {
    let grid = board.grid;
    let loops = outline(grid.kind, &board.cells);
    let mut sides: Vec<Segment> = inner_sides(grid.kind, &board.cells);
    sides.extend(loops.iter().flat_map(|points| {
        (0..points.len()).map(move |k| (points[k], points[(k + 1) % points.len()]))
    }));
    let stroke = Stroke { cap: LineCap::Round, ..Stroke::solid(board.lines, board.line_width_mm) };
    // Cell layers: below the grid lines, or above them.
    let cell_layers = |art: &mut FaceArt, level: Level| {
        for (&cell, layers) in board.cells.iter().zip(&board.cell_faces) {
            let corners = corners(grid.kind, cell).into_iter().map(|p| grid.point_mm(p));
            let outline = Outline::polygon(corners.collect());
            push_face_layers(&mut art.items, &mut art.layers, layers, &outline, level);
        }
    };
    let mut art =
        FaceArt::new(vec![Item::Shape(Shape::filled(loops_path(grid, &loops), board.fill))]);
    cell_layers(&mut art, Level::Below);
    art.items
        .push(Item::Shape(Shape::stroked(segments_path(grid, &merge_collinear(&sides)), stroke)));
    cell_layers(&mut art, Level::Above);
    art
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::grid::{GridKind, square_cells};
    use crate::scene::Colour;
    use kurbo::Shape as _;

    fn grid() -> Grid {
        Grid { kind: GridKind::Tetrakis, square_mm: 48.0 }
    }

    #[test]
    fn a_big_square_piece_is_one_grid_square_with_two_diagonals() {
        let face = Face {
            colour: Colour::WHITE,
            outline: None,
            lines: Colour::BLACK,
            mark: None,
            mark_position: Default::default(),
            mark_colour: Colour::BLACK,
            layers: Vec::new(),
        };
        let items = piece_face(grid(), &square_cells(GridKind::Tetrakis, 0, 0), &face, false).items;
        let Item::Shape(fill) = &items[0] else { panic!() };
        assert!((fill.path.area().abs() - 48.0 * 48.0).abs() < 1e-9);
        let Item::Shape(lines) = &items[1] else { panic!() };
        // The four half-diagonals merge into the two diagonals.
        let moves = lines.path.elements().iter().filter(|e| matches!(e, kurbo::PathEl::MoveTo(_)));
        assert_eq!(moves.count(), 2);
    }
}
