//! What a text layout is asked for (`TextSpec`: the text, its size, box, fitting, alignment
//! and spacing) and what it gives (`LaidText`, and its `TextMeasure`).

use kurbo::BezPath;

/// Horizontal alignment of text lines in their box (or about the anchor without a box).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
    /// Centred on the drawn glyphs rather than on their advance, so that a trailing dot
    /// (`6.`) moves the digits only slightly.
    Ink,
}

/// What a layout depends on besides its font: the text and how it is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextSpec<'a> {
    pub text: &'a str,
    /// Height of a capital letter, in mm (the largest tried when fitting into a box).
    pub size_mm: f64,
    pub align: Align,
    /// A `width × height` box centred on the origin: lines wrap at its width and must fit
    /// in it.
    pub box_mm: Option<(f64, f64)>,
    /// Shrink the text until it fits its box.
    pub fit: bool,
    /// Baseline-to-baseline distance as a multiple of the font's line height.
    pub line_spacing: f64,
}

/// Text laid out: its outline centred on the origin and how big it came out.
#[derive(Clone, Debug)]
pub struct LaidText {
    pub path: BezPath,
    /// Cap height used, in mm (smaller than asked when shrunk to fit).
    pub size_mm: f64,
    /// Widest line's advance, in mm.
    pub width_mm: f64,
    /// From the first line's cap height to the last line's baseline, in mm.
    pub height_mm: f64,
    /// Whether it fits its box (always true without a box).
    pub fits: bool,
    /// Inline icons (by name) and the boxes they fill, in the outline's frame.
    pub icons: Vec<(String, kurbo::Rect)>,
}

/// A layout's measure without its outline: what `check` needs to say whether text fits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextMeasure {
    pub size_mm: f64,
    pub width_mm: f64,
    pub height_mm: f64,
    pub fits: bool,
}

impl LaidText {
    pub fn measure(&self) -> TextMeasure {
        let LaidText { size_mm, width_mm, height_mm, fits, .. } = *self;
        TextMeasure { size_mm, width_mm, height_mm, fits }
    }
}
