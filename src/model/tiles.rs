//! Resolves `[[tiles]]` entries: slots from "colour [kind]" text, joins given or derived from
//! colours, and the per-tile checks (edge count, every edge joined at most once, joins only
//! between line slots of one colour).

use std::collections::BTreeMap;

use toml::Spanned;

use super::design::{EMPTY_SLOT, JoinRule, Palette, SetRule, Slot, SlotKind, Tile, TileSide};
use super::resolve::Resolver;
use super::schema::TileTable;
use super::tile_shape::TileShape;
use super::values::{Values, tile_values};

/// What every tile of the set is: its shape, and where its values sit.
#[derive(Clone, Copy, Debug)]
pub struct TileKinds<'a> {
    pub shape: TileShape,
    pub values: Option<&'a Values>,
}

/// Resolves every tile entry; problems go to the resolver.
pub fn resolve_tiles(
    resolver: &mut Resolver<'_>,
    entries: &[Spanned<TileTable>],
    palette: &Palette,
    kinds: TileKinds<'_>,
    rule: Option<&SetRule>,
) -> Vec<Tile> {
    let derive_joins = rule.is_none_or(|rule| rule.joins == JoinRule::Every);
    entries
        .iter()
        .filter_map(|entry| resolve_tile(resolver, entry, palette, kinds, rule, derive_joins))
        .collect()
}

