//! Joined regions on squares (`tests/designs/city-squares.toml`): the rule (city regions or
//! nothing on each edge, neighbouring cities joined or not, a band across) derives 14 tiles and the listed
//! set is complete; a removed, a repeated and a rule-breaking tile are named with their line;
//! in the built PDF a joined city is one filled area whose outline runs exactly along its
//! edges (±0.01 mm) and meets the tile's other regions on the corner-to-centre lines.

use crate::common;

use std::fs;

use common::pdf::{area, distance, fills, vertices};
use common::{code, line_of, root, scratch, text, tilepress};
use lopdf::Document;

const CITY: [u8; 3] = [0xb5, 0x65, 0x1d];
const EDGE_MM: f64 = 30.0;

fn design() -> String {
    fs::read_to_string(root().join("tests/designs/city-squares.toml")).unwrap()
}

fn check(name: &str, toml: &str) -> (i32, String) {
    common::check_text(name, "c.toml", toml)
}

/// The design without the `[[tiles]]` entry of tile `number`.
fn without_tile(toml: &str, number: u32) -> String {
    let start = toml.find(&format!("[[tiles]]\nnumber = {number}\n")).expect("the tile");
    let end = toml[start + 9..].find("[[tiles]]").map_or(toml.len(), |e| start + 9 + e);
    format!("{}{}", &toml[..start], &toml[end..])
}

#[test]
fn the_city_squares_are_complete() {
    let (status, out) = check("city-clean", &design());
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("14 tiles (the rule derives 14); complete and consistent"), "{out}");
}

