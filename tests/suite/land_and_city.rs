//! The shipped land-and-city set (`designs/thornmere.toml`): its rule derives as many kinds as a brute-force orbit count made here, it keeps its uneven copies (a tile in other art counted among them), a removed tile and a copy too many are named at their line, a burgh line and a lane region are reported (`kinds_of`), its illegal diagram names the edges that differ, and its faces draw lanes from their slot points between meadows and burghs filling their edges.

use std::fs;

use crate::common;
use common::orbits::{Labelled, orbits, square_tiles_of_edges};
use common::png_image::near;
use common::{check_text, place_of, scratch};

/// The shipped design's text.
fn thornmere() -> String {
    fs::read_to_string(common::root().join("designs/thornmere.toml")).unwrap()
}

/// Every labelled tile the rule allows: each edge meadow | lane | meadow, burgh or meadow,
/// the lane ends paired in every way (lanes run edge to edge).
fn labelled_tiles() -> Vec<Labelled> {
    square_tiles_of_edges(&[['m', 'l', 'm'], ['b', 'b', 'b'], ['m', 'm', 'm']], 'l', true)
}

/// Checks `text` (named `name`) and asserts it fails naming `message` as a problem at the
/// `[[tiles]]` entry of tile `number`.
fn named_at_tile(name: &str, text: &str, number: u32, message: &str) {
    let (code, said) = check_text(name, "t.toml", text);
    assert_eq!(code, 1, "{said}");
    let line = tile_line(text, number);
    assert!(said.contains(&format!("t.toml:{line}:1: problem: {message}")), "{said}");
}

/// The line of the `[[tiles]]` entry of tile `number` in `text`.
fn tile_line(text: &str, number: u32) -> usize {
    let at = place_of(text, &format!("\nnumber = {number}\n"));
    at.split(':').next().unwrap().parse().unwrap()
}

/// `text` with the first `from` after tile `number`'s entry replaced by `to`.
fn in_tile(text: &str, number: u32, from: &str, to: &str) -> String {
    let start = text.find(&format!("\nnumber = {number}\n")).unwrap();
    let at = start + text[start..].find(from).unwrap();
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

/// The number of the first face image of tile `number`: the faces are numbered copy by
/// copy in the order of the entries.
fn first_face(text: &str, number: i64) -> i64 {
    let design: toml::Table = text.parse().unwrap();
    let tiles = design["tiles"].as_array().unwrap();
    let before = tiles.iter().take_while(|t| t["number"].as_integer() != Some(number));
    1 + before.map(|t| t.get("copies").and_then(|c| c.as_integer()).unwrap_or(1)).sum::<i64>()
}

#[test]
fn the_rule_derives_as_many_kinds_as_a_brute_force_count_and_keeps_the_uneven_copies() {
    let text = thornmere();
    let (code, said) = check_text("thornmere", "t.toml", &text);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("43 tiles (the rule derives 43); complete and consistent"), "{said}");
    // The kinds the rule derives, told by a wrong `count`, against the orbits counted here.
    let (_, said) =
        check_text("thornmere-kinds", "t.toml", &text.replacen("count = 15", "count = 1", 1));
    let kinds: usize = said
        .split("the rule says `count = 1` but derives ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{said}"))
        .parse()
        .unwrap();
    assert_eq!(kinds, orbits(&labelled_tiles(), 4, 3, false), "{said}");
    assert_eq!(kinds, 15, "{said}");
    // Uneven copies under the rule: one copy fewer of a kind that comes 6 times is named.
    let fewer = in_tile(&text, 2, "copies = 6", "copies = 5");
    named_at_tile(
        "thornmere-fewer",
        &fewer,
        2,
        "tile 2 comes 5 time(s); the rule's `copies_of` says it comes 6 time(s)",
    );
}

