//! Pawns in a diagram: `[[place]]` entries with `net = "pawn"` stand a tetrahedral pawn of
//! the design's `[[nets]]` on a cell of its painted board, and `[[move]]` entries slide and
//! tip them. A cell is written `[row, cell]` as in the board's `cells` rows, both from 1.
//!
//! A pawn's pose is the face that is down (`down`, by colour) and `turn` (0–2): which of
//! that face's vertices stands on the cell's first corner, as `validate::reach` numbers them.

use toml::Spanned;

use super::schema::{DiagramFile, MoveTable, PlaceTable};
use crate::geometry::polyhedron::Polyhedron;
use crate::geometry::triangle_grid::Cell;
use crate::model::context::resolver::Resolver;
use crate::model::design::Design;
use crate::model::input::source::Position;
use crate::model::parts::board::Board;
use crate::model::parts::nets::NetSolid;
use crate::validate::reach::{Pawn, Pose};

/// A pawn on the board before the moves.
#[derive(Clone, Debug)]
pub struct PlacedPawn {
    pub name: String,
    /// The player's palette colour (the discs on its faces).
    pub player: String,
    pub solid: Polyhedron,
    /// Palette names, one per face and one per vertex.
    pub faces: Vec<String>,
    pub balls: Vec<String>,
    pub pose: Pose,
    pub position: Position,
}

impl PlacedPawn {
    /// The pawn as `validate::reach` sees it.
    pub fn pawn(&self) -> Pawn<'_> {
        Pawn { solid: &self.solid, faces: self.faces.clone(), balls: self.balls.clone() }
    }
}

/// One `[[move]]`: a pawn (index into the pawns), an optional slide, a tip, and the claim.
#[derive(Clone, Debug)]
pub struct PawnMove {
    pub pawn: usize,
    pub slide_to: Option<Cell>,
    pub tip_to: Cell,
    pub extra: bool,
    pub position: Position,
}

/// `[row, cell]` as the board cell it names.
pub fn row_cell(
    resolver: &mut Resolver<'_>,
    board: &Board,
    at: &Spanned<Vec<i64>>,
) -> Option<Cell> {
    let found = match at.get_ref().as_slice() {
        [row, column] => board.cells.iter().find_map(|(cell, mark)| {
            (mark.row as i64 == *row && mark.column as i64 == *column).then_some(*cell)
        }),
        _ => None,
    };
    if found.is_none() {
        resolver.error(
            &at.span(),
            format!("`{:?}` is not a cell of the board", at.get_ref()),
            "write [row, cell], both from 1, as the board's `cells` rows count them",
        );
    }
    found
}

/// The `[[place]]` entries naming a `net`, resolved.
pub fn resolve_pawns(
    resolver: &mut Resolver<'_>,
    file: &DiagramFile,
    design: &Design,
) -> Vec<PlacedPawn> {
    let mut found = Vec::new();
    for entry in &file.place {
        let place = entry.get_ref();
        let Some(net) = &place.net else { continue };
        let position = resolver.source.start_of(&entry.span());
        if let Some(pawn) = resolve_pawn(resolver, place, net, design, position) {
            found.push(pawn);
        }
    }
    let annotated = !(file.mark.is_empty()
        && file.arrow.is_empty()
        && file.label.is_empty()
        && file.highlight.is_empty());
    if !found.is_empty() && annotated {
        resolver.error(
            &file.diagram.span(),
            "marks, arrows, labels and highlights are not drawn on pawn figures".into(),
            "show the moves with [[move]]; remove the annotations",
        );
    }
    found
}

