//! A layer's `when`: the items it is drawn on (a field's value or one of several, `not`, empty, a number range), and the values it asks for that no item has (problems, with "did you mean").

use std::collections::BTreeSet;
use std::ops::Range;

use toml::Spanned;

use super::fields::value_text;
use super::item_face::ItemFace;
use super::schema::WhenTable;
use crate::model::context::resolver::Resolver;
use crate::model::context::when_seen::{Condition, WhenSeen};
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::suggest::closest;

const WRITE_IT: &str = "write when = { kind = \"ship\" }, { kind = [\"ship\", \"storm\"] }, { kind = { not = \"storm\" } } or { cost = { min = 2, max = 4 } }";

/// Whether `item`'s fields meet every field of `when`; `None` when `when` names a field the
/// item lacks, is written wrong, or asks a number of a value that is none (reported).
pub fn applies(
    r: &mut Resolver<'_>,
    item: &ItemFace<'_>,
    when: &Spanned<WhenTable>,
) -> Option<bool> {
    let mut all = true;
    for (name, wanted) in when.get_ref() {
        let field = name.trim();
        let Some(value) = item.fields.get(field) else {
            let known: Vec<&str> = item.fields.keys().map(String::as_str).collect();
            let near = closest(field, known.iter().copied())
                .map_or(String::new(), |n| format!("did you mean `{n}`? "));
            r.error(
                &when.span(),
                format!("{}: `when` names the field `{name}`, which it does not have", item.what),
                &format!("{near}name one of its fields: {}", known.join(", ")),
            );
            return None;
        };
        let condition = condition(r, field, wanted)?;
        let value = value.trim();
        all &= meets(r, item, (field, &when.span()), &condition, value)?;
        let key = (wanted.span().start, wanted.span().end);
        let seen = r.when_uses.entry(key).or_insert_with(|| WhenSeen {
            field: field.to_string(),
            condition,
            span: wanted.span(),
            present: BTreeSet::new(),
        });
        seen.present.insert(value.to_string());
    }
    Some(all)
}

/// The condition one field's value writes; `None` when it is written wrong (reported).
fn condition(
    r: &mut Resolver<'_>,
    field: &str,
    wanted: &Spanned<toml::Value>,
) -> Option<Condition> {
    let span = wanted.span();
    let mut condition = Condition { one_of: None, not: Vec::new(), min: None, max: None };
    let toml::Value::Table(table) = wanted.get_ref() else {
        condition.one_of = Some(texts(r, field, &span, wanted.get_ref())?);
        return Some(condition);
    };
    if table.is_empty() {
        r.error(&span, format!("`when`: `{field}` asks for nothing (an empty table)"), WRITE_IT);
        return None;
    }
    for (key, value) in table {
        match key.as_str() {
            "not" => condition.not = texts(r, field, &span, value)?,
            "min" | "max" => {
                let Some(number) = value.as_float().or(value.as_integer().map(|n| n as f64)) else {
                    r.error(
                        &span,
                        format!("`when`: `{field}`'s `{key}` is not a number"),
                        "write a number without quotes: { min = 2, max = 4 }",
                    );
                    return None;
                };
                *(if key == "min" { &mut condition.min } else { &mut condition.max }) =
                    Some(number);
            }
            other => {
                let near = closest(other, ["not", "min", "max"])
                    .map_or(String::new(), |n| format!("did you mean `{n}`? "));
                r.error(
                    &span,
                    format!(
                        "`when`: `{field}` has the key `{other}`, which a condition does not take"
                    ),
                    &format!("{near}a condition takes `not`, `min` and `max`"),
                );
                return None;
            }
        }
    }
    if let (Some(min), Some(max)) = (condition.min, condition.max)
        && min > max
    {
        r.error(
            &span,
            format!("`when`: `{field}` asks for a number from {min} to {max}: none is"),
            "give `min` no larger than `max`",
        );
        return None;
    }
    Some(condition)
}

/// A value or list of values as text; `None` when one is not text, a number or true/false
/// (reported).
fn texts(
    r: &mut Resolver<'_>,
    field: &str,
    span: &Range<usize>,
    value: &toml::Value,
) -> Option<Vec<String>> {
    let values = match value {
        toml::Value::Array(values) => values.iter().map(value_text).collect::<Option<Vec<_>>>(),
        one => value_text(one).map(|v| vec![v]),
    };
    let values = values.map(|values| values.iter().map(|v| v.trim().to_string()).collect());
    if values.is_none() {
        r.error(span, format!("`when`: the value of `{field}` is not text or a number"), WRITE_IT);
    }
    values
}

