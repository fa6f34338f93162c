//! A layer with one item's fields in it: `{field}`s filled in its style keys (colours, shape, font, anchor, turn, level, alignment), numbers written as `"{field}"` read from the item's values, and its `when` tested; a value that is not a colour or a number is reported at the data cell it comes from (naming the template's key), or at the key.

use toml::Spanned;

use super::fields::substituted;
use super::item_face::ItemFace;
use super::schema::{LayerTable, Number, StyledLayer};
use super::shape_paint::NO_PAINT;
use crate::model::colours::palette::Palette;
use crate::model::context::data_colours::DataColour;
use crate::model::context::resolver::Resolver;
use crate::model::input::suggest::closest;
use crate::scene::Colour;

/// The layer as `item` draws it: `Some(None)` when its `when` leaves it out, `None` when a
/// value is wrong (reported).
pub fn styled(
    r: &mut Resolver<'_>,
    palette: &Palette,
    item: &ItemFace<'_>,
    table: &LayerTable,
) -> Option<Option<StyledLayer>> {
    if let Some(when) = &table.when
        && !super::when::applies(r, item, when)?
    {
        return Some(None);
    }
    // What the face shows of its fields: a second cue beside colours taken from them.
    for shown in [&table.text, &table.image].into_iter().flatten() {
        for name in super::fields::field_names(shown.get_ref()) {
            let value = item.fields.get(name).cloned().unwrap_or_default();
            r.face_colours.shown.insert(name.to_string(), value);
        }
    }
    let errors = r.diagnostics.len();
    let mut style = Style { r: &mut *r, palette, item };
    let styled = StyledLayer {
        text: table.text.clone(),
        pips: table.pips.clone(),
        image: table.image.clone(),
        id: table.id.clone(),
        when: table.when.clone(),
        fit: table.fit,
        sides: table.sides.clone(),
        points: table.points.clone(),
        decorative: table.decorative,
        shape: style.text(&table.shape),
        at: style.text(&table.at),
        turn: style.text(&table.turn),
        level: style.text(&table.level),
        font: style.text(&table.font),
        align: style.text(&table.align),
        colour: style.colour(&table.colour, "colour"),
        fill: style.colour(&table.fill, "fill"),
        stroke: style.colour(&table.stroke, "stroke"),
        inset_mm: style.number(&table.inset_mm, "inset_mm"),
        rotate: style.number(&table.rotate, "rotate"),
        size_mm: style.number(&table.size_mm, "size_mm"),
        line_spacing: style.number(&table.line_spacing, "line_spacing"),
        stroke_mm: style.number(&table.stroke_mm, "stroke_mm"),
        radius_mm: style.number(&table.radius_mm, "radius_mm"),
        inner: style.number(&table.inner, "inner"),
        opacity: style.share(&table.opacity, "opacity"),
        offset_mm: style.numbers(&table.offset_mm, "offset_mm"),
        box_mm: style.numbers(&table.box_mm, "box_mm"),
    };
    (r.diagnostics.len() == errors).then_some(Some(styled))
}

/// What fills one layer's keys: the resolver (for its messages), the palette and the item.
struct Style<'r, 's, 'i> {
    r: &'r mut Resolver<'s>,
    palette: &'r Palette,
    item: &'r ItemFace<'i>,
}

