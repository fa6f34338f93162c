//! A line in a colour that carries a cue (`[cues]`): dashed, striped, doubled or dotted; lines of other colours solid as before.

use kurbo::BezPath;

use crate::model::colours::cues::{Cue, CueOn};
use crate::scene::vision::standing_out;
use crate::scene::{Colour, Item, LineCap, Shape, Stroke};

/// The items of a line along `path`, `width` wide in `colour` (with `cap` when solid), its
/// cue drawn on it; `background` is what lies beside the line (the middle of a double line).
pub fn cued_line(
    path: BezPath,
    colour: Colour,
    width: f64,
    cap: LineCap,
    cue: Option<Cue>,
    background: Colour,
) -> Vec<Item> {
    let solid = Stroke { cap, ..Stroke::solid(colour, width) };
    let Some(cue) = cue.filter(|cue| cue.on() == CueOn::Lines) else {
        return vec![Item::Shape(Shape::stroked(path, solid))];
    };
    match cue {
        Cue::Hatch | Cue::Bullseye | Cue::Letter => vec![Item::Shape(Shape::stroked(path, solid))],
        Cue::Dashes => {
            let dashes = Stroke { dash_mm: dash_pattern(cue, width), ..solid };
            vec![Item::Shape(Shape::stroked(path, dashes))]
        }
        Cue::Dots => {
            let dots = Stroke { cap: LineCap::Round, dash_mm: dash_pattern(cue, width), ..solid };
            vec![Item::Shape(Shape::stroked(path, dots))]
        }
        Cue::Stripe | Cue::Double => {
            let mut items = vec![Item::Shape(Shape::stroked(path.clone(), solid))];
            items.extend(centre_line(path, colour, width, cue, background));
            items
        }
    }
}

/// The stripe down the middle of a striped or double line; nothing for other cues.
pub fn centre_line(
    path: BezPath,
    colour: Colour,
    width: f64,
    cue: Cue,
    background: Colour,
) -> Option<Item> {
    let (ink, stripe_width) = match cue {
        Cue::Stripe => (standing_out(colour), width / 4.0),
        Cue::Double => (background, width / 3.0),
        Cue::Dashes | Cue::Dots | Cue::Hatch | Cue::Bullseye | Cue::Letter => return None,
    };
    Some(Item::Shape(Shape::stroked(path, Stroke::solid(ink, stripe_width))))
}

/// The dash pattern (on, off) of a dashed or dotted line `width` wide: dashes 1.5 widths
/// long half a width apart; dots (zero-length dashes with round caps, as wide as the line)
/// two widths from centre to centre.
pub fn dash_pattern(cue: Cue, width: f64) -> Vec<f64> {
    match cue {
        Cue::Dashes => vec![1.5 * width, 0.5 * width],
        Cue::Dots => vec![0.0, 2.0 * width],
        Cue::Stripe | Cue::Double | Cue::Hatch | Cue::Bullseye | Cue::Letter => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> BezPath {
        let mut path = BezPath::new();
        path.move_to((0.0, 0.0));
        path.line_to((20.0, 0.0));
        path
    }

    fn strokes(items: &[Item]) -> Vec<Stroke> {
        let stroke = |item: &Item| match item {
            Item::Shape(shape) => shape.stroke.clone(),
            _ => None,
        };
        items.iter().filter_map(stroke).collect()
    }

    #[test]
    fn a_colour_without_a_cue_is_one_solid_stroke() {
        let red = Colour { r: 214, g: 40, b: 40 };
        let items = cued_line(line(), red, 4.8, LineCap::Butt, None, Colour::BLACK);
        assert_eq!(strokes(&items), vec![Stroke::solid(red, 4.8)]);
    }

    #[test]
    fn each_cue_draws_its_pattern() {
        let green = Colour { r: 31, g: 158, b: 69 };
        let cued =
            |cue| strokes(&cued_line(line(), green, 4.8, LineCap::Butt, Some(cue), Colour::BLACK));
        let dashes = cued(Cue::Dashes);
        assert_eq!(dashes.len(), 1);
        assert!(
            (dashes[0].dash_mm[0] - 7.2).abs() < 1e-9 && (dashes[0].dash_mm[1] - 2.4).abs() < 1e-9
        );
        let dots = cued(Cue::Dots);
        assert_eq!((dots[0].cap, dots[0].dash_mm[0]), (LineCap::Round, 0.0));
        let double = cued(Cue::Double);
        assert_eq!(double.len(), 2);
        assert_eq!(double[1].colour, Colour::BLACK, "the background between two lines");
        assert!((double[1].width_mm - 1.6).abs() < 1e-9);
        // A stripe stands out: black on a light colour, white on a dark one.
        let stripe = cued(Cue::Stripe);
        assert!((stripe[1].width_mm - 1.2).abs() < 1e-9);
        assert_eq!(stripe[1].colour, Colour::BLACK);
        let navy = Colour { r: 20, g: 30, b: 90 };
        let on_navy = cued_line(line(), navy, 4.8, LineCap::Butt, Some(Cue::Stripe), Colour::BLACK);
        assert_eq!(strokes(&on_navy)[1].colour, Colour::WHITE);
    }
}
