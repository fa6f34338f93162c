//! What a face is: text, shapes, pips and images placed on an item's outline by anchors.
//!
//! A design declares templates (`[faces.NAME]`, a list of layers) and picks one per set,
//! tile, piece face or back; `resolve` turns the tables into [`Layer`]s with every field
//! substituted and every file read. How layers are drawn — into scene items in the item's
//! own frame (millimetres, y down), below or above the edge art — is `compose::layers`.
//!
//! Room 5 of the model. May use: `input`, `context`, `data`, `colours`, `geometry`, `scene`,
//! `text`; the faces of whole parts (which template each tile, piece, board cell and net
//! face gets) are made on top, in `design`.

use std::sync::Arc;

use kurbo::Vec2;

use crate::model::input::source::Position;
use crate::scene::Colour;
pub use crate::text::font::FontData;
pub use crate::text::layout::Align;
use crate::text::layout::TextSpec;

pub mod anchor;
pub mod asset;
pub mod extends;
pub mod fields;
pub mod font_setup;
pub mod fonts;
pub mod image;
pub mod inline_icons;
pub mod item_face;
pub mod layer_sizes;
pub mod number_back;
pub mod raster;
pub mod resolve;
pub mod rich_text;
pub mod schema;
pub mod shape_fill;
pub mod shape_layers;
pub mod shape_paint;
pub mod share;
pub mod styled;
pub mod when;

pub use anchor::{Anchor, Turn};
pub use image::FaceImage;
pub use share::SharedArt;

/// Most pips a pips layer draws (the die and domino layouts go up to nine).
pub const MAX_PIPS: u32 = 9;

/// Whether a layer is drawn under the edge art (just over the background) or over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    Below,
    #[default]
    Above,
}

/// Where a layer sits: an anchor of the outline, which way is up, and adjustments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub anchor: Anchor,
    pub turn: Turn,
    /// Moved this far from the anchor towards the outline's centre, in mm.
    pub inset_mm: f64,
    /// Then moved by `(x, y)` mm in the layer's own axes (x to its right, y down).
    pub offset_mm: Vec2,
    /// Then turned clockwise by this many degrees about its own centre.
    pub rotate_deg: f64,
}

impl Default for Placement {
    fn default() -> Self {
        Placement {
            anchor: Anchor::Centre,
            turn: Turn::Upright,
            inset_mm: 0.0,
            offset_mm: Vec2::ZERO,
            rotate_deg: 0.0,
        }
    }
}

/// Text shaped in a font, drawn as outlines.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLayer {
    pub text: String,
    pub font: Arc<FontData>,
    /// Height of a capital letter, in mm (the largest tried when fitting into a box).
    pub size_mm: f64,
    pub colour: Colour,
    pub align: Align,
    /// A `width × height` box centred on the anchor: lines wrap at its width and must fit
    /// in it.
    pub box_mm: Option<(f64, f64)>,
    /// Shrink the text until it fits its box.
    pub fit: bool,
    /// Baseline-to-baseline distance as a multiple of the font's line height.
    pub line_spacing: f64,
    /// The text's markup, when it has styles or icons (`None`: `text` is laid out plain, in
    /// `font`).
    pub marked: Option<Arc<crate::text::markup::Marked>>,
    /// The faces the markup picks from and the fallback fonts (with `marked`).
    pub faces: Arc<crate::text::faces::FontFaces>,
    /// The design's inline icons (with `marked`).
    pub icons: Arc<inline_icons::InlineIcons>,
}

impl TextLayer {
    /// A plain text in `font`: no markup, no fallback fonts.
    pub fn plain(text: String, font: Arc<FontData>, size_mm: f64, colour: Colour) -> TextLayer {
        TextLayer {
            text,
            font,
            size_mm,
            colour,
            align: Align::Centre,
            box_mm: None,
            fit: false,
            line_spacing: 1.0,
            marked: None,
            faces: Arc::default(),
            icons: Arc::default(),
        }
    }

    /// The text laid out: plain in its font, or with its markup in its faces.
    pub fn laid(&self) -> crate::text::layout::LaidText {
        match &self.marked {
            None => crate::text::layout::lay_out(&self.font, &self.spec()),
            Some(marked) => {
                let aspect = |name: &str| self.icons.aspect(name);
                crate::text::rich::lay_out(&self.faces, marked, &self.spec(), &aspect)
            }
        }
    }

    /// The characters no font of the text draws (each once, in order): its face's, or with
    /// markup the face of each run's style and then the fallback fonts.
    pub fn missing_chars(&self) -> Vec<char> {
        let Some(marked) = &self.marked else { return self.font.missing_chars(&self.text) };
        let mut missing = Vec::new();
        for piece in marked.lines.iter().flatten() {
            let crate::text::markup::Piece::Text { text, bold, italic } = piece else { continue };
            let face = self.faces.face(*bold, *italic).unwrap_or(&self.font);
            for c in text.chars() {
                let font = self.faces.for_char(face, c);
                for lacking in font.missing_chars(&c.to_string()) {
                    if !missing.contains(&lacking) {
                        missing.push(lacking);
                    }
                }
            }
        }
        missing
    }

