//! Regions of a face with several slots per edge: each region, alone or joined over neighbouring slots, fills the area from the centre over its slots' cells, and a line slot between two regions of one colour lies on that colour (a road through a field); the areas of one colour are filled as one shape, so no seam shows between them, and neighbouring regions of one colour that are not joined are parted as with one slot per edge.

use kurbo::BezPath;

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::cells_area;
use crate::model::colours::cues::CueOn;
use crate::model::colours::palette::Palette;
use crate::model::rules::region_joins::region_groups;
use crate::model::rules::tile_set::{SlotKind, Style, Tile};
use crate::scene::{Item, Shape};

/// The filled areas under a face's lines: the cells of line slots between two regions of
/// one colour, in that colour, and each region (a joined group as one area per run of
/// neighbouring slots, else its own cell) — all the areas of one colour one shape, in the
/// order their colours first come; then, with `region_dividers`, the lines parting
/// neighbouring regions of one colour that are not joined.
pub fn slot_region_items<'a>(
    tile: &'a Tile,
    shape: RegularPolygon,
    per_edge: usize,
    style: &Style,
    palette: &Palette,
) -> Vec<Item> {
    let slots = &tile.slots;
    let n = slots.len();
    let mut areas: Vec<(&str, BezPath)> = Vec::new();
    let mut fill = |run: &[usize], name: &'a str| {
        let area = cells_area(shape, per_edge, run);
        match areas.iter_mut().find(|(colour, _)| *colour == name) {
            Some((_, path)) => path.extend(area),
            None => areas.push((name, area)),
        }
    };
    for (position, slot) in slots.iter().enumerate().filter(|(_, s)| s.kind == SlotKind::Line) {
        let (before, after) = (&slots[(position + n - 1) % n], &slots[(position + 1) % n]);
        let regions = before.kind == SlotKind::Region && after.kind == SlotKind::Region;
        if regions && before.colour == after.colour && slot.colour != before.colour {
            fill(&[position], &before.colour);
        }
    }
    let groups = region_groups(slots, &tile.joins);
    for (position, slot) in slots.iter().enumerate().filter(|(_, s)| s.kind == SlotKind::Region) {
        match groups.iter().find(|group| group.contains(&position)) {
            Some(group) if group[0] == position => {
                for run in runs(n, group) {
                    fill(&run, &slot.colour);
                }
            }
            Some(_) => continue,
            None => fill(&[position], &slot.colour),
        }
    }
    let mut items = Vec::new();
    for (name, area) in areas {
        let colour = palette.colour(name);
        let hatch =
            super::region_cues::region_cue(&area, colour, palette.cue_on(name, CueOn::Regions));
        items.push(Item::Shape(Shape::filled(area, colour)));
        items.extend(hatch);
    }
    if style.region_dividers {
        items.extend(super::regions::region_dividers(tile, shape, per_edge, style));
    }
    items
}

/// `group` (clockwise from its first slot) split into runs of neighbouring slots.
fn runs(n: usize, group: &[usize]) -> Vec<Vec<usize>> {
    let mut found: Vec<Vec<usize>> = Vec::new();
    for &position in group {
        match found.last_mut() {
            Some(run) if run.last().is_some_and(|&last| (last + 1) % n == position) => {
                run.push(position)
            }
            _ => found.push(vec![position]),
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::colours::cues::{ColourCue, Cue};
    use crate::model::rules::tile_set::Slot;
    use crate::scene::Colour;
    use kurbo::Shape as _;

    const FOREST: Colour = Colour { r: 0x1f, g: 0x9e, b: 0x45 };

    fn region(colour: &str) -> Slot {
        Slot { colour: colour.into(), kind: SlotKind::Region }
    }

    fn palette() -> Palette {
        let mut palette = Palette::default();
        palette.colours.insert("forest".into(), FOREST);
        palette.colours.insert("sand".into(), Colour { r: 0xd6, g: 0x28, b: 0x28 });
        palette
    }

    fn style(region_dividers: bool) -> Style {
        Style { region_dividers, ..crate::compose::face::tests::style() }
    }

    /// Four forest cells then four sand cells of a square with two slots per edge.
    fn half_forest(joins: Vec<(usize, usize)>) -> Tile {
        let slots = (0..8).map(|i| region(if i < 4 { "forest" } else { "sand" })).collect();
        Tile::plain(1, slots, joins)
    }

    #[test]
    fn a_hatched_colour_is_hatched_over_its_areas_with_several_slots_per_edge_too() {
        let mut palette = palette();
        let cue = ColourCue { cue: Cue::Hatch, position: Default::default() };
        palette.cues.insert("forest".into(), vec![cue]);
        let square = RegularPolygon::new(4, 40.0);
        let items = slot_region_items(&half_forest(Vec::new()), square, 2, &style(false), &palette);
        let clips: Vec<f64> = (items.iter())
            .filter_map(|item| match item {
                Item::Clip(clip) => Some(clip.path.area().abs()),
                _ => None,
            })
            .collect();
        assert_eq!(clips.len(), 1, "one hatch, none on sand");
        assert!((clips[0] - 800.0).abs() < 1e-9, "over the four forest cells: {clips:?}");
    }

    #[test]
    fn the_areas_of_one_colour_are_one_shape_and_unjoined_neighbours_are_parted() {
        let square = RegularPolygon::new(4, 40.0);
        // Forest cells 0-1 joined, 2 and 3 alone: three forest regions, filled as one shape.
        let tile = half_forest(vec![(0, 1)]);
        let items = slot_region_items(&tile, square, 2, &style(true), &palette());
        let forest: Vec<&Shape> = (items.iter())
            .filter_map(|item| match item {
                Item::Shape(shape) if shape.fill == Some(FOREST) => Some(shape),
                _ => None,
            })
            .collect();
        assert_eq!(forest.len(), 1);
        assert!((forest[0].path.area().abs() - 800.0).abs() < 1e-9);
        // Dividers between forest 1|2 and 2|3 (not 0|1, joined), and between the sand cells
        // 4|5, 5|6, 6|7 (none joined); none where forest meets sand.
        let dividers: Vec<kurbo::Point> = (items.iter())
            .filter_map(|item| match item {
                Item::Shape(Shape { stroke: Some(stroke), path, .. }) => {
                    assert_eq!(stroke.colour, Colour::BLACK);
                    assert_eq!(stroke.width_mm, 0.5, "a casing wide");
                    path.segments().next().map(|segment| kurbo::ParamCurve::start(&segment))
                }
                _ => None,
            })
            .collect();
        let at = |position: usize| crate::geometry::slot_points::slot_cell(square, 2, position).1;
        assert_eq!(dividers, vec![at(1), at(2), at(4), at(5), at(6)]);
        let plain = slot_region_items(&tile, square, 2, &style(false), &palette());
        assert!(plain.iter().all(|item| matches!(item, Item::Shape(s) if s.stroke.is_none())));
    }
}
