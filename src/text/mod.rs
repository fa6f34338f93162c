//! Text as outlines, so that SVG, PDF and PNG show the same shapes without any font
//! installed: fonts (`font`), text laid out in them (`layout`), the one cache of layouts and
//! glyph outlines (`cache`), and here the footers' and labels' text in the embedded DejaVu
//! Sans Bold subset.

pub mod cache;
pub mod faces;
pub mod font;
pub mod layout;
pub mod markup;
pub mod rich;
pub mod spec;

use std::sync::{Arc, OnceLock};

use kurbo::{Affine, BezPath, Point, Rect, Shape};
use ttf_parser::{Face, OutlineBuilder};

use cache::TextCache;

/// DejaVu Sans Bold, subset to printable ASCII and a few marks (licence beside the file).
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// What messages call the font [`text_outline`] draws with.
pub const OUTLINE_FONT_NAME: &str = "built-in (DejaVu Sans Bold, printable ASCII)";

/// The font [`text_outline`] draws with (a diagram's labels, a map's coordinates, a piece's
/// mark), for the legibility check to ask for glyphs and sizes; read once.
pub fn outline_font() -> Arc<font::FontData> {
    static OUTLINE_FONT: OnceLock<Arc<font::FontData>> = OnceLock::new();
    OUTLINE_FONT
        .get_or_init(|| {
            let font = font::font_from_bytes(FONT.to_vec(), OUTLINE_FONT_NAME);
            Arc::new(font.expect("the embedded subset parses (a unit test reads it)"))
        })
        .clone()
}

/// How text is placed relative to the anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The anchor is the left end of the baseline.
    Start,
    /// The anchor is the centre of the digits' box (half the cap height above the baseline).
    Centre,
}

/// How wide `text` is when its capitals are `cap_height_mm` tall (the pen's advance, in mm).
pub fn text_width(text: &str, cap_height_mm: f64) -> f64 {
    let Ok(face) = Face::parse(FONT, 0) else { return 0.0 };
    let advance: f64 = text
        .chars()
        .map(|c| {
            f64::from(face.glyph_hor_advance(face.glyph_index(c).unwrap_or_default()).unwrap_or(0))
        })
        .sum();
    advance * cap_height_mm / cap_height(&face)
}

/// The height of a capital H in font units, whatever the font's tables claim.
pub fn cap_height(face: &Face<'_>) -> f64 {
    face.glyph_index('H')
        .and_then(|h| face.glyph_bounding_box(h))
        .map_or(f64::from(face.ascender()), |b| f64::from(b.y_max))
}

/// `text` as a filled outline whose capital letters are `cap_height_mm` tall, placed at
/// `anchor` (mm, y down). Characters the font lacks are drawn as the font's missing glyph.
pub fn text_outline(text: &str, cap_height_mm: f64, at: Point, anchor: Anchor) -> BezPath {
    let Ok(face) = Face::parse(FONT, 0) else { return BezPath::new() };
    let scale = cap_height_mm / cap_height(&face);
    let mut path = BezPath::new();
    let mut pen_x = 0.0;
    let cache = embedded_cache();
    for c in text.chars() {
        let glyph = face.glyph_index(c).unwrap_or_default();
        let outline = cache.glyph(glyph.0, || {
            let mut builder = PathBuilder::default();
            face.outline_glyph(glyph, &mut builder).map(|_| builder.path)
        });
        if let Some(mut outline) = outline {
            outline.apply_affine(Affine::translate((pen_x, 0.0)));
            path.extend(outline);
        }
        pen_x += f64::from(face.glyph_hor_advance(glyph).unwrap_or(0));
    }
    let origin = match anchor {
        Anchor::Start => at,
        Anchor::Centre => {
            // Centre on the ink, so a trailing dot ("6.") shifts the digit only slightly.
            let ink_centre = ink_centre_x(&path).unwrap_or(pen_x / 2.0) * scale;
            Point::new(at.x - ink_centre, at.y + cap_height_mm / 2.0)
        }
    };
    // Font units are y up; the page is y down.
    path.apply_affine(Affine::new([scale, 0.0, 0.0, -scale, origin.x, origin.y]));
    // Scenes hold thousands of these: give back what growing the path left spare.
    let mut elements = path.into_elements();
    elements.shrink_to_fit();
    BezPath::from_vec(elements)
}

