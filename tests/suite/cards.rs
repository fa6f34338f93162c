//! Decks of cards from a CSV, measured in the built PDF: 63.00 × 88.00 mm cards, nine on an A4
//! and on a Letter sheet with the footer clear of them, backs behind fronts for both flips;
//! and every bad data input refused (exit 2, nothing written) naming file:row:column.

use crate::common;

use std::fs;
use std::path::Path;

use common::outlines::cut_spans;
use common::pdf::{Fill, bounds, fills, page_size};
use common::{code, scratch, text, tilepress};
use lopdf::Document;

/// The cards' background colour, found among the fills.
const CARD: [u8; 3] = [10, 11, 12];

/// A deck of poker cards read from `cards.csv`, on `paper`, flipping on `duplex`.
fn design(paper: &str, duplex: &str, extra: &str) -> String {
    format!(
        r##"[set]
name = "Deck"

[palette]
card = "#0a0b0c"
ink = "#ffffff"

[sheet]
paper = "{paper}"
duplex = "{duplex}"

[faces.front]
layers = [{{ text = "{{rank}} of {{suit}}", size_mm = 4, colour = "ink" }}]

[faces.back]
layers = [{{ text = "back", size_mm = 4, colour = "ink" }}]

[[decks]]
name = "cards"
size = "poker"
corner_radius_mm = 3
background = "card"
front = "front"
back = "back"
data = "cards.csv"
{extra}
"##
    )
}

const CSV: &str = "suit,rank,count\nhearts,queen,1\nhearts,king,2\nspades,ace,1\nspades,2,5\n";

/// Builds `design` with `csv` beside it; the output of the run and the folder.
fn run(name: &str, design: &str, csv: &[u8]) -> (std::process::Output, std::path::PathBuf) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join("cards.csv"), csv).unwrap();
    (tilepress(&dir, &["build", "d.toml", "-o", "out"]), dir)
}

fn card_boxes(fills: &[Fill]) -> Vec<(f64, f64, f64, f64)> {
    fills.iter().filter(|f| f.colour == CARD).map(|f| bounds(&f.points)).collect()
}

#[test]
fn nine_poker_cards_of_63_by_88_mm_per_a4_and_letter_sheet_backs_behind_fronts() {
    for paper in ["A4", "Letter"] {
        for duplex in ["long-edge", "short-edge"] {
            let name = format!("cards-{paper}-{duplex}");
            let (output, dir) = run(&name, &design(paper, duplex, ""), CSV.as_bytes());
            assert_eq!(code(&output), 0, "{}", text(&output).1);
            let pdf = Document::load(Path::new(&dir).join("out/d/d-cards.pdf")).unwrap();
            assert_eq!(pdf.get_pages().len(), 2, "{paper}: 9 cards on one sheet, front and back");
            let (width, height) = page_size(&pdf, 1);
            assert!(width < height, "{paper}: portrait");
            let (fronts, backs) = (fills(&pdf, 1), fills(&pdf, 2));
            let (front_cards, back_cards) = (card_boxes(&fronts), card_boxes(&backs));
            assert_eq!((front_cards.len(), back_cards.len()), (9, 9), "{paper} {duplex}");
            for &(x0, y0, x1, y1) in &front_cards {
                assert!(((x1 - x0) - 63.0).abs() <= 0.01, "{paper}: width {}", x1 - x0);
                assert!(((y1 - y0) - 88.0).abs() <= 0.01, "{paper}: height {}", y1 - y0);
            }
            // Every front has a back behind it: mirrored left–right for long-edge portrait,
            // top–bottom for short-edge.
            for &(x0, y0, x1, y1) in &front_cards {
                let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                let behind =
                    if duplex == "long-edge" { (width - cx, cy) } else { (cx, height - cy) };
                let found = back_cards.iter().any(|&(a, b, c, d)| {
                    ((a + c) / 2.0 - behind.0).abs() < 0.01
                        && ((b + d) / 2.0 - behind.1).abs() < 0.01
                });
                assert!(found, "{paper} {duplex}: no back behind the card at ({cx}, {cy})");
            }
            // The footer (every other black fill: text and square label) never overlaps a card.
            for side in [&fronts, &backs] {
                let cards = card_boxes(side);
                for fill in side.iter().filter(|f| f.colour == [0, 0, 0]) {
                    let (a, b, c, d) = bounds(&fill.points);
                    for &(x0, y0, x1, y1) in &cards {
                        let apart = a >= x1 || c <= x0 || b >= y1 || d <= y0;
                        assert!(apart, "{paper} {duplex}: footer {:?} on a card", (a, b, c, d));
                    }
                }
            }
        }
    }
}

