//! Resolves face tables: picks each item's template, adds or replaces its own layers,
//! substitutes its fields and reads font and image files (each file once per design).
//!
//! Problems go to the design's resolver with the place of the key that caused them; a
//! field an item lacks names the template's key and the item's line.

use super::layer_sizes::{MAX_LAYER_MM, pair, required_size};
use super::shape_layers::{pips, shape};
use crate::model::colours::palette::colour;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use kurbo::Vec2;
use toml::Spanned;

use super::asset::AssetRefusal;
use super::extends::{LabelledLayers, replace_or_push, template_layers};
use super::fields::substituted;
use super::font_setup::{FontSetup, FontsTable, read_font_setup};
use super::fonts::read_font;
use super::image::{FaceImage, read_image};
use super::inline_icons::{IconsTable, InlineIcons, read_icons};
use super::item_face::DataRowAt;
pub use super::item_face::ItemFace;
use super::rich_text::marked_text;
use super::schema::{LayerTable, StyledLayer, TemplatesTable};
use super::styled::styled;
use super::{Align, Anchor, ImageLayer, Layer, LayerKind, Level, Placement, TextLayer, Turn};
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::limits::{MAX_FACE_LAYERS, MAX_IMAGE_PIXELS, MAX_TEXT_CHARS};
use crate::model::input::reach::REACH_HELP;
use crate::model::input::similar_file::did_you_mean;
use crate::model::input::source::Position;
use crate::model::input::suggest::closest;
use crate::scene::Colour;
use crate::text::faces::FontFaces;
use crate::text::font::{BUNDLED_FACES, DEFAULT_FONT_NAME, FontData, default_font};

/// Reads face tables of one design, with the files it has read so far.
#[derive(Debug)]
pub struct FaceResolver<'t> {
    templates: Option<&'t TemplatesTable>,
    folder: PathBuf,
    fonts: BTreeMap<PathBuf, Option<Arc<FontData>>>,
    images: BTreeMap<PathBuf, Option<Arc<FaceImage>>>,
    /// Pixels the design's bitmaps may still decode to (of [`MAX_IMAGE_PIXELS`]).
    pixels_left: u64,
    /// `[fonts]`: families and fallback fonts.
    setup: FontSetup,
    /// `[icons]`: what a text's `:name:` draws.
    icons: Arc<InlineIcons>,
}

