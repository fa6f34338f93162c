//! Resolves `[[tiles]]` entries: slots from "colour [kind]" text, corner slots, joins given
//! or derived from colours, and the per-tile checks (edge and corner counts, every edge
//! joined at most once, joins only between line slots of one colour or neighbouring regions
//! of one colour).

use crate::model::input::cell_span::cell_of;
use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::rules::edge_slots::{EdgeText, flat_slot_texts, slot_name};
use crate::model::rules::region_joins::{
    joinable_regions, joins_of_links, run, run_pairs, same_colour_links,
};
use crate::model::rules::set_tables::TileTable;
use crate::model::rules::tile_set::slot;
use crate::model::rules::tile_set::{
    EMPTY_SLOT, JoinRule, RegionJoinRule, SetRule, Slot, SlotKind, Tile, TileSide,
};
use crate::model::rules::tile_shape::TileShape;
use crate::model::rules::values::{Values, tile_values};

/// What every tile of the set is: its shape, and where its values sit.
#[derive(Clone, Copy, Debug)]
pub struct TileKinds<'a> {
    pub shape: TileShape,
    pub values: Option<&'a Values>,
    /// Slots on each edge (`[set] slots_per_edge`).
    pub slots_per_edge: usize,
}

/// Resolves every tile entry; problems go to the resolver.
pub fn resolve_tiles(
    resolver: &mut Resolver<'_>,
    entries: &[Spanned<TileTable>],
    palette: &Palette,
    kinds: TileKinds<'_>,
    rule: Option<&SetRule>,
    reading: Option<TileReading>,
) -> Vec<Tile> {
    let derive = reading.unwrap_or(TileReading {
        lines: rule.is_none_or(|rule| rule.joins == JoinRule::Every),
        regions: rule.is_some_and(|rule| rule.region_joins == RegionJoinRule::SameColour),
    });
    entries
        .iter()
        .filter_map(|entry| resolve_tile(resolver, entry, palette, kinds, rule, derive))
        .collect()
}

/// Which joins a tile without `joins` derives from its colours: by default what the rule
/// says (`joins = "every"` or no rule: lines; `region_joins = "same-colour"`: regions);
/// `explain` reads a list both ways, as each rule it proposes would.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TileReading {
    /// Line slots of one colour, two by two.
    pub lines: bool,
    /// Neighbouring regions of one colour (`region_joins = "same-colour"`).
    pub regions: bool,
}

