//! Several slots per edge (`[set] slots_per_edge`): the sets a rule derives equal brute-force counts made here — every labelled tile enumerated, orbits under turns by whole edges (and flips) counted by remapping slot positions, without the enumerator's canonical forms; a listed set checks clean, a missing tile, a turned duplicate and an extra copy are named; bad input is refused at its line and column.

use std::collections::BTreeSet;
use std::fs;

use crate::common;
use common::orbits::{Labelled, derived, matchings_of, moved, orbits, square_tiles_of_edges};
use common::png_image::near;
use common::{check_text, place_of, refused_in, scratch};

/// Square path tiles with two ends per edge, one colour; `extra` rule keys.
fn paths(extra: &str) -> String {
    format!(
        "[set]\nname = \"Paths\"\nshape = \"square\"\nedge_mm = 40.0\nslots_per_edge = 2\n\n\
         [palette]\npath = \"#333333\"\nred = \"#cc2222\"\n\n[rule]\ncolours = [\"path\"]\n{extra}\n"
    )
}

/// Every pairing of the eight ends, as labelled tiles.
fn all_pairings() -> Vec<Labelled> {
    let ends: Vec<usize> = (0..8).collect();
    let all: Vec<Labelled> = matchings_of(&ends, true)
        .into_iter()
        .map(|joins| moved(&(vec!['p'; 8], joins), &|p| p))
        .collect();
    assert_eq!(all.len(), 105, "7 × 5 × 3 pairings of eight ends");
    all
}

#[test]
fn every_pairing_of_two_ends_per_edge_up_to_turns_is_counted_by_brute_force() {
    let all = all_pairings();
    let (code, said) = check_text("edge-slots-paths", "d.toml", &paths(""));
    assert_eq!(code, 1, "{said}");
    assert_eq!(derived(&said), orbits(&all, 4, 2, false), "{said}");
    assert_eq!(derived(&said), 35, "the classic path-laying set");
    let flips = paths("symmetry = \"rotation+reflection\"");
    let (_, said) = check_text("edge-slots-paths-flips", "d.toml", &flips);
    assert_eq!(derived(&said), orbits(&all, 4, 2, true), "{said}");
    assert!(derived(&said) < 35, "{said}");
}

#[test]
fn slots_of_two_colours_and_optional_joins_count_as_brute_force_on_triangles() {
    // Two slots per edge of a triangle, each red or empty; red ends joined or not.
    let mut all = Vec::new();
    for mask in 0..1usize << 6 {
        let slots: Vec<char> = (0..6).map(|p| if mask >> p & 1 == 1 { 'r' } else { '-' }).collect();
        let reds: Vec<usize> = (0..6).filter(|&p| slots[p] == 'r').collect();
        for joins in matchings_of(&reds, false) {
            all.push(moved(&(slots.clone(), joins), &|p| p));
        }
    }
    let toml = "[set]\nname = \"Ends\"\nshape = \"triangle\"\nedge_mm = 40.0\nslots_per_edge = 2\n\n\
                [palette]\nred = \"#cc2222\"\n\n[rule]\ncolours = [\"red\", \"-\"]\njoins = \"optional\"\n";
    let (_, said) = check_text("edge-slots-triangle", "d.toml", toml);
    assert_eq!(derived(&said), orbits(&all, 3, 2, false), "{said}");
    let flipped = format!("{toml}symmetry = \"rotation+reflection\"\n");
    let (_, said) = check_text("edge-slots-triangle-flips", "d.toml", &flipped);
    assert_eq!(derived(&said), orbits(&all, 3, 2, true), "{said}");
}

/// Land-and-city square tiles: each edge field | road | field, city or field; roads may be
/// joined, neighbouring regions of one colour are.
const LAND: &str = "[set]\nname = \"Land\"\nshape = \"square\"\nedge_mm = 40.0\nslots_per_edge = 3\n\n\
[palette]\nfield = \"#7cb342\"\nroad = \"#eeeeee\"\ncity = \"#b5651d\"\n\n[rule]\n\
colours = [\"field\", \"road\", \"city\"]\nslot_kinds = [\"line\", \"region\"]\n\
kinds_of = { road = [\"line\"], field = [\"region\"], city = [\"region\"] }\n\
joins = \"optional\"\nregion_joins = \"same-colour\"\n\
edges = [[\"field region\", \"road\", \"field region\"], [\"city region\", \"city region\", \"city region\"], [\"field region\", \"field region\", \"field region\"]]\n";

