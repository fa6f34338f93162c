//! `[fonts]`: the design's font families (a regular, bold, italic and bold italic file under
//! one name a layer's `font` gives) and its fallback fonts, tried in order for a character
//! a layer's face lacks.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::text::faces::{FontFaces, STYLE_NAMES};
use crate::text::font::{BUNDLED_FACES, FontData};

/// `[fonts]` as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FontsTable {
    /// Font files beside the design, tried in order for a character a face lacks.
    #[serde(default)]
    pub fallback: Vec<Spanned<String>>,
    /// `[fonts.families.NAME]`: a family's four faces.
    #[serde(default)]
    pub families: BTreeMap<String, Spanned<FamilyTable>>,
}

/// `[fonts.families.NAME]`: its face files (`regular` required).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyTable {
    pub regular: Spanned<String>,
    pub bold: Option<Spanned<String>>,
    pub italic: Option<Spanned<String>>,
    pub bold_italic: Option<Spanned<String>>,
}

/// The design's families and fallback fonts, read.
#[derive(Clone, Debug, Default)]
pub struct FontSetup {
    pub families: BTreeMap<String, FontFaces>,
    pub fallback: Vec<Arc<FontData>>,
}

/// A font file a key names, read (each once, with the design's other fonts; an error at the
/// key when it cannot be).
pub type ReadFont<'f> =
    dyn FnMut(&mut Resolver<'_>, &Spanned<String>) -> Option<Arc<FontData>> + 'f;

/// Reads `[fonts]`'s files with `font`; a file that cannot be read is an error at its key.
pub fn read_font_setup(
    r: &mut Resolver<'_>,
    font: &mut ReadFont<'_>,
    table: Option<&FontsTable>,
) -> FontSetup {
    let Some(table) = table else { return FontSetup::default() };
    let fallback = table.fallback.iter().filter_map(|name| font(r, name)).collect();
    let mut families = BTreeMap::new();
    for (name, family) in &table.families {
        if BUNDLED_FACES.contains(&name.as_str()) {
            r.error(
                &family.span(),
                format!("the family `{name}` has the name of a bundled face"),
                &format!("give the family another name than {}", BUNDLED_FACES.join(", ")),
            );
            continue;
        }
        let family = family.get_ref();
        let files = [
            Some(&family.regular),
            family.bold.as_ref(),
            family.italic.as_ref(),
            family.bold_italic.as_ref(),
        ];
        let styles = files.map(|file| file.and_then(|file| font(r, file)));
        families.insert(name.clone(), FontFaces { styles, ..FontFaces::default() });
    }
    FontSetup { families, fallback }
}

/// What a family lacks for `bold` and/or `italic` markup, for messages: `bold italic`.
pub fn style_name(bold: bool, italic: bool) -> &'static str {
    STYLE_NAMES[crate::text::faces::style_index(bold, italic)]
}
