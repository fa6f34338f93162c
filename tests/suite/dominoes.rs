//! Rectangle and circle tiles printed: double-nine dominoes (25 × 50 mm) edge to edge on A4
//! with each shared edge cut once, their pips inside their halves, backs behind fronts for
//! both flips; rounded rectangles and circles a gap apart.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::cuts::{assert_each_edge_cut_once, cut_segments, union_length};
use common::pdf::{bounds, fills};
use common::{code, root, scratch, text, tilepress};
use kurbo::{Line, ParamCurveArclen, Point};
use lopdf::Document;

const IVORY: [u8; 3] = [251, 248, 239];
const INK: [u8; 3] = [27, 27, 27];
const NAVY: [u8; 3] = [32, 48, 96];

type Box = (f64, f64, f64, f64);

/// The double-nine design with `from` replaced by `to` (each pair in turn).
fn dominoes(edits: &[(&str, &str)]) -> String {
    let mut toml = fs::read_to_string(root().join("tests/designs/double-nine-dominoes.toml"))
        .expect("the design");
    for (from, to) in edits {
        assert!(toml.contains(from), "`{from}` not in the design");
        toml = toml.replacen(from, to, 1);
    }
    toml
}

/// Builds `toml` as `d.toml`; returns the folder of its files.
fn build(name: &str, toml: &str) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), toml).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    dir.join("out/d")
}

/// Boxes of the fills of `colour` on a page (mm, y up).
fn boxes(pdf: &Document, page: u32, colour: [u8; 3]) -> Vec<Box> {
    fills(pdf, page).iter().filter(|f| f.colour == colour).map(|f| bounds(&f.points)).collect()
}

fn page_size(pdf: &Document) -> (f64, f64) {
    let page = pdf.get_pages()[&1];
    let media = pdf.get_dictionary(page).unwrap().get(b"MediaBox").unwrap().as_array().unwrap();
    let n = |i: usize| common::pdf::number(&media[i]) / common::pdf::PT_PER_MM;
    (n(2) - n(0), n(3) - n(1))
}

#[test]
fn dominoes_measure_25_by_50_mm_with_backs_behind_them_for_both_flips() {
    for duplex in ["long-edge", "short-edge"] {
        let toml = dominoes(&[
            ("duplex = \"none\"", &format!("duplex = \"{duplex}\"")),
            ("ink = \"#1b1b1b\"", "ink = \"#1b1b1b\"\nnavy = \"#203060\""),
            ("[rule]", "[backs]\nenabled = true\nbackground = \"navy\"\n\n[rule]"),
        ]);
        let out = build(&format!("dominoes-{duplex}"), &toml);
        let pdf = Document::load(out.join("d.pdf")).unwrap();
        assert_eq!(pdf.get_pages().len(), 4, "55 dominoes: two sheets, front and back");
        let (width, height) = page_size(&pdf);
        let (fronts, backs) = (boxes(&pdf, 1, IVORY), boxes(&pdf, 2, NAVY));
        assert_eq!((fronts.len(), backs.len()), (40, 40), "{duplex}");
        for &(x0, y0, x1, y1) in &fronts {
            assert!(((x1 - x0) - 25.0).abs() <= 0.01, "width {}", x1 - x0);
            assert!(((y1 - y0) - 50.0).abs() <= 0.01, "height {}", y1 - y0);
        }
        for &(x0, y0, x1, y1) in &fronts {
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            let behind = if duplex == "long-edge" { (width - cx, cy) } else { (cx, height - cy) };
            let found = backs.iter().any(|&(a, b, c, d)| {
                ((a + c) / 2.0 - behind.0).abs() < 0.01 && ((b + d) / 2.0 - behind.1).abs() < 0.01
            });
            assert!(found, "{duplex}: no back behind the domino at ({cx}, {cy})");
        }
    }
}