#[test]
fn data_mistakes_are_errors_naming_file_row_and_column_and_write_nothing() {
    let cases: [(&str, String, &[u8], &str); 10] = [
        (
            "cards-few",
            design("A4", "long-edge", ""),
            b"suit,rank\nhearts\n",
            "cards.csv:2:2: error: row 2 has too few columns",
        ),
        (
            "cards-many",
            design("A4", "long-edge", ""),
            b"suit,rank\nhearts,2,3\n",
            "cards.csv:2:3: error: row 2 has too many columns",
        ),
        (
            "cards-utf8",
            design("A4", "long-edge", ""),
            b"suit,rank\nhearts,\xe9\n",
            "cards.csv:2:2: error: row 2 is not UTF-8",
        ),
        (
            "cards-count",
            design("A4", "long-edge", ""),
            b"suit,rank,count\nhearts,2,0\n",
            "cards.csv:2:3: error: the count `0` of row 2 is not a positive whole number",
        ),
        (
            "cards-count-word",
            design("A4", "long-edge", ""),
            b"suit,rank,count\nhearts,2,1\nhearts,3,two\n",
            "cards.csv:3:3: error: the count `two` of row 3 is not a positive whole number",
        ),
        (
            "cards-count-fraction",
            design("A4", "long-edge", ""),
            b"suit,rank,count\nhearts,2,1.5\n",
            "cards.csv:2:3: error: the count `1.5` of row 2 is not a positive whole number",
        ),
        (
            "cards-count-negative",
            design("A4", "long-edge", ""),
            b"suit,count,rank\nhearts,-1,2\n",
            "cards.csv:2:2: error: the count `-1` of row 2 is not a positive whole number",
        ),
        (
            // The template's `{rank}` (line 13, column 20 of the design), the row and the
            // file that lacks the column — not the design's line where the deck names it.
            "cards-column",
            design("A4", "long-edge", ""),
            b"suit,value\nhearts,2\n",
            "d.toml:13:20: error: card cards.csv row 2 has no field `rank`: cards.csv has no column `rank`\n  help: add a column `rank` to cards.csv, or use one of its columns: suit, value",
        ),
        (
            "cards-sheet",
            design("A4", "long-edge", "sheet = \"Deck\""),
            b"suit,rank\nhearts,2\n",
            "d.toml:26:9: error: `cards.csv`: a CSV file has no sheet `Deck`",
        ),
        (
            "cards-large",
            design("A4", "long-edge", "").replace("size = \"poker\"", "size_mm = [250, 300]"),
            b"suit,rank\nhearts,2\n",
            "d.toml:20:11: error: `cards`: a card of 250 × 300 mm is larger than the printable area",
        ),
    ];
    for (name, design, csv, expected) in cases {
        let (output, dir) = run(name, &design, csv);
        let stderr = text(&output).1;
        assert_eq!(code(&output), 2, "{name}: {stderr}");
        assert!(stderr.contains(expected), "{name}: {stderr}");
        assert!(!dir.join("out").exists(), "{name}: wrote files");
    }
    let dir = scratch("cards-missing");
    fs::write(dir.join("d.toml"), design("A4", "long-edge", "")).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&output), 2);
    let expected = "d.toml:25:8: error: `cards.csv`: data file not found";
    assert!(text(&output).1.contains(expected), "{}", text(&output).1);
    assert!(!dir.join("out").exists());
    // A workbook sheet that does not exist: named at the `sheet` key, with the sheets it has.
    let dir = scratch("cards-workbook-sheet");
    let workbook = common::root().join("tests/fixtures/decks/cards.ods");
    fs::copy(workbook, dir.join("cards.ods")).unwrap();
    let design = design("A4", "long-edge", "sheet = \"Deck\"").replace("cards.csv", "cards.ods");
    fs::write(dir.join("d.toml"), design).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    let err = text(&output).1;
    assert_eq!(code(&output), 2, "{err}");
    assert!(
        err.contains("d.toml:26:9: error: `cards.ods`: the workbook has no sheet `Deck`"),
        "{err}"
    );
    assert!(err.contains("help: use one of its sheets: Notes, Cards"), "{err}");
    assert!(!dir.join("out").exists());
}

