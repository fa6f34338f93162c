//! What PDF/X-1a cannot print: a translucent layer (`opacity` under 1) on a printed face of the design's tiles, pieces, cards or counters, found before anything is built.

use crate::model::design::Design;
use crate::model::face::Layer;

/// The first layer of a printed face drawn translucent, tiles first, then pieces, cards
/// and counters; `None` when every layer is solid.
pub fn translucent_layer(design: &Design) -> Option<&Layer> {
    let tiles = design
        .tiles
        .iter()
        .flat_map(|tile| tile.faces.front.iter().chain(tile.faces.back.iter().flatten()));
    let pieces = (design.pieces.iter())
        .flat_map(|set| set.pieces.iter())
        .flat_map(|piece| piece.front.layers.iter().chain(&piece.back.layers));
    let cards = (design.decks.iter().chain(&design.counters))
        .flat_map(|deck| deck.cards.iter())
        .flat_map(|card| card.front.iter().chain(card.back.iter().flatten()));
    tiles.chain(pieces).chain(cards).find(|layer| layer.opacity < 1.0)
}
