//! Item fields: `fields = { … }` tables read as text, and `{field}` substitution in layer
//! text and image paths, a missing field reported at the template's key with the item's line.

use std::collections::BTreeMap;

use toml::Spanned;

use super::item_face::ItemFace;
use super::schema::FieldsTable;
use crate::model::context::resolver::Resolver;

/// The text with every `{field}` replaced (`{{` and `}}` stand for braces); a missing
/// field is reported at the key, naming the item and its line.
pub fn substituted(
    r: &mut Resolver<'_>,
    item: &ItemFace<'_>,
    text: &Spanned<String>,
) -> Option<String> {
    match substitute(text.get_ref(), &item.fields) {
        Ok(done) => Some(done),
        Err(Missing::Field(name)) => {
            let mut known: Vec<&str> = item.fields.keys().map(String::as_str).collect();
            known.sort_unstable();
            let known = known.join(", ");
            let (message, help) = match &item.data {
                // A data row's fields are its file's columns: the design's line would only
                // mislead (it is where the deck names the file).
                Some(data) => {
                    // Its columns only, not the fields tilepress adds (`{label}`).
                    let columns = known.split(", ").filter(|k| data.columns.iter().any(|c| c == k));
                    let known = columns.collect::<Vec<_>>().join(", ");
                    let file = data.path.file_name().map(|n| n.to_string_lossy());
                    let file = file.unwrap_or_default();
                    (
                        format!(
                            "{} has no field `{name}`: {file} has no column `{name}`",
                            item.what
                        ),
                        format!(
                            "add a column `{name}` to {file}, or use one of its columns: {known}"
                        ),
                    )
                }
                None => (
                    format!(
                        "{} (line {}, column {}) has no field `{name}`",
                        item.what, item.position.line, item.position.column
                    ),
                    format!(
                        "add `{name}` to its fields = {{ … }}, or use one of its fields: {known}"
                    ),
                ),
            };
            r.error(&text.span(), message, &help);
            None
        }
        Err(Missing::Brace) => {
            r.error(
                &text.span(),
                "a `{` or `}` without its pair".into(),
                "write fields as {name}; write {{ and }} for braces themselves",
            );
            None
        }
    }
}

/// Why a text cannot be filled in.
#[derive(Debug, PartialEq, Eq)]
pub enum Missing {
    Field(String),
    Brace,
}

/// Replaces `{name}` by the field's value; `{{` and `}}` are literal braces.
pub fn substitute(text: &str, fields: &BTreeMap<String, String>) -> Result<String, Missing> {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some('{') | None => return Err(Missing::Brace),
                        Some(c) => name.push(c),
                    }
                }
                let value = fields.get(name.trim()).ok_or(Missing::Field(name.trim().into()))?;
                out.push_str(value);
            }
            '}' => return Err(Missing::Brace),
            c => out.push(c),
        }
    }
    Ok(out)
}

/// The names of the `{field}`s `written` uses, in order.
pub fn field_names(written: &str) -> Vec<&str> {
    let fields = written.split('{').skip(1).filter_map(|rest| rest.split_once('}'));
    fields.map(|(name, _)| name.trim()).collect()
}

/// An item's `fields` table as text values, with `built_in` fields first (an item's own
/// field of the same name wins); a value that is not text or a number is reported.
pub fn fields(
    r: &mut Resolver<'_>,
    built_in: &[(&str, String)],
    table: Option<&Spanned<FieldsTable>>,
) -> BTreeMap<String, String> {
    let mut fields: BTreeMap<String, String> =
        built_in.iter().map(|(k, v)| ((*k).to_string(), v.clone())).collect();
    for (name, value) in table.map(|t| t.get_ref().iter()).into_iter().flatten() {
        let Some(text) = value_text(value.get_ref()) else {
            r.error(
                &value.span(),
                format!("field `{name}` is not text or a number"),
                "write fields as name = \"text\" or name = 3",
            );
            continue;
        };
        fields.insert(name.clone(), text);
    }
    fields
}

/// A TOML value as the text of a field: `"ship"`, `3`, `2.5`, `true`; `None` for a table
/// or an array.
pub fn value_text(value: &toml::Value) -> Option<String> {
    match value {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Integer(n) => Some(n.to_string()),
        toml::Value::Float(x) => Some(x.to_string()),
        toml::Value::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitutes_fields_and_escapes_braces() {
        let fields: BTreeMap<String, String> =
            [("number".to_string(), "7".to_string()), ("power".into(), "3".into())].into();
        assert_eq!(substitute("{number}: {power}", &fields), Ok("7: 3".into()));
        assert_eq!(substitute("{{{ number }}}", &fields), Ok("{7}".into()));
        assert_eq!(substitute("{colour}", &fields), Err(Missing::Field("colour".into())));
        assert_eq!(substitute("{number", &fields), Err(Missing::Brace));
        assert_eq!(substitute("a } b", &fields), Err(Missing::Brace));
    }
}
