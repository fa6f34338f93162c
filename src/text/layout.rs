//! Text laid out in a font: shaped with rustybuzz (kerning, ligatures, marks), wrapped into
//! lines inside a box, shrunk to fit when asked, and turned into glyph outlines in mm.
//!
//! `size_mm` is the height of a capital letter. A block of lines is centred on its anchor:
//! from the top of the first line's capitals to the baseline of the last line.

use kurbo::{Affine, BezPath, Shape as _};
use rustybuzz::ttf_parser::GlyphId;
use rustybuzz::{GlyphBuffer, UnicodeBuffer};

use super::font::FontData;
pub use super::spec::{Align, LaidText, TextMeasure, TextSpec};
use super::{PathBuilder, cap_height};

/// Slack allowed when checking that text fits its box, in mm.
const FIT_TOLERANCE_MM: f64 = 1e-6;
/// Smallest size fitting shrinks text to, in mm of cap height.
pub const SMALLEST_FIT_MM: f64 = 0.5;

/// One shaped line in font units: its outline (y up, baseline at 0) and its advance; glyph
/// outlines and the shape plan come from the font's cache.
pub fn shape_line(font: &FontData, text: &str) -> (BezPath, f64) {
    let (face, cache) = (font.face(), &font.cache);
    let glyphs = shaped(font, text);
    let mut path = BezPath::new();
    let (mut pen_x, mut pen_y) = (0.0, 0.0);
    for (info, pos) in glyphs.glyph_infos().iter().zip(glyphs.glyph_positions()) {
        let id = u16::try_from(info.glyph_id).unwrap_or(0);
        let glyph = cache.glyph(id, || {
            let mut builder = PathBuilder::default();
            face.outline_glyph(GlyphId(id), &mut builder).map(|_| builder.path)
        });
        if let Some(mut glyph) = glyph {
            let x = pen_x + f64::from(pos.x_offset);
            let y = pen_y + f64::from(pos.y_offset);
            glyph.apply_affine(Affine::translate((x, y)));
            path.extend(glyph);
        }
        pen_x += f64::from(pos.x_advance);
        pen_y += f64::from(pos.y_advance);
    }
    (path, pen_x)
}

/// The advance of `text` in font units: shaped as [`shape_line`] shapes it, without
/// drawing its glyphs (wrapping measures every line it tries).
pub fn advance(font: &FontData, text: &str) -> f64 {
    let glyphs = shaped(font, text);
    glyphs.glyph_positions().iter().map(|pos| f64::from(pos.x_advance)).sum()
}

/// `text` shaped in `font` (its direction, script and language guessed), with the shape
/// plan the font's cache keeps for them.
fn shaped(font: &FontData, text: &str) -> GlyphBuffer {
    let face = font.face();
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    rustybuzz::shape_with_plan(face, &font.cache.plan(face, &buffer), buffer)
}

/// Lays out text in `font`: wraps, fits and aligns it (once per distinct layout and font).
pub fn lay_out(font: &FontData, spec: &TextSpec<'_>) -> LaidText {
    font.cache.layout(spec, || lay_out_uncached(font, spec))
}

/// The measure of [`lay_out`]'s layout: kept per font for every text (a measure is small),
/// and not counted as a use of the layout, so checking a set before building it does not
/// make the font keep every text's outline.
pub fn measure(font: &FontData, spec: &TextSpec<'_>) -> TextMeasure {
    font.cache.measure(spec, || {
        let paragraphs = Words::paragraphs(font, spec);
        measure_at(font, spec, &paragraphs, fitted_size(font, spec, &paragraphs))
    })
}

/// [`lay_out`] without the font's cache of layouts.
pub(crate) fn lay_out_uncached(font: &FontData, layer: &TextSpec<'_>) -> LaidText {
    let paragraphs = Words::paragraphs(font, layer);
    draw_at(font, layer, &paragraphs, fitted_size(font, layer, &paragraphs))
}

/// The size the text is set at: the size asked for, or with `fit` and a box it does not
/// fit, the largest that fits (bisected, measuring without drawing), at least
/// [`SMALLEST_FIT_MM`].
fn fitted_size(font: &FontData, layer: &TextSpec<'_>, paragraphs: &[Words<'_>]) -> f64 {
    fitted(layer, |size| measure_at(font, layer, paragraphs, size).fits)
}

/// The size `spec` is set at when `fits_at` says whether the text fits at a size: the size
/// asked for, or with `fit` the largest that fits (bisected), at least [`SMALLEST_FIT_MM`].
pub fn fitted(spec: &TextSpec<'_>, fits_at: impl Fn(f64) -> bool) -> f64 {
    if !spec.fit || fits_at(spec.size_mm) {
        return spec.size_mm;
    }
    let (mut low, mut high) = (SMALLEST_FIT_MM, spec.size_mm);
    if !fits_at(low) {
        return low;
    }
    for _ in 0..24 {
        let middle = (low + high) / 2.0;
        if fits_at(middle) {
            low = middle;
        } else {
            high = middle;
        }
    }
    low
}