fn resolve_pawn(
    resolver: &mut Resolver<'_>,
    place: &PlaceTable,
    net: &Spanned<String>,
    design: &Design,
    position: Position,
) -> Option<PlacedPawn> {
    let Some(board) = &design.board else {
        resolver.error(
            &net.span(),
            "the design has no painted [board]".into(),
            "pawns stand on a board with `grid`",
        );
        return None;
    };
    let wanted = net.get_ref().trim();
    let piece = design.nets.iter().find(|n| n.name == wanted);
    let solid = piece.and_then(|p| match &p.solid {
        NetSolid::Polyhedron(solid) if Pawn::is_tetrahedron(solid) => Some(solid.clone()),
        _ => None,
    });
    let (Some(piece), Some(solid)) = (piece, solid) else {
        resolver.error(
            &net.span(),
            format!("the design has no tetrahedron `{wanted}` in [[nets]]"),
            "name a [[nets]] piece with solid = \"tetrahedron\"",
        );
        return None;
    };
    let player = place.player.as_ref().and_then(|name| {
        let text = name.get_ref().trim();
        let player = design.players.iter().find(|p| p.name == text || p.colour == text);
        if player.is_none() {
            let names: Vec<&str> = design.players.iter().map(|p| p.name.as_str()).collect();
            resolver.error(
                &name.span(),
                format!("no player `{text}`"),
                &format!("use one of: {}", names.join(", ")),
            );
        }
        player
    });
    let Some(player) = player else {
        if place.player.is_none() {
            resolver.error(
                &net.span(),
                "a pawn without `player`".into(),
                "add player = \"…\" (a [[players]] name)",
            );
        }
        return None;
    };
    let colour = |c: &crate::model::parts::nets::PieceColour| {
        c.for_player(Some(&player.colour)).unwrap_or_default().to_string()
    };
    let faces: Vec<String> = piece.faces.iter().map(colour).collect();
    let balls: Vec<String> = piece.balls.iter().map(colour).collect();
    let cell = row_cell(resolver, board, &place.at)?;
    let Some(down) = &place.down else {
        resolver.error(
            &net.span(),
            "a pawn without `down`".into(),
            &format!("name the face down: one of {}", faces.join(", ")),
        );
        return None;
    };
    let Some(face) = faces.iter().position(|f| f == down.get_ref().trim()) else {
        resolver.error(
            &down.span(),
            format!("the pawn has no {} face", down.get_ref()),
            &format!("use one of: {}", faces.join(", ")),
        );
        return None;
    };
    let turn = place.turn.as_ref().map_or(0, |t| *t.get_ref());
    if turn >= 3 {
        let span = place.turn.as_ref().map(Spanned::span).unwrap_or_default();
        resolver.error(&span, format!("turn {turn} of a triangle"), "give a turn from 0 to 2");
    }
    let corners = solid.faces.get(face)?.clone();
    let k = turn % 3;
    let on = [corners[k], corners[(k + 1) % 3], corners[(k + 2) % 3]];
    Some(PlacedPawn {
        name: place.name.as_ref().map_or_else(|| piece.name.clone(), |n| n.get_ref().clone()),
        player: player.colour.clone(),
        solid,
        faces,
        balls,
        pose: Pose { cell, on },
        position,
    })
}

/// The `[[move]]` entries, resolved.
pub fn resolve_moves(
    resolver: &mut Resolver<'_>,
    file: &DiagramFile,
    design: &Design,
    pawns: &[PlacedPawn],
) -> Vec<PawnMove> {
    let Some(board) = &design.board else {
        if let Some(first) = file.moves.first() {
            resolver.error(
                &first.span(),
                "`[[move]]` without a painted [board]".into(),
                "moves tip pawns on a board",
            );
        }
        return Vec::new();
    };
    file.moves.iter().filter_map(|entry| resolve_move(resolver, entry, board, pawns)).collect()
}

fn resolve_move(
    resolver: &mut Resolver<'_>,
    entry: &Spanned<MoveTable>,
    board: &Board,
    pawns: &[PlacedPawn],
) -> Option<PawnMove> {
    let table = entry.get_ref();
    let name = table.pawn.get_ref().trim();
    let pawn = pawns.iter().position(|p| p.name == name);
    if pawn.is_none() {
        let names: Vec<&str> = pawns.iter().map(|p| p.name.as_str()).collect();
        resolver.error(
            &table.pawn.span(),
            format!("no pawn is named `{name}`"),
            &format!("name a placed pawn: {}", names.join(", ")),
        );
    }
    let slide_to = match &table.slide_to {
        Some(at) => Some(row_cell(resolver, board, at)?),
        None => None,
    };
    let tip_to = row_cell(resolver, board, &table.tip_to)?;
    Some(PawnMove {
        pawn: pawn?,
        slide_to,
        tip_to,
        extra: table.extra.unwrap_or(false),
        position: resolver.source.start_of(&entry.span()),
    })
}
