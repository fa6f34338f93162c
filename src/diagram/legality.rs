//! Whether a diagram's position is allowed: no two tiles on one cell, touching edges that
//! match as the design's `[play] match` says, and the design's move rules for the tiles the
//! diagram marks `new`; corner slots and values at corners match at every vertex
//! (`corners`); dominoes do not overlap and their touching halves agree (`dominoes`). Every
//! broken rule is a [`Violation`] naming the tiles and edges.

use std::collections::{BTreeMap, BTreeSet};

use super::lines::{End, line_through};
use super::table::{Facing, Table};
use super::{Diagram, cell_name};
use crate::geometry::tile_grid::Cell;
use crate::model::input::source::Position;
use crate::model::rules::edge_slots::slot_name;
use crate::model::rules::play::{Matching, PlayRule, rule_name};
use crate::model::rules::tile_set::{Slot, SlotKind, Tile};
use crate::validate::describe::slot_text;

/// One broken rule: its name (as in `breaks`), why, and the `[[place]]` it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: &'static str,
    pub message: String,
    pub position: Position,
}

/// Every rule the diagram's position breaks, in a fixed order.
pub fn violations(diagram: &Diagram) -> Vec<Violation> {
    let table = Table::new(&diagram.grid, &diagram.places);
    let mut found = basic(diagram, &table);
    found.extend(super::board_rules::violations(diagram));
    found.extend(super::pawn_moves::violations(diagram));
    let new: Vec<usize> = (0..diagram.places.len()).filter(|&i| diagram.places[i].new).collect();
    if new.is_empty() {
        return found;
    }
    for rule in &diagram.design.play.rules {
        // `load` refuses new tiles without a mover when a rule needs one.
        let mover = diagram.mover.as_deref().unwrap_or("");
        let check = Check { diagram, table: &table, new: &new, mover, rule: rule_name(rule) };
        match rule {
            PlayRule::Touch => check.touch(&mut found),
            PlayRule::ExtendOwn { kinds } => check.extend_own(kinds, &mut found),
            PlayRule::NoOwnPair { kind } => check.no_own_pair(*kind, &mut found),
            PlayRule::NoClosedOwnLine => check.no_closed_own_line(&mut found),
            PlayRule::NoSameColourSpace { count } => check.same_colour_space(*count, &mut found),
            PlayRule::MaxSpaceNeighbours { count } => check.crowded_space(*count, &mut found),
            PlayRule::NoControlledSide { count } => check.controlled_side(*count, &mut found),
            // Rules about polyform pieces: `board_rules` checks them.
            PlayRule::CaptureSurrounded | PlayRule::NoSurroundedPlacement | PlayRule::Replace => {}
        }
    }
    found
}

/// `tile 12 edge 3 (red)`, or `(white ring)` for slots that are not lines; edges from 1
/// (`edge 3 slot 2` with several slots per edge).
pub fn describe_slot(table: &Table<'_>, at: Facing) -> String {
    let slot = table.slot(at);
    let kind = match slot.kind {
        SlotKind::Line | SlotKind::Empty => String::new(),
        other => format!(" {}", other.name()),
    };
    let number = table.places[at.place].tile.number;
    let name = slot_name(at.edge, table.per_edge(at.place));
    format!("tile {number} {name} ({}{kind})", slot.colour)
}

/// `tile 12 edge 3 (field region | road | field region)`: an edge of several slots,
/// clockwise on its tile (`at.edge` is the edge).
fn describe_edge(table: &Table<'_>, at: Facing) -> String {
    let slots: Vec<String> = table.edge_slots(at.place, at.edge).iter().map(slot_text).collect();
    let number = table.places[at.place].tile.number;
    format!("tile {number} edge {} ({})", at.edge + 1, slots.join(" | "))
}

