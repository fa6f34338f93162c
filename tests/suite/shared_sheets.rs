//! Small parts share a sheet: 4 kings, 4 castles and 12 tokens on one sheet and its back, each the size specified, every back behind its front for both flips, no two parts touching, the cuts around each; `[sheet] share = false` keeps each part's own sheets; a shipped design saves a sheet; and `share`'s bad input.

use crate::common;

use std::fs;

use common::outlines::cut_spans;
use common::pdf::{Fill, bounds, fills, page_size};
use common::{code, scratch, text, tilepress};
use lopdf::Document;

/// Each part's background colour, and the 2 mm square marking each face's centre.
const KING: [u8; 3] = [10, 11, 12];
const CASTLE: [u8; 3] = [12, 11, 10];
const TOKEN: [u8; 3] = [11, 10, 12];
const MARK: [u8; 3] = [1, 2, 3];

/// The default margin (the discs' control points may reach 0.5 mm beyond their circles).
const MARGIN_MM: f64 = 5.0;

/// Room kept between two parts (`impose::shared_sheets::PART_GAP_MM`).
const PART_GAP_MM: f64 = 4.0;

/// Kings (20 mm discs), castles (22 mm squares) and tokens (15 mm discs), two-sided; `sheet`
/// is added to the `[sheet]` table.
fn design(sheet: &str) -> String {
    format!(
        r##"[set]
name = "Kingdom Bits"

[sheet]
{sheet}

[palette]
king = "#0a0b0c"
castle = "#0c0b0a"
token = "#0b0a0c"

[faces.face]
layers = [{{ shape = "rectangle", box_mm = [2, 2], fill = "#010203" }}]

[[counters]]
name = "kings"
diameter_mm = 20
gutter_mm = 2
background = "king"
front = "face"
back = "face"

[[counters.cards]]
count = 4

[[counters]]
name = "castles"
shape = "square"
edge_mm = 22
background = "castle"
front = "face"
back = "face"

[[counters.cards]]
count = 4

[[counters]]
name = "tokens"
diameter_mm = 15
gutter_mm = 2
background = "token"
front = "face"
back = "face"

[[counters.cards]]
count = 12
"##
    )
}

fn build(name: &str, design: &str) -> (std::process::Output, std::path::PathBuf) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    (tilepress(&dir, &["build", "d.toml", "-o", "out"]), dir)
}

/// The bounds of every fill of `colour` on a page.
fn boxes(pdf: &Document, page: u32, colour: [u8; 3]) -> Vec<(f64, f64, f64, f64)> {
    let all: Vec<Fill> = fills(pdf, page);
    all.iter().filter(|f| f.colour == colour).map(|f| bounds(&f.points)).collect()
}

