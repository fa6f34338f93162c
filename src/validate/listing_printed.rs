//! The inventory's printed parts for `tilepress list`: every deck and counter sheet (each
//! card or counter with its fields and where it is written), track and map.

use std::collections::BTreeMap;

use crate::model::design::Design;
use crate::model::input::diagnostic::counted;
use crate::model::parts::cards::{Card, Deck};
use crate::model::parts::maps::Map;
use crate::model::parts::tracks::{Track, TrackPath};

/// The lines for the design's decks, counters, tracks and maps, headings first.
pub fn printed_listing(design: &Design) -> Vec<String> {
    let mut lines = Vec::new();
    for deck in design.decks.iter().chain(&design.counters) {
        lines.push(deck_heading(deck));
        lines.extend(deck.cards.iter().map(card_line));
    }
    lines.extend(track_and_map_lines(design));
    lines
}

/// The lines for the design's tracks and maps, for `list` and the components list.
pub fn track_and_map_lines(design: &Design) -> Vec<String> {
    let tracks = design.tracks.iter().map(track_line);
    tracks.chain(design.maps.iter().map(map_line)).collect()
}

/// `deck cards: 54 cards (54 kinds), 63 × 88 mm, with backs`.
fn deck_heading(deck: &Deck) -> String {
    let total: usize = deck.cards.iter().map(|c| c.count as usize).sum();
    let (kind, item) =
        if deck.counter.is_some() { ("counters", "counter") } else { ("deck", "card") };
    format!(
        "{kind} `{}`: {} ({}), {}",
        deck.name,
        counted(total, item),
        counted(deck.cards.len(), "kind"),
        deck_size_words(deck)
    )
}

/// A deck's size and backs: `63 × 88 mm, with backs`, `circles 20 mm across`.
pub fn deck_size_words(deck: &Deck) -> String {
    let noun = deck.counter.map_or("card", |shape| shape.name(deck.width_mm, deck.height_mm));
    let size = match deck.counter {
        Some(crate::model::parts::counters::CounterShape::Circle) => {
            format!("{noun}s {} mm across", deck.width_mm)
        }
        Some(_) => format!("{noun}s {} × {} mm", deck.width_mm, deck.height_mm),
        None => format!("{} × {} mm", deck.width_mm, deck.height_mm),
    };
    let backs = if deck.cards.iter().any(|c| c.back.is_some()) { ", with backs" } else { "" };
    format!("{size}{backs}")
}

/// `  cards.csv row 2 × 1: good salt, name Cargo 1, rank 1`.
fn card_line(card: &Card) -> String {
    let fields: Vec<String> = (card.fields.iter())
        // The count column says again what `× count` says.
        .filter(|(key, value)| !(key.as_str() == "count" && **value == card.count.to_string()))
        .map(|(key, value)| format!("{key} {}", shortened(value)))
        .collect();
    let fields = if fields.is_empty() { String::from("no fields") } else { fields.join(", ") };
    format!("  {} × {}: {fields}", card.origin, card.count)
}

/// A value as the inventory shows it: on one line, and long texts cut short.
fn shortened(value: &str) -> String {
    let one_line = value.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= 40 {
        return one_line;
    }
    let cut: String = one_line.chars().take(39).collect();
    format!("{cut}…")
}

/// `track score: cells 0 to 30 (31 cells of 20 mm), around a ring of 12 × 5`.
fn track_line(track: &Track) -> String {
    let numbers = (track.cells.first(), track.cells.last());
    let span = match numbers {
        (Some((first, _)), Some((last, _))) => format!("cells {first} to {last}"),
        _ => String::from("no cells"),
    };
    let path = match track.path {
        TrackPath::Strip => String::from("in one row"),
        TrackPath::Ring { columns, rows } => format!("around a ring of {columns} × {rows}"),
    };
    format!(
        "track `{}`: {span} ({} of {} mm), {path}",
        track.name,
        counted(track.cells.len(), "cell"),
        track.cell_mm
    )
}

/// `map marsh: 12 × 9 hex cells of 18 mm, labelled; terrain: 40 cells water, …`.
fn map_line(map: &Map) -> String {
    let grid = map.grid;
    let kind = grid.kind.name();
    let mut by_colour: BTreeMap<String, usize> = BTreeMap::new();
    for terrain in map.terrain_names.values() {
        *by_colour.entry(terrain.clone()).or_default() += 1;
    }
    let terrain = if by_colour.is_empty() {
        String::new()
    } else {
        let each: Vec<String> = by_colour
            .iter()
            .map(|(colour, n)| format!("{} {colour}", counted(*n, "cell")))
            .collect();
        format!("; terrain: {}", each.join(", "))
    };
    let labelled = if map.labels { ", labelled" } else { "" };
    format!(
        "map `{}`: {} × {} {kind} cells of {} mm{labelled}{terrain}",
        map.name, grid.columns, grid.rows, grid.edge_mm
    )
}
