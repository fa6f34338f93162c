//! The bundled faces of DejaVu Sans, measured in the built PDF: the same word in `regular`, `bold`, `italic` and `bold-italic` prints at the same cap height, bold wider than regular, italic slanted (wider than regular, its outline not regular's); a name that is neither a bundled face nor a file is refused, listing the faces.

use std::fs;

use crate::common;
use common::pdf::{bounds, fills};
use common::{code, refused_in, scratch, text, tilepress};

/// One card showing `Harbour` in each face, one colour each, one below the other.
const FACES: &str = r##"[set]
name = "Faces"

[palette]
a = "#100000"
b = "#200000"
c = "#300000"
d = "#400000"

[faces.front]
layers = [
  { text = "Harbour", font = "regular", size_mm = 6, colour = "a", offset_mm = [0, -30] },
  { text = "Harbour", font = "bold", size_mm = 6, colour = "b", offset_mm = [0, -10] },
  { text = "Harbour", font = "italic", size_mm = 6, colour = "c", offset_mm = [0, 10] },
  { text = "Harbour", font = "bold-italic", size_mm = 6, colour = "d", offset_mm = [0, 30] },
]

[[decks]]
name = "cards"
size = "poker"
front = "front"
cards = [{ fields = { name = "one" } }]
"##;

/// The width and height of the ink of colour `colour` on page 1.
fn ink(pdf: &lopdf::Document, colour: [u8; 3]) -> (f64, f64, Vec<(f64, f64)>) {
    let points: Vec<(f64, f64)> =
        fills(pdf, 1).into_iter().filter(|f| f.colour == colour).flat_map(|f| f.points).collect();
    assert!(!points.is_empty(), "no ink of {colour:?}");
    let (x0, y0, x1, y1) = bounds(&points);
    (x1 - x0, y1 - y0, points)
}

#[test]
fn each_face_prints_the_same_word_at_one_height_bold_wider_italic_slanted() {
    let dir = scratch("bundled-faces");
    fs::write(dir.join("d.toml"), FACES).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d-cards.pdf")).unwrap();
    let (regular, regular_h, regular_points) = ink(&pdf, [0x10, 0, 0]);
    let (bold, bold_h, _) = ink(&pdf, [0x20, 0, 0]);
    let (italic, italic_h, italic_points) = ink(&pdf, [0x30, 0, 0]);
    let (bold_italic, _, _) = ink(&pdf, [0x40, 0, 0]);
    // `Harbour` has no descender: its ink is as tall as its capitals, the same in each face.
    for h in [regular_h, bold_h, italic_h] {
        assert!((h - regular_h).abs() < 0.15, "{h} against {regular_h}");
    }
    assert!(bold > regular + 1.0, "bold {bold} mm, regular {regular} mm");
    assert!(bold_italic > italic + 1.0, "bold italic {bold_italic}, italic {italic}");
    // Slanted: not the regular outline moved, and leaning (ink reaches further right at the top).
    assert_ne!(italic_points.len(), 0);
    let shift = |points: &[(f64, f64)]| {
        let (x0, _, _, _) = bounds(points);
        points.iter().map(|p| p.0 - x0).fold(0.0_f64, f64::max)
    };
    assert!(
        (italic - regular).abs() > 0.05
            || (shift(&italic_points) - shift(&regular_points)).abs() > 0.05
    );
}

#[test]
fn a_font_that_is_neither_bundled_nor_a_file_is_refused_naming_the_faces() {
    let dir = scratch("bundled-faces-bad");
    fs::write(dir.join("bad.toml"), FACES.replace("font = \"italic\"", "font = \"itallic\""))
        .unwrap();
    let err = refused_in(&dir);
    assert!(err.contains("font file `itallic` not found"), "{err}");
    assert!(err.contains("default, regular, bold, italic, bold-italic"), "{err}");
}
