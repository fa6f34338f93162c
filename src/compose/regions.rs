//! Filled areas of a tile face: edge regions (alone, joined over neighbouring edges into one
//! area, or a band across the tile) and corner slots, each one closed path in the tile's own
//! frame.

use kurbo::{BezPath, Point};

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::slot_cell;
use crate::model::colours::cues::CueOn;
use crate::model::colours::palette::Palette;
use crate::model::rules::region_joins::{region_groups, same_colour_links};
use crate::model::rules::tile_set::{EMPTY_SLOT, SlotKind, Style, Tile};
use crate::scene::{Item, LineCap, Shape, Stroke};

/// The area of a region over the run of neighbouring edges `run` (clockwise): along those
/// edges from the first one's start to the last one's end, and back through the centre in
/// two straight lines (a run of one edge is the triangle between the edge and the centre).
/// The area is exactly the wedges of its edges, so it meets the tile's other regions on the
/// lines from their shared corners to the centre; a run over every edge is the whole tile.
pub fn region_area(shape: RegularPolygon, run: &[usize]) -> BezPath {
    let mut path = BezPath::new();
    let Some(&first) = run.first() else { return path };
    let n = shape.sides;
    if run.windows(2).any(|w| w[1] != (w[0] + 1) % n) {
        return band_area(shape, run);
    }
    let whole = run.len() >= shape.sides;
    if whole {
        path.move_to(shape.corner(first));
    } else {
        path.move_to(Point::ORIGIN);
        path.line_to(shape.corner(first));
    }
    let ends = if whole { &run[..run.len() - 1] } else { run };
    for &edge in ends {
        path.line_to(shape.corner((edge + 1) % shape.sides));
    }
    path.close_path();
    path
}

/// The area of a band over the edges `members` (clockwise, not all neighbours): along each
/// member edge, and from one member to the next across the edges between them (which have
/// no region) by a curve bowing towards the centre — a quadratic Bézier whose control point
/// is the centre, so its middle lies halfway between the centre and the chord.
fn band_area(shape: RegularPolygon, members: &[usize]) -> BezPath {
    let n = shape.sides;
    let mut path = BezPath::new();
    path.move_to(shape.corner(members[0]));
    for (i, &edge) in members.iter().enumerate() {
        let end = (edge + 1) % n;
        path.line_to(shape.corner(end));
        let next = members[(i + 1) % members.len()];
        if next != end {
            path.quad_to(Point::ORIGIN, shape.corner(next));
        }
    }
    path.close_path();
    path
}

/// The area of corner `corner`'s slot: the quadrilateral from the corner to the midpoints of
/// its two edges and the centre. The corner areas of a tile cover it; those of the tiles
/// around a vertex meet there into one shape.
pub fn corner_area(shape: RegularPolygon, corner: usize) -> BezPath {
    let before = (corner + shape.sides - 1) % shape.sides;
    let mut path = BezPath::new();
    path.move_to(shape.corner(corner));
    path.line_to(shape.midpoint(corner));
    path.line_to(Point::ORIGIN);
    path.line_to(shape.midpoint(before));
    path.close_path();
    path
}

/// The regions of a face in edge order — each alone as its wedge, each joined group as one
/// area at its first edge — then, with `region_dividers`, the lines that part separate
/// neighbouring regions of one colour.
pub fn region_items(
    tile: &Tile,
    shape: RegularPolygon,
    style: &Style,
    palette: &Palette,
) -> Vec<Item> {
    let groups = region_groups(&tile.slots, &tile.joins);
    let mut items = Vec::new();
    for (edge, slot) in tile.slots.iter().enumerate() {
        if slot.kind != SlotKind::Region {
            continue;
        }
        let area = match groups.iter().find(|group| group.contains(&edge)) {
            Some(group) if group[0] == edge => region_area(shape, group),
            Some(_) => continue,
            None => region_area(shape, &[edge]),
        };
        let colour = palette.colour(&slot.colour);
        let hatch = super::region_cues::region_cue(
            &area,
            colour,
            palette.cue_on(&slot.colour, CueOn::Regions),
        );
        items.push(Item::Shape(Shape::filled(area, colour)));
        items.extend(hatch);
    }
    if style.region_dividers {
        items.extend(region_dividers(tile, shape, 1, style));
    }
    items
}

