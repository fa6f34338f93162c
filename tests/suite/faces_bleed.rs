//! One bleed for every face kind (`--bleed`, `[sheet] bleed_mm`) in `--format faces`: a 2.5 ×
//! 3.5 in card at 300 dpi with 1/8 in bleed is exactly 825 × 1125 px, its bleed band painted
//! from its own art; a round counter and Tantrix's hexagons get theirs the same way; every
//! PNG says its dpi (pHYs); pieces that cannot give a bleed are named.

use crate::common;

use std::fs;
use std::path::Path;

use common::png_image::decoded;
use common::{code, root, scratch, text, tilepress};

/// Pixels of `mm` at `dpi`, as the docs state the sizes: round(mm / 25.4 × dpi).
fn pixels(mm: f64, dpi: f64) -> u32 {
    (mm / 25.4 * dpi).round() as u32
}

const DESIGN: &str = r##"[set]
name = "Bleed"

[palette]
ink = "#000000"
sea = "#1f6fb2"
sun = "#f2b01e"

[faces.front]
layers = [
  { shape = "rectangle", box_mm = [56, 80], fill = "sun" },
  { text = "{name}", size_mm = 6, colour = "ink" },
]

[faces.disc]
layers = [{ text = "{name}", size_mm = 4, colour = "ink" }]

[[decks]]
name = "cards"
size_mm = [63.5, 88.9]
corner_radius_mm = 3
background = "sea"
front = "front"
data = "names.csv"

[[counters]]
name = "discs"
diameter_mm = 20
background = "sun"
front = "disc"
data = "names.csv"
"##;

const SEA: [u8; 3] = [0x1f, 0x6f, 0xb2];
const SUN: [u8; 3] = [0xf2, 0xb0, 0x1e];

fn build(dir: &Path, design: &Path, extra: &[&str]) -> String {
    let mut args = vec!["build", design.to_str().unwrap(), "-o", "out", "--format", "faces"];
    args.extend(extra);
    let output = tilepress(dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    out
}

fn write_design(dir: &Path, sheet: &str) -> std::path::PathBuf {
    let path = dir.join("bleed.toml");
    fs::write(&path, format!("{sheet}{DESIGN}")).unwrap();
    fs::write(dir.join("names.csv"), "name\nAce\nKing\n").unwrap();
    path
}

#[test]
fn a_poker_card_with_an_eighth_inch_bleed_is_825_by_1125_px_its_bleed_its_own_art() {
    let dir = scratch("faces-bleed-card");
    let design = write_design(&dir, "");
    build(&dir, &design, &["--bleed", "3.175", "--dpi", "300"]);
    let card = decoded(&dir.join("out/bleed/bleed-cards-face-001-front.png"));
    assert_eq!((card.width, card.height), (825, 1125));
    assert_eq!((card.width, card.height), (pixels(63.5 + 6.35, 300.0), pixels(88.9 + 6.35, 300.0)));
    // 300 dpi is 11811 pixels per metre.
    assert_eq!(card.pixels_per_metre, Some((11811, 11811)));
    // The bleed band (the outer 37.5 px) is the card's blue background on all four sides,
    // halfway along each edge: the art carried past the cut, not paper.
    let band = 18;
    for (x, y) in [(band, 562), (825 - band, 562), (412, band), (412, 1125 - band)] {
        assert_eq!(card.at(x, y), SEA, "bleed at ({x}, {y})");
    }
    // Inside the cut, the art is where it was: the yellow panel 3.75 mm in from the cut.
    assert_eq!(card.at(412, pixels(3.175 + 4.45 + 1.0, 300.0)), SUN);
    // Near a corner of the bleed box, the band is blue too (2 mm in from both bleed edges).
    assert_eq!(card.at(pixels(2.0, 300.0) + 10, pixels(2.0, 300.0) + 10), SEA);
}

#[test]
fn a_round_counter_and_a_hexagon_tile_get_their_bleed_from_their_art() {
    let dir = scratch("faces-bleed-counter");
    let design = write_design(&dir, "");
    build(&dir, &design, &["--bleed", "2", "--dpi", "300"]);
    let disc = decoded(&dir.join("out/bleed/bleed-discs-face-001-front.png"));
    assert_eq!((disc.width, disc.height), (pixels(24.0, 300.0), pixels(24.0, 300.0)));
    // 1 mm outside the 20 mm disc (inside its 2 mm bleed), on its four sides: yellow.
    let centre = disc.width / 2;
    let ring = pixels(1.0, 300.0);
    for (x, y) in
        [(ring, centre), (disc.width - ring, centre), (centre, ring), (centre, disc.width - ring)]
    {
        assert_eq!(disc.at(x, y), SUN, "bleed at ({x}, {y})");
    }
    assert_eq!(disc.pixels_per_metre, Some((11811, 11811)));

    let tantrix = scratch("faces-bleed-tantrix");
    build(&tantrix, &root().join("designs/tantrix.toml"), &["--bleed", "2", "--dpi", "200"]);
    let hex = decoded(&tantrix.join("out/tantrix/tantrix-face-001-front.png"));
    // A 24 mm hexagon, flat top: every edge 2 mm out, so 41.57 + 4 mm high and its corners
    // 2 / cos 30° further out, 48 + 4.62 mm wide.
    let (wide, high) = (48.0 + 4.0 / 30f64.to_radians().cos(), 24.0 * 3f64.sqrt() + 4.0);
    assert_eq!((hex.width, hex.height), (pixels(wide, 200.0), pixels(high, 200.0)));
    // The bleed band above the top edge is the tile's black, not paper.
    let x = hex.width / 2 + pixels(6.0, 200.0);
    assert_eq!(hex.at(x, pixels(1.0, 200.0)), [0, 0, 0]);
    assert_eq!(hex.pixels_per_metre, Some((7874, 7874)));
}

#[test]
fn the_sheet_bleed_means_the_same_and_faces_without_one_keep_their_own_extent() {
    let dir = scratch("faces-bleed-sheet");
    let design = write_design(&dir, "[sheet]\nbleed_mm = 3.175\n\n");
    build(&dir, &design, &[]);
    let card = decoded(&dir.join("out/bleed/bleed-cards-face-001-front.png"));
    assert_eq!((card.width, card.height), (825, 1125));
    let plain = scratch("faces-bleed-none");
    let design = write_design(&plain, "");
    build(&plain, &design, &[]);
    let card = decoded(&plain.join("out/bleed/bleed-cards-face-001-front.png"));
    assert_eq!((card.width, card.height), (750, 1050), "2.5 × 3.5 in at 300 dpi");
    assert_eq!(card.pixels_per_metre, Some((11811, 11811)));
}

#[test]
fn pieces_that_cannot_grow_are_named_and_keep_their_extent() {
    let dir = scratch("faces-bleed-pieces");
    let out = build(&dir, &root().join("designs/tranglar.toml"), &["--bleed", "3"]);
    assert!(
        out.contains("faces: tranglar-pieces: 40 pieces have no bleed to give (their outline cannot grow 3 mm evenly)"),
        "{out}"
    );
}
