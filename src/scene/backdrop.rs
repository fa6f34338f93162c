//! What lies beneath a rectangle of a face: the one solid colour every earlier item shows
//! there (paper white when none paints there), or why there is no one colour — the search
//! PDF/X-1a's flattening (`flatten.rs`) blends a translucent layer or an image's clear
//! pixels over.
//!
//! Items are searched from the topmost down; the first one that paints in the rectangle
//! decides: a fill whose path holds the whole rectangle (no segment of it enters the
//! rectangle and the rectangle's centre is inside it) gives its colour, anything else
//! (a fill crossing it, a line through it, an image, a translucent item) gives none.

use kurbo::{Affine, BezPath, Line, PathEl, PathSeg, Point, Rect, Shape as _};

use super::bounds::painted_bounds;
use super::{Colour, Item};

/// How far (mm) the rectangle is shrunk before its edges are tested, so that a path lying
/// along an edge of it (a band as wide as its card) does not count as entering it.
const EDGE_MM: f64 = 1e-6;

/// Why nothing of one colour lies beneath: what does lie there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beneath {
    /// A picture.
    Image,
    /// Edges or lines of several colours.
    Colours,
    /// Another translucent item.
    Translucent,
}

impl Beneath {
    /// What lies there, as a message says it: `an image`, `several colours`…
    pub fn text(self) -> &'static str {
        match self {
            Beneath::Image => "an image",
            Beneath::Colours => "several colours",
            Beneath::Translucent => "another translucent layer",
        }
    }
}

/// Where a path lies against a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    /// Its filled area holds the whole rectangle.
    Holds,
    /// It paints nothing in the rectangle.
    Apart,
    /// Its outline enters the rectangle.
    Crosses,
}

/// The colour the painted-before lists show under `region` (in the frame the lists are
/// placed in by their transforms): `lists` from the outermost (painted first) to the
/// innermost, each item list searched from its last item down; paper white when nothing
/// paints there. `clip`, when the item searched for is clipped to that path (in the same
/// frame), lets a fill of exactly that path count as holding it.
pub fn colour_beneath(
    lists: &[(Affine, &[Item])],
    region: Rect,
    clip: Option<&BezPath>,
) -> Result<Colour, Beneath> {
    let region = region.inset(-EDGE_MM);
    if !(region.width() > 0.0 && region.height() > 0.0) {
        return Ok(Colour::WHITE);
    }
    let search = Search { region, clip };
    for &(transform, items) in lists.iter().rev() {
        if let Some(found) = search.in_items(items, transform) {
            return found;
        }
    }
    Ok(Colour::WHITE)
}

/// The rectangle sought and the clip of the item over it.
struct Search<'a> {
    region: Rect,
    clip: Option<&'a BezPath>,
}

impl Search<'_> {
    /// The first answer of `items` (placed by `transform`) from the topmost down, `None`
    /// when none of them paints in the region.
    fn in_items(&self, items: &[Item], transform: Affine) -> Option<Result<Colour, Beneath>> {
        items.iter().rev().find_map(|item| self.in_item(item, transform))
    }

    fn in_item(&self, item: &Item, transform: Affine) -> Option<Result<Colour, Beneath>> {
        let bounds = painted_bounds(std::slice::from_ref(item), transform)?;
        if !overlaps(bounds, self.region) {
            return None;
        }
        match item {
            Item::Shape(shape) => {
                let path = transform * shape.path.clone();
                let fill = shape.fill.map(|colour| (colour, self.relation(&path)));
                if let Some(stroke) = &shape.stroke
                    && let Some(width) = stroke.painted_width_mm()
                {
                    // Round joins, butt, round or square caps: within the width of the path.
                    let reach = width * transform.determinant().abs().sqrt();
                    if relation(&path, self.region.inset(reach), false) != Relation::Apart {
                        return Some(match fill {
                            Some((colour, Relation::Holds)) if colour == stroke.colour => {
                                Ok(colour)
                            }
                            _ => Err(Beneath::Colours),
                        });
                    }
                }
                match fill? {
                    (colour, Relation::Holds) => Some(Ok(colour)),
                    (_, Relation::Apart) => None,
                    (_, Relation::Crosses) => Some(Err(Beneath::Colours)),
                }
            }
            Item::Group(group) => self.in_items(&group.items, transform * group.transform),
            Item::Use(used) => self.in_items(&used.symbol.items, transform * used.transform),
            Item::Clip(clip) => {
                let found = self.in_items(&clip.items, transform)?;
                match self.relation(&(transform * clip.path.clone())) {
                    Relation::Holds => Some(found),
                    Relation::Apart => None,
                    // What the clip shows in part, and what lies below it in the rest.
                    Relation::Crosses => Some(Err(Beneath::Colours)),
                }
            }
            Item::Image(_) => Some(Err(Beneath::Image)),
            Item::Translucent(_) => Some(Err(Beneath::Translucent)),
        }
    }

    /// How a filled `path` lies against the region: holding it too when it is the path the
    /// item sought is clipped to.
    fn relation(&self, path: &BezPath) -> Relation {
        match self.clip {
            Some(clip) if same_path(clip, path) => Relation::Holds,
            _ => relation(path, self.region, true),
        }
    }
}

