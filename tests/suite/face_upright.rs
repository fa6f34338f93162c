//! Upright layers on turned tiles, measured in the built PDF: when the sheet's lattice turns
//! hexagons by 90° (or holds downward triangles), `turn = "upright"` text still has a
//! horizontal baseline on the printed page, fronts and backs alike, while `turn = "item"`
//! text turns with the tile.

use crate::common;

use std::fs;

use common::pdf::{Fill, bounds, centroid, fills};
use common::{code, scratch, text, tilepress};
use lopdf::Document;

/// Width and height (mm) of each fill of `colour`, in the page's axes.
fn sizes(fills: &[Fill], colour: [u8; 3]) -> Vec<(f64, f64)> {
    let boxes = fills.iter().filter(|f| f.colour == colour).map(|f| bounds(&f.points));
    boxes.map(|(x0, y0, x1, y1)| (x1 - x0, y1 - y0)).collect()
}

fn design(shape: &str, edge: f64, edges: usize, tiles: usize) -> String {
    let mut design = format!(
        r##"[set]
name = "Upright"
shape = "{shape}"
edge_mm = {edge}
template = "front"

[style]
background = "bg"

[palette]
bg = "#010203"
red = "#d62828"

[sheet]
paper = "A4"
margin_mm = 8.0
gap_mm = 2.0
bleed_mm = 0.0
duplex = "long-edge"

[backs]
template = "back"

[faces.front]
layers = [
  {{ text = "HHHH", size_mm = 4, at = "edge 2", inset_mm = 6, colour = "#445566" }},
  {{ text = "HHHH", size_mm = 4, offset_mm = [0, 3], turn = "item", colour = "#665544" }},
  {{ text = "HHHH", size_mm = 4, offset_mm = [0, 5], colour = "#778899" }},
]

[faces.back]
layers = [{{ text = "HHHH", size_mm = 4, colour = "#0f0e0d" }}]
"##
    );
    for n in 1..=tiles {
        let slots = vec!["\"red dot\""; edges].join(", ");
        design.push_str(&format!("\n[[tiles]]\nnumber = {n}\nedges = [{slots}]\n"));
    }
    design
}

fn built(name: &str, design: &str) -> Document {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    Document::load(dir.join("out/d/d.pdf")).expect("the PDF parses")
}

/// The centre of each tile (the mean of its background's distinct corners).
fn tile_centres(fills: &[Fill]) -> Vec<(f64, f64)> {
    fills.iter().filter(|f| f.colour == [1, 2, 3]).map(centroid).collect()
}

/// Text moved 5 mm down from each tile's centre sits 5 mm below it on the page (the PDF's
/// y points up), whichever way the tile is turned.
fn assert_offset_down_the_page(fills: &[Fill]) {
    let centres = tile_centres(fills);
    let texts: Vec<&Fill> = fills.iter().filter(|f| f.colour == [0x77, 0x88, 0x99]).collect();
    assert_eq!(texts.len(), centres.len());
    for text in texts {
        let (x0, y0, x1, y1) = bounds(&text.points);
        let at = ((x0 + x1) / 2.0, (y0 + y1) / 2.0 + 5.0);
        let nearest =
            centres.iter().map(|c| (c.0 - at.0).hypot(c.1 - at.1)).fold(f64::MAX, f64::min);
        // The block is centred from its capitals' top to its baseline: 5 mm down exactly.
        assert!(nearest < 0.01, "text at {at:?} is {nearest} mm from 5 mm below a centre");
    }
}

/// Upright text is 4 mm tall (a capital's height) and wider than tall: its baseline is
/// horizontal on the page.
fn assert_upright(found: &[(f64, f64)], count: usize, what: &str) {
    assert_eq!(found.len(), count, "{what}");
    for &(width, height) in found {
        assert!((height - 4.0).abs() < 0.01 && width > 10.0, "{what}: {width} × {height}");
    }
}

#[test]
fn upright_text_reads_upright_on_hexagons_the_sheet_turns_by_90_degrees() {
    let pdf = built("hexagons", &design("hexagon", 26.0, 6, 5));
    let front = fills(&pdf, 1);
    // The sheet does turn the tiles: each hexagon has a corner straight above its centre.
    let hexagons: Vec<&Fill> = front.iter().filter(|f| f.colour == [1, 2, 3]).collect();
    assert_eq!(hexagons.len(), 5);
    for hexagon in hexagons {
        let (x0, _, x1, y1) = bounds(&hexagon.points);
        let top = hexagon.points.iter().find(|p| (p.1 - y1).abs() < 1e-6).expect("a top point");
        assert!((top.0 - (x0 + x1) / 2.0).abs() < 0.01, "pointy on top: {top:?}");
    }
    assert_upright(&sizes(&front, [0x44, 0x55, 0x66]), 5, "front");
    // Text turned with the tile runs down the page, 4 mm across.
    for (width, height) in sizes(&front, [0x66, 0x55, 0x44]) {
        assert!((width - 4.0).abs() < 0.01 && height > 10.0, "item: {width} × {height}");
    }
    assert_offset_down_the_page(&front);
    assert_upright(&sizes(&fills(&pdf, 2), [0x0f, 0x0e, 0x0d]), 5, "back");
}

#[test]
fn upright_text_reads_upright_on_upward_and_downward_triangles() {
    let pdf = built("triangles", &design("triangle", 40.0, 3, 6));
    let front = fills(&pdf, 1);
    // Downward triangles are upward ones turned by 180°: their lowest point is a corner.
    let downward = front
        .iter()
        .filter(|f| f.colour == [1, 2, 3])
        .filter(|f| {
            let (_, y0, _, _) = bounds(&f.points);
            f.points.iter().filter(|p| (p.1 - y0).abs() < 1e-6).count() == 1
        })
        .count();
    assert!(downward >= 2, "{downward} downward triangles");
    assert_upright(&sizes(&front, [0x44, 0x55, 0x66]), 6, "front");
    assert_offset_down_the_page(&front);
    assert_upright(&sizes(&fills(&pdf, 2), [0x0f, 0x0e, 0x0d]), 6, "back");
}
