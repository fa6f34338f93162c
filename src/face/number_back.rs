//! The built-in back template `number`: a tile's number (with the 6./9. dot) in the tile's
//! back colour, centred on its ink, turning with the tile — the back every tile set has
//! unless it names another template.

use super::fonts::default_font;
use super::schema::LayerTable;
use super::{Align, Layer, LayerKind, Level, Placement, TextLayer, Turn};
use crate::model::source::Position;
use crate::scene::Colour;
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
            text: label,
            font: default_font(),
            size_mm: height_mm,
            colour,
            align: Align::Ink,
            box_mm: None,
            fit: false,
            line_spacing: 1.0,
        }),
        art: None,
    }
}

/// Whether one of `layers` replaces the number (has its `id`).
pub fn replaces_number(layers: &[Spanned<LayerTable>]) -> bool {
    layers.iter().any(|layer| {
        layer.get_ref().id.as_ref().is_some_and(|id| id.get_ref().trim() == NUMBER_LAYER_ID)
    })
}
