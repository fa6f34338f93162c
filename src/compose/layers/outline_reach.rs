//! Whether a shape, pips or text layer's ink reaches past its item's cut (rounded corners, circles and notched pieces included), so that it is clipped to the outline there.

use std::cell::OnceCell;

use kurbo::{Affine, BezPath, Line, ParamCurveNearest, PathEl, Point, Shape as _};

use crate::geometry::chord_polygon::ChordPolygon;
use crate::geometry::outline::Outline;
use crate::scene::Item;
use crate::scene::bounds::{painted_bounds, painted_control_bounds};

/// How finely the outline is followed, in mm.
const TOLERANCE_MM: f64 = 0.01;
/// How near the path a point counts as on it, in mm: ink that only touches the cut does
/// not reach past it.
const ON_PATH_MM: f64 = 1e-3;

/// An item's outline, with what is worked out about it once for all its layers.
#[derive(Debug)]
pub struct OutlineReach<'a> {
    outline: &'a Outline,
    /// The polygon of the outline's segment ends, when it is surely convex.
    chords: OnceCell<Option<ChordPolygon>>,
    /// The outline's path as straight segments.
    edges: OnceCell<Vec<Line>>,
    /// Whether the outline is one convex loop.
    convex: OnceCell<bool>,
}

impl<'a> OutlineReach<'a> {
    pub fn new(outline: &'a Outline) -> OutlineReach<'a> {
        let (chords, edges, convex) = (OnceCell::new(), OnceCell::new(), OnceCell::new());
        OutlineReach { outline, chords, edges, convex }
    }

    /// Whether `item`'s ink, as drawn on the item unturned, reaches past the outline: a
    /// point of its paths (its stroke's half width around it) outside the outline's path,
    /// or a corner of a notched outline well inside one of its filled shapes (ink that only
    /// touches the cut does not reach past it). An upright layer on a face the packing
    /// turns is judged as drawn, not as turned.
    pub fn ink_reaches_past(&self, item: &Item) -> bool {
        let chords = self.chords.get_or_init(|| ChordPolygon::of_convex(&self.outline.path));
        let held = chords.as_ref().is_some_and(|chords| held_within_chords(item, chords));
        !held && self.ink_reaches_past_exactly(item)
    }

    /// `ink_reaches_past`, with the ink's exact bounds on a convex outline and point by
    /// point otherwise.
    fn ink_reaches_past_exactly(&self, item: &Item) -> bool {
        if self.held_by_convex(item) {
            return false;
        }
        let (mut points, mut fills) = (Vec::new(), Vec::new());
        ink_points(std::slice::from_ref(item), Affine::IDENTITY, &mut points, &mut fills);
        let (path, edges) = (&self.outline.path, self.edges());
        let past = points.into_iter().any(|(point, reach)| {
            let near = nearest(point, edges);
            let inside = path.contains(point) || near <= ON_PATH_MM;
            !inside || near < reach - ON_PATH_MM
        });
        // A box across the gap of a U-shaped piece: every point of it is on the piece, but
        // the cut's corners lie inside it.
        past || fills.iter().any(|fill| {
            let fill_edges = flattened(fill);
            (edges.iter())
                .any(|edge| fill.contains(edge.p0) && nearest(edge.p0, &fill_edges) > ON_PATH_MM)
        })
    }

    /// Whether a convex outline (a card, rounded or not, a circle, a regular polygon) holds
    /// all of the ink: the corners of the ink's bounds (strokes included) lie inside it.
    /// Told without following the ink's curves, which a text's glyphs have many of.
    fn held_by_convex(&self, item: &Item) -> bool {
        let Some(ink) = painted_bounds(std::slice::from_ref(item), Affine::IDENTITY) else {
            return true;
        };
        let corners = [(ink.x0, ink.y0), (ink.x1, ink.y0), (ink.x1, ink.y1), (ink.x0, ink.y1)];
        let path = &self.outline.path;
        corners.iter().all(|&corner| path.contains(corner.into()))
            && *self.convex.get_or_init(|| convex(path, self.edges()))
    }

    fn edges(&self) -> &[Line] {
        self.edges.get_or_init(|| flattened(&self.outline.path))
    }
}

/// Whether the ink is held, told without following a curve of the ink or of the outline
/// (most layers on a card, well inside its edges): the box of the ink's control points,
/// which holds the ink, lies inside `chords`, the polygon through a convex outline's
/// segment ends, which the outline holds. When it does not, `held_by_convex` looks closer.
fn held_within_chords(item: &Item, chords: &ChordPolygon) -> bool {
    let Some(ink) = painted_control_bounds(std::slice::from_ref(item), Affine::IDENTITY) else {
        return true;
    };
    let corners = [(ink.x0, ink.y0), (ink.x1, ink.y0), (ink.x1, ink.y1), (ink.x0, ink.y1)];
    corners.iter().all(|&corner| chords.holds(corner.into()))
}

/// Whether `path`, followed as `edges`, is one convex loop: every turn is the same way. A
/// path of several loops (a piece with a hole) is not.
fn convex(path: &BezPath, edges: &[Line]) -> bool {
    let loops = path.elements().iter().filter(|el| matches!(el, PathEl::MoveTo(_))).count();
    let turns = (0..edges.len()).map(|k| {
        let (a, b) = (edges[k], edges[(k + 1) % edges.len()]);
        (a.p1 - a.p0).cross(b.p1 - b.p0)
    });
    let (mut left, mut right) = (false, false);
    for turn in turns {
        left |= turn > 1e-9;
        right |= turn < -1e-9;
    }
    loops == 1 && !(left && right)
}

/// How far `point` is from the nearest of `edges`.
fn nearest(point: Point, edges: &[Line]) -> f64 {
    (edges.iter())
        .map(|edge| edge.nearest(point, 1e-9).distance_sq.sqrt())
        .fold(f64::INFINITY, f64::min)
}

/// The points of the ink of `items` placed by `transform` (their paths followed within
/// the tolerance, an image's corners), each with how far its ink reaches around it (half
/// its stroke), and the filled paths among them.
fn ink_points(
    items: &[Item],
    transform: Affine,
    points: &mut Vec<(Point, f64)>,
    fills: &mut Vec<BezPath>,
) {
    for item in items {
        match item {
            Item::Shape(shape) => {
                let scale = transform.determinant().abs().sqrt();
                let reach = shape.stroke.as_ref().map_or(0.0, |s| s.width_mm * scale / 2.0);
                let placed = transform * shape.path.clone();
                kurbo::flatten(placed.iter(), TOLERANCE_MM, |element| {
                    if let PathEl::MoveTo(p) | PathEl::LineTo(p) = element {
                        points.push((p, reach));
                    }
                });
                if shape.fill.is_some() {
                    fills.push(placed);
                }
            }
            Item::Group(group) => {
                ink_points(&group.items, transform * group.transform, points, fills)
            }
            Item::Use(used) => {
                ink_points(&used.symbol.items, transform * used.transform, points, fills)
            }
            Item::Clip(clip) => ink_points(&clip.items, transform, points, fills),
            Item::Translucent(veil) => ink_points(&veil.items, transform, points, fills),
            Item::Image(image) => {
                let r = image.rect;
                for corner in [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)] {
                    points.push((transform * Point::from(corner), 0.0));
                }
            }
        }
    }
}

