//! A deck's `background` from each card's data (`background = "{frame}"`): each card's
//! background and bleed in its own colour (sampled in the bleed band of the sheet's face
//! images), the documented example builds, and a card whose field is missing or names no
//! colour is refused at `background` naming the card.

use crate::common;

use std::fs;

use common::png_image::decoded;
use common::{check_and_build, code, doc_example, scratch, text, tilepress};

const SEA: [u8; 3] = [0x1f, 0x6f, 0xb2];
const MOSS: [u8; 3] = [0x4a, 0x7a, 0x3a];

#[test]
fn each_card_bleeds_in_the_colour_its_data_names() {
    let (_, dir) = check_and_build("card-backgrounds", &doc_example("**Backgrounds from data.**"));
    let output = tilepress(&dir, &["build", "example.toml", "-o", "faces", "--format", "faces"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    for (number, colour) in [(1, SEA), (2, MOSS)] {
        let face =
            decoded(&dir.join(format!("faces/example/example-cards-face-00{number}-front.png")));
        // 63 × 88 mm and 3 mm of bleed at 300 dpi.
        assert_eq!((face.width, face.height), (815, 1110));
        // 1.5 mm into the bleed on every side, and just inside the cut.
        for (x, y) in [(18, 555), (797, 555), (407, 18), (407, 1092), (60, 555)] {
            assert_eq!(face.at(x, y), colour, "card {number} at ({x}, {y})");
        }
    }
    assert!(dir.join("out/example/example-cards.pdf").is_file());
}

/// A deck of two inline cards whose `background` (line 10) is `written`, the second card's
/// `frame` field `frame` (the card of line 19).
fn refused(name: &str, written: &str, frame: &str, expected: &[&str]) {
    let dir = scratch(&format!("card-background-{name}"));
    let design = format!(
        "[set]\nname = \"Bad\"\n\n[palette]\nsea = \"#1f6fb2\"\n\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\nbackground = \"{written}\"\nfront = \"front\"\n\n[faces.front]\nlayers = []\n\n[[decks.cards]]\nfields = {{ frame = \"sea\" }}\n\n[[decks.cards]]\nfields = {{ {frame} }}\n"
    );
    fs::write(dir.join("d.toml"), design).unwrap();
    for args in [vec!["check", "d.toml"], vec!["build", "d.toml", "-o", "out"]] {
        let output = tilepress(&dir, &args);
        let (out, err) = text(&output);
        assert_eq!(code(&output), 2, "{args:?}: {out}{err}");
        for wanted in expected {
            assert!(err.contains(wanted), "{args:?}: {wanted:?} not in {err}");
        }
        assert!(!dir.join("out").exists(), "nothing written");
    }
}

#[test]
fn a_field_naming_no_colour_is_refused_at_background_naming_the_card() {
    refused(
        "unknown",
        "{frame}",
        "frame = \"see\"",
        &[
            "d.toml:10:14: error: card line 19: its background `see` is not a colour of the palette",
            "did you mean `sea`?",
        ],
    );
}

#[test]
fn a_card_without_the_field_is_refused_at_background_naming_it() {
    refused(
        "missing",
        "{frame}",
        "name = \"x\"",
        &[
            "d.toml:10:14: error: card line 19 has no field `frame` for its background",
            "use {field}s it has: name",
        ],
    );
}

#[test]
fn a_hex_colour_from_data_is_a_colour_and_a_bad_one_is_not() {
    refused("hex", "{frame}", "frame = \"#12345\"", &["its background `#12345` is not a colour"]);
    let dir = scratch("card-background-hex-good");
    let design = "[set]\nname = \"Hex\"\n\n[palette]\nink = \"#000000\"\n\n[faces.front]\nlayers = []\n\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\nbackground = \"{frame}\"\nfront = \"front\"\n\n[[decks.cards]]\nfields = { frame = \"#4a7a3a\" }\n";
    fs::write(dir.join("d.toml"), design).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "faces"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let face = decoded(&dir.join("out/d/d-cards-face-001-front.png"));
    assert_eq!(face.at(400, 500), MOSS);
}
