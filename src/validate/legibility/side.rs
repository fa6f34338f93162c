//! One side of a cutout as the check sees it, and the items drawn behind a layer and over
//! it there.

use kurbo::{Affine, Rect};

use crate::cutout::DrawnLayer;
use crate::scene::Item;
use crate::scene::bounds::painted_bounds;

/// One side of a cutout as the check sees it.
pub struct Side<'a> {
    pub items: &'a [Item],
    pub layers: &'a [DrawnLayer],
    /// How far inside each face's outline text and icons must stay, in mm.
    pub safe_mm: f64,
    /// What one item is called in messages (`card`, `tile`).
    pub noun: &'a str,
    /// Whether text crossing the lines behind it is a problem: on faces, yes; a diagram's
    /// labels lie across the art they point at by design.
    pub crossings: bool,
    /// What each of `items` paints ([`painted_bounds`]), worked out once for every layer
    /// of the side.
    bounds: Vec<Option<Rect>>,
}

impl<'a> Side<'a> {
    pub fn new(
        items: &'a [Item],
        layers: &'a [DrawnLayer],
        safe_mm: f64,
        noun: &'a str,
        crossings: bool,
    ) -> Side<'a> {
        let bounds = (items.iter())
            .map(|item| painted_bounds(std::slice::from_ref(item), Affine::IDENTITY))
            .collect();
        Side { items, layers, safe_mm, noun, crossings, bounds }
    }
}

/// The layer's item and the transform placing it (and its face's outline) on the side.
pub fn placed<'a>(side: &Side<'a>, drawn: &DrawnLayer) -> Option<(&'a Item, Affine)> {
    let top = side.items.get(drawn.index)?;
    match (drawn.inner, top) {
        (None, item) => Some((item, Affine::IDENTITY)),
        (Some(inner), Item::Group(group)) => Some((group.items.get(inner)?, group.transform)),
        (Some(_), _) => None,
    }
}

/// An item drawn on the same side as a layer: how it is placed, what it paints, the layer
/// it draws (if it is one) and whether it is the side's first item (its background).
pub struct Neighbour<'a> {
    pub item: &'a Item,
    pub transform: Affine,
    pub bounds: Option<Rect>,
    pub layer: Option<&'a DrawnLayer>,
    pub first: bool,
}

/// The items drawn behind `drawn` and over it, in drawing order: the side's top-level
/// items, and for a layer inside a group (a track's cell) the group's other children too.
pub fn neighbours<'a>(
    side: &Side<'a>,
    drawn: &DrawnLayer,
) -> (Vec<Neighbour<'a>>, Vec<Neighbour<'a>>) {
    let layer_at = |index: usize, inner: Option<usize>| {
        side.layers.iter().find(|l| l.index == index && l.inner == inner)
    };
    let top = |index: usize| {
        side.items.get(index).map(|item| Neighbour {
            item,
            transform: Affine::IDENTITY,
            bounds: side.bounds.get(index).copied().flatten(),
            layer: layer_at(index, None),
            first: index == 0,
        })
    };
    let mut behind: Vec<Neighbour<'a>> = (0..drawn.index).filter_map(top).collect();
    let mut over: Vec<Neighbour<'a>> = Vec::new();
    if let (Some(inner), Some(Item::Group(group))) = (drawn.inner, side.items.get(drawn.index)) {
        for (k, item) in group.items.iter().enumerate().filter(|(k, _)| *k != inner) {
            let layer = layer_at(drawn.index, Some(k));
            let transform = group.transform;
            let bounds = painted_bounds(std::slice::from_ref(item), transform);
            let neighbour = Neighbour { item, transform, bounds, layer, first: false };
            if k < inner { behind.push(neighbour) } else { over.push(neighbour) }
        }
    }
    over.extend((drawn.index + 1..side.items.len()).filter_map(top));
    (behind, over)
}
