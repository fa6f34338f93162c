//! Regions of a face with several slots per edge: each region, alone or joined over neighbouring slots, fills the area from the centre over its slots' cells, and a line slot between two regions of one colour lies on that colour (a road through a field).

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::cells_area;
use crate::model::cues::CueOn;
use crate::model::design::{Palette, SlotKind, Tile};
use crate::model::region_joins::region_groups;
use crate::scene::{Item, Shape};

/// The filled areas under a face's lines: first the cells of line slots between two regions
/// of one colour, in that colour; then each region (a joined group at its first slot as one
/// area per run of neighbouring slots, else its own cell).
pub fn slot_region_items(
    tile: &Tile,
    shape: RegularPolygon,
    per_edge: usize,
    palette: &Palette,
) -> Vec<Item> {
    let slots = &tile.slots;
    let n = slots.len();
    let mut items = Vec::new();
    let mut fill = |run: &[usize], name: &str| {
        let (area, colour) = (cells_area(shape, per_edge, run), palette.colour(name));
        let hatch =
            super::region_cues::region_cue(&area, colour, palette.cue_on(name, CueOn::Regions));
        items.push(Item::Shape(Shape::filled(area, colour)));
        items.extend(hatch);
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
    use crate::model::cues::{ColourCue, Cue};
    use crate::model::design::Slot;
    use crate::scene::Colour;

    #[test]
    fn a_hatched_colour_is_hatched_with_several_slots_per_edge_too() {
        let region = |colour: &str| Slot { colour: colour.into(), kind: SlotKind::Region };
        let slots = (0..8).map(|i| region(if i < 4 { "forest" } else { "sand" })).collect();
        let tile = Tile::plain(1, slots, Vec::new());
        let mut palette = Palette::default();
        palette.colours.insert("forest".into(), Colour { r: 0x1f, g: 0x9e, b: 0x45 });
        palette.colours.insert("sand".into(), Colour { r: 0xd6, g: 0x28, b: 0x28 });
        let cue = ColourCue { cue: Cue::Hatch, position: Default::default() };
        palette.cues.insert("forest".into(), vec![cue]);
        let items = slot_region_items(&tile, RegularPolygon::new(4, 40.0), 2, &palette);
        let clips = items.iter().filter(|item| matches!(item, Item::Clip(_))).count();
        assert_eq!(clips, 4, "one hatch per forest cell, none on sand");
    }
}