#[test]
fn land_and_city_edges_count_as_brute_force() {
    let all =
        square_tiles_of_edges(&[['f', 'r', 'f'], ['c', 'c', 'c'], ['f', 'f', 'f']], 'r', false);
    let (code, said) = check_text("edge-slots-land", "d.toml", LAND);
    assert_eq!(code, 1, "{said}");
    assert_eq!(derived(&said), orbits(&all, 4, 3, false), "{said}");
    // A listed tile whose edge the rule's `edges` do not list is named by that edge.
    let tile = "[[tiles]]\nnumber = 1\nedges = [[\"road\", \"road\", \"road\"], \
                [\"city region\", \"city region\", \"city region\"], \
                [\"city region\", \"city region\", \"city region\"], \
                [\"city region\", \"city region\", \"city region\"]]\njoins = [[1, 2]]\n";
    let (_, said) = check_text("edge-slots-land-tile", "d.toml", &format!("{LAND}{tile}"));
    assert!(
        said.contains("tile 1 is not in the set: edge 1 reads road | road | road, which the rule's `edges` do not list"),
        "{said}"
    );
}

/// `[[tiles]]` entries for `tiles` (path tiles, joins written 1-based).
fn path_entries(tiles: &[Labelled]) -> String {
    let edges = "edges = [[\"path\", \"path\"], [\"path\", \"path\"], [\"path\", \"path\"], [\"path\", \"path\"]]";
    tiles
        .iter()
        .enumerate()
        .map(|(i, (_, joins))| {
            let pairs: Vec<String> =
                joins.iter().map(|(a, b)| format!("[{}, {}]", a + 1, b + 1)).collect();
            format!("\n[[tiles]]\nnumber = {}\n{edges}\njoins = [{}]\n", i + 1, pairs.join(", "))
        })
        .collect()
}

/// One tile of each orbit of the path set.
fn path_representatives() -> Vec<Labelled> {
    let mut seen = BTreeSet::new();
    let mut kept = Vec::new();
    for tile in all_pairings() {
        let before = seen.len();
        let images: Vec<Labelled> =
            (0..4).map(|turn| moved(&tile, &move |p| (p + 2 * turn) % 8)).collect();
        seen.insert(images.iter().min().unwrap().clone());
        if seen.len() > before {
            kept.push(tile);
        }
    }
    kept
}

#[test]
fn the_listed_path_set_checks_clean_and_a_missing_tile_a_turned_duplicate_and_an_extra_copy_are_named()
 {
    let tiles = path_representatives();
    let whole = format!("{}{}", paths("count = 35"), path_entries(&tiles));
    let (code, said) = check_text("edge-slots-paths-listed", "d.toml", &whole);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("35 tiles (the rule derives 35)"), "{said}");
    // Tile 35 left out: named missing at the rule.
    let short = format!("{}{}", paths(""), path_entries(&tiles[..34]));
    let (code, said) = check_text("edge-slots-paths-short", "d.toml", &short);
    assert_eq!(code, 1, "{said}");
    assert_eq!(said.matches("missing tile: ").count(), 1, "{said}");
    assert!(
        said.contains(&format!(
            "d.toml:{}:1: problem: missing tile",
            short.lines().position(|l| l == "[rule]").unwrap() + 1
        )),
        "{said}"
    );
    // A tile with no turn of its own, again turned by one edge: a duplicate at its line.
    let turn = |tile: &Labelled| moved(tile, &|p| (p + 2) % 8);
    let first = tiles.iter().position(|t| turn(t) != *t && turn(&turn(t)) != *t).unwrap();
    let turned = turn(&tiles[first]);
    let mut doubled = tiles.clone();
    doubled.push(turned);
    let text = format!("{}{}", paths(""), path_entries(&doubled));
    let (code, said) = check_text("edge-slots-paths-turned", "d.toml", &text);
    assert_eq!(code, 1, "{said}");
    let at = place_of(&text, "number = 36");
    let line: usize = at.split(':').next().unwrap().parse().unwrap();
    let duplicate =
        format!("d.toml:{}:1: problem: tile 36 duplicates tile {}", line - 1, first + 1);
    assert!(said.contains(&duplicate), "{said}");
    assert!(said.contains("turned clockwise by 1 edge(s)"), "{said}");
    // One copy too many of tile 5.
    let extra = path_entries(&tiles).replacen("number = 5\n", "number = 5\ncopies = 2\n", 1);
    let text = format!("{}{extra}", paths(""));
    let (code, said) = check_text("edge-slots-paths-copy", "d.toml", &text);
    assert_eq!(code, 1, "{said}");
    let line: usize = place_of(&text, "number = 5\n").split(':').next().unwrap().parse().unwrap();
    assert!(
        said.contains(&format!("d.toml:{}:1: problem: tile 5 comes 2 time(s)", line - 1)),
        "{said}"
    );
}