fn resolve_tile(
    resolver: &mut Resolver<'_>,
    entry: &Spanned<TileTable>,
    palette: &Palette,
    kinds: TileKinds<'_>,
    rule: Option<&SetRule>,
    derive_joins: bool,
) -> Option<Tile> {
    let table = entry.get_ref();
    let number = *table.number.get_ref();
    let errors_before = resolver.diagnostics.len();
    let shape = kinds.shape;
    let front = match &table.edges {
        Some(edges) => {
            side(resolver, number, edges, table.joins.as_ref(), palette, shape, derive_joins)
        }
        None => Some(TileSide { slots: vec![Slot::empty(); shape.sides()], joins: Vec::new() }),
    };
    let back_side = table.back_edges.as_ref().and_then(|edges| {
        side(resolver, number, edges, table.back_joins.as_ref(), palette, shape, derive_joins)
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
        let shows = |edges: &&Spanned<Vec<Spanned<String>>>| {
            edges.get_ref().iter().any(|slot| slot.get_ref().trim() != EMPTY_SLOT)
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
        back,
        faces: Default::default(),
        position: resolver.source.start_of(&entry.span()),
    })
}

/// One face's slots from its `edges` text and its joins (given, or derived from colours).
fn side(
    resolver: &mut Resolver<'_>,
    number: u32,
    edges: &Spanned<Vec<Spanned<String>>>,
    joins: Option<&Spanned<Vec<Spanned<Vec<usize>>>>>,
    palette: &Palette,
    shape: TileShape,
    derive_joins: bool,
) -> Option<TileSide> {
    let errors_before = resolver.diagnostics.len();
    if shape.regular().is_none() {
        resolver.error(
            &edges.span(),
            format!("tile {number} has edge slots, but a {} tile has none", shape.name()),
            "edge slots are drawn on triangle, square and hexagon tiles: leave `edges` out",
        );
        return None;
    }
    if edges.get_ref().len() != shape.sides() {
        resolver.error(
            &edges.span(),
            format!(
                "tile {number} lists {} edges; a {} has {}",
                edges.get_ref().len(),
                shape.name(),
                shape.sides()
            ),
            "give one slot per edge, clockwise",
        );
        return None;
    }
    let slots: Vec<Option<Slot>> =
        edges.get_ref().iter().map(|text| slot(resolver, text, palette)).collect();
    if resolver.diagnostics.len() > errors_before {
        return None;
    }
    let slots: Vec<Slot> = slots.into_iter().flatten().collect();
    let joins = match joins {
        Some(joins) => explicit_joins(resolver, number, joins, &slots),
        None if derive_joins => joins_from_colours(resolver, number, edges, &slots),
        None => Vec::new(),
    };
    (resolver.diagnostics.len() == errors_before).then_some(TileSide { slots, joins })
}

/// `"red"` or `"white ring"`: a palette colour and an optional kind (default `line`); `"-"`
/// is an empty slot.
fn slot(resolver: &mut Resolver<'_>, text: &Spanned<String>, palette: &Palette) -> Option<Slot> {
    if text.get_ref().trim() == EMPTY_SLOT {
        return Some(Slot::empty());
    }
    let mut words = text.get_ref().split_whitespace();
    let colour_word = words.next().unwrap_or("");
    let kind_word = words.next();
    if words.next().is_some() || colour_word.is_empty() {
        resolver.error(
            &text.span(),
            format!("slot `{}` is not `colour` or `colour kind`", text.get_ref()),
            "write a slot as \"red\" or \"white ring\"",
        );
        return None;
    }
    let colour = resolver.colour_name(&Spanned::new(text.span(), colour_word.to_string()), palette);
    let kind = match kind_word {
        None => Some(SlotKind::Line),
        Some(word) => resolver.slot_kind(&Spanned::new(text.span(), word.to_string())),
    };
    Some(Slot { colour: colour?, kind: kind? })
}

/// Joins written as 1-based edge pairs, checked.
fn explicit_joins(
    resolver: &mut Resolver<'_>,
    number: u32,
    joins: &Spanned<Vec<Spanned<Vec<usize>>>>,
    slots: &[Slot],
) -> Vec<(usize, usize)> {
    let n = slots.len();
    let mut used: BTreeMap<usize, usize> = BTreeMap::new();
    let mut pairs = Vec::new();
    for join in joins.get_ref() {
        let edges = join.get_ref();
        let help = format!("a join is two different edges from 1 to {n}, e.g. [1, 2]");
        if edges.len() != 2 || edges.iter().any(|&e| e == 0 || e > n) || edges[0] == edges[1] {
            resolver.error(
                &join.span(),
                format!("tile {number}: join {edges:?} is not a pair of its edges"),
                &help,
            );
            continue;
        }
        let (a, b) = (edges[0] - 1, edges[1] - 1);
        for edge in [a, b] {
            if let Some(previous) = used.insert(edge, pairs.len()) {
                let (pa, pb) = pairs[previous];
                resolver.error(
                    &join.span(),
                    format!(
                        "tile {number}: edge {} is used twice (also in join [{}, {}])",
                        edge + 1,
                        pa + 1,
                        pb + 1
                    ),
                    "each edge takes part in at most one join",
                );
            }
        }
        check_joinable(resolver, number, &join.span(), slots, a, b);
        pairs.push((a.min(b), a.max(b)));
    }
    pairs.sort_unstable();
    pairs
}

/// Joined slots must both be lines of one colour.
fn check_joinable(
    resolver: &mut Resolver<'_>,
    number: u32,
    span: &std::ops::Range<usize>,
    slots: &[Slot],
    a: usize,
    b: usize,
) {
    let (sa, sb) = (&slots[a], &slots[b]);
    if sa.is_empty() || sb.is_empty() {
        let edge = if sa.is_empty() { a } else { b };
        resolver.error(
            span,
            format!("tile {number}: join [{}, {}] names empty edge {}", a + 1, b + 1, edge + 1),
            "an empty slot (`\"-\"`) has no line to join: give it a colour or drop the join",
        );
    } else if [sa.kind, sb.kind].contains(&SlotKind::Region) {
        resolver.error(
            span,
            format!("tile {number}: join [{}, {}] joins a region to another slot", a + 1, b + 1),
            "a region fills the triangle between its edge and the centre on its own; \
             only `line` slots can be joined",
        );
    } else if sa.kind != SlotKind::Line || sb.kind != SlotKind::Line {
        resolver.error(
            span,
            format!("tile {number}: join [{}, {}] is not between two line slots", a + 1, b + 1),
            "only `line` slots can be joined",
        );
    } else if sa.colour != sb.colour {
        resolver.error(
            span,
            format!(
                "tile {number}: join [{}, {}] links {} to {}",
                a + 1,
                b + 1,
                sa.colour,
                sb.colour
            ),
            "a line has one colour: give both edges the same colour",
        );
    }
}

/// With every line slot joined, each colour must be on exactly two line slots: those two
/// are joined.
fn joins_from_colours(
    resolver: &mut Resolver<'_>,
    number: u32,
    edges: &Spanned<Vec<Spanned<String>>>,
    slots: &[Slot],
) -> Vec<(usize, usize)> {
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
                    "tile {number}: {colour} is on {} edge(s) ({}); a line joins exactly two",
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
