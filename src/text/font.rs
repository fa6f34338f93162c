//! Fonts for text: the bundled DejaVu Sans Bold (Latin, Greek, Cyrillic, with kerning) or a
//! TTF/OTF file's bytes, parsed once and kept with their cache.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::cache::TextCache;

/// The bundled default face font (the full DejaVu Sans Bold; licence beside the file).
const DEFAULT_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The name designs use for the bundled font.
pub const DEFAULT_FONT_NAME: &str = "default";

/// The other bundled faces of DejaVu Sans, cut to Latin, Greek, Cyrillic and common symbols
/// (`assets/fonts/README.md`), by the name a layer's `font` gives them.
const REGULAR_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");
const ITALIC_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Oblique-subset.ttf");
const BOLD_ITALIC_FONT: &[u8] =
    include_bytes!("../../assets/fonts/DejaVuSans-BoldOblique-subset.ttf");

/// The names of the bundled faces (`bold` is the `default` font).
pub const BUNDLED_FACES: [&str; 5] =
    [DEFAULT_FONT_NAME, "regular", "bold", "italic", "bold-italic"];

/// The bundled face `name` names (see [`BUNDLED_FACES`]), read once; `None` for any other
/// name (a font file's).
pub fn bundled_font(name: &str) -> Option<Arc<FontData>> {
    static FACES: [OnceLock<Arc<FontData>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let (index, bytes) = match name {
        DEFAULT_FONT_NAME | "bold" => return Some(default_font()),
        "regular" => (0, REGULAR_FONT),
        "italic" => (1, ITALIC_FONT),
        "bold-italic" => (2, BOLD_ITALIC_FONT),
        _ => return None,
    };
    let font = FACES[index].get_or_init(|| {
        let font = font_from_bytes(bytes.to_vec(), name);
        Arc::new(font.expect("the bundled faces parse (a unit test reads them)"))
    });
    Some(font.clone())
}

/// A font, parsed, and the name it was asked for by.
pub struct FontData {
    pub name: String,
    parsed: ParsedFont,
    /// Layouts and glyph outlines already made with this font.
    pub cache: TextCache,
}

/// A font's bytes and its face parsed from them, once: parsing takes about as long as
/// shaping a short text, and a deck's check lays out thousands of them.
#[ouroboros::self_referencing]
struct ParsedFont {
    bytes: Vec<u8>,
    #[borrows(bytes)]
    #[covariant]
    face: rustybuzz::Face<'this>,
}

impl FontData {
    /// The parsed font.
    pub fn face(&self) -> &rustybuzz::Face<'_> {
        self.parsed.borrow_face()
    }

    /// How many bytes the font file has.
    pub fn byte_count(&self) -> usize {
        self.parsed.borrow_bytes().len()
    }
}

impl FontData {
    /// The characters of `text` that the font has no glyph for (each once, in order),
    /// leaving out spaces and control characters, which draw nothing anyway.
    pub fn missing_chars(&self, text: &str) -> Vec<char> {
        let face = self.face();
        let mut missing = Vec::new();
        for c in text.chars() {
            let drawn = !c.is_whitespace() && !c.is_control();
            if drawn && face.glyph_index(c).is_none() && !missing.contains(&c) {
                missing.push(c);
            }
        }
        missing
    }

    /// Whether the font is bold (weight 600 or more): large-text contrast applies to bold
    /// text from a smaller size.
    pub fn is_bold(&self) -> bool {
        self.face().weight().to_number() >= 600
    }
}

impl PartialEq for FontData {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl fmt::Debug for FontData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FontData({:?}, {} bytes)", self.name, self.byte_count())
    }
}

/// The bundled font, read once.
pub fn default_font() -> Arc<FontData> {
    static FONT: OnceLock<Arc<FontData>> = OnceLock::new();
    FONT.get_or_init(|| {
        let font = font_from_bytes(DEFAULT_FONT.to_vec(), DEFAULT_FONT_NAME);
        Arc::new(font.expect("the bundled font parses (a unit test reads it)"))
    })
    .clone()
}

/// Checks font bytes (a TTF/OTF file's) and keeps them under `name`; the error says why
/// they cannot be used.
pub fn font_from_bytes(bytes: Vec<u8>, name: &str) -> Result<FontData, String> {
    let parsed = ParsedFont::try_new(bytes, |bytes| {
        ttf_parser::Face::parse(bytes, 0)
            .map(rustybuzz::Face::from_face)
            .map_err(|e| format!("it is not a TrueType or OpenType font ({e})"))
    })?;
    let face = parsed.borrow_face();
    if face.glyph_index('H').is_none() && face.glyph_index('0').is_none() {
        return Err("it has neither letters nor digits".into());
    }
    Ok(FontData { name: name.into(), parsed, cache: TextCache::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_font_has_greek_cyrillic_and_accents() {
        let font = default_font();
        let face = font.face();
        for c in ['é', 'ß', 'Ω', 'λ', 'Ж', 'я', 'ő'] {
            assert!(face.glyph_index(c).is_some(), "{c}");
        }
    }

    #[test]
    fn the_default_font_is_bold_and_lacks_japanese() {
        let font = default_font();
        assert!(font.is_bold());
        assert_eq!(font.missing_chars("Ab 港 c\n港 Ω"), vec!['港']);
    }

    #[test]
    fn every_bundled_face_parses_with_its_weight_and_the_default_s_letters() {
        for name in BUNDLED_FACES {
            let font = bundled_font(name).expect(name);
            assert_eq!(
                font.is_bold(),
                name.contains("bold") || name == DEFAULT_FONT_NAME,
                "{name}"
            );
            assert!(font.missing_chars("Ab Ωψ Жд é ç ß ↑ ★ → €").is_empty(), "{name}");
        }
        assert!(bundled_font("regular.ttf").is_none());
    }

    #[test]
    fn bytes_that_are_not_a_font_are_refused() {
        let error = font_from_bytes(b"hello".to_vec(), "not-a-font.ttf").unwrap_err();
        assert!(error.contains("not a TrueType"), "{error}");
    }
}