#[test]
fn kings_castles_and_tokens_print_on_one_sheet_and_its_back_for_both_flips() {
    for duplex in ["long-edge", "short-edge"] {
        let (output, dir) =
            build(&format!("shared-{duplex}"), &design(&format!("duplex = \"{duplex}\"")));
        assert_eq!(code(&output), 0, "{}", text(&output).1);
        assert!(text(&output).0.contains("on shared sheets on 1 sheet(s)"), "{}", text(&output).0);
        // One document, named after the first part, holds all three.
        let out = dir.join("out/d");
        assert!(!out.join("d-castles.pdf").exists() && !out.join("d-tokens.pdf").exists());
        let pdf = Document::load(out.join("d-kings.pdf")).unwrap();
        assert_eq!(pdf.get_pages().len(), 2, "one sheet: its front and its back");
        let (width, height) = page_size(&pdf, 1);
        // Each item inside the page's margins; the castles 22 mm squares (the discs' Bézier
        // control points overshoot their circles: they are measured on the cut file below).
        let parts = [(KING, 4), (CASTLE, 4), (TOKEN, 12)];
        let mut placed: Vec<(usize, (f64, f64, f64, f64))> = Vec::new();
        for (part, &(colour, count)) in parts.iter().enumerate() {
            let found = boxes(&pdf, 1, colour);
            assert_eq!(found.len(), count, "{duplex}: part {part}");
            for &(x0, y0, x1, y1) in &found {
                let (w, h) = (x1 - x0, y1 - y0);
                if colour == CASTLE {
                    assert!((w - 22.0).abs() <= 0.01 && (h - 22.0).abs() <= 0.01, "{w} × {h}");
                }
                let margin = MARGIN_MM - 0.5;
                let inside = x0 >= margin && y0 >= margin && x1 <= width - margin;
                assert!(inside && y1 <= height - margin, "{part}: {x0} {y0} {x1} {y1}");
                placed.push((part, (x0, y0, x1, y1)));
            }
        }
        // Two parts never closer than the room kept between them.
        for &(a, ra) in &placed {
            for &(b, rb) in placed.iter().filter(|(b, _)| *b != a) {
                let apart = (rb.0 - ra.2).max(ra.0 - rb.2).max(rb.1 - ra.3).max(ra.1 - rb.3);
                assert!(apart >= PART_GAP_MM - 0.01, "parts {a} and {b}: {apart} mm apart");
            }
        }
        // Every back behind its front, within 0.01 mm, as the sheet turns over.
        let flip_x = (duplex == "long-edge") == (width < height);
        let centres = |page| -> Vec<(f64, f64)> {
            let marks = boxes(&pdf, page, MARK);
            marks.into_iter().map(|(a, b, c, d)| ((a + c) / 2.0, (b + d) / 2.0)).collect()
        };
        let (fronts, backs) = (centres(1), centres(2));
        assert_eq!((fronts.len(), backs.len()), (20, 20));
        for &(x, y) in &fronts {
            let behind = if flip_x { (width - x, y) } else { (x, height - y) };
            let found = backs
                .iter()
                .any(|&(a, b)| (a - behind.0).abs() < 0.01 && (b - behind.1).abs() < 0.01);
            assert!(found, "{duplex}: no back behind the item at ({x}, {y})");
        }
        // The sheet's one cut file: each disc cut once, 20 or 15 mm across; the castles'
        // cuts run along both sides of each.
        let cut = fs::read_to_string(out.join("d-kings-cut-01.svg")).unwrap();
        let discs: Vec<f64> = cut_spans(&cut)
            .into_iter()
            .filter(|(w, h)| (w - h).abs() < 0.02 && *w < 21.0)
            .map(|(w, _)| w)
            .collect();
        let across = |size: f64| discs.iter().filter(|&&w| (w - size).abs() <= 0.01).count();
        assert_eq!((across(20.0), across(15.0), discs.len()), (4, 12, 16), "{duplex}: {discs:?}");
        let numbers: Vec<f64> = cut
            .split(" d=\"")
            .skip(1)
            .flat_map(|path| {
                let d = &path[..path.find('"').unwrap()];
                let tokens = d.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'));
                tokens.filter_map(|t| t.parse::<f64>().ok()).collect::<Vec<_>>()
            })
            .collect();
        // The cut file's y runs down the page, the PDF's up.
        let points: Vec<(f64, f64)> = numbers.chunks(2).map(|p| (p[0], height - p[1])).collect();
        for &(_, (x0, y0, x1, y1)) in placed.iter().filter(|(part, _)| *part == 1) {
            let beside = |x: f64| {
                points
                    .iter()
                    .any(|&(px, py)| (px - x).abs() < 0.05 && py > y0 - 0.05 && py < y1 + 0.05)
            };
            assert!(beside(x0) && beside(x1), "{duplex}: no cut beside the castle at ({x0}, {y0})");
        }
    }
}

#[test]
fn share_false_keeps_each_part_on_sheets_of_its_own() {
    let (output, dir) = build("shared-off", &design("share = false"));
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let out = dir.join("out/d");
    for part in ["kings", "castles", "tokens"] {
        let pdf = Document::load(out.join(format!("d-{part}.pdf"))).unwrap();
        assert_eq!(pdf.get_pages().len(), 2, "{part}: a sheet of its own, front and back");
    }
    assert!(!text(&output).0.contains("shared"), "{}", text(&output).0);
}

#[test]
fn share_that_is_not_true_or_false_is_an_error_at_its_line() {
    let (output, dir) = build("shared-bad", &design("share = \"yes\""));
    assert_eq!(code(&output), 2, "{}", text(&output).0);
    let stderr = text(&output).1;
    assert!(stderr.contains("d.toml:5:9: error: invalid type"), "{stderr}");
    assert!(stderr.contains("expected a boolean"), "{stderr}");
    assert!(!dir.join("out").exists(), "nothing written");
}

#[test]
fn ardun_prints_its_kings_beside_its_tiles_one_sheet_fewer() {
    let root = common::root();
    let dir = scratch("shared-ardun");
    common::copy_folder(&root.join("designs/assets/ardun"), &dir.join("assets/ardun"));
    let shipped = fs::read_to_string(root.join("designs/ardun.toml")).unwrap();
    let apart = shipped.replacen("[sheet]\n", "[sheet]\nshare = false\n", 1);
    assert_ne!(apart, shipped, "ardun.toml has a [sheet] table");
    fs::write(dir.join("shared.toml"), &shipped).unwrap();
    fs::write(dir.join("apart.toml"), &apart).unwrap();
    // Every page of every PDF a design's build writes.
    let pages = |name: &str| -> usize {
        let output = tilepress(&dir, &["build", &format!("{name}.toml"), "-o", name]);
        assert_eq!(code(&output), 0, "{}", text(&output).1);
        fs::read_dir(dir.join(name).join(name))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "pdf"))
            .map(|path| Document::load(&path).unwrap().get_pages().len())
            .sum()
    };
    // Tiles front and back, and the castles; apart, the kings take a sheet of their own.
    assert_eq!((pages("shared"), pages("apart")), (3, 4));
}

