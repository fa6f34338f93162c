//! `tilepress explain` on shipped lists with their rule removed: the rule it prints, pasted
//! back, makes `check` pass; missing tiles named as entries that complete the list; a
//! foreign tile named where it is written; bad input refused.

use crate::common;

use common::{code, line_of, root, scratch, text, tilepress};
use std::fs;
use std::path::Path;

/// A shipped design's text with its `[rule]` table removed.
fn without_rule(design: &str) -> String {
    rule_removed(&fs::read_to_string(root().join("designs").join(design)).unwrap())
}

/// A design's text without its `[rule]` table and its `[rule.…]` sub-tables.
pub fn rule_removed(text: &str) -> String {
    let mut kept = Vec::new();
    let mut in_rule = false;
    for line in text.lines() {
        if line.starts_with('[') {
            in_rule = line == "[rule]" || line.starts_with("[rule.");
        }
        if !in_rule {
            kept.push(line);
        }
    }
    kept.join("\n") + "\n"
}

/// `explain` run on `design` written as `design.toml` in `dir`: exit code and stdout.
pub fn explain(dir: &Path, design: &str) -> (i32, String) {
    fs::write(dir.join("design.toml"), design).unwrap();
    let output = tilepress(dir, &["explain", "design.toml"]);
    let (out, err) = text(&output);
    assert!(err.is_empty() || code(&output) == 2, "{err}");
    (code(&output), out)
}

/// `check` run on `design`: exit code and stdout.
pub fn check(dir: &Path, design: &str) -> (i32, String) {
    fs::write(dir.join("checked.toml"), design).unwrap();
    let output = tilepress(dir, &["check", "checked.toml"]);
    let (out, err) = text(&output);
    (code(&output), out + &err)
}

/// The first `[rule]` table explain printed, as printed.
pub fn printed_rule(out: &str) -> String {
    let start = out.find("[rule]\n").expect("a [rule] table printed");
    let end = start + out[start..].find("\n\n").unwrap_or(out.len() - start);
    out[start..end].to_string()
}

/// The `[[tiles]]` entries explain printed (before the runner-up).
fn printed_tiles(out: &str) -> Vec<String> {
    let best = out.split("Runner-up").next().unwrap();
    best.split("[[tiles]]")
        .skip(1)
        .map(|entry| format!("[[tiles]]{}", entry.split("\n\n").next().unwrap()))
        .collect()
}

/// The list explained, its rule pasted back (and the entries explain printed): `check` on it.
pub fn pasted_back(dir: &Path, list: &str, out: &str, with_tiles: bool) -> (i32, String) {
    let mut design = format!("{list}\n{}\n", printed_rule(out));
    if with_tiles {
        for entry in printed_tiles(out) {
            design.push_str(&format!("\n{entry}\n"));
        }
    }
    check(dir, &design)
}

/// The design split at its `[[tiles]]` entries: the head, then one chunk per tile.
pub fn split_tiles(design: &str) -> (String, Vec<String>) {
    let mut chunks = design.split("[[tiles]]");
    let head = chunks.next().unwrap().to_string();
    (head, chunks.map(|c| format!("[[tiles]]{c}")).collect())
}

#[test]
fn tantrix_without_its_rule_is_explained_by_a_rule_check_accepts() {
    let dir = scratch("explain-tantrix");
    let list = without_rule("tantrix.toml");
    let (no_rule, said) = check(&dir, &list);
    assert_eq!(no_rule, 0, "{said}");
    assert!(said.contains("no rule to derive it from"), "{said}");
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("It derives the 56 tiles listed, exactly."), "{out}");
    assert!(out.contains("simplest = fewest constraints plus differences"), "{out}");
    let rule = printed_rule(&out);
    assert!(rule.contains("joins = \"every\""), "{rule}");
    let (checked, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("56 tiles (the rule derives 56); complete and consistent"), "{said}");
}

#[test]
fn triles_without_its_rule_is_explained_by_a_rule_check_accepts() {
    let dir = scratch("explain-triles");
    let list = without_rule("triles.toml");
    // Without a rule its tiles' lines are joined by colour, which they do not all allow.
    let (unread, said) = check(&dir, &list);
    assert_eq!(unread, 2, "{said}");
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("It derives the 52 tiles listed, exactly."), "{out}");
    let (checked, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("52 tiles (the rule derives 52)"), "{said}");
}

#[test]
fn two_tiles_left_out_are_printed_as_the_entries_that_complete_the_list() {
    let dir = scratch("explain-less-two");
    let (head, tiles) = split_tiles(&without_rule("tantrix.toml"));
    let list: String = head
        + &tiles
            .iter()
            .enumerate()
            .filter(|(i, _)| ![4, 40].contains(i))
            .map(|(_, t)| t.as_str())
            .collect::<String>();
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("(3 constraints, 2 differences)"), "{out}");
    assert!(out.contains("It adds 2 tiles the list lacks, ready to paste:"), "{out}");
    let entries = printed_tiles(&out);
    assert_eq!(entries.len(), 2, "{out}");
    // The rule alone finds the two missing; with the entries pasted the set is complete,
    // so they are the two tiles left out (a third tile or a wrong one would be a problem).
    let (incomplete, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(incomplete, 1, "{said}");
    assert_eq!(said.matches("missing tile").count(), 2, "{said}");
    let (checked, said) = pasted_back(&dir, &list, &out, true);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("56 tiles (the rule derives 56); complete and consistent"), "{said}");
}

