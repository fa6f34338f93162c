//! Fold-over sheets measured in the built files: on the shipped tiles, cards, counters and pieces every back is its front's outline mirrored across the fold line (within 0.01 mm, in the PDF), the fold line is marked, no cut lies on the backs' half, parts without backs print single-sided; bad combinations are refused with the key or option.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::pdf::{bounds, distance, fills, mean, page_size, vertices};
use common::{code, root, scratch, text, tilepress};
use lopdf::Document;

/// Within this, a back's point is behind its front's, in mm.
const TOLERANCE_MM: f64 = 0.01;

/// Builds a shipped design with `--duplex duplex` into a scratch folder: its output folder
/// and what the build printed.
fn build(design: &str, duplex: &str) -> (PathBuf, String) {
    let dir = scratch(&format!("fold-{design}-{duplex}"));
    let path = root().join(format!("designs/{design}.toml"));
    let output =
        tilepress(&dir, &["build", path.to_str().unwrap(), "-o", "out", "--duplex", duplex]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    (dir.join("out").join(design), out)
}

/// Whether the fold line of a `width × height` page folded `duplex` is vertical: a fold
/// along the long edges' middle is parallel to them.
fn vertical_fold(duplex: &str, (width, height): (f64, f64)) -> bool {
    (duplex == "fold-long") == (width <= height)
}

/// Where a point (PDF coordinates, y up) lies across the fold: its front-half side is
/// positive (left of a vertical fold, above a horizontal one).
fn front_side(p: (f64, f64), vertical: bool, (width, height): (f64, f64)) -> f64 {
    if vertical { width / 2.0 - p.0 } else { p.1 - height / 2.0 }
}

/// A point's mirror image across the fold line.
fn mirrored(p: (f64, f64), vertical: bool, (width, height): (f64, f64)) -> (f64, f64) {
    if vertical { (width - p.0, p.1) } else { (p.0, height - p.1) }
}

/// Whether two polygons have the same corners (in any order), each within the tolerance.
fn same_corners(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    // `distance(p, q) < TOLERANCE_MM`, its square root only for points close on both axes.
    let near = |p: (f64, f64), q: (f64, f64)| {
        (p.0 - q.0).abs() < TOLERANCE_MM
            && (p.1 - q.1).abs() < TOLERANCE_MM
            && distance(p, q) < TOLERANCE_MM
    };
    a.len() == b.len()
        && a.iter().all(|&p| b.iter().any(|&q| near(p, q)))
        && b.iter().all(|&p| a.iter().any(|&q| near(p, q)))
}

/// A bounding box `(x0, y0, x1, y1)` in mm (`common::pdf::bounds`).
type Bounds = (f64, f64, f64, f64);

/// A front's corners and their bounding box.
type Front<'a> = (&'a [(f64, f64)], Bounds);

/// Whether two polygons' bounding boxes agree within the tolerance, side by side: true of
/// any two with the same corners (each corner within the tolerance of one of the other's),
/// so it passes over most fronts before their corners are compared pair by pair.
fn same_bounds(a: Bounds, b: Bounds) -> bool {
    [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)]
        .iter()
        .all(|(x, y)| (x - y).abs() < TOLERANCE_MM)
}

/// The items on the backs' half of every page whose outline, mirrored across the fold,
/// is an outline on the fronts' half — counted once per place (a face's background or
/// outline fill is its outline: both faces have one). Also asserts that every fill lies
/// on one half.
fn backs_behind_fronts(pdf: &Document, duplex: &str) -> usize {
    let mut found = 0;
    for page in pdf.get_pages().keys().copied() {
        let size = page_size(pdf, page);
        let vertical = vertical_fold(duplex, size);
        // Each fill's corners and the side of the fold its centroid lies on.
        let all: Vec<(Vec<(f64, f64)>, f64)> = (fills(pdf, page).iter())
            .map(|fill| vertices(&fill.points))
            .map(|corners| {
                let side = front_side(mean(&corners), vertical, size);
                (corners, side)
            })
            .collect();
        // The fronts by their left edge: a back's mirror image is compared only with the
        // fronts whose left edge is within the tolerance of its own.
        let mut fronts: Vec<Front> = (all.iter())
            .filter(|(_, side)| *side > 0.0)
            .map(|(corners, _)| (&corners[..], bounds(corners)))
            .collect();
        fronts.sort_by(|a, b| a.1.0.total_cmp(&b.1.0));
        let mut places: Vec<(f64, f64)> = Vec::new();
        for (back, _) in all.iter().filter(|(_, side)| *side < 0.0) {
            let corners: Vec<(f64, f64)> =
                back.iter().map(|&p| mirrored(p, vertical, size)).collect();
            let within = bounds(&corners);
            let from = fronts.partition_point(|(_, b)| b.0 <= within.0 - TOLERANCE_MM);
            let mut candidates =
                fronts[from..].iter().take_while(|(_, b)| b.0 < within.0 + TOLERANCE_MM);
            let behind = |(front, front_bounds): &&Front| {
                same_bounds(*front_bounds, within) && same_corners(front, &corners)
            };
            if corners.len() < 3 || !candidates.any(|front| behind(&front)) {
                continue;
            }
            let place = mirrored(mean(back), vertical, size);
            if places.iter().all(|&p| distance(p, place) > 0.5) {
                places.push(place);
            }
        }
        found += places.len();
    }
    found
}

