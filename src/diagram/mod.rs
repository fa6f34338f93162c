//! Rulebook diagrams: a position of a design's own tiles on its grid, with annotations,
//! checked against the design's `[play]` rules and drawn as SVG, PDF and PNG.
//!
//! `schema` mirrors the diagram file, `load` resolves it against its design, `table` answers
//! questions about the position (who touches whom), `legality` and `lines` check it,
//! `counters` stands counters beside the tiles, `draw` turns it into a scene page, and
//! `files` makes the SVG, PDF and PNG. A file of `[[step]]`s is a `series` of such diagrams,
//! also drawn side by side as one `strip`.

pub mod board_pieces;
pub mod board_rules;
pub mod caption;
pub mod corners;
pub mod counters;
pub mod crop;
pub mod designs;
pub mod dominoes;
pub mod draw;
pub mod files;
pub mod house_style;
pub mod label_halo;
pub mod legality;
pub mod lines;
pub mod load;
pub mod pawn_moves;
pub mod pawns;
pub mod schema;
pub mod series;
pub mod strip;
pub mod table;

use std::path::PathBuf;
use std::sync::Arc;

use crate::geometry::tile_grid::{Cell, Grid};
use crate::model::design::Design;
use crate::model::input::source::Position;
use crate::model::rules::tile_set::Tile;
use crate::scene::Colour;

/// A resolved diagram.
#[derive(Clone, Debug)]
pub struct Diagram {
    pub path: PathBuf,
    /// The design file it draws from (a source the output must not replace).
    pub design_path: PathBuf,
    /// The design, shared with the other diagrams of the run that draw from it.
    pub design: Arc<Design>,
    pub grid: Grid,
    pub caption: Option<String>,
    /// The caption's markup, when it has any or characters only the design's fallback
    /// fonts draw (`None`: the caption is drawn plain in the outline font).
    pub caption_marked: Option<Arc<crate::text::markup::Marked>>,
    /// The caption's colour (`caption_colour`).
    pub caption_colour: Colour,
    /// Where the caption is written.
    pub caption_position: crate::model::input::source::Position,
    /// The caption's cap height, in printed mm.
    pub caption_mm: f64,
    pub legal: bool,
    /// Where `legal` is written.
    pub legal_position: Position,
    /// Rule names the position must break (with `legal = false`), and where each is written.
    pub breaks: Vec<(String, Position)>,
    /// The mover's palette colour name.
    pub mover: Option<String>,
    pub mark_forced: bool,
    pub empty_cells: bool,
    pub width_mm: f64,
    pub dpi: f64,
    pub places: Vec<Placed>,
    /// Dominoes (rectangle tiles of two square cells) on the grid of their cells.
    pub dominoes: Vec<dominoes::PlacedDomino>,
    /// Counters standing on cells (`[[place]]` with `counter`), drawn over the tiles.
    pub counters: Vec<counters::PlacedCounter>,
    pub marks: Vec<Mark>,
    pub arrows: Vec<Arrow>,
    pub labels: Vec<Label>,
    pub highlights: Vec<Highlight>,
    /// Polyform pieces on the design's board (`[[place]]` with `piece`).
    pub pieces: Vec<board_pieces::BoardPiece>,
    /// The pieces the diagram says the move captures, and where each is named.
    pub captures: Option<Vec<(String, Position)>>,
    /// Pawns on the design's painted board (`[[place]]` with `net`).
    pub pawns: Vec<pawns::PlacedPawn>,
    /// `[[move]]`: the pawns' slides and tips, in order.
    pub moves: Vec<pawns::PawnMove>,
    /// The area the figure shows, in the design's mm, when it is not its own content's
    /// bounds (the steps of a series share one).
    pub frame: Option<kurbo::Rect>,
    /// Its number (from 1) when it is a step of a series: its problems say so, and a
    /// replacement is drawn after the move only (the step before shows the board before it).
    pub step: Option<usize>,
}

