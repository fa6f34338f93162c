//! A new user's first hour: misspelt file names and keys get a "did you mean", an image
//! named in a data cell that does not exist is reported at its cell, and a bleed that costs
//! cards on every sheet says what would keep them.

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};

const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#333"/></svg>"##;

/// A deck from `data` with an icon and a name per card; `extra` goes into the name layer.
fn deck(data: &str, extra: &str, bleed: &str) -> String {
    format!(
        "[set]\nname = \"First hour\"\n\n[palette]\nink = \"#222222\"\n\n[faces.card]\nlayers = [\n  \
         {{ image = \"{{icon}}\", size_mm = 20 }},\n  {{ text = \"{{name}}\", offset_mm = [0, 30], \
         size_mm = 5{extra} }},\n]\n\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\n{bleed}\
         front = \"card\"\ndata = \"{data}\"\n"
    )
}

fn folder(name: &str, rows: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    fs::create_dir_all(dir.join("icons")).unwrap();
    fs::write(dir.join("icons/storm.svg"), SVG).unwrap();
    fs::write(dir.join("Cards.csv"), format!("name,icon\n{rows}")).unwrap();
    dir
}

fn check(dir: &std::path::Path, design: &str) -> (i32, String) {
    fs::write(dir.join("d.toml"), design).unwrap();
    let output = tilepress(dir, &["check", "d.toml"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

#[test]
fn a_data_file_named_in_another_case_is_suggested() {
    let dir = folder("first-hour-case", "Ship,icons/storm.svg\n");
    let (exit, out) = check(&dir, &deck("cards.csv", "", ""));
    assert_eq!(exit, 2, "{out}");
    assert!(
        out.contains("data file not found") && out.contains("did you mean `Cards.csv`?"),
        "{out}"
    );
    let (exit, out) = check(&dir, &deck("Cards.csv", "", ""));
    assert_eq!(exit, 0, "{out}");
}

#[test]
fn a_key_without_its_unit_is_suggested() {
    let dir = folder("first-hour-unit", "Ship,icons/storm.svg\n");
    let (exit, out) = check(&dir, &deck("Cards.csv", ", inset = 3", ""));
    assert_eq!(exit, 2, "{out}");
    assert!(
        out.contains("unknown field `inset`") && out.contains("did you mean `inset_mm`?"),
        "{out}"
    );
}

#[test]
fn a_bleed_that_costs_cards_a_sheet_says_what_keeps_them() {
    let dir = folder("first-hour-bleed", "Ship,icons/storm.svg\n");
    fs::write(dir.join("d.toml"), deck("Cards.csv", "", "bleed_mm = 3\n")).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(
        out.contains(
            "note: a 3 mm bleed leaves room for 6 cards a sheet where 9 fit without it; a 2 mm \
             bleed with a 4 mm margin keeps 9"
        ),
        "{out}"
    );
    // The bleed it names does keep 9 cards a sheet.
    let kept = deck("Cards.csv", "", "bleed_mm = 2\n")
        .replace("[[decks]]", "[sheet]\nmargin_mm = 4\n\n[[decks]]");
    fs::write(dir.join("d.toml"), kept).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("up to 9 per sheet") && !out.contains("note:"), "{out}");
}

#[test]
fn an_image_named_in_a_data_cell_is_reported_at_the_cell() {
    let dir = folder("first-hour-cell", "Ship,icons/storm.svg\nStorm,icons/strom.svg\n");
    let design = deck("Cards.csv", "", "");
    let (exit, out) = check(&dir, &design);
    assert_eq!(exit, 2, "{out}");
    let template = design.lines().position(|l| l.contains("image = ")).unwrap() + 1;
    assert!(out.starts_with("Cards.csv:3:2: error: "), "row 3, column 2 (icon): {out}");
    assert!(out.contains("did you mean `icons/storm.svg`?"), "{out}");
    assert!(out.contains(&format!("in column `icon`, read by d.toml:{template}:")), "{out}");
    assert!(out.contains("looked for beside the data file"), "{out}");
    fs::write(dir.join("Cards.csv"), "name,icon\nShip,icons/storm.svg\nStorm,icons/storm.svg\n")
        .unwrap();
    let (exit, out) = check(&dir, &design);
    assert_eq!(exit, 0, "{out}");
}
