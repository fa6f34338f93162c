//! Named values: `[values] names = ["wheat", "forest", …]`, each a palette colour, value 0
//! the first name. A value is written by its name or its number (`values = ["wheat",
//! "lake"]`, a data file's cell `wheat`) and every message speaks its name.

use serde::Deserialize;
use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::suggest::closest;

/// A value as written: a number, or one of `[values] names`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum ValueText {
    Number(i64),
    Name(String),
}

/// `[values] names`, each checked to be a palette colour and named once; none when absent.
pub fn resolve_value_names(
    r: &mut Resolver<'_>,
    names: Option<&Spanned<Vec<Spanned<String>>>>,
    palette: &Palette,
) -> Vec<String> {
    let Some(names) = names else { return Vec::new() };
    if names.get_ref().is_empty() {
        r.error(
            &names.span(),
            "`names` names no value".into(),
            "list the values' names, e.g. names = [\"wheat\", \"forest\"]",
        );
    }
    let mut resolved: Vec<String> = Vec::new();
    for name in names.get_ref() {
        let Some(colour) = r.colour_name(name, palette) else { continue };
        if resolved.contains(&colour) {
            r.error(
                &name.span(),
                format!("value `{colour}` is named twice"),
                "name each value once: its place in `names` is its number",
            );
            continue;
        }
        resolved.push(colour);
    }
    resolved
}

/// The number of a value as written: itself, or its name's place in `names`; `None` (reported
/// with the closest name) for a name `names` does not hold.
pub fn value_number(
    r: &mut Resolver<'_>,
    written: &Spanned<ValueText>,
    names: &[String],
    what: &str,
) -> Option<i64> {
    let name = match written.get_ref() {
        ValueText::Number(n) => return Some(*n),
        ValueText::Name(name) => name.trim(),
    };
    if let Some(n) = name
        .parse::<i64>()
        .ok()
        .or_else(|| names.iter().position(|known| known == name).map(|i| i as i64))
    {
        return Some(n);
    }
    let help = match (names.is_empty(), closest(name, names.iter().map(String::as_str))) {
        (true, _) => {
            "write values as whole numbers, or name them in [values] names = [...]".to_string()
        }
        (false, Some(near)) => {
            format!("did you mean `{near}`? The values are named {}", names.join(", "))
        }
        (false, None) => format!("write one of the values' names: {}", names.join(", ")),
    };
    r.error(&written.span(), format!("{what}: `{name}` is not a value"), &help);
    None
}

/// How a message names a value: its name, or its number.
pub fn value_text(value: u32, names: &[String]) -> String {
    names.get(value as usize).cloned().unwrap_or_else(|| value.to_string())
}

/// How a message names a tile's values: `3|5`, or `wheat|lake`.
pub fn values_text(values: &[u32], names: &[String]) -> String {
    values.iter().map(|&v| value_text(v, names)).collect::<Vec<_>>().join("|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_told_by_name_where_they_have_one() {
        let names = ["wheat".to_string(), "lake".to_string()];
        assert_eq!(values_text(&[3, 5], &[]), "3|5");
        assert_eq!(values_text(&[1, 0], &names), "lake|wheat");
        assert_eq!(values_text(&[1, 2], &names), "lake|2", "a number past the names");
    }
}
