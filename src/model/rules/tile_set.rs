//! The words of a tile set: slot kinds and slots, tiles and their sides, how faces and slots
//! are drawn, and the set's rule (joins, region joins, symmetry).

use std::collections::BTreeMap;

use toml::Spanned;

pub use crate::geometry::canonical::Symmetry;
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::source::Position;
use crate::scene::Colour;

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
    /// Where the `[[tiles]]` entry is in the design file, or its row in `file`.
    pub position: Position,
    /// The data file whose row the tile is (`[set] data`); `None`: a `[[tiles]]` entry.
    pub file: Option<std::path::PathBuf>,
}

/// One face's edge art: a slot per edge and the joined edge pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct TileSide {
    pub slots: Vec<Slot>,
    pub joins: Vec<(usize, usize)>,
}

impl Tile {
    /// Where the tile is written: its `[[tiles]]` entry in `design` (the design file), or its
    /// row of the data file.
    pub fn written_at<'p>(
        &'p self,
        design: &'p std::path::Path,
    ) -> (&'p std::path::Path, Position) {
        (self.file.as_deref().unwrap_or(design), self.position)
    }

    /// Where the tile is written, as a message names it beside another's: `line 12`, or
    /// `tiles.csv:4` for a data file's row.
    pub fn line_text(&self) -> String {
        match self.file.as_deref().and_then(std::path::Path::file_name) {
            Some(name) => format!("{}:{}", name.to_string_lossy(), self.position.line),
            None => format!("line {}", self.position.line),
        }
    }

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
            file: None,
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

impl Resolver<'_> {
    /// A slot kind by name.
    pub fn slot_kind(&mut self, name: &Spanned<String>) -> Option<SlotKind> {
        let kind = SlotKind::from_name(name.get_ref().trim());
        if kind.is_none() {
            self.error(
                &name.span(),
                format!("unknown slot kind `{}`", name.get_ref()),
                "use `line`, `ring`, `dot` or `region`",
            );
        }
        kind
    }
}

/// `"red"` or `"white ring"`: a palette colour and an optional kind (default `line`); `"-"`
/// is an empty slot.
pub fn slot(
    resolver: &mut Resolver<'_>,
    text: &Spanned<String>,
    palette: &Palette,
) -> Option<Slot> {
    if text.get_ref().trim() == EMPTY_SLOT {
        return Some(Slot::empty());
    }
    let mut words = text.get_ref().split_whitespace();
    let colour_word = words.next().unwrap_or("");
    let kind_word = words.next();
    if words.next().is_some() || colour_word.is_empty() {
        resolver.error(
            &text.span(),
            format!("slot `{}` is not `colour` or `colour kind`", text.get_ref()),
            "write a slot as \"red\" or \"white ring\"",
        );
        return None;
    }
    let colour = resolver.colour_name(&Spanned::new(text.span(), colour_word.to_string()), palette);
    let kind = match kind_word {
        None => Some(SlotKind::Line),
        Some(word) => resolver.slot_kind(&Spanned::new(text.span(), word.to_string())),
    };
    Some(Slot { colour: colour?, kind: kind? })
}
