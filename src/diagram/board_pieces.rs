//! Polyform pieces in a diagram: `[[place]]` entries with `piece = "CODE"` resolved to cells
//! of the design's board (turned, or turned over to show the back), and drawn on the board
//! with `compose::piece` art.
//!
//! A piece's shape is its design cells mirrored left–right when `face = "back"` (a turned
//! piece shows its mirror image), then turned `turn` quarter turns clockwise, moved so that
//! its least grid column and row are 0, and shifted to the grid square `at = [x, y]`.

use kurbo::{Affine, Circle, Shape as _};
use toml::Spanned;

use super::Diagram;
use super::load::RULEBOOK_RED;
use super::schema::{DiagramFile, PlaceTable};
use crate::compose::piece::{board_art, loops_path, piece_face};
use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::geometry::grid::mark_point;
use crate::geometry::grid::{Cell, GridSymmetry, QUARTER_NAMES};
use crate::geometry::polyform::{normalised, outline, transformed};
use crate::geometry::tile_grid;
use crate::model::context::resolver::Resolver;
use crate::model::design::Design;
use crate::model::input::source::Position;
use crate::model::parts::pieces::Face;
use crate::model::rules::play::PlayRule;
use crate::scene::{Colour, Item, LineCap, Shape, Stroke};

/// One polyform piece of the design on the board.
#[derive(Clone, Debug)]
pub struct BoardPiece {
    /// The name `captures` and messages use (default the piece's code).
    pub name: String,
    /// The grid square written in `at`.
    pub at: (i64, i64),
    /// The cells it covers, on the board's grid.
    pub cells: Vec<Cell>,
    /// The face that is up.
    pub face: Face,
    /// Both faces look the same (a neutral piece belongs to nobody).
    pub neutral: bool,
    /// Laid by the move the diagram shows.
    pub new: bool,
    /// Taken off the board by the move (a replacement): drawn dashed, covers nothing.
    pub replaced: bool,
    pub position: Position,
}

impl BoardPiece {
    /// `T2 at [1, 2]`.
    pub fn describe(&self) -> String {
        format!("{} at [{}, {}]", self.name, self.at.0, self.at.1)
    }
}

/// A cell as written in design files: `x y Q`.
pub fn cell_text(cell: Cell) -> String {
    format!("{} {} {}", cell.x, cell.y, QUARTER_NAMES[usize::from(cell.q % 4)])
}

/// The `[[place]]` entries naming a `piece`, resolved; problems go to the resolver.
pub fn resolve_pieces(
    resolver: &mut Resolver<'_>,
    file: &DiagramFile,
    design: &Design,
) -> Vec<BoardPiece> {
    let mut found = Vec::new();
    for entry in &file.place {
        let place = entry.get_ref();
        let Some(code) = &place.piece else { continue };
        let position = resolver.source.start_of(&entry.span());
        if let Some(piece) = resolve_piece(resolver, place, code, design, position) {
            found.push(piece);
        }
    }
    let needs = |rule: &PlayRule| design.play.rules.contains(rule);
    if found.iter().any(|p| p.replaced) && !needs(&PlayRule::Replace) {
        resolver.error(
            &file.diagram.span(),
            "pieces are marked `replaced`, but the design has no `replace` rule".into(),
            "add [[play.rules]] kind = \"replace\" to the design",
        );
    }
    found
}

