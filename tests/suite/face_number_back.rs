//! The built-in back template `number`: the default back, which a design can name, extend
//! with `[backs] layers`, replace one layer of (`id = "number"`) or replace altogether
//! (`[faces.number]` of its own, or another template) — measured in the built PDF.

use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
use common::{check_text, code, line_of, scratch, text, tilepress};
use lopdf::Document;

/// Three hexagons numbered 6, 9 and 12 with white, red and blue backs, and `backs` (the
/// `[backs]` table's other lines and any `[faces]`).
fn design(backs: &str) -> String {
    let mut design = String::from(
        r##"[set]
name = "Numbers"
shape = "hexagon"
edge_mm = 20.0

[palette]
bg = "#010203"
white = "#fefefe"
red = "#d62828"
blue = "#1d5fd1"
ring = "#0f0e0d"

[sheet]
paper = "150x150"
margin_mm = 5.0
duplex = "long-edge"

[backs]
background = "bg"
"##,
    );
    design.push_str(backs);
    for (number, back) in [(6, "white"), (9, "red"), (12, "blue")] {
        design.push_str(&format!(
            "\n[[tiles]]\nnumber = {number}\nedges = [\"red dot\", \"red dot\", \"red dot\", \"red dot\", \"red dot\", \"red dot\"]\nback = \"{back}\"\n"
        ));
    }
    design
}

/// The fills on the back page: (colour, width, height) in mm.
fn back_fills(name: &str, design: &str) -> Vec<([u8; 3], f64, f64)> {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = Document::load(dir.join("out/d/d.pdf")).expect("the PDF parses");
    let found = fills(&pdf, 2);
    found
        .iter()
        .map(|f| {
            let (x0, y0, x1, y1) = bounds(&f.points);
            (f.colour, x1 - x0, y1 - y0)
        })
        .collect()
}

fn of(found: &[([u8; 3], f64, f64)], colour: [u8; 3]) -> Vec<(f64, f64)> {
    found.iter().filter(|f| f.0 == colour).map(|f| (f.1, f.2)).collect()
}

const WHITE: [u8; 3] = [0xfe, 0xfe, 0xfe];
const RED: [u8; 3] = [0xd6, 0x28, 0x28];
const BLUE: [u8; 3] = [0x1d, 0x5f, 0xd1];
const RING: [u8; 3] = [0x0f, 0x0e, 0x0d];

/// Each tile's number in its back colour, `height` mm tall (digits are capital height;
/// the 6. and 9. dots sit on the baseline, 12 has no dot and is as wide as two digits).
fn assert_numbers(found: &[([u8; 3], f64, f64)], height: f64, what: &str) {
    for colour in [WHITE, RED, BLUE] {
        let numbers = of(found, colour);
        assert_eq!(numbers.len(), 1, "{what}: {colour:?}");
        let (width, tall) = numbers[0];
        // Digits with round tops overshoot the capital height a little.
        assert!(tall > height * 0.98 && tall < height * 1.05, "{what}: {tall} mm");
        assert!(width > height * 0.5, "{what}: {width} mm wide");
    }
}

#[test]
fn the_number_back_is_the_default_and_can_be_named_and_extended() {
    let plain = back_fills("default", &design(""));
    assert_numbers(&plain, 0.7 * 10.0 * 3f64.sqrt(), "default");
    // Named explicitly, with a layer added and the height set: the same numbers and a ring.
    let extended = back_fills(
        "extended",
        &design(
            "template = \"number\"\ntext_height_mm = 8\nlayers = [{ shape = \"circle\", size_mm = 4, at = \"corner 1\", inset_mm = 4, fill = \"ring\" }]\n",
        ),
    );
    assert_numbers(&extended, 8.0, "extended");
    let rings = of(&extended, RING);
    assert_eq!(rings.len(), 3);
    assert!(rings.iter().all(|&(w, h)| (w - 4.0).abs() < 0.01 && (h - 4.0).abs() < 0.01));
}

#[test]
fn a_layer_with_the_number_id_or_a_template_of_the_design_replaces_the_number() {
    let replaced = back_fills(
        "replaced",
        &design(
            "layers = [{ id = \"number\", text = \"{number}!\", size_mm = 5, colour = \"ring\" }]\n",
        ),
    );
    assert!(of(&replaced, RED).is_empty() && of(&replaced, BLUE).is_empty(), "no number");
    assert_eq!(of(&replaced, RING).len(), 3);
    let own = back_fills(
        "own-template",
        &design(
            "template = \"number\"\n\n[faces.number]\nlayers = [{ shape = \"circle\", size_mm = 6, fill = \"ring\" }]\n",
        ),
    );
    assert!(of(&own, WHITE).is_empty() && of(&own, RED).is_empty(), "the design's own template");
    assert_eq!(of(&own, RING).len(), 3);
}

#[test]
fn a_back_layer_with_a_mistake_is_an_error_at_its_key() {
    let toml = design("layers = [{ text = \"{power}\", colour = \"ring\" }]\n");
    let (exit, out) = check_text("number-back-field", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    let at = format!("d.toml:{}:", line_of(&toml, "layers = ["));
    assert!(out.contains(&at) && out.contains("has no field `power`"), "{out}");
    let toml = design("template = \"numbr\"\n");
    let (exit, out) = check_text("number-back-template", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    assert!(out.contains("unknown face template `numbr`") && out.contains("number"), "{out}");
}
