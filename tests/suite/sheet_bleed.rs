//! One bleed on every printed sheet (`[sheet] bleed_mm`, `--bleed`): cards and counters get
//! it as tiles do, their face grown beneath itself so that its art — not only its
//! background — reaches past the cut (measured: a card's full-size sun rectangle is drawn
//! 69.5 × 94.9 mm under a 63.5 × 88.9 mm card with a 3 mm bleed; a 20 mm disc's 26 mm); a deck's own `bleed_mm` wins over `[sheet]`, `--bleed` over both; hexagon
//! counters on their lattice keep it within half the gap, as tiles do. Every sheet PDF with
//! a bleed has its TrimBox at the bounds of its items' cuts and its BleedBox that far beyond
//! (measured, `qpdf --check` clean); without one, neither is set.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::pdf::{PT_PER_MM, bounds, boxes, close, fills};
use common::{code, qpdf_check, scratch, text, tilepress};

/// The cards and the discs each on sheets of their own (`share = false`), as these tests
/// read their boxes part by part.
const DESIGN: &str = r##"[set]
name = "Sheets"

[sheet]
share = false

[palette]
ink = "#000000"
sea = "#1f6fb2"
sun = "#f2b01e"

[faces.front]
layers = [
  { shape = "rectangle", box_mm = [63.5, 88.9], fill = "sun" },
  { text = "{name}", size_mm = 6, colour = "ink" },
]

[faces.disc]
layers = [{ text = "{name}", size_mm = 4, colour = "ink" }]

[[decks]]
name = "cards"
size_mm = [63.5, 88.9]
background = "sea"
front = "front"

[[decks.cards]]
fields = { name = "Ace" }

[[decks.cards]]
fields = { name = "King" }

[[counters]]
name = "discs"
diameter_mm = 20
background = "sun"
front = "disc"

[[counters.cards]]
fields = { name = "1" }
count = 3
"##;

const SUN: [u8; 3] = [0xf2, 0xb0, 0x1e];

fn build(dir: &Path, design: &str, extra: &[&str]) -> PathBuf {
    fs::write(dir.join("sheets.toml"), design).unwrap();
    let mut args = vec!["build", "sheets.toml", "-o", "out", "--format", "pdf"];
    args.extend(extra);
    let output = tilepress(dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    dir.join("out/sheets")
}

/// The bleed of every page of `pdf`, in mm: how far its BleedBox reaches beyond its TrimBox
/// on each side (all four equal), the boxes checked against each other.
fn bleeds(pdf: &Path) -> Vec<f64> {
    qpdf_check(pdf);
    let trims = boxes(pdf, b"TrimBox");
    (boxes(pdf, b"BleedBox").into_iter().zip(trims))
        .map(|(bleed, trim)| {
            let sides =
                [trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]];
            assert!(sides.iter().all(|s| (s - sides[0]).abs() < 0.002), "{sides:?}");
            sides[0] / PT_PER_MM
        })
        .collect()
}

/// Widths and heights (mm) of the fills in `colour` on the first page of `pdf`.
fn sizes_of(pdf: &Path, colour: [u8; 3]) -> Vec<(f64, f64)> {
    let document = lopdf::Document::load(pdf).unwrap();
    (fills(&document, 1).iter())
        .filter(|fill| fill.colour == colour)
        .map(|fill| {
            let (x0, y0, x1, y1) = bounds(&fill.points);
            (x1 - x0, y1 - y0)
        })
        .collect()
}

fn has(sizes: &[(f64, f64)], (w, h): (f64, f64)) -> bool {
    sizes.iter().any(|&(x, y)| (x - w).abs() < 0.01 && (y - h).abs() < 0.01)
}

