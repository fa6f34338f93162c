//! `[icons]`: the design's inline icons, named in a text's markup (`:coin:`) — an image file
//! beside the design drawn in its own colours, or a shape in a palette colour or the text's.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::Figure;
use super::image::FaceImage;
use crate::scene::Colour;

/// `[icons]` as written: a name and an image file, or a table.
pub type IconsTable = BTreeMap<String, Spanned<IconEntry>>;

/// One icon as written: `coin = "icons/coin.svg"` or `star = { shape = "star", colour = "gold" }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum IconEntry {
    File(String),
    Table(IconTable),
}

/// `name = { image = "…" }` or `name = { shape = "…", colour = "…" }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IconTable {
    pub image: Option<String>,
    /// `circle`, `square`, `diamond` or `star`.
    pub shape: Option<String>,
    /// A palette colour; default the text's.
    pub colour: Option<String>,
}

/// The shapes an icon may be.
pub const ICON_SHAPES: [&str; 4] = ["circle", "square", "diamond", "star"];

/// What an icon draws.
#[derive(Clone, Debug, PartialEq)]
pub enum IconArt {
    /// In its own colours, as tall as a capital.
    Image(Arc<FaceImage>),
    /// A square `figure`-shaped icon, filled in `colour` (the text's when `None`).
    Shape { figure: Figure, colour: Option<Colour> },
}

/// The design's icons by name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InlineIcons {
    pub icons: BTreeMap<String, IconArt>,
    /// Icons declared whose art could not be read: reported once at their declaration, so a
    /// text that uses one is not reported again.
    pub refused: std::collections::BTreeSet<String>,
}

impl InlineIcons {
    /// An icon's width over its height (1 for shapes and unknown names).
    pub fn aspect(&self, name: &str) -> f64 {
        match self.icons.get(name) {
            Some(IconArt::Image(image)) if image.height > 0.0 => image.width / image.height,
            _ => 1.0,
        }
    }

    /// The names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.icons.keys().map(String::as_str).collect()
    }
}

/// The figure a shape name draws (a diamond is a square on its corner).
pub fn icon_figure(name: &str) -> Option<Figure> {
    Some(match name {
        "circle" => Figure::Circle,
        "square" => Figure::Rectangle { radius_mm: 0.0 },
        "diamond" => Figure::Polygon { sides: 4 },
        "star" => Figure::Star { points: 5, inner: 0.45 },
        _ => return None,
    })
}

/// An image file beside the design a key names, read (each once; an error at the key when
/// it cannot be).
pub type ReadImage<'f> = dyn FnMut(
        &mut crate::model::context::resolver::Resolver<'_>,
        &Spanned<String>,
    ) -> Option<Arc<FaceImage>>
    + 'f;

/// Reads `[icons]` (images with `image`): each image once (an error at its key when it cannot be used), each
/// shape and colour checked.
pub fn read_icons(
    r: &mut crate::model::context::resolver::Resolver<'_>,
    image: &mut ReadImage<'_>,
    palette: &crate::model::colours::palette::Palette,
    table: Option<&IconsTable>,
) -> InlineIcons {
    let mut icons = BTreeMap::new();
    let mut refused = std::collections::BTreeSet::new();
    for (name, entry) in table.into_iter().flatten() {
        let valid = name.chars().next().is_some_and(char::is_alphabetic)
            && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_');
        if !valid {
            r.error(
                &entry.span(),
                format!("the icon name `{name}` cannot be written as `:{name}:`"),
                "start it with a letter and use letters, digits, `-` and `_`",
            );
            continue;
        }
        let art = match entry.get_ref() {
            IconEntry::File(file) => {
                let key = Spanned::new(entry.span(), file.clone());
                image(r, &key).map(IconArt::Image)
            }
            IconEntry::Table(table) => icon_table(r, image, palette, entry, table),
        };
        match art {
            Some(art) => {
                icons.insert(name.clone(), art);
            }
            None => {
                refused.insert(name.clone());
            }
        }
    }
    InlineIcons { icons, refused }
}

/// `{ image = … }` or `{ shape = …, colour = … }` (its problems at the entry: an untagged
/// entry's values carry no place of their own).
fn icon_table(
    r: &mut crate::model::context::resolver::Resolver<'_>,
    read_image: &mut ReadImage<'_>,
    palette: &crate::model::colours::palette::Palette,
    entry: &Spanned<IconEntry>,
    table: &IconTable,
) -> Option<IconArt> {
    match (&table.image, &table.shape) {
        (Some(image), None) => {
            if table.colour.is_some() {
                r.error(
                    &entry.span(),
                    "`colour` with an image icon".into(),
                    "an image icon keeps its own colours; remove `colour`",
                );
            }
            read_image(r, &Spanned::new(entry.span(), image.clone())).map(IconArt::Image)
        }
        (None, Some(shape)) => {
            let written = shape.trim();
            let Some(figure) = icon_figure(written) else {
                let help = match crate::model::input::suggest::closest(written, ICON_SHAPES) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("use one of {}", ICON_SHAPES.join(", ")),
                };
                r.error(&entry.span(), format!("unknown icon shape `{written}`"), &help);
                return None;
            };
            let colour = match &table.colour {
                None => None,
                Some(name) => {
                    let name = Spanned::new(entry.span(), name.clone());
                    Some(palette.colour(&r.colour_name(&name, palette)?))
                }
            };
            Some(IconArt::Shape { figure, colour })
        }
        _ => {
            r.error(
                &entry.span(),
                "an icon needs one of `image` and `shape`".into(),
                "write e.g. coin = \"icons/coin.svg\" or star = { shape = \"star\", colour = \"gold\" }",
            );
            None
        }
    }
}
