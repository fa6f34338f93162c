//! `explain` on a designed set that no rule over values derives (equal values printed
//! differently, an uneven distribution): it says so at once and counts what the set holds —
//! tiles per pair of values, and each value's places and crowns — instead of a rule.

use crate::common;

use common::{code, root, text, tilepress};

/// The words of the row of the table titled `after` (below its title and header) that starts
/// with `label`.
fn row<'a>(out: &'a str, after: &str, label: &str) -> Vec<&'a str> {
    let table = &out[out.find(after).unwrap_or_else(|| panic!("{after}: {out}"))..];
    let line = table.lines().skip(2).find(|l| l.split_whitespace().next() == Some(label));
    line.unwrap_or_else(|| panic!("{label}: {out}")).split_whitespace().collect()
}

#[test]
fn a_designed_set_is_counted_instead_of_given_a_rule() {
    let design = "tests/designs/designed-terrains/terrains.toml";
    let run = tilepress(&root(), &["explain", design]);
    let (out, err) = text(&run);
    assert_eq!(code(&run), 1, "no rule explains it: {out}{err}");
    assert!(out.contains("No rule over values explains the 9 listed tiles"), "{out}");
    assert!(!out.contains("[rule]"), "no rule proposed: {out}");
    let pairs = "Tiles per pair of values";
    assert_eq!(row(&out, pairs, "wheat"), ["wheat", "3", "2", "1"]);
    assert_eq!(row(&out, pairs, "forest"), ["forest", "1", "1"]);
    assert_eq!(row(&out, pairs, "lake"), ["lake", "1"]);
    let places = "Per value, how many places show it, and its `crowns` added up";
    assert_eq!(row(&out, places, "wheat"), ["wheat", "9", "1"]);
    assert_eq!(row(&out, places, "forest"), ["forest", "5", "1"]);
    assert_eq!(row(&out, places, "lake"), ["lake", "4", "3"]);
}