/// `line:column` of the value of the first `key = value` in `toml`.
fn value_place(toml: &str, key: &str) -> String {
    let (line, column) = place_of(toml, &format!("{key} = "))
        .split_once(':')
        .map(|(l, c)| (l.to_string(), c.parse::<usize>().unwrap() + key.len() + " = ".len()))
        .unwrap();
    format!("{line}:{column}")
}

#[test]
fn a_rule_that_derives_no_tile_names_the_constraint_that_emptied_it_at_its_key() {
    let toml = paths("min_colours = 2");
    let (code, said) = check_text("edge-slots-empty", "d.toml", &toml);
    assert_eq!(code, 1, "{said}");
    let at = value_place(&toml, "min_colours");
    assert!(
        said.contains(&format!(
            "d.toml:{at}: problem: the rule derives no tiles: every one of the 105 candidate \
             tile(s) breaks `min_colours`"
        )),
        "{said}"
    );
    // Nothing is built from it.
    let dir = scratch("edge-slots-empty-build");
    fs::write(dir.join("d.toml"), &toml).unwrap();
    let build = common::tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_ne!(common::code(&build), 0, "{}", common::text(&build).1);
    assert!(!dir.join("out").exists(), "a set of no tiles was written");
    let lines = paths("distinct_line_colours = true");
    let (code, said) = check_text("edge-slots-empty-lines", "d.toml", &lines);
    assert_eq!(code, 1, "{said}");
    let at = value_place(&lines, "distinct_line_colours");
    assert!(
        said.contains(&format!(
            "d.toml:{at}: problem: the rule derives no tiles: every one of the 105 candidate \
             tile(s) breaks `distinct_line_colours`"
        )),
        "{said}"
    );
    // No candidate at all (three line slots cannot all be joined): no key to blame, so the
    // problem is at `[rule]`.
    let odd =
        paths("").replace("square", "triangle").replace("slots_per_edge = 2", "slots_per_edge = 1");
    let (code, said) = check_text("edge-slots-empty-odd", "d.toml", &odd);
    assert_eq!(code, 1, "{said}");
    let at = place_of(&odd, "[rule]");
    assert!(
        said.contains(&format!("d.toml:{at}: problem: the rule derives no tiles: its colours")),
        "{said}"
    );
    // Spans of one slot leave two tiles: U-turns on every edge, or round every corner.
    let (_, said) = check_text("edge-slots-short-spans", "d.toml", &paths("join_spans = [1]"));
    assert_eq!(derived(&said), 2, "{said}");
}

#[test]
fn bad_slot_lists_joins_kinds_and_regions_are_refused_at_their_place() {
    let path_tile = |edges: &str, joins: &str| {
        format!("{}\n[[tiles]]\nnumber = 1\nedges = {edges}\njoins = {joins}\n", paths(""))
    };
    let land_tile = |edges: &str, joins: &str| {
        format!("{LAND}\n[[tiles]]\nnumber = 1\nedges = {edges}\njoins = {joins}\n")
    };
    let fields = "[\"field region\", \"field region\", \"field region\"]";
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "short-edge",
            path_tile(
                "[[\"path\", \"path\"], [\"path\"], [\"path\", \"path\"], [\"path\", \"path\"]]",
                "[]",
            ),
            "[\"path\"], [",
            "tile 1: edge 2 lists 1 slot(s); every edge of the set has 2 (`slots_per_edge`)",
        ),
        (
            "one-slot-edge",
            path_tile(
                "[\"path\", [\"path\", \"path\"], [\"path\", \"path\"], [\"path\", \"path\"]]",
                "[]",
            ),
            "\"path\", [",
            "tile 1: edge 1 lists 1 slot(s)",
        ),
        (
            "rule-edge-length",
            LAND.replace(
                "[\"city region\", \"city region\", \"city region\"], [\"field",
                "[\"city region\", \"city region\"], [\"field",
            ),
            "[\"city region\", \"city region\"]",
            "the rule's `edges` entry 2 lists 2 slot(s); every edge of the set has 3",
        ),
        (
            "join-beyond",
            path_tile(
                "[[\"path\", \"path\"], [\"path\", \"path\"], [\"path\", \"path\"], [\"path\", \"path\"]]",
                "[[1, 9], [2, 3]]",
            ),
            "[1, 9]",
            "tile 1: join [1, 9] is not a pair of its slots",
        ),
        (
            "unbound-kind",
            LAND.replace(
                "[\"field region\", \"road\", \"field region\"]",
                "[\"field region\", \"road region\", \"field region\"]",
            ),
            "[\"field region\", \"road region\"",
            "the rule's `edges` entry 1 has a road region, but `kinds_of` binds road only line",
        ),
        (
            "unclosed-region",
            land_tile(
                &format!(
                    "[[\"field region\", \"road\", \"field region\"], {fields}, {fields}, {fields}]"
                ),
                "[[1, 3]]",
            ),
            "[1, 3]",
            "tile 1: join [1, 3] is a region that cannot be closed: edge 1 slot 2 (a road line) lies between its slots",
        ),
        (
            "slots-per-edge",
            paths("").replace("slots_per_edge = 2", "slots_per_edge = 0"),
            "0\n\n[palette]",
            "`slots_per_edge = 0` is not a number of slots",
        ),
    ];
    for (name, toml, at, message) in cases {
        let dir = scratch(&format!("edge-slots-bad-{name}"));
        fs::write(dir.join("bad.toml"), &toml).unwrap();
        let err = refused_in(&dir);
        let place = place_of(&toml, at);
        assert!(
            err.contains(&format!("bad.toml:{place}: error: {message}")),
            "{name}: {place} {err}"
        );
    }
}

