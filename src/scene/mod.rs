//! The display list: pages of frames in millimetres, y pointing down, that every renderer reads.
//!
//! Nothing here knows about games, tiles or TOML. A [`Page`] holds [`Layer`]s, one per
//! [`Role`]; a layer holds [`Item`]s: filled or stroked paths, groups that place their
//! children with an affine transform (millimetres in, millimetres out), bitmaps, and uses
//! of symbols stored once per document. Text reaches the
//! scene already turned into glyph outlines, so every backend draws the same shapes.

use std::sync::Arc;

use kurbo::{Affine, BezPath};

pub mod backdrop;
pub mod bounds;
pub mod cut_style;
pub mod delta_e;
pub mod flatten;
pub mod flatten_raster;
pub mod frame;
pub mod simulated;
pub mod vision;

/// An sRGB colour, 8 bits per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colour {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Colour {
    pub const BLACK: Colour = Colour { r: 0, g: 0, b: 0 };
    pub const WHITE: Colour = Colour { r: 255, g: 255, b: 255 };

    /// The colour seen where this one is laid at `opacity` (0 to 1) over `behind`: each
    /// sRGB channel mixed as the renderers mix them (SVG, PDF's DeviceRGB and tiny-skia
    /// blend the encoded values).
    pub fn over(self, behind: Colour, opacity: f64) -> Colour {
        let share = drawn_opacity(opacity);
        let mix = |ink: u8, paper: u8| {
            (f64::from(ink) * share + f64::from(paper) * (1.0 - share)).round() as u8
        };
        Colour { r: mix(self.r, behind.r), g: mix(self.g, behind.g), b: mix(self.b, behind.b) }
    }

    /// `#rrggbb`, lower case.
    pub fn to_hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Parses `#rrggbb` or `#rgb` (case-insensitive); `None` for anything else.
    pub fn from_hex(text: &str) -> Option<Colour> {
        let hex = text.strip_prefix('#')?;
        if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let channel = |s: &str| u8::from_str_radix(s, 16).ok();
        match hex.len() {
            6 => Some(Colour {
                r: channel(&hex[0..2])?,
                g: channel(&hex[2..4])?,
                b: channel(&hex[4..6])?,
            }),
            3 => {
                let wide = |s: &str| channel(s).map(|v| v * 17);
                Some(Colour { r: wide(&hex[0..1])?, g: wide(&hex[1..2])?, b: wide(&hex[2..3])? })
            }
            _ => None,
        }
    }
}

/// How the ends of an open stroke look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LineCap {
    #[default]
    Butt,
    Round,
    Square,
}

/// A stroke: colour, width in mm, cap, and an optional dash pattern in mm (on, off, …).
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub colour: Colour,
    pub width_mm: f64,
    pub cap: LineCap,
    pub dash_mm: Vec<f64>,
}

impl Stroke {
    /// The width it paints with, in mm: `None` for one that paints nothing (zero, negative
    /// or not finite).
    pub fn painted_width_mm(&self) -> Option<f64> {
        Some(self.width_mm).filter(|w| w.is_finite() && *w > 0.0)
    }

    /// A solid stroke with butt caps.
    pub fn solid(colour: Colour, width_mm: f64) -> Stroke {
        Stroke { colour, width_mm, cap: LineCap::Butt, dash_mm: Vec::new() }
    }
}

/// A path with an optional fill (non-zero winding) and an optional stroke; the fill is
/// painted first, then the stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub path: BezPath,
    pub fill: Option<Colour>,
    pub stroke: Option<Stroke>,
}

impl Shape {
    pub fn filled(path: BezPath, colour: Colour) -> Shape {
        Shape { path, fill: Some(colour), stroke: None }
    }

    pub fn stroked(path: BezPath, stroke: Stroke) -> Shape {
        Shape { path, fill: None, stroke: Some(stroke) }
    }
}

/// Children placed by an affine transform (applied to their coordinates, in mm).
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub transform: Affine,
    pub items: Vec<Item>,
}

