//! Sets ruled by values: `tests/designs/double-nine-dominoes.toml` (55 tiles) and
//! `tests/designs/corner-values-triangles.toml` (70 tiles) check clean with the counts their
//! rules derive; one removal, one duplicate and one rule-breaking tile are each reported by
//! the tile's values at its line; double-six dominoes (28) follow from one rule.

use crate::common;

use std::fs;

use common::{check_text, line_of, root};

fn design(name: &str) -> String {
    fs::read_to_string(root().join("tests/designs").join(name)).unwrap()
}

/// The `[[tiles]]` entry carrying `values`: its number and the line of its header.
fn entry(toml: &str, values: &str) -> (u32, usize) {
    let at = toml.find(&format!("values = {values}\n")).expect(values);
    let header = toml[..at].rfind("[[tiles]]").unwrap();
    let number = toml[header..at].split("number = ").nth(1).unwrap().trim().parse().unwrap();
    (number, toml[..header].lines().count() + 1)
}

/// `toml` without the `[[tiles]]` entry carrying `values`.
fn without(toml: &str, values: &str) -> String {
    let at = toml.find(&format!("values = {values}\n")).expect(values);
    let header = toml[..at].rfind("[[tiles]]").unwrap();
    let end = at + toml[at..].find('\n').unwrap() + 1;
    format!("{}{}", &toml[..header], toml[end..].trim_start_matches('\n'))
}

#[test]
fn double_nine_dominoes_are_complete_with_the_55_tiles_their_rule_derives() {
    let (code, out) = check_text("d9-clean", "d9.toml", &design("double-nine-dominoes.toml"));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "Double-nine dominoes: 55 tiles (the rule derives 55); complete and consistent"
        ),
        "{out}"
    );
}

/// `file` without the tile of `values`: exactly the problems `missing: {named}` at the
/// rule's line and the count, `listed` of `wanted`.
fn removal_is_reported(file: &str, values: &str, named: &str, listed: usize, wanted: usize) {
    let full = design(file);
    let (code, out) = check_text(&format!("missing-{file}"), "set.toml", &without(&full, values));
    assert_eq!(code, 1, "{out}");
    let rule = line_of(&full, "[rule]");
    assert!(out.contains(&format!("set.toml:{rule}:1: problem: missing: {named}\n")), "{out}");
    assert!(out.contains(&format!("the design lists {listed} tiles; the set has {wanted}")));
    assert_eq!(out.matches("problem:").count(), 2, "{out}");
}

/// `file` with the tile of `replaced` given the values `by`, the same tile as the one of
/// `first`: a duplicate naming both tiles and lines, and `missing` missing.
fn duplicate_is_reported(file: &str, replaced: &str, by: &str, first: &str, missing: &str) {
    let full = design(file);
    let toml = full.replacen(&format!("values = {replaced}\n"), &format!("values = {by}\n"), 1);
    let (code, out) = check_text(&format!("duplicate-{file}"), "set.toml", &toml);
    assert_eq!(code, 1, "{out}");
    let (first, first_line) = entry(&toml, first);
    let (second, second_line) = entry(&toml, by);
    let named = by.trim_matches(['[', ']']).replace(", ", "|");
    assert!(
        out.contains(&format!(
            "set.toml:{second_line}:1: problem: duplicate: {named} (tiles {first} and {second}, lines {first_line} and {second_line})\n"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("problem: missing: {missing}\n")), "{out}");
    assert_eq!(out.matches("problem:").count(), 2, "{out}");
}

#[test]
fn a_removed_domino_is_named_by_its_values() {
    removal_is_reported("double-nine-dominoes.toml", "[3, 5]", "3|5", 54, 55);
}

#[test]
fn a_duplicate_domino_names_both_tiles_and_their_lines() {
    duplicate_is_reported("double-nine-dominoes.toml", "[3, 5]", "[4, 2]", "[2, 4]", "3|5");
}

#[test]
fn a_domino_outside_the_range_is_refused_at_its_value() {
    let full = design("double-nine-dominoes.toml");
    let toml = full.replacen("values = [3, 5]\n", "values = [3, 10]\n", 1);
    let (code, out) = check_text("d9-extra", "d9.toml", &toml);
    assert_eq!(code, 2, "{out}");
    let (number, header) = entry(&toml, "[3, 10]");
    let line = header + 2;
    let column = "values = [3, ".len() + 1;
    assert!(
        out.contains(&format!(
            "d9.toml:{line}:{column}: error: tile {number} (3|10): value 10 is outside the rule's range, 0–9"
        )),
        "{out}"
    );
}

#[test]
fn corner_value_triangles_are_complete_with_the_70_tiles_their_rule_derives() {
    let (code, out) = check_text("cv-clean", "cv.toml", &design("corner-values-triangles.toml"));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("70 tiles (the rule derives 70); complete and consistent"), "{out}");
}

