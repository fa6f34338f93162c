//! `tilepress list` names every part of every shipped design, one line each: tiles,
//! pieces, boards, nets, cards and counters (with their data rows), tracks and maps.

use crate::common;

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

#[test]
fn cards_counters_tracks_and_maps_are_listed_with_their_rows() {
    let out = list("saltmarsh");
    let csv = std::fs::read_to_string(root().join("designs/assets/saltmarsh/cards.csv")).unwrap();
    let rows = csv.lines().skip(1).filter(|l| !l.trim().is_empty()).count();
    let card_lines: Vec<&str> = out.lines().filter(|l| l.contains("cards.csv row ")).collect();
    assert_eq!(card_lines.len(), rows, "one line per data row: {out}");
    // Each line names its row and the row's own fields.
    let second = csv.lines().nth(1).unwrap();
    let good = second.split(',').next().unwrap();
    assert!(card_lines[0].contains("cards.csv row 2 × ") && card_lines[0].contains(good), "{out}");
    let total: usize = card_lines
        .iter()
        .filter_map(|l| l.split(" × ").nth(1)?.split(':').next()?.parse::<usize>().ok())
        .sum();
    assert!(out.contains(&format!("deck `cards`: {total} cards")), "{out}");
    assert!(out.contains("counters `punts`: 40 counters"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains("× 10: player")).count(), 4, "{out}");
    assert!(out.contains("track `score`: cells 0 to 50 (51 cells of 20 mm)"), "{out}");
    assert!(out.contains("map `marsh`: 12 × 9 hex cells of 18 mm, labelled"), "{out}");
}
