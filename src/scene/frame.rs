//! A frame: one piece's layers (art, cut, fold…) in its own coordinates, with its bounds.
//!
//! Compose makes frames (a net, a board); impose places them on pages, whole or in parts.

use kurbo::{Affine, Rect};

use super::{Group, Item, Layer, Role};

/// A piece ready to be placed: layers in mm (y down) and the rectangle they occupy.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub layers: Vec<Layer>,
    pub bounds: Rect,
}

impl Frame {
    /// A frame from `(role, items)` pairs, dropping empty layers.
    pub fn new(layers: Vec<(Role, Vec<Item>)>, bounds: Rect) -> Frame {
        let layers = layers
            .into_iter()
            .filter(|(_, items)| !items.is_empty())
            .map(|(role, items)| Layer { role, items })
            .collect();
        Frame { layers, bounds }
    }

    /// The frame's items of one role, placed by `transform`, as one group (or none).
    pub fn placed(&self, role: Role, transform: Affine) -> Option<Item> {
        let items: Vec<Item> = self
            .layers
            .iter()
            .filter(|layer| layer.role == role)
            .flat_map(|layer| layer.items.iter().cloned())
            .collect();
        (!items.is_empty()).then_some(Item::Group(Group { transform, items }))
    }
}

/// Every role, in drawing order (bottom first).
pub const ROLES: [Role; 4] = [Role::Art, Role::Fold, Role::Cut, Role::Marks];
