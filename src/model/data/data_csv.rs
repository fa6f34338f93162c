//! A CSV data file: a header row and one row per item, parsed record by record from its bounded bytes, each record checked against the data limits before its values are kept.

use std::path::Path;

use crate::model::data::data_file::{DataBounds, DataError, DataRow, DataTable};
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::Position;

/// A CSV file with a header row; every row must have as many values as the header.
pub(super) fn read_csv(path: &Path, bytes: &[u8]) -> Result<DataTable, DataError> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(bytes);
    // Lines counted from byte offsets (the reader skips blank lines without counting them).
    let (mut counted_to, mut counted_line) = (0, 1);
    let mut line_at = |byte: usize| {
        // A record's position is where the reader started: before any blank lines it skipped.
        let mut byte = byte.min(bytes.len());
        while matches!(bytes.get(byte), Some(b'\n' | b'\r')) {
            byte += 1;
        }
        if byte >= counted_to {
            counted_line += bytes[counted_to..byte].iter().filter(|&&b| b == b'\n').count();
            counted_to = byte;
        }
        counted_line
    };
    let mut table = DataTable { path: path.to_path_buf(), columns: Vec::new(), rows: Vec::new() };
    let mut bounds = DataBounds::default();
    let mut errors = Vec::new();
    let mut record = csv::ByteRecord::new();
    for index in 0.. {
        let read = reader.read_byte_record(&mut record);
        let line = record.position().map_or(index + 1, |p| line_at(p.byte() as usize));
        match read {
            Ok(false) => break,
            Ok(true) => {}
            Err(error) => {
                let line = error.position().map_or(index + 1, |p| line_at(p.byte() as usize));
                let position = Some(Position { line, column: 1 });
                errors.push(
                    Diagnostic::error(path, position, format!("cannot read the row: {error}"))
                        .with_help("check the quotes of this row"),
                );
                continue;
            }
        }
        if let Err(over) = bounds.row(path, line, record.len()) {
            errors.push(over);
            return Err(DataError::Rows(errors, None));
        }
        let mut values = Vec::with_capacity(record.len());
        let errors_before = errors.len();
        for (column, bytes) in record.iter().enumerate() {
            match std::str::from_utf8(bytes) {
                Ok(text) => {
                    if let Err(over) = DataBounds::cell(path, line, column, text) {
                        errors.push(over);
                        return Err(DataError::Rows(errors, None));
                    }
                    values.push(text.trim().to_string());
                }
                Err(_) => {
                    errors.push(
                        table
                            .error_at(line, column, format!("row {line} is not UTF-8 text"))
                            .with_help("save the CSV as UTF-8 (\"CSV UTF-8\" in spreadsheets)"),
                    );
                    values.push(String::new());
                }
            }
        }
        if table.columns.is_empty() && index == 0 {
            table.columns = values;
            continue;
        }
        // A row with a cell that is not text is reported, not kept.
        if values.iter().all(String::is_empty) || errors.len() > errors_before {
            continue;
        }
        let expected = table.columns.len();
        if values.len() != expected {
            let few = if values.len() < expected { "too few" } else { "too many" };
            let column = values.len().min(expected);
            errors.push(
                table
                    .error_at(
                        line,
                        column,
                        format!(
                            "row {line} has {few} columns: {} where the header has {expected}",
                            values.len()
                        ),
                    )
                    .with_help(column_help(few == "too many", &values[column..])),
            );
            continue;
        }
        table.rows.push(DataRow { line, values });
    }
    if table.columns.is_empty() && errors.is_empty() {
        return Err(DataError::File(
            "the data file is empty".into(),
            "start it with a header row naming the columns".into(),
        ));
    }
    if errors.is_empty() { Ok(table) } else { Err(DataError::Rows(errors, Some(table))) }
}

/// What to do about a row of the wrong length: for one too long, the quotes a value with a
/// comma needs, quoting the values past the header's columns.
fn column_help(too_many: bool, extra: &[String]) -> String {
    let plain = "give every row one value per header column (empty is allowed)";
    if !too_many {
        return plain.into();
    }
    format!(
        "a value holding a comma needs double quotes around it (\"spades, black\"): the row's \
         values past the header's columns begin {}; otherwise {plain}",
        extra.iter().take(3).map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ")
    )
}
