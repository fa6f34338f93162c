//! Text shaped once per font: each distinct layout (text, size, box, fitting, alignment, spacing) and each glyph outline is kept beside its font, so a deck that prints the same rank on a thousand cards shapes it once.
//!
//! The cache only saves work: a layout is a pure function of its key and the font, so what
//! comes out of it is what laying the text out again would give. A layout is kept from its
//! second use on (a text met once, like each card's own name, costs the cache its key
//! only), and the cache is bounded (cleared when full) because the bundled font lives as
//! long as the process (`serve`).

use std::collections::BTreeMap;
use std::sync::Mutex;

use kurbo::BezPath;

use super::TextLayer;
use super::text::{LaidText, TextMeasure};

/// Most layouts kept per font before the cache starts again.
const MAX_LAYOUTS: usize = 4096;
/// Longest text kept, in bytes (longer ones are laid out every time).
const MAX_KEPT_TEXT: usize = 512;

/// What a layout depends on besides the font: everything of a text layer but its colour.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct LayoutKey {
    text: String,
    /// `size_mm`, the box and `line_spacing` by their bits.
    size: u64,
    box_mm: Option<(u64, u64)>,
    line_spacing: u64,
    fit: bool,
    align: u8,
}

impl LayoutKey {
    fn of(layer: &TextLayer) -> LayoutKey {
        LayoutKey {
            text: layer.text.clone(),
            size: layer.size_mm.to_bits(),
            box_mm: layer.box_mm.map(|(w, h)| (w.to_bits(), h.to_bits())),
            line_spacing: layer.line_spacing.to_bits(),
            fit: layer.fit,
            align: layer.align as u8,
        }
    }
}

/// The layouts and glyph outlines made with one font.
#[derive(Debug, Default)]
pub struct TextCache {
    /// `None` for a layout asked for once so far.
    layouts: Mutex<BTreeMap<LayoutKey, Option<LaidText>>>,
    /// The measures `check` asked for.
    measures: Mutex<BTreeMap<LayoutKey, TextMeasure>>,
    /// Glyph outlines in font units (y up, origin on the baseline); `None` for a glyph
    /// without one (a space).
    glyphs: Mutex<BTreeMap<u16, Option<BezPath>>>,
}

impl TextCache {
    /// The layout of `layer`, made by `lay_out` the first time it is asked for.
    pub fn layout(&self, layer: &TextLayer, lay_out: impl FnOnce() -> LaidText) -> LaidText {
        if layer.text.len() > MAX_KEPT_TEXT {
            return lay_out();
        }
        let key = LayoutKey::of(layer);
        let seen = self.layouts.lock().ok().and_then(|kept| kept.get(&key).cloned());
        if let Some(Some(laid)) = seen {
            return laid;
        }
        let laid = lay_out();
        keep(&self.layouts, key, seen.map(|_| laid.clone()));
        laid
    }

    /// The measure of `layer`'s layout: a kept layout's, a kept measure, or that of
    /// `lay_out`'s layout (then kept as a measure only).
    pub fn measure(&self, layer: &TextLayer, lay_out: impl FnOnce() -> LaidText) -> TextMeasure {
        let key = LayoutKey::of(layer);
        let kept_layout =
            self.layouts.lock().ok().and_then(|kept| {
                kept.get(&key).and_then(|laid| laid.as_ref().map(LaidText::measure))
            });
        if let Some(measure) = kept_layout {
            return measure;
        }
        if let Some(measure) = self.measures.lock().ok().and_then(|kept| kept.get(&key).copied()) {
            return measure;
        }
        let measure = lay_out().measure();
        keep(&self.measures, key, measure);
        measure
    }

    /// The outline of glyph `id`, made by `outline` the first time it is asked for.
    pub fn glyph(&self, id: u16, outline: impl FnOnce() -> Option<BezPath>) -> Option<BezPath> {
        if let Some(path) = self.glyphs.lock().ok().and_then(|kept| kept.get(&id).cloned()) {
            return path;
        }
        let path = outline();
        if let Ok(mut kept) = self.glyphs.lock() {
            kept.insert(id, path.clone());
        }
        path
    }
}

/// Keeps `value` under `key`, the map started again when it holds [`MAX_LAYOUTS`] already.
fn keep<V>(map: &Mutex<BTreeMap<LayoutKey, V>>, key: LayoutKey, value: V) {
    if let Ok(mut kept) = map.lock() {
        if kept.len() >= MAX_LAYOUTS {
            kept.clear();
        }
        kept.insert(key, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::face::Align;
    use crate::face::fonts::default_font;
    use crate::face::text::lay_out;
    use crate::scene::Colour;

    fn layer(text: &str, size_mm: f64, colour: Colour) -> TextLayer {
        TextLayer {
            text: text.into(),
            font: default_font(),
            size_mm,
            colour,
            align: Align::Centre,
            box_mm: Some((20.0, 6.0)),
            fit: true,
            line_spacing: 1.0,
        }
    }

    #[test]
    fn a_kept_layout_is_the_one_made_afresh_and_only_the_colour_is_ignored() {
        let fresh = |layer: &TextLayer| crate::face::text::lay_out_uncached(layer);
        let cache = TextCache::default();
        let red = layer("Queen of hearts", 5.0, Colour { r: 200, g: 0, b: 0 });
        // Laid out on its first and second use, kept from then on.
        cache.layout(&red, || fresh(&red));
        let first = cache.layout(&red, || fresh(&red));
        let black = layer("Queen of hearts", 5.0, Colour::BLACK);
        let again = cache.layout(&black, || panic!("laid out twice"));
        assert_eq!(first.path, again.path);
        assert_eq!(again.path, fresh(&black).path);
        assert_eq!((again.size_mm, again.fits), (first.size_mm, first.fits));
        // Another size is another layout.
        let smaller = layer("Queen of hearts", 4.0, Colour::BLACK);
        let made = std::cell::Cell::new(false);
        cache.layout(&smaller, || {
            made.set(true);
            fresh(&smaller)
        });
        assert!(made.get());
        // Through the font's own cache, the same outline as made afresh.
        assert_eq!(lay_out(&black).path, fresh(&black).path);
    }

    #[test]
    fn measuring_is_not_a_use_of_the_layout() {
        let font = default_font();
        let black = layer("Mudlark", 4.0, Colour::BLACK);
        let measured = crate::face::text::measure(&black);
        assert_eq!(measured, lay_out(&black).measure(), "the measure of the layout");
        // Measured, then laid out once: the layout is the first use, so no outline is kept.
        let key = LayoutKey::of(&black);
        let kept = font.cache.layouts.lock().unwrap().get(&key).map(Option::is_some);
        assert_eq!(kept, Some(false));
        assert_eq!(font.cache.measures.lock().unwrap().get(&key), Some(&measured));
    }
}
