//! The `[[nets]]` source: every copy of every net, player by player, one cutout each,
//! packed in shelves.

use kurbo::Point;

use super::{Part, Summary};
use crate::compose::net::net_frame;
use crate::cutout::Cutout;
use crate::geometry::outline::Outline;
use crate::impose::Packing;
use crate::model::design::Design;
use crate::model::input::diagnostic::counted;

/// The nets part; `None` when the design has no nets. A net's anchors are its extent's
/// corners: its faces are not cutouts of their own.
pub fn nets(design: &Design) -> Option<Part> {
    if design.nets.is_empty() {
        return None;
    }
    let mut cutouts = Vec::new();
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
            let (frame, front_layers) = net_frame(piece, &design.palette, player);
            let b = frame.bounds;
            let corners = [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)];
            let outline = Outline::polygon(corners.map(Point::from).to_vec());
            let label = format!("net {}", piece.name);
            cutouts.push(Cutout { front_layers, ..Cutout::from_frame(label, outline, frame) });
        }
        counts.push(counted(copies, &piece.name));
    }
    Some(Part {
        suffix: "-nets".into(),
        noun: Some("net"),
        front_and_back: false,
        cutouts,
        packing: Packing::Shelves,
        summary: Summary::Nets(counts),
        share: true,
    })
}
