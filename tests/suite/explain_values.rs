//! `explain` on lists of tiles with values (dominoes' cells, triangles' corners): missing
//! tiles printed to paste, a foreign tile and a duplicate named at their entries.

use crate::common;
use crate::explain::{check, explain, pasted_back, printed_rule, rule_removed, split_tiles};

use common::{line_of, root, scratch, text, tilepress};
use std::fs;

/// A test design's text without its rule.
fn test_design(name: &str) -> String {
    rule_removed(&fs::read_to_string(root().join("tests/designs").join(name)).unwrap())
}

/// The design's `[[tiles]]` entries dropped where `drop` says (by index).
fn without_entries(design: &str, drop: &[usize]) -> String {
    let (head, tiles) = split_tiles(design);
    let kept = tiles.iter().enumerate().filter(|(i, _)| !drop.contains(i));
    head + &kept.map(|(_, t)| t.as_str()).collect::<String>()
}

#[test]
fn dominoes_less_two_get_the_two_entries_that_complete_them() {
    let dir = scratch("explain-values-less-two");
    let full = test_design("double-nine-dominoes.toml");
    let list = without_entries(&full, &[7, 30]);
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("values = { range = [0, 9], symmetry = \"unordered\" }"), "{out}");
    assert!(out.contains("It adds 2 tiles the list lacks, ready to paste:"), "{out}");
    // Pasted with the rule alone, check misses exactly two; with the entries, none.
    let (incomplete, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(incomplete, 1, "{said}");
    assert_eq!(said.matches("missing: ").count(), 2, "{said}");
    let (checked, said) = pasted_back(&dir, &list, &out, true);
    assert_eq!(checked, 0, "{said}");
}

#[test]
fn a_triangle_with_one_value_three_times_is_named_not_derived() {
    let dir = scratch("explain-values-foreign");
    let foreign = "[[tiles]]\nnumber = 71\nvalues = [1, 1, 1]\n";
    let list = format!("{}\n{foreign}", test_design("corner-values-triangles.toml"));
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("max_same = 2"), "{out}");
    let line = line_of(&list, "number = 71") - 1;
    let named = format!(
        "design.toml:{line}:1: tile 71 (1|1|1) is not derived: value 1 is shown 3 times; the rule allows it 2 time(s)"
    );
    assert!(out.contains(&named), "{out}");
    // The rule, pasted back, finds the same tile extra.
    let (extra, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(extra, 1, "{said}");
    assert!(said.contains("extra: 1|1|1 (tile 71)"), "{said}");
}

#[test]
fn a_domino_written_both_ways_is_named_as_the_duplicate_check_finds() {
    let dir = scratch("explain-values-duplicate");
    let turned = "[[tiles]]\nnumber = 56\nvalues = [9, 0]\n";
    let list = format!("{}\n{turned}", test_design("double-nine-dominoes.toml"));
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    let line = line_of(&list, "number = 56") - 1;
    assert!(out.contains(&format!("design.toml:{line}:1: tile 56 (9|0) is tile ")), "{out}");
    let (duplicate, said) = check(&dir, &format!("{list}\n{}", printed_rule(&out)));
    assert_eq!(duplicate, 1, "{said}");
    assert!(said.contains("duplicate: 9|0"), "{said}");
}

#[test]
fn a_values_design_without_tiles_is_refused() {
    let dir = scratch("explain-values-empty");
    let full = test_design("double-nine-dominoes.toml");
    let (head, _) = split_tiles(&full);
    fs::write(dir.join("design.toml"), head).unwrap();
    let output = tilepress(&dir, &["explain", "design.toml"]);
    let (_, err) = text(&output);
    assert_eq!(common::code(&output), 2, "{err}");
    assert!(err.contains("lists no tiles to explain"), "{err}");
}