#[test]
fn the_documented_path_and_land_examples_check_clean_and_build() {
    for (name, marker, said) in [
        ("paths", "Path tiles, two ends on each edge", "2 tiles (the rule derives 2)"),
        ("land", "Land tiles: each edge a field", "5 tiles (the rule derives 5)"),
        ("cities", "Land-and-city tiles with uneven copies", "8 tiles (the rule derives 8)"),
    ] {
        let example = common::doc_example(marker);
        let (out, dir) = common::check_and_build(&format!("edge-slots-doc-{name}"), &example);
        assert!(out.contains(said), "{name}: {out}");
        assert!(dir.join("out/example/example.pdf").exists(), "{name}");
    }
}

/// The colour at `(x, y)`, fractions of a face PNG's width and height.
fn colour_at(png: &std::path::Path, x: f64, y: f64) -> [u8; 3] {
    common::png_image::decoded(png).at_fraction(x, y)
}

#[test]
fn lines_leave_their_slots_points_and_a_road_between_fields_lies_on_the_field() {
    let (path, paper) = ([0x2b, 0x2b, 0x2b], [0xf4, 0xec, 0xd8]);
    let example = common::doc_example("Path tiles, two ends on each edge");
    let (_, dir) = common::check_and_build("edge-slots-draw-paths", &example);
    let run =
        common::tilepress(&dir, &["build", "example.toml", "-o", "faces", "--format", "faces"]);
    assert_eq!(common::code(&run), 0, "{}", common::text(&run).1);
    let faces = dir.join("faces/example");
    // Two ends per edge at a quarter and three quarters along it; the edge's middle is bare.
    for tile in ["001", "002"] {
        let face = faces.join(format!("example-face-{tile}-front.png"));
        for (x, y) in [(0.25, 0.01), (0.75, 0.01), (0.99, 0.25), (0.25, 0.99), (0.01, 0.75)] {
            assert!(near(colour_at(&face, x, y), path), "tile {tile} at {x}, {y}");
        }
        for (x, y) in [(0.5, 0.01), (0.99, 0.5), (0.5, 0.99), (0.01, 0.5)] {
            assert!(near(colour_at(&face, x, y), paper), "tile {tile} at {x}, {y}");
        }
    }
    // Tile 1 turns back on each edge: its loops leave the tile's middle bare.
    let loops = faces.join("example-face-001-front.png");
    assert!(near(colour_at(&loops, 0.5, 0.5), paper));
    // A road between two fields, on a dark background: the road's cell beside the line is
    // field, not background; a city's cells are city.
    let land = common::doc_example("Land tiles: each edge a field")
        .replace("background = \"field\"", "background = \"ink\"")
        .replace("road = \"#f2efe6\"", "road = \"#f2efe6\"\nink = \"#101010\"");
    let dir = scratch("edge-slots-draw-land");
    fs::write(dir.join("land.toml"), &land).unwrap();
    let run = common::tilepress(&dir, &["build", "land.toml", "-o", "faces", "--format", "faces"]);
    assert_eq!(common::code(&run), 0, "{}", common::text(&run).1);
    // Tile 4: a straight road from edge 1 to edge 3, fields on both sides.
    let face = dir.join("faces/land/land-face-004-front.png");
    let (field, road) = ([0x8b, 0xbf, 0x5a], [0xf2, 0xef, 0xe6]);
    assert!(near(colour_at(&face, 0.5, 0.02), road));
    assert!(near(colour_at(&face, 0.5, 0.5), road), "straight through the middle");
    assert!(near(colour_at(&face, 0.63, 0.02), field), "the road's cell beside the line");
    assert!(near(colour_at(&face, 0.15, 0.02), field));
    assert!(near(colour_at(&face, 0.98, 0.5), field));
}