fn resolve_tile(
    resolver: &mut Resolver<'_>,
    entry: &Spanned<TileTable>,
    palette: &Palette,
    kinds: TileKinds<'_>,
    rule: Option<&SetRule>,
    derive: TileReading,
) -> Option<Tile> {
    let table = entry.get_ref();
    let number = *table.number.get_ref();
    let errors_before = resolver.diagnostics.len();
    let shape = kinds.shape;
    let corners = table.corners.as_ref().map_or_else(Vec::new, |corners| {
        corner_slots(resolver, number, corners, palette, shape).unwrap_or_default()
    });
    if let Some(corners) = table.corners.as_ref().filter(|_| kinds.slots_per_edge > 1) {
        resolver.error(
            &corners.span(),
            format!("tile {number} has corner slots, but its edges have several slots"),
            "corner slots are drawn on tiles with one slot per edge: leave `corners` out",
        );
    }
    if let Some(back) = table.back_edges.as_ref().filter(|_| kinds.slots_per_edge > 1) {
        resolver.error(
            &back.span(),
            format!("tile {number} has `back_edges`, but its edges have several slots"),
            "two-faced tiles have one slot per edge: leave `back_edges` out",
        );
    }
    let front = match (&table.edges, &table.corners) {
        (Some(edges), _) => {
            let what = format!("tile {number}: edge");
            let per_edge = kinds.slots_per_edge;
            let flat = match one_per_side(resolver, number, edges, shape, "edges", EDGES_HELP) {
                true => flat_slot_texts(resolver, edges.get_ref(), per_edge, &what),
                false => None,
            };
            flat.and_then(|flat| {
                let slots = Spanned::new(edges.span(), flat);
                side(resolver, number, &slots, table.joins.as_ref(), palette, shape, derive)
            })
        }
        (None, Some(_)) => empty_side(resolver, number, table.joins.as_ref(), kinds),
        (None, None) if table.values.is_some() || shape.regular().is_none() => {
            empty_side(resolver, number, table.joins.as_ref(), kinds)
        }
        (None, None) => {
            resolver.error(
                &entry.span(),
                format!("tile {number} has no `edges`"),
                "give one slot per edge, clockwise, e.g. edges = [\"red\", \"blue\", …], \
                 `corners` for a corner-matching tile, or `values`",
            );
            None
        }
    };
    let back_side =
        table.back_edges.as_ref().filter(|_| kinds.slots_per_edge == 1).and_then(|edges| {
            if !one_per_side(resolver, number, edges, shape, "edges", EDGES_HELP) {
                return None;
            }
            side(resolver, number, edges, table.back_joins.as_ref(), palette, shape, derive)
        });
    let value_rule = rule.and_then(|rule| rule.values.as_ref());
    let values = tile_values(
        resolver,
        number,
        entry.span(),
        table.values.as_ref(),
        kinds.values,
        shape.name(),
        value_rule,
    );
    if let Some(rule_at) = value_rule.map(|rule| rule.position) {
        let shows = |edges: &&Spanned<Vec<Spanned<EdgeText>>>| {
            let texts = edges.get_ref().iter().flat_map(|edge| edge.get_ref().slots());
            texts.map(str::trim).any(|slot| slot != EMPTY_SLOT)
        };
        if let Some(edges) = table.edges.as_ref().filter(shows) {
            resolver.error(
                &edges.span(),
                format!(
                    "tile {number} has edge slots, but the rule (line {}) is over values only",
                    rule_at.line
                ),
                "leave `edges` out of tiles in a set ruled by values",
            );
        }
    }
    let back = table.back.as_ref().and_then(|name| resolver.colour_name(name, palette));
    let copies = table.copies.as_ref().map_or(1, |copies| resolver.copies(copies));
    if resolver.diagnostics.len() > errors_before {
        return None;
    }
    let TileSide { slots, joins } = front?;
    Some(Tile {
        number,
        slots,
        joins,
        back_side,
        copies,
        values: values?,
        corners,
        back,
        faces: Default::default(),
        position: resolver.source.start_of(&entry.span()),
        file: cell_of(entry.span().start).map(|_| resolver.place_of(&entry.span()).0.to_path_buf()),
    })
}

/// How a tile's `edges` are written.
const EDGES_HELP: &str = "give one slot per edge, clockwise";

/// One face's slots from its `edges` text, flat and clockwise (one entry per edge, or its
/// slots each), and its joins (given, or derived from colours).
fn side(
    resolver: &mut Resolver<'_>,
    number: u32,
    edges: &Spanned<Vec<Spanned<String>>>,
    joins: Option<&Spanned<Vec<Spanned<Vec<usize>>>>>,
    palette: &Palette,
    shape: TileShape,
    derive: TileReading,
) -> Option<TileSide> {
    let errors_before = resolver.diagnostics.len();
    let slots: Vec<Option<Slot>> =
        edges.get_ref().iter().map(|text| slot(resolver, text, palette)).collect();
    if resolver.diagnostics.len() > errors_before {
        return None;
    }
    let slots: Vec<Slot> = slots.into_iter().flatten().collect();
    let per_edge = slots.len() / shape.sides().max(1);
    let joins = match joins {
        Some(joins) => explicit_joins(resolver, number, joins, &slots, per_edge),
        None => {
            let mut joins = match derive.lines {
                true => joins_from_colours(resolver, number, edges, &slots, per_edge),
                false => Vec::new(),
            };
            if derive.regions {
                joins.extend(joins_of_links(slots.len(), &same_colour_links(&slots)));
                joins.sort_unstable();
            }
            joins
        }
    };
    (resolver.diagnostics.len() == errors_before).then_some(TileSide { slots, joins })
}

/// The front of a tile given by its `corners` alone: every edge empty.
fn empty_side(
    resolver: &mut Resolver<'_>,
    number: u32,
    joins: Option<&Spanned<Vec<Spanned<Vec<usize>>>>>,
    kinds: TileKinds<'_>,
) -> Option<TileSide> {
    let per_edge = kinds.slots_per_edge;
    let slots = vec![Slot::empty(); kinds.shape.sides() * per_edge];
    let joins = joins
        .map_or_else(Vec::new, |joins| explicit_joins(resolver, number, joins, &slots, per_edge));
    Some(TileSide { slots, joins })
}

