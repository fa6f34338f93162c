//! Every printed face's layers — of tiles, pieces, cards and counters — each with how many
//! faces print it, handed to `face::share` so a drawing printed twice or more is shared.

use crate::model::face::Layer;
use crate::model::parts::cards::Deck;
use crate::model::parts::pieces::PieceSet;
use crate::model::rules::tile_set::Tile;

/// Gives every layer whose drawing is printed on two or more faces — of tiles, pieces, cards
/// and counters, each counted as often as it is printed (a tile's `copies`, a piece's count
/// in every copy of its group, a card's count) — the one shared drawing.
pub fn share_layers<'a>(
    tiles: &mut [Tile],
    pieces: Option<&mut PieceSet>,
    decks: impl IntoIterator<Item = &'a mut Deck>,
) {
    // Each layer with how many faces print it.
    let mut layers: Vec<(&mut Layer, u64)> = Vec::new();
    for tile in tiles.iter_mut() {
        let printed = u64::from(tile.copies);
        let faces = tile.faces.front.iter_mut().chain(tile.faces.back.iter_mut().flatten());
        layers.extend(faces.map(|layer| (layer, printed)));
    }
    if let Some(set) = pieces {
        let group_copies: Vec<u64> = set.groups.iter().map(|g| u64::from(g.copies)).collect();
        for piece in set.pieces.iter_mut() {
            let copies = group_copies.get(piece.group).copied().unwrap_or(1);
            let printed = copies * u64::from(piece.count);
            let faces = piece.front.layers.iter_mut().chain(piece.back.layers.iter_mut());
            layers.extend(faces.map(|layer| (layer, printed)));
        }
    }
    for card in decks.into_iter().flat_map(|deck| deck.cards.iter_mut()) {
        let printed = u64::from(card.count);
        let faces = card.front.iter_mut().chain(card.back.iter_mut().flatten());
        layers.extend(faces.map(|layer| (layer, printed)));
    }
    crate::model::face::share::share_drawings(layers);
}
