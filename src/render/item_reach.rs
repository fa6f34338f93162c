//! Where each of a list of scene items may paint, worked out once, so an image drawn strip by strip draws into each strip only the items that reach it without walking the others.
//!
//! The boxes are `scene::bounds::ReachBoxes`, the conservative boxes the outline check uses
//! too: a path's control points (which hold its curves), widened by how far its stroke
//! reaches (half its width, a square cap's corner half the width times √2), carried through
//! each group's and symbol's transform as rectangles. An item left out of a strip paints
//! nothing there, so the strips are the same as when every item is walked.

use kurbo::{Affine, Rect};

use crate::scene::Item;
use crate::scene::bounds::ReachBoxes;

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
        let mut boxes = ReachBoxes::default();
        ItemReach { boxes: items.iter().map(|item| boxes.reach(item)).collect() }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Group, Shape, Stroke, Symbol, Use};
    use kurbo::{BezPath, Shape as _};
    use std::sync::Arc;

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
        // Half the 2 mm width past the line (its ends are butt).
        let half = 1.0;
        assert_eq!(reach.boxes[1], None);
        let moved = reach.boxes[2].expect("a box");
        assert!((moved.y0 - (50.0 - half)).abs() < 1e-9 && (moved.x1 - (10.0 + half)).abs() < 1e-9);
        // Turned half a radian, the line's far end is 4.8 mm down.
        let turned = reach.boxes[0].expect("a box");
        assert!(turned.y1 > 10.0 * 0.5_f64.sin() + 1.0, "{turned:?}");
    }
}