/// A rule deriving 2 suits × 3 ranks with a joker twice.
const RULE: &str = r#"
[decks.rule]
name = "{rank} of {suit}"
product = { suit = ["hearts", "spades"], rank = ["ace", "2", "queen"] }
extra = [{ fields = { suit = "joker", rank = "red" }, count = 2 }]
"#;

const FULL: &str = "suit,rank,count\nhearts,ace,1\nhearts,2,1\nhearts,queen,1\nspades,ace,1\nspades,2,1\nspades,queen,1\njoker,red,2\n";

fn check(name: &str, csv: &str) -> (i32, String) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design("A4", "long-edge", RULE)).unwrap();
    fs::write(dir.join("cards.csv"), csv).unwrap();
    let output = tilepress(&dir, &["check", "d.toml"]);
    let (stdout, stderr) = text(&output);
    (code(&output), format!("{stdout}{stderr}"))
}

#[test]
fn check_derives_the_deck_and_names_missing_duplicate_and_extra_cards_by_their_rows() {
    let (status, out) = check("deck-full", FULL);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("deck `cards`: 8 cards (the rule derives 8)"), "{out}");
    let (status, out) = check("deck-missing", &FULL.replace("hearts,queen,1\n", ""));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("missing: queen of hearts"), "{out}");
    let (status, out) = check("deck-twice", &format!("{FULL}spades,2,1\n"));
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains("cards.csv:9:1: problem: deck `cards` duplicate: 2 of spades 2 times where the rule has 1 (cards.csv row 6, cards.csv row 9)"),
        "{out}"
    );
    let (status, out) = check("deck-extra", &format!("{FULL}clubs,king,1\n"));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("cards.csv:9:1: problem: deck `cards` extra: king of clubs"), "{out}");
    let (status, out) = check("deck-one-joker", &FULL.replace("joker,red,2", "joker,red,1"));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("missing: red of joker (1 of 2)"), "{out}");
}

