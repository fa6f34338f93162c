//! Where anchors fall on an outline (`centre`, a corner, an edge's midpoint), and the frame a
//! layer is drawn in once its anchor, turn, inset, offset and rotation are applied.
//!
//! A layer's frame has x to the right and y down. Upright or turned with the item, those are
//! the item's axes (imposition turns upright layers back to the page's, see
//! `Cutout::placed_front`); turned to the edge, y points from the anchor into the outline (towards its centre), so
//! text at an edge reads along it with its foot towards the middle.

use kurbo::{Affine, Point, Vec2};

use crate::geometry::outline::Outline;
use crate::model::face::{Anchor, Placement, Turn};

/// The anchor's point on `outline` and the unit vector from it into the outline (zero at
/// the centre); `None` when the outline has no such corner or edge.
pub fn anchor_point(anchor: Anchor, outline: &Outline) -> Option<(Point, Vec2)> {
    let towards_centre = |p: Point| {
        let v = outline.centre - p;
        if v.hypot() > 1e-12 { v.normalize() } else { Vec2::ZERO }
    };
    match anchor {
        Anchor::Centre => Some((outline.centre, Vec2::ZERO)),
        Anchor::Corner(k) => {
            let p = *outline.corners.get(k)?;
            Some((p, towards_centre(p)))
        }
        Anchor::Edge(k) => {
            let edge = outline.edge(k)?;
            let p = edge.midpoint();
            let along = (edge.p1 - edge.p0).normalize();
            let normal = Vec2::new(-along.y, along.x);
            let inward = if normal.dot(outline.centre - p) >= 0.0 { normal } else { -normal };
            Some((p, inward))
        }
    }
}

/// Where a layer is pinned: its anchor's point moved by the inset (before the offset and
/// rotation, which apply in the layer's frame about this point).
pub fn pinned_at(place: &Placement, outline: &Outline) -> Option<Point> {
    let (point, inward) = anchor_point(place.anchor, outline)?;
    Some(point + inward * place.inset_mm)
}

/// The affine map from a layer's own frame (origin at its anchor, mm) to the item's frame.
pub fn layer_frame(place: &Placement, outline: &Outline) -> Option<Affine> {
    let (_, inward) = anchor_point(place.anchor, outline)?;
    let at = pinned_at(place, outline)?;
    let angle = match place.turn {
        Turn::Edge if inward != Vec2::ZERO => (-inward.x).atan2(inward.y),
        _ => 0.0,
    };
    Some(
        Affine::translate(at.to_vec2())
            * Affine::rotate(angle)
            * Affine::translate(place.offset_mm)
            * Affine::rotate(place.rotate_deg.to_radians()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::polygon::RegularPolygon;

    fn place(anchor: Anchor, turn: Turn) -> Placement {
        Placement { anchor, turn, ..Placement::default() }
    }

    #[test]
    fn edge_anchors_sit_on_edge_midpoints_on_every_shape() {
        for sides in [3, 4, 6] {
            let shape = RegularPolygon::new(sides, 30.0);
            let outline = Outline::regular(shape);
            for k in 0..sides {
                let frame = layer_frame(&place(Anchor::Edge(k), Turn::Edge), &outline).unwrap();
                assert!((frame * Point::ORIGIN).distance(shape.midpoint(k)) < 1e-9);
                // The layer's y axis points to the centre: one apothem in is the centre.
                let inside = frame * Point::new(0.0, shape.apothem());
                assert!(inside.distance(Point::ORIGIN) < 1e-9, "{sides} sides, edge {k}");
            }
            assert!(layer_frame(&place(Anchor::Edge(sides), Turn::Edge), &outline).is_none());
        }
    }

    #[test]
    fn corners_inset_towards_the_centre_and_upright_stays_upright() {
        let outline = Outline::rectangle(40.0, 20.0);
        let mut p = place(Anchor::Corner(0), Turn::Upright);
        p.inset_mm = 5.0;
        let frame = layer_frame(&p, &outline).unwrap();
        let at = frame * Point::ORIGIN;
        let expected = Point::new(-20.0, -10.0) + Vec2::new(20.0, 10.0).normalize() * 5.0;
        assert!(at.distance(expected) < 1e-9);
        // Upright: a step right in the layer is a step right on the item.
        assert!(((frame * Point::new(1.0, 0.0)) - at - Vec2::new(1.0, 0.0)).hypot() < 1e-9);
    }

    #[test]
    fn offset_and_rotation_apply_in_the_layer_frame() {
        let outline = Outline::regular(RegularPolygon::new(4, 20.0));
        let mut p = place(Anchor::Edge(1), Turn::Edge);
        p.offset_mm = Vec2::new(0.0, 3.0);
        p.rotate_deg = 90.0;
        let frame = layer_frame(&p, &outline).unwrap();
        // Edge 2 of a square (index 1) is its right side; 3 mm "down" in its frame is 3 mm
        // to the left on the page.
        let at = frame * Point::ORIGIN;
        assert!(at.distance(Point::new(7.0, 0.0)) < 1e-9, "{at:?}");
    }
}
