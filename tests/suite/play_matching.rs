//! `[play] match = "any"`, `wild_values` and `wild_tiles` in diagrams: on the double-nine
//! dominoes (`tests/designs/double-nine-dominoes.toml`) and on city squares
//! (`tests/designs/city-squares.toml`) a tile that touches others needs one matching half or
//! edge, not all; a wild value or tile matches everything; each mistake in the new keys is
//! refused at its place with nothing written.

use crate::common;

use std::fs;

use common::{code, place_of, root, scratch, text, tilepress};

/// `design` (a file of `tests/designs`) with `play` appended, and a diagram of `places`
/// (`(tile, [i, j], turn)`) on it claimed `legal`: the exit code, the messages, and whether
/// it was drawn.
fn diagram(
    name: &str,
    design: &str,
    play: &str,
    legal: &str,
    places: &[(u32, [i64; 2], usize)],
) -> (i32, String, bool) {
    let dir = scratch(&format!("play-matching-{name}"));
    let text_of = fs::read_to_string(root().join("tests/designs").join(design)).unwrap();
    fs::write(dir.join("design.toml"), format!("{text_of}\n{play}\n")).unwrap();
    let mut diagram = format!("[diagram]\ndesign = \"design.toml\"\n{legal}\n");
    for (tile, [i, j], turn) in places {
        diagram.push_str(&format!("\n[[place]]\ntile = {tile}\nat = [{i}, {j}]\nturn = {turn}\n"));
    }
    fs::write(dir.join("d.toml"), diagram).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"), dir.join("out/d.svg").exists())
}

const DOMINOES: &str = "double-nine-dominoes.toml";
const ANY: &str = "[play]\nmatch = \"any\"";

/// 0|3 and 3|5 lying end to end on row 0 (3 meets 3), and `tile` lying below them from
/// [1, 1] to [2, 1].
fn kingdom(tile: u32) -> [(u32, [i64; 2], usize); 3] {
    [(4, [0, 0], 3), (30, [2, 0], 3), (tile, [1, 1], 3)]
}

#[test]
fn under_any_one_matching_half_is_enough() {
    // 3|6 below: its 3 meets 0|3's 3, its 6 meets 3|5's 3.
    let (status, out, drawn) = diagram("any-legal", DOMINOES, ANY, "legal = true", &kingdom(31));
    assert_eq!(status, 0, "{out}");
    assert!(drawn, "{out}");
    // Under the default `match`, every touching half must agree.
    let (status, out, drawn) = diagram("all-refused", DOMINOES, "", "legal = true", &kingdom(31));
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("d.toml:15:1: problem: tile 30 half 1 (3) meets tile 31 half 2 (6) (match)"),
        "{out}"
    );
    assert!(!drawn);
}

#[test]
fn under_any_a_domino_matching_none_of_its_neighbours_is_named_with_the_values() {
    // 6|6 below: 6 meets 3 and 6 meets 3.
    let (status, out, drawn) = diagram("any-none", DOMINOES, ANY, "legal = true", &kingdom(46));
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "d.toml:15:1: problem: tile 46 matches none of the dominoes it touches: \
             tile 46 half 1 (6) meets tile 4 half 2 (3); tile 46 half 2 (6) meets tile 30 half 1 (3) (match)"
        ),
        "{out}"
    );
    // The two dominoes that match each other are not named.
    assert_eq!(out.matches("problem:").count(), 1, "{out}");
    assert!(!drawn);
    // Stated as breaking `match`, it is drawn.
    let stated = "legal = false\nbreaks = [\"match\"]";
    let (status, out, drawn) = diagram("any-stated", DOMINOES, ANY, stated, &kingdom(46));
    assert_eq!(status, 0, "{out}");
    assert!(drawn, "{out}");
}

#[test]
fn a_wild_value_matches_every_value() {
    // 3|5 lying, then 0|9 lying with its 0 against the 5.
    let places = [(30, [0, 0], 3), (10, [2, 0], 3)];
    let (status, out, _) = diagram("wild-value-off", DOMINOES, "", "legal = true", &places);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("tile 30 half 2 (5) meets tile 10 half 1 (0) (match)"), "{out}");
    let wild = "[play]\nwild_values = [0]";
    let (status, out, drawn) = diagram("wild-value", DOMINOES, wild, "legal = true", &places);
    assert_eq!(status, 0, "{out}");
    assert!(drawn);
}

#[test]
fn a_wild_tile_matches_every_half_under_either_matching() {
    let wild = "[play]\nwild_tiles = [46]";
    let (status, out, drawn) = diagram("wild-tile", DOMINOES, wild, "legal = true", &kingdom(46));
    assert_eq!(status, 0, "{out}");
    assert!(drawn);
    let both = "[play]\nmatch = \"any\"\nwild_tiles = [46]";
    let (status, out, _) = diagram("wild-tile-any", DOMINOES, both, "legal = true", &kingdom(46));
    assert_eq!(status, 0, "{out}");
}

