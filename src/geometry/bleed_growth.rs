//! The map that grows an outline about its centre so that every edge moves outward by a bleed: the art of a face carried past its cut.

use kurbo::{Affine, Line, Shape as _, Vec2};

use super::outline::Outline;

/// The affine map about `outline`'s centre that moves each of its edges outward by exactly
/// `bleed_mm`: a circle and a regular polygon (every edge as far from the centre) grown
/// evenly, an upright rectangle (a card, rounded or not) grown on each axis by its own
/// factor. `None` for other outlines (polyomino pieces, irregular polygons), which have no
/// such map, and for a bleed that is not positive.
pub fn bleed_growth(outline: &Outline, bleed_mm: f64) -> Option<Affine> {
    if bleed_mm.is_nan() || bleed_mm <= 0.0 {
        return None;
    }
    let centre = outline.centre.to_vec2();
    let about = |scale: Affine| Affine::translate(centre) * scale * Affine::translate(-centre);
    let corners = &outline.corners;
    if corners.is_empty() {
        let radius = outline.path.bounding_box().width() / 2.0;
        return (radius > 0.0).then(|| about(even_growth(radius, bleed_mm)));
    }
    let bounds = outline.path.bounding_box();
    let upright_rectangle = corners.len() == 4
        && corners.iter().all(|c| {
            let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
            (near(c.x, bounds.x0) || near(c.x, bounds.x1))
                && (near(c.y, bounds.y0) || near(c.y, bounds.y1))
        });
    if upright_rectangle {
        let (width, height) = (bounds.width(), bounds.height());
        let grow = Affine::scale_non_uniform(
            (width + 2.0 * bleed_mm) / width,
            (height + 2.0 * bleed_mm) / height,
        );
        return (width > 0.0 && height > 0.0).then(|| about(grow));
    }
    // A regular polygon: every edge line as far from the centre.
    let distances: Vec<f64> = (0..corners.len())
        .map(|k| {
            let edge = Line::new(corners[k], corners[(k + 1) % corners.len()]);
            let along: Vec2 = edge.p1 - edge.p0;
            along.cross(outline.centre - edge.p0).abs() / along.length()
        })
        .collect();
    let apothem = distances[0];
    let even = distances.iter().all(|d| (d - apothem).abs() < 1e-6 * apothem.max(1.0));
    (even && apothem > 0.0).then(|| about(even_growth(apothem, bleed_mm)))
}

/// The scale about the centre that moves every edge `apothem` mm from it (every side of a
/// regular polygon, or a circle's rim) outward by exactly `bleed_mm`.
pub fn even_growth(apothem: f64, bleed_mm: f64) -> Affine {
    Affine::scale((apothem + bleed_mm) / apothem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::polygon::RegularPolygon;
    use kurbo::Point;

    #[test]
    fn a_card_grows_by_the_bleed_on_every_side() {
        let card = Outline::rectangle(63.5, 88.9);
        let grown =
            bleed_growth(&card, 3.175).unwrap().transform_rect_bbox(card.path.bounding_box());
        assert!((grown.width() - 69.85).abs() < 1e-9 && (grown.height() - 95.25).abs() < 1e-9);
        assert!((grown.x0 + 34.925).abs() < 1e-9, "about the centre: {grown:?}");
    }

    #[test]
    fn circles_and_regular_polygons_move_every_edge_by_the_bleed() {
        let disc = Outline::circle(20.0);
        let grown = bleed_growth(&disc, 2.0).unwrap() * Point::new(10.0, 0.0);
        assert!((grown.x - 12.0).abs() < 1e-9);
        for sides in [3, 6] {
            let shape = RegularPolygon { sides, edge_mm: 24.0 };
            let outline = Outline::regular(shape);
            let growth = bleed_growth(&outline, 2.0).unwrap();
            let (a, b) = (outline.corners[0], outline.corners[1]);
            let midpoint = a.midpoint(b);
            let moved = growth * midpoint;
            let outward = (midpoint - outline.centre).length();
            assert!(((moved - outline.centre).length() - outward - 2.0).abs() < 1e-9, "{sides}");
        }
    }

    #[test]
    fn an_l_shaped_piece_has_no_growth_and_no_bleed_gives_none() {
        let piece = Outline::polygon(vec![
            Point::new(0.0, 0.0),
            Point::new(20.0, 0.0),
            Point::new(20.0, 10.0),
            Point::new(10.0, 10.0),
            Point::new(10.0, 20.0),
            Point::new(0.0, 20.0),
        ]);
        assert!(bleed_growth(&piece, 2.0).is_none());
        assert!(bleed_growth(&Outline::rectangle(10.0, 10.0), 0.0).is_none());
    }
}
