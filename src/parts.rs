//! The printed parts of a design's board and nets: every copy composed, imposed and turned
//! into files (`<stem>-nets.pdf`, `<stem>-board.pdf`) with a report each.

use crate::build::{BuildResult, PartReport, document_files};
use crate::compose::net::net_frame;
use crate::impose::net_sheets::pack;
use crate::model::design::Design;
use crate::scene::frame::Frame;

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
        counts.push(format!("{copies} {}{}", piece.name, if copies == 1 { "" } else { "s" }));
    }
    let packed = pack(&design.name, "net", &frames, &design.sheet)?;
    result.files.extend(document_files(&format!("{stem}-nets"), &packed.document));
    result.parts.push(PartReport {
        what: format!("nets: {}", counts.join(", ")),
        sheets: packed.pages,
        per_sheet: packed.per_page,
        page_size_mm: packed.page_size_mm,
    });
    Ok(())
}
