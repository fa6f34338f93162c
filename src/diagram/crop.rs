//! What a figure holds: its items cut to its frame by `impose::clip::clip_items`, so a file holds nothing outside the figure.

use kurbo::{Affine, Rect};

use crate::impose::clip::clip_items;
use crate::scene::Item;
use crate::scene::bounds::painted_bounds;

/// The parts of `items` inside `frame`. An item painted wholly inside is kept as it is
/// (groups and curves untouched); one crossing the frame is cut (fills polygon by polygon,
/// strokes segment by segment, as flat shapes: a cut line's width may reach half of it
/// beyond the frame, into the figure's margin); one wholly outside or painting nothing is
/// left out.
pub fn crop_to_frame(items: Vec<Item>, frame: Rect) -> Vec<Item> {
    let mut kept = Vec::with_capacity(items.len());
    for item in items {
        let Some(painted) = painted_bounds(std::slice::from_ref(&item), Affine::IDENTITY) else {
            continue;
        };
        if within(painted, frame) {
            kept.push(item);
        } else {
            kept.extend(clip_items(std::slice::from_ref(&item), Affine::IDENTITY, frame));
        }
    }
    kept
}

/// Whether `inner` lies inside `outer` (edges included).
fn within(inner: Rect, outer: Rect) -> bool {
    inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1
}

#[cfg(test)]
mod tests {
    use kurbo::Shape as _;

    use super::*;
    use crate::scene::{Colour, Group, Shape, Stroke};

    fn square(x: f64, y: f64, side: f64) -> Item {
        let path = Rect::new(x, y, x + side, y + side).to_path(0.1);
        Item::Shape(Shape::filled(path, Colour::BLACK))
    }

    #[test]
    fn items_inside_are_kept_whole_crossing_ones_cut_and_outside_ones_dropped() {
        let frame = Rect::new(0.0, 0.0, 10.0, 10.0);
        let inside = Item::Group(Group {
            transform: Affine::translate((1.0, 1.0)),
            items: vec![square(0.0, 0.0, 2.0)],
        });
        let crossing = square(8.0, 8.0, 4.0);
        let line = {
            let mut path = kurbo::BezPath::new();
            path.move_to((-50.0, 5.0));
            path.line_to((50.0, 5.0));
            Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, 0.5)))
        };
        let outside = square(-30.0, -30.0, 5.0);
        let kept = crop_to_frame(vec![inside.clone(), crossing, line, outside], frame);
        assert_eq!(kept.len(), 3, "{kept:#?}");
        assert_eq!(kept[0], inside);
        // A stroke is cut where its line meets the frame: half its width may reach beyond.
        let painted = painted_bounds(&kept, Affine::IDENTITY).unwrap();
        assert!(within(painted, frame.inflate(0.25, 0.25)), "{painted:?}");
        let Item::Shape(cut) = &kept[1] else { panic!("a shape: {:?}", kept[1]) };
        assert!((cut.path.area().abs() - 4.0).abs() < 1e-6, "the 2 × 2 corner inside");
    }
}
