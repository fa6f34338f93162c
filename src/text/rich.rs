//! Text with markup laid out: runs in the faces their style picks (and characters a face
//! lacks in the first fallback font that has them), inline icons as tall as a capital and
//! standing on the baseline, wrapped, fitted and aligned as plain text is (`layout`).
//!
//! Every face is set at one em size, the layer's own face's: a capital of that face is
//! `size_mm` tall. Lengths here are in mm.

use std::sync::Arc;

use kurbo::{Affine, BezPath, Rect, Shape as _};

use super::cap_height;
use super::faces::FontFaces;
use super::font::FontData;
use super::layout::{advance, fitted, line_shift, shape_line};
use super::markup::{Marked, Piece};
use super::spec::{LaidText, TextSpec};

/// Room either side of an inline icon, as a fraction of the cap height.
const ICON_SIDE: f64 = 0.12;
const FIT_TOLERANCE_MM: f64 = 1e-6;

/// A stretch of a word drawn one way: text in one font, or an icon (by name).
#[derive(Clone, Debug)]
enum Stretch {
    /// `units`: its advance in its font's units (the same at every size tried).
    Text {
        text: String,
        font: Arc<FontData>,
        units: f64,
    },
    Icon {
        name: String,
        aspect: f64,
    },
}

/// A word: stretches with no space between them.
type Word = Vec<Stretch>;

/// Lays out `marked` (the layer's text, `spec.text`, parsed) in `faces`; `aspect` gives an
/// icon's width over its height. A style the family lacks is drawn in the layer's face
/// (`check` refuses such markup before).
pub fn lay_out(
    faces: &FontFaces,
    marked: &Marked,
    spec: &TextSpec<'_>,
    aspect: &dyn Fn(&str) -> f64,
) -> LaidText {
    let Some(base) = faces.base() else { return empty(spec) };
    let lines: Vec<Vec<Word>> =
        marked.lines.iter().map(|line| words(faces, base, line, aspect)).collect();
    let size = fitted(spec, |size| fits(spec, extent(base, spec, &lines, size)));
    draw(base, spec, &lines, size)
}

fn empty(spec: &TextSpec<'_>) -> LaidText {
    let (path, icons) = (BezPath::new(), Vec::new());
    LaidText { path, size_mm: spec.size_mm, width_mm: 0.0, height_mm: 0.0, fits: true, icons }
}

