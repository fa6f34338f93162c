//! An inventory of a design for `tilepress list`: every tile, piece, board and net, one line
//! each, in words a person can check against the printed parts.

use super::describe::{counted, describe};
use super::pieces::describe_cells;
use crate::geometry::polyform::side_count;
use crate::model::design::Design;
use crate::model::nets::NetSolid;

/// The lines of the inventory, headings first in each part.
pub fn listing(design: &Design) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(shape) = design.shape {
        let (n, name, edge) = (design.tiles.len(), shape.shape_name(), shape.edge_mm);
        lines.push(format!("{n} {name} tiles, {edge} mm edge"));
        for tile in &design.tiles {
            let back =
                tile.back.as_deref().map_or(String::new(), |c| format!("; back: {c} number"));
            lines.push(format!(
                "{:>4}  {}{back}",
                tile.number,
                describe(shape, &tile.slots, &tile.joins, &tile.corners)
            ));
        }
    }
    if let Some(set) = &design.pieces {
        lines.push(
            format!("pieces on a {} mm {:?} grid", set.grid.square_mm, set.grid.kind)
                .to_lowercase(),
        );
        for piece in &set.pieces {
            let group = &set.groups[piece.group];
            let copies = if group.copies == 1 {
                String::new()
            } else {
                format!(" × {} copies", group.copies)
            };
            lines.push(format!(
                "{:>6}  {} of {} cell(s), {} sides ({}{copies}): {}",
                piece.code,
                counted(piece.count as usize, "piece"),
                piece.cells.len(),
                side_count(set.grid.kind, &piece.cells),
                group.name,
                describe_cells(set.grid.kind, &piece.cells)
            ));
        }
    }
    if let Some(board) = &design.grid_board {
        lines.push(format!("a board of {} cells on the pieces' grid", board.cells.len()));
    }
    if let Some(board) = &design.board {
        lines.push(format!(
            "a board of {} cells and {} dots, {} mm edges{}",
            board.cells.len(),
            board.dots.len(),
            board.edge_mm,
            if board.tray.is_some() { ", printed as the floor of its box" } else { "" }
        ));
    }
    for player in &design.players {
        lines.push(format!("player {} ({})", player.name, player.colour));
    }
    for net in &design.nets {
        let solid = match &net.solid {
            NetSolid::Polyhedron(solid) => format!("a polyhedron of {} faces", solid.faces.len()),
            NetSolid::Cone(_) => String::from("a cone (a hat)"),
        };
        lines.push(format!("{}: {solid}", counted(net.copies(design.players.len()), &net.name)));
    }
    lines
}