/// The text's lines at one size, with what placing them needs.
struct Lines {
    lines: Vec<String>,
    /// From font units to mm.
    scale: f64,
    /// Baseline to baseline, in mm.
    line_mm: f64,
    /// From the first line's cap height to the last line's baseline, in mm.
    height_mm: f64,
}

/// The lines of the text at `size_mm`.
fn lines_at(
    font: &FontData,
    layer: &TextSpec<'_>,
    paragraphs: &[Words<'_>],
    size_mm: f64,
) -> Lines {
    let face = font.face();
    let scale = size_mm / cap_height(face).max(1.0);
    let wrap_width = layer.box_mm.map(|(w, _)| w / scale);
    let lines: Vec<String> =
        paragraphs.iter().flat_map(|words| words.wrap(font, wrap_width)).collect();
    let line_units =
        f64::from(face.ascender()) - f64::from(face.descender()) + f64::from(face.line_gap());
    let line_mm = line_units * scale * layer.line_spacing;
    let height_mm = size_mm + (lines.len().saturating_sub(1)) as f64 * line_mm;
    Lines { lines, scale, line_mm, height_mm }
}

/// How the text comes out at `size_mm`, from the advances of its lines (no outlines).
fn measure_at(
    font: &FontData,
    layer: &TextSpec<'_>,
    paragraphs: &[Words<'_>],
    size_mm: f64,
) -> TextMeasure {
    let Lines { lines, scale, height_mm, .. } = lines_at(font, layer, paragraphs, size_mm);
    let width_mm = lines.iter().map(|line| advance(font, line) * scale).fold(0.0, f64::max);
    TextMeasure { size_mm, width_mm, height_mm, fits: fits(layer, width_mm, height_mm) }
}

/// Whether a block this wide and tall fits the layer's box (always without a box).
fn fits(layer: &TextSpec<'_>, width_mm: f64, height_mm: f64) -> bool {
    layer
        .box_mm
        .is_none_or(|(w, h)| width_mm <= w + FIT_TOLERANCE_MM && height_mm <= h + FIT_TOLERANCE_MM)
}

/// Lays out and draws at one size.
fn draw_at(
    font: &FontData,
    layer: &TextSpec<'_>,
    paragraphs: &[Words<'_>],
    size_mm: f64,
) -> LaidText {
    let Lines { lines, scale, line_mm, height_mm } = lines_at(font, layer, paragraphs, size_mm);
    let shaped: Vec<(BezPath, f64)> = lines.iter().map(|line| shape_line(font, line)).collect();
    let width_mm = shaped.iter().map(|(_, a)| a * scale).fold(0.0, f64::max);
    // Sized exactly: a set's scenes hold every tile's text (1,960 numbered backs).
    let mut path = BezPath::with_capacity(shaped.iter().map(|(o, _)| o.elements().len()).sum());
    for (index, (outline, advance)) in shaped.into_iter().enumerate() {
        let ink = outline.bounding_box();
        let ink_middle = (ink.width() > 0.0).then(|| ink.center().x * scale);
        let x = line_shift(layer, advance * scale, ink_middle);
        let baseline = -height_mm / 2.0 + size_mm + index as f64 * line_mm;
        let mut outline = outline;
        // Font units are y up; the page is y down.
        outline.apply_affine(Affine::new([scale, 0.0, 0.0, -scale, x, baseline]));
        path.extend(outline);
    }
    let fits = fits(layer, width_mm, height_mm);
    LaidText { path, size_mm, width_mm, height_mm, fits, icons: Vec::new() }
}

/// How far right a line `advance_mm` long is moved to align it as `spec` says (lines start
/// at 0); `ink_middle` is the middle of its drawn glyphs (`None`: nothing drawn).
pub fn line_shift(spec: &TextSpec<'_>, advance_mm: f64, ink_middle: Option<f64>) -> f64 {
    match (spec.align, spec.box_mm) {
        (Align::Left, Some((w, _))) => -w / 2.0,
        (Align::Right, Some((w, _))) => w / 2.0 - advance_mm,
        (Align::Left, None) => 0.0,
        (Align::Right, None) => -advance_mm,
        (Align::Centre, _) => -advance_mm / 2.0,
        (Align::Ink, _) => -ink_middle.unwrap_or(advance_mm / 2.0),
    }
}

/// How far a line shaped whole may differ from the sum of its words shaped one by one, as
/// a fraction of that sum (kerning across a space, and a word kerned otherwise in a line
/// whose script is another's: a line is shaped in the script of its first letters): a
/// candidate line whose sum comes this close to the width is shaped whole to decide.
const WHOLE_LINE_SLACK: f64 = 0.08;
/// The same slack's floor, as a fraction of the em.
const WHOLE_LINE_SLACK_EM: f64 = 0.1;

/// A paragraph, and when it wraps, its words, each with its advance in font units, and the
/// advance of a space.
struct Words<'t> {
    paragraph: &'t str,
    words: Vec<(&'t str, f64)>,
    space: f64,
    em: f64,
}

impl<'t> Words<'t> {
    /// Every paragraph of the layer's text (split at `\n`); in a box, each word shaped once
    /// for every size tried (advances in font units do not depend on the size), without a
    /// box none (a paragraph is one line).
    fn paragraphs(font: &FontData, layer: &TextSpec<'t>) -> Vec<Words<'t>> {
        let wraps = layer.box_mm.is_some();
        layer
            .text
            .split('\n')
            .map(
                |paragraph| {
                    if wraps { Words::of(font, paragraph) } else { Words::whole(paragraph) }
                },
            )
            .collect()
    }

    fn of(font: &FontData, paragraph: &'t str) -> Words<'t> {
        let words = paragraph.split_whitespace().map(|word| (word, advance(font, word))).collect();
        let em = f64::from(font.face().units_per_em());
        Words { paragraph, words, space: advance(font, " "), em }
    }

    /// A paragraph that is not wrapped: its words are never measured.
    fn whole(paragraph: &'t str) -> Words<'t> {
        Words { paragraph, words: Vec::new(), space: 0.0, em: 0.0 }
    }

    /// Splits the paragraph into lines no wider than `width` font units (a word wider than
    /// the width stands on a line of its own), greedily as if each candidate line were
    /// shaped whole: the sum of the words' advances decides unless it comes within the
    /// kerning slack of the width, when the line is shaped (so the time is linear in the
    /// text). One line without a width.
    fn wrap(&self, font: &FontData, width: Option<f64>) -> Vec<String> {
        let Some(width) = width else { return vec![self.paragraph.to_string()] };
        let mut lines = Vec::new();
        let mut line = String::new();
        let mut sum = 0.0;
        for &(word, word_advance) in &self.words {
            if line.is_empty() {
                line.push_str(word);
                sum = word_advance;
                continue;
            }
            let estimate = sum + self.space + word_advance;
            let slack = WHOLE_LINE_SLACK * estimate.abs() + WHOLE_LINE_SLACK_EM * self.em;
            let fits = if estimate + slack < width {
                true
            } else if estimate - slack > width {
                false
            } else {
                advance(font, &format!("{line} {word}")) <= width
            };
            if fits {
                line.push(' ');
                line.push_str(word);
                sum = estimate;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
                sum = word_advance;
            }
        }
        lines.push(line);
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::font::default_font;
    use kurbo::Shape;

    fn layer(text: &str, size_mm: f64, box_mm: Option<(f64, f64)>) -> TextSpec<'_> {
        TextSpec { text, size_mm, align: Align::Centre, box_mm, fit: false, line_spacing: 1.0 }
    }

    fn lay_out(spec: &TextSpec<'_>) -> LaidText {
        super::lay_out(&default_font(), spec)
    }

    #[test]
    fn av_is_kerned_narrower_than_a_plus_v() {
        let font = default_font();
        let pair = advance(&font, "AV");
        let apart = advance(&font, "A") + advance(&font, "V");
        assert!(pair < apart - 1.0, "AV {pair} vs A + V {apart}");
    }

    #[test]
    fn lines_shaped_with_kept_plans_come_out_as_shaped_afresh() {
        let font = default_font();
        let face = font.face();
        // Digits only (no script), Latin, Greek, Hebrew (right to left), then again: the
        // plans made for the first four are used for the last four.
        let texts = ["42", "AVAV", "Ελλάδα", "שלום", "17", "Tilepress", "Κύκλος", "עברית"];
        for text in texts {
            let mut buffer = UnicodeBuffer::new();
            buffer.push_str(text);
            let fresh = rustybuzz::shape(face, &[], buffer);
            let advance: i32 = fresh.glyph_positions().iter().map(|p| p.x_advance).sum();
            let (path, shaped) = shape_line(&font, text);
            assert_eq!(shaped, f64::from(advance), "{text}");
            let mut glyphs = BezPath::new();
            let mut pen = 0.0;
            for (info, pos) in fresh.glyph_infos().iter().zip(fresh.glyph_positions()) {
                let mut builder = PathBuilder::default();
                let id = GlyphId(info.glyph_id as u16);
                if face.outline_glyph(id, &mut builder).is_some() {
                    let at = (pen + f64::from(pos.x_offset), f64::from(pos.y_offset));
                    glyphs.extend(Affine::translate(at) * builder.path);
                }
                pen += f64::from(pos.x_advance);
            }
            assert_eq!(path, glyphs, "{text}");
        }
    }

    #[test]
    fn greek_and_cyrillic_words_render_with_real_glyphs() {
        let font = default_font();
        let face = font.face();
        for word in ["Ελλάδα", "Кириллица", "Æsop façade"] {
            let mut buffer = UnicodeBuffer::new();
            buffer.push_str(word);
            let glyphs = rustybuzz::shape(face, &[], buffer);
            assert!(
                glyphs.glyph_infos().iter().all(|g| g.glyph_id != 0),
                "{word}: a missing glyph"
            );
            let laid = lay_out(&layer(word, 5.0, None));
            assert!(laid.path.bounding_box().width() > 10.0, "{word}");
        }
    }

    #[test]
    fn capitals_are_as_tall_as_asked_and_centred_on_the_anchor() {
        let laid = lay_out(&layer("HEX", 8.0, None));
        let ink = laid.path.bounding_box();
        assert!((ink.height() - 8.0).abs() < 0.01, "{ink:?}");
        assert!(ink.center().y.abs() < 0.01 && ink.center().x.abs() < 0.5, "{ink:?}");
    }

    #[test]
    fn text_wraps_inside_its_box_and_shrinks_to_fit() {
        let text = "a long line of words that cannot stand on one line";
        let wrapped = lay_out(&layer(text, 3.0, Some((30.0, 40.0))));
        assert!(wrapped.fits && wrapped.width_mm <= 30.0, "{}", wrapped.width_mm);
        assert!(wrapped.height_mm > 3.0 * 3.0, "several lines: {}", wrapped.height_mm);
        let too_big = lay_out(&layer(text, 6.0, Some((30.0, 10.0))));
        assert!(!too_big.fits);
        let mut fitted = layer(text, 6.0, Some((30.0, 10.0)));
        fitted.fit = true;
        let fitted = lay_out(&fitted);
        assert!(fitted.fits && fitted.size_mm < 6.0 && fitted.height_mm <= 10.0);
        assert!(fitted.size_mm > 1.0, "{}", fitted.size_mm);
    }

    #[test]
    fn ink_alignment_centres_the_glyphs_and_centre_alignment_the_advance() {
        let ink = lay_out(&TextSpec { align: Align::Ink, ..layer("6.", 10.0, None) });
        let centre = lay_out(&layer("6.", 10.0, None));
        let (ink_box, centre_box) = (ink.path.bounding_box(), centre.path.bounding_box());
        assert!(ink_box.center().x.abs() < 1e-9, "{ink_box:?}");
        // Centred on the advance, the dot's side bearing pulls the ink to the left.
        assert!(centre_box.center().x < -0.1, "{centre_box:?}");
        assert!((ink_box.width() - centre_box.width()).abs() < 1e-9);
    }

    #[test]
    fn left_and_right_alignment_use_the_box_sides() {
        let mut left = layer("Hi", 4.0, Some((20.0, 10.0)));
        left.align = Align::Left;
        let ink = lay_out(&left).path.bounding_box();
        assert!((ink.x0 + 10.0).abs() < 0.6, "{ink:?}");
        left.align = Align::Right;
        let ink = lay_out(&left).path.bounding_box();
        assert!((ink.x1 - 10.0).abs() < 0.6, "{ink:?}");
    }

    /// The wrap of before: every candidate line shaped whole.
    fn wrap_shaping_every_candidate(font: &FontData, paragraph: &str, width: f64) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate =
                if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if line.is_empty() || advance(font, &candidate) <= width {
                line = candidate;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        lines.push(line);
        lines
    }

    #[test]
    fn wrapping_by_word_advances_breaks_where_shaping_each_line_whole_does() {
        let font = default_font();
        let face = font.face();
        let text = "AVA Wave, To Yonder LT  fjord: Vâ Ta Ye, \"quoted\" words -- and W.A.V.E. \
                    at the end; Ελλάδα Кириллица façade AV AV AV To To To";
        let words = Words::of(&font, text);
        let em = f64::from(face.units_per_em());
        for step in 1..=400 {
            let width = em * f64::from(step) * 0.1;
            assert_eq!(
                words.wrap(&font, Some(width)),
                wrap_shaping_every_candidate(&font, text, width),
                "at {width} units"
            );
        }
    }

    #[test]
    fn a_measure_is_the_measure_of_the_layout_when_fitted_too() {
        let font = default_font();
        let text = "Draw two cards, then give one to the player on your left. ".repeat(6);
        let mut spec = layer(&text, 4.0, Some((40.0, 20.0)));
        spec.fit = true;
        let laid = super::lay_out(&font, &spec);
        assert!(laid.fits && laid.size_mm < 4.0, "{}", laid.size_mm);
        assert_eq!(measure(&font, &spec), laid.measure());
    }
}