#[test]
fn the_shared_sheets_documentation_example_builds_on_one_sheet() {
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("### Shared sheets (`share`)").expect("the section")..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let (output, dir) = build("shared-doc-example", example);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let said =
        "4 counters of 20 mm, 4 square counters of 22 × 22 mm on shared sheets on 1 sheet(s)";
    assert!(text(&output).0.contains(said), "{}", text(&output).0);
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words(section).contains(said), "the docs say what the build says");
    let pdf = Document::load(dir.join("out/d/d-kings.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 1, "one sheet, no backs");
}

#[test]
fn sealed_parts_share_a_sheet_each_cut_at_its_own_sealed_border() {
    let (output, dir) = build("shared-sealed", &design("laminate = \"sealed\""));
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert!(text(&output).0.contains("on shared sheets on 1 sheet(s)"), "{}", text(&output).0);
    // Every item cut once along its outline grown by the 3 mm seal: kings 26 mm, tokens
    // 21 mm, castles 28 mm (their corners rounded by the seal).
    let cut = fs::read_to_string(dir.join("out/d/d-kings-cut-01.svg")).unwrap();
    let spans = cut_spans(&cut);
    let across = |size: f64| {
        spans.iter().filter(|(w, h)| (w - size).abs() <= 0.02 && (h - size).abs() <= 0.02).count()
    };
    assert_eq!(
        (across(26.0), across(21.0), across(28.0), spans.len()),
        (4, 12, 4, 20),
        "{spans:?}"
    );
}

#[test]
fn fold_over_parts_share_the_fronts_half_and_their_backs_mirror_them() {
    let (output, dir) = build("shared-fold", &design("duplex = \"fold-short\""));
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert!(text(&output).0.contains("on 1 fold-over sheet(s)"), "{}", text(&output).0);
    let pdf = Document::load(dir.join("out/d/d-kings.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 1, "fronts and backs on one page");
    let (_, height) = page_size(&pdf, 1);
    let marks: Vec<(f64, f64)> = boxes(&pdf, 1, MARK)
        .into_iter()
        .map(|(a, b, c, d)| ((a + c) / 2.0, (b + d) / 2.0))
        .collect();
    // The PDF's y runs up: fronts on the upper half, each back its mirror across the fold.
    let fronts: Vec<&(f64, f64)> = marks.iter().filter(|m| m.1 > height / 2.0).collect();
    assert_eq!((fronts.len(), marks.len()), (20, 40));
    for &&(x, y) in &fronts {
        let behind = (x, height - y);
        let found =
            marks.iter().any(|&(a, b)| (a - behind.0).abs() < 0.01 && (b - behind.1).abs() < 0.01);
        assert!(found, "no back behind the item at ({x}, {y})");
    }
}

#[test]
fn a_part_with_share_false_keeps_its_own_sheet_and_the_others_still_share() {
    let kings_apart =
        design("").replacen("name = \"kings\"\n", "name = \"kings\"\nshare = false\n", 1);
    let (output, dir) = build("shared-one-apart", &kings_apart);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let out = dir.join("out/d");
    let pages = |file: &str| Document::load(out.join(file)).unwrap().get_pages().len();
    // The kings alone; the castles and the tokens together, named after the castles.
    assert_eq!((pages("d-kings.pdf"), pages("d-castles.pdf")), (2, 2));
    assert!(!out.join("d-tokens.pdf").exists());
    let castles = Document::load(out.join("d-castles.pdf")).unwrap();
    assert_eq!((boxes(&castles, 1, CASTLE).len(), boxes(&castles, 1, TOKEN).len()), (4, 12));
    // Anything but true or false is an error at its line, nothing written.
    let bad = design("").replacen("name = \"kings\"\n", "name = \"kings\"\nshare = 1\n", 1);
    let (output, dir) = build("shared-one-apart-bad", &bad);
    assert_eq!(code(&output), 2, "{}", text(&output).0);
    assert!(text(&output).1.contains("d.toml:17:9: error: invalid type"), "{}", text(&output).1);
    assert!(!dir.join("out").exists());
}
