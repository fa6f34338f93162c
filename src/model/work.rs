//! The work a part expands to, bounded before it is made: its items × their area against the sheets allowed, and the positions one sheet holds of its smallest item (a 1 mm triangle on 2 m paper is millions), each refused at the part's key while resolving, so `check` refuses what `build` would.

use std::ops::Range;

use super::design::{Duplex, SheetSettings};
use super::limits::{MAX_SHEETS, count_text, margins_fit};
use super::resolve::Resolver;

/// Most items one sheet may hold (its printable area over an item's area): 3 mm square
/// counters on A3 are 13 000 a sheet, on A0 109 000 (refused); 10 mm hexagons on A4 about 230.
pub const MAX_SHEET_POSITIONS: f64 = 100_000.0;

/// What to do about a part that expands past the limits.
pub const WORK_HELP: &str =
    "print fewer or smaller items, use larger paper, or split the design into several files";

/// `Err` naming the limit when `items` items of `item_mm2` each (with the room around
/// them) need more than [`MAX_SHEETS`] sheets of `sheet`, or one sheet would hold more than
/// [`MAX_SHEET_POSITIONS`] of them; `what` names them ("100000 cards of 63 × 88 mm").
pub fn items_fit(
    sheet: &SheetSettings,
    what: &str,
    items: f64,
    item_mm2: f64,
) -> Result<(), String> {
    if margins_fit(sheet).is_err() {
        // Said once, at `[sheet]`, by `limits::design_fits`.
        return Ok(());
    }
    let printable = printable_area(sheet);
    let per_sheet = printable / item_mm2.max(1e-9);
    if per_sheet > MAX_SHEET_POSITIONS {
        return Err(format!(
            "{what}: one sheet of {} paper holds about {} of them, more than tilepress's limit of {} (MAX_SHEET_POSITIONS in model/work.rs)",
            sheet.paper_name,
            count_text(per_sheet.round()),
            count_text(MAX_SHEET_POSITIONS)
        ));
    }
    let sheets = (items * item_mm2 / printable).ceil();
    if sheets > MAX_SHEETS {
        return Err(format!(
            "{what} need about {} sheets of {} paper, more than the limit of {MAX_SHEETS} (MAX_SHEETS)",
            count_text(sheets),
            sheet.paper_name
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
    use crate::model::resolve::resolve;

    fn a4() -> SheetSettings {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(root.join("designs/tantrix.toml")).unwrap();
        resolve(&SourceFile::new("t.toml", text)).unwrap().sheet
    }

    #[test]
    fn many_items_need_too_many_sheets_and_tiny_ones_too_many_positions() {
        let sheet = a4();
        assert!(items_fit(&sheet, "9 cards", 9.0, 63.0 * 88.0).is_ok());
        let many = items_fit(&sheet, "100000 cards", 100_000.0, 63.0 * 88.0).unwrap_err();
        assert!(many.starts_with("100000 cards need about 9659 sheets of A4"), "{many}");
        assert!(many.contains("(MAX_SHEETS)"), "{many}");
        let tiny = items_fit(&sheet, "1 tile", 1.0, 0.4).unwrap_err();
        assert!(tiny.contains("one sheet of A4 paper holds about 1"), "{tiny}");
        assert!(tiny.contains("MAX_SHEET_POSITIONS"), "{tiny}");
    }
}
