//! Sheet templates measured in the built PDF: cards printed into a shipped label sheet (Avery L7160) and into a template file of the design's own are each centred in their slot within 0.05 mm, turned as the slot says, their backs behind them on the back page; a template's mistakes are refused at its line, the design's at its key, exit 2 and nothing written.

use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::{fills, page_size};
use common::{code, refused_in, root, scratch, text, tilepress};

/// How far an item's centre may lie from its slot's, in mm.
const TOLERANCE_MM: f64 = 0.05;

/// A deck of `count` blue cards of 60 × 35 mm, with `deck_keys`
/// added to the deck and `sheet` to `[sheet]`.
fn design(count: usize, deck_keys: &str, sheet: &str) -> String {
    format!(
        r##"[set]
name = "Labels"

[palette]
blue = "#1d4e89"
paper = "#ffffff"

[sheet]
{sheet}

[faces.front]
layers = [{{ text = "{{name}}", size_mm = 5, colour = "paper" }}]

[faces.back]
layers = [{{ text = "back", size_mm = 5, colour = "paper" }}]

[[decks]]
name = "deck"
size_mm = [60, 35]
background = "blue"
front = "front"
{deck_keys}
cards = [{{ fields = {{ name = "card" }}, count = {count} }}]
"##
    )
}

/// The slot rectangles `(x0, y0, x1, y1)` of a template file, in mm from the paper's
/// top-left corner, read here from the file on its own terms.
fn slots_of(template: &str) -> Vec<(f64, f64, f64, f64)> {
    let value: toml::Value = toml::from_str(template).unwrap();
    let pair = |v: &toml::Value| -> (f64, f64) {
        let a = v.as_array().unwrap();
        let n = |x: &toml::Value| x.as_float().or(x.as_integer().map(|i| i as f64)).unwrap();
        (n(&a[0]), n(&a[1]))
    };
    let mut found = Vec::new();
    for entry in value["slots"].as_array().unwrap() {
        let (x, y) = pair(&entry["at_mm"]);
        let (w, h) = pair(&entry["size_mm"]);
        let (columns, rows) = entry.get("repeat").map_or((1.0, 1.0), pair);
        let (dx, dy) = entry.get("pitch_mm").map_or((0.0, 0.0), pair);
        for row in 0..rows as usize {
            for column in 0..columns as usize {
                let (x0, y0) = (x + column as f64 * dx, y + row as f64 * dy);
                found.push((x0, y0, x0 + w, y0 + h));
            }
        }
    }
    found
}

/// The bounds `(x0, y0, x1, y1)` (mm from the page's top-left corner) of every fill of
/// `colour` on page `page` of the PDF, in drawing order.
fn filled(pdf: &lopdf::Document, page: u32, colour: [u8; 3]) -> Vec<(f64, f64, f64, f64)> {
    let (_, height) = page_size(pdf, page);
    fills(pdf, page)
        .into_iter()
        .filter(|fill| fill.colour == colour && fill.points.len() >= 4)
        .map(|fill| {
            let (x0, y0, x1, y1) = common::pdf::bounds(&fill.points);
            (x0, height - y1, x1, height - y0)
        })
        .collect()
}

fn centre((x0, y0, x1, y1): (f64, f64, f64, f64)) -> (f64, f64) {
    ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
}

/// Builds `d.toml` in `dir`: the build's report and the PDF of the deck.
fn build(dir: &Path) -> (String, lopdf::Document) {
    let run = tilepress(dir, &["build", "d.toml", "-o", "out"]);
    let (out, err) = text(&run);
    assert_eq!(code(&run), 0, "{out}{err}");
    let pdf = lopdf::Document::load(dir.join("out/d/d-deck.pdf")).unwrap();
    (out, pdf)
}