impl<'t> FaceResolver<'t> {
    /// Files are looked for beside `design_path`.
    pub fn new(templates: Option<&'t TemplatesTable>, design_path: &Path) -> FaceResolver<'t> {
        let folder = design_path.parent().map(Path::to_path_buf).unwrap_or_default();
        FaceResolver {
            templates,
            folder,
            fonts: BTreeMap::new(),
            images: BTreeMap::new(),
            pixels_left: MAX_IMAGE_PIXELS,
            setup: FontSetup::default(),
            icons: Arc::default(),
        }
    }

    /// The design's `[icons]`, read.
    pub fn icons(&self) -> Arc<InlineIcons> {
        self.icons.clone()
    }

    /// The design's `[fonts]` fallback fonts, read.
    pub fn fallback_fonts(&self) -> Vec<Arc<crate::text::font::FontData>> {
        self.setup.fallback.clone()
    }

    /// Reads the design's `[fonts]` and `[icons]` (before any face uses them).
    pub fn read_design_tables(
        &mut self,
        r: &mut Resolver<'_>,
        palette: &Palette,
        fonts: Option<&FontsTable>,
        icons: Option<&IconsTable>,
    ) {
        self.setup = read_font_setup(r, &mut |r, name| self.font(r, name), fonts);
        let mut image = |r: &mut Resolver<'_>, key: &Spanned<String>| self.design_image(r, key);
        self.icons = Arc::new(read_icons(r, &mut image, palette, icons));
    }

    /// Whether the design declares a template of this name.
    pub fn has_template(&self, name: &str) -> bool {
        self.templates.is_some_and(|t| t.contains_key(name))
    }

    /// Whether a template of this name exists (reporting it, with a near name, if not).
    pub fn check_template(&self, r: &mut Resolver<'_>, name: &Spanned<String>) -> bool {
        self.check_template_among(r, name, &[])
    }

    /// Like [`Self::check_template`] where `built_in` names are known too.
    pub fn check_template_among(
        &self,
        r: &mut Resolver<'_>,
        name: &Spanned<String>,
        built_in: &[&str],
    ) -> bool {
        let wanted = name.get_ref().trim();
        let mut known: Vec<&str> =
            self.templates.map(|t| t.keys().map(String::as_str).collect()).unwrap_or_default();
        for name in built_in {
            if !known.contains(name) {
                known.push(name);
            }
        }
        if known.contains(&wanted) {
            return true;
        }
        let help = unknown_template_help(wanted, &known);
        r.error(&name.span(), format!("unknown face template `{wanted}`"), &help);
        false
    }

    /// What to do about the template name `wanted` the design does not declare: the
    /// nearest it does, or how to declare it.
    pub fn template_help(&self, wanted: &str) -> String {
        let known: Vec<&str> =
            self.templates.map(|t| t.keys().map(String::as_str).collect()).unwrap_or_default();
        unknown_template_help(wanted, &known)
    }

    /// The item's layers: its template's, then its own (an own layer with the `id` of a
    /// template layer takes that layer's place).
    pub fn face(
        &mut self,
        r: &mut Resolver<'_>,
        palette: &Palette,
        item: &ItemFace<'_>,
    ) -> Vec<Layer> {
        let mut tables: LabelledLayers<'_> = Vec::new();
        if let Some(name) = item.tables.template
            && self.check_template(r, name)
            && let Some(templates) = self.templates
        {
            template_layers(templates, name.get_ref().trim(), &mut Vec::new(), &mut tables);
        }
        for (index, layer) in item.tables.layers.iter().enumerate() {
            replace_or_push(&mut tables, layer, format!("layer {} of {}", index + 1, item.what));
        }
        if tables.len() > MAX_FACE_LAYERS {
            let span = item.tables.layers.first().map_or(0..0, Spanned::span);
            r.error(
                &span,
                format!(
                    "{} has {} face layers, more than {MAX_FACE_LAYERS}",
                    item.what,
                    tables.len()
                ),
                "draw fewer layers (model/input/limits.rs: MAX_FACE_LAYERS)",
            );
            return Vec::new();
        }
        let outer = std::mem::take(&mut r.face_colours);
        let layers = tables
            .into_iter()
            .filter_map(|(table, label)| self.layer(r, palette, item, table, label))
            .collect();
        let mut face = std::mem::take(&mut r.face_colours);
        face.colours.extend(outer.colours);
        face.finish(&mut r.data_colours);
        layers
    }

    fn layer(
        &mut self,
        r: &mut Resolver<'_>,
        palette: &Palette,
        item: &ItemFace<'_>,
        entry: &Spanned<LayerTable>,
        label: String,
    ) -> Option<Layer> {
        let styled_layer = styled(r, palette, item, entry.get_ref())??;
        let table = &styled_layer;
        let kinds = [
            table.text.is_some(),
            table.shape.is_some(),
            table.pips.is_some(),
            table.image.is_some(),
        ];
        if kinds.iter().filter(|&&k| k).count() != 1 {
            r.error(
                &entry.span(),
                format!("{label} must draw exactly one thing"),
                "give one of `text`, `shape`, `pips` or `image`",
            );
            return None;
        }
        let errors = r.diagnostics.len();
        let place = placement(r, table, item);
        let level = match &table.level {
            None => Level::Above,
            Some(level) => match level.get_ref().trim() {
                "above" => Level::Above,
                "below" => Level::Below,
                other => {
                    r.error(
                        &level.span(),
                        format!("unknown level `{other}`"),
                        "use `above` or `below` (the edge art)",
                    );
                    Level::Above
                }
            },
        };
        let kind = if let Some(text) = &table.text {
            self.text(r, palette, item, table, text)
        } else if let Some(figure) = &table.shape {
            shape(r, palette, table, figure)
        } else if let Some(count) = &table.pips {
            pips(r, palette, item, table, count)
        } else if let Some(path) = &table.image {
            self.image(r, item, table, path)
        } else {
            None
        };
        if r.diagnostics.len() > errors {
            return None;
        }
        let position = r.source.start_of(&entry.span());
        let decorative = table.decorative.unwrap_or(false);
        // Checked from 0 to 1 where the item's fields are filled in (`styled`).
        let opacity = table.opacity.as_ref().map_or(1.0, |value| *value.get_ref());
        let (place, kind) = (place?, kind?);
        Some(Layer { label, position, level, place, kind, art: None, decorative, opacity })
    }

    fn text(
        &mut self,
        r: &mut Resolver<'_>,
        palette: &Palette,
        item: &ItemFace<'_>,
        table: &StyledLayer,
        text: &Spanned<String>,
    ) -> Option<LayerKind> {
        let content = substituted(r, item, text)?;
        let chars = content.chars().count();
        if chars > MAX_TEXT_CHARS {
            r.error(
                &text.span(),
                format!(
                    "{}: a text of {chars} characters, more than tilepress's limit of {MAX_TEXT_CHARS} (MAX_TEXT_CHARS in model/input/limits.rs)",
                    item.what
                ),
                "shorten the text, or split it over several layers",
            );
            return None;
        }
        let box_mm = table.box_mm.as_ref().and_then(|b| pair(r, b, "`box_mm`", 0.1));
        let size_mm = match (&table.size_mm, box_mm) {
            (Some(size), _) => r.length(size, "`size_mm`", (0.1, MAX_LAYER_MM)),
            (None, Some((_, height))) => height,
            (None, None) => 5.0,
        };
        let mut faces = match &table.font {
            None => FontFaces::bundled(DEFAULT_FONT_NAME),
            Some(name) => {
                let written = name.get_ref().trim();
                FontFaces::bundled(written)
                    .or_else(|| self.setup.families.get(written).cloned())
                    .or_else(|| self.font(r, name).map(FontFaces::single))
            }
        }?;
        faces.fallback = self.setup.fallback.clone();
        let font = faces.base().cloned().unwrap_or_else(default_font);
        let (content, marked) = marked_text(r, item, text, content, &faces, &self.icons)?;
        let align = match &table.align {
            None => Align::Centre,
            Some(align) => match align.get_ref().trim() {
                "left" => Align::Left,
                "centre" | "center" => Align::Centre,
                "right" => Align::Right,
                "ink" => Align::Ink,
                other => {
                    r.error(
                        &align.span(),
                        format!("unknown alignment `{other}`"),
                        "use `left`, `centre`, `right` or `ink`",
                    );
                    return None;
                }
            },
        };
        let line_spacing =
            table.line_spacing.as_ref().map_or(1.0, |s| r.length(s, "`line_spacing`", (0.5, 5.0)));
        let colour = colour(r, palette, table.colour.as_ref())?.unwrap_or(Colour::BLACK);
        Some(LayerKind::Text(TextLayer {
            text: content,
            font,
            size_mm,
            colour,
            align,
            box_mm,
            fit: table.fit.unwrap_or(false),
            line_spacing,
            marked,
            faces: Arc::new(faces),
            icons: self.icons.clone(),
        }))
    }

    /// The font file `name` names beside the design, read once (an error at the key when it
    /// cannot be used).
    fn font(&mut self, r: &mut Resolver<'_>, name: &Spanned<String>) -> Option<Arc<FontData>> {
        let written = name.get_ref().trim();
        let path = self.folder.join(written);
        if let Some(known) = self.fonts.get(&path) {
            return known.clone();
        }
        let font = match read_font(&path, written, &self.folder) {
            Ok(font) => Some(Arc::new(r.uses(font))),
            Err(refusal) => {
                file_error(r, name, None, "font", &path, &refusal);
                None
            }
        };
        self.fonts.insert(path, font.clone());
        font
    }

    fn image(
        &mut self,
        r: &mut Resolver<'_>,
        item: &ItemFace<'_>,
        table: &StyledLayer,
        written: &Spanned<String>,
    ) -> Option<LayerKind> {
        let name = substituted(r, item, written)?;
        let size_mm = required_size(r, table, "an image")?;
        let from_data = written.get_ref().contains('{');
        let data = item.data.as_ref().filter(|_| from_data);
        let folder = data.map_or(self.folder.as_path(), DataRowAt::folder);
        let path = folder.join(name.trim());
        // A path from a data field names the item (and so its row) that asked for it first,
        // and is reported at the data file's cell it comes from.
        let what = if from_data { format!("{}: image", item.what) } else { "image".into() };
        let key = Spanned::new(written.span(), name.clone());
        let from = data.and_then(|data| {
            let (cell, column) = data.cell_of(written.get_ref())?;
            Some(FromCell { data, cell, column })
        });
        let image = self.image_file(r, &key, from.as_ref(), &what, path)?;
        Some(LayerKind::Image(ImageLayer { image, size_mm }))
    }

    /// The image at `path` (named `key` in the design, or a data cell's), read once.
    fn image_file(
        &mut self,
        r: &mut Resolver<'_>,
        key: &Spanned<String>,
        from: Option<&FromCell<'_>>,
        what: &str,
        path: PathBuf,
    ) -> Option<Arc<FaceImage>> {
        if let Some(known) = self.images.get(&path) {
            return known.clone();
        }
        let name = key.get_ref().trim();
        let image = match read_image(&path, name, self.pixels_left, &self.folder) {
            Ok(image) => {
                let image = r.uses(image);
                self.pixels_left = self.pixels_left.saturating_sub(image.pixels);
                Some(Arc::new(image))
            }
            Err(refusal) => {
                file_error(r, key, from, what, &path, &refusal);
                None
            }
        };
        self.images.insert(path, image.clone());
        image
    }

    /// An image file beside the design that `key` names (an inline icon's).
    fn design_image(
        &mut self,
        r: &mut Resolver<'_>,
        key: &Spanned<String>,
    ) -> Option<Arc<FaceImage>> {
        let path = self.folder.join(key.get_ref().trim());
        self.image_file(r, key, None, "icon image", path)
    }
}

/// The help for a template name not among `known`.
fn unknown_template_help(wanted: &str, known: &[&str]) -> String {
    match closest(wanted, known.iter().copied()) {
        Some(near) => format!("did you mean `{near}`? Or add [faces.{wanted}]"),
        None if known.is_empty() => format!("declare it: [faces.{wanted}] with layers = [...]"),
        None => format!("use one of {} or add [faces.{wanted}]", known.join(", ")),
    }
}

/// A file that cannot be used: where it was asked for, where it was looked for, and why —
/// at the key that names it, or, when the name comes `from` a data cell, at the cell,
/// naming the template key that reads it.
fn file_error(
    r: &mut Resolver<'_>,
    key: &Spanned<String>,
    from: Option<&FromCell<'_>>,
    what: &str,
    path: &Path,
    refusal: &AssetRefusal,
) {
    let written = key.get_ref().trim();
    let problem = if path.exists() {
        format!("{what} file `{written}` cannot be used: {}", refusal.why)
    } else {
        let hint = did_you_mean(path, written);
        format!("{what} file `{written}` not found (looked for {}){hint}", path.display())
    };
    let Some(from) = from else {
        let help = match what {
            _ if refusal.outside => REACH_HELP.to_string(),
            "font" => format!(
                "give a bundled face ({}) or a TTF or OTF file beside the design",
                BUNDLED_FACES.join(", ")
            ),
            _ => "give an SVG, PNG or JPEG file beside the design, e.g. image = \"assets/sun.svg\""
                .to_string(),
        };
        r.error(&key.span(), problem, &help);
        return;
    };
    let template = r.source.start_of(&key.span());
    let design =
        r.source.path().file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let message = format!(
        "{problem}; the file name is this cell's, in column `{}`, read by {design}:{}:{}",
        from.column, template.line, template.column
    );
    let help = if refusal.outside {
        REACH_HELP
    } else {
        "correct the file name in this cell; image paths from a data file are looked for \
         beside the data file"
    };
    let diagnostic = Diagnostic::error(&from.data.path, Some(from.cell), message).with_help(help);
    r.diagnostics.push(diagnostic);
}

/// The data file cell a layer's value comes from.
struct FromCell<'a> {
    data: &'a DataRowAt,
    cell: Position,
    column: &'a str,
}

