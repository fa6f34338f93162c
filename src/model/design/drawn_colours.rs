//! The colours a whole design draws as areas and as dots (with their smallest diameter), which
//! `[cues]` are checked against.

use std::collections::BTreeMap;

use crate::model::colours::cues::{BALL_SHARE, BOARD_DOT_SHARE};
use crate::model::rules::tile_set::{EMPTY_SLOT, SlotKind};
use crate::model::rules::tile_set::{Style, Tile};

/// The colours drawn as areas: tile regions (or that the rule lets draw them), corners, map
/// terrains, painted board cells, the faces of nets and players' colours where they are
/// drawn (a painted board's start arrows, players' copies of nets); shapes filled in a
/// colour are added by the caller (`Resolver::filled_colours`).
pub fn region_colours(design: &crate::model::design::Design) -> std::collections::BTreeSet<String> {
    let mut regions = std::collections::BTreeSet::new();
    for tile in &design.tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        let slots = tile.slots.iter().chain(back);
        regions.extend(slots.filter(|s| s.kind == SlotKind::Region).map(|s| s.colour.clone()));
    }
    if let Some(rule) = &design.rule {
        let drawn = rule.colours.iter().filter(|c| rule.kinds_for(c).contains(&SlotKind::Region));
        regions.extend(drawn.cloned());
    }
    for map in &design.maps {
        regions.extend(map.terrains.iter().cloned());
    }
    if let Some(board) = &design.board {
        regions.extend(board.cells.values().map(|mark| mark.colour.clone()));
    }
    let mut players_drawn = design.board.is_some();
    for net in &design.nets {
        let faces = net.faces.iter().chain([&net.colour]);
        players_drawn |= faces.clone().any(|c| c.for_player(None).is_none());
        regions.extend(faces.filter_map(|c| c.for_player(None)).map(str::to_string));
    }
    // Players' colours: their start arrows on a painted board, their copies of nets.
    if players_drawn {
        regions.extend(design.players.iter().map(|p| p.colour.clone()));
    }
    // Corner colours: each corner's area.
    let tile_corners = design.tiles.iter().flat_map(|t| &t.corners);
    let rule_corners = design.rule.iter().flat_map(|r| &r.corner_colours);
    let corners = tile_corners.chain(rule_corners).filter(|c| c.as_str() != EMPTY_SLOT);
    regions.extend(corners.cloned());
    regions
}

/// The colours drawn as dots — tile dots (or that the rule lets draw them), a painted
/// board's dots, the balls of nets — each with the smallest diameter it is drawn at.
pub fn dot_colours(design: &crate::model::design::Design) -> BTreeMap<String, f64> {
    let mut dots: BTreeMap<String, f64> = BTreeMap::new();
    let mut add = |colour: &str, diameter: f64| {
        let entry = dots.entry(colour.to_string()).or_insert(diameter);
        *entry = entry.min(diameter);
    };
    let tile_dot = 2.0 * design.style.slots.dot_radius_mm;
    for tile in &design.tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        for slot in tile.slots.iter().chain(back).filter(|s| s.kind == SlotKind::Dot) {
            add(&slot.colour, tile_dot);
        }
    }
    if let Some(rule) = &design.rule {
        for colour in rule.colours.iter().filter(|c| rule.kinds_for(c).contains(&SlotKind::Dot)) {
            add(colour, tile_dot);
        }
    }
    if let Some(board) = &design.board {
        let diameter = 2.0 * board.edge_mm * BOARD_DOT_SHARE;
        for mark in board.dots.values() {
            add(&mark.colour, diameter);
        }
    }
    // The balls at the corners of a net's faces, each as wide as its face lets it be.
    for net in &design.nets {
        let crate::model::parts::nets::NetSolid::Polyhedron(solid) = &net.solid else { continue };
        let faces = crate::geometry::unfold::unfold(solid, net.tab_mm).faces;
        let smallest = faces.iter().map(|f| crate::geometry::unfold::inradius(&f.corners));
        let diameter = 2.0 * BALL_SHARE * smallest.fold(f64::INFINITY, f64::min);
        for ball in &net.balls {
            let players = design.players.iter().map(|p| Some(p.colour.as_str()));
            let names = players.chain([None]).filter_map(|p| ball.for_player(p));
            for name in names.collect::<std::collections::BTreeSet<_>>() {
                add(name, diameter);
            }
        }
    }
    dots
}

/// The colours drawn as lines on the design's tiles (or that the rule lets draw them), each
/// with the thinnest width it is drawn at.
pub fn line_colours(
    tiles: &[Tile],
    rule: Option<&crate::model::rules::tile_set::SetRule>,
    style: &Style,
) -> BTreeMap<String, f64> {
    let width = |kind: SlotKind| match kind {
        SlotKind::Line => Some(style.line_width_mm),
        SlotKind::Ring => Some(style.slots.ring_width_mm),
        _ => None,
    };
    let mut lines: BTreeMap<String, f64> = BTreeMap::new();
    let mut add = |colour: &str, kind: SlotKind| {
        if let Some(w) = width(kind) {
            let entry = lines.entry(colour.to_string()).or_insert(w);
            *entry = entry.min(w);
        }
    };
    for tile in tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        for slot in tile.slots.iter().chain(back) {
            add(&slot.colour, slot.kind);
        }
    }
    if let Some(rule) = rule {
        for colour in &rule.colours {
            for &kind in rule.kinds_for(colour) {
                add(colour, kind);
            }
        }
    }
    lines
}
