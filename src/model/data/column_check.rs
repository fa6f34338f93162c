//! A data file's cells held to the design's `[columns]` types: each bad cell one error at it
//! (`tiles.csv:20:3`, with the closest name where names are expected), and its row left out,
//! so no part or face that reads it reports it again.

use std::collections::BTreeMap;

use crate::model::context::column_types::{ColumnType, ColumnTypes};
use crate::model::context::resolver::Resolver;
use crate::model::data::data_file::DataTable;
use crate::model::input::suggest::closest;

/// Checks every cell of `table` against `types`, reports each bad one at its cell, and leaves
/// out the rows that hold one.
pub fn check_columns(r: &mut Resolver<'_>, table: &mut DataTable, types: &ColumnTypes) {
    let typed: Vec<(usize, &ColumnType, &str)> = (table.columns.iter().enumerate())
        .filter_map(|(index, name)| Some((index, types.get(name.trim())?, name.trim())))
        .collect();
    if typed.is_empty() {
        return;
    }
    let mut bad_rows = Vec::new();
    let mut first_row: BTreeMap<(usize, String), usize> = BTreeMap::new();
    for (row_index, row) in table.rows.iter().enumerate() {
        for &(index, kind, name) in &typed {
            let text = row.values.get(index).map_or("", |v| v.trim());
            if text.is_empty() {
                continue;
            }
            let problem = cell_problem(kind, text, name).or_else(|| {
                let first = first_row.entry((index, text.to_string())).or_insert(row.line);
                (kind.unique && *first != row.line).then(|| {
                    (
                        format!("`{text}` in column `{name}` is used twice (also at row {first})"),
                        format!("each value of `{name}` comes once: change one of the two"),
                    )
                })
            });
            if let Some((message, help)) = problem {
                r.diagnostics.push(table.error_at(row.line, index, message).with_help(&help));
                bad_rows.push(row_index);
            }
        }
    }
    bad_rows.dedup();
    for row_index in bad_rows.into_iter().rev() {
        table.rows.remove(row_index);
    }
}

/// What is wrong with `text` in a column of type `kind` named `name`, and the help.
fn cell_problem(kind: &ColumnType, text: &str, name: &str) -> Option<(String, String)> {
    if kind.allows(text) {
        return None;
    }
    Some(match kind.range {
        Some((low, high)) => (
            format!("`{text}` in column `{name}` is not a whole number from {low} to {high}"),
            format!("write a whole number from {low} to {high}, as `[columns] {name}` says"),
        ),
        None => {
            let help = match closest(text, kind.names.iter().map(String::as_str)) {
                Some(near) => {
                    format!("did you mean `{near}`? `{name}` holds {}", kind.names.join(", "))
                }
                None => format!("write one of {}", kind.names.join(", ")),
            };
            (format!("`{text}` in column `{name}` is not one of its names"), help)
        }
    })
}
