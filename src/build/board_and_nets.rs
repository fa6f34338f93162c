//! The printed parts of a design's board and nets: every copy composed, imposed and turned
//! into files (`<stem>-nets.pdf`, `<stem>-board.pdf`) with a report each.

use super::{BuildResult, PartReport};
use crate::compose::board::board_frame;
use crate::compose::net::net_frame;
use crate::impose::net_sheets::pack;
use crate::impose::tiled_board::{plan, tile_frame};
use crate::model::design::Design;
use crate::scene::frame::Frame;
use crate::validate::describe::counted;

/// Every copy of every `[[nets]]` piece, player by player, on packed sheets.
pub fn net_sheets(design: &Design, stem: &str, result: &mut BuildResult) -> Result<(), String> {
    if design.nets.is_empty() {
        return Ok(());
    }
    let mut frames: Vec<Frame> = Vec::new();
    let mut counts = Vec::new();
    for piece in &design.nets {
        let copies = piece.copies(design.players.len());
        for k in 0..copies {
            let player = match piece.per_player {
                Some(each) if each > 0 => {
                    design.players.get(k / each as usize).map(|p| p.colour.as_str())
                }
                _ => None,
            };
            frames.push(net_frame(piece, &design.palette, player));
        }
        counts.push(counted(copies, &piece.name));
    }
    let packed = pack(&design.name, "net", &frames, &design.sheet)?;
    result.add_document(format!("{stem}-nets"), packed.document);
    result.parts.push(PartReport {
        what: format!("nets: {}", counts.join(", ")),
        sheets: packed.pages,
        per_sheet: packed.per_page,
        page_size_mm: packed.page_size_mm,
    });
    Ok(())
}

/// The board at real size over as few sheets as the paper and overlap allow.
pub fn board_sheets(design: &Design, stem: &str, result: &mut BuildResult) -> Result<(), String> {
    let Some(board) = &design.board else { return Ok(()) };
    let frame = board_frame(board, &design.players, &design.palette);
    let Some(plan) = plan(frame.bounds, &design.sheet, board.overlap_mm) else {
        return Err(format!(
            "the board's {} mm overlap leaves no room on {} paper",
            board.overlap_mm, design.sheet.paper_name
        ));
    };
    let document = tile_frame(&design.name, &frame, &plan, design.sheet.margin_mm);
    result.add_document(format!("{stem}-board"), document);
    let (w, h) = (frame.bounds.width(), frame.bounds.height());
    result.parts.push(PartReport {
        what: format!(
            "board {w:.0} × {h:.0} mm{} as {} × {} pieces ({} mm overlap)",
            if board.tray.is_some() { " with box walls" } else { "" },
            plan.rows,
            plan.columns,
            board.overlap_mm
        ),
        sheets: plan.sheets(),
        per_sheet: 1,
        page_size_mm: plan.page_mm,
    });
    Ok(())
}
