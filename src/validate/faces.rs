//! Face problems `check` reports: text that does not fit its box, even shrunk, named by
//! item and layer (exit 1 in `check` and `build --strict`).

use std::path::Path;

use crate::model::design::Design;
use crate::model::diagnostic::Diagnostic;
use crate::model::face::{Layer, LayerKind};
use crate::model::source::Position;
use crate::text::layout::measure;

/// Every text layer of every tile and piece face that does not fit its box.
pub fn face_problems(design: &Design, path: &Path) -> Vec<Diagnostic> {
    let mut faces: Vec<(String, Position, &[Layer])> = Vec::new();
    for tile in &design.tiles {
        faces.push((format!("tile {}", tile.number), tile.position, &tile.faces.front));
        if let Some(back) = &tile.faces.back {
            faces.push((format!("the back of tile {}", tile.number), tile.position, back));
        }
    }
    for piece in design.pieces.iter().flat_map(|set| &set.pieces) {
        for (side, face) in [("front", &piece.front), ("back", &piece.back)] {
            faces.push((format!("piece {} ({side})", piece.code), piece.position, &face.layers));
        }
    }
    let mut problems = Vec::new();
    for (what, item, layers) in faces {
        for layer in layers {
            let LayerKind::Text(text) = &layer.kind else { continue };
            let laid = measure(&text.font, &text.spec());
            if laid.fits {
                continue;
            }
            let (w, h) = text.box_mm.unwrap_or_default();
            let message = format!(
                "{what} (line {}): the text of {} does not fit its {w} × {h} mm box \
                 (\"{}\" needs {:.1} × {:.1} mm at {:.2} mm)",
                item.line,
                layer.label,
                text.text.replace('\n', " "),
                laid.width_mm,
                laid.height_mm,
                laid.size_mm,
            );
            let help = if text.fit {
                "give the text a larger box or make it shorter"
            } else {
                "add fit = true to shrink it, give a larger box, or a smaller size_mm"
            };
            problems.push(Diagnostic::problem(path, Some(layer.position), message).with_help(help));
        }
    }
    problems
}
