//! Draws resolved layers on an outline: each layer's items in its own frame (anchor, turn,
//! inset, offset, rotation), wrapped in one scene group; a face's art keeps where its
//! upright layers are, so imposition can keep them upright on a turned face. A translucent
//! layer (`opacity` below 1) is wrapped, clip and all, in one `Translucent` item.

use kurbo::{Affine, Line, ParamCurveNearest, Point, Shape as _};

use super::anchor::{layer_frame, pinned_at};
use super::image::image_items;
use super::outline_reach::OutlineReach;
use super::pips::pips_items;
use super::shapes::shape_items;
use crate::cutout::{DrawnLayer, UprightLayer};
use crate::geometry::outline::Outline;
use crate::model::face::{Layer, LayerKind, Level, Turn};
use crate::scene::bounds::painted_bounds;
use crate::scene::{Clip, Group, Item, Translucent, Use};

/// A face's items, which of them are upright layers, and where each layer is drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FaceArt {
    pub items: Vec<Item>,
    pub upright: Vec<UprightLayer>,
    pub layers: Vec<DrawnLayer>,
}

impl FaceArt {
    pub fn new(items: Vec<Item>) -> FaceArt {
        FaceArt { items, upright: Vec::new(), layers: Vec::new() }
    }

    /// Appends the layers at `level`, noting the upright ones. With `mirrored`, each layer
    /// is mirrored left to right about its own anchor: for faces placed by a mirroring
    /// transform, so that their text still reads.
    pub fn push_layers(
        &mut self,
        layers: &[Layer],
        outline: &Outline,
        level: Level,
        mirrored: bool,
    ) {
        let inner = if mirrored { Affine::FLIP_X } else { Affine::IDENTITY };
        for (layer, item, at) in placed_layers(layers, outline, level, inner) {
            if layer.place.turn == Turn::Upright {
                self.upright.push(UprightLayer { index: self.items.len(), anchor: at });
            }
            self.layers.push(drawn(self.items.len(), None, outline, layer));
            self.items.push(item);
        }
    }
}

/// Appends the layers at `level` to `items` (a board's or a net's art, many faces in one
/// list), noting where each is drawn in `drawn_layers`.
pub fn push_face_layers(
    items: &mut Vec<Item>,
    drawn_layers: &mut Vec<DrawnLayer>,
    layers: &[Layer],
    outline: &Outline,
    level: Level,
) {
    for (layer, item, _) in placed_layers(layers, outline, level, Affine::IDENTITY) {
        drawn_layers.push(drawn(items.len(), None, outline, layer));
        items.push(item);
    }
}

/// The items of every layer at `level`, in order, each noted as the child `inner` of the
/// top-level item `index` it will be grouped in; a layer whose anchor the outline lacks
/// draws nothing (resolving refuses such anchors on tiles and pieces).
pub fn grouped_face_items(
    layers: &[Layer],
    outline: &Outline,
    level: Level,
    index: usize,
    drawn_layers: &mut Vec<DrawnLayer>,
) -> Vec<Item> {
    let mut items = Vec::new();
    for (layer, item, _) in placed_layers(layers, outline, level, Affine::IDENTITY) {
        drawn_layers.push(drawn(index, Some(items.len()), outline, layer));
        items.push(item);
    }
    items
}