#[test]
fn a_removed_tile_and_a_copy_too_many_are_named_at_their_line() {
    let text = thornmere();
    let last = text.rfind("\n[[tiles]]").unwrap();
    let short = &text[..last + 1];
    let (code, said) = check_text("thornmere-short", "t.toml", short);
    assert_eq!(code, 1, "{said}");
    let rule = place_of(&text, "[rule]\n");
    assert_eq!(said.matches("missing tile: ").count(), 1, "{said}");
    assert!(said.contains(&format!("t.toml:{rule}: problem: missing tile: ")), "{said}");
    assert!(said.contains("the design lists 40 tiles; the set has 43"), "{said}");
    // The crossing comes once; a second copy is named at its entry.
    let extra = text.replacen("number = 5\n", "number = 5\ncopies = 2\n", 1);
    named_at_tile(
        "thornmere-copy",
        &extra,
        5,
        "tile 5 comes 2 time(s); the rule says each tile comes 1 time(s)",
    );
}

#[test]
fn a_lane_in_other_art_is_a_copy_of_its_tile_counted_by_copies_of_not_a_duplicate() {
    let text = thornmere();
    // One of the six straight lanes as entry 16, turned a quarter and with a well drawn on it.
    let lane = "[\"meadow region\", \"lane\", \"meadow region\"]";
    let meadow = "[\"meadow region\", \"meadow region\", \"meadow region\"]";
    let turned =
        format!("\n[[tiles]]\nnumber = 16\nedges = [{meadow}, {lane}, {meadow}, {lane}]\n");
    let well = "layers = [{ shape = \"circle\", size_mm = 6, fill = \"#fefefe\" }]\n";
    let five = in_tile(&text, 2, "copies = 6", "copies = 5");
    let variant = format!("{five}{turned}{well}");
    let (code, said) = check_text("thornmere-art", "t.toml", &variant);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("43 tiles (the rule derives 43); complete and consistent"), "{said}");
    let dir = scratch("thornmere-art-build");
    fs::write(dir.join("t.toml"), &variant).unwrap();
    let build = common::tilepress(&dir, &["build", "t.toml", "-o", "out"]);
    assert_eq!(common::code(&build), 0, "{}", common::text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/t/t.pdf")).unwrap();
    let pages = pdf.get_pages().len() as u32;
    let wells: Vec<_> = (1..=pages)
        .flat_map(|page| common::pdf::fills(&pdf, page))
        .filter(|fill| fill.colour == [0xfe, 0xfe, 0xfe])
        .collect();
    assert_eq!(wells.len(), 1, "the well is on one copy");
    let (x0, _, x1, _) = common::pdf::bounds(&wells[0].points);
    assert!((x1 - x0 - 6.0).abs() < 0.01, "{}", x1 - x0);
    // Beside six copies of tile 2 the variant is a seventh, named at tile 2 with it.
    named_at_tile(
        "thornmere-art-seventh",
        &format!("{text}{turned}{well}"),
        2,
        "tile 2 comes 7 time(s) (with tile 16: the same tile in other art); the rule's \
         `copies_of` says it comes 6 time(s)",
    );
    // In the same art it is a duplicate, found turned.
    let (code, said) = check_text("thornmere-art-same", "t.toml", &format!("{five}{turned}"));
    assert_eq!(code, 1, "{said}");
    let line = tile_line(&format!("{five}{turned}"), 16);
    assert!(
        said.contains(&format!(
            "t.toml:{line}:1: problem: tile 16 duplicates tile 2 (line {}): the same tile turned \
             clockwise by 3 edge(s)",
            tile_line(&five, 2)
        )),
        "{said}"
    );
}

#[test]
fn a_burgh_line_and_a_lane_region_are_reported_by_kinds_of() {
    let text = thornmere();
    let burgh_line =
        in_tile(&in_tile(&text, 2, "\"lane\"", "\"burgh\""), 2, "\"lane\"", "\"burgh\"");
    named_at_tile(
        "thornmere-burgh-line",
        &burgh_line,
        2,
        "tile 2 is not in the set: edge 1 slot 2 is a burgh line, where the rule's `kinds_of` \
         gives burgh only region",
    );
    let lane_region = in_tile(&text, 1, "\"meadow region\"", "\"lane region\"");
    named_at_tile(
        "thornmere-lane-region",
        &lane_region,
        1,
        "tile 1 is not in the set: edge 1 slot 1 is a lane region, where the rule's `kinds_of` \
         gives lane only line",
    );
}

