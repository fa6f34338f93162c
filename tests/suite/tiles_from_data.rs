//! Tiles read from a data file (`[set] data`): each row one `[[tiles]]` entry, checked,
//! listed and built as the same tiles written in the design; every mistake in a row reported
//! once at its cell (`tiles.csv:ROW:COLUMN`), a header no key takes at its header.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::{code, root, scratch, text, tilepress};

/// The double-nine dominoes' design, its 55 `[[tiles]]` entries taken out: the rule, shape
/// and values as written, with `[set] data = "tiles.csv"`.
fn design_without_tiles() -> String {
    let toml = fs::read_to_string(root().join("tests/designs/double-nine-dominoes.toml")).unwrap();
    let head = &toml[..toml.find("[[tiles]]").expect("tiles")];
    head.replacen("cells = [1, 2]", "cells = [1, 2]\ndata = \"tiles.csv\"", 1)
}

/// The 55 tiles of the double-nine set as CSV rows: `number,value_1,value_2` and `extra`.
fn rows() -> Vec<String> {
    let mut rows = Vec::new();
    for a in 0..=9 {
        for b in a..=9 {
            rows.push(format!("{},{a},{b},tile {a}-{b}", rows.len() + 1));
        }
    }
    rows
}

/// A folder holding `d.toml` (the design without tiles) and `tiles.csv` (the header, then
/// `rows`).
fn folder(name: &str, header: &str, rows: &[String]) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design_without_tiles()).unwrap();
    fs::write(dir.join("tiles.csv"), format!("{header}\n{}\n", rows.join("\n"))).unwrap();
    dir
}

const HEADER: &str = "number,value_1,value_2,label";

#[test]
fn rows_are_tiles_checked_listed_and_built_as_written_ones_are() {
    let dir = folder("data-tiles", HEADER, &rows());
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{:?}", text(&check));
    let listed = text(&tilepress(&dir, &["list", "d.toml"])).0;
    let written = text(&tilepress(&root(), &["list", "tests/designs/double-nine-dominoes.toml"])).0;
    let tiles = |list: &str| list.lines().filter(|l| l.contains("tile")).count();
    assert_eq!(tiles(&listed), tiles(&written), "{listed}");
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
    let sheets = |folder: PathBuf| fs::read(folder.join("d.pdf")).map(|b| b.len()).unwrap_or(0);
    assert!(sheets(dir.join("out/d")) > 0);
}

#[test]
fn a_removed_row_is_named_as_missing() {
    let mut rows = rows();
    rows.remove(12); // 1-3
    let dir = folder("data-tiles-missing", HEADER, &rows);
    let check = tilepress(&dir, &["check", "d.toml"]);
    let out = format!("{:?}", text(&check));
    assert_eq!(code(&check), 1, "{out}");
    assert!(out.contains("missing") && out.contains("1|3"), "{out}");
}

#[test]
fn a_bad_value_and_a_repeated_number_are_each_reported_once_at_their_cell() {
    let mut rows = rows();
    rows[3] = "4,0,three,tile 0-3".into(); // line 5 of the file
    rows[6] = "6,0,6,tile 0-6".into(); // line 8: the number of line 7 again
    let dir = folder("data-tiles-cells", HEADER, &rows);
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    let all = format!("{out}{err}");
    assert_eq!(all.matches("tiles.csv:5:3:").count(), 1, "{all}");
    assert!(all.contains("`three` is not a value"), "{all}");
    assert_eq!(code(&check), 2, "{all}");
    rows[3] = "4,0,3,tile 0-3".into();
    let dir = folder("data-tiles-number", HEADER, &rows);
    let (out, err) = text(&tilepress(&dir, &["check", "d.toml"]));
    let all = format!("{out}{err}");
    assert_eq!(all.matches("tiles.csv:8:1:").count(), 1, "{all}");
    assert!(all.contains("`6` in column `number` is used twice (also at row 7)"), "{all}");
}

#[test]
fn headers_no_key_takes_are_refused_where_they_are_written() {
    for (header, column, says) in [
        ("nubmer,value_1,value_2,label", "tiles.csv:1:1:", "did you mean `number`?"),
        ("number,value_1,value_3,label", "tiles.csv:1:3:", "the tiles have 2 value positions"),
        ("number,value_1,value_2,edge_5", "tiles.csv:1:4:", "the tiles have 4 edges"),
    ] {
        let dir = folder("data-tiles-header", header, &rows());
        let check = tilepress(&dir, &["check", "d.toml"]);
        let (out, err) = text(&check);
        assert_eq!(code(&check), 2, "{header}: {out}{err}");
        assert!(err.contains(column) && err.contains(says), "{header}: {err}");
        assert_eq!(err.matches("error:").count(), 1, "one cause, one message: {err}");
        let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
        assert_eq!(code(&build), 2);
        assert!(!dir.join("out").exists(), "nothing written");
    }
}

#[test]
fn rows_and_written_tiles_stand_together() {
    let mut rows = rows();
    let last = rows.pop().unwrap();
    assert!(last.starts_with("55,9,9"));
    let dir = folder("data-tiles-both", HEADER, &rows);
    let toml = design_without_tiles() + "\n[[tiles]]\nnumber = 55\nvalues = [9, 9]\n";
    fs::write(dir.join("d.toml"), toml).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{:?}", text(&check));
}

#[test]
fn a_missing_data_file_is_one_error_at_its_key() {
    let dir = folder("data-tiles-no-file", HEADER, &rows());
    fs::remove_file(dir.join("tiles.csv")).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (_, err) = text(&check);
    assert_eq!(code(&check), 2, "{err}");
    assert_eq!(err.matches("error:").count(), 1, "{err}");
    assert!(err.contains("tiles.csv"), "{err}");
}

#[test]
fn the_documented_example_checks_and_builds_with_its_csv() {
    let doc = fs::read_to_string(root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("### Tiles from a data file").expect("the section")..];
    let block = |fence: &str| {
        let start = section.find(fence).expect(fence) + fence.len();
        section[start..start + section[start..].find("```").unwrap()].to_string()
    };
    let dir = scratch("data-tiles-doc");
    fs::write(dir.join("example.toml"), block("```toml\n")).unwrap();
    fs::write(dir.join("tiles.csv"), block("```csv\n")).unwrap();
    let check = tilepress(&dir, &["check", "example.toml"]);
    assert_eq!(code(&check), 0, "{:?}", text(&check));
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
    assert!(dir.join("out/example/example.pdf").exists());
}
