//! Face layers measured in the built PDF: a shape, an image and a capital letter placed at
//! N mm measure N mm (±0.01) and sit at their anchors on triangles, squares, hexagons and
//! pieces; back templates land behind their fronts for long- and short-edge flips.

use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::{Fill, IMAGE, PT_PER_MM, bounds, fills, number};
use common::{code, root, scratch, text, tilepress};
use lopdf::Document;

fn centre(points: &[(f64, f64)]) -> (f64, f64) {
    let (x0, y0, x1, y1) = bounds(points);
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

fn with_colour(fills: &[Fill], colour: [u8; 3]) -> Vec<&Fill> {
    fills.iter().filter(|f| f.colour == colour).collect()
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The corners of a tile's background polygon (the path's distinct points, in order).
fn corners(fill: &Fill) -> Vec<(f64, f64)> {
    let mut corners: Vec<(f64, f64)> = Vec::new();
    for &p in &fill.points {
        if corners.iter().all(|&q| distance(p, q) > 1e-6) {
            corners.push(p);
        }
    }
    corners
}

const SQUARE_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#112233"/></svg>"##;

/// Builds `design` (with `square.svg` beside it) and returns the PDF.
fn built(name: &str, design: &str, pdf_name: &str) -> Document {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join("square.svg"), SQUARE_SVG).unwrap();
    fs::copy(root().join("tests/designs/faces/sky.jpg"), dir.join("sky.jpg")).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    Document::load(Path::new(&dir).join("out/d").join(pdf_name)).expect("the PDF parses")
}

const MARKERS: &str = r##"
[faces.marks]
layers = [
  { shape = "rectangle", box_mm = [7.5, 7.5], fill = "#0a0b0c" },
  { shape = "rectangle", box_mm = [3.25, 3.25], at = "edge 2", fill = "#0d0e0f" },
  { image = "square.svg", size_mm = 4.5, at = "corner 2" },
  { image = "sky.jpg", size_mm = 8.0, at = "edge 1", inset_mm = 5.0 },
  { text = "I", size_mm = 6.0, at = "centre", colour = "#445566", level = "below" },
]
"##;

fn tile_design(shape: &str, edge: f64) -> String {
    format!(
        r##"[set]
name = "Measure"
shape = "{shape}"
edge_mm = {edge}
template = "marks"

[style]
background = "bg"

[palette]
bg = "#010203"
red = "#d62828"

[sheet]
bleed_mm = 0.0
{MARKERS}
[[tiles]]
number = 1
edges = [{edges}]
"##,
        edges = vec![
            "\"red dot\"";
            match shape {
                "triangle" => 3,
                "square" => 4,
                _ => 6,
            }
        ]
        .join(", ")
    )
}

/// Checks the markers of one item whose background polygon is `outline`.
fn check_markers(fills: &[Fill], outline: &[(f64, f64)], centre_point: (f64, f64), what: &str) {
    let big = with_colour(fills, [10, 11, 12]);
    assert_eq!(big.len(), 1, "{what}");
    let (x0, y0, x1, y1) = bounds(&big[0].points);
    assert!((x1 - x0 - 7.5).abs() < 0.01 && (y1 - y0 - 7.5).abs() < 0.01, "{what}: {x0} {x1}");
    assert!(distance(centre(&big[0].points), centre_point) < 0.01, "{what}: centre");
    // The small square sits on an edge midpoint, the image on a corner.
    let midpoints: Vec<(f64, f64)> = (0..outline.len())
        .map(|k| {
            let (a, b) = (outline[k], outline[(k + 1) % outline.len()]);
            ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
        })
        .collect();
    let small = with_colour(fills, [13, 14, 15]);
    let (x0, _, x1, _) = bounds(&small[0].points);
    assert!((x1 - x0 - 3.25).abs() < 0.01, "{what}: {}", x1 - x0);
    let at = centre(&small[0].points);
    assert!(midpoints.iter().any(|&m| distance(m, at) < 0.01), "{what}: edge anchor {at:?}");
    let image = with_colour(fills, [0x11, 0x22, 0x33]);
    let (x0, y0, x1, y1) = bounds(&image[0].points);
    assert!((x1 - x0 - 4.5).abs() < 0.01 && (y1 - y0 - 4.5).abs() < 0.01, "{what}: image");
    let at = centre(&image[0].points);
    assert!(outline.iter().any(|&c| distance(c, at) < 0.01), "{what}: corner anchor {at:?}");
    // The 40 × 30 pixel JPEG is 8 mm by 6 mm, 5 mm in from an edge's midpoint.
    let photo = with_colour(fills, IMAGE);
    assert_eq!(photo.len(), 1, "{what}: one bitmap");
    let (x0, y0, x1, y1) = bounds(&photo[0].points);
    let (long, short) = ((x1 - x0).max(y1 - y0), (x1 - x0).min(y1 - y0));
    assert!((long - 8.0).abs() < 0.01 && (short - 6.0).abs() < 0.01, "{what}: {long} × {short}");
    let at = centre(&photo[0].points);
    let inset = midpoints.iter().map(|&m| distance(m, at)).fold(f64::MAX, f64::min);
    assert!((inset - 5.0).abs() < 0.01, "{what}: bitmap {inset} mm from the nearest edge midpoint");
    // A capital I is as tall as its size (whichever way the item is turned on the sheet).
    let letter = with_colour(fills, [0x44, 0x55, 0x66]);
    let (x0, y0, x1, y1) = bounds(&letter[0].points);
    assert!(((x1 - x0).max(y1 - y0) - 6.0).abs() < 0.01, "{what}: letter {x0} {y0} {x1} {y1}");
}

