//! Empty edges (`"-"`) and `copies`: `tests/designs/empty-dots.toml` (6 tiles derived from a
//! rule with an empty choice, each twice) checks clean, and one removal, one duplicate entry
//! and one tile with the wrong number of copies are each reported at the tile's line; uneven
//! copies stated in the rule (`copies_of`) keep it.

use crate::common;

use std::fs;

use common::{code, line_of, root, scratch, text, tilepress};

fn check(name: &str, toml: &str) -> (i32, String) {
    common::check_text(name, "dots.toml", toml)
}

fn design() -> String {
    fs::read_to_string(root().join("tests/designs/empty-dots.toml")).unwrap()
}

#[test]
fn the_empty_dots_set_is_complete_with_two_copies_of_six_tiles() {
    let (code, out) = check("dots-clean", &design());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("12 tiles (the rule derives 12); complete and consistent"), "{out}");
}

#[test]
fn a_removed_tile_is_named_by_its_edges() {
    let full = design();
    let cut = full.find("[[tiles]]\nnumber = 4").expect("tile 4");
    let end = full.find("[[tiles]]\nnumber = 5").expect("tile 5");
    let (code, out) = check("dots-missing", &format!("{}{}", &full[..cut], &full[end..]));
    assert_eq!(code, 1, "{out}");
    let rule_line = line_of(&full, "[rule]");
    assert!(
        out.contains(&format!(
            "dots.toml:{rule_line}:1: problem: missing tile: edges 1–4 clockwise: red dot, -, red dot, -"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 10 tiles; the set has 12"), "{out}");
}

#[test]
fn a_second_entry_of_the_same_tile_is_a_duplicate_and_copies_are_counted() {
    let full = design();
    let extra = "\n[[tiles]]\nnumber = 7\nedges = [\"-\", \"red dot\", \"red dot\", \"-\"]\n";
    let toml = format!("{full}{extra}");
    let (code, out) = check("dots-duplicate", &toml);
    assert_eq!(code, 1, "{out}");
    let at = line_of(&toml, "number = 7") - 1;
    let first = line_of(&toml, "number = 3") - 1;
    assert!(
        out.contains(&format!(
            "dots.toml:{at}:1: problem: tile 7 duplicates tile 3 (line {first}): the same tile turned clockwise by 1 edge(s)"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 13 tiles; the set has 12"), "{out}");
}

#[test]
fn a_tile_with_other_copies_than_the_rule_breaks_it() {
    let full = design();
    let toml = full.replacen(
        "edges = [\"red dot\", \"-\", \"-\", \"-\"]\ncopies = 2",
        "edges = [\"red dot\", \"-\", \"-\", \"-\"]\ncopies = 3",
        1,
    );
    assert_ne!(toml, full);
    let (code, out) = check("dots-copies", &toml);
    assert_eq!(code, 1, "{out}");
    let at = line_of(&toml, "number = 2") - 1;
    assert!(
        out.contains(&format!(
            "dots.toml:{at}:1: problem: tile 2 comes 3 time(s); the rule says each tile comes 2 time(s)"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 13 tiles; the set has 12"), "{out}");
}

#[test]
fn an_empty_edge_outside_the_rule_is_named() {
    let toml = design().replace("colours = [\"red\", \"-\"]", "colours = [\"red\"]");
    let (code, out) = check("dots-no-empty", &toml);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tile 1 is not in the set: edge 1 is empty, which the rule does not use"));
}

#[test]
fn copies_print_each_tile_as_often_as_it_says() {
    let dir = scratch("dots-build");
    let path = root().join("tests/designs/empty-dots.toml");
    let output = tilepress(&dir, &["build", path.to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let svg = fs::read_to_string(dir.join("out/empty-dots/empty-dots-sheet-01-front.svg")).unwrap();
    // Tile 6 (four half-dots) twice: 8 red half-discs; 2 × (0 + 1 + 2 + 2 + 3 + 4) = 24.
    let red = svg.matches("fill=\"#c0392b\"").count();
    assert_eq!(red, 24, "half-dots drawn");
}

#[test]
fn the_documented_example_is_the_test_design() {
    let example = common::doc_example("**Empty edges and copies.**");
    let (status, out) = check("dots-doc", &example);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("12 tiles (the rule derives 12)"), "{out}");
    let dir = scratch("dots-doc-build");
    fs::write(dir.join("example.toml"), &example).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
}

/// The empty-dots set with uneven copies: the empty tile three times and the full one once
/// (the rule's `copies = 2` for the rest), stated in the rule by each tile's description.
fn uneven() -> String {
    design()
        .replacen(
            "edges = [\"-\", \"-\", \"-\", \"-\"]\ncopies = 2",
            "edges = [\"-\", \"-\", \"-\", \"-\"]\ncopies = 3",
            1,
        )
        .replacen(
            "edges = [\"red dot\", \"red dot\", \"red dot\", \"red dot\"]\ncopies = 2",
            "edges = [\"red dot\", \"red dot\", \"red dot\", \"red dot\"]\ncopies = 1",
            1,
        )
        .replacen(
            "copies = 2\n\n[sheet]",
            "copies = 2\ncopies_of = { \"edges 1-4 clockwise: -, -, -, -\" = 3, \"edges 1–4 \
             clockwise: red dot, red dot, red dot, red dot\" = 1 }\n\n[sheet]",
            1,
        )
}

#[test]
fn uneven_copies_keep_their_rule_and_a_wrong_count_or_an_unknown_tile_is_named() {
    let toml = uneven();
    assert!(toml.contains("copies_of") && toml.contains("copies = 3"), "{toml}");
    let (code, out) = check("dots-uneven", &toml);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("12 tiles (the rule derives 12)"), "3 + 4 × 2 + 1: {out}");
    // One copy too many of a tile with its own count.
    let more = toml.replacen("copies = 3", "copies = 4", 1);
    let (code, out) = check("dots-uneven-more", &more);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tile 1 comes 4 time(s); the rule's `copies_of` says it comes 3 time(s)"),
        "{out}"
    );
    assert!(out.contains("the design lists 13 tiles; the set has 12"), "{out}");
    // A tile the rule does not derive, at its count.
    let unknown =
        toml.replacen("red dot, red dot, red dot, red dot\" = 1", "red dot, red dot\" = 1", 1);
    let (code, out) = check("dots-uneven-unknown", &unknown);
    assert_eq!(code, 1, "{out}");
    let at = line_of(&unknown, "copies_of = ");
    assert!(out.contains(&format!("dots.toml:{at}:")) && out.contains("`copies_of` names a tile the rule does not derive: edges 1–4 clockwise: red dot, red dot"), "{out}");
    // A count that is no number of copies is unreadable.
    let zero = toml.replacen("-, -, -, -\" = 3", "-, -, -, -\" = 0", 1);
    let (code, out) = check("dots-uneven-zero", &zero);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("`copies = 0` is not a number of copies"), "{out}");
    // Without `copies_of`, the help writes the entry to paste.
    let (_, out) = check("dots-uneven-bare", &toml.replace("copies_of = ", "# copies_of = "));
    assert!(out.contains("copies_of = { \"edges 1–4 clockwise: -, -, -, -\" = 3 }"), "{out}");
}
