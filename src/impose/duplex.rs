//! Duplex: where a tile's back goes so that it lands behind its front when the sheet is
//! turned over on its long or short edge, or folded along the middle of one.

use kurbo::{Affine, Vec2};

use crate::model::print::sheet_settings::{Duplex, FoldLine};

/// The map that takes a point of the front page to the point behind it on the back page, as
/// the back page is printed — or, on a fold-over sheet, to the point behind it once the
/// sheet is folded (on the same page: the reflection across the fold line). `None` when
/// printing single-sided.
///
/// Turning on the long edge of a portrait sheet (or the short edge of a landscape one)
/// mirrors left and right; the other two cases mirror top and bottom. A fold along the long
/// edges' middle mirrors as turning on the long edge does, across the page's middle line;
/// a fold on a line not yet chosen ([`FoldLine::Either`]) is taken as that one.
pub fn back_mirror(duplex: Duplex, width: f64, height: f64) -> Option<Affine> {
    let portrait = width <= height;
    let mirror_left_right = match duplex {
        Duplex::None => return None,
        Duplex::LongEdge | Duplex::Fold(FoldLine::Long | FoldLine::Either) => portrait,
        Duplex::ShortEdge | Duplex::Fold(FoldLine::Short) => !portrait,
    };
    Some(if mirror_left_right {
        Affine::new([-1.0, 0.0, 0.0, 1.0, width, 0.0])
    } else {
        Affine::new([1.0, 0.0, 0.0, -1.0, 0.0, height])
    })
}

/// The map, in front-page coordinates, that undoes a measured duplex error: backs that land
/// `offset` mm away (x right, y down, seen on the front) and `scale` times as large about the
/// page centre are drawn moved and shrunk so that they land behind their fronts.
pub fn duplex_correction(offset: (f64, f64), scale: (f64, f64), width: f64, height: f64) -> Affine {
    let centre = Vec2::new(width / 2.0, height / 2.0);
    Affine::translate(centre)
        * Affine::scale_non_uniform(1.0 / scale.0, 1.0 / scale.1)
        * Affine::translate(-centre - Vec2::new(offset.0, offset.1))
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

    #[test]
    fn the_correction_lands_backs_where_the_printer_puts_them_wrong() {
        let (offset, scale) = ((1.5, -0.5), (1.02, 0.99));
        let correct = duplex_correction(offset, scale, 210.0, 297.0);
        // The printer's error: scale about the page centre, then shift.
        let centre = Point::new(105.0, 148.5);
        let printer = |p: Point| {
            let d = p - centre;
            centre + Vec2::new(d.x * scale.0 + offset.0, d.y * scale.1 + offset.1)
        };
        for target in [Point::new(10.0, 20.0), Point::new(200.0, 290.0), centre] {
            assert!(printer(correct * target).distance(target) < 1e-9);
        }
        let plain = duplex_correction((0.0, 0.0), (1.0, 1.0), 210.0, 297.0);
        assert!(plain * Point::new(3.0, 4.0) == Point::new(3.0, 4.0));
    }
}