/// Every point of every cut path in `folder`'s cut files of `prefix`, with the page size.
fn cut_points(folder: &Path, prefix: &str) -> Vec<((f64, f64), (f64, f64))> {
    let mut points = Vec::new();
    for entry in fs::read_dir(folder).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !name.starts_with(prefix) || !name.contains("-cut-") {
            continue;
        }
        let svg = fs::read_to_string(folder.join(&name)).unwrap();
        let view: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        for line in common::cuts::cut_segments(&svg) {
            for p in [line.p0, line.p1] {
                // SVG y runs down: the PDF's y is the page height less it.
                points.push(((p.x, view[3] - p.y), (view[2], view[3])));
            }
        }
    }
    points
}

#[test]
fn every_back_is_its_fronts_mirror_across_the_fold_and_only_the_fronts_half_is_cut() {
    // (design, [(part file, items the part holds)], the fold lines it is built with): a
    // Tranglar piece two 48 mm squares long needs 96 mm and its cut's casing 1.2 mm more,
    // where half an A4 sheet's long side leaves 95.8 (refused, see the bad input below).
    let both = &["fold-long", "fold-short"][..];
    let designs = [
        ("tantrix", &[("tantrix", 56)][..], both),
        ("saltmarsh", &[("saltmarsh-cards", 54), ("saltmarsh-punts", 40)], both),
        ("tranglar", &[("tranglar-pieces", 42)], &["fold-short"]),
        ("lanterns-of-keld", &[("lanterns-of-keld", 19)], both),
    ];
    for (design, parts, lines) in designs {
        for &duplex in lines {
            let (folder, report) = build(design, duplex);
            assert!(report.contains("fold-over sheet(s)"), "{report}");
            for &(part, items) in parts {
                let pdf = Document::load(folder.join(format!("{part}.pdf"))).unwrap();
                let behind = backs_behind_fronts(&pdf, duplex);
                assert!(
                    behind >= items,
                    "{part} {duplex}: {behind} of {items} backs behind fronts"
                );
                let points = cut_points(&folder, &format!("{part}-cut"));
                assert!(!points.is_empty(), "{part}: no cuts");
                for (p, size) in points {
                    let across = front_side(p, vertical_fold(duplex, size), size);
                    assert!(across > -1e-6, "{part} {duplex}: a cut at {p:?} on the backs' half");
                }
                let sheet =
                    fs::read_to_string(folder.join(format!("{part}-sheet-01.svg"))).unwrap();
                let fold_layer =
                    sheet.split("inkscape:label=\"fold\"").nth(1).expect("a fold layer");
                assert!(fold_layer.contains("stroke-dasharray"), "{part}: the fold line is dashed");
            }
        }
    }
}