#[test]
fn a_removed_joined_city_is_named_by_its_regions() {
    let toml = without_tile(&design(), 12);
    let (status, out) = check("city-missing", &toml);
    assert_eq!(status, 1, "{out}");
    let rule = line_of(&toml, "[rule]");
    assert!(
        out.contains(&format!(
            "c.toml:{rule}:1: problem: missing tile: edges 1–4 clockwise: city region, city region, city region, city region; joined regions: city 4–1–2"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 13 tiles; the set has 14"), "{out}");
    // The band, removed, is named as one: its edges with a `+` between them.
    let toml = without_tile(&design(), 14);
    let (status, out) = check("city-missing-band", &toml);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(&format!(
            "c.toml:{rule}:1: problem: missing tile: edges 1–4 clockwise: city region, -, city region, -; joined regions: city 1 + 3\n"
        )),
        "{out}"
    );
    assert_eq!(out.matches("problem:").count(), 2, "{out}");
}

#[test]
fn a_city_listed_twice_turned_is_a_duplicate() {
    let toml = format!(
        "{}\n[[tiles]]\nnumber = 15\nedges = [\"city region\", \"city region\", \"city region\", \"city region\"]\njoins = [[2, 3, 4]]\n",
        design()
    );
    let (status, out) = check("city-duplicate", &toml);
    assert_eq!(status, 1, "{out}");
    let at = line_of(&toml, "number = 15") - 1;
    let first = line_of(&toml, "number = 12") - 1;
    assert!(
        out.contains(&format!(
            "c.toml:{at}:1: problem: tile 15 duplicates tile 12 (line {first}): the same tile turned clockwise by"
        )),
        "{out}"
    );
}

#[test]
fn separate_and_joined_cities_are_different_tiles() {
    // Tile 3 (two separate cities) written as joined duplicates tile 4, the joined one.
    let toml = design().replacen(
        "number = 3\nedges = [\"city region\", \"city region\", \"-\", \"-\"]\n",
        "number = 3\nedges = [\"city region\", \"city region\", \"-\", \"-\"]\njoins = [[2, 1]]\n",
        1,
    );
    let (status, out) = check("city-joined-twice", &toml);
    assert_eq!(status, 1, "{out}");
    let first = line_of(&toml, "number = 3") - 1;
    let at = line_of(&toml, "number = 4") - 1;
    assert!(
        out.contains(&format!(
            "c.toml:{at}:1: problem: tile 4 duplicates tile 3 (line {first}): the same tile"
        )),
        "{out}"
    );
    assert!(
        out.contains("missing tile: edges 1–4 clockwise: city region, city region, -, -\n"),
        "{out}"
    );
}

#[test]
fn a_rule_breaking_city_tile_is_named() {
    let toml = design().replacen(
        "number = 1\nedges = [\"city region\", \"-\", \"-\", \"-\"]",
        "number = 1\nedges = [\"field region\", \"-\", \"-\", \"-\"]",
        1,
    );
    let (status, out) = check("city-breaking", &toml);
    assert_eq!(status, 1, "{out}");
    let line = line_of(&toml, "number = 1\n") - 1;
    assert!(
        out.contains(&format!(
            "c.toml:{line}:1: problem: tile 1 is not in the set: edge 1 is field, which the rule does not use"
        )),
        "{out}"
    );
    assert!(out.contains("missing tile: edges 1–4 clockwise: city region, -, -, -"), "{out}");
}

#[test]
fn region_joins_break_a_rule_that_joins_none_and_gaps_break_same_colour() {
    let none = design().replacen("\nregion_joins = \"optional\"", "\nregion_joins = \"none\"", 1);
    let (status, out) = check("city-none", &none);
    assert_eq!(status, 1, "{out}");
    let line = line_of(&none, "number = 4\n") - 1;
    assert!(
        out.contains(&format!(
            "c.toml:{line}:1: problem: tile 4 is not in the set: it joins the regions on edges 1, 2; the rule joins none"
        )),
        "{out}"
    );
    // With `same-colour`, tiles derive their joins: tile 3 joins its two cities and is then
    // tile 4; tile 10, which lists its joins, leaves two cities apart; tile 14's band joins
    // cities that are not neighbours.
    let same =
        design().replacen("\nregion_joins = \"optional\"", "\nregion_joins = \"same-colour\"", 1);
    let (status, out) = check("city-same", &same);
    assert_eq!(status, 1, "{out}");
    let line = line_of(&same, "number = 10\n") - 1;
    assert!(
        out.contains(&format!(
            "c.toml:{line}:1: problem: tile 10 is not in the set: the city regions on edges 2 and 3 are not joined; the rule joins neighbouring regions of one colour"
        )),
        "{out}"
    );
    let line = line_of(&same, "number = 14\n") - 1;
    assert!(
        out.contains(&format!(
            "c.toml:{line}:1: problem: tile 14 is not in the set: it joins the regions on edges 1, 3, which are not neighbours; the rule joins only neighbouring regions"
        )),
        "{out}"
    );
    let line = line_of(&same, "number = 4\n") - 1;
    assert!(out.contains(&format!("c.toml:{line}:1: problem: tile 4 duplicates tile 3")), "{out}");
}

#[test]
fn a_joined_city_is_one_area_along_its_edges() {
    let dir = scratch("city-build");
    let path = root().join("tests/designs/city-squares.toml");
    let output = tilepress(&dir, &["build", path.to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let pdf = Document::load(dir.join("out/city-squares/city-squares.pdf")).unwrap();
    type Polygon = Vec<(f64, f64)>;
    let (bands, cities): (Vec<Polygon>, Vec<Polygon>) = fills(&pdf, 1)
        .into_iter()
        .filter(|fill| fill.colour == CITY)
        .map(|fill| vertices(&fill.points))
        .partition(|city| city.len() > 5);
    // Tile 14's band: along edge 1 (c0–c1), a curve to c2, along edge 3 (c2–c3), a curve
    // back: its straight parts are the two 30 mm edges, exactly.
    assert_eq!(bands.len(), 1, "{bands:?}");
    let band = &bands[0];
    assert_eq!(band.len(), 8, "two corners, two control points, two corners, two: {band:?}");
    for (a, b) in [(0, 1), (4, 5)] {
        let side = distance(band[a], band[b]);
        assert!((side - EDGE_MM).abs() < 0.01, "a band edge of {side} mm: {band:?}");
    }
    let wedge = EDGE_MM * EDGE_MM / 4.0;
    let mut by_edges = [0usize; 5];
    for city in &cities {
        let edges = (area(city) / wedge).round() as usize;
        assert!((area(city) - edges as f64 * wedge).abs() < 0.05, "{city:?}");
        by_edges[edges] += 1;
        // The corners of the area are the tile's: the outline runs along `edges` whole edges
        // of 30 mm, one after the other, and (unless it is the whole tile) back through the
        // centre, 15√2 mm from each corner.
        let (corners, centre) =
            if edges == 4 { (&city[..], None) } else { (&city[1..], Some(city[0])) };
        assert_eq!(corners.len(), if edges == 4 { 4 } else { edges + 1 }, "{city:?}");
        for pair in corners.windows(2) {
            let side = distance(pair[0], pair[1]);
            assert!((side - EDGE_MM).abs() < 0.01, "an edge of {side} mm in {city:?}");
        }
        if let Some(centre) = centre {
            for &corner in corners {
                let spoke = distance(centre, corner);
                assert!((spoke - EDGE_MM / 2f64.sqrt()).abs() < 0.01, "{spoke} in {city:?}");
            }
        }
    }
    // 17 single cities; joined: 6 over two edges (tiles 4, 6, 7, 10 and two on 11), 2 over
    // three (8, 12), 1 over all four (13); never two wedges where one area is joined.
    assert_eq!(by_edges, [0, 17, 6, 2, 1], "{cities:?}");
    // On tile 6 the joined city (edges 1–2) and the single one (edge 3) meet on the line from
    // their shared corner to the centre: the pair shares a centre and exactly that corner.
    let meetings = cities
        .iter()
        .filter(|c| c.len() == 4 && area(c) < 2.5 * wedge)
        .filter(|joined| {
            cities.iter().any(|single| {
                single.len() == 3
                    && distance(single[0], joined[0]) < 0.01
                    && distance(single[1], joined[3]) < 0.01
            })
        })
        .count();
    assert!(meetings >= 1, "no joined city meets a single one on its spoke");
}

#[test]
fn the_documented_example_checks_and_builds() {
    let example = common::doc_example("**Joined regions.**");
    let (status, out) = check("city-doc", &example);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("6 tiles (the rule derives 6); complete and consistent"), "{out}");
    let dir = scratch("city-doc-build");
    fs::write(dir.join("example.toml"), &example).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
}