impl Diagram {
    /// What its problems call the one making the claims: `the diagram` or `step 2`.
    pub fn claimant(&self) -> String {
        self.step.map_or_else(|| "the diagram".to_string(), |number| format!("step {number}"))
    }
}

/// What a diagram file draws: one figure, or a series of steps (`[[step]]`), each a
/// diagram of its own.
#[derive(Clone, Debug)]
pub struct Figure {
    /// One diagram, or one per step.
    pub diagrams: Vec<Diagram>,
    /// Written with `[[step]]`: each step is a figure `<stem>-<n>`, and `<stem>` the strip.
    pub series: bool,
}

impl Figure {
    /// The first diagram (every step draws from the same design, at the same size).
    pub fn first(&self) -> &Diagram {
        &self.diagrams[0]
    }
}

/// A tile of the design on a cell.
#[derive(Clone, Debug)]
pub struct Placed {
    pub tile: Tile,
    pub cell: Cell,
    /// Edge steps clockwise: the tile's edge `e` lies on the cell's side `(e + turn) mod n`.
    pub turn: usize,
    /// Laid by the move the diagram shows.
    pub new: bool,
    /// Where the `[[place]]` entry is.
    pub position: Position,
}

/// A cell, or one side of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub cell: Cell,
    pub side: Option<usize>,
}

/// The shape of a marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkShape {
    Dot,
    Ring,
    Cross,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub shape: MarkShape,
    pub spot: Spot,
    pub colour: Colour,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub from: Cell,
    pub to: Cell,
    pub colour: Colour,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub spot: Spot,
    pub colour: Colour,
    /// Cap height, in printed mm.
    pub size_mm: f64,
    /// Where the label is written in the diagram file.
    pub position: crate::model::input::source::Position,
    /// Its markup (bold, italic, icons of the design's `[icons]`), when it has any.
    pub marked: Option<Arc<crate::text::markup::Marked>>,
}

impl Label {
    /// The label as a text layer `size_mm` tall.
    pub fn text_layer(&self, design: &Design, size_mm: f64) -> crate::model::face::TextLayer {
        diagram_text_layer(design, self.text.clone(), self.marked.clone(), size_mm, self.colour)
    }
}

/// A label's or caption's `text` as a text layer `size_mm` tall, centred on the origin:
/// plain in the built-in outline font, or with its markup (`marked`) in the bundled family,
/// the design's icons and its fallback fonts.
pub fn diagram_text_layer(
    design: &Design,
    text: String,
    marked: Option<Arc<crate::text::markup::Marked>>,
    size_mm: f64,
    colour: Colour,
) -> crate::model::face::TextLayer {
    use crate::model::face::TextLayer;
    let plain = TextLayer::plain(text, crate::text::outline_font(), size_mm, colour);
    match marked {
        None => plain,
        Some(marked) => TextLayer {
            marked: Some(marked),
            faces: Arc::new(label_faces(design)),
            icons: design.icons.clone(),
            ..plain
        },
    }
}

/// The faces a marked-up label or caption is drawn in: the bundled family, bold as the
/// outline font is, and the design's fallback fonts.
pub fn label_faces(design: &Design) -> crate::text::faces::FontFaces {
    let faces = crate::text::faces::FontFaces::bundled("bold").unwrap_or_default();
    crate::text::faces::FontFaces { fallback: design.fallback_fonts.clone(), ..faces }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Highlight {
    pub spot: Spot,
    pub colour: Colour,
}

/// A cell as written in diagram files: `[i, j]`, or `[i, j, m]` on grids with several
/// tiles per lattice cell.
pub fn cell_name(grid: &Grid, cell: Cell) -> String {
    if grid.motifs() == 1 {
        format!("[{}, {}]", cell.i, cell.j)
    } else {
        format!("[{}, {}, {}]", cell.i, cell.j, cell.m)
    }
}
