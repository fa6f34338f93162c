//! The `letter` cue on a dot (`[cues]`): the colour name's first letter drawn on every dot of that colour, upright along the dot's axis, in black or white.

use kurbo::{Affine, Point, Vec2};

use crate::model::colours::cues::{Cue, LETTER_SHARE, letter_of};
use crate::scene::vision::standing_out;
use crate::scene::{Colour, Item, Shape};
use crate::text::{Anchor, text_outline};

/// The letter of the colour `name` (filled in `colour`) on a dot of `radius` when `cue` asks
/// for one: centred on `centre`, its top towards `up`.
pub fn dot_letter(
    name: &str,
    colour: Colour,
    (centre, radius): (Point, f64),
    up: Vec2,
    cue: Option<Cue>,
) -> Option<Item> {
    if cue? != Cue::Letter {
        return None;
    }
    let letter = letter_of(name)?.to_string();
    let upright = text_outline(&letter, radius * LETTER_SHARE, Point::ORIGIN, Anchor::Centre);
    // Turn the upright letter (its top towards −y) so that its top points along `up`.
    let turn = Affine::rotate(up.x.atan2(-up.y));
    let path = Affine::translate(centre.to_vec2()) * turn * upright;
    Some(Item::Shape(Shape::filled(path, standing_out(colour))))
}

/// Where a letter sits on a half-dot on a tile's edge, centred on `point` with `inward` the
/// unit vector into the tile: its centre, far enough in that the letter lies inside the
/// half-dot, and its top towards the edge.
pub fn on_half_dot(point: Point, inward: Vec2, radius: f64) -> (Point, Vec2) {
    (point + inward * (radius * 0.45), -inward)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::Shape as _;

    #[test]
    fn a_letter_is_the_colour_names_capital_sized_and_turned_as_asked() {
        let green = Colour { r: 0x1f, g: 0x9e, b: 0x45 };
        assert_eq!(
            dot_letter("green", green, (Point::ORIGIN, 4.0), Vec2::new(0.0, -1.0), None),
            None
        );
        let upright = dot_letter(
            "green",
            green,
            (Point::ORIGIN, 4.0),
            Vec2::new(0.0, -1.0),
            Some(Cue::Letter),
        );
        let Some(Item::Shape(shape)) = upright else { panic!() };
        assert_eq!(shape.fill, Some(Colour::BLACK));
        // A capital G half the radius tall, centred on the dot.
        let b = shape.path.bounding_box();
        assert!((b.height() - 2.0).abs() < 0.1, "{b:?}");
        assert!(b.center().distance(Point::ORIGIN) < 0.1, "{b:?}");
        // Turned to point right: as wide as it was tall.
        let Some(Item::Shape(turned)) = dot_letter(
            "green",
            green,
            (Point::ORIGIN, 4.0),
            Vec2::new(1.0, 0.0),
            Some(Cue::Letter),
        ) else {
            panic!()
        };
        let t = turned.path.bounding_box();
        assert!((t.width() - 2.0).abs() < 0.1, "{t:?}");
        // Inside a half-dot of radius 4 on an edge through the origin, tile below.
        let (at, up) = on_half_dot(Point::ORIGIN, Vec2::new(0.0, 1.0), 4.0);
        let Some(Item::Shape(half)) = dot_letter("green", green, (at, 4.0), up, Some(Cue::Letter))
        else {
            panic!()
        };
        let h = half.path.bounding_box();
        let corners = [(h.x0, h.y0), (h.x1, h.y0), (h.x0, h.y1), (h.x1, h.y1)];
        assert!(h.y0 > 0.0 && corners.iter().all(|&(x, y)| x.hypot(y) < 4.0), "{h:?}");
    }
}
