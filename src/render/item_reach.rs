//! Where each of a list of scene items may paint, worked out once, so an image drawn strip by strip draws into each strip only the items that reach it without walking the others.
//!
//! The boxes are conservative: a path's control points (which hold its curves), widened by
//! its stroke's half width times √2 (a square cap's corner), carried through each group's
//! and symbol's transform as rectangles. An item left out of a strip paints nothing there,
//! so the strips are the same as when every item is walked.

use std::collections::HashMap;
use std::sync::Arc;

use kurbo::{Affine, Rect};

use crate::scene::{Item, Symbol};

/// How far past its box an item's anti-aliased edge may touch, in pixels.
const EDGE_PX: f64 = 2.0;

/// The box each item of a list may paint within, in the list's frame (`None`: it paints
/// nothing).
#[derive(Debug)]
pub struct ItemReach {
    boxes: Vec<Option<Rect>>,
}

impl ItemReach {
    /// The boxes of `items`, each symbol measured once.
    pub fn of(items: &[Item]) -> ItemReach {
        let mut symbols = HashMap::new();
        ItemReach { boxes: items.iter().map(|item| reach_box(item, &mut symbols)).collect() }
    }

    /// The items of `items` (the list this was made of) that may paint on a `width` ×
    /// `height` pixel target once `transform` carries them into its pixels.
    pub fn reaching<'a>(
        &'a self,
        items: &'a [Item],
        transform: Affine,
        (width, height): (u32, u32),
    ) -> impl Iterator<Item = &'a Item> + 'a {
        let (width, height) = (f64::from(width), f64::from(height));
        items.iter().zip(&self.boxes).filter_map(move |(item, reach)| {
            let pixels = transform.transform_rect_bbox((*reach)?).inflate(EDGE_PX, EDGE_PX);
            // A NaN anywhere compares false: such an item is left to the drawing's checks.
            let misses =
                pixels.x1 < 0.0 || pixels.y1 < 0.0 || pixels.x0 > width || pixels.y0 > height;
            (!misses).then_some(item)
        })
    }
}

/// Symbols already measured, by identity.
type SymbolBoxes = HashMap<*const Symbol, Option<Rect>>;

/// What `item` may paint within, in its frame.
fn reach_box(item: &Item, symbols: &mut SymbolBoxes) -> Option<Rect> {
    match item {
        Item::Shape(shape) => {
            let width = shape.stroke.as_ref().and_then(|stroke| stroke.painted_width_mm());
            let reach = width.map_or(0.0, |w| w / 2.0 * std::f64::consts::SQRT_2);
            Some(shape.path.control_box().inflate(reach, reach))
        }
        Item::Group(group) => union(group.items.iter().map(|item| reach_box(item, symbols)))
            .map(|inner| group.transform.transform_rect_bbox(inner)),
        Item::Use(used) => {
            let key = Arc::as_ptr(&used.symbol);
            let inner = match symbols.get(&key) {
                Some(known) => *known,
                None => {
                    let measured = union(used.symbol.items.iter().map(|i| reach_box(i, symbols)));
                    symbols.insert(key, measured);
                    measured
                }
            };
            inner.map(|inner| used.transform.transform_rect_bbox(inner))
        }
        Item::Image(raster) => Some(raster.rect),
        // Whatever the clip, its items paint within their own boxes.
        Item::Clip(clip) => union(clip.items.iter().map(|item| reach_box(item, symbols))),
        Item::Translucent(veil) => union(veil.items.iter().map(|item| reach_box(item, symbols))),
    }
}

fn union(boxes: impl Iterator<Item = Option<Rect>>) -> Option<Rect> {
    boxes.flatten().reduce(|a, b| a.union(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Group, Shape, Stroke, Use};
    use kurbo::{BezPath, Shape as _};

    fn square_at(x: f64, y: f64) -> Item {
        let square = Rect::new(-1.0, -1.0, 1.0, 1.0).to_path(0.1);
        Item::Group(Group {
            transform: Affine::translate((x, y)),
            items: vec![Item::Shape(Shape::filled(square, Colour::BLACK))],
        })
    }

    #[test]
    fn only_the_items_whose_boxes_reach_the_target_are_drawn() {
        let items: Vec<Item> = (0..10).map(|k| square_at(5.0, f64::from(k) * 10.0)).collect();
        let reach = ItemReach::of(&items);
        // A strip of rows 300 to 449 of a 10 px-per-mm drawing: the squares at 30 and 40 mm,
        // and none further than the anti-aliased edge.
        let strip = Affine::translate((0.0, -300.0)) * Affine::scale(10.0);
        let drawn: Vec<_> = reach.reaching(&items, strip, (100, 150)).collect();
        assert_eq!(drawn, [&items[3], &items[4]]);
        let top = reach.reaching(&items, Affine::scale(10.0), (100, 5)).count();
        assert_eq!(top, 1, "only the square across the top edge");
    }

    #[test]
    fn strokes_symbols_and_turns_widen_the_boxes_and_empty_groups_reach_nothing() {
        let mut line = BezPath::new();
        line.move_to((0.0, 0.0));
        line.line_to((10.0, 0.0));
        let stroke = Stroke::solid(Colour::BLACK, 2.0);
        let stroked = Item::Shape(Shape { path: line, fill: None, stroke: Some(stroke) });
        let symbol = Arc::new(Symbol { name: "line".into(), items: vec![stroked] });
        let items = vec![
            Item::Use(Use { symbol: symbol.clone(), transform: Affine::rotate(0.5) }),
            Item::Group(Group { transform: Affine::IDENTITY, items: vec![] }),
            Item::Use(Use { symbol, transform: Affine::translate((0.0, 50.0)) }),
        ];
        let reach = ItemReach::of(&items);
        let half = std::f64::consts::SQRT_2;
        assert_eq!(reach.boxes[1], None);
        let moved = reach.boxes[2].expect("a box");
        assert!((moved.y0 - (50.0 - half)).abs() < 1e-9 && (moved.x1 - (10.0 + half)).abs() < 1e-9);
        // Turned half a radian, the line's far end is 4.8 mm down.
        let turned = reach.boxes[0].expect("a box");
        assert!(turned.y1 > 10.0 * 0.5_f64.sin() + 1.0, "{turned:?}");
    }
}
