//! Describes a tile in words a person can draw from: its edges clockwise and its lines.

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::slot_span;
use crate::model::rules::region_joins::{is_band, line_joins, region_groups};
use crate::model::rules::tile_set::{Slot, SlotKind};

/// `edges 1–6: red, red, yellow, blue, blue, yellow; lines: red 1–2 (span 1), …`, with the
/// joined regions (`joined regions: red 1–2–3`, a band `red 1 + 4`) and the corners (`corners 1–4 clockwise: …`);
/// a face of empty edges is named by its corners alone.
pub fn describe(
    shape: RegularPolygon,
    slots: &[Slot],
    joins: &[(usize, usize)],
    corners: &[String],
) -> String {
    let corner_text = format!("corners 1–{} clockwise: {}", corners.len(), corners.join(", "));
    if !corners.is_empty() && slots.iter().all(Slot::is_empty) {
        return corner_text;
    }
    // Several slots per edge: each edge its slots `a | b | c`, joins between slot numbers.
    let per_edge = (slots.len() / shape.sides.max(1)).max(1);
    let edges: Vec<String> = slots
        .chunks(per_edge)
        .map(|edge| edge.iter().map(slot_text).collect::<Vec<_>>().join(" | "))
        .collect();
    let mut text = format!("edges 1–{} clockwise: {}", edges.len(), edges.join(", "));
    let numbered = if per_edge > 1 { "slots " } else { "" };
    let lines = line_joins(slots, joins);
    if !lines.is_empty() {
        let lines: Vec<String> = lines
            .iter()
            .map(|&(a, b)| {
                let span = slot_span(slots.len(), a, b);
                format!("{} {numbered}{}–{} (span {span})", slots[a].colour, a + 1, b + 1)
            })
            .collect();
        text.push_str(&format!("; lines: {}", lines.join(", ")));
    }
    let regions: Vec<String> = region_groups(slots, joins)
        .iter()
        .map(|group| {
            let edges: Vec<String> = group.iter().map(|e| (e + 1).to_string()).collect();
            // A run of neighbouring edges reads `4–1–2`; a band across the tile `1 + 3`.
            let between = if is_band(slots, group) { " + " } else { "–" };
            format!("{} {numbered}{}", slots[group[0]].colour, edges.join(between))
        })
        .collect();
    if !regions.is_empty() {
        text.push_str(&format!("; joined regions: {}", regions.join(", ")));
    }
    if !corners.is_empty() {
        text.push_str(&format!("; {corner_text}"));
    }
    text
}

pub use crate::model::input::diagnostic::counted;

/// `red` for a line slot, `white ring` otherwise.
pub fn slot_text(slot: &Slot) -> String {
    match slot.kind {
        SlotKind::Line | SlotKind::Empty => slot.colour.clone(),
        kind => format!("{} {}", slot.colour, kind.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_name_their_noun() {
        assert_eq!(counted(1, "pawn"), "1 pawn");
        assert_eq!(counted(9, "pawn"), "9 pawns");
        assert_eq!(counted(2, "pieces"), "2 pieces");
    }

    #[test]
    fn names_edges_and_lines_one_based() {
        let slot = |c: &str, kind| Slot { colour: c.to_string(), kind };
        let slots = vec![
            slot("red", SlotKind::Line),
            slot("red", SlotKind::Line),
            slot("white", SlotKind::Ring),
        ];
        let text = describe(RegularPolygon::new(3, 40.0), &slots, &[(0, 1)], &[]);
        assert_eq!(text, "edges 1–3 clockwise: red, red, white ring; lines: red 1–2 (span 1)");
    }
}