#[test]
fn a_removed_triangle_is_named_by_its_corner_values() {
    removal_is_reported("corner-values-triangles.toml", "[0, 2, 5]", "0|2|5", 69, 70);
}

#[test]
fn a_triangle_turned_round_is_a_duplicate() {
    // 2|5|0 is 0|2|5 turned; replacing 0|3|5 with it leaves 0|3|5 missing.
    let file = "corner-values-triangles.toml";
    duplicate_is_reported(file, "[0, 3, 5]", "[2, 5, 0]", "[0, 2, 5]", "0|3|5");
}

#[test]
fn a_triangle_breaking_the_rule_is_an_extra_tile_at_its_line() {
    let full = design("corner-values-triangles.toml");
    let toml = format!("{full}\n[[tiles]]\nnumber = 71\nvalues = [4, 4, 4]\n");
    let (code, out) = check_text("cv-extra", "cv.toml", &toml);
    assert_eq!(code, 1, "{out}");
    let line = line_of(&toml, "number = 71") - 1;
    assert!(
        out.contains(&format!(
            "cv.toml:{line}:1: problem: extra: 4|4|4 (tile 71) — value 4 is shown 3 times; the rule allows it 2 time(s)\n"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 71 tiles; the set has 70"), "{out}");
    assert_eq!(out.matches("problem:").count(), 2, "{out}");
}

/// Double-six dominoes listed as every pair `a ≤ b` of 0–6, with `rule` as the rule: black
/// pips on white (on the default black face they would not read).
fn double_six(rule: &str) -> String {
    let mut toml = String::from(
        "[set]\nname = \"Double-six\"\nshape = \"rectangle\"\nwidth_mm = 20.0\nheight_mm = 40.0\n\
         cells = [1, 2]\n[style]\nbackground = \"paper\"\n[palette]\nink = \"#000000\"\npaper = \"#ffffff\"\n\
         [values]\nstyle = \"pips\"\n",
    );
    toml.push_str(rule);
    let mut number = 0;
    for a in 0..=6 {
        for b in a..=6 {
            number += 1;
            toml.push_str(&format!("\n[[tiles]]\nnumber = {number}\nvalues = [{a}, {b}]\n"));
        }
    }
    toml
}

#[test]
fn double_six_dominoes_follow_from_one_rule() {
    let rule = "[rule]\nvalues = { range = [0, 6] }\n";
    let (code, out) = check_text("d6", "d6.toml", &double_six(rule));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("28 tiles (the rule derives 28); complete and consistent"), "{out}");
    // All different: the seven doubles are extra.
    let rule = "[rule]\nvalues = { range = [0, 6], max_same = 1 }\n";
    let (code, out) = check_text("d6-different", "d6.toml", &double_six(rule));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("28 tiles (the rule derives 21)"), "{out}");
    assert_eq!(out.matches("problem: extra: ").count(), 7, "{out}");
    assert!(out.contains("extra: 3|3 (tile 19) — value 3 is shown 2 times"), "{out}");
}

/// The first TOML example after `heading` in docs/format.md.
fn documented(heading: &str) -> String {
    let doc = fs::read_to_string(root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find(heading).expect(heading)..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    section[start..start + section[start..].find("```").unwrap()].to_string()
}

/// Checks and builds `toml`; returns what check printed.
fn checks_and_builds(name: &str, toml: &str) -> String {
    let (status, out) = check_text(name, "example.toml", toml);
    assert_eq!(status, 0, "{out}");
    let dir = common::scratch(&format!("{name}-build"));
    fs::write(dir.join("example.toml"), toml).unwrap();
    let build = common::tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(common::code(&build), 0, "{:?}", common::text(&build));
    assert!(dir.join("out/example/example.pdf").exists());
    out
}

#[test]
fn the_documented_value_examples_check_and_build() {
    let out = checks_and_builds("doc-dominoes", &documented("**Dominoes.**"));
    assert!(out.contains("10 tiles (the rule derives 10); complete and consistent"), "{out}");
    let out = checks_and_builds("doc-corners", &documented("**Corner values.**"));
    assert!(out.contains("8 tiles (the rule derives 8); complete and consistent"), "{out}");
    let circles = documented("**Circles and rounded rectangles.**");
    let out = checks_and_builds("doc-circles", &circles);
    assert!(out.contains("4 tiles (no rule to derive it from)"), "{out}");
    let rounded = circles.replace(
        "shape = \"circle\"\ndiameter_mm = 30.0",
        "shape = \"rectangle\"\nwidth_mm = 20.0\nheight_mm = 30.0\ncorner_radius_mm = 2.0",
    );
    assert_ne!(rounded, circles);
    checks_and_builds("doc-rounded", &rounded);
}

#[test]
fn the_listing_names_rectangle_tiles_by_their_values() {
    let dir = common::scratch("d9-list");
    let path = root().join("tests/designs/double-nine-dominoes.toml");
    let output = common::tilepress(&dir, &["list", path.to_str().unwrap()]);
    let (out, err) = common::text(&output);
    assert_eq!(common::code(&output), 0, "{err}");
    assert!(out.contains("55 rectangle tiles, 25 × 50 mm in 1 × 2 cell(s)\n"), "{out}");
    assert!(out.contains("\n    30  values 3|5\n"), "{out}");
}

/// The corner-value triangles read clockwise in ascending order: every multiset of three
/// values from 0 to 5 once (56 tiles, counted here by brute force), each tile written as its
/// values ascending from corner 1.
fn ascending_triangles() -> (String, usize) {
    let head = design("corner-values-triangles.toml");
    let head = &head[..head.find("[[tiles]]").unwrap()];
    let head = head
        .replace(
            "values = { range = [0, 5], symmetry = \"cyclic\", max_same = 2 }",
            "values = { range = [0, 5], symmetry = \"cyclic\", ascending = true }",
        )
        .replace("count = 70", "count = 56");
    let mut triples = Vec::new();
    for a in 0..6 {
        for b in 0..6 {
            for c in 0..6 {
                let mut sorted = [a, b, c];
                sorted.sort_unstable();
                if !triples.contains(&sorted) {
                    triples.push(sorted);
                }
            }
        }
    }
    let tiles: String = (triples.iter().enumerate())
        .map(|(k, [a, b, c])| {
            format!("[[tiles]]\nnumber = {}\nvalues = [{a}, {b}, {c}]\n\n", k + 1)
        })
        .collect();
    (format!("{head}{tiles}"), triples.len())
}

#[test]
fn ascending_corner_values_derive_each_multiset_once_and_a_mirror_image_is_named() {
    let (toml, count) = ascending_triangles();
    assert_eq!(count, 56);
    let (code, out) = check_text("ascending", "set.toml", &toml);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("56 tiles (the rule derives 56); complete and consistent"), "{out}");
    // 0|2|1 is 0|1|2 turned over: no corner reads it ascending.
    let mirrored = toml.replacen("values = [0, 1, 2]\n", "values = [0, 2, 1]\n", 1);
    let (code, out) = check_text("ascending-mirror", "set.toml", &mirrored);
    assert_eq!(code, 1, "{out}");
    let (number, line) = entry(&mirrored, "[0, 2, 1]");
    assert!(
        out.contains(&format!("set.toml:{line}:1: problem: extra: 0|2|1 (tile {number})")),
        "{out}"
    );
    assert!(out.contains("go down from every corner (a mirror image?)"), "{out}");
    assert!(out.contains("problem: missing: 0|1|2"), "{out}");
    // A turn of an ascending tile is the same tile, still in the set.
    let turned = toml.replacen("values = [0, 1, 2]\n", "values = [1, 2, 0]\n", 1);
    let (code, out) = check_text("ascending-turned", "set.toml", &turned);
    assert_eq!(code, 0, "{out}");
    // Order is meaningless to `unordered`: refused at the rule.
    let unordered =
        toml.replace("symmetry = \"cyclic\", ascending", "symmetry = \"unordered\", ascending");
    let (code, out) = check_text("ascending-unordered", "set.toml", &unordered);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("`ascending = true` reads values in order"), "{out}");
}
