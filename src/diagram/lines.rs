//! Lines across several tiles: following a line slot through joins inside tiles and facing
//! line slots between them, to find how each end of the line finishes.

use super::table::{Facing, Table};
use crate::model::rules::tile_set::SlotKind;

/// How one end of a line finishes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// At an edge with no tile across it: the line can still be extended.
    Open(Facing),
    /// In a semicircular cap inside a tile (a line slot that is not joined).
    Cap(Facing),
    /// Against a slot that is not a line of the same colour (a half-ring, a half-dot, …).
    Against { from: Facing, to: Facing },
}

/// A line through several tiles: its slots in order, and either both ends or none (a loop).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub slots: Vec<Facing>,
    pub ends: Option<(End, End)>,
}

impl Line {
    /// Both ends closed and not a loop: the line can never be extended again.
    pub fn is_closed(&self) -> bool {
        matches!(&self.ends, Some((a, b)) if !matches!(a, End::Open(_)) && !matches!(b, End::Open(_)))
    }
}

/// The line slot joined to `edge` inside its tile, if any.
fn joined(table: &Table<'_>, at: Facing) -> Option<Facing> {
    let joins = &table.places[at.place].tile.joins;
    joins.iter().find_map(|&(a, b)| match () {
        () if a == at.edge => Some(Facing { place: at.place, edge: b }),
        () if b == at.edge => Some(Facing { place: at.place, edge: a }),
        () => None,
    })
}

/// The line through a line slot. `start` must be a line slot.
pub fn line_through(table: &Table<'_>, start: Facing) -> Line {
    let colour = &table.slot(start).colour;
    let slots: usize = table.places.iter().map(|place| place.tile.slots.len()).sum();
    let limit = 4 * slots + 4;
    // Walk out through the edge first, then back in through the tile from `start`.
    let (outward, out_end) = walk(table, start, colour, true, limit);
    if out_end.is_none() {
        return Line { slots: outward, ends: None };
    }
    let (inward, in_end) = walk(table, start, colour, false, limit);
    let mut slots: Vec<Facing> = inward.into_iter().rev().collect();
    slots.extend(outward.into_iter().skip(1));
    let ends = match (in_end, out_end) {
        (Some(a), Some(b)) => Some((a, b)),
        _ => None,
    };
    Line { slots, ends }
}

/// Follows the line from `start`, first across its edge (`across`) or first through its
/// tile; returns the slots visited (starting with `start`) and how it ends, `None` if it
/// came back to `start` (a loop).
fn walk(
    table: &Table<'_>,
    start: Facing,
    colour: &str,
    mut across: bool,
    limit: usize,
) -> (Vec<Facing>, Option<End>) {
    let mut slots = vec![start];
    let mut at = start;
    for _ in 0..limit {
        let next = if across {
            match table.across(at.place, at.edge) {
                None => return (slots, Some(End::Open(at))),
                Some(to) => {
                    let slot = table.slot(to);
                    if slot.kind != SlotKind::Line || slot.colour != colour {
                        return (slots, Some(End::Against { from: at, to }));
                    }
                    to
                }
            }
        } else {
            match joined(table, at) {
                None => return (slots, Some(End::Cap(at))),
                Some(to) => to,
            }
        };
        if next == start {
            return (slots, None);
        }
        slots.push(next);
        at = next;
        across = !across;
    }
    (slots, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::Placed;
    use crate::geometry::polygon::RegularPolygon;
    use crate::geometry::tile_grid::{Cell, Grid};
    use crate::model::rules::tile_set::{Slot, Tile};

    fn triangle(slots: [(&str, SlotKind); 3], joins: &[(usize, usize)], cell: Cell) -> Placed {
        let slots = slots.iter().map(|(c, k)| Slot { colour: c.to_string(), kind: *k }).collect();
        let tile = Tile::plain(1, slots, joins.to_vec());
        Placed { tile, cell, turn: 0, new: false, position: Default::default() }
    }

    #[test]
    fn a_line_capped_in_one_tile_and_open_in_the_other_is_not_closed() {
        use SlotKind::{Dot, Line as L};
        let grid = Grid::new(RegularPolygon::new(3, 40.0)).unwrap();
        let down = Cell::new(0, 0, 0);
        let up = grid.neighbours(down)[1].cell;
        let side_up = grid.neighbours(down)[1].their_side;
        // Down triangle: a black line on side 1 ending in a cap. Up triangle: the black line
        // comes in on its facing side and is joined to the next side, which is open.
        let mut up_slots = [("white", Dot), ("white", Dot), ("white", Dot)];
        up_slots[side_up] = ("black", L);
        let next = (side_up + 1) % 3;
        up_slots[next] = ("black", L);
        let places = vec![
            triangle([("white", Dot), ("black", L), ("white", Dot)], &[], down),
            triangle(up_slots, &[(side_up.min(next), side_up.max(next))], up),
        ];
        let table = Table::new(&grid, &places);
        let line = line_through(&table, Facing { place: 0, edge: 1 });
        assert_eq!(line.slots.len(), 3);
        let (a, b) = line.ends.clone().unwrap();
        assert!(matches!(a, End::Cap(_)) && matches!(b, End::Open(_)), "{line:?}");
        assert!(!line.is_closed());
    }
}