/// Whether two rectangles share some area.
fn overlaps(a: Rect, b: Rect) -> bool {
    let both = a.intersect(b);
    both.width() > 0.0 && both.height() > 0.0
}

/// Whether two paths are one (their elements within a nanometre).
fn same_path(a: &BezPath, b: &BezPath) -> bool {
    let near = |p: Point, q: Point| p.distance(q) < 1e-6;
    a.elements().len() == b.elements().len()
        && a.elements().iter().zip(b.elements()).all(|pair| match pair {
            (PathEl::MoveTo(p), PathEl::MoveTo(q)) | (PathEl::LineTo(p), PathEl::LineTo(q)) => {
                near(*p, *q)
            }
            (PathEl::QuadTo(p1, p2), PathEl::QuadTo(q1, q2)) => near(*p1, *q1) && near(*p2, *q2),
            (PathEl::CurveTo(p1, p2, p3), PathEl::CurveTo(q1, q2, q3)) => {
                near(*p1, *q1) && near(*p2, *q2) && near(*p3, *q3)
            }
            (PathEl::ClosePath, PathEl::ClosePath) => true,
            _ => false,
        })
}

/// Where `path` lies against `rect`: it crosses when a segment of it (with `filled`, the
/// lines that close each subpath too) starts inside the rectangle or meets an edge of it;
/// otherwise the rectangle is wholly in its fill (non-zero winding at the centre) or apart.
fn relation(path: &BezPath, rect: Rect, filled: bool) -> Relation {
    if !(rect.width() > 0.0 && rect.height() > 0.0) {
        return Relation::Crosses;
    }
    let edges = [
        Line::new((rect.x0, rect.y0), (rect.x1, rect.y0)),
        Line::new((rect.x1, rect.y0), (rect.x1, rect.y1)),
        Line::new((rect.x1, rect.y1), (rect.x0, rect.y1)),
        Line::new((rect.x0, rect.y1), (rect.x0, rect.y0)),
    ];
    let enters = |segment: PathSeg| {
        rect.contains(kurbo::ParamCurve::start(&segment))
            || edges.iter().any(|edge| !segment.intersect_line(*edge).is_empty())
    };
    if segments(path, filled).any(enters) {
        return Relation::Crosses;
    }
    match filled && path.winding(rect.center()) != 0 {
        true => Relation::Holds,
        false => Relation::Apart,
    }
}

