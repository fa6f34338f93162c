//! What a print shop cannot take is refused before anything is written: a bleed larger than
//! half an item (`[sheet] bleed_mm` and a deck's `bleed_mm` at their keys, `--bleed` naming
//! the option), a face image over 8192 px a side (its size and the dpi that fits named);
//! and `face-pages` gives each front before its back, card after card (front, back, front,
//! back: what shops expect of a double-sided file — e.g. Redprinting's file guide, "the PDF
//! must be saved in the order of 1 front, 1 back, 2 front, 2 back",
//! https://www.redprinting.co.kr/en/product/guide/program/03).

use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::fills;
use common::{code, line_of, place_of, scratch, text, tilepress};

const DESIGN: &str = r##"[set]
name = "Limits"

[palette]
ink = "#000000"
sea = "#1f6fb2"
moss = "#4f7f3a"
sun = "#f2b01e"

[faces.front]
layers = [{ text = "{name}", size_mm = 4, colour = "ink" }]

[faces.back]
layers = [{ shape = "rectangle", box_mm = [20, 30], fill = "sun" }]

[[decks]]
name = "cards"
size_mm = [40, 60]
background = "{frame}"
front = "front"
back = "back"

[[decks.cards]]
fields = { name = "Ace", frame = "sea" }

[[decks.cards]]
fields = { name = "King", frame = "moss" }

[[counters]]
name = "discs"
diameter_mm = 20
background = "sun"
front = "front"

[[counters.cards]]
fields = { name = "1", frame = "sea" }
"##;

/// Runs tilepress on `args` in `dir`: its exit code and standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let output = tilepress(dir, args);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

fn refused_by_check_and_build(dir: &Path, design: &str, extra: &[&str]) -> String {
    fs::write(dir.join("limits.toml"), design).unwrap();
    let (checked, check_err) = run(dir, &["check", "limits.toml"]);
    assert_eq!(checked, 2, "{check_err}");
    let mut args = vec!["build", "limits.toml", "-o", "out"];
    args.extend(extra);
    let (built, build_err) = run(dir, &args);
    assert_eq!(built, 2, "{build_err}");
    assert!(!dir.join("out").exists(), "nothing is written: {build_err}");
    check_err
}

#[test]
fn a_sheet_bleed_over_half_the_narrowest_item_is_refused_at_its_key() {
    let dir = scratch("limits-sheet-bleed");
    let design = format!("[sheet]\nbleed_mm = 10.5\n\n{DESIGN}");
    let err = refused_by_check_and_build(&dir, &design, &[]);
    let at = place_of(&design, "10.5");
    assert!(
        err.contains(&format!(
            "limits.toml:{at}: error: `bleed_mm`: a bleed of 10.5 mm is more than half a counter of `discs` (20 × 20 mm): at most 10 mm fits"
        )),
        "{err}"
    );
    assert!(err.contains("help: give a smaller bleed"), "{err}");
    // Half the narrowest item is accepted.
    fs::write(dir.join("limits.toml"), design.replace("10.5", "10")).unwrap();
    let (checked, err) = run(&dir, &["check", "limits.toml"]);
    assert_eq!(checked, 0, "{err}");
}

#[test]
fn a_deck_bleed_over_half_its_card_is_refused_at_its_key() {
    let dir = scratch("limits-deck-bleed");
    let design = DESIGN.replace("size_mm = [40, 60]", "size_mm = [15, 60]\nbleed_mm = 8");
    let err = refused_by_check_and_build(&dir, &design, &[]);
    let at = place_of(&design, "8\nbackground");
    assert!(
        err.contains(&format!(
            "limits.toml:{at}: error: `bleed_mm`: a bleed of 8 mm is more than half a card of `cards` (15 × 60 mm): at most 7.5 mm fits"
        )),
        "{err}"
    );
}

