//! Counters in other shapes than circles, measured in the built PDF and cut files: hexagons
//! and triangles edge to edge on their lattice (every edge cut once), squares and rectangles
//! n-up, each the specified size, two-sided with backs behind fronts; and their bad input.

use crate::common;

use std::collections::BTreeSet;
use std::fs;

use common::pdf::{Fill, bounds, fills, page_size};
use common::{code, scratch, text, tilepress};
use lopdf::Document;

/// The counters' background colour, and the 2 mm square marking each face's centre.
const BACKGROUND: [u8; 3] = [10, 11, 12];
const MARK: [u8; 3] = [1, 2, 3];

/// A design of 40 two-sided counters whose shape and size keys are `shape_keys`.
fn design(shape_keys: &str, duplex: &str) -> String {
    format!(
        r##"[set]
name = "Shapes"

[sheet]
duplex = "{duplex}"

[palette]
disc = "#0a0b0c"

[faces.face]
layers = [{{ shape = "rectangle", box_mm = [2, 2], fill = "#010203" }}]

[[counters]]
name = "bits"
{shape_keys}
background = "disc"
front = "face"
back = "face"

[[counters.cards]]
count = 40
"##
    )
}

fn build(name: &str, design: &str) -> (std::process::Output, std::path::PathBuf) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    (tilepress(&dir, &["build", "d.toml", "-o", "out"]), dir)
}

/// The corners of a filled polygon, the closing repeat dropped.
fn corners(fill: &Fill) -> Vec<(f64, f64)> {
    let mut points = fill.points.clone();
    points.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6);
    if points.len() > 1 && points.first() == points.last() {
        points.pop();
    }
    points
}

fn side_lengths(points: &[(f64, f64)]) -> Vec<f64> {
    let n = points.len();
    (0..n)
        .map(|k| {
            let (a, b) = (points[k], points[(k + 1) % n]);
            ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
        })
        .collect()
}

/// Segments of every path of a cut SVG file (`M`, `L` and `Z` only), with their lengths.
fn cut_segments(svg: &str) -> Vec<f64> {
    let mut lengths = Vec::new();
    for path in svg.split(" d=\"").skip(1) {
        let d = &path[..path.find('"').unwrap()];
        let numbers: Vec<f64> = d
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .filter_map(|t| t.parse().ok())
            .collect();
        let mut points: Vec<(f64, f64)> = numbers.chunks(2).map(|p| (p[0], p[1])).collect();
        if d.trim_end().ends_with('Z') {
            points.push(points[0]);
        }
        lengths.extend(side_lengths(&points).into_iter().take(points.len().saturating_sub(1)));
    }
    lengths
}

