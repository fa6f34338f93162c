//! The hex grid for polyform pieces on the real binary: every polyhex of 1–4 cells checked
//! against its rule, the pieces and the board built and measured from the SVG sheets
//! (regular hexagons of the given edge, backs behind fronts), and its bad input; diagrams
//! of hex and triangle pieces refused.

use crate::common;

use std::path::Path;

use common::outlines::{Outline, area, first_cut, piece_outlines, sorted_keys};
use common::{check_and_build, code, doc_example, root, scratch, text, tilepress};

const DESIGN: &str = "tests/designs/hex-pieces.toml";
/// The design's hexagon edge in mm, and one hexagon's area.
const EDGE: f64 = 12.0;

fn hexagon_area() -> f64 {
    3.0 * 3f64.sqrt() / 2.0 * EDGE * EDGE
}

/// Runs `command` on a changed copy of the design; the exit code and all output.
fn run_changed(
    name: &str,
    command: &str,
    from: &str,
    to: &str,
) -> (i32, String, std::path::PathBuf) {
    let dir = scratch(name);
    let original = std::fs::read_to_string(root().join(DESIGN)).unwrap();
    assert!(original.contains(from), "the design no longer contains {from:?}");
    std::fs::write(dir.join("h.toml"), original.replacen(from, to, 1)).unwrap();
    let output = tilepress(
        &dir,
        &[command, "h.toml", "-o", "out"][..if command == "check" { 2 } else { 4 }],
    );
    let (out, err) = text(&output);
    (code(&output), out + &err, dir)
}

#[test]
fn every_polyhex_of_one_to_four_cells_checks_clean() {
    let output = tilepress(&root(), &["check", DESIGN]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("24 pieces (12 + 12) and a board of 42 cells"), "{out}");
    // 2 × (1 + 2 + 3·3 + 7·4) = 80 hexagons.
    assert!(out.contains("pieces cover 80 cells"), "{out}");
}

#[test]
fn a_missing_polyhex_is_named_in_the_design_notation() {
    let (status, out, _) = run_changed(
        "hex-missing",
        "check",
        "code = \"H3-triangle\"",
        "code = \"H3-triangle\"\ncount = 0",
    );
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("group `player` has 11 pieces; its rule says 12"), "{out}");
    // Three hexagons around one corner: 18 sides less 2 for each of the 3 shared ones.
    assert!(out.contains("missing a shape: 3 cells, 12 sides: cells = [\""), "{out}");
    // The named cells, written back into the design, make it complete again.
    let cells = &out[out.find("12 sides: cells = [").unwrap() + 19..];
    let cells = &cells[..cells.find(']').unwrap()];
    let (status, out, _) = run_changed(
        "hex-missing-added",
        "check",
        "cells = [\"0 0\", \"0 1\", \"1 0\"]",
        &format!("cells = [{cells}]"),
    );
    assert_eq!(status, 0, "{cells}: {out}");
}

#[test]
fn a_disconnected_piece_on_the_hex_grid_is_named() {
    let (status, out, _) = run_changed(
        "hex-apart",
        "check",
        "cells = [\"0 0\", \"0 1\"]",
        "cells = [\"0 0\", \"0 2\"]",
    );
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("piece H2 is not connected"), "{out}");
}

fn build(name: &str, duplex: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let design = root().join(DESIGN);
    let output =
        tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out", "--duplex", duplex]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    dir.join("out/hex-pieces")
}

fn sheets(folder: &Path, side: &str) -> Vec<String> {
    (1..)
        .map_while(|sheet| {
            std::fs::read_to_string(
                folder.join(format!("hex-pieces-pieces-sheet-{sheet:02}-{side}.svg")),
            )
            .ok()
        })
        .collect()
}

#[test]
fn pieces_are_regular_hexagons_of_the_edge_and_backs_lie_behind_fronts() {
    for (duplex, mirror) in [
        // The sheets are landscape: the paper's long edge runs across the page.
        ("long-edge", (|(x, y)| (x, 210.0 - y)) as fn((f64, f64)) -> (f64, f64)),
        ("short-edge", |(x, y)| (297.0 - x, y)),
    ] {
        let folder = build(&format!("hex-{duplex}"), duplex);
        let (fronts, backs) = (sheets(&folder, "front"), sheets(&folder, "back"));
        assert_eq!(fronts.len(), backs.len());
        let mut cells = 0.0;
        let mut pieces = 0;
        for (front, back) in fronts.iter().zip(&backs) {
            // The pieces go on landscape A4 (more hexagon rows fit across it).
            assert!(front.contains("viewBox=\"0 0 297 210\""), "landscape A4");
            let (front_outlines, back_outlines) = (piece_outlines(front), piece_outlines(back));
            assert_eq!(front_outlines.len(), back_outlines.len());
            for (f, b) in front_outlines.iter().zip(&back_outlines) {
                assert_every_side_is_an_edge(f);
                let mirrored: Outline = f.iter().map(|&p| mirror(p)).collect();
                assert_eq!(sorted_keys(&mirrored), sorted_keys(b), "{duplex}");
                let n = area(f) / hexagon_area();
                assert!((n - n.round()).abs() < 1e-4 && (1.0..=4.0).contains(&n.round()), "{n}");
                // Inside the 5 mm margins and above the footer band.
                let printable =
                    tilepress::impose::layout::SheetLayout::tile_area(297.0, 210.0, 5.0);
                let inside = printable.inflate(1e-3, 1e-3);
                assert!(f.iter().all(|&(x, y)| inside.contains(kurbo::Point::new(x, y))), "{f:?}");
                cells += n;
                pieces += 1;
            }
        }
        assert_eq!(pieces, 24, "{duplex}");
        assert!((cells - 80.0).abs() < 1e-3, "{cells}");
    }
}

