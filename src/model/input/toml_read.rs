//! A TOML file read into its tables with every unknown key and unreadable value found in one run: each mistake is taken out of the parsed file and the rest read again.

use std::ops::Range;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::model::input::limits::MAX_LISTED_ERRORS;

/// One mistake of the file as TOML or as tilepress reads it: where, and what serde said.
#[derive(Clone, Debug, PartialEq)]
pub struct TomlMistake {
    /// Bytes of the file; `None` when the reader gave no place.
    pub span: Option<Range<usize>>,
    pub message: String,
}

/// What reading a file gave.
#[derive(Debug)]
pub struct TomlRead<T> {
    /// The tables, when nothing but unknown keys was wrong (they are left out): the rest of
    /// the file means what it says, so its own mistakes can be found too.
    pub value: Option<T>,
    /// Every mistake found, in the file's order (at most [`MAX_LISTED_ERRORS`]).
    pub mistakes: Vec<TomlMistake>,
}

/// Reads `text` as `T`. A syntax error stops at once (what follows it cannot be trusted);
/// an unknown key or a value of the wrong kind is noted, taken out, and the file read again,
/// so one run finds them all. A key left out this way that `T` requires is not reported a
/// second time as missing.
pub fn read_toml<T: DeserializeOwned>(text: &str) -> TomlRead<T> {
    let mut root = match DeTable::parse(text) {
        Ok(root) => root,
        Err(error) => {
            let mistake = TomlMistake { span: error.span(), message: error.message().into() };
            return TomlRead { value: None, mistakes: vec![mistake] };
        }
    };
    let mut mistakes = Vec::new();
    let mut taken_out: Vec<String> = Vec::new();
    let mut only_unknown_keys = true;
    while mistakes.len() < MAX_LISTED_ERRORS {
        let error = match T::deserialize(toml::de::Deserializer::from(root.clone())) {
            Ok(value) => {
                let value = only_unknown_keys.then_some(value);
                return TomlRead { value, mistakes: in_file_order(mistakes) };
            }
            Err(error) => error,
        };
        let message = error.message().trim().to_string();
        if taken_out.iter().any(|key| message == format!("missing field `{key}`")) {
            // A required key whose value was wrong: already reported at its value.
            break;
        }
        let span = error.span();
        let unknown = message.starts_with("unknown field");
        mistakes.push(TomlMistake { span: span.clone(), message });
        only_unknown_keys &= unknown;
        let Some(key) = span.and_then(|span| take_out(root.get_mut(), &span)) else { break };
        taken_out.push(key);
    }
    TomlRead { value: None, mistakes: in_file_order(mistakes) }
}

/// The mistakes in the order of their places in the file (they are found in the order of
/// the tables' keys).
fn in_file_order(mut mistakes: Vec<TomlMistake>) -> Vec<TomlMistake> {
    mistakes.sort_by_key(|m| m.span.as_ref().map_or(usize::MAX, |s| s.start));
    mistakes
}

/// Removes the entry the mistake at `span` is about — the deepest whose key or value is
/// `span`, else the deepest whose value holds it — and gives its key. Every table is
/// searched (an array of tables' own span is only its first header's).
fn take_out(table: &mut DeTable<'_>, span: &Range<usize>) -> Option<String> {
    for (_, value) in table.iter_mut() {
        if let Some(key) = take_out_within(value.get_mut(), span) {
            return Some(key);
        }
    }
    let mut found = None;
    let mut holding = None;
    for (key, value) in table.iter() {
        if key.span() == *span || value.span() == *span {
            found = Some(key.clone());
        } else if holds(value, span) {
            holding = Some(key.clone());
        }
    }
    let chosen = found.or(holding)?;
    table.remove(&chosen);
    Some(chosen.get_ref().to_string())
}

/// Looks for the entry inside a table, or inside the tables of an array (an item that is
/// itself what is wrong leaves its array's entry to be taken out).
fn take_out_within(value: &mut DeValue<'_>, span: &Range<usize>) -> Option<String> {
    match value {
        DeValue::Table(table) => take_out(table, span),
        DeValue::Array(items) => items
            .iter_mut()
            .filter(|item| item.span() != *span)
            .find_map(|item| take_out_within(item.get_mut(), span)),
        _ => None,
    }
}

/// Whether `value`'s text holds `span`.
fn holds(value: &Spanned<DeValue<'_>>, span: &Range<usize>) -> bool {
    let outer = value.span();
    outer.start <= span.start && span.end <= outer.end
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        name: String,
        size: Option<u32>,
        #[serde(default)]
        layers: Vec<Layer>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Layer {
        text: Option<String>,
    }

    fn at(text: &str, read: &TomlRead<File>) -> Vec<String> {
        let place = |m: &TomlMistake| m.span.clone().map(|s| text[s].to_string());
        read.mistakes.iter().map(|m| place(m).unwrap_or_default()).collect()
    }

    #[test]
    fn every_unknown_key_is_found_and_the_rest_is_read() {
        let text = "name = \"a\"\nszie = 3\nlayers = [{ text = \"x\", colr = \"red\" }, { txet = \"y\" }]\n[more]\nb = 1\n";
        let read: TomlRead<File> = read_toml(text);
        assert_eq!(at(text, &read), ["szie", "colr", "txet", "more"]);
        assert!(read.mistakes.iter().all(|m| m.message.starts_with("unknown field")));
        let file = read.value.expect("only unknown keys: the rest is read");
        assert_eq!((file.name.as_str(), file.size, file.layers.len()), ("a", None, 2));
        let texts: Vec<Option<&str>> = file.layers.iter().map(|l| l.text.as_deref()).collect();
        assert_eq!(texts, [Some("x"), None]);
    }

    #[test]
    fn wrong_values_are_all_found_but_nothing_is_read() {
        let text = "name = 4\nsize = \"big\"\nlayers = [{ text = 5 }]\n";
        let read: TomlRead<File> = read_toml(text);
        // `name` is required: taken out for its wrong value, it is not missing a second time.
        assert_eq!(at(text, &read), ["4", "\"big\"", "5"]);
        assert!(read.value.is_none());
    }

    #[test]
    fn a_syntax_error_stops_at_once() {
        let read: TomlRead<File> = read_toml("name = \"a\nszie = 3\n");
        assert_eq!(read.mistakes.len(), 1);
        assert!(read.value.is_none());
    }

    #[test]
    fn a_clean_file_reads_as_before() {
        let read: TomlRead<File> = read_toml("name = \"a\"\nsize = 3\n");
        assert!(read.mistakes.is_empty());
        assert_eq!(read.value.map(|f| f.size), Some(Some(3)));
    }

    #[test]
    fn the_mistakes_listed_stop_at_the_cap() {
        let text: String =
            (0..MAX_LISTED_ERRORS + 5).map(|i| format!("k{i} = 1\n")).collect::<String>()
                + "name = \"a\"\n";
        let read: TomlRead<File> = read_toml(&text);
        assert_eq!(read.mistakes.len(), MAX_LISTED_ERRORS);
    }
}
