//! The shipped Saltmarsh Smugglers design: it checks clean; a row removed from its card CSV
//! is named by its fields and a duplicated row by both rows (exit 1); built, its cards
//! measure 63.00 × 88.00 mm nine to a sheet with backs behind them, and its 40 punt counters
//! are cut once each as 20 mm circles.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::outlines::cut_spans;
use common::pdf::{bounds, fills, page_size};
use common::{code, copy_folder, root, scratch, text, tilepress};
use lopdf::Document;

/// The design and its data copied into a scratch folder, the card CSV changed by `edit`.
fn copied(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = scratch(name);
    fs::copy(root().join("designs/saltmarsh.toml"), dir.join("saltmarsh.toml")).unwrap();
    copy_folder(&root().join("designs/assets/saltmarsh"), &dir.join("assets/saltmarsh"));
    let csv = dir.join("assets/saltmarsh/cards.csv");
    let original = fs::read_to_string(&csv).unwrap();
    fs::write(&csv, edit(&original)).unwrap();
    dir
}

#[test]
fn the_shipped_game_checks_clean() {
    let output = tilepress(&root(), &["check", "designs/saltmarsh.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("deck `cards`: 54 cards (the rule derives 54)"), "{out}");
    assert!(out.contains("counters `punts`: 40 counters (the rule derives 40)"), "{out}");
}

#[test]
fn a_removed_row_is_named_by_its_fields_and_a_duplicated_row_by_both_rows() {
    let dir = copied("saltmarsh-removed", |csv| csv.replacen("rum,12,Rum,1,\n", "", 1));
    let output = tilepress(&dir, &["check", "saltmarsh.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 1, "{out}{err}");
    assert!(out.contains("deck `cards` missing: 12 of rum"), "{out}");
    assert!(out.contains("saltmarsh.toml:"), "points at the deck: {out}");
    // Row 3 is `salt,2`; a copy appended after the 53 rows is row 55.
    let dir = copied("saltmarsh-duplicate", |csv| format!("{csv}salt,2,Salt,1,\n"));
    let output = tilepress(&dir, &["check", "saltmarsh.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 1, "{out}{err}");
    assert!(
        out.contains(
            "duplicate: 2 of salt 2 times where the rule has 1 (cards.csv row 3, cards.csv row 55)"
        ),
        "{out}"
    );
}

fn build() -> PathBuf {
    let dir = scratch("saltmarsh-build");
    let design = root().join("designs/saltmarsh.toml");
    let output = tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    dir.join("out/saltmarsh")
}

#[test]
fn cards_are_63_by_88_mm_nine_to_a_sheet_with_backs_behind_and_counters_20_mm() {
    let folder = build();
    let pdf = Document::load(folder.join("saltmarsh-cards.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 12, "6 sheets of 9 cards, fronts and backs");
    let paper = [0xfb, 0xf7, 0xee];
    let cards = |page: u32| -> Vec<(f64, f64, f64, f64)> {
        let found = fills(&pdf, page);
        // The card's background; the paper-coloured circle in the middle is far smaller.
        found
            .iter()
            .filter(|f| f.colour == paper)
            .map(|f| bounds(&f.points))
            .filter(|b| b.2 - b.0 > 60.0)
            .collect()
    };
    let (width, _) = page_size(&pdf, 1);
    let mut total = 0;
    for sheet in 0..6 {
        let (fronts, backs) = (cards(2 * sheet + 1), cards(2 * sheet + 2));
        assert_eq!((fronts.len(), backs.len()), (9, 9), "sheet {}", sheet + 1);
        for &(x0, y0, x1, y1) in &fronts {
            assert!(((x1 - x0) - 63.0).abs() <= 0.01, "width {}", x1 - x0);
            assert!(((y1 - y0) - 88.0).abs() <= 0.01, "height {}", y1 - y0);
            // Long-edge on portrait A4: the back is mirrored left to right.
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            let behind = backs.iter().any(|&(a, b, c, d)| {
                ((a + c) / 2.0 - (width - cx)).abs() < 0.01 && ((b + d) / 2.0 - cy).abs() < 0.01
            });
            assert!(behind, "no back behind the card at ({cx}, {cy})");
        }
        total += fronts.len();
    }
    assert_eq!(total, 54);
    let cut = fs::read_to_string(folder.join("saltmarsh-punts-cut-01.svg")).unwrap();
    let circles = cut_spans(&cut);
    assert_eq!(circles.len(), 40, "each counter cut once");
    for (w, h) in circles {
        assert!((w - 20.0).abs() <= 0.01 && (h - 20.0).abs() <= 0.01, "{w} × {h}");
    }
    // The 390 × 254 mm marsh (its cut clear of the points) is split over 3 A4 sheets, the score ring over 2.
    assert_eq!(sheet_files(&folder, "saltmarsh-marsh-sheet-"), 3);
    assert_eq!(sheet_files(&folder, "saltmarsh-score-sheet-"), 2);
}

/// How many SVG sheets whose names start with `prefix` the folder holds.
fn sheet_files(folder: &Path, prefix: &str) -> usize {
    let names = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned());
    names.filter(|n| n.starts_with(prefix) && n.ends_with(".svg")).count()
}
