//! A text's faces: the regular, bold, italic and bold italic of its family (the markup picks
//! one) and the fallback fonts a character missing from them is taken from, in order.

use std::sync::Arc;

use super::font::{DEFAULT_FONT_NAME, FontData, bundled_font};

/// The faces a text layer draws with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FontFaces {
    /// Indexed by [`style_index`]: regular, bold, italic, bold italic; `None` where the
    /// family has no such face.
    pub styles: [Option<Arc<FontData>>; 4],
    /// The layer's own face: bold and/or italic before any markup.
    pub base_bold: bool,
    pub base_italic: bool,
    /// Tried in order for a character no face of the family has.
    pub fallback: Vec<Arc<FontData>>,
}

/// 0 regular, 1 bold, 2 italic, 3 bold italic.
pub fn style_index(bold: bool, italic: bool) -> usize {
    usize::from(bold) + 2 * usize::from(italic)
}

/// The names of the styles, as [`style_index`] numbers them.
pub const STYLE_NAMES: [&str; 4] = ["regular", "bold", "italic", "bold italic"];

impl FontFaces {
    /// The bundled DejaVu Sans family, its `name`d face (`regular`, `bold`, `italic`,
    /// `bold-italic` or `default`) the layer's own; `None` for another name.
    pub fn bundled(name: &str) -> Option<FontFaces> {
        let (base_bold, base_italic) = match name {
            DEFAULT_FONT_NAME | "bold" => (true, false),
            "regular" => (false, false),
            "italic" => (false, true),
            "bold-italic" => (true, true),
            _ => return None,
        };
        let styles = ["regular", "bold", "italic", "bold-italic"].map(bundled_font);
        Some(FontFaces { styles, base_bold, base_italic, fallback: Vec::new() })
    }

    /// A single face (a font file): regular, and nothing else.
    pub fn single(font: Arc<FontData>) -> FontFaces {
        FontFaces { styles: [Some(font), None, None, None], ..FontFaces::default() }
    }

    /// The face of text `bold` and/or `italic` by markup, on top of the layer's own.
    pub fn face(&self, bold: bool, italic: bool) -> Option<&Arc<FontData>> {
        self.styles[style_index(bold || self.base_bold, italic || self.base_italic)].as_ref()
    }

    /// The layer's own face.
    pub fn base(&self) -> Option<&Arc<FontData>> {
        self.face(false, false)
    }

    /// The font that draws `c` in the face `face`: that face if it has the character, else
    /// the first fallback that has it, else the face (which prints it as a box).
    pub fn for_char<'a>(&'a self, face: &'a Arc<FontData>, c: char) -> &'a Arc<FontData> {
        if c.is_whitespace() || face.face().glyph_index(c).is_some() {
            return face;
        }
        self.fallback.iter().find(|font| font.face().glyph_index(c).is_some()).unwrap_or(face)
    }
}
