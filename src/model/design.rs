//! The resolved design: defaults applied, colours looked up, units checked. Downstream code
//! sees only these types.

use std::collections::BTreeMap;

pub use crate::geometry::canonical::Symmetry;
use crate::geometry::polygon::RegularPolygon;
use crate::model::input::source::Position;
use crate::scene::Colour;

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
    pub icons: std::sync::Arc<super::face::inline_icons::InlineIcons>,
    /// `[fonts]` `fallback`: tried in order for a character a text's faces lack (faces' and
    /// diagram labels' and captions').
    pub fallback_fonts: Vec<std::sync::Arc<crate::text::font::FontData>>,
    /// The files the design uses (data files, images, fonts), resolved: what `serve` may
    /// send besides the design and what it built.
    pub files: Vec<std::path::PathBuf>,
    /// The colours faces take from data (`fill = "{kind}"`), each value once per key.
    pub data_colours: Vec<crate::model::input::data_colours::DataColour>,
    /// Problems found while reading faces (`when` values no item has): `check` reports them.
    pub face_problems: Vec<crate::model::input::diagnostic::Diagnostic>,
}

/// Named colours.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    pub colours: BTreeMap<String, Colour>,
    /// Where each colour is written in `[palette]`.
    pub lines: BTreeMap<String, Position>,
    /// `[cues]`: the patterns drawn on colours' lines, areas and dots (one for each).
    pub cues: BTreeMap<String, Vec<crate::model::rules::cues::ColourCue>>,
}

impl Palette {
    /// The colour of a palette name; names are checked during resolve, so a miss is black.
    pub fn colour(&self, name: &str) -> Colour {
        self.colours.get(name).copied().unwrap_or(Colour::BLACK)
    }

    /// The cue drawn on `name` where it is drawn as `on` (lines, areas, dots), if it has one.
    pub fn cue_on(
        &self,
        name: &str,
        on: crate::model::rules::cues::CueOn,
    ) -> Option<crate::model::rules::cues::Cue> {
        self.cues.get(name)?.iter().map(|c| c.cue).find(|cue| cue.on() == on)
    }
}

/// How faces are drawn.
#[derive(Clone, Debug)]
pub struct Style {
    pub background: Colour,
    pub line_width_mm: f64,
    /// Width of the background-coloured casing on each side of a line that crosses another.
    pub casing_mm: f64,
    /// Sizes of half-rings, half-discs and capped line ends.
    pub slots: SlotStyle,
    /// Neighbouring regions of one colour that are not joined are parted by a line of the
    /// background colour, `casing_mm` wide: set when a tile may join them or not (the rule's
    /// `region_joins = "optional"`, or tiles that join regions without a rule), so that one
    /// joined area and two regions side by side look different.
    pub region_dividers: bool,
}

/// How the slots that are not joined lines are drawn; all centred on the edge midpoint, so
/// two facing tiles complete a ring or a dot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlotStyle {
    /// Radius of a half-ring's centre line.
    pub ring_radius_mm: f64,
    /// Width of a half-ring's line.
    pub ring_width_mm: f64,
    /// Radius of a half-disc.
    pub dot_radius_mm: f64,
    /// From the edge to the tip of an unjoined line's semicircular cap.
    pub cap_length_mm: f64,
}

/// What a slot on an edge shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SlotKind {
    /// A line leaves the tile through the edge's midpoint.
    Line,
    /// A half-ring stands on the edge; two facing half-rings close a ring.
    Ring,
    /// A half-disc stands on the edge; two facing half-discs make a dot.
    Dot,
    /// The area between the edge and the tile's centre is filled (a triangle on triangles
    /// and squares, a wedge on hexagons); facing regions make one area across the edge.
    Region,
    /// Nothing on the edge (written `"-"`); it matches only another empty edge.
    Empty,
}

impl SlotKind {
    /// Every kind a design names (the empty slot is written `"-"`, not by a kind).
    pub const ALL: [SlotKind; 4] =
        [SlotKind::Line, SlotKind::Ring, SlotKind::Dot, SlotKind::Region];

