//! Layers clipped to their item's outline: a square frame on a rounded card leaves no ink
//! outside the rounded cut, a square on a round counter none outside the disc (rendered and
//! measured in the face images and the sheet's PDF), while inside the cut the frame is
//! drawn as it was; text over a rounded corner is clipped the same way, and the check names
//! it.

use crate::common;

use std::fs;

use common::png_image::decoded;
use common::{code, scratch, text, tilepress};

const DESIGN: &str = r##"[set]
name = "Clip"

[palette]
ink = "#000000"
sea = "#1f6fb2"

[faces.front]
layers = [{ shape = "rectangle", box_mm = [63.5, 88.9], fill = "sea" }]

[faces.square]
layers = [{ shape = "rectangle", box_mm = [20, 20], fill = "sea" }]

[[decks]]
name = "cards"
size = "poker-us"
corner_radius_mm = 5
front = "front"

[[decks.cards]]
fields = { name = "one" }

[[counters]]
name = "discs"
diameter_mm = 20
front = "square"

[[counters.cards]]
fields = { name = "one" }
"##;

const SEA: [u8; 3] = [0x1f, 0x6f, 0xb2];
const PAPER: [u8; 3] = [255, 255, 255];

/// Pixels of `mm` at 300 dpi.
fn px(mm: f64) -> u32 {
    (mm / 25.4 * 300.0).round() as u32
}

#[test]
fn a_square_frame_prints_nothing_outside_a_rounded_card_or_a_round_counter() {
    let dir = scratch("clipped-layers");
    fs::write(dir.join("clip.toml"), DESIGN).unwrap();
    let output = tilepress(&dir, &["build", "clip.toml", "-o", "out", "--format", "faces,pdf"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let card = decoded(&dir.join("out/clip/clip-cards-face-001-front.png"));
    assert_eq!((card.width, card.height), (750, 1050));
    // 0.5 mm in from each corner of the card's box lies outside its 5 mm rounded corner
    // (the cut passes 1.46 mm in along the diagonal): paper, not the frame.
    let (w, h) = (card.width - 1, card.height - 1);
    for (x, y) in [
        (px(0.5), px(0.5)),
        (w - px(0.5), px(0.5)),
        (px(0.5), h - px(0.5)),
        (w - px(0.5), h - px(0.5)),
    ] {
        assert_eq!(card.at(x, y), PAPER, "corner ({x}, {y})");
    }
    // Inside the cut the frame is drawn: halfway along each edge, 0.3 mm in.
    for (x, y) in [(px(0.3), 525), (w - px(0.3), 525), (375, px(0.3)), (375, h - px(0.3))] {
        assert_eq!(card.at(x, y), SEA, "edge ({x}, {y})");
    }
    // The square on the 20 mm disc: its corners beyond the disc are paper, its middle sea.
    let disc = decoded(&dir.join("out/clip/clip-discs-face-001-front.png"));
    assert_eq!(disc.at(px(1.0), px(1.0)), PAPER);
    assert_eq!(disc.at(disc.width / 2, px(0.5)), SEA);
    // The sheet's PDF clips too: a clipping path (`W n`) in the deck's page content.
    let pdf = lopdf::Document::load(dir.join("out/clip/clip-cards.pdf")).unwrap();
    let page = *pdf.get_pages().values().next().unwrap();
    let content = String::from_utf8_lossy(&pdf.get_page_content(page)).into_owned();
    let forms: String = (pdf.objects.values())
        .filter_map(|object| object.as_stream().ok())
        .filter_map(|stream| stream.decompressed_content().ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect();
    let clips = |text: &str| {
        let words: Vec<&str> = text.split_whitespace().collect();
        words.windows(2).any(|pair| pair == ["W", "n"])
    };
    assert!(clips(&content) || clips(&forms), "a clip in the PDF");
}

#[test]
fn the_sheet_pdf_rendered_shows_no_frame_outside_the_rounded_cut() {
    if !common::tools::required("pdftoppm", "poppler-utils", "pdftoppm") {
        return;
    }
    let dir = scratch("clipped-layers-pdf");
    fs::write(dir.join("clip.toml"), DESIGN).unwrap();
    let output = tilepress(&dir, &["build", "clip.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let rendered = std::process::Command::new("pdftoppm")
        .args(["-r", "300", "-png", "-singlefile", "-f", "1", "-l", "1"])
        .arg(dir.join("out/clip/clip-cards.pdf"))
        .arg(dir.join("page"))
        .status()
        .unwrap();
    assert!(rendered.success());
    let page = decoded(&dir.join("page.png"));
    // The card's box: the extent of the sea pixels (its straight edges).
    let mut sea = (0..page.height).flat_map(|y| (0..page.width).map(move |x| (x, y)));
    let first = sea.find(|&(x, y)| page.at(x, y) == SEA).expect("the card");
    let (left, top) = (0..page.height)
        .flat_map(|y| (0..page.width).map(move |x| (x, y)))
        .filter(|&(x, y)| page.at(x, y) == SEA)
        .fold(first, |(l, t), (x, y)| (l.min(x), t.min(y)));
    // 0.5 mm in from the box's corner, outside the rounded cut: no frame ink.
    let corner = page.at(left + px(0.5), top + px(0.5));
    assert_ne!(corner, SEA, "frame ink outside the rounded corner at ({left}, {top})");
}

/// A text layer over a card's rounded corner: a full block (U+2588) 12 mm high whose square
/// corner lies where the cut is rounded away.
const TEXT_OVER_CORNER: &str = r##"[set]
name = "Clip"

[palette]
ink = "#000000"
sea = "#1f6fb2"

[faces.front]
layers = [{ text = "█", size_mm = 12, colour = "ink", offset_mm = [-29.75, -42.45] }]

[[decks]]
name = "cards"
size = "poker-us"
corner_radius_mm = 5
background = "sea"
front = "front"

[[decks.cards]]
fields = { name = "one" }
"##;

#[test]
fn text_over_a_rounded_corner_prints_nothing_outside_the_cut_and_the_check_says_so() {
    let dir = scratch("clipped-text");
    fs::write(dir.join("clip.toml"), TEXT_OVER_CORNER).unwrap();
    let output = tilepress(&dir, &["build", "clip.toml", "-o", "out", "--format", "faces"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let card = decoded(&dir.join("out/clip/clip-cards-face-001-front.png"));
    // 0.5 mm in from the box's corner is outside the 5 mm rounded cut: paper (the block's
    // square corner drew ink there before text was clipped); 3 mm in, inside the cut, ink.
    assert_eq!(card.at(px(0.5), px(0.5)), PAPER);
    assert_eq!(card.at(px(1.0), px(0.3)), PAPER);
    assert_eq!(card.at(px(3.0), px(3.0)), [0, 0, 0]);
    // Past the straight edge nothing is lost: the block reaches the card's top edge.
    assert_eq!(card.at(px(6.0), 0), [0, 0, 0]);
    // The check names the text that would print outside the cut, at its layer.
    let check = tilepress(&dir, &["check", "clip.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "a problem: {out}{err}");
    let said = format!("{out}{err}");
    assert!(
        said.contains("its text of layer 1 of [faces.front] runs off the card (by 9.9 mm)"),
        "{said}"
    );
}