/// A line's words, each stretch in the font that draws it.
fn words(
    faces: &FontFaces,
    base: &Arc<FontData>,
    line: &[Piece],
    aspect: &dyn Fn(&str) -> f64,
) -> Vec<Word> {
    let mut words: Vec<Word> = Vec::new();
    let mut word: Word = Vec::new();
    for piece in line {
        match piece {
            Piece::Icon(name) => {
                word.push(Stretch::Icon { name: name.clone(), aspect: aspect(name) });
            }
            Piece::Text { text, bold, italic } => {
                let face = faces.face(*bold, *italic).unwrap_or(base);
                for c in text.chars() {
                    if c.is_whitespace() {
                        if !word.is_empty() {
                            words.push(std::mem::take(&mut word));
                        }
                        continue;
                    }
                    let font = faces.for_char(face, c);
                    match word.last_mut() {
                        Some(Stretch::Text { text, font: last, .. }) if Arc::ptr_eq(last, font) => {
                            text.push(c);
                        }
                        _ => word.push(Stretch::Text {
                            text: c.to_string(),
                            font: font.clone(),
                            units: 0.0,
                        }),
                    }
                }
            }
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    // Each stretch shaped once for its advance; drawing shapes it again for its outline.
    for stretch in words.iter_mut().flatten() {
        if let Stretch::Text { text, font, units } = stretch {
            *units = advance(font, text);
        }
    }
    words
}

/// Millimetres per font unit of `font` when the layer's face `base` has capitals
/// `size_mm` tall (every face at the same em size).
fn scale_of(base: &FontData, font: &FontData, size_mm: f64) -> f64 {
    let em_mm = size_mm / cap_height(base.face()).max(1.0) * f64::from(base.face().units_per_em());
    em_mm / f64::from(font.face().units_per_em()).max(1.0)
}

/// A stretch's advance in mm.
fn stretch_mm(base: &FontData, stretch: &Stretch, size_mm: f64) -> f64 {
    match stretch {
        Stretch::Text { font, units, .. } => units * scale_of(base, font, size_mm),
        Stretch::Icon { aspect, .. } => size_mm * (aspect + 2.0 * ICON_SIDE),
    }
}

/// The wrapped lines at `size_mm`: each a list of words (indices into its hard line).
fn wrap(
    base: &FontData,
    spec: &TextSpec<'_>,
    lines: &[Vec<Word>],
    size_mm: f64,
) -> Vec<Vec<(usize, usize)>> {
    let space = advance(base, " ") * scale_of(base, base, size_mm);
    let width = spec.box_mm.map(|(w, _)| w);
    let mut wrapped = Vec::new();
    for (line_index, words) in lines.iter().enumerate() {
        let mut line: Vec<(usize, usize)> = Vec::new();
        let mut used = 0.0;
        for (word_index, word) in words.iter().enumerate() {
            let advance: f64 = word.iter().map(|s| stretch_mm(base, s, size_mm)).sum();
            let wider = width.is_some_and(|w| used + space + advance > w + FIT_TOLERANCE_MM);
            if !line.is_empty() && wider {
                wrapped.push(std::mem::take(&mut line));
                used = 0.0;
            }
            used += if line.is_empty() { advance } else { space + advance };
            line.push((line_index, word_index));
        }
        wrapped.push(line);
    }
    wrapped
}

/// Baseline to baseline, in mm.
fn line_mm(base: &FontData, spec: &TextSpec<'_>, size_mm: f64) -> f64 {
    let face = base.face();
    let units =
        f64::from(face.ascender()) - f64::from(face.descender()) + f64::from(face.line_gap());
    units * scale_of(base, base, size_mm) * spec.line_spacing
}

/// Width and height of the block at `size_mm`.
fn extent(base: &FontData, spec: &TextSpec<'_>, lines: &[Vec<Word>], size_mm: f64) -> (f64, f64) {
    extent_of(base, spec, lines, &wrap(base, spec, lines, size_mm), size_mm)
}

/// Width and height of the block wrapped as `wrapped` at `size_mm`.
fn extent_of(
    base: &FontData,
    spec: &TextSpec<'_>,
    lines: &[Vec<Word>],
    wrapped: &[Vec<(usize, usize)>],
    size_mm: f64,
) -> (f64, f64) {
    let space = advance(base, " ") * scale_of(base, base, size_mm);
    let width = wrapped
        .iter()
        .map(|line| {
            let words: f64 = line
                .iter()
                .map(|&(l, w)| {
                    lines[l][w].iter().map(|s| stretch_mm(base, s, size_mm)).sum::<f64>()
                })
                .sum();
            words + space * line.len().saturating_sub(1) as f64
        })
        .fold(0.0, f64::max);
    let height = size_mm + wrapped.len().saturating_sub(1) as f64 * line_mm(base, spec, size_mm);
    (width, height)
}

fn fits(spec: &TextSpec<'_>, (width, height): (f64, f64)) -> bool {
    spec.box_mm.is_none_or(|(w, h)| width <= w + FIT_TOLERANCE_MM && height <= h + FIT_TOLERANCE_MM)
}

/// Draws the block at `size_mm`, centred on the origin as plain text is.
fn draw(base: &FontData, spec: &TextSpec<'_>, lines: &[Vec<Word>], size_mm: f64) -> LaidText {
    let space = advance(base, " ") * scale_of(base, base, size_mm);
    let wrapped = wrap(base, spec, lines, size_mm);
    let line_mm = line_mm(base, spec, size_mm);
    let (width_mm, height_mm) = extent_of(base, spec, lines, &wrapped, size_mm);
    let mut path = BezPath::new();
    let mut icons = Vec::new();
    for (index, line) in wrapped.iter().enumerate() {
        let baseline = -height_mm / 2.0 + size_mm + index as f64 * line_mm;
        let (mut outline, mut placed) = (BezPath::new(), Vec::new());
        let mut pen = 0.0;
        for (k, &(l, w)) in line.iter().enumerate() {
            if k > 0 {
                pen += space;
            }
            for stretch in &lines[l][w] {
                match stretch {
                    Stretch::Text { text, font, .. } => {
                        let scale = scale_of(base, font, size_mm);
                        let (mut glyphs, units) = shape_line(font, text);
                        glyphs.apply_affine(Affine::new([scale, 0.0, 0.0, -scale, pen, baseline]));
                        outline.extend(glyphs);
                        pen += units * scale;
                    }
                    Stretch::Icon { name, aspect } => {
                        let x = pen + ICON_SIDE * size_mm;
                        let rect = Rect::new(x, baseline - size_mm, x + aspect * size_mm, baseline);
                        placed.push((name.clone(), rect));
                        pen += size_mm * (aspect + 2.0 * ICON_SIDE);
                    }
                }
            }
        }
        let ink = placed.iter().fold(outline.bounding_box(), |all, (_, r)| all.union(*r));
        let shift = line_shift(spec, pen, (ink.width() > 0.0).then(|| ink.center().x));
        outline.apply_affine(Affine::translate((shift, 0.0)));
        path.extend(outline);
        icons.extend(
            placed.into_iter().map(|(name, rect)| (name, rect + kurbo::Vec2::new(shift, 0.0))),
        );
    }
    let fits = fits(spec, (width_mm, height_mm));
    LaidText { path, size_mm, width_mm, height_mm, fits, icons }
}
