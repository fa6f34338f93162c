//! A diagram file as written: serde types mirroring the TOML, spans kept for diagnostics.
//!
//! A diagram names a design, places its tiles on grid cells (`[[place]]`) and adds
//! annotations (`[[mark]]`, `[[arrow]]`, `[[label]]`, `[[highlight]]`). Unknown keys are
//! errors, as in design files. Pieces of other kinds (polyforms, pawns) are meant to be
//! added as further optional keys of `[[place]]` (e.g. `piece`, `face`).

use serde::Deserialize;
use toml::Spanned;

/// A whole diagram file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramFile {
    pub diagram: Spanned<DiagramTable>,
    #[serde(default)]
    pub place: Vec<Spanned<PlaceTable>>,
    #[serde(default)]
    pub mark: Vec<Spanned<MarkTable>>,
    #[serde(default)]
    pub arrow: Vec<Spanned<ArrowTable>>,
    #[serde(default)]
    pub label: Vec<Spanned<LabelTable>>,
    #[serde(default)]
    pub highlight: Vec<Spanned<HighlightTable>>,
    /// `[[move]]`: a pawn's slide and tip, replayed and checked.
    #[serde(default, rename = "move")]
    pub moves: Vec<Spanned<MoveTable>>,
    /// `[[step]]`: a figure series, one figure per step (`series`).
    #[serde(default)]
    pub step: Vec<Spanned<StepTable>>,
}

/// `[[step]]`: one figure of a series — what it adds to the position before it (its
/// `[[step.place]]` entries are the move, `new` unless said otherwise), what it takes off,
/// its own annotations and what it claims.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepTable {
    pub caption: Option<Spanned<String>>,
    /// Default the `[diagram]`'s.
    pub legal: Option<Spanned<bool>>,
    pub breaks: Option<Spanned<Vec<Spanned<String>>>>,
    /// Default the `[diagram]`'s.
    pub mover: Option<Spanned<String>>,
    /// Default the `[diagram]`'s.
    pub mark_forced: Option<bool>,
    pub captures: Option<Spanned<Vec<Spanned<String>>>>,
    /// Tiles (by number) or pieces (by name) placed before this step and gone from it on.
    #[serde(default)]
    pub remove: Vec<Spanned<PlaceName>>,
    /// Pieces placed before this step that its move takes off (the board after it shows).
    #[serde(default)]
    pub replace: Vec<Spanned<PlaceName>>,
    #[serde(default)]
    pub place: Vec<Spanned<PlaceTable>>,
    #[serde(default)]
    pub mark: Vec<Spanned<MarkTable>>,
    #[serde(default)]
    pub arrow: Vec<Spanned<ArrowTable>>,
    #[serde(default)]
    pub label: Vec<Spanned<LabelTable>>,
    #[serde(default)]
    pub highlight: Vec<Spanned<HighlightTable>>,
}

/// A placed tile's number or a placed piece's name, as `remove` and `replace` name them.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum PlaceName {
    Number(u32),
    Text(String),
}

impl std::fmt::Display for PlaceName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlaceName::Number(number) => write!(f, "{number}"),
            PlaceName::Text(name) => write!(f, "{}", name.trim()),
        }
    }
}

/// `[diagram]`: the design, what the figure claims, and how big it is printed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagramTable {
    /// The design file, relative to the diagram file.
    pub design: Spanned<String>,
    pub caption: Option<Spanned<String>>,
    /// The caption's cap height in printed mm (default 2.6; 1 to 10).
    pub caption_mm: Option<Spanned<f64>>,
    /// The caption's colour: a palette colour or `#rrggbb` (default near-black `#202020`).
    pub caption_colour: Option<Spanned<String>>,
    /// Whether the position (and the move, if tiles are marked `new`) is allowed.
    pub legal: Spanned<bool>,
    /// With `legal = false`: the rules the position must break (checked).
    pub breaks: Option<Spanned<Vec<Spanned<String>>>>,
    /// The colour of the player making the move (rules about "own" lines need it).
    pub mover: Option<Spanned<String>>,
    /// Mark every forced space (an empty cell with enough placed neighbours) with a dot.
    pub mark_forced: Option<bool>,
    /// Outline the empty cells next to placed tiles (default true).
    pub empty_cells: Option<bool>,
    /// Printed width in mm (default 80, a column of text).
    pub width_mm: Option<Spanned<f64>>,
    /// Resolution of the PNG (default 300).
    pub dpi: Option<Spanned<f64>>,
    /// Polyform pieces: the names of the pieces the move captures (checked).
    pub captures: Option<Spanned<Vec<Spanned<String>>>>,
}