/// Whether `value` meets `condition`; `None` when a range is asked of a value that is not a
/// number (reported at its data cell, or at the `when`).
fn meets(
    r: &mut Resolver<'_>,
    item: &ItemFace<'_>,
    (field, span): (&str, &Range<usize>),
    condition: &Condition,
    value: &str,
) -> Option<bool> {
    let listed = condition.one_of.as_ref().is_none_or(|one_of| one_of.iter().any(|v| v == value));
    let excluded = condition.not.iter().any(|v| v == value);
    if condition.min.is_none() && condition.max.is_none() {
        return Some(listed && !excluded);
    }
    // An empty value is no number: the item is left out of the range.
    if value.is_empty() {
        return Some(false);
    }
    let Ok(number) = value.parse::<f64>() else {
        let problem = format!(
            "`when` asks for `{field}` {}, and `{value}` is not a number",
            range_words(condition)
        );
        let help = "give the field a number, or leave it empty to leave the item out";
        let cell = item.data.as_ref().and_then(|data| data.cell_of(&format!("{{{field}}}")));
        match (cell, &item.data) {
            (Some((at, _)), Some(data)) => {
                let message = format!("{}: {problem}", item.what);
                r.diagnostics
                    .push(Diagnostic::error(&data.path, Some(at), message).with_help(help));
            }
            _ => r.error(span, format!("{}: {problem}", item.what), help),
        }
        return None;
    };
    let in_range = condition.min.is_none_or(|min| number >= min)
        && condition.max.is_none_or(|max| number <= max);
    Some(listed && !excluded && in_range)
}

/// A range in words: `from 2 to 4`, `from 2`, `up to 4`.
fn range_words(condition: &Condition) -> String {
    match (condition.min, condition.max) {
        (Some(min), Some(max)) => format!("from {min} to {max}"),
        (Some(min), None) => format!("from {min}"),
        (None, Some(max)) => format!("up to {max}"),
        (None, None) => String::new(),
    }
}

/// The values `when`s ask for that no item they were tested on has, each a problem at the
/// value with the values the items have (and the nearest of them).
pub fn unmatched(r: &Resolver<'_>) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for seen in r.when_uses.values() {
        let field = &seen.field;
        let present = seen.present.iter().map(|v| shown(v)).collect::<Vec<_>>().join(", ");
        let help = |wanted: &str| {
            let near = closest(wanted, seen.present.iter().map(String::as_str))
                .map_or(String::new(), |n| format!("did you mean {}? ", shown(n)));
            format!("{near}the items this layer is tested on have `{field}` {present}")
        };
        let condition = &seen.condition;
        let mut found = |message: String, help: String| {
            let at = r.source.start_of(&seen.span);
            problems.push(Diagnostic::problem(r.source.path(), Some(at), message).with_help(&help));
        };
        // A value the field's declared column type allows is one no item has yet: no problem.
        let declared = r.column_types.get(field.trim());
        let allowed = |wanted: &str| declared.is_some_and(|kind| kind.allows(wanted));
        let unseen = |v: &&String| !seen.present.contains(*v) && !allowed(v);
        for wanted in condition.one_of.iter().flatten().filter(unseen) {
            let message = format!(
                "`when`: no item has `{field}` {}: the layer is drawn for none",
                shown(wanted)
            );
            found(message, help(wanted));
        }
        for wanted in condition.not.iter().filter(unseen) {
            let message = format!(
                "`when`: `not` {} leaves out no item: none has `{field}` {}",
                shown(wanted),
                shown(wanted)
            );
            found(message, help(wanted));
        }
        if condition.min.is_some() || condition.max.is_some() {
            let numbers = seen.present.iter().filter_map(|v| v.parse::<f64>().ok());
            let in_range = |n: &f64| {
                condition.min.is_none_or(|min| *n >= min)
                    && condition.max.is_none_or(|max| *n <= max)
            };
            let declared_range = declared.and_then(|kind| kind.range).is_some_and(|(low, high)| {
                condition.min.is_none_or(|min| min <= high as f64)
                    && condition.max.is_none_or(|max| max >= low as f64)
            });
            if !numbers.clone().any(|n| in_range(&n)) && !declared_range {
                let message = format!(
                    "`when`: no item has `{field}` {}: the layer is drawn for none",
                    range_words(condition)
                );
                found(
                    message,
                    format!("the items this layer is tested on have `{field}` {present}"),
                );
            }
        }
    }
    problems
}

/// A value as a message shows it: `pests` in backquotes, or `empty`.
fn shown(value: &str) -> String {
    if value.is_empty() { "empty".to_string() } else { format!("`{value}`") }
}