/// Overlaps, tiles placed twice, and edges that do not match.
fn basic(diagram: &Diagram, table: &Table<'_>) -> Vec<Violation> {
    let mut found = Vec::new();
    let places = &diagram.places;
    for (b, later) in places.iter().enumerate() {
        for earlier in &places[..b] {
            let (one, two) = (earlier.tile.number, later.tile.number);
            if earlier.cell == later.cell {
                let cell = cell_name(&diagram.grid, later.cell);
                let message = format!("tile {one} and tile {two} both lie on cell {cell}");
                found.push(Violation { rule: "overlap", message, position: later.position });
            }
        }
    }
    let laid = places.iter().map(|p| (&p.tile, p.position));
    found.extend(placed_too_often(
        laid.chain(diagram.dominoes.iter().map(|d| (&d.tile, d.position))),
    ));
    found.extend(edge_violations(diagram, table));
    found.extend(super::corners::corner_violations(diagram));
    found.extend(super::corners::corner_value_violations(diagram));
    found.extend(super::dominoes::violations(diagram));
    found
}

/// Touching edges that do not match: each such contact, or with `match = "any"` each tile
/// that touches others and matches none of them (wild tiles match every edge).
fn edge_violations(diagram: &Diagram, table: &Table<'_>) -> Vec<Violation> {
    let play = &diagram.design.play;
    let slots_match = |sa: &Slot, sb: &Slot| match play.matching {
        Matching::Colour | Matching::Any => sa.colour == sb.colour,
        Matching::ColourAndKind => sa == sb,
        Matching::Nothing => true,
    };
    let places = &diagram.places;
    let mut found = Vec::new();
    // With `any`: each tile's touching edges, described from its side, and whether one matched.
    let mut touching: BTreeMap<usize, (bool, Vec<String>)> = BTreeMap::new();
    for contact in table.contacts() {
        let a = Facing { place: contact.a, edge: contact.a_edge };
        let b = Facing { place: contact.b, edge: contact.b_edge };
        // One slot per edge: the two slots; several: the lists, one read backwards.
        let (one_a, one_b) = (table.per_edge(a.place) == 1, table.per_edge(b.place) == 1);
        let describe: &dyn Fn(Facing) -> String = match one_a && one_b {
            true => &|at| describe_slot(table, at),
            false => &|at| describe_edge(table, at),
        };
        let matches = match one_a && one_b {
            true => slots_match(table.slot(a), table.slot(b)),
            false => {
                let (la, lb) =
                    (table.edge_slots(a.place, a.edge), table.edge_slots(b.place, b.edge));
                let pairs = la.iter().zip(lb.iter().rev());
                la.len() == lb.len() && pairs.clone().all(|(x, y)| slots_match(x, y))
            }
        };
        let wild = [a, b].iter().any(|at| play.wild_tile(places[at.place].tile.number));
        if play.matching == Matching::Any {
            for (here, there) in [(a, b), (b, a)] {
                let entry = touching.entry(here.place).or_default();
                entry.0 |= matches || wild;
                entry.1.push(format!("{} meets {}", describe(here), describe(there)));
            }
        } else if !(matches || wild) {
            let message = format!("{} meets {}", describe(a), describe(b));
            found.push(Violation { rule: "match", message, position: places[contact.b].position });
        }
    }
    for (place, (matched, contacts)) in touching {
        if !matched {
            let number = places[place].tile.number;
            let message = format!(
                "tile {number} matches none of the tiles it touches: {}",
                contacts.join("; ")
            );
            found.push(Violation { rule: "match", message, position: places[place].position });
        }
    }
    found
}

/// Tiles laid more often than the set has them (a tile with `copies = N` may lie N times),
/// at each entry past the last copy.
fn placed_too_often<'a>(laid: impl Iterator<Item = (&'a Tile, Position)>) -> Vec<Violation> {
    let mut found = Vec::new();
    let mut seen: BTreeMap<u32, u32> = BTreeMap::new();
    for (tile, position) in laid {
        let number = tile.number;
        let times = seen.entry(number).or_default();
        *times += 1;
        if *times > tile.copies {
            let message = match tile.copies {
                1 => format!("tile {number} is placed twice; the set has one of each"),
                n => format!("tile {number} is placed {times} times; the set has {n}"),
            };
            found.push(Violation { rule: "same-tile", message, position });
        }
    }
    found
}

/// One move rule being checked.
struct Check<'a> {
    diagram: &'a Diagram,
    table: &'a Table<'a>,
    new: &'a [usize],
    mover: &'a str,
    rule: &'static str,
}

