//! A tile's back as scene items in the tile's own frame: the outline filled with the back
//! colour and the layers of its back template — by default the built-in `number`
//! (`face::number_back`), the tile's number with a dot after numbers that read as another
//! one upside down.

use crate::face::Level;
use crate::face::draw::FaceArt;
use crate::geometry::outline::Outline;
use crate::model::design::{Backs, Tile};
use crate::scene::{Item, Shape};

/// The back of `tile` on its `outline`, upright, centred on the origin.
pub fn back(tile: &Tile, outline: &Outline, backs: &Backs) -> FaceArt {
    let background = Shape::filled(outline.path.clone(), backs.background);
    let mut art = FaceArt::new(vec![Item::Shape(background)]);
    if let Some(layers) = &tile.faces.back {
        // Its template's layers (the built-in `number` by default); no edge art between them.
        art.push_layers(layers, outline, Level::Below, false);
        art.push_layers(layers, outline, Level::Above, false);
    }
    art
}

/// The number as printed: `6.` when 6 turned upside down reads as another number of the set.
pub fn back_label(number: u32, numbers: &[u32], mark_upside_down: bool) -> String {
    let text = number.to_string();
    match upside_down(number) {
        Some(turned) if mark_upside_down && turned != number && numbers.contains(&turned) => {
            format!("{text}.")
        }
        _ => text,
    }
}

/// What a number reads as when turned by 180°, if every digit can be read that way.
fn upside_down(number: u32) -> Option<u32> {
    let text = number.to_string();
    if text.ends_with('0') {
        return None;
    }
    let turned: Option<String> = text
        .chars()
        .rev()
        .map(|c| match c {
            '0' | '1' | '8' => Some(c),
            '6' => Some('9'),
            '9' => Some('6'),
            _ => None,
        })
        .collect();
    turned?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_six_and_nine_need_a_dot_among_one_to_fifty_six() {
        let numbers: Vec<u32> = (1..=56).collect();
        let marked: Vec<u32> = numbers
            .iter()
            .copied()
            .filter(|&n| back_label(n, &numbers, true).ends_with('.'))
            .collect();
        assert_eq!(marked, vec![6, 9]);
        assert_eq!(back_label(6, &numbers, true), "6.");
        assert_eq!(back_label(6, &numbers, false), "6");
    }

    #[test]
    fn larger_sets_mark_every_ambiguous_number() {
        let numbers: Vec<u32> = (1..=100).collect();
        for (n, marked) in
            [(16, true), (18, true), (61, true), (68, true), (69, false), (88, false), (10, false)]
        {
            assert_eq!(back_label(n, &numbers, true).ends_with('.'), marked, "{n}");
        }
    }
}