/// Tile 1 (city above) on [0, 0], 14 (city above and below) on [1, 0], 3 (city above and
/// to the right) on [1, 1], and `tile` on [0, 1], below tile 1 and left of tile 3.
fn squares(tile: u32) -> [(u32, [i64; 2], usize); 4] {
    [(1, [0, 0], 0), (14, [1, 0], 0), (3, [1, 1], 0), (tile, [0, 1], 0)]
}

#[test]
fn under_any_an_edge_matched_tile_needs_one_matching_edge() {
    const CITY: &str = "city-squares.toml";
    // Tile 2: its city above meets tile 1's field, its field on the right tile 3's field.
    let (status, out, _) = diagram("sq-any", CITY, ANY, "legal = true", &squares(2));
    assert_eq!(status, 0, "{out}");
    let (status, out, _) = diagram("sq-all", CITY, "", "legal = true", &squares(2));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("tile 1 edge 3 (-) meets tile 2 edge 1 (city region) (match)"), "{out}");
    // Tile 5: city above and to the right, against field on both.
    let (status, out, _) = diagram("sq-none", CITY, ANY, "legal = true", &squares(5));
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "d.toml:20:1: problem: tile 5 matches none of the tiles it touches: \
             tile 5 edge 1 (city region) meets tile 1 edge 3 (-); \
             tile 5 edge 2 (city region) meets tile 3 edge 4 (-) (match)"
        ),
        "{out}"
    );
    assert_eq!(out.matches("problem:").count(), 1, "{out}");
    // Wild, it matches both.
    let wild = "[play]\nmatch = \"any\"\nwild_tiles = [5]";
    let (status, out, _) = diagram("sq-wild", CITY, wild, "legal = true", &squares(5));
    assert_eq!(status, 0, "{out}");
}

/// The double-nine design with `play` appended, refused (exit 2 for check and build, a hint,
/// nothing written) with its first message at `needle`; the messages.
fn refused(name: &str, design: &str, play: &str, needle: &str) -> String {
    let dir = scratch(&format!("play-bad-{name}"));
    let text_of = fs::read_to_string(root().join("tests/designs").join(design)).unwrap();
    let bad = format!("{text_of}\n{play}\n");
    fs::write(dir.join("bad.toml"), &bad).unwrap();
    let err = common::refused_in(&dir);
    let at = place_of(&bad, needle);
    assert!(err.starts_with(&format!("bad.toml:{at}: error: ")), "{needle}: {err}");
    err
}

#[test]
fn a_misspelled_match_gets_did_you_mean() {
    let err = refused("match", DOMINOES, "[play]\nmatch = \"anyy\"", "\"anyy\"");
    assert!(err.contains("unknown edge matching `anyy`"), "{err}");
    assert!(err.contains("did you mean `any`?"), "{err}");
    let err = refused("match-far", DOMINOES, "[play]\nmatch = \"shape\"", "\"shape\"");
    assert!(err.contains("use `colour`, `colour+kind`, `any` or `none`"), "{err}");
}

#[test]
fn a_wild_value_that_is_not_a_value_is_refused_at_it() {
    let err = refused("value", DOMINOES, "[play]\nwild_values = [0, 12]", "12]");
    assert!(err.contains("wild value 12 is not a value of the design"), "{err}");
    assert!(err.contains("0–9"), "{err}");
    let err = refused("negative", DOMINOES, "[play]\nwild_values = [-1]", "-1]");
    assert!(err.contains("wild value -1 is not a value of the design"), "{err}");
    let err = refused("text", DOMINOES, "[play]\nwild_values = [\"castle\"]", "\"castle\"");
    assert!(err.contains("castle") || err.contains("string"), "{err}");
    // A design whose tiles carry no values has no value to be wild.
    let err = refused("no-values", "city-squares.toml", "[play]\nwild_values = [0]", "[0]");
    assert!(err.contains("`wild_values` in a design whose tiles carry no values"), "{err}");
}

#[test]
fn a_wild_tile_that_is_not_a_tile_is_refused_at_it() {
    let err = refused("tile", DOMINOES, "[play]\nwild_tiles = [99]", "99]");
    assert!(err.contains("the design has no tile 99"), "{err}");
    assert!(err.contains("1 to 55"), "{err}");
}

