//! The position on the table: which cell holds which placed tile, which tiles touch (and
//! with which edges), and the empty cells around them.

use std::collections::{BTreeMap, BTreeSet};

use super::Placed;
use crate::geometry::tile_grid::{Cell, Grid};
use crate::model::rules::tile_set::Slot;

/// Two placed tiles touching: edge `a_edge` of place `a` meets edge `b_edge` of place `b`
/// (tile edges, 0-based; places are indices into the diagram's list, `a < b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Contact {
    pub a: usize,
    pub a_edge: usize,
    pub b: usize,
    pub b_edge: usize,
}

/// A placed tile's slot facing an empty cell or another tile: the place index and its slot
/// position (its edge, with one slot per edge; else slot `edge % m` of edge `edge / m`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Facing {
    pub place: usize,
    pub edge: usize,
}

/// The placed tiles indexed by cell (the first place on a cell wins; overlaps are reported
/// by the legality check).
#[derive(Debug)]
pub struct Table<'a> {
    pub grid: &'a Grid,
    pub places: &'a [Placed],
    occupied: BTreeMap<crate::geometry::tile_grid::Cell, usize>,
}

impl<'a> Table<'a> {
    pub fn new(grid: &'a Grid, places: &'a [Placed]) -> Table<'a> {
        let mut occupied = BTreeMap::new();
        for (index, place) in places.iter().enumerate() {
            occupied.entry(place.cell).or_insert(index);
        }
        Table { grid, places, occupied }
    }

    /// The place index on a cell.
    pub fn at(&self, cell: Cell) -> Option<usize> {
        self.occupied.get(&cell).copied()
    }

    /// The slot of place `index` at its slot position `edge`.
    pub fn slot(&self, facing: Facing) -> &Slot {
        &self.places[facing.place].tile.slots[facing.edge]
    }

    /// How many slots each edge of place `index`'s tile has.
    pub fn per_edge(&self, index: usize) -> usize {
        (self.places[index].tile.slots.len() / self.grid.shape.sides.max(1)).max(1)
    }

    /// The slots of place `index`'s tile on its edge `edge`, clockwise.
    pub fn edge_slots(&self, index: usize, edge: usize) -> &[Slot] {
        let m = self.per_edge(index);
        &self.places[index].tile.slots[edge * m..(edge + 1) * m]
    }

    /// The tile's own edge of place `index` on its cell's `side`.
    fn edge_on_side(&self, index: usize, side: usize) -> usize {
        let n = self.grid.shape.sides;
        (side + n - self.places[index].turn % n) % n
    }

    /// What lies across slot `position` of place `index`: the facing place and its slot —
    /// the facing edge's slots run the other way, so slot `s` of `m` meets slot `m − 1 − s`.
    pub fn across(&self, index: usize, position: usize) -> Option<Facing> {
        let place = &self.places[index];
        let m = self.per_edge(index);
        let (edge, slot) = (position / m, position % m);
        let side = (edge + place.turn) % self.grid.shape.sides;
        let neighbour = self.grid.neighbours(place.cell).into_iter().find(|n| n.side == side)?;
        let other = self.at(neighbour.cell)?;
        let facing_m = self.per_edge(other);
        let facing_edge = self.edge_on_side(other, neighbour.their_side);
        let facing_slot = facing_m - 1 - slot.min(facing_m - 1);
        Some(Facing { place: other, edge: facing_edge * facing_m + facing_slot })
    }

    /// Every pair of touching tiles, once each, in place order.
    pub fn contacts(&self) -> Vec<Contact> {
        let mut found = Vec::new();
        for (&cell, &a) in &self.occupied {
            for n in self.grid.neighbours(cell) {
                let Some(b) = self.at(n.cell).filter(|&b| b > a) else { continue };
                let a_edge = self.edge_on_side(a, n.side);
                let b_edge = self.edge_on_side(b, n.their_side);
                found.push(Contact { a, a_edge, b, b_edge });
            }
        }
        found.sort();
        found
    }

    /// The placed tiles around an empty `cell`, in the cell's side order, one each: at the
    /// first slot of the edge it turns to the cell.
    pub fn facing_empty(&self, cell: Cell) -> Vec<Facing> {
        self.facing_edges(cell)
            .map(|(place, edge)| Facing { place, edge: edge * self.per_edge(place) })
            .collect()
    }

    /// Every slot that faces an empty `cell`: the slots of each tile's edge turned to it,
    /// clockwise on the tile, the tiles in the cell's side order.
    pub fn slots_facing(&self, cell: Cell) -> Vec<Facing> {
        self.facing_edges(cell)
            .flat_map(|(place, edge)| {
                let m = self.per_edge(place);
                (edge * m..(edge + 1) * m).map(move |position| Facing { place, edge: position })
            })
            .collect()
    }

    /// The placed tiles around an empty `cell` and the tile edge each turns to it.
    fn facing_edges(&self, cell: Cell) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.grid.neighbours(cell).into_iter().filter_map(move |n| {
            let place = self.at(n.cell)?;
            Some((place, self.edge_on_side(place, n.their_side)))
        })
    }

    /// Empty cells next to at least one of the given places.
    pub fn empty_around(&self, places: impl IntoIterator<Item = usize>) -> BTreeSet<Cell> {
        places
            .into_iter()
            .flat_map(|index| self.grid.neighbours(self.places[index].cell))
            .map(|n| n.cell)
            .filter(|&cell| self.at(cell).is_none())
            .collect()
    }

    /// Empty cells next to any placed tile.
    pub fn all_empty_around(&self) -> BTreeSet<Cell> {
        self.empty_around(self.occupied.values().copied())
    }

    /// Empty cells with at least `neighbours` placed neighbours: the forced spaces.
    pub fn forced_spaces(&self, neighbours: usize) -> Vec<Cell> {
        self.all_empty_around()
            .into_iter()
            .filter(|&cell| self.facing_empty(cell).len() >= neighbours)
            .collect()
    }

    /// The cells holding a tile.
    pub fn occupied_cells(&self) -> BTreeSet<Cell> {
        self.occupied.keys().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::polygon::RegularPolygon;
    use crate::model::rules::tile_set::{SlotKind, Tile};

    fn place(colours: [&str; 6], cell: Cell, turn: usize) -> Placed {
        let slots =
            colours.iter().map(|c| Slot { colour: c.to_string(), kind: SlotKind::Line }).collect();
        let tile = Tile::plain(1, slots, Vec::new());
        Placed { tile, cell, turn, new: false, position: Default::default() }
    }

    #[test]
    fn touching_tiles_meet_with_the_edges_their_turns_put_there() {
        let grid = Grid::new(RegularPolygon::new(6, 24.0)).unwrap();
        let colours = ["a", "b", "c", "d", "e", "f"];
        // Cell (1, 0) is across side 1 of (0, 0); it is across side 4 of (1, 0).
        let places =
            vec![place(colours, Cell::new(0, 0, 0), 0), place(colours, Cell::new(1, 0, 0), 2)];
        let table = Table::new(&grid, &places);
        let contacts = table.contacts();
        assert_eq!(contacts, vec![Contact { a: 0, a_edge: 1, b: 1, b_edge: 2 }]);
        assert_eq!(table.across(0, 1), Some(Facing { place: 1, edge: 2 }));
        assert_eq!(table.across(1, 2), Some(Facing { place: 0, edge: 1 }));
        assert_eq!(table.across(0, 0), None);
        // Two hexes that touch have two common empty neighbours; each has 2 placed around it.
        let both: Vec<Cell> = table.forced_spaces(2);
        assert_eq!(both.len(), 2);
        assert_eq!(table.all_empty_around().len(), 8);
    }
}
