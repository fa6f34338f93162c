//! The built-in back template `number`: a tile's number (with the 6./9. dot) in the tile's
//! back colour, centred on its ink, turning with the tile — the back every tile set has
//! unless it names another template.

use super::schema::LayerTable;
use super::{Align, Layer, LayerKind, Level, Placement, TextLayer, Turn};
use crate::model::input::source::Position;
use crate::scene::Colour;
use crate::text::font::default_font;
use toml::Spanned;

/// The name `[backs] template` gives the built-in template (a design's own
/// `[faces.number]` takes its place).
pub const NUMBER_TEMPLATE: &str = "number";

/// The `id` of the built-in template's one layer: a `[backs] layers` entry with this id
/// replaces the number.
pub const NUMBER_LAYER_ID: &str = "number";

/// The number layer: `label` (the number as printed) `height_mm` tall in `colour`.
pub fn number_layer(label: String, colour: Colour, height_mm: f64, position: Position) -> Layer {
    Layer {
        label: format!("the number of back template `{NUMBER_TEMPLATE}`"),
        position,
        level: Level::Above,
        // The number reads from any side of a tile (hence the dot): it turns with the tile.
        place: Placement { turn: Turn::Item, ..Placement::default() },
        kind: LayerKind::Text(TextLayer {
            align: Align::Ink,
            ..TextLayer::plain(label, default_font(), height_mm, colour)
        }),
        art: None,
        decorative: false,
        opacity: 1.0,
    }
}

/// Whether one of `layers` replaces the number (has its `id`).
pub fn replaces_number(layers: &[Spanned<LayerTable>]) -> bool {
    layers.iter().any(|layer| {
        layer.get_ref().id.as_ref().is_some_and(|id| id.get_ref().trim() == NUMBER_LAYER_ID)
    })
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
