//! Attacks by data files: CSVs too large, too long, too wide, with a huge cell or an unclosed quote; .xlsx workbooks with a far cell, a zip bomb (honest and lying), a huge cell, or not a zip at all; .ods workbooks whose repeated rows and columns expand past the limits. Each runs under `check` and `build`, bounded in memory and time, and is refused with exit 2 at the data file's row and column or at the design's `data` key; nothing is written.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::attack::{assert_held, attack};
use common::workbooks::{ods, ods_cell, ods_sheets, xlsx};
use common::{root, scratch};

/// A deck read from `data`; the `data` key is at line 14, column 8.
fn design(data: &str) -> String {
    format!(
        r##"[set]
name = "Attack"

[palette]
ink = "#000000"

[faces.front]
layers = [{{ text = "{{rank}}", size_mm = 4, colour = "ink" }}]

[[decks]]
name = "cards"
size = "poker"
front = "front"
data = "{data}"
"##
    )
}

/// Runs `check` and `build` on a deck read from `data`, written into the folder by `write`;
/// both must be refused with exit 2, saying each of `expected`.
fn refused(name: &str, data: &str, write: impl Fn(&PathBuf), expected: &[&str]) {
    for command in ["check", "build"] {
        let dir = scratch(&format!("attack-data-{name}-{command}"));
        fs::write(dir.join("d.toml"), design(data)).unwrap();
        write(&dir.join(data));
        let args: &[&str] = if command == "check" {
            &["check", "d.toml"]
        } else {
            &["build", "d.toml", "-o", "out"]
        };
        let run = attack(&dir, args);
        assert_held(&format!("{command} {name}"), &run, 2, expected);
        assert!(!dir.join("out").exists(), "{command} {name}: wrote files");
    }
}

fn csv(text: String) -> impl Fn(&PathBuf) {
    move |path: &PathBuf| fs::write(path, &text).unwrap()
}

#[test]
fn a_csv_of_three_million_rows_is_refused_by_its_size_before_it_is_read() {
    let rows = format!("rank\n{}", "queen of hearts\n".repeat(2_000_000));
    refused(
        "csv-size",
        "cards.csv",
        csv(rows),
        &[
            "d.toml:14:8: error: `cards.csv`: it is 32000005 bytes, over the limit of 16777216 bytes",
        ],
    );
}

#[test]
fn a_csv_over_the_row_limit_is_refused_at_the_first_row_over() {
    let rows = format!("rank\n{}", "q\n".repeat(100_001));
    refused(
        "csv-rows",
        "cards.csv",
        csv(rows),
        &["cards.csv:100002:1: error: row 100002: the data file has more than 100000 rows"],
    );
}

#[test]
fn a_csv_cell_of_five_megabytes_is_refused_at_its_cell() {
    let rows = format!("rank,text\nq,{}\n", "x".repeat(5 << 20));
    refused(
        "csv-cell",
        "cards.csv",
        csv(rows),
        &[
            "cards.csv:2:2: error: row 2: a cell of 5242880 characters, more than tilepress's limit of 2000",
        ],
    );
}

#[test]
fn an_unclosed_quote_swallowing_the_file_is_one_cell_too_long() {
    let rows = format!("rank\n\"q\n{}", "k\n".repeat(500_000));
    refused("csv-quote", "cards.csv", csv(rows), &["cards.csv:2:1: error: row 2: a cell of"]);
}

#[test]
fn a_csv_too_wide_or_of_too_many_cells_is_refused_at_its_row() {
    let wide = format!("rank{}\n", ",x".repeat(200));
    refused(
        "csv-wide",
        "cards.csv",
        csv(wide),
        &["cards.csv:1:201: error: row 1 has 201 columns, more than tilepress's limit of 200"],
    );
    let line = format!("rank{}\n", ",x".repeat(199));
    refused(
        "csv-cells",
        "cards.csv",
        csv(line.repeat(5_001)),
        &["cards.csv:5001:1: error: row 5001: the data file has more than 1000000 cells"],
    );
}

#[test]
fn an_xlsx_cell_at_xfd1048576_or_far_below_is_refused_at_that_cell() {
    let far = |at: &'static str| move |path: &PathBuf| xlsx(path, &[("A1", "rank"), (at, "x")]);
    refused(
        "xlsx-xfd",
        "cards.xlsx",
        far("XFD1048576"),
        &[
            "cards.xlsx:1048576:201: error: row 1048576: a cell in column 16384 of the sheet, past tilepress's limit of 200 columns",
        ],
    );
    refused(
        "xlsx-row",
        "cards.xlsx",
        far("A1048576"),
        &[
            "cards.xlsx:1048576:1: error: a cell in row 1048576 of the sheet, past tilepress's limit of 100000 rows",
        ],
    );
}