/// Lines of the background colour, `casing_mm` wide, from the point between two
/// neighbouring regions of one colour that are not joined (the corner between two edges, or
/// between two slots' cells with several per edge) to the centre: they part the two.
pub fn region_dividers(
    tile: &Tile,
    shape: RegularPolygon,
    per_edge: usize,
    style: &Style,
) -> Vec<Item> {
    let groups = region_groups(&tile.slots, &tile.joins);
    let joined = |a: usize, b: usize| groups.iter().any(|g| g.contains(&a) && g.contains(&b));
    same_colour_links(&tile.slots)
        .into_iter()
        .filter(|&(a, b)| !joined(a, b))
        .map(|(a, _)| {
            let mut path = BezPath::new();
            path.move_to(slot_cell(shape, per_edge, a).1);
            path.line_to(Point::ORIGIN);
            let stroke =
                Stroke { cap: LineCap::Butt, ..Stroke::solid(style.background, style.casing_mm) };
            Item::Shape(Shape::stroked(path, stroke))
        })
        .collect()
}

/// The corner slots of a face, one filled area per coloured corner (hatched when its colour
/// carries the `hatch` cue).
pub fn corner_items(tile: &Tile, shape: RegularPolygon, palette: &Palette) -> Vec<Item> {
    let mut items = Vec::new();
    for (corner, name) in tile.corners.iter().enumerate() {
        if name.as_str() == EMPTY_SLOT {
            continue;
        }
        let (area, colour) = (corner_area(shape, corner), palette.colour(name));
        let hatch =
            super::region_cues::region_cue(&area, colour, palette.cue_on(name, CueOn::Regions));
        items.push(Item::Shape(Shape::filled(area, colour)));
        items.extend(hatch);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::Shape as _;

    #[test]
    fn a_joined_region_is_its_wedges_in_one_path() {
        let square = RegularPolygon::new(4, 30.0);
        let wedge = 30.0 * 15.0 / 2.0;
        for run in [vec![0], vec![0, 1], vec![3, 0, 1]] {
            let area = region_area(square, &run);
            assert!((area.area().abs() - wedge * run.len() as f64).abs() < 1e-9, "{run:?}");
            // One subpath: one shape, not wedges side by side.
            let moves =
                area.elements().iter().filter(|e| matches!(e, kurbo::PathEl::MoveTo(_))).count();
            assert_eq!(moves, 1);
        }
        // A band across the square: both edges, and two curves through the points halfway
        // between the centre and the other edges' midpoints.
        let band = region_area(square, &[0, 2]);
        let bounds = band.bounding_box();
        assert!((bounds.width() - 30.0).abs() < 1e-9 && (bounds.height() - 30.0).abs() < 1e-9);
        assert!(band.contains(Point::ORIGIN));
        assert!(band.contains(Point::new(7.4, 0.0)) && !band.contains(Point::new(7.6, 0.0)));
        let whole = region_area(square, &[0, 1, 2, 3]);
        assert!((whole.area().abs() - 900.0).abs() < 1e-9);
    }

    #[test]
    fn corner_areas_cover_the_tile() {
        for sides in [3, 4, 6] {
            let shape = RegularPolygon::new(sides, 20.0);
            let total: f64 = (0..sides).map(|k| corner_area(shape, k).area().abs()).sum();
            let tile = shape.apothem() * shape.edge_mm * sides as f64 / 2.0;
            assert!((total - tile).abs() < 1e-9, "{sides}: {total} of {tile}");
        }
    }
}
