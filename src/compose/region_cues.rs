//! A region in a colour that carries the `hatch` cue (`[cues]`): diagonal lines over its area, clipped to it; regions of other colours plain as before; and the middle of a round bullseye dot.

use kurbo::{BezPath, Circle, Point, Rect, Shape as _};

use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::model::colours::cues::{BULLSEYE_SHARE, Cue, HATCH_SPACING_MM, HATCH_WIDTH_MM};
use crate::scene::vision::standing_out;
use crate::scene::{Clip, Colour, Item, Shape, Stroke};

/// The hatch over `area` (filled in `colour`) when `cue` asks for one.
pub fn region_cue(area: &BezPath, colour: Colour, cue: Option<Cue>) -> Option<Item> {
    (cue? == Cue::Hatch).then(|| hatch(area, colour))
}

/// How far a hatch stops short of a label drawn over its area, as a share of the label's
/// height: a quarter keeps a clear band of paper-coloured ground round every glyph, so no
/// hatch line meets the label's ink.
pub const LABEL_CLEARANCE_SHARE: f64 = 0.25;

/// A plain patch of `colour` (the hatched area's fill) over the hatch, around `ink` (a
/// label's bounds) grown by [`LABEL_CLEARANCE_SHARE`] of its height: drawn after the hatch
/// and before the label, it stops the hatch short of the label. Clipped to `area` where it
/// would reach past it.
pub fn hatch_cleared_for(area: &BezPath, colour: Colour, ink: Rect) -> Item {
    let margin = ink.height() * LABEL_CLEARANCE_SHARE;
    let patch = ink.inflate(margin, margin);
    let corners =
        [(patch.x0, patch.y0), (patch.x1, patch.y0), (patch.x1, patch.y1), (patch.x0, patch.y1)];
    let filled = Item::Shape(Shape::filled(patch.to_path(CURVE_TOLERANCE_MM), colour));
    if corners.into_iter().all(|corner| area.contains(corner.into())) {
        filled
    } else {
        Item::Clip(Clip { path: area.clone(), items: vec![filled] })
    }
}

/// The middle of a bullseye on a round dot at `centre` of `radius` filled in `colour`: a
/// dot [`BULLSEYE_SHARE`] as wide, black or white.
pub fn bullseye_middle(centre: Point, radius: f64, colour: Colour) -> Item {
    let middle = Circle::new(centre, radius * BULLSEYE_SHARE).to_path(CURVE_TOLERANCE_MM);
    Item::Shape(Shape::filled(middle, standing_out(colour)))
}

/// Lines at 45°, [`HATCH_SPACING_MM`] apart (measured across them), over the area's bounds,
/// clipped to the area, in black or white.
fn hatch(area: &BezPath, colour: Colour) -> Item {
    let bounds = area.bounding_box();
    let step = HATCH_SPACING_MM * std::f64::consts::SQRT_2;
    let mut lines = BezPath::new();
    // Lines x − y = c, for c from the bounds' lowest to highest, on a grid fixed to the
    // page's origin so neighbouring areas' hatches line up.
    let (low, high) = (bounds.x0 - bounds.y1, bounds.x1 - bounds.y0);
    let mut c = (low / step).floor() * step;
    while c <= high {
        lines.move_to((bounds.y0 + c, bounds.y0));
        lines.line_to((bounds.y1 + c, bounds.y1));
        c += step;
    }
    let ink = Stroke::solid(standing_out(colour), HATCH_WIDTH_MM);
    Item::Clip(Clip { path: area.clone(), items: vec![Item::Shape(Shape::stroked(lines, ink))] })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hatch_is_clipped_to_its_area_and_spaced_as_documented() {
        let area = kurbo::Rect::new(0.0, 0.0, 10.0, 10.0).to_path(1e-6);
        let green = Colour { r: 0x1f, g: 0x9e, b: 0x45 };
        assert_eq!(region_cue(&area, green, None), None);
        assert_eq!(region_cue(&area, green, Some(Cue::Dashes)), None);
        let Some(Item::Clip(clip)) = region_cue(&area, green, Some(Cue::Hatch)) else { panic!() };
        assert_eq!(clip.path, area);
        let Item::Shape(shape) = &clip.items[0] else { panic!() };
        let stroke = shape.stroke.as_ref().unwrap();
        assert_eq!((stroke.colour, stroke.width_mm), (Colour::BLACK, HATCH_WIDTH_MM));
        // Starts of successive lines are a diagonal step apart: 2.5 mm across the lines.
        let starts: Vec<kurbo::Point> = shape
            .path
            .elements()
            .iter()
            .filter_map(|e| match e {
                kurbo::PathEl::MoveTo(p) => Some(*p),
                _ => None,
            })
            .collect();
        assert!(starts.len() >= 5, "{}", starts.len());
        let across = (starts[1].x - starts[0].x) / std::f64::consts::SQRT_2;
        assert!((across - HATCH_SPACING_MM).abs() < 1e-9, "{across}");
    }

    #[test]
    fn a_label_clearing_is_the_labels_bounds_grown_and_clipped_only_where_it_reaches_out() {
        let area = kurbo::Rect::new(0.0, 0.0, 10.0, 10.0).to_path(1e-6);
        let green = Colour { r: 0x1f, g: 0x9e, b: 0x45 };
        let inside = Rect::new(3.0, 6.0, 7.0, 8.0);
        let Item::Shape(patch) = hatch_cleared_for(&area, green, inside) else { panic!() };
        assert_eq!(patch.fill, Some(green));
        assert_eq!(patch.path.bounding_box(), Rect::new(2.5, 5.5, 7.5, 8.5));
        let reaching = Rect::new(3.0, 8.0, 7.0, 10.0);
        let Item::Clip(clip) = hatch_cleared_for(&area, green, reaching) else { panic!() };
        assert_eq!(clip.path, area);
    }
}