/// `[[place]]`: one tile of the design on one cell, or one polyform piece on the board.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceTable {
    /// The tile's number in the design.
    pub tile: Option<Spanned<u32>>,
    /// A polyform piece's code in the design (instead of `tile`).
    pub piece: Option<Spanned<String>>,
    /// The cell: `[i, j]`, or `[i, j, m]` on grids with several tiles per lattice cell; for a
    /// piece, the grid square its turned shape's least column and row go to.
    pub at: Spanned<Vec<i64>>,
    /// Edge steps clockwise (default 0); quarter turns for a piece.
    pub turn: Option<Spanned<usize>>,
    /// The tile is laid by the move the diagram shows (move rules look at it).
    pub new: Option<bool>,
    /// A piece's face up: `front` (default) or `back` (the piece turned over: its mirror image).
    pub face: Option<Spanned<String>>,
    /// A piece's name in `captures` and messages (default its code).
    pub name: Option<Spanned<String>>,
    /// A piece that this move takes off the board (drawn dashed; the `replace` rule).
    pub replaced: Option<bool>,
    /// A pawn: the `[[nets]]` piece's name (instead of `tile`); `at = [row, cell]` of the
    /// board's `cells` rows, both from 1.
    pub net: Option<Spanned<String>>,
    /// The pawn's player: a `[[players]]` name or colour.
    pub player: Option<Spanned<String>>,
    /// The colour of the pawn's face that stands on the cell.
    pub down: Option<Spanned<String>>,
    /// A counter: the design's `[[counters]]` name (instead of `tile`), standing on `at`.
    pub counter: Option<Spanned<String>>,
    /// Which of those counters, from 1 in the order written (default 1).
    pub item: Option<Spanned<usize>>,
}

/// `[[move]]`: the named pawn slides one edge (optional) and then tips onto a neighbour.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveTable {
    /// The pawn's `name` (default its net's name).
    pub pawn: Spanned<String>,
    /// `[row, cell]` one edge step away, along a grid line.
    pub slide_to: Option<Spanned<Vec<i64>>>,
    /// `[row, cell]` across an edge of the pawn's cell.
    pub tip_to: Spanned<Vec<i64>>,
    /// The tip matches both face and ball, which earns an extra move (checked both ways).
    pub extra: Option<bool>,
}

/// `[[mark]]`: a dot, ring or cross on a cell, or on one of its sides.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkTable {
    pub shape: Spanned<String>,
    pub at: Spanned<Vec<i64>>,
    /// A side of the cell, from 1 (the mark goes on its midpoint).
    pub edge: Option<Spanned<usize>>,
    pub colour: Option<Spanned<String>>,
}

/// `[[arrow]]`: an arrow from one cell's centre towards another's.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrowTable {
    pub from: Spanned<Vec<i64>>,
    pub to: Spanned<Vec<i64>>,
    pub colour: Option<Spanned<String>>,
}

/// `[[label]]`: a short text on a cell (or one of its sides).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelTable {
    pub text: Spanned<String>,
    pub at: Spanned<Vec<i64>>,
    pub edge: Option<Spanned<usize>>,
    pub colour: Option<Spanned<String>>,
    /// Cap height in printed mm (default 2.5; 1 to 10).
    pub size_mm: Option<Spanned<f64>>,
}

/// `[[highlight]]`: a cell (tinted if empty, outlined if it holds a tile) or one side.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HighlightTable {
    pub at: Spanned<Vec<i64>>,
    pub edge: Option<Spanned<usize>>,
    pub colour: Option<Spanned<String>>,
}
