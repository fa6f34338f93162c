//! Regions of a face with several slots per edge: each region, alone or joined over neighbouring slots, fills the area from the centre over its slots' cells, and a line slot between two regions of one colour lies on that colour (a road through a field).

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::slot_points::cells_area;
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
    let mut fill = |run: &[usize], colour: &str| {
        let area = cells_area(shape, per_edge, run);
        items.push(Item::Shape(Shape::filled(area, palette.colour(colour))));
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
