//! `[palette]`: the design's named colours, each with where it is written and its cues.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::source::Position;
use crate::model::input::suggest::closest;
use crate::scene::Colour;

/// Named colours.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    pub colours: BTreeMap<String, Colour>,
    /// Where each colour is written in `[palette]`.
    pub lines: BTreeMap<String, Position>,
    /// `[cues]`: the patterns drawn on colours' lines, areas and dots (one for each).
    pub cues: BTreeMap<String, Vec<crate::model::colours::cues::ColourCue>>,
}

impl Palette {
    /// The colour of a palette name; names are checked during resolve, so a miss is black.
    pub fn colour(&self, name: &str) -> Colour {
        self.colours.get(name).copied().unwrap_or(Colour::BLACK)
    }

    /// The cue drawn on `name` where it is drawn as `on` (lines, areas, dots), if it has one.
    pub fn cue_on(
        &self,
        name: &str,
        on: crate::model::colours::cues::CueOn,
    ) -> Option<crate::model::colours::cues::Cue> {
        self.cues.get(name)?.iter().map(|c| c.cue).find(|cue| cue.on() == on)
    }
}

impl Resolver<'_> {
    /// Looks up a palette colour name, reporting it if unknown.
    pub fn colour_name(&mut self, name: &Spanned<String>, palette: &Palette) -> Option<String> {
        let key = name.get_ref().trim().to_string();
        if palette.colours.contains_key(&key) {
            Some(key)
        } else {
            let known: Vec<&str> = palette.colours.keys().map(String::as_str).collect();
            let help = match closest(&key, known.iter().copied()) {
                Some(near) => format!("did you mean `{near}`? Or add `{key}` to [palette]"),
                None => format!(
                    "use a colour from [palette] ({}) or add `{key}` there",
                    known.join(", ")
                ),
            };
            self.error(&name.span(), format!("unknown colour `{key}`"), &help);
            None
        }
    }

    pub(crate) fn palette(
        &mut self,
        table: &Spanned<BTreeMap<String, Spanned<String>>>,
    ) -> Palette {
        let mut palette = Palette::default();
        for (name, value) in table.get_ref() {
            match Colour::from_hex(value.get_ref().trim()) {
                Some(colour) => {
                    palette.colours.insert(name.clone(), colour);
                    palette.lines.insert(name.clone(), self.source.start_of(&value.span()));
                }
                None => self.error(
                    &value.span(),
                    format!("colour `{name}` is `{}`, not a colour", value.get_ref()),
                    "write colours as \"#rrggbb\", e.g. \"#d62828\"",
                ),
            }
        }
        if table.get_ref().is_empty() {
            self.error(&table.span(), "the palette is empty".into(), "name at least one colour");
        }
        palette
    }
}

/// A palette name or `#rrggbb`; `Ok(None)` when absent, `None` (reported) when unknown.
pub fn colour(
    r: &mut Resolver<'_>,
    palette: &Palette,
    name: Option<&Spanned<String>>,
) -> Option<Option<Colour>> {
    let Some(name) = name else { return Some(None) };
    let text = name.get_ref().trim();
    if text.starts_with('#') {
        return match Colour::from_hex(text) {
            Some(colour) => Some(Some(colour)),
            None => {
                r.error(
                    &name.span(),
                    format!("`{text}` is not a colour"),
                    "write \"#rrggbb\" or a palette name",
                );
                None
            }
        };
    }
    r.colour_name(name, palette).map(|n| Some(palette.colour(&n)))
}
