//! The triangle grid for polyform pieces on the real binary: every polyiamond of 1–5 cells
//! checked against its rule, the pieces and the board built and measured from the SVG sheets
//! (equilateral triangles of the given edge, backs behind fronts).

use crate::common;

use common::outlines::{Outline, area, first_cut, piece_outlines, sorted_keys};
use common::{check_and_build, code, doc_example, root, scratch, text, tilepress};

const DESIGN: &str = "tests/designs/triangle-pieces.toml";
const EDGE: f64 = 20.0;

fn triangle_area() -> f64 {
    3f64.sqrt() / 4.0 * EDGE * EDGE
}

/// `check` on a changed copy of the design: the exit code and the output.
fn check_changed(name: &str, from: &str, to: &str) -> (i32, String) {
    let dir = scratch(name);
    let original = std::fs::read_to_string(root().join(DESIGN)).unwrap();
    assert!(original.contains(from), "the design no longer contains {from:?}");
    std::fs::write(dir.join("t.toml"), original.replacen(from, to, 1)).unwrap();
    let output = tilepress(&dir, &["check", "t.toml"]);
    let (out, err) = text(&output);
    (code(&output), out + &err)
}

#[test]
fn every_polyiamond_of_one_to_five_cells_checks_clean() {
    let output = tilepress(&root(), &["check", DESIGN]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    // 2 × (1 + 2 + 3 + 3·4 + 4·5) = 76 triangles.
    assert!(
        out.contains("20 pieces (10 + 10) and a board of 44 cells; pieces cover 76 cells"),
        "{out}"
    );
}

#[test]
fn a_missing_polyiamond_is_named_and_its_cells_complete_the_set() {
    let (status, out) =
        check_changed("tri-missing", "code = \"T4-bar\"", "code = \"T4-bar\"\ncount = 0");
    assert_eq!(status, 1, "{out}");
    // Four triangles in a row: a parallelogram of 4 sides.
    assert!(out.contains("missing a shape: 4 cells, 4 sides: cells = [\""), "{out}");
    let cells = &out[out.find("4 sides: cells = [").unwrap() + 18..];
    let cells = &cells[..cells.find(']').unwrap()];
    let (status, out) = check_changed(
        "tri-missing-added",
        "cells = [\"0 0\", \"1 0\", \"2 0\", \"3 0\"]",
        &format!("cells = [{cells}]"),
    );
    assert_eq!(status, 0, "{cells}: {out}");
    // Triangles have no quarters.
    let (status, out) = check_changed("tri-quarters", "cells = [\"0 0\"]", "cells = [\"0 0 N\"]");
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("the triangle grid has no quarters"), "{out}");
}

#[test]
fn pieces_are_equilateral_triangles_of_the_edge_and_backs_lie_behind_fronts() {
    let dir = scratch("tri-build");
    let design = root().join(DESIGN);
    let output = tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let folder = dir.join("out/triangle-pieces");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap();
    let front = read("triangle-pieces-pieces-sheet-01-front.svg");
    let back = read("triangle-pieces-pieces-sheet-01-back.svg");
    assert!(front.contains("viewBox=\"0 0 210 297\""), "portrait A4");
    let (fronts, backs) = (piece_outlines(&front), piece_outlines(&back));
    assert_eq!((fronts.len(), backs.len()), (20, 20));
    let mut cells = 0.0;
    for (f, b) in fronts.iter().zip(&backs) {
        // Every side a whole number of edges (straight runs are merged).
        let n = f.len();
        for k in 0..n {
            let (p, q) = (f[k], f[(k + 1) % n]);
            let side = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt() / EDGE;
            assert!((side - side.round()).abs() < 1e-3 && side >= 0.999, "a side of {side} edges");
        }
        let count = area(f) / triangle_area();
        assert!((count - count.round()).abs() < 1e-3, "{count}");
        cells += count;
        // Long-edge on portrait A4: the back is the front mirrored left to right.
        let mirrored: Outline = f.iter().map(|&(x, y)| (210.0 - x, y)).collect();
        assert_eq!(sorted_keys(&mirrored), sorted_keys(b));
    }
    assert!((cells - 76.0).abs() < 1e-2, "{cells}");
    // The board: 4 rows of triangles, 6 edges wide at its widest.
    let board = read("triangle-pieces-board-sheet-01.svg");
    let (corners, (width, height)) = first_cut(&board);
    assert!((width - 6.0 * EDGE).abs() < 1e-3, "{width}");
    assert!((height - 4.0 * 3f64.sqrt() / 2.0 * EDGE).abs() < 1e-3, "{height}");
    assert!((area(&corners) / (44.0 * triangle_area()) - 1.0).abs() < 1e-5);
}

#[test]
fn the_triangle_grid_documentation_example_builds_and_checks() {
    let example = doc_example("The triangle grid, with");
    let (out, dir) = check_and_build("tri-doc-example", &example);
    assert!(out.contains("3 pieces (3) and a board of 24 cells"), "{out}");
    assert!(dir.join("out/example/example-pieces.pdf").exists());
}
