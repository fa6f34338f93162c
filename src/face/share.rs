//! Layers drawn the same on several faces — a title on every back, an icon in every corner —
//! are drawn once into a scene symbol and placed on each face, so the PDF and SVG store
//! them once. A layer found on one face only stays inline.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::Layer;
use super::draw::kind_items;
use crate::model::cards::Deck;
use crate::model::design::Tile;
use crate::model::pieces::PieceSet;
use crate::scene::Symbol;

/// Gives every layer whose drawing appears on two or more faces — of tiles, pieces, cards
/// and counters — the one shared symbol.
pub fn share_layers<'a>(
    tiles: &mut [Tile],
    pieces: Option<&mut PieceSet>,
    decks: impl IntoIterator<Item = &'a mut Deck>,
) {
    let mut layers: Vec<&mut Layer> = Vec::new();
    for tile in tiles.iter_mut() {
        layers.extend(tile.faces.front.iter_mut());
        layers.extend(tile.faces.back.iter_mut().flatten());
    }
    for piece in pieces.into_iter().flat_map(|set| set.pieces.iter_mut()) {
        layers.extend(piece.front.layers.iter_mut());
        layers.extend(piece.back.layers.iter_mut());
    }
    for card in decks.into_iter().flat_map(|deck| deck.cards.iter_mut()) {
        layers.extend(card.front.iter_mut());
        layers.extend(card.back.iter_mut().flatten());
    }
    // Equal drawings have equal descriptions (texts, fonts and images by name, sizes,
    // colours); the key orders them deterministically.
    let keys: Vec<String> = layers.iter().map(|layer| format!("{:?}", layer.kind)).collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for key in &keys {
        *counts.entry(key).or_default() += 1;
    }
    let mut symbols: BTreeMap<&str, Arc<Symbol>> = BTreeMap::new();
    for (layer, key) in layers.into_iter().zip(&keys) {
        if counts.get(key.as_str()).copied().unwrap_or(0) < 2 {
            continue;
        }
        let symbol = symbols.entry(key).or_insert_with(|| {
            let name = format!("{} ({})", layer.label, layer.kind.name());
            Arc::new(Symbol { name, items: kind_items(&layer.kind) })
        });
        layer.art = Some(symbol.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::{Figure, LayerKind, Level, Placement, ShapeLayer};
    use crate::scene::Colour;

    fn circle(size: f64) -> Layer {
        Layer {
            label: "layer 1".into(),
            position: Default::default(),
            level: Level::Above,
            place: Placement::default(),
            kind: LayerKind::Shape(ShapeLayer {
                figure: Figure::Circle,
                width_mm: size,
                height_mm: size,
                fill: Some(Colour::BLACK),
                stroke: None,
            }),
            art: None,
        }
    }

    fn tile(layers: Vec<Layer>) -> Tile {
        Tile {
            faces: crate::face::ItemFaces { front: layers, back: None },
            ..Tile::plain(1, Vec::new(), Vec::new())
        }
    }

    #[test]
    fn equal_layers_share_one_symbol_and_single_ones_stay_inline() {
        let mut tiles = vec![tile(vec![circle(3.0), circle(5.0)]), tile(vec![circle(3.0)])];
        share_layers(&mut tiles, None, []);
        let (a, b) = (&tiles[0].faces.front[0].art, &tiles[1].faces.front[0].art);
        assert!(Arc::ptr_eq(a.as_ref().unwrap(), b.as_ref().unwrap()));
        assert!(tiles[0].faces.front[1].art.is_none(), "on one face only");
    }
}
