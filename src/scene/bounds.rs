//! The rectangle scene items paint, stroke widths included, in the frame they are placed in.

use std::collections::HashMap;
use std::sync::Arc;

use kurbo::{Affine, Rect, Shape as _};

use super::{Item, LineCap, Stroke, Symbol};

/// Everything the items paint, stroke widths included, or `None` when they paint nothing.
pub fn painted_bounds(items: &[Item], transform: Affine) -> Option<Rect> {
    let mut all: Option<Rect> = None;
    for item in items {
        let rect = match item {
            Item::Shape(shape) => {
                let pad = shape
                    .stroke
                    .as_ref()
                    .map_or(0.0, |s| s.width_mm * transform.determinant().abs().sqrt() / 2.0);
                Some(path_bounds(&shape.path, transform).inflate(pad, pad))
            }
            Item::Group(group) => painted_bounds(&group.items, transform * group.transform),
            Item::Use(used) => painted_bounds(&used.symbol.items, transform * used.transform),
            Item::Image(raster) => Some(transform.transform_rect_bbox(raster.rect)),
            Item::Clip(clip) => painted_bounds(&clip.items, transform)
                .map(|inner| inner.intersect(path_bounds(&clip.path, transform))),
            Item::Translucent(veil) => painted_bounds(&veil.items, transform),
        };
        all = union([all, rect].into_iter());
    }
    all
}

/// A rectangle holding everything the items may paint, found from their paths' control
/// points without following a curve ([`ReachBoxes`]): `painted_bounds` or larger, `None`
/// when they paint nothing.
pub fn painted_control_bounds(items: &[Item], transform: Affine) -> Option<Rect> {
    let mut boxes = ReachBoxes::default();
    union(items.iter().map(|item| boxes.reach(item)))
        .map(|inner| transform.transform_rect_bbox(inner))
}

/// Where items may paint, told without following a curve and each symbol measured once
/// however often it is used: the box the renderers draw an item within, and the box a
/// layer's ink is checked against its outline with.
#[derive(Debug, Default)]
pub struct ReachBoxes {
    /// Symbols already measured, by identity.
    symbols: HashMap<*const Symbol, Option<Rect>>,
}

impl ReachBoxes {
    /// A rectangle in `item`'s frame that holds everything it may paint (`None`: it paints
    /// nothing): a path's control points (which hold its curves) widened by its stroke's
    /// [`stroke_reach`], an image's rectangle, a clip's items within its path's control
    /// points, carried through each group's and symbol's transform as rectangles.
    pub fn reach(&mut self, item: &Item) -> Option<Rect> {
        match item {
            Item::Shape(shape) => {
                let reach = shape.stroke.as_ref().map_or(0.0, stroke_reach);
                Some(shape.path.control_box().inflate(reach, reach))
            }
            Item::Group(group) => {
                self.union(&group.items).map(|inner| group.transform.transform_rect_bbox(inner))
            }
            Item::Use(used) => {
                let key = Arc::as_ptr(&used.symbol);
                let inner = match self.symbols.get(&key) {
                    Some(known) => *known,
                    None => {
                        let measured = self.union(&used.symbol.items);
                        self.symbols.insert(key, measured);
                        measured
                    }
                };
                inner.map(|inner| used.transform.transform_rect_bbox(inner))
            }
            Item::Image(raster) => Some(raster.rect),
            Item::Clip(clip) => {
                self.union(&clip.items).map(|inner| inner.intersect(clip.path.control_box()))
            }
            Item::Translucent(veil) => self.union(&veil.items),
        }
    }

    fn union(&mut self, items: &[Item]) -> Option<Rect> {
        union(items.iter().map(|item| self.reach(item)))
    }
}

/// How far past its path (in the path's frame) a stroke may paint: half its width, and
/// with square caps half its width times √2 — a square cap reaches half the width past the
/// end and half the width to either side, so at an end turned 45° its corner lies that far
/// along an axis. Joins are round in every backend and round caps are half discs, both
/// within half the width of the path. 0 for a stroke that paints nothing.
pub fn stroke_reach(stroke: &Stroke) -> f64 {
    let Some(width) = stroke.painted_width_mm() else { return 0.0 };
    match stroke.cap {
        LineCap::Square => width / 2.0 * std::f64::consts::SQRT_2,
        LineCap::Butt | LineCap::Round => width / 2.0,
    }
}

fn union(boxes: impl Iterator<Item = Option<Rect>>) -> Option<Rect> {
    boxes.flatten().reduce(|a, b| a.union(b))
}

