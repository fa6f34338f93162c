//! Face tables as written: `[faces.NAME]` templates and their layers, and the keys items
//! use to pick a template, add layers and fill fields. Unknown keys are refused.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// `[faces.NAME]`: a reusable face.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateTable {
    /// Another template whose layers this one starts from (its own replace them by `id`).
    pub extends: Option<Spanned<String>>,
    #[serde(default)]
    pub layers: Vec<Spanned<LayerTable>>,
}

/// All templates, by name.
pub type TemplatesTable = BTreeMap<String, Spanned<TemplateTable>>;

/// An item's fields: `fields = { power = "3", icon = "assets/moon.svg" }`.
pub type FieldsTable = BTreeMap<String, Spanned<toml::Value>>;

/// A layer's condition: `when = { kind = "ship" }` or `{ kind = ["ship", "storm"] }`.
pub type WhenTable = BTreeMap<String, Spanned<toml::Value>>;

/// A number as a layer writes it: a number, or a `"{field}"` text that gives one per item.
#[derive(Clone, Debug, PartialEq)]
pub enum Number {
    Value(f64),
    Field(String),
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Number, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Number;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number, or a text such as \"{size}\" naming a field that holds one")
            }
            fn visit_f64<E>(self, v: f64) -> Result<Number, E> {
                Ok(Number::Value(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Number, E> {
                Ok(Number::Value(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Number, E> {
                Ok(Number::Value(v as f64))
            }
            fn visit_str<E>(self, v: &str) -> Result<Number, E> {
                Ok(Number::Field(v.to_string()))
            }
        }
        deserializer.deserialize_any(Visit)
    }
}

/// One layer: exactly one of `text`, `shape`, `pips`, `image`, and how it is drawn. As
/// written, a number may be a `"{field}"` (`N = Number`); once an item's fields are in it
/// (`face::styled`), every number is one (`N = f64`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerTable<N = Number> {
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
    /// Drawn only for items whose fields have these values.
    pub when: Option<Spanned<WhenTable>>,
    /// `centre` (default), `corner K` or `edge K`.
    pub at: Option<Spanned<String>>,
    /// `upright` (default), `item` or `edge`: which way is up.
    pub turn: Option<Spanned<String>>,
    /// Distance from the anchor towards the centre, in mm.
    pub inset_mm: Option<Spanned<N>>,
    /// `[x, y]` mm in the layer's own axes.
    pub offset_mm: Option<Spanned<Vec<N>>>,
    /// Clockwise degrees.
    pub rotate: Option<Spanned<N>>,
    /// `above` (default) or `below` the edge art.
    pub level: Option<Spanned<String>>,
    /// Text: capital height; shapes, images: diameter or larger side; pips: box side.
    pub size_mm: Option<Spanned<N>>,
    /// `[width, height]`: the text's box, or a shape's size.
    pub box_mm: Option<Spanned<Vec<N>>>,
    /// Text: shrink to fit the box.
    pub fit: Option<bool>,
    /// Text: `default` or a TTF/OTF file beside the design.
    pub font: Option<Spanned<String>>,
    /// Text and pips colour: a palette name or `#rrggbb`.
    pub colour: Option<Spanned<String>>,
    /// Text: `left`, `centre`, `right` or `ink`.
    pub align: Option<Spanned<String>>,
    /// Text: line distance as a multiple of the font's line height.
    pub line_spacing: Option<Spanned<N>>,
    /// Shapes: fill colour.
    pub fill: Option<Spanned<String>>,
    /// Shapes: stroke colour.
    pub stroke: Option<Spanned<String>>,
    /// Shapes: stroke width in mm.
    pub stroke_mm: Option<Spanned<N>>,
    /// Rectangles: corner radius in mm.
    pub radius_mm: Option<Spanned<N>>,
    /// Polygons: number of sides.
    pub sides: Option<Spanned<u32>>,
    /// Stars: number of points.
    pub points: Option<Spanned<u32>>,
    /// Stars: inner radius as a fraction of the outer.
    pub inner: Option<Spanned<N>>,
    /// How much of what lies below shows through: 0 (clear) to 1 (solid, the default), or a
    /// `"{field}"` holding the number.
    pub opacity: Option<Spanned<N>>,
    /// Text, pips and images: meant to be seen rather than read, so the legibility check
    /// leaves out its contrast and smallest size (and says so).
    pub decorative: Option<bool>,
}

/// A layer with an item's fields in it: every number a number.
pub type StyledLayer = LayerTable<f64>;

/// What an item writes about its face: a template, its own layers, its fields.
#[derive(Clone, Copy, Debug, Default)]
pub struct ItemFaceTables<'a> {
    pub template: Option<&'a Spanned<String>>,
    pub layers: &'a [Spanned<LayerTable>],
}