/// Whether a tile's list of `what` (edges or corners) has one entry per side; reported if not
/// (and slots on a tile without regular sides).
fn one_per_side<T>(
    resolver: &mut Resolver<'_>,
    number: u32,
    list: &Spanned<Vec<T>>,
    shape: TileShape,
    what: &str,
    help: &str,
) -> bool {
    if shape.regular().is_none() {
        let slot = what.trim_end_matches('s');
        resolver.error(
            &list.span(),
            format!("tile {number} has {slot} slots, but a {} tile has none", shape.name()),
            &format!(
                "{slot} slots are drawn on triangle, square and hexagon tiles: leave `{what}` out"
            ),
        );
        return false;
    }
    let listed = list.get_ref().len();
    if listed != shape.sides() {
        let (name, sides) = (shape.name(), shape.sides());
        let message = format!("tile {number} lists {listed} {what}; a {name} has {sides}");
        resolver.error(&list.span(), message, help);
    }
    listed == shape.sides()
}

/// `corners = ["red", "-", …]`: one palette colour (or `"-"`, nothing) per corner.
fn corner_slots(
    resolver: &mut Resolver<'_>,
    number: u32,
    corners: &Spanned<Vec<Spanned<String>>>,
    palette: &Palette,
    shape: TileShape,
) -> Option<Vec<String>> {
    let help =
        "give one colour (or \"-\") per corner, clockwise from corner 1, where edge 1 starts";
    if !one_per_side(resolver, number, corners, shape, "corners", help) {
        return None;
    }
    let colours: Vec<Option<String>> = corners
        .get_ref()
        .iter()
        .map(|name| match name.get_ref().trim() {
            EMPTY_SLOT => Some(EMPTY_SLOT.to_string()),
            _ => resolver.colour_name(name, palette),
        })
        .collect();
    colours.into_iter().collect()
}

/// Joins written as lists of 1-based edges (two for a line, two or more neighbouring edges
/// for a joined region), checked; a joined region is kept as its run's pairs.
fn explicit_joins(
    resolver: &mut Resolver<'_>,
    number: u32,
    joins: &Spanned<Vec<Spanned<Vec<usize>>>>,
    slots: &[Slot],
    per_edge: usize,
) -> Vec<(usize, usize)> {
    let n = slots.len();
    let (noun, nouns) = if per_edge == 1 { ("edge", "edges") } else { ("slot", "slots") };
    let mut used: BTreeMap<usize, &[usize]> = BTreeMap::new();
    let mut pairs = Vec::new();
    for join in joins.get_ref() {
        let edges = join.get_ref();
        let distinct = edges.iter().enumerate().all(|(i, e)| !edges[..i].contains(e));
        if edges.len() < 2 || edges.iter().any(|&e| e == 0 || e > n) || !distinct {
            resolver.error(
                &join.span(),
                format!("tile {number}: join {edges:?} is not a pair of its {nouns}"),
                &format!(
                    "a join is two different {nouns} from 1 to {n}, e.g. [1, 2] \
                     (a joined region may list more neighbouring {nouns}, e.g. [1, 2, 3]){}",
                    match per_edge {
                        1 => String::new(),
                        m => format!(
                            "; slots are numbered clockwise, {m} per edge, from edge 1's first"
                        ),
                    }
                ),
            );
            continue;
        }
        let members: Vec<usize> = edges.iter().map(|e| e - 1).collect();
        for &edge in &members {
            if let Some(previous) = used.insert(edge, edges) {
                resolver.error(
                    &join.span(),
                    format!(
                        "tile {number}: {} is used twice (also in join {previous:?})",
                        slot_name(edge, per_edge),
                    ),
                    &format!("each {noun} takes part in at most one join"),
                );
            }
        }
        let at = (&join.span(), per_edge);
        pairs.extend(check_joinable(resolver, number, at, slots, &members));
    }
    pairs.sort_unstable();
    pairs
}