    /// How big the laid-out text comes out (plain text measured without drawing it).
    pub fn measure(&self) -> crate::text::layout::TextMeasure {
        match &self.marked {
            None => crate::text::layout::measure(&self.font, &self.spec()),
            Some(_) => self.laid().measure(),
        }
    }

    /// What its layout depends on besides its font.
    pub fn spec(&self) -> TextSpec<'_> {
        TextSpec {
            text: &self.text,
            size_mm: self.size_mm,
            align: self.align,
            box_mm: self.box_mm,
            fit: self.fit,
            line_spacing: self.line_spacing,
        }
    }
}

/// A figure for simple icons: closed, or a line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    /// A circle of diameter `width`.
    Circle,
    /// A rectangle with corners rounded by `radius_mm`.
    Rectangle { radius_mm: f64 },
    /// A regular polygon with a corner on top, in a circle of diameter `width`.
    Polygon { sides: u32 },
    /// A star with `points`, its inner corners at `inner` × the outer radius.
    Star { points: u32, inner: f64 },
    /// A straight line across its box, from its top left to its bottom right corner (a box
    /// `height` 0 across the middle): stroked, never filled.
    Line,
}

/// A filled and/or stroked figure `width × height` mm, centred on its anchor.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeLayer {
    pub figure: Figure,
    pub width_mm: f64,
    pub height_mm: f64,
    pub fill: Option<Colour>,
    pub stroke: Option<(Colour, f64)>,
    /// Whether the fill's colour carries the `hatch` cue (`[cues]`): its lines are drawn
    /// over the fill, clipped to the shape.
    pub hatched: bool,
}

/// Up to nine pips in the usual die layouts inside a square box.
#[derive(Clone, Debug, PartialEq)]
pub struct PipsLayer {
    pub count: u32,
    pub box_mm: f64,
    pub colour: Colour,
}

/// An image (SVG, PNG or JPEG) scaled so that its larger side is `size_mm`, centred on its
/// anchor.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageLayer {
    pub image: Arc<FaceImage>,
    pub size_mm: f64,
}

/// What a layer draws.
#[derive(Clone, Debug, PartialEq)]
pub enum LayerKind {
    Text(TextLayer),
    Shape(ShapeLayer),
    Pips(PipsLayer),
    Image(ImageLayer),
}

impl LayerKind {
    pub fn name(&self) -> &'static str {
        match self {
            LayerKind::Text(_) => "text",
            LayerKind::Shape(_) => "shape",
            LayerKind::Pips(_) => "pips",
            LayerKind::Image(_) => "image",
        }
    }
}

/// One resolved layer of one item's face.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    /// How problems name it: `layer 2 of template "front"` or `the tile's layer 1`.
    pub label: String,
    /// Where the layer is written in the design file.
    pub position: Position,
    pub level: Level,
    pub place: Placement,
    pub kind: LayerKind,
    /// The layer's drawing, in its own frame, when the same drawing is on several faces:
    /// drawn once, stored once and placed on each (see `share`).
    pub art: Option<Arc<SharedArt>>,
    /// Seen rather than read (`decorative = true`): the legibility check leaves out its
    /// contrast and smallest size.
    pub decorative: bool,
    /// How much of what lies below shows through: 1 solid (the default), 0 clear.
    pub opacity: f64,
}

impl Layer {
    /// A text tilepress places itself in the font it draws such texts with (a diagram's
    /// label or caption, a map's coordinates, a piece's mark), as a layer written at
    /// `position`, for the legibility check to measure like any face's text.
    pub fn placed_text(
        label: String,
        position: Position,
        text: &str,
        size_mm: f64,
        colour: Colour,
    ) -> Layer {
        Layer {
            label,
            position,
            level: Level::Above,
            place: Placement::default(),
            kind: LayerKind::Text(TextLayer::plain(
                text.to_string(),
                crate::text::outline_font(),
                size_mm,
                colour,
            )),
            art: None,
            decorative: false,
            opacity: 1.0,
        }
    }
}

/// The face layers of a tile: its front's, and its back's when a back template applies.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ItemFaces {
    pub front: Vec<Layer>,
    pub back: Option<Vec<Layer>>,
    /// Whether the tile's entry gives its front art of its own (a template, layers or
    /// fields): two entries with the same edges whose own art differs are copies of one
    /// tile in different art, not duplicates.
    pub own_art: bool,
    /// The item's fields as its faces read them (its own and the built-in ones), for what
    /// `explain` counts.
    pub fields: std::collections::BTreeMap<String, String>,
}

impl ItemFaces {
    /// Whether two items are printed apart: one has art of its own (a template, layers or
    /// fields) and their fronts differ — what `check` and `explain` tell tiles apart by.
    pub fn printed_apart(&self, other: &ItemFaces) -> bool {
        (self.own_art || other.own_art) && self.fronts_differ(other)
    }

    /// Whether `self` and `other` draw different fronts, told by what their layers draw
    /// and where, not by where they are written.
    pub fn fronts_differ(&self, other: &ItemFaces) -> bool {
        let same = |a: &Layer, b: &Layer| {
            a.level == b.level
                && a.place == b.place
                && a.kind == b.kind
                && a.decorative == b.decorative
                && a.opacity == b.opacity
        };
        self.front.len() != other.front.len()
            || self.front.iter().zip(&other.front).any(|(a, b)| !same(a, b))
    }
}