#[test]
fn fold_chooses_the_line_that_takes_fewer_sheets_and_parts_without_backs_stay_single_sided() {
    let sheets = |report: &str, what: &str| -> usize {
        let line = report.lines().find(|l| l.contains(what)).unwrap_or_else(|| panic!("{report}"));
        line.split(" on ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
    };
    let each = ["fold-long", "fold-short"]
        .map(|duplex| sheets(&build("lanterns-of-keld", duplex).1, "19 tiles"));
    assert!(each[0] != each[1], "the two lines differ: {each:?}");
    let report = build("lanterns-of-keld", "fold").1;
    assert_eq!(sheets(&report, "19 tiles"), each[0].min(each[1]), "{report}");
    // Where one line cannot hold a piece, fold takes the other.
    let (folder, report) = build("tranglar", "fold");
    assert_eq!(
        sheets(&report, "42 pieces"),
        sheets(&build("tranglar", "fold-short").1, "42 pieces")
    );
    // The board has no back: one page, not folded, drawn as single-sided.
    let board = report.lines().find(|l| l.contains("a board of")).unwrap();
    assert!(!board.contains("fold-over"), "{board}");
    let pdf = Document::load(folder.join("tranglar-board.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 1);
}

/// A deck of one `width × height` mm card in `dir`, with `sheet` lines in `[sheet]`.
fn deck(dir: &Path, width: u32, height: u32, sheet: &str) {
    let design = format!(
        r##"[set]
name = "Fold"

[palette]
ink = "#000000"
paper = "#ffffff"

[sheet]
{sheet}

[faces.front]
layers = [{{ text = "A", size_mm = 5, colour = "ink" }}]

[faces.back]
layers = [{{ text = "B", size_mm = 5, colour = "ink" }}]

[[decks]]
name = "cards"
size_mm = [{width}, {height}]
front = "front"
back = "back"
background = "paper"

[[decks.cards]]
fields = {{ name = "one" }}
"##
    );
    fs::write(dir.join("d.toml"), design).unwrap();
}

#[test]
fn bad_fold_over_input_is_refused_with_the_key_or_option_and_nothing_written() {
    let dir = scratch("fold-bad");
    deck(&dir, 63, 88, "");
    let run = |args: &[&str]| {
        let output = tilepress(&dir, args);
        let (out, err) = text(&output);
        (code(&output), format!("{out}{err}"))
    };
    let (status, said) = run(&["build", "d.toml", "-o", "out", "--duplex", "folded"]);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("--duplex") && said.contains("fold-long, fold-short"), "{said}");
    let (status, said) =
        run(&["build", "d.toml", "-o", "out", "--duplex", "fold", "--registration-marks"]);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("--registration-marks") && said.contains("fold-over"), "{said}");
    assert!(!dir.join("out").exists(), "{said}");
    // The design asks for both: refused by check at the duplex key.
    deck(&dir, 63, 88, "duplex = \"fold\"\nregistration_marks = true");
    let (status, said) = run(&["check", "d.toml"]);
    assert_eq!(status, 2, "{said}");
    assert!(
        said.contains("d.toml:9:10: error: a fold-over sheet cannot carry registration marks"),
        "{said}"
    );
    // The design folds, the command line asks for marks.
    deck(&dir, 63, 88, "duplex = \"fold\"");
    let (status, said) = run(&["build", "d.toml", "-o", "out", "--registration-marks"]);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("cannot carry registration marks"), "{said}");
    assert!(!dir.join("out").exists(), "{said}");
    // A card that fits an A4 page but not half of one: refused by check at its size.
    deck(&dir, 150, 200, "duplex = \"fold\"");
    let (status, said) = run(&["check", "d.toml"]);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("d.toml:19:11: error: `cards`: a card of 150 × 200 mm is larger than the printable area on one half of a fold-over sheet"), "{said}");
    // Told on the command line to fold tiles whose front and back do not fit: the smallest
    // paper of the same shape that holds them, which does (tried below).
    let tantrix = root().join("designs/tantrix.toml");
    let tantrix = tantrix.to_str().unwrap();
    let small = ["build", tantrix, "-o", "out", "--duplex", "fold", "--paper", "70x100"];
    let (status, said) = run(&small);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("on one half of a fold-over sheet"), "{said}");
    assert!(said.contains("the paper must be at least 73 × 104 mm"), "{said}");
    assert!(!dir.join("out").exists(), "{said}");
    let larger = ["build", tantrix, "-o", "out", "--duplex", "fold", "--paper", "73x104"];
    assert_eq!(run(&larger).0, 0);
    fs::remove_dir_all(dir.join("out")).unwrap();
    // Pieces that one fold line cannot hold: refused, naming the paper they need.
    let tranglar = root().join("designs/tranglar.toml");
    let long = ["build", tranglar.to_str().unwrap(), "-o", "out", "--duplex", "fold-long"];
    let (status, said) = run(&long);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("a piece on 48 mm grid squares does not fit"), "{said}");
    assert!(said.contains("on one half of a fold-over sheet"), "{said}");
    assert!(!dir.join("out").exists(), "{said}");
    // Printed duplex the same card builds.
    deck(&dir, 150, 200, "duplex = \"long-edge\"");
    assert_eq!(run(&["build", "d.toml", "-o", "out"]).0, 0);
}
