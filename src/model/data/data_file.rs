//! Item lists from data files: a CSV file (`data_csv.rs`) or a sheet of an .ods/.xlsx workbook (`workbook.rs`), read as a header row of column names and one row per item, every value as text, bounded in bytes, rows, columns, cell size and cells before any of it is kept.
//!
//! Every mistake names the file, the row and the column; a mistake of the file as a whole
//! (missing, not a regular file, too large, empty, no such sheet) names the design's `data`
//! or `sheet` key.

use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::input_file::{InputFile, InputRefusal, Used};
use crate::model::input::limits::{
    MAX_CELL_CHARS, MAX_DATA_BYTES, MAX_DATA_CELLS, MAX_DATA_COLUMNS, MAX_DATA_ROWS,
};
use crate::model::input::reach::REACH_HELP;
use crate::model::input::similar_file::did_you_mean;
use crate::model::input::source::Position;

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
    /// Rows and cells, each diagnostic at its place in the file, and the rows that could be
    /// read when the file was read to its end (so that their own mistakes are found too).
    Rows(Vec<Diagnostic>, Option<DataTable>),
}

/// Reads the data file a design names at `data` (relative to the design), and its `sheet`;
/// mistakes of the file as a whole are reported at the `data` key, a missing sheet at the
/// `sheet` key, others at their row and column of the data file. Rows that cannot be read
/// are reported and left out; the others are given, for their own mistakes to be found.
pub fn read_data_at(
    r: &mut Resolver<'_>,
    data: &Spanned<String>,
    sheet: Option<&Spanned<String>>,
) -> Option<DataTable> {
    let folder = r.source.path().parent().map(Path::to_path_buf).unwrap_or_default();
    let path = folder.join(data.get_ref().trim());
    let types = std::mem::take(&mut r.column_types);
    let mut read = match read_data(&path, sheet.map(|s| s.get_ref().trim()), &folder) {
        Ok(table) => Some(r.uses(table)),
        Err(DataError::Rows(errors, readable)) => {
            r.diagnostics.extend(errors);
            readable
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
    };
    if let Some(table) = read.as_mut() {
        crate::model::data::column_check::check_columns(r, table, &types);
    }
    r.column_types = types;
    read
}

/// Reads `path`: a CSV file, or the sheet `sheet` (the first when `None`) of a workbook
/// (.ods, .xlsx, .xlsm), and where the file opened lies. The file is opened once, a regular
/// file of at most [`MAX_DATA_BYTES`] inside what a design in `design_folder` may read, and
/// read with that bound.
pub fn read_data(
    path: &Path,
    sheet: Option<&str>,
    design_folder: &Path,
) -> Result<Used<DataTable>, DataError> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_lowercase();
    if matches!(extension.as_str(), "xls" | "xlsb") {
        return Err(DataError::File(
            format!("tilepress does not read .{extension} workbooks"),
            "save the workbook as .xlsx or .ods".into(),
        ));
    }
    let file = InputFile::open_inside(path, MAX_DATA_BYTES, design_folder)
        .and_then(|file| file.map(InputFile::read_all))
        .map_err(|refusal| file_refusal(path, &refusal))?;
    file.map(|bytes| match extension.as_str() {
        "ods" | "xlsx" | "xlsm" => crate::model::data::workbook::read_workbook(path, bytes, sheet),
        _ => match sheet {
            Some(name) => Err(DataError::Sheet(
                format!("a CSV file has no sheet `{name}`"),
                "leave out `sheet` for CSV files".into(),
            )),
            None => crate::model::data::data_csv::read_csv(path, &bytes),
        },
    })
}

/// A data file that cannot be opened or read, as an error at the `data` key (which names
/// the file).
fn file_refusal(path: &Path, refusal: &InputRefusal) -> DataError {
    let help = match refusal {
        InputRefusal::Open(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return DataError::File(
                format!(
                    "data file not found: {}{}",
                    path.display(),
                    did_you_mean(path, &path.display().to_string())
                ),
                "give the path of a .csv, .ods or .xlsx file, relative to the design".into(),
            );
        }
        InputRefusal::TooLarge { .. } => {
            "split the items over several data files (MAX_DATA_BYTES in model/input/limits.rs)"
        }
        InputRefusal::Open(_) | InputRefusal::Read(_) => "check the file's permissions",
        InputRefusal::Folder | InputRefusal::Special(_) => {
            "give the path of a .csv, .ods or .xlsx file, relative to the design"
        }
        InputRefusal::Outside(_) => REACH_HELP,
    };
    DataError::File(refusal.reason(), help.into())
}

/// The limits of one data file, counted while it is read: each refusal is one diagnostic at
/// the row and column that crosses a limit, before the row is kept.
#[derive(Debug, Default)]
pub(super) struct DataBounds {
    rows: usize,
    cells: usize,
}

impl DataBounds {
    /// Counts a row of `width` values (the header too), at `line` of `path`.
    pub(super) fn row(&mut self, path: &Path, line: usize, width: usize) -> Result<(), Diagnostic> {
        let over = |column: usize, message: String, help: &str| {
            let position = Position { line, column: column + 1 };
            Diagnostic::error(path, Some(position), message).with_help(help)
        };
        if width > MAX_DATA_COLUMNS {
            return Err(over(
                MAX_DATA_COLUMNS,
                format!(
                    "row {line} has {width} columns, more than tilepress's limit of {MAX_DATA_COLUMNS} (MAX_DATA_COLUMNS in model/input/limits.rs)"
                ),
                "keep the columns the design uses",
            ));
        }
        self.rows += 1;
        if self.rows > MAX_DATA_ROWS + 1 {
            return Err(over(
                0,
                format!(
                    "row {line}: the data file has more than {MAX_DATA_ROWS} rows, tilepress's limit (MAX_DATA_ROWS in model/input/limits.rs)"
                ),
                "split the items over several data files",
            ));
        }
        self.cells = self.cells.saturating_add(width);
        if self.cells > MAX_DATA_CELLS {
            return Err(over(
                0,
                format!(
                    "row {line}: the data file has more than {MAX_DATA_CELLS} cells, tilepress's limit (MAX_DATA_CELLS in model/input/limits.rs)"
                ),
                "keep the columns the design uses, or split the items over several data files",
            ));
        }
        Ok(())
    }

