//! Edge regions on triangles (`tests/designs/region-triangles.toml`): the rule derives 11
//! tiles and the listed set is complete; in the built PDF every region is the triangle
//! between its edge and the tile's centre, so neighbouring regions of a tile meet exactly on
//! the line from their shared corner to the centre (±0.01 mm) and cover the tile without gap
//! or overlap.

use crate::common;

use std::fs;

use common::pdf::{area, distance, fills, vertices};
use common::{code, line_of, root, scratch, text, tilepress};

fn check(name: &str, toml: &str) -> (i32, String) {
    common::check_text(name, "r.toml", toml)
}
use lopdf::Document;

const RED: [u8; 3] = [0xc0, 0x39, 0x2b];
const GREEN: [u8; 3] = [0x27, 0xae, 0x60];
const BLUE: [u8; 3] = [0x2c, 0x6f, 0xbb];

fn design_path() -> std::path::PathBuf {
    root().join("tests/designs/region-triangles.toml")
}

#[test]
fn the_region_triangles_are_complete() {
    let output = tilepress(&root(), &["check", design_path().to_str().unwrap()]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("11 tiles (the rule derives 11); complete and consistent"), "{out}");
}

#[test]
fn a_rule_breaking_region_tile_is_named() {
    let dir = scratch("regions-breaking");
    let full = fs::read_to_string(design_path()).unwrap();
    let toml = full.replacen(
        "\"red region\", \"red region\", \"red region\"",
        "\"red region\", \"red\", \"red region\"",
        1,
    );
    assert_ne!(toml, full);
    fs::write(dir.join("r.toml"), &toml).unwrap();
    let output = tilepress(&dir, &["check", "r.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 1, "{out}{err}");
    let line = toml[..toml.find("number = 1\n").unwrap()].lines().count();
    assert!(
        out.contains(&format!(
            "r.toml:{line}:1: problem: tile 1 is not in the set: edge 2 is a line"
        )),
        "{out}"
    );
    assert!(out.contains("missing tile: edges 1–3 clockwise: red region, red region, red region"));
}

#[test]
fn a_removed_region_tile_is_named_by_its_regions() {
    let full = fs::read_to_string(design_path()).unwrap();
    let cut = full.find("[[tiles]]\nnumber = 10\n").expect("tile 10");
    let end = full.find("[[tiles]]\nnumber = 11\n").expect("tile 11");
    let toml = format!("{}{}", &full[..cut], &full[end..]);
    let (status, out) = check("regions-missing", &toml);
    assert_eq!(status, 1, "{out}");
    let rule = line_of(&toml, "[rule]");
    assert!(
        out.contains(&format!(
            "r.toml:{rule}:1: problem: missing tile: edges 1–3 clockwise: red region, green region, blue region"
        )),
        "{out}"
    );
    assert!(out.contains("the design lists 10 tiles; the set has 11"), "{out}");
}

#[test]
fn a_region_tile_listed_twice_is_a_duplicate() {
    let full = fs::read_to_string(design_path()).unwrap();
    let toml = format!(
        "{full}\n[[tiles]]\nnumber = 12\nedges = [\"green region\", \"blue region\", \"red region\"]\n"
    );
    let (status, out) = check("regions-duplicate", &toml);
    assert_eq!(status, 1, "{out}");
    let at = line_of(&toml, "number = 12") - 1;
    let first = line_of(&toml, "number = 10") - 1;
    assert!(
        out.contains(&format!(
            "r.toml:{at}:1: problem: tile 12 duplicates tile 10 (line {first}): the same tile turned clockwise by"
        )),
        "{out}"
    );
}

#[test]
fn regions_meet_on_the_corner_to_centre_lines_and_fill_each_tile() {
    let dir = scratch("regions-build");
    let output = tilepress(&dir, &["build", design_path().to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let pdf = Document::load(dir.join("out/region-triangles/region-triangles.pdf")).unwrap();
    let regions: Vec<Vec<(f64, f64)>> = fills(&pdf, 1)
        .into_iter()
        .filter(|fill| [RED, GREEN, BLUE].contains(&fill.colour))
        .map(|fill| vertices(&fill.points))
        .collect();
    assert_eq!(regions.len(), 33, "three regions on each of 11 tiles");
    let tile_area = 3f64.sqrt() / 4.0 * 40.0 * 40.0;
    // Regions are drawn tile by tile: the three of one tile share their first point, the
    // tile's centre, and each pair shares the corner between their edges.
    for (index, tile) in regions.chunks(3).enumerate() {
        for region in tile {
            assert_eq!(region.len(), 3, "tile {}: a region is a triangle: {region:?}", index + 1);
            assert!(distance(region[0], tile[0][0]) < 0.01, "tile {}: one centre", index + 1);
            let edge = distance(region[1], region[2]);
            assert!(
                (edge - 40.0).abs() < 0.01,
                "tile {}: region on a 40 mm edge: {edge}",
                index + 1
            );
        }
        for k in 0..3 {
            let (this, next) = (&tile[k], &tile[(k + 1) % 3]);
            // This region's second corner is the next one's first: they meet on the line from
            // that corner to the centre, exactly.
            let gap = distance(this[2], next[1]);
            assert!(
                gap < 0.01,
                "tile {}: regions {k} and {} meet {gap} mm apart",
                index + 1,
                k + 1
            );
        }
        let covered: f64 = tile.iter().map(|r| area(r)).sum();
        assert!(
            (covered - tile_area).abs() < 0.05,
            "tile {}: regions cover {covered} mm² of {tile_area}",
            index + 1
        );
    }
}

/// A diagram of two region tiles on neighbouring triangles (`[0, 0, 0]` and `[0, 0, 1]`):
/// legal when the touching regions have one colour, else the mismatch names both regions.
fn diagram(second: u32, turn: usize) -> (i32, String) {
    let dir = scratch(&format!("regions-diagram-{second}-{turn}"));
    let text_of = format!(
        "[diagram]\ndesign = \"{}\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0, 0]\n\n\
         [[place]]\ntile = {second}\nat = [0, 0, 1]\nturn = {turn}\n",
        design_path().display()
    );
    fs::write(dir.join("pair.toml"), text_of).unwrap();
    let output = tilepress(&dir, &["diagram", "pair.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

#[test]
fn regions_match_across_edges_in_diagrams() {
    // Tile 1 is all red; tile 2 all green: never legal side by side.
    let (status, out) = diagram(2, 0);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("(red region) meets tile 2 edge"), "{out}");
    assert!(out.contains("(green region)"), "{out}");
    // Tile 4 (red, red, green) fits for two of its three turns, not for the third.
    let legal = (0..3).filter(|&turn| diagram(4, turn).0 == 0).count();
    assert_eq!(legal, 2);
}
