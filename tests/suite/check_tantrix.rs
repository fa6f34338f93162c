//! `tilepress check` on the real Tantrix design and on edited copies of it: complete, a tile
//! removed, a tile duplicated or turned, and bad input that must not be read.

use crate::common;

use common::{code, root, scratch, text, tilepress};
use std::fs;
use std::path::Path;

/// The shipped design's text.
fn tantrix() -> String {
    fs::read_to_string(root().join("designs/tantrix.toml")).unwrap()
}

/// The design split at its `[[tiles]]` entries: the head, then one chunk per tile.
fn split_tiles(design: &str) -> (String, Vec<String>) {
    let mut chunks = design.split("[[tiles]]");
    let head = chunks.next().unwrap().to_string();
    (head, chunks.map(|c| format!("[[tiles]]{c}")).collect())
}

fn check_text(dir: &Path, design: &str) -> (i32, String, String) {
    let path = dir.join("design.toml");
    fs::write(&path, design).unwrap();
    let output = tilepress(dir, &["check", "design.toml"]);
    let (out, err) = text(&output);
    (code(&output), out, err)
}

#[test]
fn the_shipped_set_is_complete() {
    let output = tilepress(&root(), &["check", "designs/tantrix.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("56 tiles (the rule derives 56); complete and consistent"), "{out}");
}

#[test]
fn removing_any_tile_names_the_missing_tile() {
    let dir = scratch("remove");
    let (head, tiles) = split_tiles(&tantrix());
    assert_eq!(tiles.len(), 56);
    for removed in 0..tiles.len() {
        let design: String = head.clone()
            + &tiles
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != removed)
                .map(|(_, t)| t.as_str())
                .collect::<String>();
        let (code, out, _) = check_text(&dir, &design);
        assert_eq!(code, 1, "tile {} removed", removed + 1);
        let missing: Vec<&str> =
            out.lines().filter(|l| l.contains("missing tile: edges 1–6 clockwise")).collect();
        assert_eq!(missing.len(), 1, "{out}");
        assert!(out.contains("the design lists 55 tiles; the set has 56"), "{out}");
        // The description names the removed tile's colours in some rotation.
        let removed_edges = tiles[removed].lines().find(|l| l.starts_with("edges")).unwrap();
        for colour in ["red", "yellow", "blue", "green"] {
            assert_eq!(
                removed_edges.contains(colour),
                missing[0].contains(colour),
                "{removed_edges} vs {}",
                missing[0]
            );
        }
    }
}

#[test]
fn a_duplicate_names_both_tiles_even_when_turned() {
    let dir = scratch("duplicate");
    let design = tantrix();
    // Tile 57 is tile 1 (yellow yellow blue red blue red) with its edge 3 now on top: tile 1
    // turned anticlockwise by 2 edges, which is clockwise by 4.
    let turned = "\n[[tiles]]\nnumber = 57\nedges = [\"blue\", \"red\", \"blue\", \"red\", \"yellow\", \"yellow\"]\nback = \"yellow\"\n";
    let (code, out, _) = check_text(&dir, &(design.clone() + turned));
    assert_eq!(code, 1);
    assert!(out.contains("tile 57 duplicates tile 1"), "{out}");
    assert!(out.contains("the same tile turned clockwise by 4 edge(s)"), "{out}");
    let line_of_57 = design.lines().count() + 2;
    assert!(out.contains(&format!("design.toml:{line_of_57}:")), "points at the entry: {out}");
    // An exact copy.
    let copy = "\n[[tiles]]\nnumber = 58\nedges = [\"yellow\", \"yellow\", \"blue\", \"red\", \"blue\", \"red\"]\n";
    let (code, out, _) = check_text(&dir, &(design + copy));
    assert_eq!(code, 1);
    assert!(out.contains("tile 58 duplicates tile 1 (line"), "{out}");
    assert!(out.contains("the same tile"), "{out}");
}

#[test]
fn a_tile_outside_the_rule_says_why() {
    let dir = scratch("extra");
    // Three straights: the one pairing the rule excludes.
    let extra = "\n[[tiles]]\nnumber = 60\nedges = [\"red\", \"yellow\", \"blue\", \"red\", \"yellow\", \"blue\"]\n";
    let (code, out, _) = check_text(&dir, &(tantrix() + extra));
    assert_eq!(code, 1);
    assert!(
        out.contains("tile 60 is not in the set: its line pattern (spans [3, 3, 3]) is excluded"),
        "{out}"
    );
    assert!(out.contains("57 tiles; the set has 56"), "{out}");
}

#[test]
fn numbers_must_be_unique() {
    let dir = scratch("numbers");
    let design = tantrix().replacen("number = 2\n", "number = 1\n", 1);
    let (code, out, _) = check_text(&dir, &design);
    assert_eq!(code, 1);
    assert!(out.contains("tile number 1 is used twice (also at line"), "{out}");
}