impl Check<'_> {
    fn push(&self, found: &mut Vec<Violation>, place: usize, message: String) {
        let position = self.diagram.places[place].position;
        found.push(Violation { rule: self.rule, message, position });
    }

    fn number(&self, place: usize) -> u32 {
        self.diagram.places[place].tile.number
    }

    fn is_new(&self, place: usize) -> bool {
        self.diagram.places[place].new
    }

    /// What faces each edge of a new tile.
    fn new_contacts(&self, place: usize) -> Vec<(Facing, Facing)> {
        let sides = self.table.places[place].tile.slots.len();
        (0..sides)
            .filter_map(|edge| {
                let here = Facing { place, edge };
                self.table.across(place, edge).map(|there| (here, there))
            })
            .collect()
    }

    fn touch(&self, found: &mut Vec<Violation>) {
        if self.new.len() == self.diagram.places.len() {
            return; // the first tile on an empty table touches nothing
        }
        for &place in self.new {
            if !self.new_contacts(place).iter().any(|(_, there)| !self.is_new(there.place)) {
                let message =
                    format!("tile {} touches no tile already on the table", self.number(place));
                self.push(found, place, message);
            }
        }
    }

    fn extend_own(&self, kinds: &[SlotKind], found: &mut Vec<Violation>) {
        let own = |facing: Facing| {
            let slot = self.table.slot(facing);
            slot.colour == self.mover && kinds.contains(&slot.kind)
        };
        for &place in self.new {
            let extends = self
                .new_contacts(place)
                .into_iter()
                .any(|(here, there)| !self.is_new(there.place) && own(here) && own(there));
            if !extends {
                let kinds: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
                let message = format!(
                    "tile {} extends no {} {} already on the table",
                    self.number(place),
                    self.mover,
                    kinds.join(" or ")
                );
                self.push(found, place, message);
            }
        }
    }

    fn no_own_pair(&self, kind: SlotKind, found: &mut Vec<Violation>) {
        let own = |facing: Facing| {
            let slot = self.table.slot(facing);
            slot.colour == self.mover && slot.kind == kind
        };
        for &place in self.new {
            for (here, there) in self.new_contacts(place) {
                if own(here) && own(there) && (!self.is_new(there.place) || there.place > place) {
                    let message = format!(
                        "{} meets {}: a {} {} in the mover's own colour",
                        describe_slot(self.table, here),
                        describe_slot(self.table, there),
                        self.mover,
                        kind.name()
                    );
                    self.push(found, place, message);
                }
            }
        }
    }

    fn no_closed_own_line(&self, found: &mut Vec<Violation>) {
        let mut seen: BTreeSet<Facing> = BTreeSet::new();
        for &place in self.new {
            let slots = &self.table.places[place].tile.slots;
            for (edge, slot) in slots.iter().enumerate() {
                let start = Facing { place, edge };
                if slot.kind != SlotKind::Line || slot.colour != self.mover || seen.contains(&start)
                {
                    continue;
                }
                let line = line_through(self.table, start);
                seen.extend(line.slots.iter().copied());
                if let (true, Some((a, b))) = (line.is_closed(), &line.ends) {
                    let message = format!(
                        "the {} line through tile {} is closed at both ends: {} and {}",
                        self.mover,
                        self.number(place),
                        self.describe_end(a),
                        self.describe_end(b)
                    );
                    self.push(found, place, message);
                }
            }
        }
    }

    fn describe_end(&self, end: &End) -> String {
        match end {
            End::Open(at) => format!("open at {}", describe_slot(self.table, *at)),
            End::Cap(at) => format!("a cap at {}", describe_slot(self.table, *at)),
            End::Against { from, to } => {
                format!(
                    "{} against {}",
                    describe_slot(self.table, *from),
                    describe_slot(self.table, *to)
                )
            }
        }
    }

    /// Counted per slot: with several slots per edge, every slot of an edge turned to the
    /// space faces it (named `slots`; with one slot per edge, `edges`).
    fn same_colour_space(&self, count: usize, found: &mut Vec<Violation>) {
        for cell in self.table.empty_around(self.new.iter().copied()) {
            let facing = self.table.slots_facing(cell);
            let noun = match facing.iter().all(|f| self.table.per_edge(f.place) == 1) {
                true => "edges",
                false => "slots",
            };
            let colours: BTreeSet<&str> =
                facing.iter().map(|&f| self.table.slot(f).colour.as_str()).collect();
            for colour in colours {
                let same: Vec<Facing> = facing
                    .iter()
                    .copied()
                    .filter(|&f| self.table.slot(f).colour == colour)
                    .collect();
                if same.len() >= count {
                    let names: Vec<String> =
                        same.iter().map(|&f| describe_slot(self.table, f)).collect();
                    let message = format!(
                        "the empty space {} faces {} {colour} {noun} ({}); no tile can fill it",
                        cell_name(&self.diagram.grid, cell),
                        same.len(),
                        names.join(", ")
                    );
                    self.push(found, self.closest_new(cell), message);
                }
            }
        }
    }

    fn crowded_space(&self, count: usize, found: &mut Vec<Violation>) {
        for cell in self.table.empty_around(self.new.iter().copied()) {
            let facing = self.table.facing_empty(cell);
            if facing.len() > count {
                let numbers: Vec<String> =
                    facing.iter().map(|f| self.number(f.place).to_string()).collect();
                let message = format!(
                    "the empty space {} is surrounded by {} tiles ({}); at most {count} may surround a space",
                    cell_name(&self.diagram.grid, cell),
                    facing.len(),
                    numbers.join(", ")
                );
                self.push(found, self.closest_new(cell), message);
            }
        }
    }

    fn controlled_side(&self, count: usize, found: &mut Vec<Violation>) {
        let all = self.table.occupied_cells();
        let before: BTreeSet<Cell> = all
            .iter()
            .copied()
            .filter(|&cell| self.table.at(cell).is_some_and(|p| !self.is_new(p)))
            .collect();
        let forced = self.diagram.design.play.forced_space;
        let grid = &self.diagram.grid;
        let directly: BTreeSet<Cell> = self
            .table
            .empty_around(self.new.iter().copied())
            .into_iter()
            .filter(|&cell| self.table.facing_empty(cell).len() > count)
            .collect();
        let (after_cells, filled) = crowded_after_filling(grid, &all, forced, count);
        let (before_cells, _) = crowded_after_filling(grid, &before, forced, count);
        for cell in after_cells.difference(&before_cells) {
            if directly.contains(cell) {
                continue; // reported by max-space-neighbours
            }
            let filled: Vec<String> = filled.iter().map(|&c| cell_name(grid, c)).collect();
            let place = self.closest_new(*cell);
            let message = format!(
                "tile {} lies on a controlled side: once the forced spaces {} are filled, the empty space {} is surrounded by more than {count} tiles",
                self.number(place),
                filled.join(", "),
                cell_name(grid, *cell)
            );
            self.push(found, place, message);
        }
    }

    /// The new tile nearest to a cell (to point the message at).
    fn closest_new(&self, cell: Cell) -> usize {
        let grid = &self.diagram.grid;
        let centre = grid.centre(cell);
        let distance = |p: usize| centre.distance(grid.centre(self.diagram.places[p].cell));
        self.new.iter().copied().min_by(|&a, &b| distance(a).total_cmp(&distance(b))).unwrap_or(0)
    }
}