/// Items drawn only inside a closed path given in the same frame as they are (an SVG
/// `clipPath`, a PDF `W n` clip): an image clipped to the face it is on.
#[derive(Clone, Debug, PartialEq)]
pub struct Clip {
    pub path: BezPath,
    pub items: Vec<Item>,
}

/// Items drawn as one picture, then laid over what lies below at `opacity` (0 to 1, exclusive
/// of 1): an SVG group's `opacity`, a PDF transparency group painted with that alpha, a
/// raster layer blended in. Items inside it do not show through each other (a shape's
/// stroke over its own fill is not darker where they overlap).
#[derive(Clone, Debug, PartialEq)]
pub struct Translucent {
    pub opacity: f64,
    pub items: Vec<Item>,
}

impl Translucent {
    /// The opacity every renderer draws with ([`drawn_opacity`]).
    pub fn drawn_opacity(&self) -> f64 {
        drawn_opacity(self.opacity)
    }
}

/// An opacity as it is drawn and blended: within 0 to 1, and 1 (drawn as it is) when it is
/// not a number.
pub fn drawn_opacity(opacity: f64) -> f64 {
    if opacity.is_nan() { 1.0 } else { opacity.clamp(0.0, 1.0) }
}

/// An opacity as drawn ([`drawn_opacity`]) in `steps` steps from clear (0) to solid
/// (`steps`), to the nearest step.
pub fn opacity_steps(opacity: f64, steps: u16) -> u16 {
    (drawn_opacity(opacity) * f64::from(steps)).round() as u16
}

/// Items stored once per document (a PDF form XObject, an SVG `<defs>` entry) and drawn
/// wherever a [`Use`] places them: an image used on many tiles is not copied per tile.
/// Renderers tell symbols apart by identity (the `Arc`), not by name.
#[derive(Debug, PartialEq)]
pub struct Symbol {
    /// What it is, for people reading the file (e.g. the image's file name).
    pub name: String,
    pub items: Vec<Item>,
}

/// A symbol placed by an affine transform (like a [`Group`] whose items are shared).
#[derive(Clone, Debug, PartialEq)]
pub struct Use {
    pub symbol: Arc<Symbol>,
    pub transform: Affine,
}

