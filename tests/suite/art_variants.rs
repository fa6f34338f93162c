//! Art variants of one tile: with a rule, a tile is its edges — two entries with the same edges whose own art differs (an icon on one) are copies of one tile, counted together against the rule, not duplicates; the same entries without the icon are duplicates.

use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
use common::{code, root, scratch, text, tilepress};

/// The region triangles (11 tiles, one of each) with a second tile 4 numbered 12, with its
/// own `layers` (or none), and the rule's `copies_of` line (or none).
fn design(layers: &str, copies_of: &str) -> String {
    let base = fs::read_to_string(root().join("tests/designs/region-triangles.toml")).unwrap();
    let base = base.replacen("count = 11\n", &format!("count = 11\n{copies_of}"), 1);
    format!(
        "{base}\n[[tiles]]\nnumber = 12\nedges = [\"red region\", \"red region\", \"green region\"]\n{layers}"
    )
}

const ICON: &str = "layers = [{ shape = \"circle\", size_mm = 6, fill = \"#fefefe\" }]\n";
const TWO: &str =
    "copies_of = { \"edges 1–3 clockwise: red region, red region, green region\" = 2 }\n";

fn check(name: &str, toml: &str) -> (i32, String, std::path::PathBuf) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), toml).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&run);
    (code(&run), format!("{out}{err}"), dir)
}

#[test]
fn two_copies_that_differ_by_an_icon_check_clean_and_count_two() {
    let (status, said, dir) = check("art-variants", &design(ICON, TWO));
    assert_eq!(status, 0, "{said}");
    assert!(said.contains("12 tiles (the rule derives 12); complete and consistent"), "{said}");
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d.pdf")).unwrap();
    let icons: Vec<_> =
        fills(&pdf, 1).into_iter().filter(|f| f.colour == [0xfe, 0xfe, 0xfe]).collect();
    assert_eq!(icons.len(), 1, "the icon is on one copy");
    let (x0, _, x1, _) = bounds(&icons[0].points);
    assert!((x1 - x0 - 6.0).abs() < 0.01);
}

#[test]
fn art_variants_count_against_the_rules_copies() {
    let (status, said, _) = check("art-variants-count", &design(ICON, ""));
    assert_eq!(status, 1, "{said}");
    assert!(
        said.contains("tile 4 comes 2 time(s) (with tile 12: the same tile in other art); the rule says each tile comes 1 time(s)"),
        "{said}"
    );
    assert!(said.contains("red region, red region, green region\" = 2 }"), "{said}");
}

#[test]
fn the_same_tile_in_the_same_art_is_still_a_duplicate() {
    let (status, said, _) = check("art-variants-duplicate", &design("", TWO));
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("tile 12 duplicates tile 4"), "{said}");
}
