//! Item lists from data files: a CSV file (`csv`) or a sheet of an .ods/.xlsx/.xls workbook
//! (`calamine`), read as a header row of column names and one row per item, every value as
//! text. Every mistake names the file, the row and the column; a mistake of the file as a
//! whole (missing, unreadable, empty, no such sheet) names the design's `data` or `sheet` key.

use std::path::{Path, PathBuf};

use calamine::{Data, Reader, open_workbook_auto};

use toml::Spanned;

use super::diagnostic::Diagnostic;
use super::resolve::Resolver;
use super::source::Position;

/// A data file read as text: its column names and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct DataTable {
    pub path: PathBuf,
    pub columns: Vec<String>,
    pub rows: Vec<DataRow>,
}

/// One item row: its line (CSV) or row (spreadsheet) number from 1, and one value per
/// column.
#[derive(Clone, Debug, PartialEq)]
pub struct DataRow {
    pub line: usize,
    pub values: Vec<String>,
}

impl DataTable {
    /// The index of a column by name (names are compared trimmed).
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name.trim())
    }

    /// A diagnostic about the value in `row` and `column` (0-based index) of this file.
    pub fn error_at(&self, line: usize, column: usize, message: String) -> Diagnostic {
        let position = Position { line, column: column + 1 };
        Diagnostic::error(&self.path, Some(position), message)
    }
}

/// Why a data file could not be read.
#[derive(Debug)]
pub enum DataError {
    /// The file as a whole: missing, unreadable or empty (message and help).
    File(String, String),
    /// The sheet asked for: not in the file (message and help).
    Sheet(String, String),
    /// Rows and cells, each diagnostic at its place in the file.
    Rows(Vec<Diagnostic>),
}

/// Reads the data file a design names at `data` (relative to the design), and its `sheet`;
/// mistakes of the file as a whole are reported at the `data` key, a missing sheet at the
/// `sheet` key, others at their row and column of the data file.
pub fn read_data_at(
    r: &mut Resolver<'_>,
    data: &Spanned<String>,
    sheet: Option<&Spanned<String>>,
) -> Option<DataTable> {
    let folder = r.source.path().parent().map(Path::to_path_buf).unwrap_or_default();
    let path = folder.join(data.get_ref().trim());
    match read_data(&path, sheet.map(|s| s.get_ref().trim())) {
        Ok(table) => Some(table),
        Err(DataError::Rows(errors)) => {
            r.diagnostics.extend(errors);
            None
        }
        Err(DataError::File(message, help)) => {
            r.error(&data.span(), format!("`{}`: {message}", data.get_ref().trim()), &help);
            None
        }
        Err(DataError::Sheet(message, help)) => {
            let span = sheet.map_or(data.span(), Spanned::span);
            r.error(&span, format!("`{}`: {message}", data.get_ref().trim()), &help);
            None
        }
    }
}

/// Reads `path`: a CSV file, or the sheet `sheet` (the first when `None`) of a workbook
/// (.ods, .xlsx, .xlsm, .xls).
pub fn read_data(path: &Path, sheet: Option<&str>) -> Result<DataTable, DataError> {
    if !path.is_file() {
        let help = "give the path of a .csv, .ods or .xlsx file, relative to the design";
        return Err(DataError::File(
            format!("data file not found: {}", path.display()),
            help.into(),
        ));
    }
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_lowercase();
    match extension.as_str() {
        "ods" | "xlsx" | "xlsm" | "xls" | "xlsb" => read_workbook(path, sheet),
        _ => match sheet {
            Some(name) => Err(DataError::Sheet(
                format!("a CSV file has no sheet `{name}`"),
                "leave out `sheet` for CSV files".into(),
            )),
            None => read_csv(path),
        },
    }
}

