//! Duplex: where a tile's back goes so that it lands behind its front when the sheet is
//! turned over on its long or short edge.

use kurbo::Affine;

use crate::model::design::Duplex;

/// The map that takes a point of the front page to the point behind it on the back page, as
/// the back page is printed. `None` when printing single-sided.
///
/// Turning on the long edge of a portrait sheet (or the short edge of a landscape one)
/// mirrors left and right; the other two cases mirror top and bottom.
pub fn back_mirror(duplex: Duplex, width: f64, height: f64) -> Option<Affine> {
    let portrait = width <= height;
    let mirror_left_right = match duplex {
        Duplex::None => return None,
        Duplex::LongEdge => portrait,
        Duplex::ShortEdge => !portrait,
    };
    Some(if mirror_left_right {
        Affine::new([-1.0, 0.0, 0.0, 1.0, width, 0.0])
    } else {
        Affine::new([1.0, 0.0, 0.0, -1.0, 0.0, height])
    })
}

/// Where to draw a back whose front is drawn with `front`: behind it, and upright (the
/// mirror is undone inside the tile, which is symmetric about its own vertical axis).
pub fn back_transform(mirror: Affine, front: Affine) -> Affine {
    mirror * front * Affine::FLIP_X
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::Point;

    #[test]
    fn long_edge_portrait_mirrors_left_right() {
        let m = back_mirror(Duplex::LongEdge, 210.0, 297.0).unwrap();
        assert_eq!(m * Point::new(10.0, 20.0), Point::new(200.0, 20.0));
        let m = back_mirror(Duplex::ShortEdge, 210.0, 297.0).unwrap();
        assert_eq!(m * Point::new(10.0, 20.0), Point::new(10.0, 277.0));
        let m = back_mirror(Duplex::LongEdge, 297.0, 210.0).unwrap();
        assert_eq!(m * Point::new(10.0, 20.0), Point::new(10.0, 190.0));
        assert!(back_mirror(Duplex::None, 210.0, 297.0).is_none());
    }

    #[test]
    fn backs_are_upright_and_behind_their_fronts() {
        let mirror = back_mirror(Duplex::LongEdge, 210.0, 297.0).unwrap();
        let front = Affine::translate((50.0, 60.0)) * Affine::rotate(0.3);
        let back = back_transform(mirror, front);
        assert!(back.determinant() > 0.0, "not mirrored");
        assert_eq!(back * Point::ORIGIN, mirror * (front * Point::ORIGIN));
    }
}