    /// Refuses a cell of more than [`MAX_CELL_CHARS`] characters (at most `bytes` long).
    pub(super) fn cell(
        path: &Path,
        line: usize,
        column: usize,
        text: &str,
    ) -> Result<(), Diagnostic> {
        if text.len() <= MAX_CELL_CHARS {
            return Ok(());
        }
        let chars = text.chars().count();
        if chars <= MAX_CELL_CHARS {
            return Ok(());
        }
        let position = Position { line, column: column + 1 };
        Err(Diagnostic::error(
            path,
            Some(position),
            format!(
                "row {line}: a cell of {chars} characters, more than tilepress's limit of {MAX_CELL_CHARS} (MAX_CELL_CHARS in model/input/limits.rs)"
            ),
        )
        .with_help("a cell holds a card's text: shorten it"))
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `path` as a design beside it would.
    fn read_data(path: &Path, sheet: Option<&str>) -> Result<DataTable, DataError> {
        super::read_data(path, sheet, path.parent().unwrap_or(Path::new("/"))).map(|t| t.value)
    }

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
        let Err(DataError::Rows(errors, _)) = read_data(&path, None) else { panic!("row errors") };
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

    #[test]
    fn rows_columns_and_cells_over_the_limits_are_refused_at_their_row() {
        let mut many = String::from("a\n");
        many.push_str(&"1\n".repeat(MAX_DATA_ROWS + 1));
        let path = csv_file("rows.csv", many.as_bytes());
        let Err(DataError::Rows(errors, _)) = read_data(&path, None) else { panic!("refused") };
        let row = MAX_DATA_ROWS + 2;
        let expected = format!("rows.csv:{row}:1: error: row {row}: the data file has more than");
        assert!(errors[0].to_string().contains(&expected), "{errors:?}");
        let wide = format!("{}\n", vec!["x"; MAX_DATA_COLUMNS + 1].join(","));
        let path = csv_file("wide.csv", wide.as_bytes());
        let Err(DataError::Rows(errors, _)) = read_data(&path, None) else { panic!("refused") };
        assert!(errors[0].to_string().contains("wide.csv:1:201: error: row 1 has 201 columns"));
        let long = format!("a,b\n1,{}\n", "é".repeat(MAX_CELL_CHARS + 1));
        let path = csv_file("long.csv", long.as_bytes());
        let Err(DataError::Rows(errors, _)) = read_data(&path, None) else { panic!("refused") };
        let expected =
            format!("long.csv:2:2: error: row 2: a cell of {} characters", MAX_CELL_CHARS + 1);
        assert!(errors[0].to_string().contains(&expected), "{errors:?}");
        // Within the limit in characters though over it in bytes: kept.
        let accents = format!("a\n{}\n", "é".repeat(MAX_CELL_CHARS));
        let path = csv_file("accents.csv", accents.as_bytes());
        assert_eq!(
            read_data(&path, None).expect("reads").rows[0].values[0].chars().count(),
            MAX_CELL_CHARS
        );
        let cells = format!("{}\n", vec!["x"; 200].join(","));
        let path = csv_file("cells.csv", cells.repeat(MAX_DATA_CELLS / 200 + 1).as_bytes());
        let Err(DataError::Rows(errors, _)) = read_data(&path, None) else { panic!("refused") };
        assert!(errors[0].to_string().contains("cells, tilepress's limit (MAX_DATA_CELLS"));
    }

    #[test]
    fn files_that_are_not_regular_or_too_large_are_refused_whole() {
        let path = csv_file("big.csv", b"a\n");
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(MAX_DATA_BYTES + 1)
            .unwrap();
        let Err(DataError::File(message, help)) = read_data(&path, None) else { panic!("refused") };
        assert!(
            message.ends_with(&format!("over the limit of {MAX_DATA_BYTES} bytes")),
            "{message}"
        );
        assert!(help.contains("MAX_DATA_BYTES"), "{help}");
        let folder = path.with_file_name("folder.csv");
        std::fs::create_dir_all(&folder).unwrap();
        let Err(DataError::File(message, _)) = read_data(&folder, None) else { panic!("refused") };
        assert!(message.ends_with("it is a folder, not a file"), "{message}");
        let Err(DataError::File(message, help)) = read_data(Path::new("cards.xls"), None) else {
            panic!("refused")
        };
        assert_eq!(
            (message.as_str(), help.as_str()),
            ("tilepress does not read .xls workbooks", "save the workbook as .xlsx or .ods")
        );
    }

    #[test]
    fn a_zip_bomb_workbook_is_refused_before_calamine_reads_it() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/attacks");
        for name in ["bomb.xlsx", "lying.xlsx"] {
            let Err(DataError::File(message, _)) = read_data(&fixtures.join(name), None) else {
                panic!("{name} refused")
            };
            assert!(message.contains("xl/worksheets/sheet1.xml"), "{name}: {message}");
        }
    }
}
