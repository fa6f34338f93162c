//! The rectangle scene items paint, stroke widths included, in the frame they are placed in.

use kurbo::{Affine, Rect, Shape as _};

use super::Item;

/// Everything the items paint, stroke widths included, or `None` when they paint nothing.
pub fn painted_bounds(items: &[Item], transform: Affine) -> Option<Rect> {
    bounds_by(items, transform, path_bounds)
}

/// A rectangle holding everything the items paint, found from their paths' control points
/// without following a curve: `painted_bounds` or larger, `None` when they paint nothing.
pub fn painted_control_bounds(items: &[Item], transform: Affine) -> Option<Rect> {
    bounds_by(items, transform, |path, transform| transform.transform_rect_bbox(path.control_box()))
}

/// The union of what the items paint, each path's box in the frame of `transform` found
/// by `path_box`.
fn bounds_by(
    items: &[Item],
    transform: Affine,
    path_box: fn(&kurbo::BezPath, Affine) -> Rect,
) -> Option<Rect> {
    let mut all: Option<Rect> = None;
    for item in items {
        let rect = match item {
            Item::Shape(shape) => {
                let pad = shape
                    .stroke
                    .as_ref()
                    .map_or(0.0, |s| s.width_mm * transform.determinant().abs().sqrt() / 2.0);
                Some(path_box(&shape.path, transform).inflate(pad, pad))
            }
            Item::Group(group) => bounds_by(&group.items, transform * group.transform, path_box),
            Item::Use(used) => bounds_by(&used.symbol.items, transform * used.transform, path_box),
            Item::Image(raster) => Some(transform.transform_rect_bbox(raster.rect)),
            Item::Clip(clip) => bounds_by(&clip.items, transform, path_box)
                .map(|inner| inner.intersect(path_box(&clip.path, transform))),
            Item::Translucent(veil) => bounds_by(&veil.items, transform, path_box),
        };
        all = match (all, rect) {
            (Some(a), Some(b)) => Some(a.union(b)),
            (a, b) => a.or(b),
        };
    }
    all
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
    use crate::scene::{Colour, Group, Shape};
    use kurbo::{BezPath, Circle, Point};

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
}