#[test]
fn a_bleed_on_the_command_line_grows_cards_and_counters_from_their_own_art() {
    let dir = scratch("sheet-bleed-option");
    let out = build(&dir, DESIGN, &["--bleed", "3"]);
    let cards = out.join("sheets-cards.pdf");
    // The card's sun rectangle, carried 3 mm past every edge, under the card's own.
    let suns = sizes_of(&cards, SUN);
    assert!(has(&suns, (63.5, 88.9)) && has(&suns, (69.5, 94.9)), "{suns:?}");
    for bleed in bleeds(&cards) {
        assert!((bleed - 3.0).abs() < 0.001, "{bleed}");
    }
    // The page's TrimBox is the block of cards: two side by side (a 3 mm bleed each side).
    let trim = boxes(&cards, b"TrimBox")[0];
    assert!(((trim[2] - trim[0]) / PT_PER_MM - (2.0 * 63.5 + 6.0)).abs() < 0.01, "{trim:?}");
    assert!(((trim[3] - trim[1]) / PT_PER_MM - 88.9).abs() < 0.01, "{trim:?}");
    // The discs' 20 mm background grown into a 26 mm one beneath (the paths' bounds hold
    // their curves' control points: measured as a ratio to the disc's own).
    let discs = out.join("sheets-discs.pdf");
    let suns = sizes_of(&discs, SUN);
    let own = suns.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    assert!(suns.iter().any(|s| (s.0 / own - 26.0 / 20.0).abs() < 1e-3), "{suns:?}");
    assert!(bleeds(&discs).iter().all(|b| (b - 3.0).abs() < 0.001));
}

#[test]
fn a_decks_own_bleed_wins_over_the_sheets_and_the_option_over_both() {
    let dir = scratch("sheet-bleed-precedence");
    let design = DESIGN
        .replace("[sheet]\n", "[sheet]\nbleed_mm = 2\n")
        .replace("background = \"sea\"", "background = \"sea\"\nbleed_mm = 1");
    let out = build(&dir, &design, &[]);
    assert!(bleeds(&out.join("sheets-cards.pdf")).iter().all(|b| (b - 1.0).abs() < 0.001));
    assert!(bleeds(&out.join("sheets-discs.pdf")).iter().all(|b| (b - 2.0).abs() < 0.001));
    let out = build(&dir, &design, &["--bleed", "3"]);
    assert!(bleeds(&out.join("sheets-cards.pdf")).iter().all(|b| (b - 3.0).abs() < 0.001));
    assert!(bleeds(&out.join("sheets-discs.pdf")).iter().all(|b| (b - 3.0).abs() < 0.001));
}

#[test]
fn sheets_without_bleed_set_no_boxes_of_their_own() {
    let dir = scratch("sheet-bleed-none");
    let out = build(&dir, DESIGN, &[]);
    for pdf in ["sheets-cards.pdf", "sheets-discs.pdf"] {
        let pdf = out.join(pdf);
        let document = lopdf::Document::load(&pdf).unwrap();
        for page in document.get_pages().values() {
            let dict = document.get_dictionary(*page).unwrap();
            assert!(dict.get(b"BleedBox").is_err(), "{}", pdf.display());
        }
        // The trim is the page, as printpdf writes it.
        for (trim, media) in boxes(&pdf, b"TrimBox").into_iter().zip(boxes(&pdf, b"MediaBox")) {
            assert!(close(trim, media), "{trim:?} {media:?}");
        }
        // Nothing grown: every sun fill as wide as the others of its kind.
        let suns = sizes_of(&pdf, SUN);
        let widest = suns.iter().map(|s| s.0).fold(0.0, f64::max);
        assert!(suns.iter().all(|s| (s.0 - widest).abs() < 1e-3), "{suns:?}");
    }
}

#[test]
fn hexagon_counters_share_their_cuts_and_keep_the_bleed_within_half_the_gap() {
    let dir = scratch("sheet-bleed-hexagons");
    let design = DESIGN.replace("diameter_mm = 20", "shape = \"hexagon\"\nedge_mm = 10");
    // Edge to edge: the neighbour is the bleed.
    let out = build(&dir, &design, &["--bleed", "3"]);
    let document = lopdf::Document::load(out.join("sheets-discs.pdf")).unwrap();
    let page = document.get_pages()[&1];
    assert!(document.get_dictionary(page).unwrap().get(b"BleedBox").is_err());
    // 4 mm apart: 2 mm of the 3 asked, beyond the flat top and bottom edges (the pointed
    // sides reach 2 / cos 30° mm).
    let out = build(&dir, &design, &["--bleed", "3", "--gap", "4"]);
    let discs = out.join("sheets-discs.pdf");
    qpdf_check(&discs);
    let (trim, bleed) = (boxes(&discs, b"TrimBox")[0], boxes(&discs, b"BleedBox")[0]);
    let reach = |a: f64, b: f64| (a - b).abs() / PT_PER_MM;
    let flat = 2.0 / 30f64.to_radians().cos();
    assert!((reach(trim[0], bleed[0]) - flat).abs() < 0.01, "{trim:?} {bleed:?}");
    assert!((reach(trim[1], bleed[1]) - 2.0).abs() < 0.01, "{trim:?} {bleed:?}");
}
