//! `[play]` move rules on tiles with several slots per edge: an empty space faces every slot of the edges turned to it, so `no-same-colour-space` counts slots (an edge read as one slot would count the wrong ones), and the tiles around a space are counted once each.

use std::fs;

use crate::common;
use common::scratch;

/// Square tiles of red and blue half-dots, two per edge, under `rule`.
fn design(rule: &str) -> String {
    let blue = "[\"blue dot\", \"blue dot\"]";
    let tile = |number: u32, edges: [&str; 4]| {
        format!("\n[[tiles]]\nnumber = {number}\nedges = [{}]\n", edges.join(", "))
    };
    format!(
        "[set]\nname = \"Dots\"\nshape = \"square\"\nedge_mm = 30.0\nslots_per_edge = 2\n\n\
         [palette]\nred = \"#cc2222\"\nblue = \"#2244cc\"\npaper = \"#f4ecd8\"\n\n\
         [style]\nbackground = \"paper\"\n\n[[play.rules]]\n{rule}\n{}{}{}",
        tile(1, [blue, "[\"red dot\", \"red dot\"]", blue, blue]),
        tile(2, [blue, blue, blue, "[\"red dot\", \"blue dot\"]"]),
        tile(3, [blue, blue, blue, blue]),
    )
}

/// Tile 1 at [0, 0], its edge 2 (red | red) turned to the empty cell [1, 0]; tile `other`
/// laid new at [2, 0], its edge 4 turned to that cell too.
fn diagram(other: u32, legal: bool) -> String {
    format!(
        "[diagram]\ndesign = \"dots.toml\"\nlegal = {legal}\n\n[[place]]\ntile = 1\nat = [0, 0]\n\n\
         [[place]]\ntile = {other}\nat = [2, 0]\nnew = true\n"
    )
}

/// Runs `tilepress diagram` on `diagram` beside `design`: the exit code and what it said.
fn run(name: &str, design: &str, diagram: &str) -> (i32, String) {
    let dir = scratch(name);
    fs::write(dir.join("dots.toml"), design).unwrap();
    fs::write(dir.join("d.toml"), diagram).unwrap();
    let output = common::tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    (common::code(&output), common::text(&output).1)
}

#[test]
fn an_empty_space_facing_three_red_slots_on_two_edges_breaks_the_same_colour_rule() {
    let rule = design("kind = \"no-same-colour-space\"\ncount = 3");
    // Red | red and red | blue: three red slots face the space.
    let (code, said) = run("slot-play-three", &rule, &diagram(2, true));
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains(
            "the empty space [1, 0] faces 3 red slots (tile 2 edge 4 slot 1 (red dot), \
             tile 1 edge 2 slot 1 (red dot), tile 1 edge 2 slot 2 (red dot)); no tile can fill it"
        ),
        "{said}"
    );
    assert!(said.contains("d.toml:9:1:"), "at the new tile's [[place]]: {said}");
    // Red | red and blue | blue: two red slots, two blue ones.
    let (code, said) = run("slot-play-two", &rule, &diagram(3, true));
    assert_eq!(code, 0, "{said}");
}

#[test]
fn the_tiles_around_a_space_are_counted_once_whatever_their_slots() {
    // Two tiles around the space, four slots: more than one tile, not more than four.
    let one = design("kind = \"max-space-neighbours\"\ncount = 1");
    let (code, said) = run("slot-play-crowded", &one, &diagram(3, true));
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("the empty space [1, 0] is surrounded by 2 tiles (3, 1)"), "{said}");
    let two = design("kind = \"max-space-neighbours\"\ncount = 2");
    let (code, said) = run("slot-play-not-crowded", &two, &diagram(3, true));
    assert_eq!(code, 0, "{said}");
}
