//! What a list shows: its colours in palette order (and the tiles each is on), the slot kinds
//! of each colour, corner colours, how many colours and kinds a tile shows, its line spans.

use std::collections::{BTreeMap, BTreeSet};

use super::readings::Listed;
use crate::geometry::slot_points::slot_span;
use crate::model::colours::palette::Palette;
use crate::model::rules::region_joins::line_joins;
use crate::model::rules::tile_set::{EMPTY_SLOT, Slot, SlotKind};

/// What one reading of the list shows.
#[derive(Clone, Debug, Default)]
pub struct Observed {
    /// Slot colours (`"-"` last), in the palette's order, with the number of tiles showing each.
    pub colours: Vec<(String, usize)>,
    /// The kinds each colour's slots show.
    pub kinds_of: BTreeMap<String, BTreeSet<SlotKind>>,
    /// Corner colours (`"-"` last), in the palette's order.
    pub corners: Vec<String>,
    /// The most colours, and the most slot kinds, one tile shows.
    pub most_colours: usize,
    pub fewest_colours: usize,
    pub most_kinds: usize,
    /// Each span a line covers, with the number of tiles having such a line.
    pub spans: BTreeMap<usize, usize>,
    /// With several slots per edge: the slot lists edges show, in the order first seen.
    pub edges: Vec<Vec<Slot>>,
}

impl Observed {
    /// Every slot kind shown, in the order a rule lists them.
    pub fn kinds(&self) -> Vec<SlotKind> {
        let shown: BTreeSet<SlotKind> = self.kinds_of.values().flatten().copied().collect();
        SlotKind::ALL.into_iter().filter(|kind| shown.contains(kind)).collect()
    }

    pub fn shows(&self, kind: SlotKind) -> bool {
        self.kinds_of.values().any(|kinds| kinds.contains(&kind))
    }
}

/// What `tiles` (`per_edge` slots to an edge) show; colours ordered as written in `palette`.
pub fn observe(tiles: &[Listed], palette: &Palette, per_edge: usize) -> Observed {
    let mut edges: Vec<Vec<Slot>> = Vec::new();
    if per_edge > 1 {
        for edge in tiles.iter().flat_map(|tile| tile.slots.chunks(per_edge)) {
            if !edges.iter().any(|seen| seen == edge) {
                edges.push(edge.to_vec());
            }
        }
    }
    let mut on_tiles: BTreeMap<String, usize> = BTreeMap::new();
    let mut kinds_of: BTreeMap<String, BTreeSet<SlotKind>> = BTreeMap::new();
    let mut corners: BTreeSet<String> = BTreeSet::new();
    let mut spans: BTreeMap<usize, usize> = BTreeMap::new();
    let (mut most_colours, mut fewest_colours, mut most_kinds) = (0, usize::MAX, 0);
    for tile in tiles {
        let colours: BTreeSet<&str> = tile.slots.iter().map(|s| s.colour.as_str()).collect();
        for colour in &colours {
            *on_tiles.entry(colour.to_string()).or_default() += 1;
        }
        for slot in tile.slots.iter().filter(|slot| !slot.is_empty()) {
            kinds_of.entry(slot.colour.clone()).or_default().insert(slot.kind);
        }
        corners.extend(tile.corners.iter().cloned());
        let shown: BTreeSet<&str> =
            tile.slots.iter().filter(|s| !s.is_empty()).map(|s| s.colour.as_str()).collect();
        let kinds: BTreeSet<SlotKind> =
            tile.slots.iter().filter(|s| !s.is_empty()).map(|s| s.kind).collect();
        most_colours = most_colours.max(shown.len());
        fewest_colours = fewest_colours.min(shown.len());
        most_kinds = most_kinds.max(kinds.len());
        let positions = tile.slots.len();
        let tile_spans: BTreeSet<usize> = line_joins(&tile.slots, &tile.joins)
            .iter()
            .map(|&(a, b)| slot_span(positions, a, b))
            .collect();
        for span in tile_spans {
            *spans.entry(span).or_default() += 1;
        }
    }
    let colours = in_palette_order(on_tiles.keys().cloned(), palette)
        .into_iter()
        .map(|colour| {
            let tiles = on_tiles[&colour];
            (colour, tiles)
        })
        .collect();
    Observed {
        colours,
        kinds_of,
        corners: in_palette_order(corners.into_iter(), palette),
        most_colours,
        fewest_colours: fewest_colours.min(most_colours),
        most_kinds,
        spans,
        edges,
    }
}

/// Colour names in the order the palette writes them, `"-"` last.
fn in_palette_order(names: impl Iterator<Item = String>, palette: &Palette) -> Vec<String> {
    let mut names: Vec<String> = names.collect();
    names.sort_by_key(|name| {
        let line = palette.lines.get(name).map(|p| (p.line, p.column));
        (name == EMPTY_SLOT, line, name.clone())
    });
    names
}
