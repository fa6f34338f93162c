//! Values in diagrams: on `tests/designs/corner-values-triangles.toml` the values at the
//! corners of tiles meeting at a vertex must agree; a diagram that says `legal = true` of a
//! position where they differ is refused, naming the tiles, corners and values. Dominoes
//! (`tests/designs/double-nine-dominoes.toml`) lie on the grid of their square halves, a
//! quarter turn at a time: a chain whose touching halves agree is drawn with each domino's
//! printed face; halves that differ, and two dominoes on one cell, are named.

use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
use common::{code, root, scratch, text, tilepress};
use lopdf::Document;

const IVORY: [u8; 3] = [251, 248, 239];

/// A diagram of corner-value triangles: `(tile, [i, j, m])` placements, turn 0.
fn diagram(name: &str, legal: &str, places: &[(u32, [i64; 3])]) -> (i32, String, String) {
    let dir = scratch(&format!("value-diagram-{name}"));
    let design = root().join("tests/designs/corner-values-triangles.toml");
    let mut text_of = format!("[diagram]\ndesign = \"{}\"\n{legal}\n", design.display());
    for (tile, [i, j, m]) in places {
        text_of.push_str(&format!("\n[[place]]\ntile = {tile}\nat = [{i}, {j}, {m}]\n"));
    }
    fs::write(dir.join("d.toml"), &text_of).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    let drawn = fs::read_to_string(dir.join("out/d.svg")).unwrap_or_default();
    (code(&output), format!("{out}{err}"), drawn)
}

#[test]
fn corner_values_that_agree_at_every_vertex_are_legal() {
    // Tile 1 (0, 0, 1) up, tile 6 (0, 1, 1) down beside it: 0 meets 0, 1 meets 1.
    let (status, out, svg) = diagram("legal", "legal = true", &[(1, [0, 0, 0]), (6, [0, 0, 1])]);
    assert_eq!(status, 0, "{out}");
    assert!(svg.contains("<svg"), "the diagram is drawn");
}

#[test]
fn corner_values_that_differ_at_a_vertex_are_named() {
    // Tile 2 (0, 0, 2) puts 2 where tile 1 shows 1.
    let (status, out, svg) = diagram("differ", "legal = true", &[(1, [0, 0, 0]), (2, [0, 0, 1])]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "d.toml:9:1: problem: corner values meeting at one vertex differ: \
             tile 1 corner 3 (1), tile 2 corner 3 (2) (match)"
        ),
        "{out}"
    );
    assert!(svg.is_empty(), "nothing is drawn");
    // Stated as an illegal match, the same position is drawn.
    let stated = "legal = false\nbreaks = [\"match\"]";
    let (status, out, svg) = diagram("stated", stated, &[(1, [0, 0, 0]), (2, [0, 0, 1])]);
    assert_eq!(status, 0, "{out}");
    assert!(svg.contains("<svg"), "{out}");
}

/// A diagram of double-nine dominoes: `(tile, [i, j], turn)` placements; the exit code, the
/// messages and the folder drawn into.
fn domino_diagram(
    name: &str,
    legal: &str,
    places: &[(u32, [i64; 2], usize)],
) -> (i32, String, std::path::PathBuf) {
    let dir = scratch(&format!("domino-diagram-{name}"));
    let design = root().join("tests/designs/double-nine-dominoes.toml");
    let mut text_of = format!("[diagram]\ndesign = \"{}\"\n{legal}\n", design.display());
    for (tile, [i, j], turn) in places {
        text_of.push_str(&format!("\n[[place]]\ntile = {tile}\nat = [{i}, {j}]\nturn = {turn}\n"));
    }
    fs::write(dir.join("d.toml"), &text_of).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"), dir.join("out"))
}

/// 0|3 and 3|5 lying end to end left to right, then 5|9 standing below the 5.
const CHAIN: [(u32, [i64; 2], usize); 3] = [(4, [0, 0], 3), (30, [2, 0], 3), (45, [4, 0], 0)];

