//! A tile's front as scene items in the tile's own frame: the filled outline, corner slots
//! and regions (`compose::regions`), then the slots — joined lines (the upper line of a
//! crossing with a casing), capped line ends, half-rings and half-discs.

use std::f64::consts::PI;

use kurbo::{Arc, BezPath, Point, Vec2};

use crate::compose::dot_letters::{dot_letter, on_half_dot};
use crate::compose::layers::draw::FaceArt;
use crate::compose::line_cues::{centre_line, cued_line};
use crate::geometry::edge_line::{CURVE_TOLERANCE_MM, EdgeLine, joins_cross};
use crate::geometry::path_proximity::come_within;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::{slot_line, slot_point, slot_span};
use crate::model::colours::cues::{BULLSEYE_SHARE, Cue, CueOn};
use crate::model::colours::palette::Palette;
use crate::model::design::item_faces::tile_outline;
use crate::model::face::Level;
use crate::model::rules::tile_set::{SlotKind, Style, Tile};
use crate::scene::vision::standing_out;
use crate::scene::{Item, LineCap, Shape, Stroke};

/// The outline of a tile as a closed path.
pub fn outline(shape: RegularPolygon) -> BezPath {
    let mut path = BezPath::new();
    for (k, corner) in shape.corners().into_iter().enumerate() {
        if k == 0 { path.move_to(corner) } else { path.line_to(corner) }
    }
    path.close_path();
    path
}

/// The front of `tile`, centred on the origin with edge 0 on top.
pub fn front(tile: &Tile, shape: RegularPolygon, style: &Style, palette: &Palette) -> FaceArt {
    let mut art = FaceArt::new(vec![Item::Shape(Shape::filled(outline(shape), style.background))]);
    let face_outline = tile_outline(shape);
    art.push_layers(&tile.faces.front, &face_outline, Level::Below, false);
    art.items.extend(super::regions::corner_items(tile, shape, palette));
    // Several slots per edge: each slot has its own point and cell on its edge.
    let per_edge = (tile.slots.len() / shape.sides.max(1)).max(1);
    match per_edge {
        1 => art.items.extend(super::regions::region_items(tile, shape, style, palette)),
        _ => art
            .items
            .extend(super::slot_regions::slot_region_items(tile, shape, per_edge, style, palette)),
    }
    let items = &mut art.items;
    let line_cue = |name: &str| palette.cue_on(name, CueOn::Lines);
    let mut drawn: Vec<((usize, usize), BezPath)> = Vec::new();
    for &(a, b) in &drawing_order(tile) {
        let path = match per_edge {
            1 => EdgeLine::between(shape, a, b).to_path(),
            _ => slot_line(shape, per_edge, a, b),
        };
        // With one slot per edge lines are arcs that meet only where they cross; lines
        // between slots may meet without crossing (a loop dipping into a line beside it):
        // the later line is cased wherever its casing would part the two.
        let meets = |(earlier, earlier_path): &((usize, usize), BezPath)| match per_edge {
            1 => joins_cross(tile.slots.len(), (a, b), *earlier),
            _ => come_within(&path, earlier_path, style.line_width_mm + style.casing_mm),
        };
        if drawn.iter().any(meets) {
            let casing = style.line_width_mm + 2.0 * style.casing_mm;
            items.push(Item::Shape(Shape::stroked(
                path.clone(),
                Stroke::solid(style.background, casing),
            )));
        }
        let name = &tile.slots[a].colour;
        let colour = palette.colour(name);
        let (width, cue) = (style.line_width_mm, line_cue(name));
        items.extend(cued_line(path.clone(), colour, width, LineCap::Butt, cue, style.background));
        drawn.push(((a, b), path));
    }
    let joined: Vec<usize> = tile.joins.iter().flat_map(|&(a, b)| [a, b]).collect();
    let sizes = &style.slots;
    for (position, slot) in tile.slots.iter().enumerate() {
        let colour = palette.colour(&slot.colour);
        let cue = line_cue(&slot.colour);
        let at = match per_edge {
            1 => SlotAt::of_edge(shape, position),
            _ => SlotAt::of_slot(shape, per_edge, position),
        };
        match slot.kind {
            SlotKind::Line if joined.contains(&position) => {}
            // Regions lie under the lines: `regions::region_items` drew them.
            SlotKind::Empty | SlotKind::Region => {}
            SlotKind::Line => items.extend(stub(at, style, colour, cue)),
            SlotKind::Dot => {
                items.push(Item::Shape(Shape::filled(half_disc(at, sizes.dot_radius_mm), colour)));
                if palette.cue_on(&slot.colour, CueOn::Dots) == Some(Cue::Bullseye) {
                    // Never the face's own colour: the dot would read as a ring.
                    let ink = match standing_out(colour) {
                        ink if ink == style.background => standing_out(ink),
                        ink => ink,
                    };
                    let middle = half_disc(at, sizes.dot_radius_mm * BULLSEYE_SHARE);
                    items.push(Item::Shape(Shape::filled(middle, ink)));
                }
                let radius = sizes.dot_radius_mm;
                let (centre, up) = on_half_dot(at.point, -at.normal, radius);
                let cue = palette.cue_on(&slot.colour, CueOn::Dots);
                items.extend(dot_letter(&slot.colour, colour, (centre, radius), up, cue));
            }
            SlotKind::Ring => {
                let ring = half_circle_at(at, sizes.ring_radius_mm);
                let width = sizes.ring_width_mm;
                items.extend(cued_line(ring, colour, width, LineCap::Butt, cue, style.background));
            }
        }
    }
    art.push_layers(&tile.faces.front, &face_outline, Level::Above, false);
    art
}