/// Every symbol `lists` of items use, each once (by identity), in order of first use; with
/// `nested`, also the symbols used inside symbols, each before the one using it.
pub fn used_symbols<'a>(
    lists: impl IntoIterator<Item = &'a [Item]>,
    nested: bool,
) -> Vec<Arc<Symbol>> {
    fn visit(items: &[Item], nested: bool, found: &mut Vec<Arc<Symbol>>) {
        for item in items {
            match item {
                Item::Shape(_) | Item::Image(_) => {}
                Item::Group(group) => visit(&group.items, nested, found),
                Item::Clip(clip) => visit(&clip.items, nested, found),
                Item::Translucent(veil) => visit(&veil.items, nested, found),
                Item::Use(used) => {
                    if !found.iter().any(|known| Arc::ptr_eq(known, &used.symbol)) {
                        if nested {
                            visit(&used.symbol.items, nested, found);
                        }
                        found.push(used.symbol.clone());
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    for items in lists {
        visit(items, nested, &mut found);
    }
    found
}

/// A bitmap: straight (not premultiplied) RGBA pixels, row by row from the top, and the
/// file they were read from (SVG output embeds the file as it is).
#[derive(PartialEq, Eq)]
pub struct RasterImage {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
    pub file: Vec<u8>,
    /// `image/png` or `image/jpeg`.
    pub mime: &'static str,
    /// Converted to a press's inks colour by colour, as the vector colours are (relative
    /// colorimetric), not perceptually as pictures are: an image PDF/X-1a's flattening drew
    /// a backdrop into (`flatten`), so the backdrop inside it prints as the one around it.
    pub colorimetric: bool,
}

impl std::fmt::Debug for RasterImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RasterImage({} × {} px, {})", self.width, self.height, self.mime)
    }
}

/// A bitmap stretched over a rectangle (mm, or a symbol's units).
#[derive(Clone, Debug, PartialEq)]
pub struct Raster {
    pub image: Arc<RasterImage>,
    pub rect: kurbo::Rect,
}

#[cfg(test)]
impl RasterImage {
    /// A 1 × 1 bitmap of the bytes `rgba` (a count other than four makes a broken one).
    pub(crate) fn one_pixel(rgba: &[u8]) -> Arc<RasterImage> {
        let rgba = rgba.to_vec();
        Arc::new(RasterImage {
            width: 1,
            height: 1,
            rgba,
            file: Vec::new(),
            mime: "image/png",
            colorimetric: false,
        })
    }
}

impl Raster {
    /// The rectangle it paints: `None` for one that paints nothing (a coordinate not finite,
    /// or no width or height).
    pub fn painted_rect(&self) -> Option<kurbo::Rect> {
        let rect = self.rect;
        let finite = [rect.x0, rect.y0, rect.x1, rect.y1].iter().all(|v| v.is_finite());
        (finite && rect.width() > 0.0 && rect.height() > 0.0).then_some(rect)
    }
}

/// One entry of the display list.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Shape(Shape),
    Group(Group),
    Use(Use),
    Image(Raster),
    Clip(Clip),
    Translucent(Translucent),
}

/// What a layer is for; renderers name layers after it, cut files chain `Cut` and copy
/// `Registration`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// What is printed: tile faces, backs, boards.
    Art,
    /// Lines a knife or a cutting machine follows.
    Cut,
    /// The light band printed under every cut line so that it stands out from any face
    /// (`cut_style`); print art, never cut.
    CutCasing,
    /// Crop marks, footer, calibration square: printed guides that are not part of a piece.
    Marks,
    /// Fold (score) lines of nets and boxes, dashed by fold direction.
    Fold,
    /// The light band printed under every fold line, as under cuts (`cut_style`); print art.
    FoldCasing,
    /// Registration marks for print-and-cut machines, on front pages only. A role of their
    /// own rather than part of `Marks`: the cut file must copy exactly these (and not the
    /// crop marks or footer) onto a layer of their own, and selecting layers by role is how
    /// every renderer and the cut code already work; the layer name comes with the role.
    /// Frames never carry them, so `frame::ROLES` leaves them out.
    Registration,
}

impl Role {
    /// The layer's name in SVG (Inkscape label) and PDF.
    pub fn name(self) -> &'static str {
        match self {
            Role::Art => "art",
            Role::Cut => "cut",
            Role::CutCasing => "cut-casing",
            Role::Marks => "marks",
            Role::Fold => "fold",
            Role::FoldCasing => "fold-casing",
            Role::Registration => "registration",
        }
    }
}

/// The items of one role on one page, drawn in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Layer {
    pub role: Role,
    pub items: Vec<Item>,
}

/// One side of one sheet of paper.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// A short file-name-safe label such as `sheet-01-front`.
    pub label: String,
    pub width_mm: f64,
    pub height_mm: f64,
    /// Layers drawn bottom to top.
    pub layers: Vec<Layer>,
}

impl Page {
    /// The page's width and height as every renderer draws it: each side finite and
    /// positive, else 1 mm, so a file stays valid whatever the scene says.
    pub fn drawn_size_mm(&self) -> (f64, f64) {
        let side = |mm: f64| if mm.is_finite() && mm > 0.0 { mm } else { 1.0 };
        (side(self.width_mm), side(self.height_mm))
    }

    /// A page of `width × height` mm from `(role, items)` layers, drawn in the order given.
    pub fn new(
        label: impl Into<String>,
        (width, height): (f64, f64),
        layers: Vec<(Role, Vec<Item>)>,
    ) -> Page {
        Page {
            label: label.into(),
            width_mm: width,
            height_mm: height,
            layers: layers.into_iter().map(|(role, items)| Layer { role, items }).collect(),
        }
    }
}