#[test]
fn layers_measure_their_size_at_their_anchors_on_every_tile_shape() {
    for (shape, edge) in [("triangle", 40.0), ("square", 30.0), ("hexagon", 24.0)] {
        let pdf = built(shape, &tile_design(shape, edge), "d.pdf");
        let fills = fills(&pdf, 1);
        let background = with_colour(&fills, [1, 2, 3]);
        assert_eq!(background.len(), 1, "{shape}");
        let outline = corners(background[0]);
        let n = outline.len() as f64;
        let centroid = outline.iter().fold((0.0, 0.0), |(x, y), &(a, b)| (x + a / n, y + b / n));
        check_markers(&fills, &outline, centroid, shape);
    }
}

#[test]
fn layers_measure_their_size_at_their_anchors_on_a_piece() {
    let design = format!(
        r##"[set]
name = "Measure"

[palette]
bg = "#010203"
back = "#ffffff"

[grid]
kind = "square"
square_mm = 30.0

[[piece_groups]]
name = "one"
front = {{ colour = "bg", template = "marks" }}
back = {{ colour = "back" }}
{MARKERS}
[[pieces]]
code = "A"
group = "one"
cells = ["0 0"]
"##
    );
    let pdf = built("piece", &design, "d-pieces.pdf");
    let fills = fills(&pdf, 1);
    let background = with_colour(&fills, [1, 2, 3]);
    let outline = corners(background[0]);
    assert_eq!(outline.len(), 4);
    let n = outline.len() as f64;
    let centroid = outline.iter().fold((0.0, 0.0), |(x, y), &(a, b)| (x + a / n, y + b / n));
    check_markers(&fills, &outline, centroid, "piece");
}

#[test]
fn back_templates_land_behind_their_fronts_for_both_flips() {
    for (duplex, paper) in
        [("long-edge", "portrait"), ("short-edge", "portrait"), ("long-edge", "landscape")]
    {
        let mut design = tile_design("hexagon", 20.0).replace(
            "[sheet]\n",
            &format!("[sheet]\nduplex = \"{duplex}\"\norientation = \"{paper}\"\n"),
        );
        design.push_str(
            "\n[backs]\ntemplate = \"back\"\n\n[faces.back]\nlayers = [{ shape = \"circle\", size_mm = 5, fill = \"#0f0e0d\" }]\n",
        );
        for n in 2..=5 {
            design.push_str(&format!(
                "\n[[tiles]]\nnumber = {n}\nedges = [{}]\n",
                ["\"red dot\""; 6].join(", ")
            ));
        }
        let pdf = built(&format!("duplex-{duplex}-{paper}"), &design, "d.pdf");
        let (width, height) = {
            let page = pdf.get_dictionary(pdf.get_pages()[&1]).unwrap();
            let media = page.get(b"MediaBox").unwrap().as_array().unwrap();
            (number(&media[2]) / PT_PER_MM, number(&media[3]) / PT_PER_MM)
        };
        let fronts: Vec<(f64, f64)> =
            with_colour(&fills(&pdf, 1), [1, 2, 3]).iter().map(|f| centre(&f.points)).collect();
        let backs: Vec<(f64, f64)> =
            with_colour(&fills(&pdf, 2), [15, 14, 13]).iter().map(|f| centre(&f.points)).collect();
        assert_eq!(fronts.len(), 5);
        assert_eq!(backs.len(), 5);
        let mirror_left_right = (duplex == "long-edge") == (width <= height);
        for front in fronts {
            let behind = if mirror_left_right {
                (width - front.0, front.1)
            } else {
                (front.0, height - front.1)
            };
            assert!(
                backs.iter().any(|&b| distance(b, behind) < 0.01),
                "{duplex} {paper}: no back behind {front:?} (backs {backs:?})"
            );
        }
    }
}