#[test]
fn cards_fill_a_shipped_label_sheet_each_centred_in_its_slot_with_its_back_behind() {
    let dir = scratch("template-l7160");
    let toml = design(25, "back = \"back\"\nsheet_template = \"avery-l7160\"", "");
    fs::write(dir.join("d.toml"), &toml).unwrap();
    let (report, pdf) = build(&dir);
    assert!(report.contains("25 cards of 60 × 35 mm on 2 sheet(s) of A4 portrait"), "{report}");
    assert!(report.contains("up to 21 per sheet"), "{report}");
    assert!(report.contains("slots of the sheet template `Avery L7160`"), "{report}");
    let template = fs::read_to_string(root().join("assets/sheet-templates/avery-l7160.toml"));
    let slots = slots_of(&template.unwrap());
    assert_eq!(slots.len(), 21);
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    assert_eq!(pages.len(), 4, "two sheets, each a front and a back");
    let (width, _) = page_size(&pdf, pages[0]);
    let mut fronts_seen = 0;
    for (sheet, pair) in pages.chunks(2).enumerate() {
        let fronts = filled(&pdf, pair[0], [0x1d, 0x4e, 0x89]);
        let expected = if sheet == 0 { 21 } else { 4 };
        assert_eq!(fronts.len(), expected, "sheet {}", sheet + 1);
        for (front, slot) in fronts.iter().zip(&slots) {
            let (a, b) = (centre(*front), centre(*slot));
            assert!((a.0 - b.0).hypot(a.1 - b.1) <= TOLERANCE_MM, "{front:?} in {slot:?}");
            assert!(
                (front.2 - front.0 - 60.0).abs() < 0.01 && (front.3 - front.1 - 35.0).abs() < 0.01
            );
        }
        fronts_seen += fronts.len();
        // The backs have the deck's background too, each at the mirror of its front's slot
        // across the long edge.
        let backs = filled(&pdf, pair[1], [0x1d, 0x4e, 0x89]);
        assert_eq!(backs.len(), expected);
        for (back, slot) in backs.iter().zip(&slots) {
            let (a, b) = (centre(*back), centre(*slot));
            assert!((width - a.0 - b.0).abs() <= TOLERANCE_MM && (a.1 - b.1).abs() <= TOLERANCE_MM);
        }
    }
    assert_eq!(fronts_seen, 25);
    // The sheets come cut: no cut, no crop mark, no footer on a label.
    let svg = fs::read_to_string(dir.join("out/d/d-deck-sheet-01-front.svg")).unwrap();
    assert!(!svg.contains("id=\"layer-cut\"") && !svg.contains("id=\"layer-marks\""), "{svg}");
}

/// A template file of the design's own: two slots of 40 × 70 mm that turn a card a quarter.
const STRIP: &str = "# Two tall slots\nname = \"strip\"\npaper = \"A4\"\n\n[[slots]]\nat_mm = [20, 20]\nsize_mm = [40, 70]\nturn = 90\nrepeat = [2, 1]\npitch_mm = [50, 80]\n";

#[test]
fn a_template_of_the_designs_own_turns_its_items() {
    let dir = scratch("template-own");
    fs::create_dir_all(dir.join("sheets")).unwrap();
    fs::write(dir.join("sheets/strip.toml"), STRIP).unwrap();
    fs::write(dir.join("d.toml"), design(3, "sheet_template = \"sheets/strip.toml\"", "")).unwrap();
    let (report, pdf) = build(&dir);
    assert!(report.contains("3 cards of 60 × 35 mm on 2 sheet(s)"), "{report}");
    let slots = slots_of(STRIP);
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    let fronts = filled(&pdf, pages[0], [0x1d, 0x4e, 0x89]);
    assert_eq!(fronts.len(), 2);
    for (front, slot) in fronts.iter().zip(&slots) {
        let (a, b) = (centre(*front), centre(*slot));
        assert!((a.0 - b.0).hypot(a.1 - b.1) <= TOLERANCE_MM, "{front:?} in {slot:?}");
        // Turned a quarter: 35 mm wide, 60 mm tall.
        assert!((front.2 - front.0 - 35.0).abs() < 0.01, "{front:?}");
        assert!((front.3 - front.1 - 60.0).abs() < 0.01, "{front:?}");
    }
}

#[test]
fn a_templates_mistakes_are_refused_at_its_line() {
    let slot = "[[slots]]\n";
    for (name, template, said) in [
        (
            "outside",
            STRIP.replace("at_mm = [20, 20]", "at_mm = [200, 20]"),
            "reaches outside the A4 paper (210 × 297 mm)",
        ),
        (
            "overlap",
            STRIP.replace("pitch_mm = [50, 80]", "pitch_mm = [30, 80]"),
            "slot 2 overlaps slot 1",
        ),
        (
            "small",
            STRIP.replace("size_mm = [40, 70]", "size_mm = [30, 30]"),
            "slot 1 of `strip` (30 × 30 mm) is smaller than a card of `deck` (35 × 60 mm, turned a quarter)",
        ),
        ("turn", STRIP.replace("turn = 90", "turn = 45"), "`turn` is 45"),
        ("pitch", STRIP.replace("pitch_mm = [50, 80]\n", ""), "`repeat` needs `pitch_mm`"),
        ("key", STRIP.replace("turn = 90", "spin = 90"), "unknown field `spin`"),
        ("paper", STRIP.replace("paper = \"A4\"", "paper = \"A9\""), "unknown paper `A9`"),
        ("empty", "name = \"none\"\npaper = \"A4\"\n".to_string(), "the template has no slots"),
    ] {
        let dir = scratch(&format!("template-bad-{name}"));
        fs::create_dir_all(dir.join("sheets")).unwrap();
        fs::write(dir.join("sheets/strip.toml"), &template).unwrap();
        fs::write(dir.join("bad.toml"), design(1, "sheet_template = \"sheets/strip.toml\"", ""))
            .unwrap();
        let err = refused_in(&dir);
        assert!(err.contains(said), "{name}: {err}");
        assert!(err.contains("strip.toml:"), "{name}: not at the template's line: {err}");
        if template.contains(slot) && !matches!(name, "key" | "paper" | "turn" | "pitch") {
            let line = template[..template.find(slot).unwrap()].lines().count() + 1;
            let at = format!("strip.toml:{line}:");
            let next = format!("strip.toml:{}:", line + 1);
            assert!(err.contains(&at) || err.contains(&next), "{name}: {err}");
        }
    }
}

