//! The rectangle scene items paint, stroke widths included, in the frame they are placed in.

use kurbo::{Affine, Rect, Shape as _};

use super::Item;

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
