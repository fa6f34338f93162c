//! Spans that name a cell of a data file instead of a place in the design's text: a value
//! read from a spreadsheet keeps its cell as its span, so every message about it points
//! there (`tiles.csv:4:2`). Such a span lies past any design text: file, line and column are
//! packed into its offset.

use std::ops::Range;

use crate::model::input::source::Position;

/// The first offset of a cell span: far past the largest design text (`MAX_INPUT_BYTES`).
const CELL_SPAN_BASE: usize = 1 << 40;
/// Bits of the column (a data file has at most `MAX_DATA_COLUMNS` of them).
const COLUMN_BITS: u32 = 12;
/// Bits of the line (a data file has at most `MAX_DATA_ROWS` rows).
const LINE_BITS: u32 = 24;

/// The span of the cell at `position` (line and column from 1) of data file number `file`
/// (from 0); `None` past what a span can hold.
pub fn cell_span(file: usize, position: Position) -> Option<Range<usize>> {
    let fits =
        position.column < 1 << COLUMN_BITS && position.line < 1 << LINE_BITS && file < 1 << 8;
    let packed =
        (file << (LINE_BITS + COLUMN_BITS)) | (position.line << COLUMN_BITS) | position.column;
    fits.then(|| CELL_SPAN_BASE + packed..CELL_SPAN_BASE + packed + 1)
}

/// The data file (its number) and the cell that a span starting at `offset` names, when it
/// is a cell span.
pub fn cell_of(offset: usize) -> Option<(usize, Position)> {
    let packed = offset.checked_sub(CELL_SPAN_BASE)?;
    let column = packed & ((1 << COLUMN_BITS) - 1);
    let line = (packed >> COLUMN_BITS) & ((1 << LINE_BITS) - 1);
    Some((packed >> (LINE_BITS + COLUMN_BITS), Position { line, column }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_span_gives_back_its_file_and_cell() {
        let at = Position { line: 100_000, column: 200 };
        let span = cell_span(3, at).unwrap();
        assert_eq!(cell_of(span.start), Some((3, at)));
        assert_eq!(cell_of(1_000_000), None, "a place in the design's text");
        assert_eq!(cell_span(0, Position { line: 1, column: 1 << 12 }), None);
    }
}