fn resolve_piece(
    resolver: &mut Resolver<'_>,
    place: &PlaceTable,
    code: &Spanned<String>,
    design: &Design,
    position: Position,
) -> Option<BoardPiece> {
    let (Some(set), Some(_)) = (&design.pieces, &design.grid_board) else {
        resolver.error(
            &code.span(),
            "the design has no [[pieces]] and [board] on their grid".into(),
            "`piece` places a polyform piece on the design's board; use `tile` for tiles",
        );
        return None;
    };
    if let Some(tile) = &place.tile {
        resolver.error(&tile.span(), "both `tile` and `piece`".into(), "give one of them");
    }
    let wanted = code.get_ref().trim();
    let Some(piece) = set.pieces.iter().find(|p| p.code == wanted) else {
        let codes: Vec<&str> = set.pieces.iter().map(|p| p.code.as_str()).collect();
        resolver.error(
            &code.span(),
            format!("the design has no piece `{wanted}`"),
            &format!("use one of: {}", codes.join(", ")),
        );
        return None;
    };
    let back = match place.face.as_ref().map(|f| f.get_ref().trim()) {
        None | Some("front") => false,
        Some("back") => true,
        Some(other) => {
            let span = place.face.as_ref().map(Spanned::span).unwrap_or_default();
            resolver.error(&span, format!("unknown face `{other}`"), "use `front` or `back`");
            false
        }
    };
    let turn = match &place.turn {
        Some(turn) if *turn.get_ref() >= 4 => {
            let message = format!("turn {} on a grid of squares", turn.get_ref());
            resolver.error(&turn.span(), message, "give 0 to 3 quarter turns clockwise");
            0
        }
        Some(turn) => *turn.get_ref() as u8,
        None => 0,
    };
    let at = match place.at.get_ref().as_slice() {
        [x, y] => (*x, *y),
        other => {
            let message = format!("`{other:?}` is not a grid square");
            resolver.error(&place.at.span(), message, "write a piece's square as [x, y]");
            return None;
        }
    };
    let symmetry = GridSymmetry { turns: turn, reflect: back };
    let shape = normalised(&transformed(set.grid.kind, &piece.cells, symmetry));
    let face = if back { piece.back.clone() } else { piece.front.clone() };
    Some(BoardPiece {
        name: place.name.as_ref().map_or_else(|| piece.code.clone(), |n| n.get_ref().clone()),
        at,
        cells: shape.iter().map(|c| c.shifted(at.0, at.1)).collect(),
        face,
        neutral: piece.front.colour == piece.back.colour,
        new: place.new.unwrap_or(false),
        replaced: place.replaced.unwrap_or(false),
        position,
    })
}

/// The `captures` claim: each name a piece of the diagram.
pub fn resolve_captures(
    resolver: &mut Resolver<'_>,
    file: &DiagramFile,
    design: &Design,
    pieces: &[BoardPiece],
) -> Option<Vec<(String, Position)>> {
    let list = file.diagram.get_ref().captures.as_ref()?;
    if !design.play.rules.contains(&PlayRule::CaptureSurrounded) {
        resolver.error(
            &list.span(),
            "`captures` needs the design's `capture-surrounded` rule".into(),
            "add [[play.rules]] kind = \"capture-surrounded\" to the design",
        );
    }
    let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let claims = super::load::known_names(
        resolver,
        list.get_ref(),
        &names,
        "no piece is named",
        "name a placed piece",
    );
    Some(claims)
}

/// The board's grid squares as cells of the diagram's square grid (for the figure's bounds),
/// with the "after" board of a replacement.
pub fn board_squares(diagram: &Diagram) -> Vec<tile_grid::Cell> {
    let Some(board) = &diagram.design.grid_board else { return Vec::new() };
    let mut squares: Vec<tile_grid::Cell> =
        board.cells.iter().map(|c| tile_grid::Cell::new(c.x, c.y, 0)).collect();
    squares.dedup();
    if before_and_after(diagram) {
        let shift = (panel_shift(diagram) / board.grid.square_mm).round() as i64;
        let right: Vec<tile_grid::Cell> =
            squares.iter().map(|c| tile_grid::Cell::new(c.i + shift, c.j, 0)).collect();
        squares.extend(right);
    }
    squares
}