/// The anchor, turn and adjustments of a layer.
fn placement(r: &mut Resolver<'_>, table: &StyledLayer, item: &ItemFace<'_>) -> Option<Placement> {
    let mut place = Placement::default();
    if let Some(at) = &table.at {
        match Anchor::parse(at.get_ref()) {
            Ok(anchor) => {
                if anchor.number().is_some_and(|k| k > item.corners) {
                    r.error(
                        &at.span(),
                        format!(
                            "no {} on {}: it has {} corners and edges",
                            at.get_ref().trim(),
                            item.outline_name,
                            item.corners
                        ),
                        &format!("number corners and edges from 1 to {}", item.corners),
                    );
                    return None;
                }
                place.anchor = anchor;
            }
            Err(message) => {
                r.error(&at.span(), message, "use `centre`, `corner K` or `edge K` (K from 1)");
                return None;
            }
        }
    }
    if let Some(turn) = &table.turn {
        place.turn = Turn::parse(turn.get_ref()).or_else(|| {
            r.error(
                &turn.span(),
                format!("unknown turn `{}`", turn.get_ref()),
                "use `upright`, `item` or `edge`",
            );
            None
        })?;
    }
    let limits = (-MAX_LAYER_MM, MAX_LAYER_MM);
    place.inset_mm = table.inset_mm.as_ref().map_or(0.0, |i| r.length(i, "`inset_mm`", limits));
    if let Some(offset) = &table.offset_mm {
        let (x, y) = pair(r, offset, "`offset_mm`", -MAX_LAYER_MM)?;
        place.offset_mm = Vec2::new(x, y);
    }
    place.rotate_deg =
        table.rotate.as_ref().map_or(0.0, |d| r.length(d, "`rotate`", (-360.0, 360.0)));
    Some(place)
}