#[test]
fn xlsx_zip_bombs_are_refused_by_what_their_parts_inflate_to() {
    // 300 MB of one cell in 300 KB; the lying one claims 1000 bytes for it, and is caught
    // by the inflation itself (counted, never kept).
    let cases = [
        ("bomb.xlsx", "inflates past tilepress's limit of 33554432 bytes"),
        ("lying.xlsx", "cannot be read (File is larger than its declared uncompressed size)"),
    ];
    for (name, says) in cases {
        let fixture = root().join("tests/fixtures/attacks").join(name);
        refused(
            name,
            "cards.xlsx",
            move |path| assert!(fs::copy(&fixture, path).is_ok()),
            &[
                "d.toml:14:8: error: `cards.xlsx`: cannot read the workbook: its part `xl/worksheets/sheet1.xml`",
                says,
            ],
        );
    }
}

#[test]
fn an_xlsx_cell_of_five_megabytes_is_refused_at_its_cell() {
    let long = "y".repeat(5 << 20);
    refused(
        "xlsx-cell",
        "cards.xlsx",
        move |path| xlsx(path, &[("A1", "rank"), ("A2", &long)]),
        &["cards.xlsx:2:1: error: row 2: a cell of 5242880 characters"],
    );
}

#[test]
fn a_workbook_that_is_not_a_zip_is_refused_at_data() {
    refused(
        "xlsx-garbage",
        "cards.xlsx",
        csv("rank\nqueen\n".into()),
        &["d.toml:14:8: error: `cards.xlsx`: cannot read the workbook: it is not a zip archive"],
    );
}

#[test]
fn ods_rows_and_columns_repeated_past_the_limits_are_refused_before_calamine_expands_them() {
    let header = ods_cell("rank", 1);
    let value = ods_cell("queen", 1);
    let repeated_rows = [(header.as_str(), 1), (value.as_str(), 1_048_575)];
    refused(
        "ods-rows",
        "cards.ods",
        move |path| ods(path, &repeated_rows),
        &[
            "d.toml:14:8: error: `cards.ods`: cannot read the workbook: sheet `Cards` has values down to row 1048576 (its rows repeated), past tilepress's limit of 100000 rows",
        ],
    );
    let wide = ods_cell("queen", 16_384);
    refused(
        "ods-columns",
        "cards.ods",
        move |path| ods(path, &[(wide.as_str(), 1)]),
        &[
            "sheet `Cards` has values out to column 16384 (its cells repeated), past tilepress's limit of 200 columns",
        ],
    );
    let block = ods_cell("queen", 150);
    refused(
        "ods-cells",
        "cards.ods",
        move |path| ods(path, &[(block.as_str(), 10_000)]),
        &[
            "sheet `Cards` spans 10000 rows × 150 columns, more than tilepress's limit of 1000000 cells",
        ],
    );
    // A million empty rows between two values: the second value is far below.
    let (header, value) = (ods_cell("rank", 1), ods_cell("queen", 1));
    let gap = [(header.as_str(), 1), ("<table:table-cell/>", 1_000_000), (value.as_str(), 1)];
    refused(
        "ods-gap",
        "cards.ods",
        move |path| ods(path, &gap),
        &["sheet `Cards` has values down to row 1000002"],
    );
    // Each sheet within the limits, together over them: calamine would build them all.
    let block = ods_cell("queen", 100);
    let sheets = move |path: &PathBuf| {
        let rows = [(block.as_str(), 6_000)];
        ods_sheets(path, &[("Cards", &rows[..]), ("More", &rows[..])]);
    };
    refused(
        "ods-sheets",
        "cards.ods",
        sheets,
        &["its sheets up to `More` span more than tilepress's limit of 1000000 cells together"],
    );
}

#[test]
fn a_small_ods_with_trailing_empty_repeats_reads_as_always() {
    // LibreOffice ends a sheet with empty rows and cells repeated to the sheet's end: those
    // expand to nothing and stay allowed.
    let dir = scratch("attack-data-ods-control");
    fs::write(dir.join("d.toml"), design("cards.ods")).unwrap();
    let (header, value) = (ods_cell("rank", 1), ods_cell("queen", 1));
    let empty = r#"<table:table-cell table:number-columns-repeated="16383"/>"#;
    let rows = [
        (format!("{header}{empty}"), 1),
        (format!("{value}{empty}"), 1),
        (r#"<table:table-cell table:number-columns-repeated="16384"/>"#.to_string(), 1_048_574),
    ];
    let rows: Vec<(&str, u64)> = rows.iter().map(|(cells, n)| (cells.as_str(), *n)).collect();
    ods(&dir.join("cards.ods"), &rows);
    let run = attack(&dir, &["build", "d.toml", "-o", "out"]);
    assert_held("the ods control", &run, 0, &["1 cards"]);
}