    pub fn name(self) -> &'static str {
        match self {
            SlotKind::Line => "line",
            SlotKind::Ring => "ring",
            SlotKind::Dot => "dot",
            SlotKind::Region => "region",
            SlotKind::Empty => "empty",
        }
    }

    pub fn from_name(name: &str) -> Option<SlotKind> {
        SlotKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One edge's slot: a palette colour name and a kind.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    pub colour: String,
    pub kind: SlotKind,
}

/// How an empty slot is written, on a tile and in a rule's `colours`.
pub const EMPTY_SLOT: &str = "-";

impl Slot {
    /// The empty slot: nothing on the edge.
    pub fn empty() -> Slot {
        Slot { colour: EMPTY_SLOT.to_string(), kind: SlotKind::Empty }
    }

    pub fn is_empty(&self) -> bool {
        self.kind == SlotKind::Empty
    }
}

/// One physical tile.
#[derive(Clone, Debug)]
pub struct Tile {
    pub number: u32,
    /// The slots clockwise, edge 0's first: one per edge, or `slots_per_edge` per edge.
    pub slots: Vec<Slot>,
    /// Pairs of slot positions (0-based, smaller first, sorted) joined inside the tile; with
    /// one slot per edge, pairs of edges.
    pub joins: Vec<(usize, usize)>,
    /// The back's slots and joins, when the back carries edge art as the front does
    /// (`back_edges`): numbered clockwise as seen on the back, edge 1 on top.
    pub back_side: Option<TileSide>,
    /// How many identical copies of the tile the set holds (`copies`, default 1).
    pub copies: u32,
    /// Numbers at the tile's value positions (cells or corners), in order; empty if none.
    pub values: Vec<u32>,
    /// One palette colour name (or `"-"`, nothing) per corner, clockwise from corner 0 (the
    /// start of edge 0); empty when the tile has no corner slots.
    pub corners: Vec<String>,
    /// Colour name of the number on the back, if the tile has a back.
    pub back: Option<String>,
    /// Face layers of the front and (with a back template) the back.
    pub faces: crate::model::face::ItemFaces,
    /// Where the `[[tiles]]` entry is in the design file.
    pub position: Position,
}

/// One face's edge art: a slot per edge and the joined edge pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct TileSide {
    pub slots: Vec<Slot>,
    pub joins: Vec<(usize, usize)>,
}

impl Tile {
    /// A plain tile: these slots and joins, one copy, no back, corners, values or layers.
    pub fn plain(number: u32, slots: Vec<Slot>, joins: Vec<(usize, usize)>) -> Tile {
        Tile {
            number,
            slots,
            joins,
            back_side: None,
            corners: Vec::new(),
            copies: 1,
            values: Vec::new(),
            back: None,
            faces: Default::default(),
            position: Default::default(),
        }
    }

    /// The tile as seen from the back, when its back carries edge art: the back's slots and
    /// joins, with the back's face layers in front.
    pub fn back_view(&self) -> Option<Tile> {
        let side = self.back_side.as_ref()?;
        Some(Tile {
            slots: side.slots.clone(),
            joins: side.joins.clone(),
            back_side: None,
            corners: Vec::new(),
            faces: crate::model::face::ItemFaces {
                front: self.faces.back.clone().unwrap_or_default(),
                ..Default::default()
            },
            ..self.clone()
        })
    }
}

/// Whether line slots are joined inside a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinRule {
    /// Every line slot is joined to exactly one other.
    Every,
    /// Line slots may be joined; an unjoined one ends inside the tile.
    Optional,
    /// Line slots are never joined.
    Never,
}

/// Whether neighbouring regions of one colour are joined into one area inside a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionJoinRule {
    /// Regions are never joined (the default).
    Never,
    /// Neighbouring regions of one colour may be joined or not: both are in the set.
    Optional,
    /// Neighbouring regions of one colour are always joined (and tiles derive the joins).
    SameColour,
}

