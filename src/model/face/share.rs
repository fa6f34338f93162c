//! Layers drawn the same on several printed faces — a title on every back, an icon in every
//! corner, a card's rank on each of its copies — share one drawing: drawn once into a scene
//! symbol (by `compose::layers`, on first use) and placed on each face, so the PDF and SVG
//! store it once. A layer printed on one face only stays inline.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use super::image::FaceImage;
use super::inline_icons::IconArt;
use super::{Figure, FontData, ImageLayer, Layer, LayerKind, PipsLayer, ShapeLayer, TextLayer};
use crate::scene::{Colour, Item, Symbol};
use crate::text::faces::FontFaces;
use crate::text::markup::Marked;

/// The one drawing of layers that are the same on several faces.
pub struct SharedArt {
    /// How the stored symbol is named: `layer 1 of template "back" (text)`.
    pub name: String,
    drawn: OnceLock<Arc<Symbol>>,
}

impl SharedArt {
    pub fn new(name: String) -> SharedArt {
        SharedArt { name, drawn: OnceLock::new() }
    }

    /// The symbol, its items made by `draw` the first time it is asked for.
    pub fn symbol(&self, draw: impl FnOnce() -> Vec<Item>) -> Arc<Symbol> {
        let symbol =
            self.drawn.get_or_init(|| Arc::new(Symbol { name: self.name.clone(), items: draw() }));
        symbol.clone()
    }
}

impl PartialEq for SharedArt {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl fmt::Debug for SharedArt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SharedArt({:?}, drawn: {})", self.name, self.drawn.get().is_some())
    }
}

/// Gives every layer whose drawing is printed on two or more faces the one shared drawing:
/// `layers` holds every printed face's layers, each with how many faces print it.
pub fn share_drawings(layers: Vec<(&mut Layer, u64)>) {
    // Equal drawings have equal keys: each layer's drawing is numbered by the first layer
    // that draws it.
    let drawing: Vec<usize> = {
        let mut first: BTreeMap<KindKey<'_>, usize> = BTreeMap::new();
        let keys = layers.iter().map(|(layer, _)| KindKey::of(&layer.kind));
        keys.enumerate().map(|(k, key)| *first.entry(key).or_insert(k)).collect()
    };
    let mut counts = vec![0u64; layers.len()];
    for (&d, (_, printed)) in drawing.iter().zip(&layers) {
        counts[d] += printed;
    }
    let mut shared: Vec<Option<Arc<SharedArt>>> = vec![None; layers.len()];
    for (d, (layer, _)) in drawing.into_iter().zip(layers) {
        if counts[d] < 2 {
            continue;
        }
        let art = shared[d].get_or_insert_with(|| {
            Arc::new(SharedArt::new(format!("{} ({})", layer.label, layer.kind.name())))
        });
        layer.art = Some(art.clone());
    }
}