#[test]
fn in_a_diagram_touching_edges_match_when_one_slot_list_reads_the_other_backwards() {
    let dir = scratch("edge-slots-diagram");
    let design = "[set]\nname = \"Ends\"\nshape = \"square\"\nedge_mm = 30.0\nslots_per_edge = 2\n\n\
        [palette]\nred = \"#cc2222\"\nblue = \"#2244cc\"\npaper = \"#f4ecd8\"\n\n[style]\nbackground = \"paper\"\n\n\
        [[tiles]]\nnumber = 1\nedges = [[\"red dot\", \"blue dot\"], [\"-\", \"-\"], [\"-\", \"-\"], [\"-\", \"-\"]]\n\n\
        [[tiles]]\nnumber = 2\nedges = [[\"blue dot\", \"red dot\"], [\"-\", \"-\"], [\"-\", \"-\"], [\"-\", \"-\"]]\n\n\
        [[tiles]]\nnumber = 3\nedges = [[\"red dot\", \"blue dot\"], [\"red dot\", \"-\"], [\"-\", \"-\"], [\"-\", \"-\"]]\n";
    fs::write(dir.join("ends.toml"), design).unwrap();
    // Tile 1 below, its edge 1 on top (red left, blue right); the other tile above, turned
    // by two edges so that its edge 1 lies along its bottom, read right to left.
    let pair = |other: u32, legal: bool| {
        format!(
            "[diagram]\ndesign = \"ends.toml\"\nlegal = {legal}\n\n[[place]]\ntile = 1\nat = [0, 1]\n\n\
             [[place]]\ntile = {other}\nat = [0, 0]\nturn = 2\n"
        )
    };
    fs::write(dir.join("legal.toml"), pair(2, true)).unwrap();
    let run = common::tilepress(&dir, &["diagram", "legal.toml", "-o", "out"]);
    assert_eq!(common::code(&run), 0, "{}", common::text(&run).1);
    fs::write(dir.join("illegal.toml"), pair(3, true)).unwrap();
    let run = common::tilepress(&dir, &["diagram", "illegal.toml", "-o", "out"]);
    let said = common::text(&run).1;
    assert_eq!(common::code(&run), 1, "{said}");
    assert!(
        said.contains(
            "tile 1 edge 1 (red dot | blue dot) meets tile 3 edge 1 (red dot | blue dot)"
        ),
        "{said}"
    );
    assert!(said.contains("illegal.toml:9:1:"), "at the second [[place]]: {said}");
    fs::write(dir.join("illegal.toml"), pair(3, false)).unwrap();
    let run = common::tilepress(&dir, &["diagram", "illegal.toml", "-o", "out"]);
    assert_eq!(common::code(&run), 0, "{}", common::text(&run).1);
}

#[test]
fn the_shipped_path_set_is_every_pairing_up_to_turns_and_names_a_removed_tile_and_an_extra_copy() {
    let path = common::root().join("designs/wayfarers.toml");
    let text = fs::read_to_string(&path).unwrap();
    let (code, said) = check_text("edge-slots-wayfarers", "w.toml", &text);
    assert_eq!(code, 0, "{said}");
    assert_eq!(derived(&said), orbits(&all_pairings(), 4, 2, false), "{said}");
    // The last tile removed: named missing at the rule.
    let last = text.rfind("\n[[tiles]]").unwrap();
    let (code, said) = check_text("edge-slots-wayfarers-short", "w.toml", &text[..last + 1]);
    assert_eq!(code, 1, "{said}");
    let rule = place_of(&text, "[rule]");
    assert!(said.contains(&format!("w.toml:{rule}: problem: missing tile: ")), "{said}");
    // One copy too many of tile 7: named at its entry.
    let extra = text.replacen("number = 7\n", "number = 7\ncopies = 2\n", 1);
    let (code, said) = check_text("edge-slots-wayfarers-copy", "w.toml", &extra);
    assert_eq!(code, 1, "{said}");
    let line: usize = place_of(&extra, "number = 7\n").split(':').next().unwrap().parse().unwrap();
    assert!(
        said.contains(&format!("w.toml:{}:1: problem: tile 7 comes 2 time(s)", line - 1)),
        "{said}"
    );
}