#[test]
fn a_bleed_option_over_half_an_item_is_refused_naming_the_option() {
    let dir = scratch("limits-bleed-option");
    fs::write(dir.join("limits.toml"), DESIGN).unwrap();
    let (built, err) = run(&dir, &["build", "limits.toml", "-o", "out", "--bleed", "10.5"]);
    assert_eq!(built, 2, "{err}");
    assert!(
        err.contains("error: --bleed: a bleed of 10.5 mm is more than half a counter of `discs` (20 × 20 mm): at most 10 mm fits"),
        "{err}"
    );
    assert!(err.contains("help: give a smaller bleed"), "{err}");
    assert!(!dir.join("out").exists(), "nothing is written");
    let (built, err) = run(&dir, &["build", "limits.toml", "-o", "out", "--bleed", "10"]);
    assert_eq!(built, 0, "{err}");
}

#[test]
fn a_face_image_over_8192_px_a_side_is_refused_with_the_dpi_that_fits() {
    let dir = scratch("limits-face-pixels");
    let design = DESIGN.replace("[40, 60]", "[180, 250]");
    fs::write(dir.join("limits.toml"), &design).unwrap();
    let card = line_of(&design, "[[decks.cards]]");
    let args = ["build", "limits.toml", "-o", "out", "--format", "faces", "--dpi", "1200"];
    let (built, err) = run(&dir, &args);
    assert_eq!(built, 2, "{err}");
    assert!(
        err.contains(&format!(
            "error: the faces of card line {card} would be 8504 × 11811 px at 1200 dpi, over 8192 px a side for a face image: 832 dpi fits (180 × 250 mm)"
        )),
        "{err}"
    );
    assert!(err.contains("help: lower the dpi (--dpi)"), "{err}");
    assert!(!dir.join("out").exists(), "nothing is written");
    // The dpi named is the highest whose pixels, round(mm / 25.4 × dpi), stay within 8192.
    let pixels = |dpi: f64| (250.0 / 25.4 * dpi).round();
    assert!(pixels(832.0) <= 8192.0 && pixels(833.0) > 8192.0);
    // The same card as pages of a PDF has no pixels to limit.
    let pages = ["build", "limits.toml", "-o", "out", "--format", "face-pages", "--dpi", "1200"];
    let (built, err) = run(&dir, &pages);
    assert_eq!(built, 0, "{err}");
}

#[test]
fn face_pages_give_each_front_before_its_back() {
    let dir = scratch("limits-page-order");
    fs::write(dir.join("limits.toml"), DESIGN).unwrap();
    let args = ["build", "limits.toml", "-o", "out", "--format", "face-pages", "--bleed", "3"];
    let (built, err) = run(&dir, &args);
    assert_eq!(built, 0, "{err}");
    let pdf = lopdf::Document::load(dir.join("out/limits/limits-cards-faces.pdf")).unwrap();
    const SEA: [u8; 3] = [0x1f, 0x6f, 0xb2];
    const MOSS: [u8; 3] = [0x4f, 0x7f, 0x3a];
    const SUN: [u8; 3] = [0xf2, 0xb0, 0x1e];
    let colours =
        |page: u32| -> Vec<[u8; 3]> { fills(&pdf, page).iter().map(|f| f.colour).collect() };
    assert_eq!(pdf.get_pages().len(), 4, "two cards, each front and back");
    // Front of the Ace (its sea frame, no sun back), its back (the sun rectangle), then the
    // King's front (moss) and back.
    let (ace, ace_back, king, king_back) = (colours(1), colours(2), colours(3), colours(4));
    assert!(ace.contains(&SEA) && !ace.contains(&SUN), "page 1: {ace:?}");
    assert!(ace_back.contains(&SUN), "page 2: {ace_back:?}");
    assert!(king.contains(&MOSS) && !king.contains(&SUN), "page 3: {king:?}");
    assert!(king_back.contains(&SUN), "page 4: {king_back:?}");
}