impl Style<'_, '_, '_> {
    /// A text key with its `{field}`s filled in.
    fn text(&mut self, value: &Option<Spanned<String>>) -> Option<Spanned<String>> {
        let value = value.as_ref()?;
        if !value.get_ref().contains('{') {
            return Some(value.clone());
        }
        let filled = substituted(self.r, self.item, value)?;
        Some(Spanned::new(value.span(), filled))
    }

    /// A colour key with its `{field}`s filled in, the value checked to be a colour (a
    /// palette name or `#rrggbb`) when it came from a field.
    fn colour(&mut self, value: &Option<Spanned<String>>, key: &str) -> Option<Spanned<String>> {
        let written = value.as_ref()?;
        let filled = self.text(value)?;
        let name = filled.get_ref().trim();
        // A shape's `fill` or `stroke` may be `none` (from data too).
        let known = if name == NO_PAINT && key != "colour" {
            true
        } else if name.starts_with('#') {
            Colour::from_hex(name).is_some()
        } else {
            self.palette.colours.contains_key(name)
        };
        if written.get_ref().contains('{') && !known {
            let names: Vec<&str> = self.palette.colours.keys().map(String::as_str).collect();
            let near = closest(name, names.iter().copied())
                .map_or(String::new(), |n| format!("did you mean `{n}`? "));
            let help = format!(
                "{near}write a colour of [palette] ({}) or #rrggbb, or add `{name}` to [palette]",
                names.join(", ")
            );
            self.wrong(written, key, format!("`{name}` is not a colour of the palette"), &help);
            return None;
        }
        if written.get_ref().contains('{') && name != NO_PAINT {
            self.record_data_colour(written, key, name);
        }
        Some(filled)
    }

    /// A number key: its number, or the number its `"{field}"`s give.
    fn number(&mut self, value: &Option<Spanned<Number>>, key: &str) -> Option<Spanned<f64>> {
        let value = value.as_ref()?;
        let number = self.read(value.get_ref(), &value.span(), key)?;
        Some(Spanned::new(value.span(), number))
    }

    /// A number key that takes 0 to 1 (`opacity`): a value outside that is reported where
    /// it is written (its data cell, or the key).
    fn share(&mut self, value: &Option<Spanned<Number>>, key: &str) -> Option<Spanned<f64>> {
        let number = self.number(value, key)?;
        let share = *number.get_ref();
        if (0.0..=1.0).contains(&share) {
            return Some(number);
        }
        let text = match value.as_ref().map(Spanned::get_ref) {
            Some(Number::Field(text)) => text.clone(),
            _ => crate::model::input::diagnostic::number_text(share),
        };
        let written = Spanned::new(number.span(), text);
        let problem =
            format!("{} is not from 0 to 1", crate::model::input::diagnostic::number_text(share));
        self.wrong(&written, key, problem, wanted(key));
        None
    }

    /// A pair of numbers (`offset_mm`, `box_mm`), each a number or a `"{field}"`.
    fn numbers(
        &mut self,
        value: &Option<Spanned<Vec<Number>>>,
        key: &str,
    ) -> Option<Spanned<Vec<f64>>> {
        let value = value.as_ref()?;
        let numbers: Option<Vec<f64>> =
            value.get_ref().iter().map(|n| self.read(n, &value.span(), key)).collect();
        Some(Spanned::new(value.span(), numbers?))
    }

    /// The number `value` is or gives; a field value that is not a number is reported.
    fn read(&mut self, value: &Number, span: &std::ops::Range<usize>, key: &str) -> Option<f64> {
        let text = match value {
            Number::Value(v) => return Some(*v),
            Number::Field(text) => text,
        };
        let written = Spanned::new(span.clone(), text.clone());
        let filled = substituted(self.r, self.item, &written)?;
        match filled.trim().parse::<f64>() {
            Ok(number) if number.is_finite() => Some(number),
            _ => {
                let help = if text.contains('{') {
                    format!("give the field {}: the key reads it as one", wanted(key))
                } else {
                    format!("write {}, or a \"{{field}}\" whose values are numbers", wanted(key))
                };
                self.wrong(&written, key, format!("`{}` is not a number", filled.trim()), &help);
                None
            }
        }
    }

    /// Keeps the colour `name` that `key` (written as `written`) took from the item's fields,
    /// for the colour-vision check.
    fn record_data_colour(&mut self, written: &Spanned<String>, key: &str, name: &str) {
        let colour = Colour::from_hex(name).unwrap_or_else(|| self.palette.colour(name));
        let found = DataColour::taken(
            (self.r.source.start_of(&written.span()), key),
            (name, colour),
            (&self.item.what, self.item.position),
            self.item.data.as_ref().and_then(|data| data.file_cell_of(written.get_ref())),
        );
        self.r.face_colours.colours.push(found);
    }

    /// Reports a value of `key` (written as `written`) that cannot be used: at the data
    /// file's cell it comes from, naming the template's key; otherwise at the key.
    fn wrong(&mut self, written: &Spanned<String>, key: &str, problem: String, help: &str) {
        self.item.report_value(self.r, (written, key), &problem, help);
    }
}

/// What a number key takes, as its messages say it.
fn wanted(key: &str) -> &'static str {
    match key {
        "opacity" => "a number from 0 (clear) to 1 (solid), e.g. 0.5",
        _ => "a number (e.g. 4.5)",
    }
}
