//! A tile's back as scene items in the tile's own frame: the outline filled with the back
//! colour and the layers of its back template — by default the built-in `number`
//! (`model::face::number_back`), the tile's number with a dot after numbers that read as another
//! one upside down.

use crate::compose::layers::draw::FaceArt;
use crate::geometry::outline::Outline;
use crate::model::face::Level;
use crate::model::print::sheet_settings::Backs;
use crate::model::rules::tile_set::Tile;
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
