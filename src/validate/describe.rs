//! Describes a tile in words a person can draw from: its edges clockwise and its lines.

use crate::geometry::polygon::RegularPolygon;
use crate::model::design::{Slot, SlotKind};

/// `edges 1–6: red, red, yellow, blue, blue, yellow; lines: red 1–2 (span 1), …`.
pub fn describe(shape: RegularPolygon, slots: &[Slot], joins: &[(usize, usize)]) -> String {
    let edges: Vec<String> = slots.iter().map(slot_text).collect();
    let mut text = format!("edges 1–{} clockwise: {}", slots.len(), edges.join(", "));
    if !joins.is_empty() {
        let lines: Vec<String> = joins
            .iter()
            .map(|&(a, b)| {
                format!("{} {}–{} (span {})", slots[a].colour, a + 1, b + 1, shape.span(a, b))
            })
            .collect();
        text.push_str(&format!("; lines: {}", lines.join(", ")));
    }
    text
}

/// `1 pawn`, `9 pawns`: a count and its noun (a noun already ending in `s` is left as it is).
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 || noun.ends_with('s') { format!("{n} {noun}") } else { format!("{n} {noun}s") }
}

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
        let text = describe(RegularPolygon::new(3, 40.0), &slots, &[(0, 1)]);
        assert_eq!(text, "edges 1–3 clockwise: red, red, white ring; lines: red 1–2 (span 1)");
    }
}