#[test]
fn pips_sit_inside_their_halves_with_a_line_between() {
    let out = build("dominoes-pips", &dominoes(&[]));
    let pdf = Document::load(out.join("d.pdf")).unwrap();
    let tiles = boxes(&pdf, 1, IVORY);
    let ink = boxes(&pdf, 1, INK);
    let (lines, pips): (Vec<Box>, Vec<Box>) = ink.into_iter().partition(|b| b.3 - b.1 < 1.0);
    assert_eq!(lines.len(), tiles.len(), "one line between the halves of each domino");
    for &(x0, y0, x1, y1) in &lines {
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let on = tiles.iter().any(|t| {
            ((t.0 + t.2) / 2.0 - cx).abs() < 0.01 && ((t.1 + t.3) / 2.0 - cy).abs() < 0.01
        });
        assert!(on, "the line at ({cx}, {cy}) is not across a domino's middle");
    }
    // Halves of 25 × 25 mm; pips in a 15 mm box centred in one of them.
    let halves: Vec<Box> = tiles
        .iter()
        .flat_map(|t| {
            let middle = (t.1 + t.3) / 2.0;
            [(t.0, t.1, t.2, middle), (t.0, middle, t.2, t.3)]
        })
        .collect();
    assert!(!pips.is_empty());
    for &(a, b, c, d) in &pips {
        let inside = halves.iter().any(|h| {
            a >= h.0 + 5.0 - 0.01
                && c <= h.2 - 5.0 + 0.01
                && b >= h.1 + 5.0 - 0.01
                && d <= h.3 - 5.0 + 0.01
        });
        assert!(inside, "pips at {:?} leave their half", (a, b, c, d));
    }
}

/// Every edge of the dominoes on page `page`, in the cut file's frame (mm, y down).
fn domino_edges(pdf: &Document, page: u32, page_height: f64) -> Vec<Line> {
    boxes(pdf, page, IVORY)
        .into_iter()
        .flat_map(|(x0, y0, x1, y1)| {
            let (top, bottom) = (page_height - y1, page_height - y0);
            let corners = [
                Point::new(x0, top),
                Point::new(x1, top),
                Point::new(x1, bottom),
                Point::new(x0, bottom),
            ];
            (0..4).map(move |k| Line::new(corners[k], corners[(k + 1) % 4]))
        })
        .collect()
}

#[test]
fn the_cut_file_cuts_each_shared_domino_edge_once() {
    let out = build("dominoes-cuts", &dominoes(&[]));
    let pdf = Document::load(out.join("d.pdf")).unwrap();
    let (_, page_height) = page_size(&pdf);
    for sheet in 1..=2u32 {
        let svg = fs::read_to_string(out.join(format!("d-cut-{sheet:02}.svg"))).unwrap();
        let segments = cut_segments(&svg);
        let edges = domino_edges(&pdf, sheet, page_height);
        assert_eq!(edges.len(), if sheet == 1 { 160 } else { 60 });
        assert_each_edge_cut_once(&segments, &edges, 10);
        let cut: f64 = segments.iter().map(|s| s.arclen(0.0)).sum();
        let union = union_length(&edges);
        // Long trimmer cuts run edge to edge across the sheet: the union of the domino
        // edges, and on a full sheet a little more where the lines reach out towards the
        // crop area (a part-filled sheet keeps the full sheet's columns, for stack cutting).
        assert!(cut + 0.01 >= union, "sheet {sheet}: cut {cut} mm < union {union} mm");
        if sheet == 1 {
            assert!(cut <= 1.1 * union, "sheet {sheet}: cut {cut} mm, union {union} mm");
        }
    }
}

/// Circle tiles (or rounded rectangles) measured: every tile's size and the least gap.
fn measured(out: &Path, colour: [u8; 3]) -> (Vec<Box>, f64) {
    let pdf = Document::load(out.join("d.pdf")).unwrap();
    let found = boxes(&pdf, 1, colour);
    let mut gap = f64::MAX;
    for (i, a) in found.iter().enumerate() {
        for b in &found[i + 1..] {
            let dx = (b.0 - a.2).max(a.0 - b.2);
            let dy = (b.1 - a.3).max(a.1 - b.3);
            gap = gap.min(dx.max(dy));
        }
    }
    (found, gap)
}

