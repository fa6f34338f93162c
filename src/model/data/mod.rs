//! Room 3: data files — item lists from a CSV file (`data_csv`) or a sheet of an .ods/.xlsx
//! workbook (`workbook`, bounded first by `workbook_bounds`), read by `data_file` as a header row
//! and one row per item, every mistake at its file:row:column.
//!
//! May use: `input`, `context`.

pub mod column_check;
pub mod data_csv;
pub mod data_file;
pub mod workbook;
pub mod workbook_bounds;
