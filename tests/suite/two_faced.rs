//! Two-faced tiles (`back_edges`) with `copies`: `tests/designs/two-faced-squares.toml` (one
//! entry, 64 copies, curves on the front and crossing straights on the back) checks clean and
//! prints its backs as a second face; a lost back face, a second entry of the same tile
//! turned over and a back that breaks the rule are each reported at the tile's line.

use crate::common;

use std::fs;

use common::{code, line_of, root, scratch, text, tilepress};

fn check(name: &str, toml: &str) -> (i32, String) {
    common::check_text(name, "t.toml", toml)
}

fn design() -> String {
    fs::read_to_string(root().join("tests/designs/two-faced-squares.toml")).unwrap()
}

#[test]
fn one_entry_of_sixty_four_two_faced_tiles_is_the_whole_set() {
    let (status, out) = check("two-faced-clean", &design());
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("64 tiles (the rule derives 64); complete and consistent"), "{out}");
}

#[test]
fn a_lost_back_face_is_missing() {
    let full = design();
    let toml = full.replace("back_edges = [\"red\", \"white\", \"red\", \"white\"]", "");
    assert_ne!(toml, full);
    let (status, out) = check("two-faced-missing", &toml);
    assert_eq!(status, 1, "{out}");
    let rule = line_of(&toml, "[rule]");
    assert!(
        out.contains(&format!(
            "t.toml:{rule}:1: problem: missing tile: edges 1–4 clockwise: red, white, red, white"
        )),
        "{out}"
    );
}

/// Tile 2 is tile 1 turned over (straights up) and turned: its front is tile 1's back
/// turned by one edge, its back tile 1's front turned by one edge the other way.
#[test]
fn the_same_tile_turned_over_is_a_duplicate() {
    let full = design();
    let extra = "\n[[tiles]]\nnumber = 2\nedges = [\"white\", \"red\", \"white\", \"red\"]\n\
                 back_edges = [\"white\", \"red\", \"red\", \"white\"]\ncopies = 64\n";
    let toml = format!("{full}{extra}");
    let (status, out) = check("two-faced-duplicate", &toml);
    assert_eq!(status, 1, "{out}");
    let at = line_of(&toml, "number = 2") - 1;
    let first = line_of(&toml, "number = 1") - 1;
    assert!(
        out.contains(&format!(
            "t.toml:{at}:1: problem: tile 2 duplicates tile 1 (line {first}): the same tile turned over"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 128 tiles; the set has 64"), "{out}");
}

#[test]
fn a_back_that_breaks_the_rule_is_named() {
    let full = design();
    let toml = full.replace(
        "back_edges = [\"red\", \"white\", \"red\", \"white\"]",
        "back_edges = [\"red\", \"red\", \"red\", \"red\"]\nback_joins = [[1, 2], [3, 4]]",
    );
    let (status, out) = check("two-faced-breaking", &toml);
    assert_eq!(status, 1, "{out}");
    let at = line_of(&toml, "number = 1") - 1;
    assert!(
        out.contains(&format!(
            "t.toml:{at}:1: problem: tile 1 (back) is not in the set: two of its lines have the same colour"
        )),
        "{out}"
    );
}

#[test]
fn a_back_with_the_wrong_number_of_edges_is_an_error_at_its_line() {
    let toml = design().replace(
        "back_edges = [\"red\", \"white\", \"red\", \"white\"]",
        "back_edges = [\"red\", \"red\"]",
    );
    let (status, out) = check("two-faced-bad", &toml);
    assert_eq!(status, 2, "{out}");
    let at = line_of(&toml, "back_edges");
    assert!(
        out.contains(&format!("t.toml:{at}:14: error: tile 1 lists 2 edges; a square has 4")),
        "{out}"
    );
}

#[test]
fn backs_print_the_second_face() {
    let dir = scratch("two-faced-build");
    let path = root().join("tests/designs/two-faced-squares.toml");
    let output = tilepress(&dir, &["build", path.to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let folder = dir.join("out/two-faced-squares");
    let front = fs::read_to_string(folder.join("two-faced-squares-sheet-01-front.svg")).unwrap();
    let back = fs::read_to_string(folder.join("two-faced-squares-sheet-01-back.svg")).unwrap();
    // Fronts: two curves, no casing; backs: two crossing straights, the upper one cased.
    let red = "stroke=\"#d62828\"";
    assert!(front.contains(red) && back.contains(red));
    let casings = |svg: &str| {
        svg.matches("stroke=\"#000000\" stroke-linejoin=\"round\" stroke-width=\"6\"").count()
    };
    assert_eq!(casings(&front), 0, "curves do not cross");
    assert_eq!(casings(&back), 54, "one casing per tile of a full sheet");
}

#[test]
fn the_documented_example_checks_and_builds() {
    let doc = fs::read_to_string(root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("**Two-faced tiles.**").expect("the section")..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let (status, out) = check("two-faced-doc", example);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("64 tiles (the rule derives 64)"), "{out}");
    let dir = scratch("two-faced-doc-build");
    fs::write(dir.join("example.toml"), example).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
    assert!(dir.join("out/example/example-sheet-01-back.svg").exists());
}

/// Two copies of tile 1 side by side: for some turn of the second the touching lines match
/// and the diagram is legal — the set has 64 of the tile, so laying two is no `same-tile`
/// violation.
#[test]
fn a_diagram_may_lay_as_many_copies_as_the_set_has() {
    let dir = scratch("two-faced-diagram");
    let design = root().join("tests/designs/two-faced-squares.toml");
    let legal_turns = (0..4)
        .filter(|turn| {
            let diagram = format!(
                "[diagram]\ndesign = \"{}\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\n\n\
                 [[place]]\ntile = 1\nat = [1, 0]\nturn = {turn}\n",
                design.display()
            );
            fs::write(dir.join("pair.toml"), diagram).unwrap();
            let output = tilepress(&dir, &["diagram", "pair.toml", "-o", "out"]);
            let (out, err) = text(&output);
            assert!(!err.contains("placed twice"), "{out}{err}");
            code(&output) == 0
        })
        .count();
    assert_eq!(legal_turns, 2, "red meets red for two of the four turns");
}
