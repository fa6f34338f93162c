//! Images are clipped to the face they are on: an SVG and a PNG image far larger than their
//! square tiles print nothing past the tiles' outlines — measured by counting their pixels
//! in the rasterised sheet — and the PDF clips them with the outline (`W n`).

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};
use lopdf::Document;
use lopdf::content::Content;
use tilepress::model::face::raster::decode_png;
use tilepress::render::png::{Paper, svg_to_png};

const DPI: f64 = 150.0;

fn solid_svg(colour: &str) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="{colour}"/></svg>"##
    )
}

const DESIGN: &str = r##"[set]
name = "Clip"
shape = "square"
edge_mm = 30.0

[style]
background = "bg"

[palette]
bg = "#f0f0f0"
red = "#d62828"

[sheet]
paper = "150x100"
margin_mm = 5.0
gap_mm = 10.0
bleed_mm = 0.0
duplex = "none"

[[tiles]]
number = 1
edges = ["red dot", "red dot", "red dot", "red dot"]
layers = [{ image = "big.svg", size_mm = 80 }]

[[tiles]]
number = 2
edges = ["red dot", "red dot", "red dot", "red dot"]
layers = [{ image = "big.png", size_mm = 80, at = "corner 1" }]

[[tiles]]
number = 3
edges = ["red dot", "red dot", "red dot", "red dot"]
layers = [{ image = "big.svg", size_mm = 10, rotate = 45 }]
"##;

/// mm² of the page painted exactly `colour`.
fn area_mm2(pixels: &[[u8; 4]], colour: [u8; 3]) -> f64 {
    let count = pixels.iter().filter(|p| p[..3] == colour).count();
    let mm_per_px = 25.4 / DPI;
    count as f64 * mm_per_px * mm_per_px
}

#[test]
fn images_larger_than_their_tiles_are_clipped_to_the_outline() {
    let dir = scratch("clip");
    fs::write(dir.join("d.toml"), DESIGN).unwrap();
    fs::write(dir.join("big.svg"), solid_svg("#112233")).unwrap();
    let png = svg_to_png(&solid_svg("#aa3311"), 96.0, Paper::White).unwrap();
    fs::write(dir.join("big.png"), png).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);

    let svg = fs::read_to_string(dir.join("out/d/d-sheet-01-front.svg")).unwrap();
    // An image well inside its face (a 10 mm square turned any way stays 7.1 mm from the
    // centre of a 30 mm square) needs no clip.
    assert_eq!(svg.matches("<clipPath").count(), 2, "one clip per image reaching past");
    let (_, _, pixels) = decode_png(&svg_to_png(&svg, DPI, Paper::White).unwrap()).unwrap();
    // Unclipped, each image would cover 80 × 80 = 6400 mm²; clipped, at most its 30 × 30 mm
    // tile (less the cut line drawn over the outline and the dots on the edges). The SVG
    // image also paints the small 10 × 10 mm square.
    for (what, colour, more) in
        [("SVG", [0x11, 0x22, 0x33], 100.0), ("PNG", [0xaa, 0x33, 0x11], 0.0)]
    {
        let area = area_mm2(&pixels, colour) - more;
        assert!(area > 750.0 && area <= 900.0, "{what} image covers {area} mm²");
    }

    // The PDF clips each image with the tile's outline: its path, then `W n`.
    let pdf = Document::load(dir.join("out/d/d.pdf")).unwrap();
    let page = pdf.get_pages()[&1];
    let content = Content::decode(&pdf.get_page_content(page)).unwrap();
    let operators: Vec<&str> = content.operations.iter().map(|op| op.operator.as_str()).collect();
    let clips = operators.windows(2).filter(|pair| pair == &["W", "n"]).count();
    assert_eq!(clips, 2, "{operators:?}");
}
