//! Face tables as written: `[faces.NAME]` templates and their layers, and the keys items
//! use to pick a template, add layers and fill fields. Unknown keys are refused.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// `[faces.NAME]`: a reusable face.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateTable {
    pub layers: Vec<Spanned<LayerTable>>,
}

/// All templates, by name.
pub type TemplatesTable = BTreeMap<String, Spanned<TemplateTable>>;

/// An item's fields: `fields = { power = "3", icon = "assets/moon.svg" }`.
pub type FieldsTable = BTreeMap<String, Spanned<toml::Value>>;

/// One layer: exactly one of `text`, `shape`, `pips`, `image`, and how it is drawn.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerTable {
    /// Text with `{field}` substitutions.
    pub text: Option<Spanned<String>>,
    /// `circle`, `rectangle`, `polygon` or `star`.
    pub shape: Option<Spanned<String>>,
    /// How many pips (0–9), or a `"{field}"` holding the number.
    pub pips: Option<Spanned<toml::Value>>,
    /// An SVG, PNG or JPEG file beside the design (may use `{field}`).
    pub image: Option<Spanned<String>>,
    /// A name an item's own layer uses to replace this one.
    pub id: Option<Spanned<String>>,
    /// `centre` (default), `corner K` or `edge K`.
    pub at: Option<Spanned<String>>,
    /// `upright` (default), `item` or `edge`: which way is up.
    pub turn: Option<Spanned<String>>,
    /// Distance from the anchor towards the centre, in mm.
    pub inset_mm: Option<Spanned<f64>>,
    /// `[x, y]` mm in the layer's own axes.
    pub offset_mm: Option<Spanned<Vec<f64>>>,
    /// Clockwise degrees.
    pub rotate: Option<Spanned<f64>>,
    /// `above` (default) or `below` the edge art.
    pub level: Option<Spanned<String>>,
    /// Text: capital height; shapes, images: diameter or larger side; pips: box side.
    pub size_mm: Option<Spanned<f64>>,
    /// `[width, height]`: the text's box, or a shape's size.
    pub box_mm: Option<Spanned<Vec<f64>>>,
    /// Text: shrink to fit the box.
    pub fit: Option<bool>,
    /// Text: `default` or a TTF/OTF file beside the design.
    pub font: Option<Spanned<String>>,
    /// Text and pips colour: a palette name or `#rrggbb`.
    pub colour: Option<Spanned<String>>,
    /// Text: `left`, `centre`, `right` or `ink`.
    pub align: Option<Spanned<String>>,
    /// Text: line distance as a multiple of the font's line height.
    pub line_spacing: Option<Spanned<f64>>,
    /// Shapes: fill colour.
    pub fill: Option<Spanned<String>>,
    /// Shapes: stroke colour.
    pub stroke: Option<Spanned<String>>,
    /// Shapes: stroke width in mm.
    pub stroke_mm: Option<Spanned<f64>>,
    /// Rectangles: corner radius in mm.
    pub radius_mm: Option<Spanned<f64>>,
    /// Polygons: number of sides.
    pub sides: Option<Spanned<u32>>,
    /// Stars: number of points.
    pub points: Option<Spanned<u32>>,
    /// Stars: inner radius as a fraction of the outer.
    pub inner: Option<Spanned<f64>>,
    /// Text, pips and images: meant to be seen rather than read, so the legibility check
    /// leaves out its contrast and smallest size (and says so).
    pub decorative: Option<bool>,
}

/// What an item writes about its face: a template, its own layers, its fields.
#[derive(Clone, Copy, Debug, Default)]
pub struct ItemFaceTables<'a> {
    pub template: Option<&'a Spanned<String>>,
    pub layers: &'a [Spanned<LayerTable>],
}