/// The bounding box of `path` placed by `transform`: when the transform keeps axes
/// (scales and moves), the placed box of the path's box, without copying the path.
fn path_bounds(path: &kurbo::BezPath, transform: Affine) -> Rect {
    let [_, b, c, _, _, _] = transform.as_coeffs();
    if b == 0.0 && c == 0.0 {
        transform.transform_rect_bbox(path.bounding_box())
    } else {
        (transform * path.clone()).bounding_box()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Group, Shape, Use};
    use kurbo::{BezPath, Circle, Point, Vec2};

    #[test]
    fn the_control_bounds_hold_the_painted_bounds_of_a_turned_curve() {
        let mut arch = BezPath::new();
        arch.move_to((0.0, 0.0));
        arch.curve_to((0.0, 10.0), (10.0, 10.0), (10.0, 0.0));
        arch.close_path();
        let disc = Circle::new(Point::new(20.0, 0.0), 3.0).to_path(1e-4);
        let items = [Item::Group(Group {
            transform: Affine::rotate(0.3).then_translate((5.0, 5.0).into()),
            items: vec![
                Item::Shape(Shape::filled(arch, Colour::BLACK)),
                Item::Shape(Shape::filled(disc, Colour::BLACK)),
            ],
        })];
        let exact = painted_bounds(&items, Affine::IDENTITY).expect("paints");
        let control = painted_control_bounds(&items, Affine::IDENTITY).expect("paints");
        assert_eq!(control.union(exact), control);
        // The arch's control points stand 2.5 mm above its top.
        assert!(control.height() > exact.height() + 1.0, "{control:?} {exact:?}");
        assert_eq!(painted_control_bounds(&[], Affine::IDENTITY), None);
    }

    fn line(from: (f64, f64), to: (f64, f64), width: f64, cap: LineCap) -> Item {
        let mut path = BezPath::new();
        path.move_to(from);
        path.line_to(to);
        let stroke = Stroke { cap, ..Stroke::solid(Colour::BLACK, width) };
        Item::Shape(Shape { path, fill: None, stroke: Some(stroke) })
    }

    #[test]
    fn a_stroke_reaches_half_its_width_and_a_square_cap_its_corner() {
        // A line 2 mm wide to (10, 10), its end turned 45°: a square cap's far corner is
        // (10 + √2, 10), a butt end's corners lie 1/√2 mm either side of the end.
        let root_two = std::f64::consts::SQRT_2;
        for (cap, past) in
            [(LineCap::Butt, 1.0), (LineCap::Round, 1.0), (LineCap::Square, root_two)]
        {
            let item = line((0.0, 0.0), (10.0, 10.0), 2.0, cap);
            let reach = painted_control_bounds(std::slice::from_ref(&item), Affine::IDENTITY);
            assert_eq!(reach, Some(Rect::new(-past, -past, 10.0 + past, 10.0 + past)), "{cap:?}");
        }
        let square = line((0.0, 0.0), (10.0, 10.0), 2.0, LineCap::Square);
        let reach = painted_control_bounds(&[square], Affine::IDENTITY).unwrap();
        let (along, aside) = (Vec2::new(1.0, 1.0) / root_two, Vec2::new(1.0, -1.0) / root_two);
        let corner = Point::new(10.0, 10.0) + along + aside;
        assert!(reach.inflate(1e-12, 1e-12).contains(corner), "{corner:?} {reach:?}");
        // A stroke that paints nothing reaches no further than its path.
        for width in [0.0, -1.0, f64::NAN] {
            let nothing = line((0.0, 0.0), (10.0, 0.0), width, LineCap::Square);
            let reach = painted_control_bounds(&[nothing], Affine::IDENTITY);
            assert_eq!(reach, Some(Rect::new(0.0, 0.0, 10.0, 0.0)), "{width}");
        }
    }

    #[test]
    fn groups_symbols_and_clips_carry_the_boxes_as_rectangles() {
        let symbol = Arc::new(Symbol {
            name: "line".into(),
            items: vec![line((0.0, 0.0), (10.0, 0.0), 2.0, LineCap::Butt)],
        });
        let used = |transform| Item::Use(Use { symbol: symbol.clone(), transform });
        let clip = Item::Clip(crate::scene::Clip {
            path: Rect::new(2.0, -5.0, 4.0, 5.0).to_path(0.1),
            items: vec![used(Affine::IDENTITY)],
        });
        let items = [
            used(Affine::translate((0.0, 50.0))),
            Item::Group(Group { transform: Affine::IDENTITY, items: vec![] }),
            used(Affine::rotate(std::f64::consts::FRAC_PI_2)),
            clip,
        ];
        let mut boxes = ReachBoxes::default();
        let reach: Vec<Option<Rect>> = items.iter().map(|item| boxes.reach(item)).collect();
        assert_eq!(reach[0], Some(Rect::new(-1.0, 49.0, 11.0, 51.0)));
        assert_eq!(reach[1], None, "an empty group paints nothing");
        // Turned a quarter: the box of the turned box.
        let turned = reach[2].unwrap();
        assert!((turned.x0 + 1.0).abs() < 1e-9 && (turned.y1 - 11.0).abs() < 1e-9, "{turned:?}");
        assert_eq!(reach[3], Some(Rect::new(2.0, -1.0, 4.0, 1.0)), "cut to the clip");
        // The control bounds of a list: the union of its boxes, placed.
        let placed = Affine::scale(2.0);
        let all = reach.iter().flatten().copied().reduce(|a, b| a.union(b)).unwrap();
        let bounds = painted_control_bounds(&items, placed);
        assert_eq!(bounds, Some(placed.transform_rect_bbox(all)));
    }
}
