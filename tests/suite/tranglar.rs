//! Tranglar on the real binary: the check, its failures, and the built pieces and board
//! measured from the generated SVG pages (outlines, areas, duplex backs).

use crate::common;

use std::path::Path;

use common::outlines::{Outline, area, attribute, first_cut, piece_outlines, points, sorted_keys};
use common::{code, root, scratch, text, tilepress};

fn design() -> String {
    std::fs::read_to_string(root().join("designs/tranglar.toml")).unwrap()
}

/// Runs `check` on a changed copy of the design.
fn check_changed(name: &str, from: &str, to: &str) -> (i32, String) {
    let dir = scratch(name);
    let text_in = design();
    assert!(text_in.contains(from), "the design no longer contains {from:?}");
    std::fs::write(dir.join("t.toml"), text_in.replacen(from, to, 1)).unwrap();
    let output = tilepress(&dir, &["check", "t.toml"]);
    let (out, err) = text(&output);
    (code(&output), out + &err)
}

#[test]
fn the_set_checks_with_42_pieces_and_a_64_cell_board() {
    let output = tilepress(&root(), &["check", "designs/tranglar.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("42 pieces (17 + 17 + 8) and a board of 64 cells"), "{out}");
    assert!(out.contains("102 cells"), "{out}");
}

#[test]
fn a_removed_piece_is_named_as_a_missing_shape() {
    let (status, out) =
        check_changed("tranglar-missing", "code = \"P3\"", "code = \"P3\"\ncount = 0");
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("group `player` has 16 pieces; its rule says 17"), "{out}");
    assert!(out.contains("missing a shape: 3 cells, 5 sides: cells = [\"0 0 NES\"]"), "{out}");
    assert!(out.contains("t.toml:"), "{out}");
}

#[test]
fn a_disconnected_piece_is_named() {
    let (status, out) =
        check_changed("tranglar-apart", "cells = [\"0 0 NES\"]", "cells = [\"0 0 NS\"]");
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("piece P3 is not connected"), "{out}");
}

#[test]
fn an_unknown_grid_is_a_clear_error() {
    let (status, out) =
        check_changed("tranglar-octagon", "kind = \"tetrakis\"", "kind = \"octagon\"");
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("unknown grid `octagon`"), "{out}");
    assert!(out.contains("use `tetrakis`, `square`, `hex` or `triangle`"), "{out}");
}

fn build(name: &str, duplex: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let design = root().join("designs/tranglar.toml");
    let output =
        tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out", "--duplex", duplex]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    dir.join("out/tranglar")
}

