//! `explain` on two-faced tiles (`back_edges`): each tile's front and back are listed faces
//! with the tile's copies, as `check` counts them; faces left out are printed two to an entry.

use crate::common;
use crate::explain::{check, explain, pasted_back, split_tiles};

use common::scratch;

/// Three two-faced squares, twice each: for each pair of the three colours, two curves on the
/// front and two crossing straights on the back — every face of the rule below, which `check`
/// passes (asserted in the test).
const THREE_PAIRS: &str = r##"[set]
name = "Three pairs"
shape = "square"
edge_mm = 30.0

[palette]
red = "#d62828"
white = "#ffffff"
blue = "#1d4ed8"

[[tiles]]
number = 1
edges = ["red", "red", "white", "white"]
back_edges = ["red", "white", "red", "white"]
copies = 2

[[tiles]]
number = 2
edges = ["red", "red", "blue", "blue"]
back_edges = ["red", "blue", "red", "blue"]
copies = 2

[[tiles]]
number = 3
edges = ["white", "white", "blue", "blue"]
back_edges = ["white", "blue", "white", "blue"]
copies = 2
"##;

const RULE: &str = r#"[rule]
colours = ["red", "white", "blue"]
joins = "every"
distinct_line_colours = true
symmetry = "rotation"
copies = 2
"#;

#[test]
fn a_two_faced_list_is_explained_face_by_face() {
    let dir = scratch("explain-two-faced");
    let (checked, said) = check(&dir, &format!("{THREE_PAIRS}\n{RULE}"));
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("6 tiles (the rule derives 6); complete and consistent"), "{said}");
    let (code, out) = explain(&dir, THREE_PAIRS);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("6 distinct faces listed"), "{out}");
    assert!(out.contains("It derives the 6 faces listed, exactly."), "{out}");
    let (checked, said) = pasted_back(&dir, THREE_PAIRS, &out, false);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("6 tiles (the rule derives 6); complete and consistent"), "{said}");
}

#[test]
fn a_two_faced_tile_left_out_is_named_as_check_names_it() {
    let dir = scratch("explain-two-faced-less-one");
    let (head, tiles) = split_tiles(THREE_PAIRS);
    let list = head + &tiles[..2].concat();
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("It adds 2 faces the list lacks, ready to paste:"), "{out}");
    // Both faces of tile 3 in one entry, front and back, with the tiles' copies.
    let entry = "[[tiles]]\nnumber = 3\nedges = [\"white\", \"white\", \"blue\", \"blue\"]\n\
                 back_edges = [\"white\", \"blue\", \"white\", \"blue\"]\ncopies = 2";
    assert!(out.contains(entry), "{out}");
    // The rule alone: check misses exactly the two faces explain adds, and a tile.
    let (incomplete, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(incomplete, 1, "{said}");
    assert_eq!(said.matches("missing tile").count(), 2, "{said}");
    for face in ["white, white, blue, blue", "white, blue, white, blue"] {
        assert!(said.contains(&format!("missing tile: edges 1–4 clockwise: {face};")), "{said}");
    }
    assert!(said.contains("the design lists 4 tiles; the set has 6"), "{said}");
    let (checked, said) = pasted_back(&dir, &list, &out, true);
    assert_eq!(checked, 0, "{said}");
    assert!(said.contains("6 tiles (the rule derives 6); complete and consistent"), "{said}");
}

#[test]
fn a_foreign_back_is_named_at_its_tile() {
    let dir = scratch("explain-two-faced-foreign");
    // Tile 3's back: two red lines, which `distinct_line_colours` rules out.
    let back = "back_edges = [\"white\", \"blue\", \"white\", \"blue\"]";
    let foreign =
        "back_edges = [\"red\", \"red\", \"red\", \"red\"]\nback_joins = [[1, 2], [3, 4]]";
    let list = THREE_PAIRS.replace(back, foreign);
    let (code, out) = explain(&dir, &list);
    assert_eq!(code, 0, "{out}");
    let line = common::line_of(&list, "number = 3") - 1;
    assert!(out.contains("It does not derive 1 listed face:"), "{out}");
    assert!(
        out.contains(&format!(
            "design.toml:{line}:1: tile 3 (back) is not derived: two of its lines have the same colour"
        )),
        "{out}"
    );
    // The face it replaced is the one face added, alone in its entry.
    assert!(out.contains("It adds 1 face the list lacks, ready to paste:"), "{out}");
    let entry = "number = 4\nedges = [\"white\", \"blue\", \"white\", \"blue\"]\ncopies = 2\n\n";
    assert!(out.contains(entry), "{out}");
    assert!(out.contains("(an odd number of faces: the last entry has no back;"), "{out}");
    // Check on the list with the rule says the same of tile 3's back.
    let (incomplete, said) = pasted_back(&dir, &list, &out, false);
    assert_eq!(incomplete, 1, "{said}");
    assert!(said.contains("tile 3 (back) is not in the set: two of its lines"), "{said}");
}