#[test]
fn the_decks_documentation_example_builds_and_checks() {
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("## Cards and decks").expect("the section")..];
    let block = |fence: &str| {
        let start = section.find(fence).expect("an example") + fence.len();
        section[start..start + section[start..].find("```").unwrap()].to_string()
    };
    let dir = scratch("decks-doc-example");
    fs::write(dir.join("example.toml"), block("```toml\n")).unwrap();
    let csv = block("```csv\n");
    fs::write(dir.join("tiny-deck.csv"), &csv).unwrap();
    let check = tilepress(&dir, &["check", "example.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 0, "{out}{err}");
    assert!(out.contains("deck `cards`: 8 cards (the rule derives 8)"), "{out}");
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    assert!(dir.join("out/example/example-cards.pdf").exists());
    fs::write(dir.join("tiny-deck.csv"), csv.replace("hearts,2,1\n", "")).unwrap();
    let check = tilepress(&dir, &["check", "example.toml"]);
    assert_eq!(code(&check), 1);
    assert!(text(&check).0.contains("missing: 2 of hearts"), "{}", text(&check).0);
}

#[test]
fn counters_are_circles_of_their_diameter_cut_once_each_with_backs_behind() {
    let design = r##"[set]
name = "Counters"

[palette]
disc = "#0a0b0c"
ink = "#ffffff"

[faces.front]
layers = [
  { shape = "rectangle", box_mm = [2, 2], fill = "#010203" },
  { text = "{n}", size_mm = 4, colour = "ink", offset_mm = [0, 5] },
]

[faces.back]
layers = [{ shape = "rectangle", box_mm = [2, 2], fill = "#010203" }]

[[counters]]
name = "discs"
diameter_mm = 20
gutter_mm = 2
background = "disc"
front = "front"
back = "back"
data = "cards.csv"
"##;
    let (output, dir) = run("counters", design, b"n,count\n1,20\n2,20\n");
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert!(text(&output).0.contains("40 counters of 20 mm"), "{}", text(&output).0);
    let pdf = Document::load(dir.join("out/d/d-discs.pdf")).unwrap();
    let (width, _) = page_size(&pdf, 1);
    // Each face has a 2 mm square at its centre (squares have no overshooting control points).
    let centres = |page| -> Vec<(f64, f64, f64, f64)> {
        let marks = fills(&pdf, page);
        marks.iter().filter(|f| f.colour == [1, 2, 3]).map(|f| bounds(&f.points)).collect()
    };
    let (fronts, backs) = (centres(1), centres(2));
    assert_eq!((fronts.len(), backs.len()), (40, 40));
    assert_eq!(card_boxes(&fills(&pdf, 1)).len(), 40, "40 discs");
    for &(x0, y0, x1, y1) in &fronts {
        // (The disc's Bézier control points overshoot the circle: its size is measured on
        // the cut file below.)
        assert!(((x1 - x0) - 2.0).abs() < 0.01 && ((y1 - y0) - 2.0).abs() < 0.01);
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let behind = backs.iter().any(|&(a, b, c, d)| {
            ((a + c) / 2.0 - (width - cx)).abs() < 0.01 && ((b + d) / 2.0 - cy).abs() < 0.01
        });
        assert!(behind, "no back behind the counter at ({cx}, {cy})");
    }
    // The cut file: one closed path per counter, 20 mm across.
    let cut = fs::read_to_string(dir.join("out/d/d-discs-cut-01.svg")).unwrap();
    let circles = cut_spans(&cut);
    assert_eq!(circles.len(), 40, "each counter cut once");
    for (width, height) in circles {
        assert!(
            (width - 20.0).abs() <= 0.01 && (height - 20.0).abs() <= 0.01,
            "{width} × {height}"
        );
    }
}

#[test]
fn the_counters_documentation_example_builds_and_checks() {
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("### Counters (`[[counters]]`)").expect("the section")..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let dir = scratch("counters-doc-example");
    fs::write(dir.join("example.toml"), example).unwrap();
    let check = tilepress(&dir, &["check", "example.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    assert!(text(&check).0.contains("counters `punts`: 20 counters (the rule derives 20)"));
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    assert!(text(&build).0.contains("20 counters of 20 mm"), "{}", text(&build).0);
}

#[test]
fn card_keys_on_counters_and_a_diameter_on_cards_are_refused() {
    let dir = scratch("counters-card-keys");
    let counters = "[set]\nname = \"C\"\n[palette]\nink = \"#000000\"\n[faces.f]\nlayers = []\n[[counters]]\nname = \"c\"\ndiameter_mm = 20\nsize = \"poker\"\nfront = \"f\"\n";
    fs::write(dir.join("c.toml"), counters).unwrap();
    let check = tilepress(&dir, &["check", "c.toml"]);
    assert_eq!(code(&check), 2);
    assert!(text(&check).1.contains("counters have no `size`"), "{}", text(&check).1);
    let cards = counters.replace("[[counters]]", "[[decks]]").replace("size = \"poker\"\n", "");
    fs::write(dir.join("d.toml"), cards).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 2);
    assert!(text(&check).1.contains("cards have no `diameter_mm`"), "{}", text(&check).1);
}

#[test]
fn bleed_grows_the_background_per_card_backs_and_data_images_beside_the_data_file() {
    let dir = scratch("cards-bleed");
    fs::create_dir_all(dir.join("data")).unwrap();
    let square = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#112233"/></svg>"##;
    fs::write(dir.join("data/pic.svg"), square).unwrap();
    fs::write(dir.join("data/cards.csv"), "suit,pic\nhearts,pic.svg\nspades,pic.svg\n").unwrap();
    let design = r##"[set]
name = "Bleed"

[palette]
card = "#0a0b0c"
red = "#c00000"
black = "#000001"

[faces.front]
layers = [{ image = "{pic}", size_mm = 10 }]

[faces.back-hearts]
layers = [{ shape = "rectangle", box_mm = [10, 10], fill = "red" }]

[faces.back-spades]
layers = [{ shape = "rectangle", box_mm = [10, 10], fill = "black" }]

[[decks]]
name = "cards"
size = "poker"
bleed_mm = 1
background = "card"
front = "front"
back = "back-{suit}"
data = "data/cards.csv"
"##;
    fs::write(dir.join("d.toml"), design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = Document::load(dir.join("out/d/d-cards.pdf")).unwrap();
    let front = fills(&pdf, 1);
    // Each card's face over a copy of itself grown beneath it, whose background reaches
    // 1 mm beyond the 63 × 88 mm cut.
    let size = |&(x0, y0, x1, y1): &(f64, f64, f64, f64)| (x1 - x0, y1 - y0);
    let near =
        |(w, h): (f64, f64), (ew, eh): (f64, f64)| (w - ew).abs() <= 0.01 && (h - eh).abs() <= 0.01;
    let cards: Vec<(f64, f64)> = card_boxes(&front).iter().map(size).collect();
    assert_eq!(cards.len(), 4, "{cards:?}");
    assert_eq!(cards.iter().filter(|&&c| near(c, (65.0, 90.0))).count(), 2, "{cards:?}");
    assert_eq!(cards.iter().filter(|&&c| near(c, (63.0, 88.0))).count(), 2, "{cards:?}");
    // Each image and back drawn on its card and, grown, beneath it.
    assert_eq!(front.iter().filter(|f| f.colour == [0x11, 0x22, 0x33]).count(), 4, "images");
    let back = fills(&pdf, 2);
    assert_eq!(back.iter().filter(|f| f.colour == [192, 0, 0]).count(), 2, "one hearts back");
    assert_eq!(back.iter().filter(|f| f.colour == [0, 0, 1]).count(), 2, "one spades back");
    // The cut is 63 × 88 mm, inside the bleed.
    let cut = fs::read_to_string(dir.join("out/d/d-cards-cut-01.svg")).unwrap();
    let spans = cut_spans(&cut);
    assert_eq!(spans.len(), 2, "each card cut along its own outline");
    for (width, height) in spans {
        assert!(
            (width - 63.0).abs() <= 0.01 && (height - 88.0).abs() <= 0.01,
            "{width} × {height}"
        );
    }
}

#[test]
fn a_card_larger_than_the_printable_area_is_refused_by_check_and_build_at_its_size() {
    let big = design("A4", "long-edge", "").replace("size = \"poker\"", "size_mm = [300, 250]");
    let line = big.lines().position(|l| l.starts_with("size_mm")).unwrap() + 1;
    let (output, dir) = run("cards-too-large", &big, CSV.as_bytes());
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    let place = format!(
        "d.toml:{line}:11: error: `cards`: a card of 300 × 250 mm is larger than the printable area of A4 paper"
    );
    assert!(err.contains(&place), "{err}");
    assert!(!dir.join("out").exists(), "nothing written");
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 2, "{out}{err}");
    assert!(out.contains(&place), "{out}");
    assert!(out.contains("help: make the size smaller"), "{out}");
    // Bleed counts: a card that fits A4 portrait (200 × 274 mm) only without it is refused.
    let bled = design("A4", "long-edge", "bleed_mm = 5")
        .replace("size = \"poker\"", "size_mm = [195, 270]");
    let (output, _) = run("cards-too-large-bleed", &bled, CSV.as_bytes());
    assert_eq!(code(&output), 2);
    assert!(
        text(&output).1.contains("a card of 205 × 280 mm with its bleed"),
        "{}",
        text(&output).1
    );
    // On paper that holds it (here from the command line), it builds.
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out", "--paper", "A3"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
}