/// A face without edge art (a card, a counter, a rectangle or circle tile): `background`
/// filled with `colour`, then the face layers below and above.
pub fn layered_face(
    background: &BezPath,
    colour: crate::scene::Colour,
    layers: &[crate::model::face::Layer],
    outline: &crate::geometry::outline::Outline,
) -> FaceArt {
    let mut art = FaceArt::new(vec![Item::Shape(Shape::filled(background.clone(), colour))]);
    art.push_layers(layers, outline, Level::Below, false);
    art.push_layers(layers, outline, Level::Above, false);
    art
}

/// Joins sorted so that short lines lie underneath and long ones cross over them (spans
/// counted in slots: with one slot per edge, in edges).
fn drawing_order(tile: &Tile) -> Vec<(usize, usize)> {
    let mut joins = crate::model::rules::region_joins::line_joins(&tile.slots, &tile.joins);
    joins.sort_by_key(|&(a, b)| (slot_span(tile.slots.len(), a, b), a, b));
    joins
}

/// Where a slot stands: its point on the edge and the edge's outward normal.
#[derive(Clone, Copy, Debug)]
struct SlotAt {
    point: Point,
    normal_angle: f64,
    normal: Vec2,
}

impl SlotAt {
    /// The one slot of edge `edge`: at its midpoint.
    fn of_edge(shape: RegularPolygon, edge: usize) -> SlotAt {
        SlotAt {
            point: shape.midpoint(edge),
            normal_angle: shape.normal_angle(edge),
            normal: shape.normal(edge),
        }
    }

    /// Slot `position` of a face with `per_edge` slots to an edge: at its point.
    fn of_slot(shape: RegularPolygon, per_edge: usize, position: usize) -> SlotAt {
        let edge = position / per_edge % shape.sides;
        SlotAt { point: slot_point(shape, per_edge, position), ..SlotAt::of_edge(shape, edge) }
    }
}

/// The inward semicircle of `radius` centred on edge `edge`'s midpoint, an open path from one
/// point of the edge to the other. Its ends lie on the edge and leave it at 90°, so the facing
/// tile's semicircle continues it into a whole circle.
pub fn half_circle(shape: RegularPolygon, edge: usize, radius: f64) -> BezPath {
    half_circle_at(SlotAt::of_edge(shape, edge), radius)
}

/// [`half_circle`] centred on a slot's point.
fn half_circle_at(at: SlotAt, radius: f64) -> BezPath {
    let centre = at.point;
    let along = at.normal_angle + PI / 2.0;
    let arc = Arc::new(centre, (radius, radius), along, PI, 0.0);
    let mut path = BezPath::new();
    path.move_to(centre + Vec2::from_angle(along) * radius);
    arc.to_cubic_beziers(CURVE_TOLERANCE_MM, |p1, p2, p3| path.curve_to(p1, p2, p3));
    path
}