/// The board, its pieces (replaced ones as dashed outlines) and a red ring on every piece
/// the diagram says is captured, in the diagram's frame (square `[0, 0]` centred on the origin).
pub fn board_items(diagram: &Diagram) -> Vec<Item> {
    let (Some(board), Some(set)) = (&diagram.design.grid_board, &diagram.design.pieces) else {
        return Vec::new();
    };
    let grid = set.grid;
    let width = grid.square_mm * 0.04;
    let replacing = before_and_after(diagram);
    let before: Vec<&BoardPiece> = diagram.pieces.iter().filter(|p| !p.new).collect();
    let after: Vec<&BoardPiece> = diagram.pieces.iter().filter(|p| !p.replaced).collect();
    let mut items = pieces_items(diagram, if replacing { &before } else { &after }, width);
    if replacing {
        // Before and after, side by side: the board again one square to the right.
        let shift = Affine::translate((panel_shift(diagram), 0.0));
        let mut right = board_art(board).items;
        right.extend(pieces_items(diagram, &after, width));
        items.push(Item::Group(crate::scene::Group { transform: shift, items: right }));
        let (top, bottom) =
            board.cells.iter().fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.y), b.max(c.y)));
        let s = grid.square_mm;
        let y = (top + bottom + 1) as f64 * s / 2.0;
        let x = panel_shift(diagram) - s / 2.0;
        let (from, to) = (kurbo::Point::new(x - 0.9 * s, y), kurbo::Point::new(x + 0.9 * s, y));
        items.extend(super::draw::arrow_items(from, to, 0.8 * s, board.lines));
    }
    let mut items = [board_art(board).items, items].concat();
    let captured = diagram.captures.iter().flatten();
    for piece in captured.filter_map(|(name, _)| diagram.pieces.iter().find(|p| &p.name == name)) {
        let ring = Circle::new(mark_point(grid, &piece.cells), grid.square_mm * 0.14);
        let halo = Stroke::solid(Colour::WHITE, width * 2.0);
        let ink = Stroke::solid(RULEBOOK_RED, width * 1.2);
        items.push(Item::Shape(Shape::stroked(ring.to_path(CURVE_TOLERANCE_MM), halo)));
        items.push(Item::Shape(Shape::stroked(ring.to_path(CURVE_TOLERANCE_MM), ink)));
    }
    let half = grid.square_mm / 2.0;
    vec![Item::Group(crate::scene::Group { transform: Affine::translate((-half, -half)), items })]
}

/// Whether the figure shows a replacement as two boards, before and after (a step of a
/// series shows only after: the step before shows before).
fn before_and_after(diagram: &Diagram) -> bool {
    diagram.step.is_none() && diagram.pieces.iter().any(|p| p.replaced)
}

/// How far right the "after" board of a replacement is drawn, in mm: the board's width and
/// one grid square.
pub fn panel_shift(diagram: &Diagram) -> f64 {
    let Some(board) = &diagram.design.grid_board else { return 0.0 };
    let (least, most) =
        board.cells.iter().fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.x), b.max(c.x)));
    (most - least + 2) as f64 * board.grid.square_mm
}

/// The pieces' faces, then their outlines (red for the move's new pieces), so that every
/// outline shows.
fn pieces_items(diagram: &Diagram, pieces: &[&BoardPiece], width: f64) -> Vec<Item> {
    let (Some(board), Some(set)) = (&diagram.design.grid_board, &diagram.design.pieces) else {
        return Vec::new();
    };
    let grid = set.grid;
    let mut items: Vec<Item> =
        pieces.iter().flat_map(|p| piece_face(grid, &p.cells, &p.face, false).items).collect();
    for piece in pieces {
        let path = loops_path(grid, &outline(grid.kind, &piece.cells));
        let edge =
            Stroke { cap: LineCap::Round, ..Stroke::solid(board.lines, board.line_width_mm) };
        items.push(Item::Shape(Shape::stroked(path, edge)));
    }
    for piece in pieces.iter().filter(|p| p.new || p.replaced) {
        let path = loops_path(grid, &outline(grid.kind, &piece.cells));
        let dash = if piece.replaced { vec![width * 2.0, width * 1.5] } else { Vec::new() };
        let mark =
            Stroke { cap: LineCap::Round, dash_mm: dash, ..Stroke::solid(RULEBOOK_RED, width) };
        items.push(Item::Shape(Shape::stroked(path, mark)));
    }
    items
}
