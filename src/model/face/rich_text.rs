//! A text layer's markup checked against the design: balanced styles, icons of `[icons]`,
//! faces the family has. An error names the template's key and, when the text comes from a
//! data file, is reported at the data cell.

use std::sync::Arc;

use toml::Spanned;

use super::font_setup::style_name;
use super::inline_icons::InlineIcons;
use super::item_face::ItemFace;
use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::suggest::closest;
use crate::text::faces::FontFaces;
use crate::text::markup::{Marked, Piece, is_plain, parse};

/// The text to lay out and its markup when it needs one (styles, icons, or characters the
/// layer's face lacks that a fallback font has); `None` when the markup is wrong (reported).
pub fn marked_text(
    r: &mut Resolver<'_>,
    item: &ItemFace<'_>,
    written: &Spanned<String>,
    content: String,
    faces: &FontFaces,
    icons: &InlineIcons,
) -> Option<(String, Option<Arc<Marked>>)> {
    let falls_back = || {
        let base = faces.base();
        !faces.fallback.is_empty()
            && base.is_some_and(|font| {
                content.chars().any(|c| !Arc::ptr_eq(faces.for_char(font, c), font))
            })
    };
    if is_plain(&content) && !falls_back() {
        return Some((content, None));
    }
    let marked = match parse(&content) {
        Ok(marked) => marked,
        Err(error) => {
            report(r, item, written, format!("{}: {}", item.what, error.message), &error.help);
            return None;
        }
    };
    let problems = markup_problems(&marked, faces, icons);
    for (message, help) in &problems {
        report(r, item, written, format!("{}: {message}", item.what), help);
    }
    if !problems.is_empty() {
        return None;
    }
    if !marked.is_rich() && !falls_back() {
        return Some((marked.plain_text(), None));
    }
    Some((content, Some(Arc::new(marked))))
}

/// What is wrong with `marked` in `faces` and `icons`, as messages and helps: unknown icons
/// (with did-you-mean), and a style the family has no face for.
pub fn markup_problems(
    marked: &Marked,
    faces: &FontFaces,
    icons: &InlineIcons,
) -> Vec<(String, String)> {
    let mut problems = Vec::new();
    for name in marked.icons() {
        // An icon whose file was refused is reported at its declaration, once.
        if !icons.icons.contains_key(name) && !icons.refused.contains(name) {
            let known = icons.names();
            let help = match closest(name, known.iter().copied()) {
                Some(near) => {
                    format!("did you mean `:{near}:`? Or add `{name} = \"….svg\"` to [icons]")
                }
                None if known.is_empty() => {
                    format!("declare it in [icons]: {name} = \"icons/{name}.svg\"")
                }
                None => {
                    format!("the design's icons: {}; or write `\\:` for a colon", known.join(", "))
                }
            };
            problems.push((format!("unknown icon `:{name}:`"), help));
        }
    }
    let lacking = marked.lines.iter().flatten().find_map(|piece| match piece {
        Piece::Text { bold, italic, .. }
            if (*bold || *italic) && faces.face(*bold, *italic).is_none() =>
        {
            Some(style_name(*bold || faces.base_bold, *italic || faces.base_italic))
        }
        _ => None,
    });
    if let Some(style) = lacking {
        let font = faces.base().map_or("the layer's", |font| font.name.as_str());
        problems.push((
            format!("the font `{font}` has no {style} face for the markup"),
            "give the layer a bundled face (font = \"regular\") or a family of [fonts.families] with that face".into(),
        ));
    }
    problems
}

/// An error at the template's key, or at the data cell the text comes from (naming the key).
fn report(
    r: &mut Resolver<'_>,
    item: &ItemFace<'_>,
    written: &Spanned<String>,
    message: String,
    help: &str,
) {
    let from = item.data.as_ref().filter(|_| written.get_ref().contains('{'));
    let Some((data, (cell, column))) =
        from.and_then(|data| Some((data, data.cell_of(written.get_ref())?)))
    else {
        r.error(&written.span(), message, help);
        return;
    };
    let key = r.source.start_of(&written.span());
    let design =
        r.source.path().file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let message = format!(
        "{message}; the text is this cell's, in column `{column}`, read by {design}:{}:{}",
        key.line, key.column
    );
    r.diagnostics.push(Diagnostic::error(&data.path, Some(cell), message).with_help(help));
}
