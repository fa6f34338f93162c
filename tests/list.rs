//! `tilepress list` names every part of every shipped design, one line each.

mod common;

use common::{code, root, text, tilepress};

fn list(design: &str) -> String {
    let output = tilepress(&root(), &["list", &format!("designs/{design}.toml")]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    out
}

#[test]
fn every_tile_gets_a_line_with_its_edges() {
    for (design, tiles, edges) in [("tantrix", 56, "edges 1–6"), ("triles", 52, "edges 1–3")] {
        let out = list(design);
        assert_eq!(out.lines().filter(|l| l.contains(edges)).count(), tiles, "{out}");
    }
}

#[test]
fn pieces_boards_and_nets_are_listed() {
    let out = list("tranglar");
    let pieces: usize = out
        .lines()
        .filter_map(|l| l.split(" piece").next()?.split_whitespace().last()?.parse::<usize>().ok())
        .sum();
    // Player pieces are made twice (one copy per player): 17 + 17 + 8 = 42 physical pieces.
    assert_eq!(pieces, 17 + 8, "{out}");
    assert!(out.contains("a board of 64 cells"), "{out}");
    let out = list("trans-rabat");
    assert!(out.contains("a board of 96 cells and 61 dots"), "{out}");
    assert!(out.contains("9 pawns: a polyhedron of 4 faces"), "{out}");
    assert!(out.contains("9 hats: a cone"), "{out}");
}
