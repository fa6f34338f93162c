//! The one cache of text work, kept beside each font: each distinct layout (text, size, box,
//! fitting, alignment, spacing) and each glyph outline, so a deck that prints the same rank
//! on a thousand cards shapes it once, and footers draw each glyph of the bundled font once.
//!
//! The cache only saves work: a layout is a pure function of its key and the font, so what
//! comes out of it is what laying the text out again would give. A layout is kept from its
//! second use on (a text met once, like each card's own name, costs the cache its key
//! only), and the cache is bounded (cleared when full) because the bundled font lives as
//! long as the process (`serve`). Uses are counted per thread and per pass: the legibility
//! check composes every face before the build composes them again, and forgets the uses it
//! saw once when done ([`forget_single_uses`]), so that a text met once in each — every
//! tile's own number — is not kept.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use kurbo::BezPath;
use rustybuzz::{Direction, Face, Language, Script, ShapePlan, UnicodeBuffer};

use super::spec::{LaidText, TextMeasure, TextSpec};

/// Most layouts kept per font before the cache starts again.
const MAX_LAYOUTS: usize = 4096;
/// Longest text kept, in bytes (longer ones are laid out every time).
const MAX_KEPT_TEXT: usize = 512;

/// What a layout depends on besides the font (a [`TextSpec`], owned).
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
    fn of(layer: &TextSpec<'_>) -> LayoutKey {
        LayoutKey {
            text: layer.text.to_string(),
            size: layer.size_mm.to_bits(),
            box_mm: layer.box_mm.map(|(w, h)| (w.to_bits(), h.to_bits())),
            line_spacing: layer.line_spacing.to_bits(),
            fit: layer.fit,
            align: layer.align as u8,
        }
    }
}

/// Where the passes of [`forget_single_uses`] get their numbers: each thread starts in a
/// pass of its own and every call starts another.
static NEXT_PASS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The pass this thread's uses of a layout are counted in.
    static PASS: Cell<u64> = Cell::new(NEXT_PASS.fetch_add(1, Ordering::Relaxed));
}

/// Forgets which layouts this thread asked for once so far (kept layouts stay, and other
/// threads' uses are never counted with this thread's): a pass over a design's faces whose
/// uses should not count with the next pass's — the legibility check's before the build's —
/// calls it when done.
pub fn forget_single_uses() {
    PASS.with(|pass| pass.set(NEXT_PASS.fetch_add(1, Ordering::Relaxed)));
}

/// A layout asked for once so far (in the pass it was asked for in), or kept.
#[derive(Debug)]
enum Seen {
    Once(u64),
    Kept(LaidText),
}

/// What a shape plan is made for: a direction, a script (none for text of common
/// characters only) and a language.
type PlanKey = (Direction, Option<Script>, Option<Language>);

/// The shape plans made so far, with what each is for.
#[derive(Default)]
struct Plans(Mutex<Vec<(PlanKey, Arc<ShapePlan>)>>);

impl std::fmt::Debug for Plans {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keys: Vec<PlanKey> = self
            .0
            .lock()
            .map(|k| k.iter().map(|(key, _)| key.clone()).collect())
            .unwrap_or_default();
        f.debug_tuple("Plans").field(&keys).finish()
    }
}

/// The layouts and glyph outlines made with one font.
#[derive(Debug, Default)]
pub struct TextCache {
    layouts: Mutex<BTreeMap<LayoutKey, Seen>>,
    /// The measures `check` asked for.
    measures: Mutex<BTreeMap<LayoutKey, TextMeasure>>,
    /// Glyph outlines in font units (y up, origin on the baseline); `None` for a glyph
    /// without one (a space).
    glyphs: Mutex<BTreeMap<u16, Option<BezPath>>>,
    /// rustybuzz's shape plans (the font's lookups for a direction, script and language:
    /// slow to make, the same for every text of those), each made once.
    plans: Plans,
}

impl TextCache {
    /// The layout of `layer`, made by `lay_out` the first time it is asked for.
    pub fn layout(&self, layer: &TextSpec<'_>, lay_out: impl FnOnce() -> LaidText) -> LaidText {
        if layer.text.len() > MAX_KEPT_TEXT {
            return lay_out();
        }
        let key = LayoutKey::of(layer);
        let pass = PASS.with(Cell::get);
        let seen_once = match self.layouts.lock().ok().as_ref().and_then(|kept| kept.get(&key)) {
            Some(Seen::Kept(laid)) => return laid.clone(),
            Some(Seen::Once(seen_in)) => *seen_in == pass,
            None => false,
        };
        let laid = lay_out();
        let seen = if seen_once { Seen::Kept(laid.clone()) } else { Seen::Once(pass) };
        keep(&self.layouts, key, seen);
        laid
    }

    /// The measure of `layer`'s layout: a kept layout's, a kept measure, or `measure`'s
    /// (then kept as a measure only).
    pub fn measure(
        &self,
        layer: &TextSpec<'_>,
        measure: impl FnOnce() -> TextMeasure,
    ) -> TextMeasure {
        let key = LayoutKey::of(layer);
        let kept_layout = self.layouts.lock().ok().and_then(|kept| match kept.get(&key) {
            Some(Seen::Kept(laid)) => Some(laid.measure()),
            _ => None,
        });
        if let Some(measure) = kept_layout {
            return measure;
        }
        if let Some(measure) = self.measures.lock().ok().and_then(|kept| kept.get(&key).copied()) {
            return measure;
        }
        let measured = measure();
        keep(&self.measures, key, measured);
        measured
    }