#[test]
fn rounded_dominoes_and_circle_tiles_stand_a_gap_apart() {
    // Without bleed, so that the background is the tile.
    let rounded = dominoes(&[
        ("cells = [1, 2]", "cells = [1, 2]\ncorner_radius_mm = 3.0"),
        ("gap_mm = 0.0", "gap_mm = 0.0\nbleed_mm = 0.0"),
    ]);
    let (tiles, gap) = measured(&build("dominoes-rounded", &rounded), IVORY);
    assert!(!tiles.is_empty());
    for &(x0, y0, x1, y1) in &tiles {
        assert!(((x1 - x0) - 25.0).abs() <= 0.01 && ((y1 - y0) - 50.0).abs() <= 0.01);
    }
    assert!(gap >= 3.0 - 0.01, "rounded dominoes {gap} mm apart");
    let mut circles = String::from(
        "[set]\nname = \"Discs\"\nshape = \"circle\"\ndiameter_mm = 30.0\n\
         [palette]\nivory = \"#fbf8ef\"\n[style]\nbackground = \"ivory\"\n\
         [sheet]\nbleed_mm = 0.0\n",
    );
    for number in 1..=12 {
        circles.push_str(&format!("[[tiles]]\nnumber = {number}\n"));
    }
    let (discs, _) = measured(&build("discs", &circles), IVORY);
    assert_eq!(discs.len(), 12);
    for &(x0, y0, x1, y1) in &discs {
        assert!(((x1 - x0) - 30.0).abs() <= 0.01 && ((y1 - y0) - 30.0).abs() <= 0.01);
    }
    // Staggered rows: boxes may come closer than the gap, but the circles do not touch.
    let centres: Vec<Point> =
        discs.iter().map(|b| Point::new((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0)).collect();
    for (i, a) in centres.iter().enumerate() {
        for b in &centres[i + 1..] {
            assert!(a.distance(*b) >= 30.0 + 3.0 - 0.01, "discs {} mm apart", a.distance(*b));
        }
    }
}

#[test]
fn face_layers_anchor_to_a_rectangles_edges_and_corners() {
    let toml = dominoes(&[
        ("cells = [1, 2]", "cells = [1, 2]\ntemplate = \"marks\""),
        ("ink = \"#1b1b1b\"", "ink = \"#1b1b1b\"\nred = \"#ff0000\"\nblue = \"#0000ff\""),
        (
            "[values]",
            "[faces.marks]\nlayers = [\n  { shape = \"rectangle\", size_mm = 4, fill = \"red\", at = \"edge 2\", inset_mm = 5 },\n  { shape = \"circle\", size_mm = 2, fill = \"blue\", at = \"corner 4\", inset_mm = 0 },\n]\n\n[values]",
        ),
    ]);
    let out = build("dominoes-anchors", &toml);
    let pdf = Document::load(out.join("d.pdf")).unwrap();
    let tiles = boxes(&pdf, 1, IVORY);
    let (squares, dots) = (boxes(&pdf, 1, [255, 0, 0]), boxes(&pdf, 1, [0, 0, 255]));
    assert_eq!((squares.len(), dots.len()), (tiles.len(), tiles.len()));
    for &(x0, y0, x1, y1) in &tiles {
        // Edge 2 is the right side: the square 5 mm in from its middle.
        let square = (x1 - 5.0, (y0 + y1) / 2.0);
        let found = squares.iter().any(|b| {
            ((b.0 + b.2) / 2.0 - square.0).abs() < 0.01
                && ((b.1 + b.3) / 2.0 - square.1).abs() < 0.01
                && ((b.2 - b.0) - 4.0).abs() < 0.01
        });
        assert!(found, "no square at {square:?}");
        // Corner 4 is the bottom left (y up in the PDF: the smaller y).
        let found = dots.iter().any(|b| {
            ((b.0 + b.2) / 2.0 - x0).abs() < 0.01 && ((b.1 + b.3) / 2.0 - y0).abs() < 0.01
        });
        assert!(found, "no dot at corner 4 ({x0}, {y0})");
    }
}

#[test]
fn a_diagram_of_rectangles_that_are_not_two_square_cells_is_refused_with_a_message() {
    // 30 × 50 mm in two halves: cells of 30 × 25 mm do not make a square grid.
    let dir = scratch("dominoes-diagram");
    fs::write(dir.join("d.toml"), dominoes(&[("width_mm = 25.0", "width_mm = 30.0")])).unwrap();
    let diagram =
        "[diagram]\ndesign = \"d.toml\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\n";
    fs::write(dir.join("bad.toml"), diagram).unwrap();
    let output = tilepress(&dir, &["diagram", "bad.toml"]);
    assert_eq!(code(&output), 2);
    let (_, err) = text(&output);
    assert!(
        err.contains("bad.toml:2:10: error: diagrams of rectangle tiles are not supported"),
        "{err}"
    );
    assert!(err.contains("dominoes (rectangles of two square cells"), "{err}");
}