/// Every side of a polyhex outline is one hexagon edge long.
fn assert_every_side_is_an_edge(outline: &Outline) {
    let n = outline.len();
    for k in 0..n {
        let (a, b) = (outline[k], outline[(k + 1) % n]);
        let side = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
        assert!((side - EDGE).abs() < 1e-3, "a side of {side} mm");
    }
}

#[test]
fn the_board_is_seven_by_six_hexagons_at_real_size() {
    let folder = build("hex-board", "long-edge");
    let board = std::fs::read_to_string(folder.join("hex-pieces-board-sheet-01.svg")).unwrap();
    let (corners, (width, height)) = first_cut(&board);
    // 7 hexagons √3·12 mm wide, odd rows half a hexagon right; 6 rows 1.5 edges apart.
    assert!((width - 7.5 * 3f64.sqrt() * EDGE).abs() < 1e-3, "{width}");
    assert!((height - (2.0 + 1.5 * 5.0) * EDGE).abs() < 1e-3, "{height}");
    // Corners are written to 0.001 mm.
    assert!((area(&corners) / (42.0 * hexagon_area()) - 1.0).abs() < 1e-5, "{}", area(&corners));
}

#[test]
fn bad_hex_grids_are_refused_at_their_key() {
    let cases = [
        ("edge_mm = 12.0", "square_mm = 12.0", "the hex grid has no `square_mm`"),
        ("edge_mm = 12.0", "", "the hex grid needs `edge_mm`"),
        ("edge_mm = 12.0", "edge_mm = 0.2", "a cell's edge `edge_mm` is 0.2 mm"),
        ("cells = [\"0 0\"]", "cells = [\"0 0 N\"]", "the hex grid has no quarters"),
        (
            "cells = [1, 4]",
            "cells = [1, 10]",
            "a `complete` group on the hex grid derives shapes of at most 9 cells",
        ),
    ];
    for (from, to, message) in cases {
        let (status, out, dir) = run_changed("hex-bad", "build", from, to);
        assert_eq!(status, 2, "{to}: {out}");
        assert!(out.contains(message), "{to}: {out}");
        assert!(out.contains("h.toml:"), "{to}: {out}");
        assert!(!dir.join("out").exists(), "nothing written for {to}");
    }
    let (status, out, _) =
        run_changed("hex-square-edge", "check", "kind = \"hex\"", "kind = \"square\"");
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("the square grid has no `edge_mm`"), "{out}");
}

#[test]
fn a_diagram_of_hex_or_triangle_pieces_is_a_clear_refusal() {
    for (design, piece, grid) in
        [(DESIGN, "H1", "hex"), ("tests/designs/triangle-pieces.toml", "T1", "triangle")]
    {
        let dir = scratch("lattice-diagram");
        let figure = format!(
            "[diagram]\ndesign = \"{}\"\nlegal = true\n\n[[place]]\npiece = \"{piece}\"\nat = [0, 0]\n",
            root().join(design).display()
        );
        std::fs::write(dir.join("figure.toml"), figure).unwrap();
        let output = tilepress(&dir, &["diagram", "figure.toml", "-o", "out"]);
        let (out, err) = text(&output);
        assert_eq!(code(&output), 2, "{out}{err}");
        let message =
            format!("diagrams of pieces and boards on the {grid} grid are not implemented");
        assert!(err.contains(&message), "{err}");
        assert!(!dir.join("out").exists());
    }
}

#[test]
fn the_hex_grid_documentation_example_builds_and_checks() {
    let example = doc_example("On the hex grid, every polyhex");
    let (out, dir) = check_and_build("hex-doc-example", &example);
    assert!(out.contains("10 pieces (5 + 5) and a board of 30 cells"), "{out}");
    assert!(dir.join("out/example/example-pieces.pdf").exists());
    assert!(dir.join("out/example/example-board.pdf").exists());
}