/// Joined slots must be two lines of one colour, or neighbouring regions of one colour; the
/// pairs the join is kept as, when it is allowed.
fn check_joinable(
    resolver: &mut Resolver<'_>,
    number: u32,
    (span, per_edge): (&std::ops::Range<usize>, usize),
    slots: &[Slot],
    members: &[usize],
) -> Vec<(usize, usize)> {
    let written: Vec<usize> = members.iter().map(|e| e + 1).collect();
    let is = |kind: SlotKind| members.iter().filter(|&&e| slots[e].kind == kind).count();
    let (first, colour) = (members[0], &slots[members[0]].colour);
    let mut fail = |message: String, help: &str| {
        resolver.error(span, format!("tile {number}: join {written:?} {message}"), help);
        Vec::new()
    };
    if let Some(&edge) = members.iter().find(|&&e| slots[e].is_empty()) {
        return fail(
            format!("names empty {}", slot_name(edge, per_edge)),
            "an empty slot (`\"-\"`) has nothing to join: give it a colour or drop the join",
        );
    }
    if is(SlotKind::Region) > 0 {
        if is(SlotKind::Region) < members.len() {
            let other = members.iter().find(|&&e| slots[e].kind != SlotKind::Region);
            let kind = other.map_or("slot", |&e| slots[e].kind.name());
            return fail(
                format!("joins a region to a {kind}"),
                "a region joins only regions of the same colour (one area over their edges); \
                 a line joins only a line",
            );
        }
        if let Some(&edge) = members.iter().find(|&&e| slots[e].colour != *colour) {
            return fail(
                format!("joins a {colour} region to a {} region", slots[edge].colour),
                "a joined region has one colour: give its edges the same colour",
            );
        }
        if per_edge > 1 && run(slots.len(), members).is_none() {
            return fail(
                unclosed_region(slots, members, per_edge),
                "a region spans neighbouring slots only: a line or another region between \
                 two slots keeps them apart; join the slots of each side on its own",
            );
        }
        if !joinable_regions(slots, members) {
            return fail(
                "names regions that are not neighbours".into(),
                "a joined region covers neighbouring edges (e.g. [1, 2] or [1, 2, 3]), or \
                 edges apart when no other edge of the tile has a region (a band across it)",
            );
        }
        let mut clockwise = members.to_vec();
        clockwise.sort_unstable();
        return run_pairs(&run(slots.len(), members).unwrap_or(clockwise));
    }
    if is(SlotKind::Line) < members.len() {
        return fail(
            "is not between two line slots".into(),
            "only `line` slots (and neighbouring regions of one colour) can be joined",
        );
    }
    if members.len() != 2 {
        return fail("names more than two lines".into(), "a line joins exactly two edges");
    }
    let second = members[1];
    if slots[second].colour != *colour {
        return fail(
            format!("links {colour} to {}", slots[second].colour),
            "a line has one colour: give both edges the same colour",
        );
    }
    vec![(first.min(second), first.max(second))]
}

/// Why the regions `members` (slots apart) cannot be closed into one area: the first slot
/// between them, clockwise from the first, that is not one of them.
fn unclosed_region(slots: &[Slot], members: &[usize], per_edge: usize) -> String {
    let n = slots.len();
    let first = members.iter().copied().min().unwrap_or(0);
    let between = (1..n).map(|i| (first + i) % n).find(|p| !members.contains(p));
    let Some(between) = between else { return "cannot be closed".into() };
    let slot = &slots[between];
    let what = match slot.kind {
        SlotKind::Empty => "an empty slot".to_string(),
        kind => format!("a {} {}", slot.colour, kind.name()),
    };
    format!(
        "is a region that cannot be closed: {} ({what}) lies between its slots",
        slot_name(between, per_edge)
    )
}

/// With every line slot joined, each colour must be on exactly two line slots: those two
/// are joined.
fn joins_from_colours(
    resolver: &mut Resolver<'_>,
    number: u32,
    edges: &Spanned<Vec<Spanned<String>>>,
    slots: &[Slot],
    per_edge: usize,
) -> Vec<(usize, usize)> {
    let nouns = if per_edge == 1 { "edge(s)" } else { "slot(s)" };
    let mut by_colour: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (edge, slot) in slots.iter().enumerate().filter(|(_, s)| s.kind == SlotKind::Line) {
        by_colour.entry(slot.colour.as_str()).or_default().push(edge);
    }
    let mut pairs = Vec::new();
    for (colour, on) in by_colour {
        if let [a, b] = on[..] {
            pairs.push((a, b));
        } else {
            let listed: Vec<String> = on.iter().map(|e| (e + 1).to_string()).collect();
            resolver.error(
                &edges.span(),
                format!(
                    "tile {number}: {colour} is on {} {nouns} ({}); a line joins exactly two",
                    on.len(),
                    listed.join(", ")
                ),
                "fix the edge colours, or list the lines with `joins = [[1, 2], …]`",
            );
        }
    }
    pairs.sort_unstable();
    pairs
}
