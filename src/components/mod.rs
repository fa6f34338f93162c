//! A design's components for a rulebook: its drawn parts (tiles, each deck, each counter sheet, pieces) as sections of distinct items with their counts, and one line for each board, net, track and map.

pub mod files;
pub mod markdown;
pub mod page;

use crate::cutout::Cutout;
use crate::model::design::Design;
use crate::model::input::diagnostic::counted;
use crate::sources::{boards, cards, maps, nets, pieces, tiles, tracks};
use crate::validate::listing::{board_and_net_lines, piece_grid_words, tile_shape_words};
use crate::validate::listing_printed::{deck_size_words, track_and_map_lines};

/// Everything a design holds, ready for a rulebook.
#[derive(Clone, Debug)]
pub struct Components {
    /// The design's name.
    pub name: String,
    /// The drawn parts, in print order: tiles, pieces, decks, counters.
    pub sections: Vec<Section>,
    /// Boards, nets, tracks and maps, one line each (`a board of 64 cells on the pieces' grid`).
    pub others: Vec<String>,
    /// The same parts drawn: each board, distinct net, track and map once, named by what it
    /// is (`board`, `net Pawn`, `track score`), with its count.
    pub drawn_others: Vec<Distinct>,
}

/// One drawn part: its heading, what one item is called, and its distinct items.
#[derive(Clone, Debug)]
pub struct Section {
    /// `Tiles`, `Pieces`, ``Deck `cards` ``, ``Counters `punts` ``.
    pub title: String,
    /// One item: `tile`, `piece`, `card`, `counter`.
    pub noun: &'static str,
    /// What they are and their size, as `list` says it: `hexagon tiles, 30 mm edge`,
    /// `63 × 88 mm, with backs`.
    pub size: String,
    pub items: Vec<Distinct>,
}

/// One distinct item of a part: how it is named, how many copies the part prints, and the
/// first of them.
#[derive(Clone, Debug)]
pub struct Distinct {
    /// Its number or name: `7`, `T1`, `3 of salt`.
    pub label: String,
    pub count: usize,
    pub cutout: Cutout,
}

impl Section {
    /// Every item printed, copies included.
    pub fn total(&self) -> usize {
        self.items.iter().map(|item| item.count).sum()
    }

    /// `Tiles: 56 tiles (56 kinds)`.
    pub fn heading(&self) -> String {
        format!(
            "{}: {} ({})",
            self.title,
            counted(self.total(), self.noun),
            counted(self.items.len(), "kind")
        )
    }
}

/// The components of `design`.
pub fn components(design: &Design) -> Components {
    let mut sections = Vec::new();
    if let (Some(part), Some(shape)) = (tiles::tiles(design), design.tile_shape) {
        let labels = (design.tiles.iter())
            .flat_map(|tile| std::iter::repeat_n(tile.number.to_string(), tile.copies as usize));
        let size = tile_shape_words(shape);
        sections.push(section(("Tiles", "tile", size), part.cutouts, labels.collect()));
    }
    if let (Some(part), Some(set)) = (pieces::pieces(design), &design.pieces) {
        // One cutout per physical piece, in this order.
        let labels = (pieces::physical_pieces(set).into_iter())
            .map(|piece| piece.name.clone().unwrap_or_else(|| piece.code.clone()))
            .collect();
        let size = piece_grid_words(set);
        sections.push(section(("Pieces", "piece", size), part.cutouts, labels));
    }
    for (deck, part) in design.decks.iter().zip(cards::decks(design)) {
        let title = format!("Deck `{}`", deck.name);
        let named = (title.as_str(), "card", deck_size_words(deck));
        sections.push(section(named, part.cutouts, deck.card_names()));
    }
    for (deck, part) in design.counters.iter().zip(cards::counters(design)) {
        let title = format!("Counters `{}`", deck.name);
        let named = (title.as_str(), "counter", deck_size_words(deck));
        sections.push(section(named, part.cutouts, deck.card_names()));
    }
    let mut others = board_and_net_lines(design);
    others.extend(track_and_map_lines(design));
    let whole = [boards::grid_board(design), boards::painted_board(design), nets::nets(design)];
    let parts = whole.into_iter().flatten().chain(tracks::tracks(design)).chain(maps::maps(design));
    let cutouts: Vec<Cutout> = parts.flat_map(|part| part.cutouts).collect();
    let labels = cutouts.iter().map(|c| c.label.clone()).collect();
    let drawn_others = section(("", "", String::new()), cutouts, labels).items;
    Components { name: design.name.clone(), sections, others, drawn_others }
}

/// A section titled `title` of items called `noun`, `size` in size, of `cutouts` (named one
/// by one by `labels`): copies of one item — cutouts with the same faces, wherever they are
/// in the part (a group of pieces made once per player) — counted as one distinct item,
/// named by its first copy.
fn section(
    (title, noun, size): (&str, &'static str, String),
    cutouts: Vec<Cutout>,
    labels: Vec<String>,
) -> Section {
    let mut items: Vec<Distinct> = Vec::new();
    for (cutout, label) in cutouts.into_iter().zip(labels) {
        // Copies are mostly side by side: the last item is asked first.
        match items.iter_mut().rev().find(|item| item.cutout.same_faces(&cutout)) {
            Some(item) => item.count += 1,
            None => items.push(Distinct { label, count: 1, cutout }),
        }
    }
    Section { title: title.to_string(), noun, size, items }
}
