//! What lies behind a layer's ink, told without pixels when it is simple: the topmost item
//! under the ink is a plain filled shape that covers the ink's whole rectangle, with no
//! line crossing it — then that fill is the background, and nothing below it shows; over it
//! may lie translucent layers that cover the rectangle too, each blended in
//! (`Colour::over`).

use kurbo::{Affine, BezPath, Line, ParamCurve as _, Point, Rect, Shape as _};

use super::side::Neighbour;
use crate::scene::bounds::painted_bounds;
use crate::scene::{Colour, Item, Shape};

/// The colour behind all of `ink` when one filled shape covers it (the topmost of the
/// neighbours behind it that reach it); `None` when the background is not that simple
/// (a stroke, an image, a clip or an edge within the ink's rectangle).
pub fn solid_cover(behind: &[Neighbour<'_>], ink: Rect) -> Option<Colour> {
    // Translucent covers met on the way down, the topmost first.
    let mut veils = Vec::new();
    for neighbour in behind.iter().rev() {
        if neighbour.bounds.is_none_or(|bounds| !overlaps(bounds, ink)) {
            continue;
        }
        match covering(neighbour.item, neighbour.transform, ink, &mut veils) {
            Cover::Misses => continue,
            Cover::Covers(colour) => return Some(seen_through(&veils, colour)),
            Cover::Unclear => return None,
        }
    }
    // Nothing solid behind it: the paper.
    Some(seen_through(&veils, Colour::WHITE))
}

/// `base` as seen through translucent covers (colour and opacity, the topmost first).
fn seen_through(veils: &[(Colour, f64)], base: Colour) -> Colour {
    veils.iter().rev().fold(base, |below, &(colour, opacity)| colour.over(below, opacity))
}

enum Cover {
    Misses,
    Covers(Colour),
    Unclear,
}

/// How `item` (placed by `transform`) lies over `ink`: its topmost part decides. A
/// translucent item covering it is noted in `veils` and the search goes on below it.
fn covering(item: &Item, transform: Affine, ink: Rect, veils: &mut Vec<(Colour, f64)>) -> Cover {
    let Some(bounds) = painted_bounds(std::slice::from_ref(item), transform) else {
        return Cover::Misses;
    };
    if !overlaps(bounds, ink) {
        return Cover::Misses;
    }
    match item {
        Item::Shape(shape) => shape_cover(shape, transform, ink),
        Item::Group(group) => children(&group.items, transform * group.transform, ink, veils),
        Item::Use(used) => children(&used.symbol.items, transform * used.transform, ink, veils),
        Item::Translucent(veil) => {
            let mut inside = Vec::new();
            match children(&veil.items, transform, ink, &mut inside) {
                Cover::Covers(colour) => {
                    veils.push((seen_through(&inside, colour), veil.drawn_opacity()));
                    Cover::Misses
                }
                Cover::Misses if inside.is_empty() => Cover::Misses,
                // Veils inside a veil with nothing solid: left to the pixels.
                Cover::Misses | Cover::Unclear => Cover::Unclear,
            }
        }
        Item::Image(_) | Item::Clip(_) => Cover::Unclear,
    }
}

/// How `items` lie over `ink`: the topmost that does not miss it decides.
fn children(items: &[Item], placed: Affine, ink: Rect, veils: &mut Vec<(Colour, f64)>) -> Cover {
    for child in items.iter().rev() {
        match covering(child, placed, ink, veils) {
            Cover::Misses => continue,
            decided => return decided,
        }
    }
    Cover::Misses
}

fn shape_cover(shape: &Shape, transform: Affine, ink: Rect) -> Cover {
    if let Some(stroke) = &shape.stroke
        && let Some(width) = stroke.painted_width_mm()
    {
        let scale = transform.determinant().abs().sqrt();
        let reach = width * scale / 2.0;
        let lines = (transform * shape.path.clone()).bounding_box().inflate(reach, reach);
        // A line that may cross the ink: left to the pixels.
        if overlaps(lines, ink)
            && !covers(&(transform * shape.path.clone()), ink.inflate(reach, reach))
        {
            return Cover::Unclear;
        }
    }
    match shape.fill {
        None => Cover::Misses,
        Some(colour) => {
            let path = transform * shape.path.clone();
            if covers(&path, ink) {
                Cover::Covers(colour)
            } else if apart(&path, ink) {
                Cover::Misses
            } else {
                Cover::Unclear
            }
        }
    }
}

/// Whether the closed `path` holds all of `rect`: its corners inside, and no edge of the
/// path crossing the rectangle's sides.
fn covers(path: &BezPath, rect: Rect) -> bool {
    let corners = [
        Point::new(rect.x0, rect.y0),
        Point::new(rect.x1, rect.y0),
        Point::new(rect.x1, rect.y1),
        Point::new(rect.x0, rect.y1),
    ];
    if !corners.iter().all(|&c| path.contains(c)) {
        return false;
    }
    let sides: Vec<Line> = (0..4).map(|k| Line::new(corners[k], corners[(k + 1) % 4])).collect();
    path.segments().all(|segment| {
        !overlaps(segment.bounding_box(), rect)
            || sides.iter().all(|side| segment.intersect_line(*side).is_empty())
    })
}

/// Whether the closed `path` and `rect` share nothing: no corner of the rectangle inside
/// the path and no piece of the path near the rectangle (the glyphs of a text whose box
/// reaches the rectangle while its letters stay clear of it).
fn apart(path: &BezPath, rect: Rect) -> bool {
    let corners = [(rect.x0, rect.y0), (rect.x1, rect.y0), (rect.x1, rect.y1), (rect.x0, rect.y1)];
    !corners.iter().any(|&c| path.contains(c.into())) && keeps_off(path, rect)
}

/// Whether no piece of `path` comes near `rect` (by the pieces' bounding boxes).
pub fn keeps_off(path: &BezPath, rect: Rect) -> bool {
    path.segments().all(|segment| !overlaps(segment.bounding_box(), rect))
}

/// Whether no piece of `path` enters `rect`: each piece's bounding box keeps off it (as
/// [`keeps_off`]), or the piece neither crosses one of its sides nor starts inside it (so
/// it lies wholly outside). A slanted edge whose box reaches the rectangle while the edge
/// passes by it, as a hexagon's do around a wide number, stays out.
pub fn nothing_enters(path: &BezPath, rect: Rect) -> bool {
    let corners = [
        Point::new(rect.x0, rect.y0),
        Point::new(rect.x1, rect.y0),
        Point::new(rect.x1, rect.y1),
        Point::new(rect.x0, rect.y1),
    ];
    let sides = [0, 1, 2, 3].map(|k| Line::new(corners[k], corners[(k + 1) % 4]));
    path.segments().all(|segment| {
        !overlaps(segment.bounding_box(), rect)
            || (!rect.contains(segment.start())
                && sides.iter().all(|side| segment.intersect_line(*side).is_empty()))
    })
}

/// Whether two rectangles overlap or touch.
pub fn overlaps(a: Rect, b: Rect) -> bool {
    a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::Circle;

    fn neighbour(item: &Item) -> Neighbour<'_> {
        let bounds = painted_bounds(std::slice::from_ref(item), Affine::IDENTITY);
        Neighbour { item, transform: Affine::IDENTITY, bounds, layer: None, first: false }
    }

    #[test]
    fn a_disc_around_the_ink_is_its_background_and_a_line_through_it_is_not_simple() {
        let red = Colour { r: 200, g: 0, b: 0 };
        let disc = Item::Shape(Shape::filled(Circle::new((0.0, 0.0), 10.0).to_path(1e-3), red));
        let ink = Rect::new(-3.0, -2.0, 3.0, 2.0);
        assert_eq!(solid_cover(&[neighbour(&disc)], ink), Some(red));
        // Reaching past the disc's edge: the pixels decide.
        assert_eq!(solid_cover(&[neighbour(&disc)], ink + kurbo::Vec2::new(8.0, 0.0)), None);
        let mut line = BezPath::new();
        line.move_to((-5.0, 0.0));
        line.line_to((5.0, 0.0));
        let stroke = Item::Shape(Shape::stroked(line, crate::scene::Stroke::solid(red, 0.3)));
        assert_eq!(solid_cover(&[neighbour(&disc), neighbour(&stroke)], ink), None);
        // Nothing behind: the paper.
        assert_eq!(solid_cover(&[], ink), Some(Colour::WHITE));
    }

    #[test]
    fn a_hexagons_slanted_edges_pass_by_a_wide_rectangle_and_a_hole_or_crossing_enters() {
        let hexagon = |across: f64| {
            let mut path = BezPath::new();
            for k in 0..6 {
                let angle = std::f64::consts::PI / 3.0 * k as f64;
                let corner = (across * angle.cos(), across * angle.sin());
                if k == 0 { path.move_to(corner) } else { path.line_to(corner) }
            }
            path.close_path();
            path
        };
        let outline = hexagon(24.0);
        // A two-digit number's box on a Tantrix back: in the boxes of four slanted edges.
        let number = Rect::new(-12.5, -7.6, 12.5, 7.6);
        assert!(!keeps_off(&outline, number), "the boxes reach it");
        assert!(nothing_enters(&outline, number));
        // Across an edge: the edge from (24, 0) to (12, 20.8) crosses x = 20 at y = 6.9.
        assert!(!nothing_enters(&outline, Rect::new(-12.0, -2.0, 20.0, 2.0 + 6.0)));
        // An edge starting inside the rectangle (a hole wholly within it) enters it.
        let mut with_hole = outline.clone();
        with_hole.extend(hexagon(1.0).elements().iter().copied());
        assert!(!nothing_enters(&with_hole, number));
        // A rectangle wholly outside, its box in an edge's box.
        assert!(nothing_enters(&outline, Rect::new(19.0, 15.0, 22.0, 18.0)));
        assert!(!outline.contains(Point::new(20.5, 16.5)));
    }

    #[test]
    fn a_translucent_disc_over_the_ink_is_blended_with_what_lies_below_it() {
        use crate::scene::Translucent;
        let red = Colour { r: 200, g: 0, b: 0 };
        let navy = Colour { r: 0, g: 0, b: 100 };
        let disc = |colour| {
            Item::Shape(Shape::filled(Circle::new((0.0, 0.0), 10.0).to_path(1e-3), colour))
        };
        let veil =
            |colour, opacity| Item::Translucent(Translucent { opacity, items: vec![disc(colour)] });
        let ink = Rect::new(-3.0, -2.0, 3.0, 2.0);
        // On the paper, and on a solid disc.
        let half_red = veil(red, 0.5);
        assert_eq!(solid_cover(&[neighbour(&half_red)], ink), Some(red.over(Colour::WHITE, 0.5)));
        let under = disc(navy);
        let seen = solid_cover(&[neighbour(&under), neighbour(&half_red)], ink);
        assert_eq!(seen, Some(Colour { r: 100, g: 0, b: 50 }));
        // Two veils: the lower one first.
        let quarter_navy = veil(navy, 0.25);
        let both = solid_cover(&[neighbour(&quarter_navy), neighbour(&half_red)], ink);
        assert_eq!(both, Some(red.over(navy.over(Colour::WHITE, 0.25), 0.5)));
    }
}