/// Checks 40 counters whose background outlines have `sides` corners and a `box_mm`
/// bounding box (or, if the packing `turns` them, the box turned a quarter), with a back
/// behind every front; returns the outlines of the front page.
fn measure(
    dir: &std::path::Path,
    sides: usize,
    box_mm: (f64, f64),
    turns: bool,
    duplex: &str,
) -> Vec<Vec<(f64, f64)>> {
    let pdf = Document::load(dir.join("out/d/d-bits.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 2, "40 counters on one sheet, front and back");
    let (width, height) = page_size(&pdf, 1);
    let outlines: Vec<Vec<(f64, f64)>> =
        fills(&pdf, 1).iter().filter(|f| f.colour == BACKGROUND).map(corners).collect();
    assert_eq!(outlines.len(), 40);
    for outline in &outlines {
        assert_eq!(outline.len(), sides, "{outline:?}");
        // The lattice may turn hexagons and triangles a quarter to fit more.
        let (x0, y0, x1, y1) = bounds(outline);
        let (w, h) = (x1 - x0, y1 - y0);
        let fits = |a: f64, b: f64| (w - a).abs() <= 0.01 && (h - b).abs() <= 0.01;
        assert!(fits(box_mm.0, box_mm.1) || (turns && fits(box_mm.1, box_mm.0)), "{w} × {h}");
    }
    // The paper's long edge runs across a landscape page: long-edge flips top to bottom there.
    let flip_x = (duplex == "long-edge") == (width < height);
    let centres = |page| -> Vec<(f64, f64)> {
        let marks = fills(&pdf, page);
        let boxes = marks.iter().filter(|f| f.colour == MARK).map(|f| bounds(&f.points));
        boxes.map(|(a, b, c, d)| ((a + c) / 2.0, (b + d) / 2.0)).collect()
    };
    let (fronts, backs) = (centres(1), centres(2));
    assert_eq!((fronts.len(), backs.len()), (40, 40));
    for &(x, y) in &fronts {
        let behind = if flip_x { (width - x, y) } else { (x, height - y) };
        let found =
            backs.iter().any(|&(a, b)| (a - behind.0).abs() < 0.01 && (b - behind.1).abs() < 0.01);
        assert!(found, "{duplex}: no back behind the counter at ({x}, {y})");
    }
    outlines
}

/// Every edge of the outlines, once, as rounded end points (shared edges count once).
fn distinct_edges(outlines: &[Vec<(f64, f64)>]) -> BTreeSet<((i64, i64), (i64, i64))> {
    let key = |p: (f64, f64)| ((p.0 * 100.0).round() as i64, (p.1 * 100.0).round() as i64);
    let mut edges = BTreeSet::new();
    for outline in outlines {
        let n = outline.len();
        for k in 0..n {
            let (a, b) = (key(outline[k]), key(outline[(k + 1) % n]));
            edges.insert(if a < b { (a, b) } else { (b, a) });
        }
    }
    edges
}

#[test]
fn hexagon_counters_are_regular_edge_to_edge_and_every_edge_is_cut_once() {
    for duplex in ["long-edge", "short-edge"] {
        let (output, dir) = build(
            &format!("hex-counters-{duplex}"),
            &design("shape = \"hexagon\"\nedge_mm = 12", duplex),
        );
        assert_eq!(code(&output), 0, "{}", text(&output).1);
        assert!(
            text(&output).0.contains("40 hexagon counters of 12 mm edge"),
            "{}",
            text(&output).0
        );
        // Flat top: 2 edges wide, √3 edges tall.
        let outlines = measure(&dir, 6, (24.0, 12.0 * 3f64.sqrt()), true, duplex);
        for outline in &outlines {
            for side in side_lengths(outline) {
                assert!((side - 12.0).abs() <= 0.01, "a side of {side} mm");
            }
        }
        // Packed edge to edge: neighbours share edges, and the cuts run along each edge once.
        let edges = distinct_edges(&outlines);
        assert!(
            edges.len() < 40 * 6 * 3 / 4,
            "{} distinct edges: not packed edge to edge",
            edges.len()
        );
        let cut = fs::read_to_string(dir.join("out/d/d-bits-cut-01.svg")).unwrap();
        let cut_length: f64 = cut_segments(&cut).iter().sum();
        assert!(
            (cut_length - 12.0 * edges.len() as f64).abs() < 0.1,
            "cut {cut_length} mm, edges {} mm",
            12.0 * edges.len() as f64
        );
    }
}

#[test]
fn triangle_counters_are_equilateral_and_share_their_edges() {
    let (output, dir) =
        build("tri-counters", &design("shape = \"triangle\"\nedge_mm = 25", "long-edge"));
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let outlines = measure(&dir, 3, (25.0, 25.0 * 3f64.sqrt() / 2.0), true, "long-edge");
    for outline in &outlines {
        for side in side_lengths(outline) {
            assert!((side - 25.0).abs() <= 0.01, "a side of {side} mm");
        }
    }
    assert!(distinct_edges(&outlines).len() < 40 * 3 * 3 / 4, "not packed edge to edge");
}

#[test]
fn square_and_rectangle_counters_are_their_size_and_cut_once_each() {
    let (output, dir) =
        build("square-counters", &design("shape = \"square\"\nedge_mm = 20", "long-edge"));
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert!(text(&output).0.contains("40 square counters of 20 × 20 mm"), "{}", text(&output).0);
    let squares = measure(&dir, 4, (20.0, 20.0), false, "long-edge");
    // No gutter: neighbours share their edges.
    assert!(distinct_edges(&squares).len() < 40 * 4 * 3 / 4);
    let keys = "shape = \"rectangle\"\nsize_mm = [15, 25]\ngutter_mm = 3";
    let (output, dir) = build("rect-counters", &design(keys, "short-edge"));
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let rectangles = measure(&dir, 4, (15.0, 25.0), false, "short-edge");
    // With a gutter each rectangle is cut along its own outline, once.
    assert_eq!(distinct_edges(&rectangles).len(), 40 * 4);
    let cut = fs::read_to_string(dir.join("out/d/d-bits-cut-01.svg")).unwrap();
    let cut_length: f64 = cut_segments(&cut).iter().sum();
    assert!((cut_length - 40.0 * 80.0).abs() < 0.1, "cut {cut_length} mm");
}

#[test]
fn a_bad_shape_or_size_is_refused_at_its_key() {
    let cases = [
        ("shape = \"octagon\"\nedge_mm = 20", "unknown counter shape `octagon`", "d.toml:15:"),
        (
            "shape = \"hexagon\"\ndiameter_mm = 20",
            "hexagon counters have no `diameter_mm`",
            "d.toml:16:",
        ),
        ("shape = \"hexagon\"", "hexagon counters need `edge_mm`", "d.toml:14:"),
        ("shape = \"square\"\nedge_mm = 0.5", "`edge_mm` is 0.5 mm", "d.toml:16:"),
        (
            "shape = \"triangle\"\nedge_mm = 20\ngutter_mm = 2",
            "triangle counters have no `gutter_mm`",
            "d.toml:17:",
        ),
        (
            "shape = \"rectangle\"\nsize_mm = [20]",
            "`size_mm` must be [width, height]",
            "d.toml:16:",
        ),
        (
            "shape = \"rectangle\"\nedge_mm = 20",
            "rectangle counters have no `edge_mm`",
            "d.toml:16:",
        ),
        ("diameter_mm = 20\nedge_mm = 20", "circle counters have no `edge_mm`", "d.toml:16:"),
    ];
    for (keys, message, place) in cases {
        let (output, dir) = build("counter-shape-bad", &design(keys, "long-edge"));
        let (out, err) = text(&output);
        assert_eq!(code(&output), 2, "{keys}: {out}{err}");
        assert!(err.contains(message), "{keys}: {err}");
        assert!(err.contains(place), "{keys}: {err}");
        assert!(!dir.join("out").exists(), "{keys}: nothing written");
    }
    // Cards take no counter keys.
    let dir = scratch("card-shape");
    let deck = design("shape = \"hexagon\"\nedge_mm = 20", "long-edge")
        .replace("[[counters]]", "[[decks]]")
        .replace("[[counters.cards]]", "[[decks.cards]]")
        .replace("shape = \"hexagon\"\nedge_mm = 20", "size = \"poker\"\nshape = \"hexagon\"");
    fs::write(dir.join("d.toml"), deck).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 2);
    assert!(text(&check).1.contains("cards have no `shape`"), "{}", text(&check).1);
}

#[test]
fn the_shaped_counters_documentation_example_builds_and_checks() {
    let example = common::doc_example("Hexagon counters, 15 mm a side");
    let (out, dir) = common::check_and_build("counter-shapes-doc-example", &example);
    assert!(out.contains("counters `terrain`: 30 counters"), "{out}");
    assert!(dir.join("out/example/example-terrain.pdf").exists());
}

#[test]
fn the_sheet_gap_spaces_hexagon_counters_apart_each_cut_along_its_own_outline() {
    let spaced = design("shape = \"hexagon\"\nedge_mm = 12", "long-edge")
        .replace("duplex = \"long-edge\"", "duplex = \"long-edge\"\ngap_mm = 3");
    let (output, dir) = build("hex-counters-gap", &spaced);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let outlines = measure(&dir, 6, (24.0, 12.0 * 3f64.sqrt()), true, "long-edge");
    assert_eq!(distinct_edges(&outlines).len(), 40 * 6, "no edge shared");
    let cut = fs::read_to_string(dir.join("out/d/d-bits-cut-01.svg")).unwrap();
    let cut_length: f64 = cut_segments(&cut).iter().sum();
    assert!((cut_length - 40.0 * 6.0 * 12.0).abs() < 0.1, "cut {cut_length} mm");
}