/// The outline's path as straight segments.
fn flattened(path: &BezPath) -> Vec<Line> {
    let mut edges = Vec::new();
    let (mut start, mut last) = (Point::ZERO, Point::ZERO);
    kurbo::flatten(path.iter(), TOLERANCE_MM, |element| match element {
        PathEl::MoveTo(p) => (start, last) = (p, p),
        PathEl::LineTo(p) => {
            edges.push(Line::new(last, p));
            last = p;
        }
        PathEl::ClosePath => {
            edges.push(Line::new(last, start));
            last = start;
        }
        _ => {}
    });
    edges
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Shape};
    use kurbo::{Rect, RoundedRect};

    /// Whether the item's ink reaches past the outline, told as layers are (the chords
    /// first), the same as told without them.
    fn reaches(item: &Item, outline: &Outline) -> bool {
        let reach = OutlineReach::new(outline);
        let told = reach.ink_reaches_past(item);
        assert_eq!(told, reach.ink_reaches_past_exactly(item));
        told
    }

    fn filled(rect: Rect) -> Item {
        Item::Shape(Shape::filled(rect.to_path(1e-4), Colour::WHITE))
    }

    fn rounded_card() -> Outline {
        let mut outline = Outline::rectangle(63.0, 88.0);
        outline.path = RoundedRect::from_rect(outline.path.bounding_box(), 5.0).to_path(1e-4);
        outline
    }

    #[test]
    fn a_square_frame_reaches_past_rounded_corners_and_a_panel_inside_does_not() {
        let card = rounded_card();
        let frame = filled(Rect::new(-31.5, -44.0, 31.5, 44.0));
        assert!(reaches(&frame, &card));
        let panel = filled(Rect::new(-28.0, -40.0, 28.0, 40.0));
        assert!(!reaches(&panel, &card));
        // A panel as large as the card's straight edges only touches the cut.
        assert!(!reaches(&filled(Rect::new(-26.5, -44.0, 26.5, 44.0)), &card));
    }

    #[test]
    fn a_square_on_a_disc_and_a_box_over_a_notch_reach_past_and_a_smaller_disc_does_not() {
        let disc = Outline::circle(20.0);
        let inner = Item::Shape(Shape::filled(
            kurbo::Circle::new(Point::ORIGIN, 9.0).to_path(1e-4),
            Colour::WHITE,
        ));
        assert!(!reaches(&inner, &disc));
        assert!(reaches(&filled(Rect::new(-8.0, -8.0, 8.0, 8.0)), &disc));
        assert!(!reaches(&filled(Rect::new(-6.0, -6.0, 6.0, 6.0)), &disc));
        // A U of three cells: a box across its gap reaches past it.
        let corners = [(0, 0), (10, 0), (10, 10), (20, 10), (20, 0), (30, 0), (30, 20), (0, 20)];
        let u_shape = Outline::polygon(
            corners.iter().map(|&(x, y)| Point::new(f64::from(x), f64::from(y))).collect(),
        );
        let over = filled(Rect::new(1.0, 1.0, 29.0, 19.0));
        assert!(reaches(&over, &u_shape));
        assert!(!reaches(&filled(Rect::new(1.0, 11.0, 29.0, 19.0)), &u_shape));
    }

    /// A 30 mm square with a 10 mm square hole in its middle (a ring of eight cells).
    fn ring() -> Outline {
        let mut outline = Outline::rectangle(30.0, 30.0);
        let mut path = outline.path.clone();
        path.move_to((-5.0, -5.0));
        for corner in [(-5.0, 5.0), (5.0, 5.0), (5.0, -5.0)] {
            path.line_to(corner);
        }
        path.close_path();
        outline.path = path;
        outline
    }

    #[test]
    fn ink_held_by_a_convex_outline_is_told_by_its_bounds_and_ink_over_a_hole_reaches_past() {
        let card = rounded_card();
        let is_convex = |outline: &Outline| convex(&outline.path, &flattened(&outline.path));
        assert!(is_convex(&card) && is_convex(&Outline::circle(20.0)));
        let word = filled(Rect::new(-20.0, -30.0, 20.0, -20.0));
        assert!(!reaches(&word, &card));
        // Its box's corner where the corner is rounded away.
        assert!(reaches(&filled(Rect::new(-31.4, -43.9, -20.0, -30.0)), &card));
        // Every corner of its box on the ring, its middle over the hole.
        let ring = ring();
        assert!(!is_convex(&ring));
        assert!(reaches(&filled(Rect::new(-12.0, -12.0, 12.0, 12.0)), &ring));
        assert!(!reaches(&filled(Rect::new(-14.0, -14.0, 14.0, -8.0)), &ring));
    }

    #[test]
    fn a_box_held_within_the_chords_is_held_by_its_exact_bounds_too() {
        // Boxes 4 x 2 mm swept over a rounded card and a disc, past their edges: where the
        // chords tell a box held, the exact test does too; near the corners only it does.
        let (card, disc) = (rounded_card(), Outline::circle(40.0));
        let (mut told, mut closer) = (0, 0);
        for outline in [&card, &disc] {
            for x in -40..=40 {
                for y in -50..=50 {
                    let (x, y) = (f64::from(x) * 0.8, f64::from(y) * 0.9);
                    let word = filled(Rect::new(x - 2.0, y - 1.0, x + 2.0, y + 1.0));
                    let held = OutlineReach::new(outline).held_by_convex(&word);
                    let chords = ChordPolygon::of_convex(&outline.path).expect("convex");
                    if held_within_chords(&word, &chords) {
                        assert!(held, "({x}, {y})");
                        told += 1;
                    } else if held {
                        closer += 1;
                    }
                }
            }
        }
        assert!(told > 3000 && closer > 50, "{told} told by the chords, {closer} closer");
    }
}
