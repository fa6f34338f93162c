//! Fonts for text: the bundled DejaVu Sans Bold (Latin, Greek, Cyrillic, with kerning) or a
//! TTF/OTF file's bytes, kept with their cache and parsed when text is shaped.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::cache::TextCache;

/// The bundled default face font (the full DejaVu Sans Bold; licence beside the file).
const DEFAULT_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The name designs use for the bundled font.
pub const DEFAULT_FONT_NAME: &str = "default";

/// A font's bytes and the name it was asked for by.
pub struct FontData {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Layouts and glyph outlines already made with this font.
    pub cache: TextCache,
}

impl FontData {
    /// The parsed font; fonts are checked when read, so this only fails on a font that
    /// was never checked.
    pub fn face(&self) -> Option<rustybuzz::Face<'_>> {
        rustybuzz::Face::from_slice(&self.bytes, 0)
    }
}

impl FontData {
    /// The characters of `text` that the font has no glyph for (each once, in order),
    /// leaving out spaces and control characters, which draw nothing anyway.
    pub fn missing_chars(&self, text: &str) -> Vec<char> {
        let Some(face) = self.face() else { return Vec::new() };
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
        self.face().is_some_and(|face| face.weight().to_number() >= 600)
    }
}

impl PartialEq for FontData {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl fmt::Debug for FontData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FontData({:?}, {} bytes)", self.name, self.bytes.len())
    }
}

/// The bundled font, read once.
pub fn default_font() -> Arc<FontData> {
    static FONT: OnceLock<Arc<FontData>> = OnceLock::new();
    FONT.get_or_init(|| {
        Arc::new(FontData {
            name: DEFAULT_FONT_NAME.into(),
            bytes: DEFAULT_FONT.to_vec(),
            cache: TextCache::default(),
        })
    })
    .clone()
}

/// Checks font bytes (a TTF/OTF file's) and keeps them under `name`; the error says why
/// they cannot be used.
pub fn font_from_bytes(bytes: Vec<u8>, name: &str) -> Result<FontData, String> {
    let face = ttf_parser::Face::parse(&bytes, 0)
        .map_err(|e| format!("it is not a TrueType or OpenType font ({e})"))?;
    if face.glyph_index('H').is_none() && face.glyph_index('0').is_none() {
        return Err("it has neither letters nor digits".into());
    }
    Ok(FontData { name: name.into(), bytes, cache: TextCache::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_font_has_greek_cyrillic_and_accents() {
        let font = default_font();
        let face = font.face().expect("bundled font parses");
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
    fn bytes_that_are_not_a_font_are_refused() {
        let error = font_from_bytes(b"hello".to_vec(), "not-a-font.ttf").unwrap_err();
        assert!(error.contains("not a TrueType"), "{error}");
    }
}
