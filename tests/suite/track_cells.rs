//! Track cells with fields of their own, measured in the built PDF: a score track whose data file marks every fifth cell draws the mark (a `when` layer, its colour from the data) on exactly those cells; `[[tracks.cells]]` name a cell; a row for no cell, a cell given twice, a data file without `number` are refused at their cell or key.

use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
use common::{code, refused_in, scratch, text, tilepress};

const MARK: [u8; 3] = [0xb0, 0x30, 0x20];

/// A strip of cells 1 to 20 with `extra` track keys, and a mark drawn where `mark = "x"`.
fn design(extra: &str) -> String {
    format!(
        r##"[set]
name = "Score"

[palette]
ink = "#222222"
flag = "#b03020"

[faces.cell]
layers = [
  {{ text = "{{number}}", size_mm = 5, colour = "ink", offset_mm = [0, 4] }},
  {{ shape = "circle", size_mm = 4, offset_mm = [0, -5], fill = "{{colour}}", when = {{ mark = "x" }} }},
]

[[tracks]]
name = "score"
from = 1
to = 20
cell_mm = 20
template = "cell"
{extra}
"##
    )
}

/// `number,mark,colour` rows marking every fifth cell, the others with no mark.
fn every_fifth() -> String {
    let mut csv = String::from("number,mark,colour\n");
    for n in 1..=20 {
        let mark = if n % 5 == 0 { "x" } else { "" };
        csv.push_str(&format!("{n},{mark},flag\n"));
    }
    csv
}

#[test]
fn every_fifth_cell_is_marked_from_the_tracks_data() {
    let dir = scratch("track-cells");
    fs::write(dir.join("d.toml"), design("data = \"score.csv\"")).unwrap();
    fs::write(dir.join("score.csv"), every_fifth()).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d-score.pdf")).unwrap();
    let mut marks = 0;
    for page in pdf.get_pages().keys().copied() {
        for mark in fills(&pdf, page).into_iter().filter(|f| f.colour == MARK) {
            let (x0, _, x1, _) = bounds(&mark.points);
            assert!((x1 - x0 - 4.0).abs() < 0.01, "a 4 mm mark");
            marks += 1;
        }
    }
    assert_eq!(marks, 4, "cells 5, 10, 15 and 20");
}

#[test]
fn a_cell_written_in_the_design_takes_its_fields() {
    let dir = scratch("track-cells-inline");
    let cells = "\n[[tracks.cells]]\nnumber = 7\nfields = { mark = \"x\", colour = \"flag\" }\n";
    // The other cells have no fields of their own: their `mark` is empty.
    fs::write(dir.join("d.toml"), design(cells)).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d-score.pdf")).unwrap();
    let marks: usize = (pdf.get_pages().keys().copied())
        .map(|page| fills(&pdf, page).iter().filter(|f| f.colour == MARK).count())
        .sum();
    assert_eq!(marks, 1);
}

#[test]
fn wrong_cell_numbers_are_refused_at_their_cell_or_key() {
    let cases = [
        (
            "range",
            "number,mark,colour\n21,x,flag\n",
            "",
            "score.csv:2:1: error: `21` is not the number of a cell of the track (from 1 to 20)",
        ),
        (
            "twice",
            "number,mark,colour\n3,x,flag\n3,,flag\n",
            "",
            "score.csv:3:1: error: cell 3 has a row already",
        ),
        ("column", "cell,mark,colour\n3,x,flag\n", "", "`score.csv` has no column `number`"),
        (
            "inline",
            "number,mark,colour\n3,x,flag\n",
            "\n[[tracks.cells]]\nnumber = 3\n",
            "cell 3 has its fields already",
        ),
        (
            "outside",
            "number,mark,colour\n3,x,flag\n",
            "\n[[tracks.cells]]\nnumber = 40\n",
            "the track has no cell 40 (from 1 to 20)",
        ),
    ];
    for (name, csv, cells, said) in cases {
        let dir = scratch(&format!("track-cells-bad-{name}"));
        fs::write(dir.join("bad.toml"), design(&format!("data = \"score.csv\"\n{cells}"))).unwrap();
        fs::write(dir.join("score.csv"), csv).unwrap();
        let err = refused_in(&dir);
        assert!(err.contains(said), "{name}: {err}");
    }
}
