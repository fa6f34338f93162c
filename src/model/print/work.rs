//! The work a part expands to, bounded before it is made: the items it places and their area against the sheets allowed (what a sheet could hold costs nothing: one 1 mm triangle on 2 m paper is one tile placed), and the cells of the pieces' grid a sheet holds, which their packing scans; each refused at the part's key while resolving, so `check` refuses what `build` would.

use std::ops::Range;

use crate::model::context::resolver::Resolver;
use crate::model::input::limits::{MAX_SHEETS, count_text};
use crate::model::print::sheet_settings::margins_fit;
use crate::model::print::sheet_settings::{Duplex, SheetSettings};

/// Most items one part places (the tiles' copies, a deck's cards or counters, a track's
/// cells): each is composed, placed, cut and drawn, whatever the paper.
pub const MAX_PART_ITEMS: f64 = 100_000.0;

/// Most cells of the pieces' grid one sheet holds (its printable area over a cell's): the
/// polyform packing scans them for each piece's first free place. 3 mm squares on A3 are
/// 13 000 a sheet, on A0 109 000 (refused).
pub const MAX_SHEET_CELLS: f64 = 100_000.0;

/// What to do about a part that expands past the limits.
pub const WORK_HELP: &str =
    "print fewer or smaller items, use larger paper, or split the design into several files";

/// `Err` naming the limit when there are more than [`MAX_PART_ITEMS`] `items`, or they
/// need more than [`MAX_SHEETS`] sheets of `sheet` at `item_mm2` each (with the room around
/// them); `what` names them ("100000 cards of 63 × 88 mm").
pub fn items_fit(
    sheet: &SheetSettings,
    what: &str,
    items: f64,
    item_mm2: f64,
) -> Result<(), String> {
    if items > MAX_PART_ITEMS {
        return Err(format!(
            "{what}: more than tilepress's limit of {} items one part places (MAX_PART_ITEMS in model/print/work.rs)",
            count_text(MAX_PART_ITEMS)
        ));
    }
    if margins_fit(sheet).is_err() {
        // Said once, at `[sheet]`, by `limits::design_fits`.
        return Ok(());
    }
    let sheets = (items * item_mm2 / printable_area(sheet)).ceil();
    if sheets > MAX_SHEETS {
        return Err(format!(
            "{what} need about {} sheets of {} paper, more than the limit of {MAX_SHEETS} (MAX_SHEETS)",
            count_text(sheets),
            sheet.paper_name
        ));
    }
    Ok(())
}

/// `Err` naming the limit when one sheet holds more than [`MAX_SHEET_CELLS`] cells of
/// `cell_mm2` of the pieces' grid.
pub fn cells_fit(sheet: &SheetSettings, cell_mm2: f64) -> Result<(), String> {
    let per_sheet = printable_area(sheet) / cell_mm2.max(1e-9);
    if per_sheet > MAX_SHEET_CELLS {
        return Err(format!(
            "the pieces' grid: one sheet of {} paper holds about {} of its cells, more than tilepress's limit of {} (MAX_SHEET_CELLS in model/print/work.rs)",
            sheet.paper_name,
            count_text(per_sheet.round()),
            count_text(MAX_SHEET_CELLS)
        ));
    }
    Ok(())
}

/// [`items_fit`] as an error at `span`; `false` when refused.
pub fn part_fits(
    r: &mut Resolver<'_>,
    span: &Range<usize>,
    sheet: &SheetSettings,
    what: &str,
    items: f64,
    item_mm2: f64,
) -> bool {
    match items_fit(sheet, what, items, item_mm2) {
        Ok(()) => true,
        Err(message) => {
            r.error(span, message, WORK_HELP);
            false
        }
    }
}

/// The paper's area inside its margins, in mm² (never zero); half of it on a fold-over
/// sheet, whose other half holds the backs.
pub fn printable_area(sheet: &SheetSettings) -> f64 {
    let (w, h) = sheet.paper_mm;
    let m = 2.0 * sheet.margin_mm;
    let area = ((w - m).max(1.0) * (h - m).max(1.0)).max(1.0);
    if matches!(sheet.duplex, Duplex::Fold(_)) { area / 2.0 } else { area }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFile;
    use crate::model::design::resolve::resolve;

    fn a4() -> SheetSettings {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(root.join("designs/tantrix.toml")).unwrap();
        resolve(&SourceFile::new("t.toml", text)).unwrap().sheet
    }

    #[test]
    fn many_items_need_too_many_sheets_and_tiny_ones_only_their_own_room() {
        let sheet = a4();
        assert!(items_fit(&sheet, "9 cards", 9.0, 63.0 * 88.0).is_ok());
        let many = items_fit(&sheet, "100000 cards", 100_000.0, 63.0 * 88.0).unwrap_err();
        assert!(many.starts_with("100000 cards need about 9659 sheets of A4"), "{many}");
        assert!(many.contains("(MAX_SHEETS)"), "{many}");
        assert!(items_fit(&sheet, "1 tile", 1.0, 0.4).is_ok());
        assert!(items_fit(&sheet, "100000 tiles", MAX_PART_ITEMS, 0.4).is_ok());
        let more = items_fit(&sheet, "100001 tiles", MAX_PART_ITEMS + 1.0, 0.4).unwrap_err();
        assert!(more.contains("MAX_PART_ITEMS"), "{more}");
        assert!(cells_fit(&sheet, 0.25).unwrap_err().contains("MAX_SHEET_CELLS"));
        assert!(cells_fit(&sheet, 9.0).is_ok());
    }
}
