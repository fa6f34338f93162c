//! The board sources: a board on the pieces' grid (centred on one sheet, or split) and a
//! painted board at real size over several sheets, one cutout each.

use super::pieces::polyform_outline;
use super::{Part, Summary};
use crate::compose::board::board_frame;
use crate::compose::piece::board_art;
use crate::cutout::Cutout;
use crate::geometry::outline::Outline;
use crate::impose::Packing;
use crate::model::design::Design;

/// The board on the pieces' grid, cut along its outline; `None` when there is none.
pub fn grid_board(design: &Design) -> Option<Part> {
    let board = design.grid_board.as_ref()?;
    let outline = polyform_outline(board.grid, &board.cells);
    Some(Part {
        suffix: "-board".into(),
        noun: Some("board"),
        front_and_back: false,
        cutouts: vec![{
            let art = board_art(board);
            Cutout { front_layers: art.layers, ..Cutout::shared("board", outline, art.items) }
        }],
        packing: Packing::Centred,
        summary: Summary::GridBoard { cells: board.cells.len() },
        share: true,
    })
}

/// The painted board (with its box walls, if any), cut along its own lines; `None` when
/// there is none.
pub fn painted_board(design: &Design) -> Option<Part> {
    let board = design.board.as_ref()?;
    let (frame, front_layers) = board_frame(board, &design.players, &design.palette);
    let (width, height) = (frame.bounds.width(), frame.bounds.height());
    let outline = Outline::polygon(board.region.corner_points(board.edge_mm));
    Some(Part {
        share: true,
        suffix: "-board".into(),
        noun: Some("board"),
        front_and_back: false,
        cutouts: vec![Cutout { front_layers, ..Cutout::from_frame("board", outline, frame) }],
        packing: Packing::Tiled { overlap_mm: board.overlap_mm, outline_in_map: false },
        summary: Summary::Board {
            width,
            height,
            walls: board.tray.is_some(),
            overlap_mm: board.overlap_mm,
        },
    })
}
