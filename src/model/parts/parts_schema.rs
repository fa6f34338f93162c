//! The design file's `[[players]]`, `[board]` and `[[nets]]` tables as written (serde, spans kept).
//!
//! Like `schema.rs`, nothing here applies defaults; `board.rs` and `nets.rs` resolve these.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// One `[[players]]` entry: a player's colour and the board side they start from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerTable {
    pub name: Spanned<String>,
    /// Palette colour of the player's arrow, discs and hats.
    pub colour: Spanned<String>,
    /// Board side (1 = top, clockwise) marked with the player's arrow.
    pub start_side: Spanned<u32>,
    /// Board side to reach; default the side opposite the start.
    pub goal_side: Option<Spanned<u32>>,
}

/// `[board]`: a region of a grid with coloured cells and dots.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// `triangle`: the grid the cells belong to.
    pub grid: Spanned<String>,
    /// `hexagon`: the region of the grid that is the board.
    pub region: Spanned<String>,
    /// Cells along one side of the region.
    pub size: Spanned<u32>,
    /// Length of one cell edge.
    pub edge_mm: Spanned<f64>,
    /// The colouring must look the same after turning the board by 360°/symmetry.
    pub symmetry: Option<Spanned<u32>>,
    /// Palette colour of the grid lines (default: the darkest palette colour… `black` if named).
    pub lines: Option<Spanned<String>>,
    /// One letter per palette colour, used in `cells` and `dots`.
    pub key: Spanned<BTreeMap<String, Spanned<String>>>,
    /// Cell colours, one text per row from the top, one key letter per cell, left to right.
    pub cells: Spanned<Vec<Spanned<String>>>,
    /// Dot colours, one text per row of grid vertices; `.` for no dot.
    pub dots: Option<Spanned<Vec<Spanned<String>>>>,
    /// Overlap (glue strip) between sheets when the board is printed across several.
    pub overlap_mm: Option<Spanned<f64>>,
    /// The board as the floor of a tray, with wall flaps.
    #[serde(rename = "box")]
    pub tray: Option<Spanned<BoxTable>>,
    /// How pieces move, for the reachability check.
    pub moves: Option<Spanned<MovesTable>>,
}

/// `[board.box]`: wall flaps around the board.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxTable {
    pub wall_mm: Spanned<f64>,
    pub tab_mm: Option<Spanned<f64>>,
}

/// `[board.moves]`: the move rule the reachability check plays by.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesTable {
    /// The `[[nets]]` piece that moves (a tetrahedron).
    pub piece: Spanned<String>,
    /// When a tip is legal: `face` (the landing face matches the cell), `ball` (the ball
    /// that comes down matches the dot).
    pub tip_when: Spanned<Vec<Spanned<String>>>,
    /// A move may first slide the piece one cell edge along a grid line.
    pub slide_first: Option<bool>,
}

/// One `[[nets]]` entry: a fold-up piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetTable {
    pub name: Spanned<String>,
    /// `tetrahedron` or `cube`, sized by `edge_mm`.
    pub solid: Option<Spanned<String>>,
    pub edge_mm: Option<Spanned<f64>>,
    /// Or any polyhedron: vertex coordinates in mm, and faces as vertex numbers (from 1),
    /// counter-clockwise seen from outside.
    pub vertices: Option<Spanned<Vec<[f64; 3]>>>,
    pub polygons: Option<Spanned<Vec<Vec<usize>>>>,
    /// Or a cone (a hat), without base.
    pub cone: Option<Spanned<ConeTable>>,
    /// Colour of each face, in face order; `player` for the player's colour.
    pub faces: Option<Spanned<Vec<Spanned<String>>>>,
    /// Colour of the ball at each vertex, in vertex order.
    pub balls: Option<Spanned<Vec<Spanned<String>>>>,
    /// Colour of a disc in the centre of every face (`player` for the player's colour).
    pub disc: Option<Spanned<String>>,
    /// Colour of the whole piece (a cone's colour, or faces not listed).
    pub colour: Option<Spanned<String>>,
    /// Copies per player, each in that player's colours.
    pub per_player: Option<Spanned<u32>>,
    /// How many pieces the game has, checked against `per_player` × players.
    pub count: Option<Spanned<u32>>,
    /// The faces must all have different colours.
    pub distinct_faces: Option<bool>,
    /// Depth of the glue tabs.
    pub tab_mm: Option<Spanned<f64>>,
    /// One face template name per face (`""` for none), drawn on the net's faces.
    pub templates: Option<Spanned<Vec<Spanned<String>>>>,
}

/// `cone = { radius_mm, height_mm }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConeTable {
    pub radius_mm: Spanned<f64>,
    pub height_mm: Spanned<f64>,
}
