//! A workbook bounded before calamine reads it: every zip part inflated once into nothing, counted, against [`MAX_WORKBOOK_BYTES`] (a "zip bomb" is refused whatever its directory claims), and an .ods file's repeated rows and columns added up from its XML, so a sheet that would expand past the data limits is refused before calamine builds it.

use std::io::{BufReader, Cursor, Read};

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::model::input::limits::{
    MAX_DATA_CELLS, MAX_DATA_COLUMNS, MAX_DATA_ROWS, MAX_WORKBOOK_BYTES,
};

/// Most parts (files) of one workbook's zip archive.
const MAX_WORKBOOK_PARTS: usize = 10_000;

/// `Err` saying why, when the zip archive `bytes` is not one, has too many parts, or its
/// parts inflate to more than [`MAX_WORKBOOK_BYTES`] together.
pub(super) fn zip_parts_fit(bytes: &[u8]) -> Result<(), String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| format!("it is not a zip archive ({e})"))?;
    if archive.len() > MAX_WORKBOOK_PARTS {
        return Err(format!("it has {} parts, more than {MAX_WORKBOOK_PARTS}", archive.len()));
    }
    let mut total = 0u64;
    for index in 0..archive.len() {
        let mut part = archive.by_index(index).map_err(|e| format!("a broken part ({e})"))?;
        let left = MAX_WORKBOOK_BYTES - total;
        let name = part.name().map_or_else(|_| format!("number {}", index + 1), |n| n.into_owned());
        let too_large = |name: &str| {
            format!(
                "its part `{name}` inflates past tilepress's limit of {MAX_WORKBOOK_BYTES} bytes for a whole workbook (MAX_WORKBOOK_BYTES in model/input/limits.rs)"
            )
        };
        if part.size() > left {
            return Err(too_large(&name));
        }
        let read = std::io::copy(&mut (&mut part).take(left + 1), &mut std::io::sink())
            .map_err(|e| format!("its part `{name}` cannot be read ({e})"))?;
        if read > left {
            return Err(too_large(&name));
        }
        total += read;
    }
    Ok(())
}

/// `Err` naming the sheet, when a sheet of the .ods file `bytes` (its `content.xml`) has a
/// value past [`MAX_DATA_ROWS`] rows or [`MAX_DATA_COLUMNS`] columns, or spans more than
/// [`MAX_DATA_CELLS`] cells, once its `number-rows-repeated` and `number-columns-repeated`
/// are expanded; or when its sheets span more than [`MAX_DATA_CELLS`] together. calamine
/// reads every sheet of an .ods file when it opens it, so every sheet is checked.
pub(super) fn ods_repeats_fit(bytes: &[u8]) -> Result<(), String> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| format!("it is not a zip archive ({e})"))?;
    let content = archive
        .by_name("content.xml")
        .map_err(|_| "it has no content.xml: not an .ods file".to_string())?;
    let mut xml = Reader::from_reader(BufReader::new(content.take(MAX_WORKBOOK_BYTES)));
    let mut buf = Vec::new();
    let mut sheet = Extent::default();
    let mut cells = 0u64;
    loop {
        buf.clear();
        let event = xml.read_event_into(&mut buf).map_err(|e| format!("broken XML ({e})"))?;
        match event {
            Event::Start(e) => sheet.open(&e, false)?,
            Event::Empty(e) => sheet.open(&e, true)?,
            Event::End(e) => match e.local_name().as_ref() {
                "table-row" => sheet.end_row(),
                "table" => {
                    sheet.check()?;
                    cells = cells.saturating_add(sheet.rows.saturating_mul(sheet.columns));
                    if cells > MAX_DATA_CELLS as u64 {
                        return Err(format!(
                            "its sheets up to `{}` span more than tilepress's limit of {MAX_DATA_CELLS} cells together (MAX_DATA_CELLS in model/input/limits.rs)",
                            sheet.name
                        ));
                    }
                }
                _ => {}
            },
            Event::Eof => return Ok(()),
            _ => {}
        }
    }
}

/// How far one sheet's values reach, rows and columns counted with their repeats.
#[derive(Debug, Default)]
struct Extent {
    name: String,
    row: u64,
    row_repeats: u64,
    column: u64,
    rows: u64,
    columns: u64,
}

impl Extent {
    fn open(&mut self, e: &BytesStart<'_>, empty: bool) -> Result<(), String> {
        match e.local_name().as_ref() {
            "table" => {
                *self = Extent::default();
                self.name = attribute(e, "table:name").unwrap_or_default();
            }
            "table-row" => {
                self.row_repeats = repeats(e, "table:number-rows-repeated");
                self.column = 0;
                if empty {
                    self.end_row();
                }
            }
            "table-cell" | "covered-table-cell" => {
                let count = repeats(e, "table:number-columns-repeated");
                let valued = !empty || attribute(e, "office:value-type").is_some();
                self.column = self.column.saturating_add(count);
                if valued {
                    self.rows = self.rows.max(self.row.saturating_add(self.row_repeats));
                    self.columns = self.columns.max(self.column);
                    self.check()?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn end_row(&mut self) {
        self.row = self.row.saturating_add(self.row_repeats.max(1));
        self.row_repeats = 1;
    }

    fn check(&self) -> Result<(), String> {
        let name = &self.name;
        if self.rows > MAX_DATA_ROWS as u64 + 1 {
            return Err(format!(
                "sheet `{name}` has values down to row {} (its rows repeated), past tilepress's limit of {MAX_DATA_ROWS} rows (MAX_DATA_ROWS in model/input/limits.rs)",
                self.rows
            ));
        }
        if self.columns > MAX_DATA_COLUMNS as u64 {
            return Err(format!(
                "sheet `{name}` has values out to column {} (its cells repeated), past tilepress's limit of {MAX_DATA_COLUMNS} columns (MAX_DATA_COLUMNS in model/input/limits.rs)",
                self.columns
            ));
        }
        if self.rows.saturating_mul(self.columns) > MAX_DATA_CELLS as u64 {
            return Err(format!(
                "sheet `{name}` spans {} rows × {} columns, more than tilepress's limit of {MAX_DATA_CELLS} cells (MAX_DATA_CELLS in model/input/limits.rs)",
                self.rows, self.columns
            ));
        }
        Ok(())
    }
}

/// A repeat count attribute (1 when absent or unreadable).
fn repeats(e: &BytesStart<'_>, name: &str) -> u64 {
    attribute(e, name).and_then(|v| v.trim().parse().ok()).unwrap_or(1).max(1)
}

fn attribute(e: &BytesStart<'_>, name: &str) -> Option<String> {
    let attribute = e.try_get_attribute(name).ok()??;
    Some(attribute.value.into_owned())
}