/// Where a page's items are cut (`trim`: the bounds of their outlines) and how far their
/// print reaches (`bleed`), in mm on the page, y down: a PDF page's TrimBox and BleedBox.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageBoxes {
    pub trim: kurbo::Rect,
    pub bleed: kurbo::Rect,
}

/// A document: its title and its pages in print order.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub title: String,
    pub pages: Vec<Page>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_paints_only_a_finite_rectangle_with_width_and_height() {
        let image = RasterImage::one_pixel(&[0, 0, 0, 255]);
        let raster = |rect| Raster { image: image.clone(), rect };
        let rect = kurbo::Rect::new(1.0, 2.0, 4.0, 6.0);
        assert_eq!(raster(rect).painted_rect(), Some(rect));
        for nothing in [
            kurbo::Rect::new(1.0, 2.0, 1.0, 6.0),
            kurbo::Rect::new(4.0, 2.0, 1.0, 6.0),
            kurbo::Rect::new(1.0, f64::NAN, 4.0, 6.0),
            kurbo::Rect::new(1.0, 2.0, f64::INFINITY, 6.0),
        ] {
            assert_eq!(raster(nothing).painted_rect(), None, "{nothing:?}");
        }
    }

    #[test]
    fn a_colour_laid_over_another_mixes_by_its_opacity() {
        let red = Colour { r: 200, g: 0, b: 0 };
        assert_eq!(red.over(Colour::WHITE, 1.0), red);
        assert_eq!(red.over(Colour::WHITE, 0.0), Colour::WHITE);
        assert_eq!(red.over(Colour::WHITE, 0.5), Colour { r: 228, g: 128, b: 128 });
        assert_eq!(Colour::BLACK.over(Colour::WHITE, 0.2), Colour { r: 204, g: 204, b: 204 });
    }

    #[test]
    fn an_opacity_is_drawn_within_0_and_1_and_solid_when_not_a_number() {
        let cases = [
            (0.35, 0.35, 350),
            (0.0, 0.0, 0),
            (1.0, 1.0, 1000),
            (-0.2, 0.0, 0),
            (f64::NEG_INFINITY, 0.0, 0),
            (1.7, 1.0, 1000),
            (f64::INFINITY, 1.0, 1000),
            (f64::NAN, 1.0, 1000),
            // To the nearest thousandth.
            (0.0004, 0.0004, 0),
            (0.0006, 0.0006, 1),
            (0.9994, 0.9994, 999),
            (0.9996, 0.9996, 1000),
        ];
        for (opacity, drawn, thousandths) in cases {
            assert_eq!(drawn_opacity(opacity), drawn, "{opacity}");
            assert_eq!(Translucent { opacity, items: Vec::new() }.drawn_opacity(), drawn);
            assert_eq!(opacity_steps(opacity, 1000), thousandths, "{opacity}");
            let red = Colour { r: 200, g: 0, b: 0 };
            assert_eq!(red.over(Colour::WHITE, opacity), red.over(Colour::WHITE, drawn));
        }
        assert_eq!(opacity_steps(0.5, 4), 2);
        // A colour laid over at no opacity, or at one that is not a number, as before.
        assert_eq!(Colour::BLACK.over(Colour::WHITE, -3.0), Colour::WHITE);
        assert_eq!(Colour::BLACK.over(Colour::WHITE, f64::NAN), Colour::BLACK);
        assert_eq!(Colour::BLACK.over(Colour::WHITE, 2.0), Colour::BLACK);
    }

    #[test]
    fn parses_long_and_short_hex() {
        assert_eq!(Colour::from_hex("#d62828"), Some(Colour { r: 0xd6, g: 0x28, b: 0x28 }));
        assert_eq!(Colour::from_hex("#FFF"), Some(Colour::WHITE));
        assert_eq!(Colour::from_hex("d62828"), None);
        assert_eq!(Colour::from_hex("#d6282"), None);
        assert_eq!(Colour::from_hex("#gg0000"), None);
        assert_eq!(Colour { r: 1, g: 2, b: 255 }.to_hex(), "#0102ff");
    }
}
