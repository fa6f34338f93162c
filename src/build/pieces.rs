//! The pieces and board parts of a build: every physical piece composed front and back and
//! packed on `<stem>-pieces.pdf`, and the board on `<stem>-board.pdf`.

use super::{BuildResult, PartReport};
use crate::compose::piece::{board_art, piece_face};
use crate::geometry::grid::Cell;
use crate::geometry::polyform::normalised;
use crate::impose::piece_sheets::{ImposedPieces, PieceRequest, impose_board, impose_pieces};
use crate::model::design::{Design, Duplex};
use crate::model::pieces::{Piece, PieceSet};

/// Every physical piece: each group copy, each piece entry, `count` times, in design order.
pub fn physical_pieces(set: &PieceSet) -> Vec<&Piece> {
    let mut all = Vec::new();
    for (index, group) in set.groups.iter().enumerate() {
        for _ in 0..group.copies {
            for piece in set.pieces.iter().filter(|p| p.group == index) {
                all.extend((0..piece.count).map(|_| piece));
            }
        }
    }
    all
}

/// Composes and imposes the pieces of `set` (no files yet).
pub fn imposed_pieces(design: &Design, set: &PieceSet) -> Result<ImposedPieces, String> {
    let pieces = physical_pieces(set);
    let forms: Vec<Vec<Cell>> = pieces.iter().map(|p| normalised(&p.cells)).collect();
    let fronts =
        pieces.iter().zip(&forms).map(|(p, f)| piece_face(set.grid, f, &p.front, false)).collect();
    let backs = (design.sheet.duplex != Duplex::None).then(|| {
        pieces.iter().zip(&forms).map(|(p, f)| piece_face(set.grid, f, &p.back, true)).collect()
    });
    impose_pieces(PieceRequest {
        title: &design.name,
        grid: set.grid,
        sheet: &design.sheet,
        forms,
        fronts,
        backs,
    })
}

/// Adds the pieces part and the board part, whichever the design has.
pub fn piece_parts(design: &Design, stem: &str, result: &mut BuildResult) -> Result<(), String> {
    if let Some(set) = &design.pieces {
        let imposed = imposed_pieces(design, set)?;
        let cells: usize = physical_pieces(set).iter().map(|p| p.cells.len()).sum();
        let area = cells as f64 * set.grid.cell_area_mm2();
        let bound = (area / imposed.printable_mm2).ceil() as usize;
        result.add_document(format!("{stem}-pieces"), imposed.document);
        result.parts.push(PartReport {
            what: format!(
                "{} pieces ({cells} cells on {} mm squares; the area needs at least {bound} sheet(s))",
                imposed.placed.len(),
                set.grid.square_mm
            ),
            sheets: imposed.sheets,
            per_sheet: imposed.per_sheet,
            page_size_mm: imposed.page_size_mm,
        });
    }
    if let Some(board) = &design.grid_board {
        let art = board_art(board);
        let (document, size, sheets) =
            impose_board(&design.name, board.grid, &board.cells, art, &design.sheet)?;
        result.add_document(format!("{stem}-board"), document);
        result.parts.push(PartReport {
            what: format!("a board of {} cells", board.cells.len()),
            sheets,
            per_sheet: 1,
            page_size_mm: size,
        });
    }
    Ok(())
}
