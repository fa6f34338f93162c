//! Room 9 of the model, the top: the whole design. `Design` (here) is the resolved design,
//! what downstream code sees; `file` is the design file as written (serde, spans kept);
//! `resolve` turns one into the other with the rooms below, and here too are what spans
//! the parts: the faces of tiles, pieces, board cells and nets (`item_faces`,
//! `part_faces`), layers shared between every printed face (`printed_layers`), the output
//! names of all parts (`part_names`) and the parts `--part` keeps (`part_choice`), the
//! bounds and the bleed the whole design is held to (`limits`), the colours it draws
//! (`drawn_colours`) and the parts a print shop's preset fits (`preset_fit`).
//!
//! May use: every room of the model, `geometry`, `scene`, `text`.

pub mod drawn_colours;
pub mod file;
pub mod item_faces;
pub mod limits;
pub mod part_choice;
pub mod part_faces;
pub mod part_names;
pub mod preset_fit;
pub mod printed_layers;
pub mod resolve;

use crate::geometry::polygon::RegularPolygon;
use crate::model::colours::palette::Palette;
use crate::model::print::sheet_settings::{Backs, SheetSettings};
use crate::model::rules::tile_set::{SetRule, Style, Tile};

/// A fully resolved design.
#[derive(Clone, Debug)]
pub struct Design {
    pub name: String,
    pub description: Option<String>,
    /// The tiles' outline, every tile of a set having the same; `None` in a design without
    /// `[[tiles]]` (one of pieces, boards or nets only).
    pub shape: Option<RegularPolygon>,
    /// The tiles' outline of any kind (a regular polygon as `shape`, a rectangle or a
    /// circle); `None` without `[[tiles]]`.
    pub tile_shape: Option<crate::model::rules::tile_shape::TileShape>,
    /// How many slots each edge of a tile has (`[set] slots_per_edge`, default 1): a tile's
    /// slots are this many per edge, clockwise, edge 1's first.
    pub slots_per_edge: usize,
    /// Where the tiles' values sit and how they are drawn, when tiles carry values.
    pub values: Option<crate::model::rules::values::Values>,
    pub style: Style,
    pub palette: Palette,
    pub rule: Option<SetRule>,
    pub backs: Backs,
    pub sheet: SheetSettings,
    pub tiles: Vec<Tile>,
    /// Polyform pieces on a grid, when the design has `[[pieces]]`.
    pub pieces: Option<crate::model::parts::pieces::PieceSet>,
    /// A board made of cells of the pieces' grid (`[board]` without its own `grid`).
    pub grid_board: Option<crate::model::parts::pieces::Board>,
    /// `[[players]]`, in file order.
    pub players: Vec<crate::model::parts::board::Player>,
    /// A painted board on a grid of its own (`[board]` with `grid = …`).
    pub board: Option<crate::model::parts::board::Board>,
    /// `[[nets]]`: fold-up pieces.
    pub nets: Vec<crate::model::parts::nets::NetPiece>,
    /// `[[decks]]`: decks of cards.
    pub decks: Vec<crate::model::parts::cards::Deck>,
    /// `[[counters]]`: round counters (decks whose items are circles).
    pub counters: Vec<crate::model::parts::cards::Deck>,
    /// `[[tracks]]`: score tracks and other numbered paths.
    pub tracks: Vec<crate::model::parts::tracks::Track>,
    /// `[[maps]]`: grid boards with terrain.
    pub maps: Vec<crate::model::parts::maps::Map>,
    /// How tiles may be laid next to each other (`[play]`); the default when absent.
    pub play: crate::model::rules::play::Play,
    /// What the legibility check holds every face to (`[check]`).
    pub legibility: crate::model::print::legibility::Legibility,
    /// The caption and label sizes of the design's diagrams (`[figures]`).
    pub figure_style: crate::model::print::figure_style::FigureStyle,
    /// `[icons]`: what `:name:` draws in a text (faces' and diagram labels').
    pub icons: std::sync::Arc<crate::model::face::inline_icons::InlineIcons>,
    /// `[fonts]` `fallback`: tried in order for a character a text's faces lack (faces' and
    /// diagram labels' and captions').
    pub fallback_fonts: Vec<std::sync::Arc<crate::text::font::FontData>>,
    /// The files the design uses (data files, images, fonts), resolved: what `serve` may
    /// send besides the design and what it built.
    pub files: Vec<std::path::PathBuf>,
    /// The colours faces take from data (`fill = "{kind}"`), each value once per key.
    pub data_colours: Vec<crate::model::context::data_colours::DataColour>,
    /// Problems found while reading faces (`when` values no item has): `check` reports them.
    pub face_problems: Vec<crate::model::input::diagnostic::Diagnostic>,
}

impl Design {
    /// The values' names (`[values] names`), value 0 first; empty when values are numbers.
    pub fn value_names(&self) -> &[String] {
        self.values.as_ref().map_or(&[], |values| &values.names)
    }
}