fn read(folder: &Path, name: &str) -> String {
    std::fs::read_to_string(folder.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn backs_lie_exactly_behind_their_fronts_for_both_flips() {
    for (duplex, mirror) in [
        ("long-edge", (|(x, y)| (210.0 - x, y)) as fn((f64, f64)) -> (f64, f64)),
        ("short-edge", |(x, y)| (x, 297.0 - y)),
    ] {
        let folder = build(&format!("tranglar-{duplex}"), duplex);
        let mut checked = 0;
        for sheet in 1.. {
            let Ok(front) = std::fs::read_to_string(
                folder.join(format!("tranglar-pieces-sheet-{sheet:02}-front.svg")),
            ) else {
                break;
            };
            let back = read(&folder, &format!("tranglar-pieces-sheet-{sheet:02}-back.svg"));
            let (fronts, backs) = (piece_outlines(&front), piece_outlines(&back));
            assert_eq!(fronts.len(), backs.len());
            for (f, b) in fronts.iter().zip(&backs) {
                let mirrored: Outline = f.iter().map(|&p| mirror(p)).collect();
                assert_eq!(sorted_keys(&mirrored), sorted_keys(b), "{duplex}, sheet {sheet}");
                checked += 1;
            }
        }
        assert_eq!(checked, 42, "{duplex}");
    }
}

#[test]
fn pieces_fill_few_sheets_and_the_board_has_48_mm_squares() {
    let folder = build("tranglar-sheets", "long-edge");
    let mut outlines = Vec::new();
    let mut sheets = 0;
    while let Ok(front) = std::fs::read_to_string(
        folder.join(format!("tranglar-pieces-sheet-{:02}-front.svg", sheets + 1)),
    ) {
        sheets += 1;
        outlines.extend(piece_outlines(&front));
    }
    assert_eq!(outlines.len(), 42);
    // Every piece is a whole number of 48 mm grid-square quarters, and stays on the page.
    let quarter = 48.0 * 48.0 / 4.0;
    let total: f64 = outlines.iter().map(area).sum();
    for outline in &outlines {
        let cells = area(outline) / quarter;
        assert!(
            (cells - cells.round()).abs() < 1e-6 && (1.0..=5.0).contains(&cells.round()),
            "{cells}"
        );
        assert!(
            outline
                .iter()
                .all(|&(x, y)| (8.0..=202.0).contains(&x) && (8.0..=289.0 - 13.0).contains(&y))
        );
    }
    assert!((total / quarter - 102.0).abs() < 1e-6, "{}", total / quarter);
    let printable = tilepress::impose::layout::SheetLayout::tile_area(210.0, 297.0, 8.0);
    let bound = (total / (printable.width() * printable.height())).ceil() as usize + 1;
    assert!(sheets <= bound, "{sheets} sheets, bound {bound}");
    // The board's cut outline is 4 × 48 mm square.
    let board = read(&folder, "tranglar-board-sheet-01.svg");
    let (_, (width, height)) = first_cut(&board);
    assert!((width - 192.0).abs() < 1e-9 && (height - 192.0).abs() < 1e-9);
}

#[test]
fn a_board_larger_than_the_paper_is_split_over_sheets() {
    let dir = scratch("tranglar-a5");
    let design = root().join("designs/tranglar.toml");
    let output =
        tilepress(&dir, &["build", design.to_str().unwrap(), "--paper", "a5", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let folder = dir.join("out/tranglar");
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("tranglar-board-sheet-"))
        .collect();
    names.sort();
    let boards: Vec<String> =
        names.iter().map(|n| std::fs::read_to_string(folder.join(n)).unwrap()).collect();
    // 192 mm of board cannot fit inside A5's 200 × 125 mm printable area in either direction.
    assert!(boards.len() >= 2, "{} board sheets: {out}", boards.len());
    for svg in &boards {
        let landscape = svg.contains("height=\"148mm\" viewBox=\"0 0 210 148\" width=\"210mm\"");
        let portrait = svg.contains("height=\"210mm\" viewBox=\"0 0 148 210\" width=\"148mm\"");
        assert!(landscape || portrait, "every board sheet is A5");
    }
    assert!(out.contains(&format!("a board of 64 cells on {} sheet(s)", boards.len())), "{out}");
    // Sheets are labelled by row letter and column number for assembly.
    assert!(names.contains(&"tranglar-board-sheet-a1.svg".to_string()), "{names:?}");
}

#[test]
fn piece_sheets_have_crop_marks_in_the_margin_and_refuse_a_gap() {
    let folder = build("tranglar-crops", "long-edge");
    let front = read(&folder, "tranglar-pieces-sheet-01-front.svg");
    let pieces: Vec<(f64, f64)> = piece_outlines(&front).into_iter().flatten().collect();
    let (x0, x1) = pieces.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = pieces.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let marks = &front[front.find("label=\"marks\"").unwrap()..];
    let ticks = attribute(&marks[marks.find("<path").unwrap()..], "d");
    let count = ticks.matches('M').count();
    // Two at each corner of the block, and one where each cut meets its edge.
    assert!(count > 8, "{count} crop marks");
    for (x, y) in points(ticks) {
        let inside = x > x0 + 1e-6 && x < x1 - 1e-6 && y > y0 + 1e-6 && y < y1 - 1e-6;
        assert!(!inside, "a crop mark at ({x}, {y}) inside the block");
        // Inside the 5 mm margins, above the footer band.
        assert!((5.0..=205.0).contains(&x) && (5.0..=279.0).contains(&y), "({x}, {y})");
    }
    let dir = scratch("tranglar-gap");
    let design = root().join("designs/tranglar.toml");
    let output = tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out", "--gap", "3"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 2, "{out}{err}");
    assert!(err.contains("pieces cannot be spaced apart (gap_mm = 3 mm)"), "{err}");
    assert!(!dir.join("out").exists(), "nothing written");
}