/// The segments of `path`, with `closed` each open subpath's closing line too (a fill
/// closes it).
fn segments(path: &BezPath, closed: bool) -> impl Iterator<Item = PathSeg> + '_ {
    let mut start = Point::ORIGIN;
    let mut last = Point::ORIGIN;
    let mut out = Vec::new();
    let close = |from: Point, to: Point, out: &mut Vec<PathSeg>| {
        if from != to {
            out.push(PathSeg::Line(Line::new(from, to)));
        }
    };
    for element in path.elements() {
        match *element {
            PathEl::MoveTo(p) => {
                if closed {
                    close(last, start, &mut out);
                }
                (start, last) = (p, p);
            }
            PathEl::LineTo(p) => {
                out.push(PathSeg::Line(Line::new(last, p)));
                last = p;
            }
            PathEl::QuadTo(p1, p2) => {
                out.push(PathSeg::Quad(kurbo::QuadBez::new(last, p1, p2)));
                last = p2;
            }
            PathEl::CurveTo(p1, p2, p3) => {
                out.push(PathSeg::Cubic(kurbo::CubicBez::new(last, p1, p2, p3)));
                last = p3;
            }
            PathEl::ClosePath => {
                close(last, start, &mut out);
                last = start;
            }
        }
    }
    if closed {
        close(last, start, &mut out);
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Clip, Group, Raster, RasterImage, Shape, Stroke, Translucent};

    const RED: Colour = Colour { r: 200, g: 0, b: 0 };
    const BLUE: Colour = Colour { r: 0, g: 0, b: 200 };

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> BezPath {
        Rect::new(x0, y0, x1, y1).to_path(0.1)
    }

    fn fill(path: BezPath, colour: Colour) -> Item {
        Item::Shape(Shape::filled(path, colour))
    }

    fn beneath(items: &[Item], region: Rect) -> Result<Colour, Beneath> {
        colour_beneath(&[(Affine::IDENTITY, items)], region, None)
    }

    #[test]
    fn the_topmost_fill_holding_the_region_gives_its_colour() {
        let region = Rect::new(10.0, 10.0, 20.0, 20.0);
        let items = [fill(rect(0.0, 0.0, 50.0, 50.0), RED), fill(rect(5.0, 5.0, 30.0, 30.0), BLUE)];
        assert_eq!(beneath(&items, region), Ok(BLUE));
        // Apart from the region: the one below shows.
        let items =
            [fill(rect(0.0, 0.0, 50.0, 50.0), RED), fill(rect(25.0, 0.0, 30.0, 30.0), BLUE)];
        assert_eq!(beneath(&items, region), Ok(RED));
        // Nothing there: the paper.
        assert_eq!(beneath(&items[1..], region), Ok(Colour::WHITE));
        assert_eq!(beneath(&[], region), Ok(Colour::WHITE));
        // A fill exactly as large as the region holds it (its edges along the region's).
        assert_eq!(beneath(&[fill(rect(10.0, 10.0, 20.0, 20.0), RED)], region), Ok(RED));
    }

    #[test]
    fn a_fill_crossing_the_region_a_line_through_it_or_an_image_give_no_one_colour() {
        let region = Rect::new(10.0, 10.0, 20.0, 20.0);
        let ground = fill(rect(0.0, 0.0, 50.0, 50.0), RED);
        let half = fill(rect(15.0, 0.0, 50.0, 50.0), BLUE);
        assert_eq!(beneath(&[ground.clone(), half], region), Err(Beneath::Colours));
        // A disc whose box holds the region but whose curve cuts a corner off.
        let disc = fill(kurbo::Circle::new((15.0, 15.0), 6.0).to_path(0.01), BLUE);
        assert_eq!(beneath(&[ground.clone(), disc], region), Err(Beneath::Colours));
        let big = fill(kurbo::Circle::new((15.0, 15.0), 8.0).to_path(0.01), BLUE);
        assert_eq!(beneath(&[ground.clone(), big], region), Ok(BLUE));
        // A hole in the fill (drawn the other way round) under the region.
        let mut holed = rect(0.0, 0.0, 50.0, 50.0);
        holed.extend(rect(12.0, 12.0, 14.0, 14.0).reverse_subpaths());
        assert_eq!(beneath(&[fill(holed, BLUE)], region), Err(Beneath::Colours));
        let line =
            Item::Shape(Shape::stroked(rect(0.0, 0.0, 40.0, 15.0), Stroke::solid(BLUE, 0.5)));
        assert_eq!(beneath(&[ground.clone(), line.clone()], region), Err(Beneath::Colours));
        // A border of the fill's own colour, or one that keeps clear of the region.
        let framed = Shape {
            stroke: Some(Stroke::solid(RED, 1.0)),
            ..Shape::filled(rect(0.0, 0.0, 50.0, 50.0), RED)
        };
        assert_eq!(beneath(&[Item::Shape(framed.clone())], region), Ok(RED));
        let blue_frame = Shape { stroke: Some(Stroke::solid(BLUE, 1.0)), ..framed };
        assert_eq!(beneath(&[Item::Shape(blue_frame)], region), Ok(RED));
        let image = Item::Image(Raster {
            image: RasterImage::one_pixel(&[0, 0, 0, 255]),
            rect: Rect::new(0.0, 0.0, 40.0, 40.0),
        });
        assert_eq!(beneath(&[ground.clone(), image], region), Err(Beneath::Image));
        let veil = Item::Translucent(Translucent { opacity: 0.5, items: vec![ground.clone()] });
        assert_eq!(beneath(&[veil], region), Err(Beneath::Translucent));
    }

    #[test]
    fn groups_symbols_and_clips_are_searched_through() {
        let region = Rect::new(10.0, 10.0, 20.0, 20.0);
        let moved = Item::Group(Group {
            transform: Affine::translate((100.0, 0.0)),
            items: vec![fill(rect(-100.0, 0.0, -50.0, 50.0), BLUE)],
        });
        assert_eq!(beneath(&[moved], region), Ok(BLUE));
        let outline = kurbo::RoundedRect::new(0.0, 0.0, 30.0, 30.0, 3.0).to_path(0.01);
        let clipped = |path: BezPath| {
            Item::Clip(Clip { path, items: vec![fill(rect(-5.0, -5.0, 40.0, 40.0), BLUE)] })
        };
        assert_eq!(beneath(&[clipped(outline.clone())], region), Ok(BLUE));
        // A clip that shows its fill in part of the region.
        let part = clipped(rect(0.0, 0.0, 15.0, 30.0));
        assert_eq!(beneath(&[part], region), Err(Beneath::Colours));
        // An item clipped to the outline over a fill of the outline: held, whatever its box.
        let corner = Rect::new(0.0, 0.0, 30.0, 30.0);
        let ground = [fill(outline.clone(), RED)];
        assert_eq!(beneath(&ground, corner), Err(Beneath::Colours));
        let held = colour_beneath(&[(Affine::IDENTITY, &ground)], corner, Some(&outline));
        assert_eq!(held, Ok(RED));
        // Lists searched from the innermost (painted last) out.
        let outer = [fill(rect(0.0, 0.0, 50.0, 50.0), RED)];
        let inner = [fill(rect(0.0, 0.0, 5.0, 5.0), BLUE)];
        let lists = [(Affine::IDENTITY, &outer[..]), (Affine::IDENTITY, &inner[..])];
        assert_eq!(colour_beneath(&lists, region, None), Ok(RED));
    }
}