/// Fills forced spaces (cells with `forced` or more occupied neighbours) again and again,
/// as players must; returns the spaces that had more than `count` neighbours when their
/// turn to be filled came (left empty), and the cells filled on the way.
fn crowded_after_filling(
    grid: &crate::geometry::tile_grid::Grid,
    occupied: &BTreeSet<Cell>,
    forced: usize,
    count: usize,
) -> (BTreeSet<Cell>, Vec<Cell>) {
    let mut occupied = occupied.clone();
    let mut crowded = BTreeSet::new();
    let mut filled = Vec::new();
    for _ in 0..64 {
        let around = |cell: Cell| {
            grid.neighbours(cell).iter().filter(|n| occupied.contains(&n.cell)).count()
        };
        let spaces: BTreeSet<Cell> = occupied
            .iter()
            .flat_map(|&c| grid.neighbours(c))
            .map(|n| n.cell)
            .filter(|c| !occupied.contains(c) && !crowded.contains(c) && around(*c) >= forced)
            .collect();
        let (over, fill): (Vec<Cell>, Vec<Cell>) =
            spaces.into_iter().partition(|&c| around(c) > count);
        if over.is_empty() && fill.is_empty() {
            break;
        }
        crowded.extend(over);
        filled.extend(fill.iter().copied());
        occupied.extend(fill);
    }
    (crowded, filled)
}