#[test]
fn a_foreign_tile_is_named_where_it_is_written() {
    let dir = scratch("explain-foreign");
    let foreign = "[[tiles]]\nnumber = 57\nedges = [\"red\", \"yellow\", \"blue\", \"red\", \"yellow\", \"blue\"]\n";
    let list = format!("{}\n{foreign}", without_rule("tantrix.toml"));
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    let line = line_of(&list, "number = 57") - 1;
    assert!(
        out.contains(&format!(
            "design.toml:{line}:1: tile 57 is not derived: its line pattern (spans [3, 3, 3]) is excluded by the rule"
        )),
        "{out}"
    );
    assert!(out.contains("It does not derive 1 listed tile:"), "{out}");
    assert!(!out.contains("It adds"), "{out}");
}

#[test]
fn a_tile_written_twice_turned_is_named_as_the_duplicate_check_finds() {
    let dir = scratch("explain-duplicate");
    // Tile 1 (yellow, yellow, blue, red, blue, red) turned one edge clockwise.
    let turned = "[[tiles]]\nnumber = 57\nedges = [\"red\", \"yellow\", \"yellow\", \"blue\", \"red\", \"blue\"]\n";
    let list = format!("{}\n{turned}", without_rule("tantrix.toml"));
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    let line = line_of(&list, "number = 57") - 1;
    let first = line_of(&list, "number = 1\n") - 1;
    assert!(out.contains("(3 constraints, 1 difference)"), "{out}");
    assert!(out.contains("Under symmetry = \"rotation\" it finds 1 listed tile twice:"), "{out}");
    assert!(
        out.contains(&format!("design.toml:{line}:1: tile 57 is tile 1 (line {first})")),
        "{out}"
    );
    // Pasted back, check finds the same duplicate and nothing else.
    let (checked, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(checked, 1, "{said}");
    assert!(said.contains("duplicate"), "{said}");
}

#[test]
fn a_tile_listed_three_times_is_no_difference_but_its_count() {
    let dir = scratch("explain-copies");
    let (head, mut tiles) = split_tiles(&without_rule("tantrix.toml"));
    tiles[0] = tiles[0].replacen("number = 1\n", "number = 1\ncopies = 3\n", 1);
    let list = head + &tiles.concat();
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("It derives the 56 tiles listed, exactly."), "{out}");
    let rule = printed_rule(&out);
    assert!(rule.contains("copies_of = {"), "{rule}");
    assert!(rule.contains("\" = 3 }"), "{rule}");
    let (checked, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("complete and consistent"), "{said}");
}

#[test]
fn a_list_no_rule_explains_gets_a_bounded_answer_and_exit_1() {
    let dir = scratch("explain-uncovered");
    let (head, tiles) = split_tiles(&without_rule("tantrix.toml"));
    // Five tiles, not all of them green: the green cue goes with the green lines.
    let list = head.replace("[cues]\ngreen = \"double\"\n", "") + &tiles[..5].concat();
    let started = std::time::Instant::now();
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("No rule searched explains the list"), "{out}");
    assert!(out.contains("has no fewer differences than the 5 tiles listed"), "{out}");
    assert!(out.contains("To narrow the search"), "{out}");
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn a_rule_that_already_derives_the_list_is_said_so() {
    let output = tilepress(&root(), &["explain", "designs/tantrix.toml"]);
    let (out, _) = text(&output);
    assert_eq!(code(&output), 0, "{out}");
    assert_eq!(
        out,
        "Tantrix: the design's rule already derives its 56 tiles exactly; nothing to explain\n"
    );
}

#[test]
fn bad_input_is_refused_with_exit_2_and_nothing_written() {
    let dir = scratch("explain-bad");
    let list = without_rule("tantrix.toml");
    let no_lines = list.replace("[cues]\ngreen = \"double\"\n", "");
    let no_tiles = no_lines.split("[[tiles]]").next().unwrap().to_string();
    let square = list.replacen(
        "edges = [\"yellow\", \"yellow\", \"blue\", \"red\", \"blue\", \"red\"]",
        "edges = [\"yellow\", \"yellow\", \"blue\", \"red\"]",
        1,
    );
    let broken = list.replacen("[[tiles]]\nnumber = 1\n", "[[tiles]]\nnumber = = 1\n", 1);
    let cases = [
        (no_tiles, "lists no tiles to explain".to_string()),
        (
            square.clone(),
            format!(
                "design.toml:{}:",
                line_of(&square, "edges = [\"yellow\", \"yellow\", \"blue\", \"red\"]")
            ),
        ),
        (broken.clone(), format!("design.toml:{}:", line_of(&broken, "number = = 1"))),
    ];
    for (design, expected) in cases {
        fs::write(dir.join("design.toml"), &design).unwrap();
        let output = tilepress(&dir, &["explain", "design.toml"]);
        let (out, err) = text(&output);
        assert_eq!(code(&output), 2, "{out}{err}");
        assert!(err.contains(&expected), "{expected}: {err}");
        assert!(out.is_empty(), "{out}");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, ["design.toml"], "nothing written");
    }
    let missing = tilepress(&dir, &["explain", "absent.toml"]);
    assert_eq!(code(&missing), 2);
}

#[test]
fn the_documented_example_prints_what_the_docs_show() {
    let dir = scratch("explain-doc-example");
    let example = common::doc_example("**Example of explain.**");
    fs::write(dir.join("three-roads.toml"), &example).unwrap();
    let output = tilepress(&dir, &["explain", "three-roads.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert_eq!(
        out,
        common::shown_output("**Example of explain.**"),
        "docs/format.md shows another output"
    );
    // The rule and the tile it adds, pasted back: the set is complete.
    let (checked, said) = pasted_back(&dir, &example, &out, true);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("6 tiles (the rule derives 6); complete and consistent"), "{said}");
    // The example as written checks (no rule) and builds.
    common::check_and_build("explain-doc-example-build", &example);
}
