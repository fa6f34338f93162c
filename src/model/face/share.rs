//! Layers drawn the same on several printed faces — a title on every back, an icon in every
//! corner, a card's rank on each of its copies — share one drawing: drawn once into a scene
//! symbol (by `compose::layers`, on first use) and placed on each face, so the PDF and SVG
//! store it once. A layer printed on one face only stays inline.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::model::face::Layer;
use crate::scene::{Item, Symbol};

/// The one drawing of layers that are the same on several faces.
pub struct SharedArt {
    /// How the stored symbol is named: `layer 1 of template "back" (text)`.
    pub name: String,
    drawn: OnceLock<Arc<Symbol>>,
}

impl SharedArt {
    pub fn new(name: String) -> SharedArt {
        SharedArt { name, drawn: OnceLock::new() }
    }

    /// The symbol, its items made by `draw` the first time it is asked for.
    pub fn symbol(&self, draw: impl FnOnce() -> Vec<Item>) -> Arc<Symbol> {
        let symbol =
            self.drawn.get_or_init(|| Arc::new(Symbol { name: self.name.clone(), items: draw() }));
        symbol.clone()
    }
}

impl PartialEq for SharedArt {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl fmt::Debug for SharedArt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SharedArt({:?}, drawn: {})", self.name, self.drawn.get().is_some())
    }
}

/// Gives every layer whose drawing is printed on two or more faces the one shared drawing:
/// `layers` holds every printed face's layers, each with how many faces print it.
pub fn share_drawings(layers: Vec<(&mut Layer, u64)>) {
    // Equal drawings have equal descriptions (texts, fonts and images by name, sizes,
    // colours); the key orders them deterministically.
    let keys: Vec<String> = layers.iter().map(|(layer, _)| format!("{:?}", layer.kind)).collect();
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    for (key, (_, printed)) in keys.iter().zip(&layers) {
        *counts.entry(key).or_default() += printed;
    }
    let mut shared: BTreeMap<&str, Arc<SharedArt>> = BTreeMap::new();
    for ((layer, _), key) in layers.into_iter().zip(&keys) {
        if counts.get(key.as_str()).copied().unwrap_or(0) < 2 {
            continue;
        }
        let art = shared.entry(key).or_insert_with(|| {
            Arc::new(SharedArt::new(format!("{} ({})", layer.label, layer.kind.name())))
        });
        layer.art = Some(art.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::design::printed_layers::share_layers;
    use crate::model::face::{Figure, LayerKind, Level, Placement, ShapeLayer};
    use crate::model::rules::tile_set::Tile;
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
                hatched: false,
            }),
            art: None,
            decorative: false,
            opacity: 1.0,
        }
    }

    fn tile(layers: Vec<Layer>) -> Tile {
        Tile {
            faces: crate::model::face::ItemFaces { front: layers, ..Default::default() },
            ..Tile::plain(1, Vec::new(), Vec::new())
        }
    }

    #[test]
    fn equal_layers_share_one_drawing_and_single_ones_stay_inline() {
        let mut tiles = vec![tile(vec![circle(3.0), circle(5.0)]), tile(vec![circle(3.0)])];
        share_layers(&mut tiles, None, []);
        let (a, b) = (&tiles[0].faces.front[0].art, &tiles[1].faces.front[0].art);
        assert!(Arc::ptr_eq(a.as_ref().unwrap(), b.as_ref().unwrap()));
        assert!(tiles[0].faces.front[1].art.is_none(), "on one face only");
    }

    #[test]
    fn a_layer_on_a_tile_printed_twice_is_shared_by_its_copies() {
        let mut tiles = vec![tile(vec![circle(3.0)]), tile(vec![circle(5.0)])];
        tiles[0].copies = 2;
        share_layers(&mut tiles, None, []);
        assert!(tiles[0].faces.front[0].art.is_some(), "printed on two faces");
        assert!(tiles[1].faces.front[0].art.is_none(), "printed on one face");
    }

    #[test]
    fn a_shared_drawing_is_drawn_once() {
        let art = SharedArt::new("layer 1 (shape)".into());
        let first = art.symbol(Vec::new);
        let again = art.symbol(|| panic!("drawn twice"));
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.name, "layer 1 (shape)");
    }
}