#[test]
fn the_illegal_diagram_names_a_meadow_edge_against_a_burgh() {
    let dir = scratch("thornmere-diagram");
    let design = common::root().join("designs/thornmere.toml");
    let diagram = fs::read_to_string(common::root().join("diagrams/thornmere-against-wall.toml"))
        .unwrap()
        .replace("../designs/thornmere.toml", design.to_str().unwrap())
        .replace("legal = false", "legal = true")
        .replace("breaks = [\"match\"]\n", "");
    fs::write(dir.join("claimed.toml"), &diagram).unwrap();
    let run = common::tilepress(&dir, &["diagram", "claimed.toml", "-o", "out"]);
    let said = common::text(&run).1;
    assert_eq!(common::code(&run), 1, "{said}");
    let place = place_of(&diagram, "[[place]]\ntile = 11");
    assert!(
        said.contains(&format!(
            "claimed.toml:{place}: problem: tile 6 edge 1 (burgh region | burgh region | burgh region) \
             meets tile 11 edge 4 (meadow region | meadow region | meadow region)"
        )),
        "{said}"
    );
    assert!(!dir.join("out").exists(), "nothing drawn");
}

#[test]
fn lanes_leave_the_middle_of_their_edges_between_meadows_and_burghs_fill_their_edges() {
    let dir = scratch("thornmere-faces");
    let text = thornmere();
    fs::write(dir.join("t.toml"), &text).unwrap();
    let run = common::tilepress(&dir, &["build", "t.toml", "-o", "faces", "--format", "faces"]);
    assert_eq!(common::code(&run), 0, "{}", common::text(&run).1);
    let face = |tile: i64| {
        let first = first_face(&text, tile);
        common::png_image::decoded(&dir.join(format!("faces/t/t-face-{first:03}-front.png")))
    };
    let (meadow, lane, burgh) = ([0x7f, 0xae, 0x4e], [0xef, 0xe3, 0xc2], [0x8a, 0x4b, 0x2a]);
    // Tile 2, a straight lane from edge 1 to edge 3: meadow on both sides of it.
    let straight = face(2);
    for (x, y) in [(0.5, 0.01), (0.5, 0.5), (0.5, 0.99)] {
        assert!(near(straight.at_fraction(x, y), lane), "lane at {x}, {y}");
    }
    for (x, y) in [(0.3, 0.01), (0.7, 0.01), (0.01, 0.5), (0.99, 0.5), (0.3, 0.5), (0.7, 0.5)] {
        assert!(near(straight.at_fraction(x, y), meadow), "meadow at {x}, {y}");
    }
    // Tile 3, a lane bending from edge 1 to edge 2 round their corner: meadow inside the
    // bend and outside it.
    let bend = face(3);
    for (x, y) in [(0.5, 0.01), (0.99, 0.5), (0.646, 0.354)] {
        assert!(near(bend.at_fraction(x, y), lane), "lane at {x}, {y}");
    }
    for (x, y) in [(0.9, 0.1), (0.5, 0.5), (0.1, 0.9), (0.3, 0.01), (0.99, 0.7)] {
        assert!(near(bend.at_fraction(x, y), meadow), "meadow at {x}, {y}");
    }
    // Tile 6, a burgh along edge 1: its whole edge is burgh, down to the tile's middle.
    let wall = face(6);
    for (x, y) in [(0.03, 0.01), (0.5, 0.01), (0.97, 0.01), (0.5, 0.4)] {
        assert!(near(wall.at_fraction(x, y), burgh), "burgh at {x}, {y}");
    }
    for (x, y) in [(0.5, 0.6), (0.5, 0.99), (0.01, 0.5)] {
        assert!(near(wall.at_fraction(x, y), meadow), "meadow at {x}, {y}");
    }
    // Tile 10, burgh on every edge: the burgh fills the tile.
    let walled = face(10);
    for (x, y) in [(0.02, 0.02), (0.5, 0.5), (0.98, 0.98), (0.98, 0.02), (0.5, 0.3)] {
        assert!(near(walled.at_fraction(x, y), burgh), "burgh at {x}, {y}");
    }
}
