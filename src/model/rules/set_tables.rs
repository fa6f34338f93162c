//! The tile set's tables as written: `[set]`, `[style]`, `[rule]`, `[backs]` and `[[tiles]]`
//! (serde, spans kept).

use serde::Deserialize;
use toml::Spanned;

/// `[set]`: what the set is called and the shape and size of its tiles.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetTable {
    pub name: Spanned<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// `hexagon`, `triangle`, `square`, `rectangle` or `circle`: the tiles' outline
    /// (required with `[[tiles]]`).
    pub shape: Option<Spanned<String>>,
    /// The tiles' edge length (regular polygons, required with `[[tiles]]`).
    pub edge_mm: Option<Spanned<f64>>,
    /// A rectangle's width and height.
    pub width_mm: Option<Spanned<f64>>,
    pub height_mm: Option<Spanned<f64>>,
    /// A rectangle's corner radius (default 0).
    pub corner_radius_mm: Option<Spanned<f64>>,
    /// A rectangle split into `[columns, rows]` cells, each a face area with a value.
    pub cells: Option<Spanned<Vec<i64>>>,
    /// A circle's diameter.
    pub diameter_mm: Option<Spanned<f64>>,
    /// The face template of every tile's front (a `[faces.NAME]`).
    pub template: Option<Spanned<String>>,
    /// How many slots each edge has, clockwise (default 1), see `model::edge_slots`.
    pub slots_per_edge: Option<Spanned<i64>>,
    /// A data file (CSV, .ods, .xlsx) whose rows are tiles, one `[[tiles]]` entry each.
    pub data: Option<Spanned<String>>,
    /// The workbook's sheet to read (default: the first).
    pub sheet: Option<Spanned<String>>,
}

/// `[style]`: how tile faces are drawn.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StyleTable {
    pub background: Option<Spanned<String>>,
    pub line_width_mm: Option<Spanned<f64>>,
    pub casing_mm: Option<Spanned<f64>>,
    /// Radius of a half-ring's centre line (`ring` slots).
    pub ring_radius_mm: Option<Spanned<f64>>,
    /// Width of a half-ring's line.
    pub ring_width_mm: Option<Spanned<f64>>,
    /// Radius of a half-disc (`dot` slots).
    pub dot_radius_mm: Option<Spanned<f64>>,
    /// How far an unjoined line reaches into the tile, to the tip of its round cap.
    pub cap_length_mm: Option<Spanned<f64>>,
}

/// `[rule]`: what the complete set is, so that `check` can derive it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleTable {
    /// Palette colours a slot may have (absent in a rule over values only, or over corners
    /// only: then edges are empty).
    pub colours: Option<Spanned<Vec<Spanned<String>>>>,
    /// Palette colours (or `"-"`) a corner slot may have: the tiles have corner slots.
    pub corners: Option<Spanned<Vec<Spanned<String>>>>,
    /// `none` (default), `optional` or `same-colour`: whether neighbouring regions of one
    /// colour are joined into one area.
    pub region_joins: Option<Spanned<String>>,
    /// Kinds a slot may have (`line`, `ring`, `dot`); default `["line"]`.
    pub slot_kinds: Option<Spanned<Vec<Spanned<String>>>>,
    /// The edges a tile may have, each a list of `slots_per_edge` slots written as on a tile
    /// (`["field region", "road", "field region"]`); absent, any slot on any position.
    pub edges: Option<Spanned<Vec<Spanned<crate::model::rules::edge_slots::EdgeText>>>>,
    /// The kinds a colour's slots may have, when fewer than `slot_kinds`:
    /// `{ road = ["line"], city = ["region"] }`.
    pub kinds_of: Option<Spanned<crate::model::rules::rule_kinds::KindsOfTable>>,
    /// `every` line slot is joined to another, joins are `optional`, or there are `none`.
    pub joins: Option<Spanned<String>>,
    /// Which edge distances a join may span (1 = neighbouring edges); default all.
    pub join_spans: Option<Spanned<Vec<usize>>>,
    /// Multisets of join spans that are not in the set, e.g. `[[3, 3, 3]]`.
    pub exclude_spans: Option<Spanned<Vec<Vec<usize>>>>,
    /// Every line of a tile has its own colour.
    pub distinct_line_colours: Option<Spanned<bool>>,
    /// How many different colours a tile shows, at least and at most.
    pub min_colours: Option<Spanned<usize>>,
    pub max_colours: Option<Spanned<usize>>,
    /// How many different slot kinds a tile shows, at least.
    pub min_slot_kinds: Option<Spanned<usize>>,
    /// `rotation`, `rotation+reflection` or `none`: which copies count as the same tile.
    pub symmetry: Option<Spanned<String>>,
    /// How many tiles the complete set has.
    pub count: Option<Spanned<usize>>,
    /// How many copies of each derived tile the set holds (default 1).
    pub copies: Option<Spanned<i64>>,
    /// Derived tiles that come another number of times, by their description as `check`
    /// prints it: `{ "edges 1–4 clockwise: red dot, -, -, -" = 3 }`.
    pub copies_of: Option<std::collections::BTreeMap<String, Spanned<i64>>>,
    /// A rule over the tiles' values instead of their edges, see `model::values`.
    pub values: Option<Spanned<crate::model::rules::values::ValueRuleTable>>,
}