#[test]
fn the_documented_kingdom_is_legal() {
    let dir = scratch("play-matching-doc");
    let design = common::doc_example("**Dominoes.**");
    let play = common::doc_example("#### Matching one side, wild values and tiles");
    fs::write(dir.join("dominoes.toml"), format!("{design}\n{play}")).unwrap();
    let kingdom = common::doc_example("A kingdom under `match = \"any\"`");
    fs::write(dir.join("kingdom.toml"), kingdom).unwrap();
    let output = tilepress(&dir, &["diagram", "kingdom.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(dir.join("out/kingdom.svg").exists());
    let check = tilepress(&dir, &["check", "dominoes.toml"]);
    assert_eq!(code(&check), 0, "{}", text(&check).0);
}

#[test]
fn the_documented_refused_placement_is_refused_for_matching_no_neighbour() {
    let dir = scratch("play-matching-doc-refused");
    let design = common::doc_example("**Dominoes.**");
    let play = common::doc_example("#### Matching one side, wild values and tiles");
    fs::write(dir.join("dominoes.toml"), format!("{design}\n{play}")).unwrap();
    let kingdom = common::doc_example("A kingdom under `match = \"any\"`");
    // The 2|2 in place of the 1|2, and the 0|1 left out.
    let (kept, _) = kingdom.split_once("[[place]]                   # 0|1").unwrap();
    let refused = kept.replace("tile = 6\n", "tile = 8\n");
    fs::write(dir.join("kingdom.toml"), refused).unwrap();
    let output = tilepress(&dir, &["diagram", "kingdom.toml", "-o", "out"]);
    let (out, err) = text(&output);
    let out = format!("{out}{err}");
    assert_eq!(code(&output), 1, "{out}");
    assert!(
        out.contains(
            "problem: tile 8 matches none of the dominoes it touches: tile 8 half 1 (2) meets \
             tile 7 half 1 (1); tile 8 half 2 (2) meets tile 7 half 2 (3) (match)"
        ),
        "{out}"
    );
    assert!(!dir.join("out").join("kingdom.svg").exists());
}

#[test]
fn a_wild_value_agrees_at_every_vertex() {
    // Tile 2 (0, 0, 2) puts 2 where tile 1 (0, 0, 1) shows 1; with 2 wild they agree.
    let dir = scratch("play-matching-corners");
    let text_of =
        fs::read_to_string(root().join("tests/designs/corner-values-triangles.toml")).unwrap();
    let diagram = "[diagram]\ndesign = \"design.toml\"\nlegal = true\n\n\
                   [[place]]\ntile = 1\nat = [0, 0, 0]\n\n[[place]]\ntile = 2\nat = [0, 0, 1]\n";
    fs::write(dir.join("d.toml"), diagram).unwrap();
    for (play, expected) in
        [("", 1), ("[play]\nwild_values = [2]", 0), ("[play]\nwild_tiles = [2]", 0)]
    {
        fs::write(dir.join("design.toml"), format!("{text_of}\n{play}\n")).unwrap();
        let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
        let (out, err) = text(&output);
        assert_eq!(code(&output), expected, "{play}: {out}{err}");
    }
}

/// The documented double-three dominoes with the documented `[play]`, kings and castle, and
/// the documented kingdom with `places` appended (`None`: the documented counters).
fn kingdom_with_counters(name: &str, places: Option<&str>) -> (i32, String, std::path::PathBuf) {
    let dir = scratch(&format!("play-counters-{name}"));
    let design = common::doc_example("**Dominoes.**");
    let play = common::doc_example("#### Matching one side, wild values and tiles");
    let counters = common::doc_example("**Counters beside the tiles.**");
    fs::write(dir.join("dominoes.toml"), format!("{design}\n{play}\n{counters}")).unwrap();
    let kingdom = common::doc_example("A kingdom under `match = \"any\"`");
    let documented = common::doc_example("and placed in the kingdom above");
    let places = places.map_or(documented, str::to_string);
    fs::write(dir.join("kingdom.toml"), format!("{kingdom}\n{places}")).unwrap();
    let output = tilepress(&dir, &["diagram", "kingdom.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"), dir)
}

#[test]
fn documented_kings_and_a_castle_stand_beside_the_tiles() {
    let (status, out, dir) = kingdom_with_counters("doc", None);
    assert_eq!(status, 0, "{out}");
    let svg = fs::read_to_string(dir.join("out/kingdom.svg")).unwrap();
    // The blue king's disc and the castle's square are drawn; the red king is not placed.
    assert!(svg.to_lowercase().contains("#2c3e66"), "the blue king");
    assert!(svg.to_lowercase().contains("#7a7a7a"), "the castle");
    assert!(!svg.to_lowercase().contains("#b03a2e"), "no red king");
    // The design with counters still checks clean.
    let check = tilepress(&dir, &["check", "dominoes.toml"]);
    assert_eq!(code(&check), 0, "{}", text(&check).0);
}

#[test]
fn a_counter_the_design_does_not_have_is_refused_at_its_key() {
    let place = |body: &str| format!("[[place]]\n{body}\n");
    let (status, out, dir) =
        kingdom_with_counters("name", Some(&place("counter = \"king\"\nat = [3, 0]")));
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("kingdom.toml:27:11: error: the design has no counters `king`"), "{out}");
    assert!(out.contains("did you mean `kings`?"), "{out}");
    assert!(!dir.join("out").exists(), "nothing is written");
    let (status, out, _) =
        kingdom_with_counters("item", Some(&place("counter = \"kings\"\nitem = 3\nat = [3, 0]")));
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("kingdom.toml:28:8: error: counters `kings` have no item 3"), "{out}");
    assert!(out.contains("give an item from 1 to 2"), "{out}");
    let (status, out, _) =
        kingdom_with_counters("turn", Some(&place("counter = \"kings\"\nat = [3, 0]\nturn = 1")));
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("error: a counter is not turned"), "{out}");
    let both = place("counter = \"kings\"\ntile = 1\nat = [3, 0]");
    let (status, out, _) = kingdom_with_counters("both", Some(&both));
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("error: a [[place]] with `counter` and a tile, piece or pawn"), "{out}");
}
