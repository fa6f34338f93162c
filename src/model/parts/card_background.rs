//! A deck's `background` for one card: a palette colour or `#rrggbb` for every card, or `{field}`s each card fills from its own data (`background = "{frame}"`).

use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::face::fields::{Missing, substitute};
use crate::model::face::item_face::DataRowAt;
use crate::model::input::suggest::closest;
use crate::scene::Colour;

/// Whether the written background names fields, so that each card has its own.
pub fn from_fields(written: Option<&Spanned<String>>) -> bool {
    written.is_some_and(|w| w.get_ref().contains('{'))
}

/// The background of the card `what` with `fields`, from the `{field}`s of `written`; errors
/// at the key, naming the card, for a field it lacks; a value that is not a colour at the
/// data file's cell it comes from (`data`), or at the key.
pub fn card_background(
    r: &mut Resolver<'_>,
    palette: &Palette,
    written: &Spanned<String>,
    (fields, data): (&BTreeMap<String, String>, Option<&DataRowAt>),
    what: &str,
) -> Option<Colour> {
    let text = match substitute(written.get_ref(), fields) {
        Ok(text) => text,
        Err(missing) => {
            let mut known: Vec<&str> = fields.keys().map(String::as_str).collect();
            known.sort_unstable();
            let why = match missing {
                Missing::Field(name) => format!("{what} has no field `{name}` for its background"),
                Missing::Brace => format!("{what}: a lone brace in `background`"),
            };
            let help = format!("use {{field}}s it has: {}", known.join(", "));
            r.error(&written.span(), why, &help);
            return None;
        }
    };
    let name = text.trim();
    let found = if name.starts_with('#') {
        Colour::from_hex(name)
    } else {
        palette.colours.contains_key(name).then(|| palette.colour(name))
    };
    if found.is_none() {
        let names: Vec<&str> = palette.colours.keys().map(String::as_str).collect();
        let near = closest(name, names.iter().copied())
            .map_or(String::new(), |n| format!("did you mean `{n}`? "));
        let problem = format!("its background `{name}` is not a colour of the palette");
        let help = format!(
            "{near}give it a colour of [palette] ({}) or #rrggbb, or add `{name}` to [palette]",
            names.join(", ")
        );
        let cell = data.is_some_and(|data| {
            data.report_cell(r, (written, "background"), (what, &problem), &help)
        });
        if !cell {
            r.error(&written.span(), format!("{what}: {problem}"), &help);
        }
    }
    found
}
