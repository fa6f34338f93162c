//! Text laid out in a font: shaped with rustybuzz (kerning, ligatures, marks), wrapped into
//! lines inside a box, shrunk to fit when asked, and turned into glyph outlines in mm.
//!
//! `size_mm` is the height of a capital letter. A block of lines is centred on its anchor:
//! from the top of the first line's capitals to the baseline of the last line.

use kurbo::{Affine, BezPath, Shape as _};
use rustybuzz::ttf_parser::GlyphId;
use rustybuzz::{Face, UnicodeBuffer};

use super::cache::TextCache;
use super::font::FontData;
pub use super::spec::{Align, LaidText, TextMeasure, TextSpec};
use super::{PathBuilder, cap_height};

/// Slack allowed when checking that text fits its box, in mm.
const FIT_TOLERANCE_MM: f64 = 1e-6;
/// Smallest size fitting shrinks text to, in mm of cap height.
pub const SMALLEST_FIT_MM: f64 = 0.5;

/// One shaped line in font units: its outline (y up, baseline at 0) and its advance; glyph
/// outlines come from `cache`.
pub fn shape_line(face: &Face<'_>, cache: &TextCache, text: &str) -> (BezPath, f64) {
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let glyphs = rustybuzz::shape(face, &[], buffer);
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
pub fn advance(face: &Face<'_>, text: &str) -> f64 {
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let glyphs = rustybuzz::shape(face, &[], buffer);
    glyphs.glyph_positions().iter().map(|pos| f64::from(pos.x_advance)).sum()
}

/// Lays out text in `font`: wraps, fits and aligns it (once per distinct layout and font).
pub fn lay_out(font: &FontData, spec: &TextSpec<'_>) -> LaidText {
    font.cache.layout(spec, || lay_out_uncached(font, spec))
}

/// The measure of [`lay_out`]'s layout: kept per font for every text (a measure is small),
/// and not counted as a use of the layout, so checking a set before building it does not
/// make the font keep every text's outline.
pub fn measure(font: &FontData, spec: &TextSpec<'_>) -> TextMeasure {
    font.cache.measure(spec, || lay_out_uncached(font, spec))
}

/// [`lay_out`] without the font's cache of layouts.
pub(crate) fn lay_out_uncached(font: &FontData, layer: &TextSpec<'_>) -> LaidText {
    let face = font.face();
    let at_size = |size: f64| lay_out_at(face, &font.cache, layer, size);
    let first = at_size(layer.size_mm);
    if first.fits || !layer.fit {
        return first;
    }
    // Bisect for the largest size that fits.
    let (mut low, mut high) = (SMALLEST_FIT_MM, layer.size_mm);
    let mut best = at_size(low);
    if !best.fits {
        return best;
    }
    for _ in 0..24 {
        let middle = (low + high) / 2.0;
        let laid = at_size(middle);
        if laid.fits {
            low = middle;
            best = laid;
        } else {
            high = middle;
        }
    }
    best
}

/// Lays out at one size.
fn lay_out_at(face: &Face<'_>, cache: &TextCache, layer: &TextSpec<'_>, size_mm: f64) -> LaidText {
    let scale = size_mm / cap_height(face).max(1.0);
    let wrap_width = layer.box_mm.map(|(w, _)| w / scale);
    let lines: Vec<String> =
        layer.text.split('\n').flat_map(|paragraph| wrap(face, paragraph, wrap_width)).collect();
    let line_units =
        f64::from(face.ascender()) - f64::from(face.descender()) + f64::from(face.line_gap());
    let line_mm = line_units * scale * layer.line_spacing;
    let height_mm = size_mm + (lines.len().saturating_sub(1)) as f64 * line_mm;
    let shaped: Vec<(BezPath, f64)> =
        lines.iter().map(|line| shape_line(face, cache, line)).collect();
    let width_mm = shaped.iter().map(|(_, a)| a * scale).fold(0.0, f64::max);
    // Sized exactly: a set's scenes hold every tile's text (1,960 numbered backs).
    let mut path = BezPath::with_capacity(shaped.iter().map(|(o, _)| o.elements().len()).sum());
    for (index, (outline, advance)) in shaped.into_iter().enumerate() {
        let advance_mm = advance * scale;
        let x = match (layer.align, layer.box_mm) {
            (Align::Left, Some((w, _))) => -w / 2.0,
            (Align::Right, Some((w, _))) => w / 2.0 - advance_mm,
            (Align::Left, None) => 0.0,
            (Align::Right, None) => -advance_mm,
            (Align::Centre, _) => -advance_mm / 2.0,
            (Align::Ink, _) => {
                let ink = outline.bounding_box();
                let middle = if ink.width() > 0.0 { ink.center().x } else { advance / 2.0 };
                -middle * scale
            }
        };
        let baseline = -height_mm / 2.0 + size_mm + index as f64 * line_mm;
        let mut outline = outline;
        // Font units are y up; the page is y down.
        outline.apply_affine(Affine::new([scale, 0.0, 0.0, -scale, x, baseline]));
        path.extend(outline);
    }
    let fits = layer
        .box_mm
        .is_none_or(|(w, h)| width_mm <= w + FIT_TOLERANCE_MM && height_mm <= h + FIT_TOLERANCE_MM);
    LaidText { path, size_mm, width_mm, height_mm, fits }
}

/// Splits a paragraph into lines no wider than `width` font units (a word wider than the
/// width stands on a line of its own); one line without a width.
fn wrap(face: &Face<'_>, paragraph: &str, width: Option<f64>) -> Vec<String> {
    let Some(width) = width else { return vec![paragraph.to_string()] };
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in paragraph.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if line.is_empty() || advance(face, &candidate) <= width {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    lines.push(line);
    lines
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
        let face = font.face();
        let pair = advance(face, "AV");
        let apart = advance(face, "A") + advance(face, "V");
        assert!(pair < apart - 1.0, "AV {pair} vs A + V {apart}");
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
}