    /// The shape plan of `face` for the direction, script and language of `buffer` (its
    /// segment properties guessed), made the first time they are asked for: the plan
    /// `rustybuzz::shape` would make for it.
    pub fn plan(&self, face: &Face<'_>, buffer: &UnicodeBuffer) -> Arc<ShapePlan> {
        // A guess leaves the script unset (unknown) for text of common characters only.
        let script = Some(buffer.script()).filter(|script| *script != rustybuzz::script::UNKNOWN);
        let key: PlanKey = (buffer.direction(), script, buffer.language());
        let kept = self.plans.0.lock().ok();
        if let Some(plan) = kept.as_ref().and_then(|k| k.iter().find(|(at, _)| *at == key)) {
            return plan.1.clone();
        }
        drop(kept);
        let plan = Arc::new(ShapePlan::new(face, key.0, key.1, key.2.as_ref(), &[]));
        let Ok(mut kept) = self.plans.0.lock() else { return plan };
        // Another thread may have made the same plan meanwhile: the first one kept is used.
        if let Some((_, first)) = kept.iter().find(|(at, _)| *at == key) {
            return first.clone();
        }
        kept.push((key, plan.clone()));
        plan
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
    use crate::text::font::default_font;
    use crate::text::layout::{Align, lay_out, lay_out_uncached, measure};

    fn spec(text: &str, size_mm: f64) -> TextSpec<'_> {
        TextSpec {
            text,
            size_mm,
            align: Align::Centre,
            box_mm: Some((20.0, 6.0)),
            fit: true,
            line_spacing: 1.0,
        }
    }

    #[test]
    fn a_kept_layout_is_the_one_made_afresh() {
        let font = default_font();
        let fresh = |spec: &TextSpec<'_>| lay_out_uncached(&font, spec);
        let cache = TextCache::default();
        let queen = spec("Queen of hearts", 5.0);
        // Laid out on its first and second use, kept from then on.
        cache.layout(&queen, || fresh(&queen));
        let first = cache.layout(&queen, || fresh(&queen));
        let again = cache.layout(&queen, || panic!("laid out twice"));
        assert_eq!(first.path, again.path);
        assert_eq!(again.path, fresh(&queen).path);
        assert_eq!((again.size_mm, again.fits), (first.size_mm, first.fits));
        // Another size is another layout.
        let smaller = spec("Queen of hearts", 4.0);
        let made = std::cell::Cell::new(false);
        cache.layout(&smaller, || {
            made.set(true);
            fresh(&smaller)
        });
        assert!(made.get());
        // Through the font's own cache, the same outline as made afresh.
        assert_eq!(lay_out(&font, &queen).path, fresh(&queen).path);
    }

    #[test]
    fn a_layout_used_once_before_single_uses_are_forgotten_and_once_after_is_not_kept() {
        let font = default_font();
        let fresh = |spec: &TextSpec<'_>| lay_out_uncached(&font, spec);
        let cache = TextCache::default();
        let (tile, label) = (spec("1959", 5.0), spec("1960", 5.0));
        let made = std::cell::Cell::new(0);
        let counted = |spec: &TextSpec<'_>| {
            made.set(made.get() + 1);
            fresh(spec)
        };
        cache.layout(&tile, || counted(&tile));
        cache.layout(&label, || counted(&label));
        forget_single_uses();
        cache.layout(&tile, || counted(&tile));
        // Twice in this pass: kept from then on.
        cache.layout(&label, || counted(&label));
        cache.layout(&label, || counted(&label));
        let kept = |key: &TextSpec<'_>| {
            let layouts = cache.layouts.lock().unwrap();
            matches!(layouts.get(&LayoutKey::of(key)), Some(Seen::Kept(_)))
        };
        assert!(!kept(&tile), "one use in each pass");
        assert!(kept(&label));
        cache.layout(&label, || panic!("laid out again"));
        assert_eq!(made.get(), 5);
        // Another thread's use does not count with this thread's.
        let other = spec("1961", 5.0);
        std::thread::scope(|scope| {
            scope.spawn(|| cache.layout(&other, || fresh(&other)));
        });
        cache.layout(&other, || fresh(&other));
        assert!(!kept(&other));
    }

    #[test]
    fn measuring_is_not_a_use_of_the_layout() {
        let font = default_font();
        let mudlark = spec("Mudlark", 4.0);
        let measured = measure(&font, &mudlark);
        assert_eq!(measured, lay_out(&font, &mudlark).measure(), "the measure of the layout");
        // Measured, then laid out once: the layout is the first use, so no outline is kept.
        let key = LayoutKey::of(&mudlark);
        let kept = font.cache.layouts.lock().unwrap().get(&key).map(|s| matches!(s, Seen::Kept(_)));
        assert_eq!(kept, Some(false));
        assert_eq!(font.cache.measures.lock().unwrap().get(&key), Some(&measured));
    }

    #[test]
    fn a_kept_glyph_is_given_back_without_outlining_it_again() {
        let cache = TextCache::default();
        let mut square = BezPath::new();
        square.move_to((0.0, 0.0));
        square.line_to((1.0, 0.0));
        assert_eq!(cache.glyph(7, || Some(square.clone())), Some(square.clone()));
        assert_eq!(cache.glyph(7, || panic!("outlined twice")), Some(square));
        assert_eq!(cache.glyph(8, || None), None);
        assert_eq!(cache.glyph(8, || panic!("outlined twice")), None);
    }
}
