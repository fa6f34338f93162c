//! The design file as written: serde types that mirror the TOML, with source spans kept.
//!
//! Nothing here applies defaults beyond "absent"; `resolve` turns these into the model.
//! Every table denies unknown keys so that a typo is reported, not silently ignored.

use std::collections::BTreeMap;

use crate::model::print::sheet_table::SheetTable;
use crate::model::rules::set_tables::{BacksTable, RuleTable, SetTable, StyleTable, TileTable};
use serde::Deserialize;
use toml::Spanned;

/// A whole design file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignFile {
    pub set: Spanned<SetTable>,
    #[serde(default)]
    pub style: Option<Spanned<StyleTable>>,
    pub palette: Spanned<BTreeMap<String, Spanned<String>>>,
    /// `[cues]`: palette colour → the pattern on its lines, see `model::cues`.
    #[serde(default)]
    pub cues: Option<Spanned<crate::model::colours::cues::CuesTable>>,
    #[serde(default)]
    pub rule: Option<Spanned<RuleTable>>,
    #[serde(default)]
    pub backs: Option<Spanned<BacksTable>>,
    #[serde(default)]
    pub sheet: Option<Spanned<SheetTable>>,
    #[serde(default)]
    pub tiles: Vec<Spanned<TileTable>>,
    /// `[grid]`, `[[piece_groups]]`, `[[pieces]]`: see `model::pieces`.
    #[serde(default)]
    pub grid: Option<Spanned<crate::model::parts::pieces::GridTable>>,
    #[serde(default)]
    pub piece_groups: Vec<Spanned<crate::model::parts::pieces::PieceGroupTable>>,
    #[serde(default)]
    pub pieces: Vec<Spanned<crate::model::parts::pieces::PieceTable>>,
    /// `[board]`, of either kind: see `model::board_table`.
    #[serde(default)]
    pub board: Option<Spanned<crate::model::parts::board_table::BoardTable>>,
    /// `[[players]]` and `[[nets]]`: see `model::parts_schema`.
    #[serde(default)]
    pub players: Vec<Spanned<crate::model::parts::parts_schema::PlayerTable>>,
    #[serde(default)]
    pub nets: Vec<Spanned<crate::model::parts::parts_schema::NetTable>>,
    /// `[play]`: how tiles may be laid next to each other (for diagrams).
    pub play: Option<Spanned<crate::model::rules::play::PlayTable>>,
    /// `[[decks]]`: decks of cards, see `model::cards`.
    #[serde(default)]
    pub decks: Vec<Spanned<crate::model::parts::cards::DeckTable>>,
    /// `[[counters]]`: round counters, like a deck (see `model::cards`) with `diameter_mm`.
    #[serde(default)]
    pub counters: Vec<Spanned<crate::model::parts::cards::DeckTable>>,
    /// `[[tracks]]`: numbered cells along a path, see `model::tracks`.
    #[serde(default)]
    pub tracks: Vec<Spanned<crate::model::parts::tracks::TrackTable>>,
    /// `[[maps]]`: grid boards, see `model::maps`.
    #[serde(default)]
    pub maps: Vec<Spanned<crate::model::parts::maps::MapTable>>,
    /// `[faces.NAME]`: face templates, see `face::schema`.
    #[serde(default)]
    pub faces: Option<Spanned<crate::model::face::schema::TemplatesTable>>,
    /// `[values]`: where tiles' values sit and how they are drawn, see `model::values`.
    #[serde(default)]
    pub values: Option<Spanned<crate::model::rules::values::ValuesTable>>,
    /// `[check]`: the legibility check's thresholds, see `model::legibility`.
    pub check: Option<Spanned<crate::model::print::legibility::CheckTable>>,
    /// `[figures]`: the house style of the design's diagrams, see `model::figure_style`.
    pub figures: Option<Spanned<crate::model::print::figure_style::FiguresTable>>,
    /// `[fonts]`: font families and fallback fonts, see `face::font_setup`.
    pub fonts: Option<Spanned<crate::model::face::font_setup::FontsTable>>,
    /// `[icons]`: inline icons of texts' markup, see `face::inline_icons`.
    pub icons: Option<Spanned<crate::model::face::inline_icons::IconsTable>>,
    /// `[columns]`: the types of data files' columns.
    #[serde(default)]
    pub columns: Option<Spanned<crate::model::context::column_types::ColumnsTable>>,
}
