//! Corner slots (`tests/designs/wang-corners.toml`, Wang corner tiles of two colours): the
//! rule over corner colours derives 16 tiles and the listed set is complete; a removed, a
//! repeated and a rule-breaking tile are named with their line; in the built PDF the corner
//! areas of the tiles around a vertex meet there into one square, without gap or overlap
//! (±0.01 mm); diagrams check that every tile at a vertex shows the same corner colour.

use crate::common;

use std::fs;

use common::pdf::{distance, fills};
use common::{code, line_of, root, scratch, text, tilepress};
use lopdf::Document;

const SEA: [u8; 3] = [0x2c, 0x6f, 0xbb];
const LAND: [u8; 3] = [0xe9, 0xc4, 0x6a];
const EDGE_MM: f64 = 25.0;

fn design_path() -> std::path::PathBuf {
    root().join("tests/designs/wang-corners.toml")
}

fn design() -> String {
    fs::read_to_string(design_path()).unwrap()
}

fn check(name: &str, toml: &str) -> (i32, String) {
    common::check_text(name, "w.toml", toml)
}

#[test]
fn the_wang_corner_tiles_are_complete() {
    let (status, out) = check("wang-clean", &design());
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("16 tiles (the rule derives 16); complete and consistent"), "{out}");
}

#[test]
fn a_removed_corner_tile_is_named_by_its_corners() {
    let full = design();
    let start = full.find("[[tiles]]\nnumber = 7\n").expect("tile 7");
    let end = full.find("[[tiles]]\nnumber = 8\n").expect("tile 8");
    let removed = &full[start..end];
    assert!(removed.contains("corners = [\"sea\", \"land\", \"land\", \"sea\"]"), "{removed}");
    let toml = format!("{}{}", &full[..start], &full[end..]);
    let (status, out) = check("wang-missing", &toml);
    assert_eq!(status, 1, "{out}");
    let rule = line_of(&toml, "[rule]");
    assert!(
        out.contains(&format!(
            "w.toml:{rule}:1: problem: missing tile: corners 1–4 clockwise: sea, land, land, sea\n"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 15 tiles; the set has 16"), "{out}");
    assert_eq!(out.matches("problem:").count(), 2, "{out}");
}

#[test]
fn a_corner_tile_listed_twice_is_a_duplicate() {
    let toml = format!(
        "{}\n[[tiles]]\nnumber = 17\ncorners = [\"sea\", \"land\", \"land\", \"sea\"]\n",
        design()
    );
    let (status, out) = check("wang-duplicate", &toml);
    assert_eq!(status, 1, "{out}");
    let at = line_of(&toml, "number = 17") - 1;
    let first = line_of(&toml, "number = 7\n") - 1;
    assert!(
        out.contains(&format!(
            "w.toml:{at}:1: problem: tile 17 duplicates tile 7 (line {first}): the same tile\n"
        )),
        "{out}"
    );
}

#[test]
fn a_turned_copy_is_another_tile_without_symmetry_and_a_duplicate_with_it() {
    // Tile 7 turned a quarter: sea, sea, land, land is tile 4.
    let turned = design().replacen(
        "number = 7\ncorners = [\"sea\", \"land\", \"land\", \"sea\"]",
        "number = 7\ncorners = [\"sea\", \"sea\", \"land\", \"land\"]",
        1,
    );
    let (status, out) = check("wang-turned", &turned);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("tile 7 duplicates tile 4"), "{out}");
    let rotation = design().replacen("symmetry = \"none\"", "symmetry = \"rotation\"", 1);
    let (status, out) = check("wang-rotation", &rotation);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("the rule says `count = 16` but derives 6 tiles"), "{out}");
}

#[test]
fn a_rule_breaking_corner_tile_is_named() {
    let toml = design().replacen(
        "number = 7\ncorners = [\"sea\", \"land\", \"land\", \"sea\"]",
        "number = 7\ncorners = [\"sea\", \"white\", \"land\", \"sea\"]",
        1,
    );
    let (status, out) = check("wang-breaking", &toml);
    assert_eq!(status, 1, "{out}");
    let line = line_of(&toml, "number = 7\n") - 1;
    assert!(
        out.contains(&format!(
            "w.toml:{line}:1: problem: tile 7 is not in the set: corner 2 is white, which the rule does not use"
        )),
        "{out}"
    );
    assert!(out.contains("missing tile: corners 1–4 clockwise: sea, land, land, sea"), "{out}");
}

#[test]
fn corner_areas_meet_at_the_vertex_into_one_square() {
    let dir = scratch("wang-build");
    let output = tilepress(&dir, &["build", design_path().to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let pdf = Document::load(dir.join("out/wang-corners/wang-corners.pdf")).unwrap();
    let corners: Vec<Vec<(f64, f64)>> = fills(&pdf, 1)
        .into_iter()
        .filter(|fill| [SEA, LAND].contains(&fill.colour))
        .map(|fill| fill.points)
        .collect();
    assert_eq!(corners.len(), 64, "four corner areas on each of 16 tiles");
    // Each area runs vertex → edge midpoint → centre → edge midpoint.
    let half = EDGE_MM / 2.0;
    for area in &corners {
        assert!(area.len() >= 4, "{area:?}");
        for k in 0..4 {
            let side = distance(area[k], area[(k + 1) % 4]);
            assert!((side - half).abs() < 0.01, "a side of {side} mm in {area:?}");
        }
    }
    // Group the areas by their vertex: where four tiles meet, the four areas share their
    // midpoints two by two (each side from the vertex to a midpoint is shared exactly) and
    // together are the 25 mm square around the vertex.
    let mut groups: Vec<Vec<&Vec<(f64, f64)>>> = Vec::new();
    for area in &corners {
        match groups.iter_mut().find(|g| distance(g[0][0], area[0]) < 0.01) {
            Some(group) => group.push(area),
            None => groups.push(vec![area]),
        }
    }
    let inner: Vec<_> = groups.iter().filter(|g| g.len() == 4).collect();
    assert!(inner.len() >= 6, "16 tiles in rows meet four at a time: {}", inner.len());
    for group in inner {
        let mut midpoints: Vec<(f64, f64)> = Vec::new();
        for area in group {
            for p in [area[1], area[3]] {
                if midpoints.iter().all(|&q| distance(p, q) > 0.01) {
                    midpoints.push(p);
                }
            }
        }
        assert_eq!(midpoints.len(), 4, "{group:?}");
        for m in &midpoints {
            assert!((distance(*m, group[0][0]) - half).abs() < 0.01);
        }
    }
    assert!(groups.iter().all(|g| g.len() <= 4));
}

/// A diagram of Wang tiles: `(tile, [i, j])` placements.
fn diagram(name: &str, places: &[(u32, [i64; 2])]) -> (i32, String) {
    let dir = scratch(&format!("wang-diagram-{name}"));
    let mut text_of =
        format!("[diagram]\ndesign = \"{}\"\nlegal = true\n", design_path().display());
    for (tile, [i, j]) in places {
        text_of.push_str(&format!("\n[[place]]\ntile = {tile}\nat = [{i}, {j}]\n"));
    }
    fs::write(dir.join("d.toml"), text_of).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

#[test]
fn diagrams_match_corners_at_every_vertex() {
    // Tile 1 is all sea; tile 3 (sea, sea, land, sea) shows sea on its left corners.
    let (status, out) = diagram("legal", &[(1, [0, 0]), (3, [1, 0])]);
    assert_eq!(status, 0, "{out}");
    // Tile 2 (sea, sea, sea, land) puts land at its lower left, against tile 1's sea.
    let (status, out) = diagram("side", &[(1, [0, 0]), (2, [1, 0])]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "corners meeting at one vertex differ: tile 1 corner 3 (sea), tile 2 corner 4 (land)"
        ),
        "{out}"
    );
    // Tiles meeting only at a vertex must agree there too.
    let (status, out) = diagram("diagonal", &[(1, [0, 0]), (16, [1, 1])]);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("tile 1 corner 3 (sea), tile 16 corner 1 (land)"), "{out}");
}

#[test]
fn the_documented_example_checks_and_builds() {
    let example = common::doc_example("**Corner slots.**");
    let (status, out) = check("corners-doc", &example);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("6 tiles (the rule derives 6); complete and consistent"), "{out}");
    let dir = scratch("corners-doc-build");
    fs::write(dir.join("example.toml"), &example).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
}