/// The layers at `level` that draw something, each with its item and the point it is
/// pinned at.
fn placed_layers<'a>(
    layers: &'a [Layer],
    outline: &'a Outline,
    level: Level,
    inner: Affine,
) -> impl Iterator<Item = (&'a Layer, Item, Point)> + 'a {
    let at_level = layers.iter().filter(move |layer| layer.level == level);
    let reach = OutlineReach::new(outline);
    at_level.filter_map(move |layer| {
        let (item, at) = layer_item(layer, &reach, outline, inner)?;
        Some((layer, item, at))
    })
}

fn drawn(index: usize, inner: Option<usize>, outline: &Outline, layer: &Layer) -> DrawnLayer {
    DrawnLayer { index, inner, outline: outline.path.clone(), layer: layer.clone() }
}

/// One layer placed by its frame (its shared drawing, or its items in a group), and the
/// point it is pinned at (its anchor moved by the inset); `inner` is applied first, in the layer
/// frame.
fn layer_item(
    layer: &Layer,
    reach: &OutlineReach,
    outline: &Outline,
    inner: Affine,
) -> Option<(Item, Point)> {
    let transform = layer_frame(&layer.place, outline)? * inner;
    let at = pinned_at(&layer.place, outline)?;
    let placed = match &layer.art {
        Some(art) => Item::Use(Use { symbol: art.symbol(|| kind_items(&layer.kind)), transform }),
        None => {
            let items = kind_items(&layer.kind);
            if items.is_empty() {
                return None;
            }
            Item::Group(Group { transform, items })
        }
    };
    // Every layer is clipped to the face where it reaches past it: nothing of it is printed
    // past the outline (a square frame on a rounded card, a square on a counter, a word
    // over a rounded corner).
    let clipped = match layer.kind {
        LayerKind::Image(_) => reaches_past(&placed, at, outline),
        LayerKind::Shape(_) | LayerKind::Pips(_) | LayerKind::Text(_) => {
            reach.ink_reaches_past(&placed)
        }
    };
    let item = match clipped {
        true => Item::Clip(Clip { path: outline.path.clone(), items: vec![placed] }),
        false => placed,
    };
    Some((translucent(item, layer.opacity), at))
}

/// A layer's item laid over the face at its `opacity`: as it is when solid (1), else drawn
/// as one picture and blended in (its stroke does not darken its own fill).
fn translucent(item: Item, opacity: f64) -> Item {
    match opacity < 1.0 {
        true => Item::Translucent(Translucent { opacity, items: vec![item] }),
        false => item,
    }
}

/// Whether `item` could reach past the outline, however it is turned about `at` (upright
/// layers are turned on turned faces): unless the disc about `at` holding its ink lies
/// inside the outline. Outlines without corners (circles) are always assumed reached.
fn reaches_past(item: &Item, at: Point, outline: &Outline) -> bool {
    let Some(ink) = painted_bounds(std::slice::from_ref(item), Affine::IDENTITY) else {
        return false;
    };
    let corners = [(ink.x0, ink.y0), (ink.x1, ink.y0), (ink.x1, ink.y1), (ink.x0, ink.y1)];
    let radius = corners.iter().map(|&c| at.distance(c.into())).fold(0.0, f64::max);
    let n = outline.corners.len();
    if n < 3 || !outline.path.contains(at) {
        return true;
    }
    (0..n).any(|k| {
        let edge = Line::new(outline.corners[k], outline.corners[(k + 1) % n]);
        edge.nearest(at, 1e-9).distance_sq < radius * radius
    })
}

/// What a layer draws, in its own frame.
pub fn kind_items(kind: &LayerKind) -> Vec<Item> {
    match kind {
        LayerKind::Text(text) => super::text::text_items(text),
        LayerKind::Shape(shape) => shape_items(shape),
        LayerKind::Pips(pips) => pips_items(pips),
        LayerKind::Image(image) => image_items(image),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::polygon::RegularPolygon;
    use crate::model::face::{Anchor, Figure, Placement, ShapeLayer, TextLayer, Turn};
    use crate::scene::Colour;
    use crate::text::font::default_font;
    use kurbo::{Point, Rect};

    fn face_items(layers: &[Layer], outline: &Outline, level: Level) -> Vec<Item> {
        let mut art = FaceArt::default();
        art.push_layers(layers, outline, level, false);
        art.items
    }

    fn placed_bounds(item: &Item) -> Rect {
        // A shape half past the outline (on an edge or a corner) is clipped to it.
        if let Item::Clip(clip) = item {
            return placed_bounds(&clip.items[0]);
        }
        let Item::Group(group) = item else { panic!("a group") };
        let Item::Shape(shape) = &group.items[0] else { panic!("a shape") };
        (group.transform * shape.path.clone()).bounding_box()
    }

    fn square(anchor: Anchor, level: Level) -> Layer {
        Layer {
            label: "test".into(),
            position: Default::default(),
            level,
            place: Placement { anchor, turn: Turn::Upright, ..Placement::default() },
            kind: LayerKind::Shape(ShapeLayer {
                figure: Figure::Rectangle { radius_mm: 0.0 },
                width_mm: 6.0,
                height_mm: 6.0,
                fill: Some(Colour::BLACK),
                stroke: None,
                hatched: false,
            }),
            art: None,
            decorative: false,
            opacity: 1.0,
        }
    }

    #[test]
    fn a_shape_measures_its_size_at_its_anchor_on_every_outline() {
        for sides in [3, 4, 6] {
            let shape = RegularPolygon::new(sides, 30.0);
            let outline = Outline::regular(shape);
            for (anchor, at) in [
                (Anchor::Centre, Point::ORIGIN),
                (Anchor::Edge(1), shape.midpoint(1)),
                (Anchor::Corner(2), shape.corners()[2]),
            ] {
                let items = face_items(&[square(anchor, Level::Above)], &outline, Level::Above);
                let clipped = matches!(items[0], Item::Clip(_));
                assert_eq!(clipped, anchor != Anchor::Centre, "{sides} {anchor:?}");
                let bounds = placed_bounds(&items[0]);
                assert!((bounds.width() - 6.0).abs() < 1e-9, "{sides} {anchor:?}");
                assert!(bounds.center().distance(at) < 1e-9, "{sides} {anchor:?}");
            }
        }
    }

    #[test]
    fn levels_split_the_layers_and_missing_anchors_draw_nothing() {
        let outline = Outline::regular(RegularPolygon::new(3, 30.0));
        let layers = [square(Anchor::Centre, Level::Below), square(Anchor::Edge(5), Level::Above)];
        assert_eq!(face_items(&layers, &outline, Level::Below).len(), 1);
        assert!(face_items(&layers, &outline, Level::Above).is_empty());
    }

    #[test]
    fn text_turned_to_an_edge_reads_along_it() {
        let shape = RegularPolygon::new(4, 40.0);
        let outline = Outline::regular(shape);
        let text = Layer {
            place: Placement {
                anchor: Anchor::Edge(1),
                turn: Turn::Edge,
                inset_mm: 5.0,
                ..Placement::default()
            },
            kind: LayerKind::Text(TextLayer::plain(
                "HEXHEX".into(),
                default_font(),
                4.0,
                Colour::BLACK,
            )),
            ..square(Anchor::Centre, Level::Above)
        };
        let bounds = placed_bounds(&face_items(&[text], &outline, Level::Above)[0]);
        // Edge 2 is the right side: the word runs down it, 4 mm across, 5 mm in.
        assert!((bounds.width() - 4.0).abs() < 0.01 && bounds.height() > 15.0, "{bounds:?}");
        assert!((bounds.center().x - 15.0).abs() < 0.01, "{bounds:?}");
    }
}