/// What the complete set is: every tile these constraints allow, one per symmetry class.
#[derive(Clone, Debug)]
pub struct SetRule {
    pub colours: Vec<String>,
    /// Slots on each edge (the set's `slots_per_edge`): turning a tile by one edge moves its
    /// slots this many positions.
    pub slots_per_edge: usize,
    /// The slot lists an edge may have, clockwise (`edges`); empty, any slot on any position.
    pub edges: Vec<Vec<Slot>>,
    pub slot_kinds: Vec<SlotKind>,
    /// Colours whose slots take fewer kinds than `slot_kinds` (`kinds_of`).
    pub kinds_of: BTreeMap<String, Vec<SlotKind>>,
    pub joins: JoinRule,
    /// Whether neighbouring regions of one colour are joined (`region_joins`).
    pub region_joins: RegionJoinRule,
    /// Palette colours (or `"-"`) a corner slot may have; empty when tiles have no corners.
    pub corner_colours: Vec<String>,
    /// Allowed edge distances of a join (1 = neighbouring edges).
    pub join_spans: Vec<usize>,
    /// Sorted multisets of join spans that are excluded.
    pub exclude_spans: Vec<Vec<usize>>,
    pub distinct_line_colours: bool,
    pub min_colours: usize,
    pub max_colours: usize,
    pub min_slot_kinds: usize,
    pub symmetry: Symmetry,
    /// The declared size of the complete set, if given.
    pub count: Option<usize>,
    /// How many copies of each derived tile the set holds (`copies`, default 1).
    pub copies: u32,
    /// Derived tiles that come another number of times (`copies_of`): each tile by its
    /// description as `check` prints it (whitespace evened out), its copies, and where the
    /// count is written.
    pub copies_of: Vec<(String, u32, Position)>,
    /// A rule over values instead of edges (`values = {…}`).
    pub values: Option<crate::model::rules::values::ValueRule>,
    /// Where `[rule]` is in the file.
    pub position: Position,
    /// Where each constraint the rule writes is (`min_colours`, `joins`, …), by its key.
    pub key_positions: BTreeMap<&'static str, Position>,
}

impl SetRule {
    /// The kinds a slot of `colour` may have: its own (`kinds_of`), else every slot kind.
    pub fn kinds_for(&self, colour: &str) -> &[SlotKind] {
        self.kinds_of.get(colour).map_or(&self.slot_kinds[..], Vec::as_slice)
    }
}

/// What the backs show.
#[derive(Clone, Debug)]
pub struct Backs {
    pub enabled: bool,
    pub background: Colour,
    pub text_height_mm: f64,
    pub mark_upside_down_numbers: bool,
}

/// Which way the sheet is turned over for its second side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplex {
    LongEdge,
    ShortEdge,
    /// Single-sided: no back pages.
    None,
    /// Single-sided and folded (a fold-over sheet): fronts on one half of the page, their
    /// backs on the other as their mirror image across the fold line.
    Fold(FoldLine),
}

impl Duplex {
    /// Whether the printer turns the sheet over to print the backs on its other side.
    pub fn turns_sheet(self) -> bool {
        matches!(self, Duplex::LongEdge | Duplex::ShortEdge)
    }
}

/// Where a fold-over sheet folds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldLine {
    /// Along the middle of the long edges: the fold line parallel to them (halves side by
    /// side on a portrait sheet).
    Long,
    /// Along the middle of the short edges (halves one above the other on a portrait sheet).
    Short,
    /// Whichever of the two holds more items (chosen per part when it is packed).
    Either,
}

/// Page orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Portrait,
    Landscape,
    /// Whichever fits more tiles.
    Auto,
}

/// Paper and imposition.
#[derive(Clone, Debug)]
pub struct SheetSettings {
    /// Paper width and height in mm, portrait (width ≤ height).
    pub paper_mm: (f64, f64),
    pub paper_name: String,
    pub orientation: Orientation,
    pub margin_mm: f64,
    pub gap_mm: f64,
    pub duplex: Duplex,
    /// Bleed, duplex corrections and PNG outputs.
    pub print: crate::model::print::corrections::PrintSettings,
}

impl SheetSettings {
    /// Page sizes (width, height) the orientation setting allows, portrait first.
    pub fn page_sizes(&self) -> Vec<(f64, f64)> {
        let (w, h) = self.paper_mm;
        match self.orientation {
            Orientation::Portrait => vec![(w, h)],
            Orientation::Landscape => vec![(h, w)],
            // Square paper is the same either way up: tried once.
            Orientation::Auto if w == h => vec![(w, h)],
            Orientation::Auto => vec![(w, h), (h, w)],
        }
    }
}
