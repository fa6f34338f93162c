//! A track's cells with fields of their own, by cell number: the rows of its data file (a `number` column and any others) and its `[[tracks.cells]]` entries, each number within the track and given once; every mistake at the data cell or the key.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::data::data_file::read_data_at;
use crate::model::face::fields::fields;
use crate::model::face::item_face::DataRowAt;
use crate::model::face::schema::FieldsTable;
use crate::model::input::source::Position;

/// `[[tracks.cells]]`: one cell's own fields.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackCellTable {
    pub number: Spanned<i64>,
    pub fields: Option<Spanned<FieldsTable>>,
}

/// One cell's own fields, and the data file row they come from.
#[derive(Clone, Debug, Default)]
pub struct CellFields {
    pub fields: BTreeMap<String, String>,
    pub data: Option<DataRowAt>,
    /// Where its `[[tracks.cells]]` entry is written, when it has one.
    pub position: Option<Position>,
}

/// The fields of each cell of a track numbered `from` to `to`, by number — every field any
/// cell has, empty where a cell has none of its own; `None` when a
/// data file cannot be read or a number is wrong (reported).
pub fn cell_fields(
    r: &mut Resolver<'_>,
    data: Option<&Spanned<String>>,
    sheet: Option<&Spanned<String>>,
    cells: &[Spanned<TrackCellTable>],
    (from, to): (i64, i64),
) -> Option<BTreeMap<i64, CellFields>> {
    let mut found: BTreeMap<i64, CellFields> = BTreeMap::new();
    let errors = r.diagnostics.len();
    let range = format!("from {from} to {to}");
    if let Some(data) = data {
        let table = read_data_at(r, data, sheet)?;
        let Some(number_column) = table.column("number") else {
            r.error(
                &data.span(),
                format!("`{}` has no column `number`", data.get_ref().trim()),
                "give the data file a column `number`: the cell each row's fields are for",
            );
            return None;
        };
        let columns = Arc::new(table.columns.clone());
        for row in &table.rows {
            let text = row.values.get(number_column).map_or("", |v| v.trim());
            let number = match text.parse::<i64>() {
                Ok(n) if (from..=to).contains(&n) => n,
                _ => {
                    let message =
                        format!("`{text}` is not the number of a cell of the track ({range})");
                    let help = "give each row the number of the cell it is for";
                    r.diagnostics
                        .push(table.error_at(row.line, number_column, message).with_help(help));
                    continue;
                }
            };
            if found.contains_key(&number) {
                let message = format!("cell {number} has a row already");
                let help = "give each cell one row";
                r.diagnostics
                    .push(table.error_at(row.line, number_column, message).with_help(help));
                continue;
            }
            let fields = table.columns.iter().cloned().zip(row.values.iter().cloned()).collect();
            let at =
                DataRowAt { path: table.path.clone(), line: row.line, columns: columns.clone() };
            found.insert(number, CellFields { fields, data: Some(at), position: None });
        }
    }
    for cell in cells {
        let number = *cell.get_ref().number.get_ref();
        let span = cell.get_ref().number.span();
        if !(from..=to).contains(&number) {
            r.error(
                &span,
                format!("the track has no cell {number} ({range})"),
                "number a cell of the track",
            );
            continue;
        }
        if found.contains_key(&number) {
            r.error(
                &span,
                format!("cell {number} has its fields already"),
                "give each cell its fields once",
            );
            continue;
        }
        let fields = fields(r, &[], cell.get_ref().fields.as_ref());
        let position = Some(r.source.start_of(&cell.span()));
        found.insert(number, CellFields { fields, data: None, position });
    }
    // Every cell has every field some cell has, empty where it has none of its own, so that
    // `when = { mark = "x" }` leaves the others out rather than failing on them.
    let names: Vec<String> = found.values().flat_map(|cell| cell.fields.keys().cloned()).collect();
    for number in from..=to {
        let cell = found.entry(number).or_default();
        for name in &names {
            cell.fields.entry(name.clone()).or_default();
        }
    }
    (r.diagnostics.len() == errors).then_some(found)
}
