//! `[columns]`: a data file column's type, declared once for every data file the design reads
//! (tiles, decks, counters alike) — a whole-number `range`, a list of `names`, `unique` — so
//! a bad cell is one error at that cell, before any part or face reads it.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;

/// One column's type as written: `crowns_1 = { range = [0, 3] }`, `number = { range = [1, 48],
/// unique = true }`, `terrain = { names = ["wheat", "forest"] }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnTable {
    pub range: Option<Spanned<Vec<Spanned<i64>>>>,
    pub names: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    pub unique: bool,
}

/// `[columns]` as written: a column's name → its type.
pub type ColumnsTable = BTreeMap<String, Spanned<ColumnTable>>;

/// A column's declared type.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColumnType {
    /// The whole numbers a cell may hold, both included.
    pub range: Option<(i64, i64)>,
    /// The names a cell may hold.
    pub names: Vec<String>,
    /// No two cells of the column hold the same value.
    pub unique: bool,
}

impl ColumnType {
    /// Whether a cell may hold `text`: inside the range, one of the names (or untyped).
    pub fn allows(&self, text: &str) -> bool {
        let text = text.trim();
        match self.range {
            Some((low, high)) => text.parse::<i64>().is_ok_and(|n| (low..=high).contains(&n)),
            None => self.names.is_empty() || self.names.iter().any(|name| name == text),
        }
    }
}

/// Column types by column name (names compared trimmed).
pub type ColumnTypes = BTreeMap<String, ColumnType>;

/// `[columns]` resolved; each mistake reported at its key.
pub fn resolve_column_types(
    r: &mut Resolver<'_>,
    table: Option<&Spanned<ColumnsTable>>,
) -> ColumnTypes {
    let mut types = ColumnTypes::new();
    for (column, written) in table.map(|t| t.get_ref().iter()).into_iter().flatten() {
        let spec = written.get_ref();
        let range = spec.range.as_ref().and_then(|range| match range.get_ref()[..] {
            [ref low, ref high] if low.get_ref() <= high.get_ref() => {
                Some((*low.get_ref(), *high.get_ref()))
            }
            [ref low, ref high] => {
                r.error(
                    &range.span(),
                    format!(
                        "column `{column}`: the range [{}, {}] is upside down",
                        low.get_ref(),
                        high.get_ref()
                    ),
                    &format!(
                        "write the smallest first: range = [{}, {}]",
                        high.get_ref(),
                        low.get_ref()
                    ),
                );
                None
            }
            _ => {
                r.error(
                    &range.span(),
                    format!("column `{column}`: `range` is not two whole numbers"),
                    "write range = [smallest, largest], e.g. range = [0, 3]",
                );
                None
            }
        });
        let names: Vec<String> = spec
            .names
            .iter()
            .flat_map(|names| names.get_ref().iter().map(|n| n.get_ref().trim().to_string()))
            .collect();
        if let Some(list) = spec.names.as_ref().filter(|_| names.is_empty()) {
            r.error(
                &list.span(),
                format!("column `{column}`: `names` names nothing"),
                "list the names a cell may hold",
            );
        }
        if range.is_some() && !names.is_empty() {
            r.error(
                &written.span(),
                format!("column `{column}` is given both a range and names"),
                "a column holds whole numbers (`range`) or names (`names`): keep one",
            );
        }
        types.insert(column.trim().to_string(), ColumnType { range, names, unique: spec.unique });
    }
    types
}
