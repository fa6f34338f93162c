//! An inventory of a design for `tilepress list`: every tile, piece, board and net, one line
//! each, in words a person can check against the printed parts (and, from
//! `listing_printed`, every card, counter, track and map).

use super::describe::{counted, describe};
use super::pieces::describe_cells;
use crate::geometry::polyform::side_count;
use crate::model::design::Design;
use crate::model::parts::nets::NetSolid;
use crate::model::parts::pieces::PieceSet;
use crate::model::rules::tile_shape::TileShape;
use crate::model::rules::value_names::values_text;

/// The lines of the inventory, headings first in each part.
pub fn listing(design: &Design) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(tile_shape) = design.tile_shape {
        lines.push(format!("{} {}", design.tiles.len(), tile_shape_words(tile_shape)));
        for tile in &design.tiles {
            let back =
                tile.back.as_deref().map_or(String::new(), |c| format!("; back: {c} number"));
            let mut words: Vec<String> = tile_shape
                .regular()
                .map(|shape| describe(shape, &tile.slots, &tile.joins, &tile.corners))
                .into_iter()
                .collect();
            if !tile.values.is_empty() {
                words.push(format!("values {}", values_text(&tile.values, design.value_names())));
            }
            lines.push(format!("{:>4}  {}{back}", tile.number, words.join("; ")));
        }
    }
    if let Some(set) = &design.pieces {
        lines.push(piece_grid_words(set));
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
    let (boards, nets) = board_and_net_parts(design);
    lines.extend(boards);
    for player in &design.players {
        lines.push(format!("player {} ({})", player.name, player.colour));
    }
    lines.extend(nets);
    lines.extend(super::listing_printed::printed_listing(design));
    lines
}

/// The lines for the design's boards and nets (`a board of 64 cells on the pieces' grid`,
/// `9 pawns: a polyhedron of 4 faces`), for `list` and the components list.
pub fn board_and_net_lines(design: &Design) -> Vec<String> {
    let (mut lines, nets) = board_and_net_parts(design);
    lines.extend(nets);
    lines
}

/// The boards' lines and the nets' lines.
fn board_and_net_parts(design: &Design) -> (Vec<String>, Vec<String>) {
    let mut lines = Vec::new();
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
    let mut nets = Vec::new();
    for net in &design.nets {
        let solid = match &net.solid {
            NetSolid::Polyhedron(solid) => format!("a polyhedron of {} faces", solid.faces.len()),
            NetSolid::Cone(_) => String::from("a cone (a hat)"),
        };
        nets.push(format!("{}: {solid}", counted(net.copies(design.players.len()), &net.name)));
    }
    (lines, nets)
}

/// What the tiles are, after their number: `hexagon tiles, 30 mm edge`.
pub fn tile_shape_words(tile_shape: TileShape) -> String {
    match tile_shape {
        TileShape::Regular(shape) => {
            format!("{} tiles, {} mm edge", shape.shape_name(), shape.edge_mm)
        }
        TileShape::Rectangle(rect) => format!(
            "rectangle tiles, {} × {} mm in {} × {} cell(s)",
            rect.width_mm, rect.height_mm, rect.columns, rect.rows
        ),
        TileShape::Circle { diameter_mm } => format!("circle tiles, {diameter_mm} mm across"),
    }
}

/// The pieces' grid: `pieces on a 48 mm tetrakis grid`.
pub fn piece_grid_words(set: &PieceSet) -> String {
    format!("pieces on a {} mm {:?} grid", set.grid.square_mm, set.grid.kind).to_lowercase()
}