/// `[backs]`: what the back of every tile shows.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BacksTable {
    /// Print backs at all (default true when tiles name a back colour).
    pub enabled: Option<bool>,
    pub background: Option<Spanned<String>>,
    pub text_height_mm: Option<Spanned<f64>>,
    /// Write a dot after numbers that read as another number upside down (6., 9.).
    pub mark_upside_down_numbers: Option<bool>,
    /// The face template drawn on every back (default: the built-in `number`).
    pub template: Option<Spanned<String>>,
    /// Layers added to every back's template (one with a template layer's `id` replaces it).
    #[serde(default)]
    pub layers: Vec<Spanned<crate::model::face::schema::LayerTable>>,
}

/// One `[[tiles]]` entry: one physical tile.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileTable {
    pub number: Spanned<u32>,
    /// One entry per edge, clockwise from edge 1: a slot (`"red"` or `"white ring"`), or the
    /// edge's `slots_per_edge` slots clockwise (`["-", "red", "-"]`); absent, every edge is
    /// empty (`"-"`) — on a tile with `corners` or `values`.
    pub edges: Option<Spanned<Vec<Spanned<crate::model::rules::edge_slots::EdgeText>>>>,
    /// Numbers at the tile's value positions (cells or corners, see `[values]`).
    pub values: Option<Spanned<Vec<Spanned<crate::model::rules::value_names::ValueText>>>>,
    /// One colour (or `"-"`) per corner, clockwise from corner 1 (where edge 1 starts).
    pub corners: Option<Spanned<Vec<Spanned<String>>>>,
    /// Pairs of slots (1-based: the edges, or with several slots per edge the slot positions
    /// clockwise) joined by a line; derived from colours when absent.
    pub joins: Option<Spanned<Vec<Spanned<Vec<usize>>>>>,
    /// How many identical copies of this tile the set holds (default 1).
    pub copies: Option<Spanned<i64>>,
    /// The back's slots, clockwise from edge 1 as seen on the back: a two-faced tile.
    pub back_edges: Option<Spanned<Vec<Spanned<String>>>>,
    /// Pairs of the back's edges joined by a line; derived from colours when absent.
    pub back_joins: Option<Spanned<Vec<Spanned<Vec<usize>>>>>,
    /// Colour of the number on the back.
    pub back: Option<Spanned<String>>,
    /// This tile's front template, instead of the set's.
    pub template: Option<Spanned<String>>,
    /// Layers added to the front (or replacing a template layer of the same `id`).
    #[serde(default)]
    pub layers: Vec<Spanned<crate::model::face::schema::LayerTable>>,
    /// Values for `{name}` in the templates' text and image paths.
    pub fields: Option<Spanned<crate::model::face::schema::FieldsTable>>,
}