#[test]
fn a_designs_template_mistakes_are_refused_at_its_key() {
    for (name, keys, sheet, said) in [
        (
            "unknown",
            "sheet_template = \"avery-l7610\"",
            "",
            "unknown sheet template `avery-l7610` (did you mean `avery-l7160`?)",
        ),
        ("missing", "sheet_template = \"sheets/nope.toml\"", "", "there is no such file"),
        ("outside", "sheet_template = \"../OUTSIDE\"", "", "outside the design's folder"),
        (
            "bleed",
            "sheet_template = \"avery-l7160\"\nbleed_mm = 3",
            "",
            "with its 3 mm bleed reaches from slot 1 into slot 4",
        ),
        (
            "fold",
            "back = \"back\"\nsheet_template = \"avery-l7160\"",
            "duplex = \"fold\"",
            "it cannot be a fold-over sheet",
        ),
        (
            "marks",
            "sheet_template = \"avery-l7160\"",
            "registration_marks = true",
            "take no registration marks",
        ),
    ] {
        let dir = scratch(&format!("template-key-{name}"));
        // A readable template beside the design's folder, not in it.
        let outside = format!("{}-outside.toml", dir.file_name().unwrap().to_string_lossy());
        fs::write(dir.parent().unwrap().join(&outside), STRIP).unwrap();
        let toml = design(1, &keys.replace("OUTSIDE", &outside), sheet);
        fs::write(dir.join("bad.toml"), &toml).unwrap();
        let err = refused_in(&dir);
        let at = format!("bad.toml:{}:", common::line_of(&toml, "sheet_template"));
        assert!(err.contains(&at) && err.contains(said), "{name}: {err}");
    }
    // On the command line: a fold-over build of a template's deck.
    let dir = scratch("template-cli-fold");
    // (A deck without backs prints single-sided under any duplex: give it backs.)
    let keys = "back = \"back\"\nsheet_template = \"avery-l7160\"";
    fs::write(dir.join("d.toml"), design(1, keys, "")).unwrap();
    let run = tilepress(&dir, &["build", "d.toml", "-o", "out", "--duplex", "fold"]);
    let (_, err) = text(&run);
    assert_eq!(code(&run), 2, "{err}");
    assert!(err.contains("cannot be a fold-over sheet"), "{err}");
    assert!(!dir.join("out").exists());
}

#[test]
fn the_documented_label_sheet_checks_and_builds() {
    let example = common::doc_example("### Sheet templates");
    // The first example is a template file; the design follows it.
    let doc = fs::read_to_string(root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("### Sheet templates").unwrap()..];
    let second = &section[section.find(&example).unwrap() + example.len()..];
    let start = second.find("```toml\n").unwrap() + "```toml\n".len();
    let design = &second[start..start + second[start..].find("```").unwrap()];
    let (_, dir) = common::check_and_build("template-doc", design);
    let pdf = lopdf::Document::load(dir.join("out/example/example-labels.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 1, "21 labels fill one sheet");
    // The template file of the docs is a template tilepress reads.
    fs::create_dir_all(dir.join("sheets")).unwrap();
    fs::write(dir.join("sheets/strip.toml"), &example).unwrap();
    let own =
        design.replace("\"avery-l7160\"", "\"sheets/strip.toml\"").replace("[60, 35]", "[35, 30]");
    fs::write(dir.join("own.toml"), own).unwrap();
    let run = tilepress(&dir, &["build", "own.toml", "-o", "own"]);
    assert_eq!(code(&run), 0, "{}", text(&run).1);
}