/// The embedded font's glyph outlines, made once per process: footers and labels draw the
/// same few dozen glyphs on every page.
fn embedded_cache() -> &'static TextCache {
    static CACHE: OnceLock<TextCache> = OnceLock::new();
    CACHE.get_or_init(TextCache::default)
}

/// Horizontal middle of an outline's ink, in its own units.
fn ink_centre_x(path: &BezPath) -> Option<f64> {
    let bounds: Rect = path.bounding_box();
    (bounds.width() > 0.0).then(|| bounds.center().x)
}

/// Collects a glyph's outline into a path (font units, y up), shifted right by the pen
/// position.
#[derive(Debug, Default)]
pub struct PathBuilder {
    pub path: BezPath,
    pub offset_x: f64,
}

impl PathBuilder {
    fn p(&self, x: f32, y: f32) -> Point {
        Point::new(f64::from(x) + self.offset_x, f64::from(y))
    }
}

impl OutlineBuilder for PathBuilder {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.move_to(self.p(x, y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.path.line_to(self.p(x, y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.path.quad_to(self.p(x1, y1), self.p(x, y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.path.curve_to(self.p(x1, y1), self.p(x2, y2), self.p(x, y));
    }
    fn close(&mut self) {
        self.path.close_path();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_as_tall_as_asked_and_centred() {
        let path = text_outline("56", 10.0, Point::new(50.0, 50.0), Anchor::Centre);
        let bounds = path.bounding_box();
        // Digits stand on the baseline and reach the cap height (within the overshoot).
        assert!((bounds.height() - 10.0).abs() < 0.4, "height {}", bounds.height());
        assert!((bounds.center().x - 50.0).abs() < 0.01, "centre x {}", bounds.center().x);
        assert!((bounds.center().y - 50.0).abs() < 0.2, "centre y {}", bounds.center().y);
    }

    #[test]
    fn width_matches_the_drawn_advance() {
        let width = text_width("Tantrix 56", 2.4);
        let ink = text_outline("Tantrix 56", 2.4, Point::ORIGIN, Anchor::Start).bounding_box();
        assert!(width > ink.x1 && width - ink.x1 < 0.6, "advance {width} vs ink end {}", ink.x1);
        assert!((text_width("Tantrix 56", 4.8) - 2.0 * width).abs() < 1e-9);
    }

    #[test]
    fn a_cached_glyph_draws_the_outline_the_font_gives() {
        let face = Face::parse(FONT, 0).unwrap();
        for text in ["A", "g5%", "Tantrix · sheet 1 of 2"] {
            let mut direct = BezPath::new();
            let mut pen_x = 0.0;
            for c in text.chars() {
                let glyph = face.glyph_index(c).unwrap_or_default();
                let mut builder = PathBuilder { offset_x: pen_x, ..PathBuilder::default() };
                face.outline_glyph(glyph, &mut builder);
                direct.extend(builder.path);
                pen_x += f64::from(face.glyph_hor_advance(glyph).unwrap_or(0));
            }
            let scale = 3.0 / cap_height(&face);
            direct.apply_affine(Affine::new([scale, 0.0, 0.0, -scale, 1.0, 2.0]));
            // Twice: outlined on the first use, from the cache on the second.
            for _ in 0..2 {
                let drawn = text_outline(text, 3.0, Point::new(1.0, 2.0), Anchor::Start);
                assert_eq!(drawn, direct, "{text:?}");
            }
        }
    }

    #[test]
    fn start_anchor_puts_the_baseline_at_the_point() {
        let path = text_outline("A", 5.0, Point::new(0.0, 20.0), Anchor::Start);
        let bounds = path.bounding_box();
        assert!((bounds.y1 - 20.0).abs() < 0.01);
        assert!((bounds.y0 - 15.0).abs() < 0.01);
    }
}