/// A CSV file with a header row; every row must have as many values as the header.
fn read_csv(path: &Path) -> Result<DataTable, DataError> {
    let bytes = std::fs::read(path).map_err(|error| {
        DataError::File(format!("cannot read: {error}"), "check the file's permissions".into())
    })?;
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(&bytes[..]);
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
    let mut errors = Vec::new();
    for (index, record) in reader.byte_records().enumerate() {
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                let line = error.position().map_or(index + 1, |p| line_at(p.byte() as usize));
                let position = Some(Position { line, column: 1 });
                errors.push(
                    Diagnostic::error(path, position, format!("cannot read the row: {error}"))
                        .with_help("check the quotes of this row"),
                );
                continue;
            }
        };
        let line = record.position().map_or(index + 1, |p| line_at(p.byte() as usize));
        let mut values = Vec::with_capacity(record.len());
        for (column, bytes) in record.iter().enumerate() {
            match std::str::from_utf8(bytes) {
                Ok(text) => values.push(text.trim().to_string()),
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
        if values.iter().all(String::is_empty) {
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
                    .with_help("give every row one value per header column (empty is allowed)"),
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
    if errors.is_empty() { Ok(table) } else { Err(DataError::Rows(errors)) }
}

/// A workbook's sheet: its first row names the columns.
fn read_workbook(path: &Path, sheet: Option<&str>) -> Result<DataTable, DataError> {
    let fail = |message: String, help: &str| DataError::File(message, help.into());
    let mut workbook = open_workbook_auto(path)
        .map_err(|e| fail(format!("cannot read the workbook: {e}"), "save it as .ods or .xlsx"))?;
    let names = workbook.sheet_names();
    let name = match sheet {
        Some(wanted) if names.iter().any(|n| n == wanted) => wanted.to_string(),
        Some(wanted) => {
            return Err(DataError::Sheet(
                format!("the workbook has no sheet `{wanted}`"),
                format!("use one of its sheets: {}", names.join(", ")),
            ));
        }
        None => match names.first() {
            Some(first) => first.clone(),
            None => return Err(fail("the workbook has no sheets".into(), "add a sheet")),
        },
    };
    let range = workbook.worksheet_range(&name).map_err(|e| {
        fail(format!("cannot read sheet `{name}`: {e}"), "save it as .ods or .xlsx")
    })?;
    let first_row = range.start().map_or(0, |(row, _)| row as usize);
    let first_column = range.start().map_or(0, |(_, column)| column as usize);
    let mut table = DataTable { path: path.to_path_buf(), columns: Vec::new(), rows: Vec::new() };
    for (index, cells) in range.rows().enumerate() {
        let mut values = vec![String::new(); first_column];
        values.extend(cells.iter().map(cell_text));
        if index == 0 {
            table.columns = values;
            continue;
        }
        if values.iter().all(String::is_empty) {
            continue;
        }
        values.resize(table.columns.len(), String::new());
        table.rows.push(DataRow { line: first_row + index + 1, values });
    }
    if table.columns.is_empty() {
        return Err(fail(format!("sheet `{name}` is empty"), "give it a header row"));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn csv_file(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tilepress-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        path
    }

    #[test]
    fn reads_a_header_and_rows_with_their_lines() {
        let path = csv_file("ok.csv", b"suit,rank\nhearts,queen\n\n\"spades, black\",2\n");
        let table = read_data(&path, None).expect("reads");
        assert_eq!(table.columns, ["suit", "rank"]);
        let lines: Vec<usize> = table.rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, [2, 4]);
        assert_eq!(table.rows[1].values, ["spades, black", "2"]);
    }

    #[test]
    fn wrong_column_counts_and_bad_bytes_name_the_row() {
        let path = csv_file("bad.csv", b"a,b\n1\n1,2,3\n1,\xff\n");
        let Err(DataError::Rows(errors)) = read_data(&path, None) else { panic!("row errors") };
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(text[0].contains("bad.csv:2:2: error: row 2 has too few columns"), "{text:?}");
        assert!(text[1].contains("bad.csv:3:3: error: row 3 has too many columns"), "{text:?}");
        assert!(text[2].contains("bad.csv:4:2: error: row 4 is not UTF-8"), "{text:?}");
    }

    #[test]
    fn a_missing_file_and_a_sheet_of_a_csv_are_errors() {
        let missing = read_data(Path::new("/nonexistent/cards.csv"), None);
        assert!(
            matches!(missing, Err(DataError::File(m, _)) if m.starts_with("data file not found"))
        );
        let path = csv_file("sheet.csv", b"a\n1\n");
        let sheet = read_data(&path, Some("Cards"));
        assert!(matches!(sheet, Err(DataError::Sheet(m, _)) if m.contains("no sheet `Cards`")));
    }

    #[test]
    fn reads_a_named_sheet_of_an_ods_workbook_and_refuses_an_unknown_one() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/decks/cards.ods");
        let table = read_data(&path, Some("Cards")).expect("reads");
        assert_eq!(table.columns, ["suit", "rank", "count"]);
        let rows: Vec<(usize, &[String])> =
            table.rows.iter().map(|r| (r.line, r.values.as_slice())).collect();
        assert_eq!(rows[1], (3, &["spades".to_string(), "ace".into(), "2".into()][..]));
        let first = read_data(&path, None).expect("the first sheet");
        assert_eq!(first.columns, ["nothing here"]);
        let Err(DataError::Sheet(message, help)) = read_data(&path, Some("Deck")) else {
            panic!("a sheet error")
        };
        assert!(message.contains("no sheet `Deck`"), "{message}");
        assert_eq!(help, "use one of its sheets: Notes, Cards");
    }
}