/// What a layer draws, told structurally: layers with equal keys draw the same. Numbers are
/// keyed by their bits (every NaN alike), fonts by name and size, images by name, size and
/// items — what the layer's `Debug` text, the key before, told apart.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum KindKey<'a> {
    Text(TextKey<'a>),
    Shape(ShapeKey),
    Pips { count: u32, box_mm: u64, colour: Colour },
    Image { image: ImageKey<'a>, size_mm: u64 },
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct TextKey<'a> {
    text: &'a str,
    font: FontKey<'a>,
    size_mm: u64,
    colour: Colour,
    align: u8,
    box_mm: Option<(u64, u64)>,
    fit: bool,
    line_spacing: u64,
    marked: Option<&'a Marked>,
    styles: [Option<FontKey<'a>>; 4],
    base_style: (bool, bool),
    fallback: Vec<FontKey<'a>>,
    icons: Vec<(&'a str, IconKey<'a>)>,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ShapeKey {
    figure: FigureKey,
    width_mm: u64,
    height_mm: u64,
    fill: Option<Colour>,
    stroke: Option<(Colour, u64)>,
    hatched: bool,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum FigureKey {
    Circle,
    Rectangle { radius_mm: u64 },
    Polygon { sides: u32 },
    Star { points: u32, inner: u64 },
    Line,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum IconKey<'a> {
    Image(ImageKey<'a>),
    Shape { figure: FigureKey, colour: Option<Colour> },
}

/// A font by its name and size in bytes.
type FontKey<'a> = (&'a str, usize);
/// An image by its name, width, height and number of items.
type ImageKey<'a> = (&'a str, u64, u64, usize);

impl<'a> KindKey<'a> {
    fn of(kind: &'a LayerKind) -> KindKey<'a> {
        match kind {
            LayerKind::Text(text) => KindKey::Text(TextKey::of(text)),
            LayerKind::Shape(shape) => {
                let ShapeLayer { figure, width_mm, height_mm, fill, stroke, hatched } = shape;
                KindKey::Shape(ShapeKey {
                    figure: figure_key(*figure),
                    width_mm: bits(*width_mm),
                    height_mm: bits(*height_mm),
                    fill: *fill,
                    stroke: stroke.map(|(colour, width)| (colour, bits(width))),
                    hatched: *hatched,
                })
            }
            LayerKind::Pips(PipsLayer { count, box_mm, colour }) => {
                KindKey::Pips { count: *count, box_mm: bits(*box_mm), colour: *colour }
            }
            LayerKind::Image(ImageLayer { image, size_mm }) => {
                KindKey::Image { image: image_key(image), size_mm: bits(*size_mm) }
            }
        }
    }
}

impl<'a> TextKey<'a> {
    fn of(layer: &'a TextLayer) -> TextKey<'a> {
        let TextLayer {
            text,
            font,
            size_mm,
            colour,
            align,
            box_mm,
            fit,
            line_spacing,
            marked,
            faces,
            icons,
        } = layer;
        let FontFaces { styles, base_bold, base_italic, fallback } = faces.as_ref();
        let icons = icons.icons.iter().map(|(name, art)| {
            let art = match art {
                IconArt::Image(image) => IconKey::Image(image_key(image)),
                IconArt::Shape { figure, colour } => {
                    IconKey::Shape { figure: figure_key(*figure), colour: *colour }
                }
            };
            (name.as_str(), art)
        });
        TextKey {
            text,
            font: font_key(font),
            size_mm: bits(*size_mm),
            colour: *colour,
            align: *align as u8,
            box_mm: box_mm.map(|(w, h)| (bits(w), bits(h))),
            fit: *fit,
            line_spacing: bits(*line_spacing),
            marked: marked.as_deref(),
            styles: styles.each_ref().map(|style| style.as_deref().map(font_key)),
            base_style: (*base_bold, *base_italic),
            fallback: fallback.iter().map(|font| font_key(font)).collect(),
            icons: icons.collect(),
        }
    }
}

fn figure_key(figure: Figure) -> FigureKey {
    match figure {
        Figure::Circle => FigureKey::Circle,
        Figure::Rectangle { radius_mm } => FigureKey::Rectangle { radius_mm: bits(radius_mm) },
        Figure::Polygon { sides } => FigureKey::Polygon { sides },
        Figure::Star { points, inner } => FigureKey::Star { points, inner: bits(inner) },
        Figure::Line => FigureKey::Line,
    }
}

fn font_key(font: &FontData) -> FontKey<'_> {
    (&font.name, font.byte_count())
}

fn image_key(image: &FaceImage) -> ImageKey<'_> {
    (&image.name, bits(image.width), bits(image.height), image.symbol.items.len())
}

/// A number's bits, every NaN alike.
fn bits(value: f64) -> u64 {
    if value.is_nan() { f64::NAN.to_bits() } else { value.to_bits() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::design::printed_layers::share_layers;
    use crate::model::face::{Figure, LayerKind, Level, Placement, ShapeLayer};
    use crate::model::rules::tile_set::Tile;
    use crate::scene::Colour;

    fn circle(size: f64) -> Layer {
        Layer {
            label: "layer 1".into(),
            position: Default::default(),
            level: Level::Above,
            place: Placement::default(),
            kind: LayerKind::Shape(ShapeLayer {
                figure: Figure::Circle,
                width_mm: size,
                height_mm: size,
                fill: Some(Colour::BLACK),
                stroke: None,
                hatched: false,
            }),
            art: None,
            decorative: false,
            opacity: 1.0,
        }
    }

    fn tile(layers: Vec<Layer>) -> Tile {
        Tile {
            faces: crate::model::face::ItemFaces { front: layers, ..Default::default() },
            ..Tile::plain(1, Vec::new(), Vec::new())
        }
    }

    #[test]
    fn equal_layers_share_one_drawing_and_single_ones_stay_inline() {
        let mut tiles = vec![tile(vec![circle(3.0), circle(5.0)]), tile(vec![circle(3.0)])];
        share_layers(&mut tiles, None, []);
        let (a, b) = (&tiles[0].faces.front[0].art, &tiles[1].faces.front[0].art);
        assert!(Arc::ptr_eq(a.as_ref().unwrap(), b.as_ref().unwrap()));
        assert!(tiles[0].faces.front[1].art.is_none(), "on one face only");
    }

    #[test]
    fn a_layer_on_a_tile_printed_twice_is_shared_by_its_copies() {
        let mut tiles = vec![tile(vec![circle(3.0)]), tile(vec![circle(5.0)])];
        tiles[0].copies = 2;
        share_layers(&mut tiles, None, []);
        assert!(tiles[0].faces.front[0].art.is_some(), "printed on two faces");
        assert!(tiles[1].faces.front[0].art.is_none(), "printed on one face");
    }

    fn kinds() -> Vec<LayerKind> {
        use crate::model::face::inline_icons::InlineIcons;
        use crate::model::face::{Align, PipsLayer};
        use crate::text::markup::Piece;
        let shape = |figure, width_mm, stroke| {
            LayerKind::Shape(ShapeLayer {
                figure,
                width_mm,
                height_mm: 4.0,
                fill: Some(Colour::BLACK),
                stroke,
                hatched: false,
            })
        };
        let default = crate::text::font::default_font();
        // The bundled font again: another font of the same name and bytes.
        let again = crate::text::font::font_from_bytes(
            include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf").to_vec(),
            "default",
        );
        let again = Arc::new(again.expect("parses"));
        let text = |text: &str, font: &Arc<FontData>, size_mm| {
            LayerKind::Text(TextLayer::plain(text.into(), font.clone(), size_mm, Colour::BLACK))
        };
        let marked = |bold| {
            let piece = Piece::Text { text: "Go".into(), bold, italic: false };
            let mut layer = TextLayer::plain("**Go**".into(), default.clone(), 3.0, Colour::BLACK);
            layer.marked = Some(Arc::new(Marked { lines: vec![vec![piece]] }));
            layer
        };
        let image = |name: &str, width| {
            let symbol = Arc::new(Symbol { name: name.into(), items: Vec::new() });
            let image = FaceImage { name: name.into(), width, height: 8.0, pixels: 0, symbol };
            Arc::new(image)
        };
        let with_icon = |art| {
            let mut layer = marked(true);
            let icons = BTreeMap::from([("coin".into(), art)]);
            layer.icons = Arc::new(InlineIcons { icons, ..Default::default() });
            LayerKind::Text(layer)
        };
        let mut centred = TextLayer::plain("A".into(), default.clone(), 3.0, Colour::BLACK);
        centred.align = Align::Ink;
        let mut faces = TextLayer::plain("A".into(), default.clone(), 3.0, Colour::BLACK);
        faces.faces = Arc::new(FontFaces { fallback: vec![default.clone()], ..Default::default() });
        vec![
            shape(Figure::Circle, 3.0, None),
            shape(Figure::Circle, 3.0, None),
            shape(Figure::Circle, 5.0, None),
            shape(Figure::Circle, -0.0, None),
            shape(Figure::Circle, 0.0, None),
            shape(Figure::Circle, f64::NAN, None),
            shape(Figure::Circle, -f64::NAN, None),
            shape(Figure::Circle, 3.0, Some((Colour::WHITE, 0.5))),
            shape(Figure::Circle, 3.0, Some((Colour::WHITE, 0.25))),
            shape(Figure::Rectangle { radius_mm: 1.0 }, 3.0, None),
            shape(Figure::Rectangle { radius_mm: 1.0 }, 3.0, None),
            shape(Figure::Star { points: 5, inner: 0.5 }, 3.0, None),
            shape(Figure::Polygon { sides: 6 }, 3.0, None),
            shape(Figure::Line, 3.0, None),
            LayerKind::Pips(PipsLayer { count: 3, box_mm: 6.0, colour: Colour::BLACK }),
            LayerKind::Pips(PipsLayer { count: 4, box_mm: 6.0, colour: Colour::BLACK }),
            text("A", &default, 3.0),
            text("A", &again, 3.0),
            text("A", &crate::text::outline_font(), 3.0),
            text("B", &default, 3.0),
            text("A", &default, 3.5),
            LayerKind::Text(centred),
            LayerKind::Text(faces),
            LayerKind::Text(marked(true)),
            LayerKind::Text(marked(true)),
            LayerKind::Text(marked(false)),
            with_icon(IconArt::Image(image("coin.svg", 8.0))),
            with_icon(IconArt::Image(image("coin.svg", 8.0))),
            with_icon(IconArt::Shape { figure: Figure::Circle, colour: None }),
            LayerKind::Image(ImageLayer { image: image("a.png", 8.0), size_mm: 10.0 }),
            LayerKind::Image(ImageLayer { image: image("a.png", 8.0), size_mm: 10.0 }),
            LayerKind::Image(ImageLayer { image: image("a.png", 9.0), size_mm: 10.0 }),
            LayerKind::Image(ImageLayer { image: image("b.png", 8.0), size_mm: 10.0 }),
        ]
    }

    #[test]
    fn layers_are_keyed_as_their_debug_text_told_them_apart() {
        let kinds = kinds();
        let mut same = 0;
        for a in &kinds {
            for b in &kinds {
                let told = format!("{a:?}") == format!("{b:?}");
                assert_eq!(KindKey::of(a) == KindKey::of(b), told, "{a:?}\n{b:?}");
                same += usize::from(told);
            }
        }
        // Besides each with itself: the two circles, the two NaN circles, the rectangles,
        // the bundled font twice, the marked texts, the icons and the images (both ways).
        assert_eq!(same - kinds.len(), 2 * 7);
    }

    #[test]
    fn a_shared_drawing_is_drawn_once() {
        let art = SharedArt::new("layer 1 (shape)".into());
        let first = art.symbol(Vec::new);
        let again = art.symbol(|| panic!("drawn twice"));
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.name, "layer 1 (shape)");
    }
}