/// A filled half-disc on the edge, its diameter along the edge; two facing tiles make a dot.
fn half_disc(at: SlotAt, radius: f64) -> BezPath {
    let mut path = half_circle_at(at, radius);
    path.close_path();
    path
}

/// An unjoined line's end at a slot: a capped stub; with a cue, a stripe down its middle, or
/// dashes or dots along it instead.
fn stub(at: SlotAt, style: &Style, colour: crate::scene::Colour, cue: Option<Cue>) -> Vec<Item> {
    let (width, length) = (style.line_width_mm, style.slots.cap_length_mm);
    let capped = Item::Shape(Shape::filled(capped_stub(at, width, length), colour));
    let Some(cue) = cue else { return vec![capped] };
    let start = at.point;
    let mut axis = BezPath::new();
    axis.move_to(start);
    axis.line_to(start - at.normal * length);
    match centre_line(axis.clone(), colour, width, cue, style.background) {
        Some(stripe) => vec![capped, stripe],
        None => cued_line(axis, colour, width, LineCap::Butt, Some(cue), style.background),
    }
}

/// A line of `width` that enters at the edge's midpoint at 90° and ends `length` further in,
/// at the tip of a semicircular cap.
fn capped_stub(at: SlotAt, width: f64, length: f64) -> BezPath {
    let inward = -at.normal;
    let across = Vec2::new(-inward.y, inward.x) * (width / 2.0);
    let start = at.point;
    let end: Point = start + inward * (length - width / 2.0).max(0.0);
    let mut path = BezPath::new();
    path.move_to(start + across);
    path.line_to(end + across);
    let arc = Arc::new(end, (width / 2.0, width / 2.0), across.atan2(), -PI, 0.0);
    arc.to_cubic_beziers(CURVE_TOLERANCE_MM, |p1, p2, p3| path.curve_to(p1, p2, p3));
    path.line_to(start - across);
    path.close_path();
    path
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::model::rules::tile_set::{Slot, SlotStyle};
    use crate::scene::Colour;
    use kurbo::ParamCurve;

    fn tile(colours: &[&str], joins: &[(usize, usize)]) -> Tile {
        let slots =
            colours.iter().map(|c| Slot { colour: c.to_string(), kind: SlotKind::Line }).collect();
        Tile::plain(1, slots, joins.to_vec())
    }

    /// A black-background style with 4 mm lines and 0.5 mm casings.
    pub(in crate::compose) fn style() -> Style {
        let slots = SlotStyle {
            ring_radius_mm: 6.0,
            ring_width_mm: 4.0,
            dot_radius_mm: 4.0,
            cap_length_mm: 8.0,
        };
        Style {
            background: Colour::BLACK,
            line_width_mm: 4.0,
            casing_mm: 0.5,
            slots,
            region_dividers: false,
        }
    }

    fn casings(items: &[Item]) -> usize {
        items
            .iter()
            .filter(|item| matches!(item, Item::Shape(Shape { stroke: Some(s), .. }) if s.colour == Colour::BLACK))
            .count()
    }

    #[test]
    fn only_crossing_lines_get_a_casing() {
        let hex = RegularPolygon::new(6, 24.0);
        let mut palette = Palette::default();
        for (name, r) in [("r", 200), ("y", 210), ("b", 220)] {
            palette.colours.insert(name.to_string(), Colour { r, g: 0, b: 0 });
        }
        // Pattern 003: three sharps, no crossing.
        let sharps = tile(&["r", "r", "y", "y", "b", "b"], &[(0, 1), (2, 3), (4, 5)]);
        assert_eq!(casings(&front(&sharps, hex, &style(), &palette).items), 0);
        // Pattern 120: a straight crossing two gentles: it is drawn last, with one casing.
        let one_twenty = tile(&["r", "y", "b", "r", "b", "y"], &[(0, 3), (1, 5), (2, 4)]);
        assert_eq!(casings(&front(&one_twenty, hex, &style(), &palette).items), 1);
        // Pattern 021: two crossing gentles and a sharp: the second gentle has a casing.
        let zero_twenty_one = tile(&["r", "y", "r", "y", "b", "b"], &[(0, 2), (1, 3), (4, 5)]);
        assert_eq!(casings(&front(&zero_twenty_one, hex, &style(), &palette).items), 1);
    }

    #[test]
    fn regions_lie_under_the_lines() {
        let square = RegularPolygon::new(4, 30.0);
        let mut palette = Palette::default();
        palette.colours.insert("r".into(), Colour { r: 200, g: 0, b: 0 });
        palette.colours.insert("c".into(), Colour { r: 0, g: 0, b: 200 });
        // A city over edges 1 and 3 (a band), a road from edge 2 to edge 4 across it.
        let mut road = tile(&["c", "r", "c", "r"], &[(0, 2), (1, 3)]);
        road.slots[0].kind = SlotKind::Region;
        road.slots[2].kind = SlotKind::Region;
        let items = front(&road, square, &style(), &palette).items;
        let city = Colour { r: 0, g: 0, b: 200 };
        let at = |filled: bool| {
            items.iter().position(|item| {
                matches!(item, Item::Shape(shape)
                    if (filled && shape.fill == Some(city)) || (!filled && shape.stroke.is_some()))
            })
        };
        let (region, line) = (at(true).expect("the band"), at(false).expect("the road"));
        assert!(region < line, "the band at {region}, the road at {line}");
        assert_eq!(
            items.iter().filter(|i| matches!(i, Item::Shape(s) if s.fill == Some(city))).count(),
            1
        );
    }

    #[test]
    fn outline_is_closed_through_every_corner() {
        let hex = RegularPolygon::new(6, 10.0);
        let path = outline(hex);
        assert_eq!(path.elements().len(), 7);
    }

    #[test]
    fn half_circles_stand_on_the_edge_midpoint_and_end_on_the_edge() {
        let tri = RegularPolygon::new(3, 40.0);
        for edge in 0..3 {
            let path = half_circle(tri, edge, 6.0);
            let segments: Vec<_> = path.segments().collect();
            let (start, end) = (segments[0].start(), segments[segments.len() - 1].end());
            let (a, b) = tri.edge(edge);
            let on_edge = |p: Point| ((b - a).cross(p - a) / a.distance(b)).abs() < 1e-9;
            assert!(on_edge(start) && on_edge(end), "edge {edge}");
            assert!((start.distance(end) - 12.0).abs() < 1e-9);
            assert!(start.midpoint(end).distance(tri.midpoint(edge)) < 1e-9);
            // The half stands inside the tile: its middle is 6 mm in from the edge.
            let middle = segments[segments.len() / 2].start();
            assert!((middle.distance(tri.midpoint(edge)) - 6.0).abs() < 1e-6);
            assert!(middle.distance(Point::ORIGIN) < tri.apothem());
        }
    }

    #[test]
    fn an_unjoined_line_ends_in_a_cap_at_the_cap_length() {
        use kurbo::Shape as _;
        let tri = RegularPolygon::new(3, 40.0);
        let mut one_line = tile(&["r", "r", "r"], &[]);
        one_line.slots[1].kind = SlotKind::Dot;
        one_line.slots[2].kind = SlotKind::Dot;
        let mut palette = Palette::default();
        palette.colours.insert("r".into(), Colour { r: 200, g: 0, b: 0 });
        let items = front(&one_line, tri, &style(), &palette).items;
        let Item::Shape(stub) = &items[1] else { panic!("a stub") };
        // Edge 0 is on top: the stub runs down from it, 4 mm wide, 8 mm long to its tip.
        let bounds = stub.path.bounding_box();
        assert!((bounds.width() - 4.0).abs() < 1e-3, "{bounds:?}");
        assert!((bounds.y0 - tri.midpoint(0).y).abs() < 1e-9);
        assert!((bounds.height() - 8.0).abs() < 1e-3, "{bounds:?}");
        // Its end is a semicircle: the area is a 4 × 6 rectangle plus half a 2 mm disc.
        let area = stub.path.area().abs();
        assert!((area - (24.0 + PI * 2.0)).abs() < 0.01, "{area}");
    }
}
