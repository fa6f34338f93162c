//! A sheet of an .xlsx or .ods workbook as a data table: the zip parts bounded first (`workbook_bounds.rs`), then an .xlsx sheet's cells streamed one by one (no `calamine::Range` is built) and an .ods sheet read only once its repeats are known to fit; both become rows through one function that checks every cell against the data limits before it is kept.

use std::io::Cursor;
use std::path::Path;

use calamine::{Data, Ods, Reader, Xlsx};

use crate::model::data::data_file::{DataBounds, DataError, DataRow, DataTable};
use crate::model::data::workbook_bounds::{ods_repeats_fit, zip_parts_fit};
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::limits::{MAX_DATA_CELLS, MAX_DATA_COLUMNS, MAX_DATA_ROWS};
use crate::model::input::source::Position;

/// One cell with a value: its row and column from 0 (absolute), and its text.
type SparseCell = (u32, u32, String);

/// The sheet `sheet` (the first when `None`) of the workbook `bytes` read from `path`.
pub(super) fn read_workbook(
    path: &Path,
    bytes: Vec<u8>,
    sheet: Option<&str>,
) -> Result<DataTable, DataError> {
    let fail = |message: String| DataError::File(message, "save it as .ods or .xlsx".into());
    let too_large = |why: String| {
        let help = "keep the items in the first rows and columns of the sheet, or split them over several workbooks";
        DataError::File(format!("cannot read the workbook: {why}"), help.into())
    };
    zip_parts_fit(&bytes).map_err(too_large)?;
    let ods = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ods"));
    let cells = if ods {
        ods_repeats_fit(&bytes).map_err(too_large)?;
        let mut book = Ods::new(Cursor::new(bytes))
            .map_err(|e| fail(format!("cannot read the workbook: {e}")))?;
        let name = sheet_name(&book.sheet_names(), sheet)?;
        let range = book
            .worksheet_range(&name)
            .map_err(|e| fail(format!("cannot read sheet `{name}`: {e}")))?;
        let (top, left) = range.start().unwrap_or_default();
        let mut cells = Vec::new();
        for (row, column, value) in range.used_cells() {
            let (row, column) = (top + row as u32, left + column as u32);
            cells.push(kept_cell(path, row, column, value)?);
        }
        (name, cells)
    } else {
        let mut book = Xlsx::new(Cursor::new(bytes))
            .map_err(|e| fail(format!("cannot read the workbook: {e}")))?;
        let name = sheet_name(&book.sheet_names(), sheet)?;
        let mut reader = book
            .worksheet_cells_reader(&name)
            .map_err(|e| fail(format!("cannot read sheet `{name}`: {e}")))?;
        let mut cells = Vec::new();
        while let Some(cell) =
            reader.next_cell().map_err(|e| fail(format!("cannot read sheet `{name}`: {e}")))?
        {
            let (row, column) = cell.get_position();
            let value = Data::from(cell.get_value().clone());
            if value != Data::Empty {
                cells.push(kept_cell(path, row, column, &value)?);
            }
        }
        (name, cells)
    };
    let (name, cells) = cells;
    rows_of(path, &name, cells)
}

/// The sheet asked for, or the first.
fn sheet_name(names: &[String], sheet: Option<&str>) -> Result<String, DataError> {
    match sheet {
        Some(wanted) if names.iter().any(|n| n == wanted) => Ok(wanted.to_string()),
        Some(wanted) => Err(DataError::Sheet(
            format!("the workbook has no sheet `{wanted}`"),
            format!("use one of its sheets: {}", names.join(", ")),
        )),
        None => names.first().cloned().ok_or_else(|| {
            DataError::File("the workbook has no sheets".into(), "add a sheet".into())
        }),
    }
}

/// A cell as text, refused (at its row and column) when it lies past the row or column
/// limit or holds too many characters.
fn kept_cell(path: &Path, row: u32, column: u32, value: &Data) -> Result<SparseCell, DataError> {
    let (line, index) = (row as usize + 1, column as usize);
    let at = |message: String, help: &str| {
        let position = Position { line, column: index.min(MAX_DATA_COLUMNS) + 1 };
        DataError::Rows(
            vec![Diagnostic::error(path, Some(position), message).with_help(help)],
            None,
        )
    };
    if index >= MAX_DATA_COLUMNS {
        return Err(at(
            format!(
                "row {line}: a cell in column {} of the sheet, past tilepress's limit of {MAX_DATA_COLUMNS} columns (MAX_DATA_COLUMNS in model/input/limits.rs)",
                index + 1
            ),
            "keep the items in the first columns of the sheet, and delete cells far to the right",
        ));
    }
    if row as usize > MAX_DATA_ROWS {
        return Err(at(
            format!(
                "a cell in row {line} of the sheet, past tilepress's limit of {MAX_DATA_ROWS} rows (MAX_DATA_ROWS in model/input/limits.rs)"
            ),
            "keep the items in the first rows of the sheet, and delete cells far below",
        ));
    }
    let text = cell_text(value);
    DataBounds::cell(path, line, index, &text).map_err(|over| DataError::Rows(vec![over], None))?;
    Ok((row, column, text))
}

/// The cells as a table: the first row with a value names the columns (as wide as the
/// widest row), every later row with a value is an item.
fn rows_of(path: &Path, name: &str, mut cells: Vec<SparseCell>) -> Result<DataTable, DataError> {
    if cells.len() > MAX_DATA_CELLS {
        let message = format!(
            "sheet `{name}` has more than {MAX_DATA_CELLS} cells, tilepress's limit (MAX_DATA_CELLS in model/input/limits.rs)"
        );
        return Err(DataError::File(message, "split the items over several sheets".into()));
    }
    cells.sort_by_key(|&(row, column, _)| (row, column));
    let width = cells.iter().map(|&(_, column, _)| column as usize + 1).max().unwrap_or(0);
    let mut table = DataTable { path: path.to_path_buf(), columns: Vec::new(), rows: Vec::new() };
    let mut bounds = DataBounds::default();
    let mut cells = cells.into_iter().peekable();
    while let Some(&(row, _, _)) = cells.peek() {
        let line = row as usize + 1;
        bounds.row(path, line, width).map_err(|over| DataError::Rows(vec![over], None))?;
        let mut values = vec![String::new(); width];
        while let Some((_, column, text)) = cells.next_if(|&(r, _, _)| r == row) {
            values[column as usize] = text;
        }
        if table.columns.is_empty() {
            table.columns = values;
        } else if !values.iter().all(String::is_empty) {
            table.rows.push(DataRow { line, values });
        }
    }
    if table.columns.is_empty() {
        return Err(DataError::File(
            format!("sheet `{name}` is empty"),
            "give it a header row".into(),
        ));
    }
    Ok(table)
}
/// A cell as text: whole numbers without a decimal point.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(text) => text.trim().to_string(),
        Data::Float(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", *x as i64),
        Data::Float(x) => x.to_string(),
        Data::Int(n) => n.to_string(),
        Data::Bool(b) => b.to_string(),
        other => other.to_string(),
    }
}