#[test]
fn a_domino_chain_whose_touching_halves_agree_is_drawn_with_the_printed_faces() {
    let (status, out, drawn) = domino_diagram("chain", "legal = true", &CHAIN);
    assert_eq!(status, 0, "{out}");
    let pdf = Document::load(drawn.join("d.pdf")).unwrap();
    let faces: Vec<(f64, f64, f64, f64)> =
        fills(&pdf, 1).iter().filter(|f| f.colour == IVORY).map(|f| bounds(&f.points)).collect();
    assert_eq!(faces.len(), 3, "one face per domino");
    let shapes: Vec<f64> = faces.iter().map(|b| (b.2 - b.0) / (b.3 - b.1)).collect();
    // Two lying (twice as wide as high), one standing.
    for (ratio, expected) in shapes.iter().zip([2.0, 2.0, 0.5]) {
        assert!((ratio - expected).abs() < 1e-3, "{shapes:?}");
    }
    // The pips of 0, 3, 3, 5, 5, 9 and one line between the halves of each domino.
    let svg = fs::read_to_string(drawn.join("d.svg")).unwrap();
    assert_eq!(ink_shapes(&svg), 3 + 3 + 5 + 5 + 9 + 3);
}

/// Closed ink shapes drawn in `svg` (pips and lines between halves), each use of a symbol
/// counting the shapes it holds.
fn ink_shapes(svg: &str) -> usize {
    let ink_in = |part: &str| -> usize {
        part.split("<path ")
            .filter(|path| path.split('>').next().unwrap_or("").contains("fill=\"#1b1b1b\""))
            .map(|path| path.split('>').next().unwrap_or("").matches('Z').count())
            .sum()
    };
    let (defs, body) = svg.split_once("</defs>").unwrap_or(("", svg));
    let symbols: Vec<(String, usize)> = defs
        .split("<g id=\"")
        .skip(1)
        .filter_map(|part| part.split_once('"').map(|(id, rest)| (id.to_string(), ink_in(rest))))
        .collect();
    let used: usize = body
        .split("<use href=\"#")
        .skip(1)
        .filter_map(|part| part.split('"').next())
        .map(|id| symbols.iter().find(|(s, _)| s == id).map_or(0, |(_, n)| *n))
        .sum();
    used + ink_in(body)
}

#[test]
fn touching_halves_that_differ_and_dominoes_on_one_cell_are_named() {
    // 3|4 in place of 3|5: its 4 meets the standing domino's 5.
    let places = [(4, [0, 0], 3), (29, [2, 0], 3), (45, [4, 0], 0)];
    let (status, out, drawn) = domino_diagram("differ", "legal = true", &places);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("d.toml:15:1: problem: tile 29 half 2 (4) meets tile 45 half 1 (5) (match)"),
        "{out}"
    );
    assert!(!drawn.join("d.pdf").exists(), "nothing is drawn");
    // The standing domino turned up (a half turn) covers the 3|5's second half.
    let places = [(4, [0, 0], 3), (30, [2, 0], 3), (45, [3, 1], 2)];
    let (status, out, _) = domino_diagram("overlap", "legal = true", &places);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("d.toml:15:1: problem: tile 30 and tile 45 both cover cell [3, 0] (overlap)"),
        "{out}"
    );
    // Stated as breaking both rules, it is drawn.
    let stated = "legal = false\nbreaks = [\"overlap\", \"match\"]";
    let (status, out, drawn) = domino_diagram("stated", stated, &places);
    assert_eq!(status, 0, "{out}");
    assert!(drawn.join("d.png").exists(), "{out}");
}

#[test]
fn a_domino_turned_past_three_quarter_turns_is_an_error() {
    let (status, out, drawn) = domino_diagram("turn", "legal = true", &[(4, [0, 0], 4)]);
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("d.toml:8:8: error: turn 4 on a square"), "{out}");
    assert!(!drawn.exists(), "nothing is written");
}

#[test]
fn the_documented_domino_chain_is_legal_and_drawn() {
    let dir = scratch("domino-diagram-doc");
    fs::write(dir.join("dominoes.toml"), common::doc_example("**Dominoes.**")).unwrap();
    fs::write(dir.join("d.toml"), common::doc_example("### Dominoes in a diagram")).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let svg = fs::read_to_string(dir.join("out/d.svg")).unwrap();
    // 1|3, 3|3 and 2|3: twelve pips and three lines between halves.
    assert_eq!(ink_shapes(&svg), 1 + 3 + 3 + 3 + 2 + 3 + 3);
}

#[test]
fn a_domino_laid_twice_is_named() {
    let (status, out, _) =
        domino_diagram("twice", "legal = true", &[(4, [0, 0], 3), (4, [0, 2], 3)]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "d.toml:10:1: problem: tile 4 is placed twice; the set has one of each (same-tile)"
        ),
        "{out}"
    );
}
