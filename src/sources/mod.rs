//! Sources: where a design's cutouts come from — `[[tiles]]`, `[[pieces]]`, the board(s) and
//! `[[nets]]` — each a small function ending in a [`Part`]: its cutouts, the packing that
//! places them, and how its files and report are named.
//!
//! Build turns every part into files the same way; the validator can walk the same parts.
//! A new component (`[[cards]]`, a CSV, a rule's enumeration) is one more source here.

pub mod boards;
pub mod cards;
pub mod item_names;
pub mod maps;
pub mod nets;
pub mod pieces;
pub mod tiles;
pub mod tracks;

use crate::cutout::Cutout;
use crate::impose::Packing;
use crate::model::design::Design;

/// One printed part of a design: what it holds and how it is packed.
#[derive(Clone, Debug)]
pub struct Part {
    /// What follows the design's stem in the part's file names (`""`, `-pieces`, `-board`).
    pub suffix: String,
    /// One cutout in footers and messages (`piece`, `board`, `net`); `None` for tiles.
    pub noun: Option<&'static str>,
    /// Two-sided: pages named `-front` / `-back`, backs printed when duplex.
    pub front_and_back: bool,
    pub cutouts: Vec<Cutout>,
    pub packing: Packing,
    pub summary: Summary,
    /// Whether it may share sheets with other parts (a deck's or counters' `share`).
    pub share: bool,
}

impl Part {
    /// The part as `--part` and footers name it: by its file suffix (`punts`, `pieces`,
    /// `board`), tiles as `tiles`.
    pub fn name(&self) -> &str {
        match self.suffix.trim_start_matches('-') {
            "" => "tiles",
            name => name,
        }
    }
}

/// What a part holds, for the build report.
#[derive(Clone, Debug, PartialEq)]
pub enum Summary {
    Tiles,
    /// Pieces with their cells in all, on the grid `on` (`48 mm grid squares`) holding cells
    /// of `cell_area_mm2`.
    Pieces {
        cells: usize,
        on: String,
        cell_area_mm2: f64,
    },
    /// A board on the pieces' grid, of `cells` cells.
    GridBoard {
        cells: usize,
    },
    /// A painted board of `width` × `height` mm, maybe with box walls.
    Board {
        width: f64,
        height: f64,
        walls: bool,
        overlap_mm: f64,
    },
    /// Nets, as counted nouns (`2 cubes`).
    Nets(Vec<String>),
    /// A map of `cells` cells, `width` × `height` mm.
    Map {
        cells: usize,
        width: f64,
        height: f64,
    },
    /// A track of `cells` cells of `cell_mm`.
    Track {
        cells: usize,
        cell_mm: f64,
    },
    /// `count` counters of a `shape` (`"hexagon "`, empty for circles) and `size`
    /// (`"20 mm"`, `"15 mm edge"`).
    Counters {
        count: usize,
        shape: String,
        size: String,
    },
    /// `count` cards of `width_mm × height_mm`.
    Cards {
        count: usize,
        width_mm: f64,
        height_mm: f64,
    },
    /// Parts printed together on shared sheets (`build::shared_parts`): each one's summary
    /// and its count of cutouts.
    Shared(Vec<(Summary, usize)>),
}

/// Every part of `design`, in print order: tiles, pieces, the board on the pieces' grid,
/// the painted board, nets, decks. Parts with nothing to print are left out.
pub fn parts(design: &Design) -> Vec<Part> {
    let mut parts: Vec<Part> = [
        tiles::tiles(design),
        pieces::pieces(design),
        boards::grid_board(design),
        boards::painted_board(design),
        nets::nets(design),
    ]
    .into_iter()
    .flatten()
    .collect();
    parts.extend(cards::decks(design));
    parts.extend(cards::counters(design));
    parts.extend(tracks::tracks(design));
    parts.extend(maps::maps(design));
    parts
}
