//! Styles from data, measured in the built PDF: colours and sizes written as `{field}` take each card's values (a circle as wide as its row's `size`, filled with its row's palette colour), `when` draws a layer only on the rows it names, a template that `extends` another keeps its layers and replaces the one with its `id`; the same keys on tiles, pieces, counters, tracks, board cells and net faces; every mistake at the data cell or the key.

use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::{Fill, bounds, fills};
use common::{code, refused_in, scratch, text, tilepress};
use lopdf::Document;

const SEA: [u8; 3] = [0x1d, 0x4e, 0x89];
const STORM: [u8; 3] = [0x55, 0x22, 0x66];
const MOSS: [u8; 3] = [0x2e, 0x5e, 0x3e];
const SAND: [u8; 3] = [0xc2, 0xa0, 0x60];
const COST: [u8; 3] = [0x12, 0x34, 0x56];
const BACKGROUND: [u8; 3] = [0xf0, 0xea, 0xd6];

pub const CARDS_CSV: &str = "name,kind,face,tint,size\nSloop,ship,card,sea,6\nSquall,storm,storm-card,storm,8\nMate,crew,card,moss,5\n";

/// One template for three kinds of card, and one that extends it.
pub const HARBOUR: &str = r##"[set]
name = "Harbour"

[palette]
sea = "#1d4e89"
storm = "#552266"
moss = "#2e5e3e"
sand = "#c2a060"
ink = "#111111"
cost = "#123456"
bg = "#f0ead6"
white = "#ffffff"

[faces.card]
layers = [
  { id = "band", shape = "rectangle", box_mm = [50, 12], offset_mm = [0, -30], fill = "{tint}" },
  { id = "title", text = "{name}", offset_mm = [0, -30], size_mm = 4, colour = "white" },
  { shape = "circle", size_mm = "{size}", fill = "{tint}" },
  { text = "cost", offset_mm = [0, 30], size_mm = 3, colour = "cost", when = { kind = ["ship", "crew"] } },
]

[faces.storm-card]
extends = "card"
layers = [
  { id = "title", text = "{name}!", offset_mm = [0, -30], size_mm = 5, colour = "sand" },
]

[[decks]]
name = "cards"
size = "poker"
background = "bg"
front = "{face}"
data = "cards.csv"
"##;

/// Builds `design` (and `files`) in a scratch folder; the PDF named `pdf`.
pub fn built(name: &str, design: &str, files: &[(&str, &str)], pdf: &str) -> Document {
    let dir = built_in(name, design, files);
    Document::load(dir.join("out/d").join(pdf)).expect("the PDF parses")
}

/// Checks (clean) and builds `design` as `d.toml` (and `files`) into `out/d` of a scratch
/// folder named `name`; the folder.
pub fn built_in(name: &str, design: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    for (file, text) in files {
        fs::write(dir.join(file), text).unwrap();
    }
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{name}: {}{}", text(&check).0, text(&check).1);
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{name}: {}", text(&build).1);
    dir
}

fn size(fill: &Fill) -> (f64, f64) {
    let (x0, y0, x1, y1) = bounds(&fill.points);
    (x1 - x0, y1 - y0)
}

/// Whether `inner` lies inside `outer`.
fn inside(inner: &Fill, outer: &Fill) -> bool {
    let ((a0, b0, a1, b1), (x0, y0, x1, y1)) = (bounds(&inner.points), bounds(&outer.points));
    a0 >= x0 - 1e-6 && b0 >= y0 - 1e-6 && a1 <= x1 + 1e-6 && b1 <= y1 + 1e-6
}

#[test]
fn one_template_draws_three_kinds_of_card_from_their_rows() {
    harbour_cards_drawn("styles-harbour", HARBOUR, CARDS_CSV);
}

/// Builds a Harbour design and measures its three cards: each its row's tint and size, the
/// cost drawn on the ship and the crew (not the storm), the storm card's own sand title.
pub fn harbour_cards_drawn(name: &str, design: &str, csv: &str) {
    let pdf = built(name, design, &[("cards.csv", csv)], "d-cards.pdf");
    let found = fills(&pdf, 1);
    let mut cards: Vec<&Fill> = found.iter().filter(|f| f.colour == BACKGROUND).collect();
    // Cards in the order of their rows: left to right, top to bottom (PDF y up).
    cards.sort_by(|a, b| {
        let (ax, _, _, ay) = bounds(&a.points);
        let (bx, _, _, by) = bounds(&b.points);
        (-ay, ax).partial_cmp(&(-by, bx)).unwrap()
    });
    assert_eq!(cards.len(), 3);
    for (card, (tint, diameter, costed)) in
        cards.iter().zip([(SEA, 6.0, true), (STORM, 8.0, false), (MOSS, 5.0, true)])
    {
        let on: Vec<&Fill> = found.iter().filter(|f| inside(f, card)).collect();
        let tinted: Vec<&&Fill> = on.iter().filter(|f| f.colour == tint).collect();
        // The band (from the template the storm card extends) and the circle.
        assert_eq!(tinted.len(), 2, "{tint:?}");
        let circle = tinted.iter().map(|f| size(f)).find(|s| (s.0 - s.1).abs() < 1e-3);
        let (w, h) = circle.expect("a circle");
        assert!((w - diameter).abs() < 0.01 && (h - diameter).abs() < 0.01, "{w} × {h}");
        assert_eq!(on.iter().any(|f| f.colour == COST), costed, "`when` on {tint:?}");
        // The storm card's own title replaces the template's: sand, not white.
        let white_title = on.iter().any(|f| f.colour == [0xff, 0xff, 0xff]);
        let sand_title = on.iter().any(|f| f.colour == SAND);
        assert_eq!((white_title, sand_title), (tint != STORM, tint == STORM), "{tint:?}");
    }
}

/// `bad.toml` (the Harbour design changed by `edit`) and its `cards.csv` in a scratch folder.
fn bad(name: &str, edit: &dyn Fn(&str) -> String, csv: &str) -> (std::path::PathBuf, String) {
    let dir = scratch(&format!("styles-bad-{name}"));
    let design = edit(HARBOUR);
    fs::write(dir.join("bad.toml"), &design).unwrap();
    fs::write(dir.join("cards.csv"), csv).unwrap();
    (dir, design)
}

#[test]
fn a_value_from_data_that_is_no_colour_or_number_is_refused_at_its_cell() {
    let purple = CARDS_CSV.replace("Mate,crew,card,moss,5", "Mate,crew,card,purpel,5");
    let (dir, design) = bad("colour", &|d| d.to_string(), &purple);
    let err = refused_in(&dir);
    let key = common::place_of(&design, "fill = \"{tint}\" }");
    assert!(
        err.contains(
            "cards.csv:4:4: error: card cards.csv row 4: `purpel` is not a colour of the palette"
        ),
        "{err}"
    );
    assert!(
        err.contains(&format!("read as `fill` by bad.toml:{}", key.split(':').next().unwrap())),
        "{err}"
    );
    let big = CARDS_CSV.replace("Sloop,ship,card,sea,6", "Sloop,ship,card,sea,big");
    let (dir, _) = bad("number", &|d| d.to_string(), &big);
    let err = refused_in(&dir);
    assert!(
        err.contains("cards.csv:2:5: error: card cards.csv row 2: `big` is not a number"),
        "{err}"
    );
}

#[test]
fn bad_style_keys_are_refused_at_the_key() {
    for (name, from, to, said) in [
        (
            "cycle",
            "[faces.card]\n",
            "[faces.card]\nextends = \"storm-card\"\n",
            "extends itself: card → storm-card → card",
        ),
        (
            "unknown",
            "extends = \"card\"",
            "extends = \"crad\"",
            "extends `crad`, which is not a template",
        ),
        ("field", "when = { kind = [", "when = { knd = [", "`when` names the field `knd`"),
        (
            "value",
            "when = { kind = [\"ship\", \"crew\"] }",
            "when = { kind = [{ a = 1 }] }",
            "the value of `kind` is not text or a number",
        ),
        ("number", "size_mm = \"{size}\"", "size_mm = \"big\"", "`size_mm`: `big` is not a number"),
    ] {
        let (dir, design) = bad(name, &|d| d.replacen(from, to, 1), CARDS_CSV);
        let err = refused_in(&dir);
        let needle = to.lines().last().unwrap();
        let line = common::place_of(&design, needle);
        let at = format!("bad.toml:{}:", line.split(':').next().unwrap());
        assert!(err.contains(said), "{name}: {err}");
        assert!(err.contains(&at), "{name}: not at {at}: {err}");
    }
}

/// A layer every part kind can take: a square as wide as the item's `{number}` field
/// (millimetres), in the colour `MARK`, drawn only on items numbered 1 or 2.
const MARKED: &str = r##"
[faces.mark]
layers = [
  { shape = "rectangle", box_mm = ["{number}", "{number}"], fill = "#0a0b0c", when = { number = [1, 2] } },
]
"##;
pub const MARK: [u8; 3] = [0x0a, 0x0b, 0x0c];

/// The sizes of the marks on every page of the PDF, sorted.
pub fn marks(pdf: &Document) -> Vec<i64> {
    let mut found: Vec<i64> = pdf
        .get_pages()
        .keys()
        .flat_map(|&page| fills(pdf, page))
        .filter(|f| f.colour == MARK)
        .map(|f| (size(&f).0 * 100.0).round() as i64)
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn every_part_kind_takes_numbers_from_fields_and_when() {
    for (name, design, pdf) in every_part_kind(MARKED) {
        let pdf = built(&format!("styles-kind-{name}"), &design, &[], pdf);
        assert_eq!(marks(&pdf), [100, 200], "{name}: a 1 mm and a 2 mm mark");
    }
}

/// A design of each part kind whose items take a `number` (tiles 1-3, counters 1, 2 and 7,
/// a track 1-5, board cells, pieces 1-3, a cube's faces), each face drawn with the template
/// `mark` that `marked` writes: its name, the design and the PDF its part builds.
pub fn every_part_kind(marked: &str) -> Vec<(&'static str, String, &'static str)> {
    let header = |set: &str| {
        format!(
            "[set]\nname = \"Kinds\"\n{set}\n[palette]\nred = \"#d62828\"\nblue = \"#1d5fd1\"\n"
        )
    };
    let tile = |n: u32| {
        format!(
            "\n[[tiles]]\nnumber = {n}\nedges = [\"-\", \"-\", \"-\", \"-\"]\ntemplate = \"mark\"\n"
        )
    };
    // Tiles, counters (their own fields), a track, board cells.
    let tiles = format!(
        "{}{}{}{}{marked}",
        header("shape = \"square\"\nedge_mm = 20\n"),
        tile(1),
        tile(2),
        tile(3)
    );
    let counters = format!(
        "{}\n[[counters]]\nname = \"c\"\ndiameter_mm = 20\nfront = \"mark\"\ncards = [{{ fields = {{ number = 1 }} }}, {{ fields = {{ number = 2 }} }}, {{ fields = {{ number = 7 }} }}]\n{marked}",
        header("")
    );
    let track = format!(
        "{}\n[[tracks]]\nname = \"score\"\nfrom = 1\nto = 5\ncell_mm = 20\ntemplate = \"mark\"\n{marked}",
        header("")
    );
    let board = format!(
        "{}\n[board]\ngrid = \"triangle\"\nregion = \"hexagon\"\nsize = 1\nedge_mm = 40.0\nkey = {{ r = \"red\", b = \"blue\" }}\ncells = [\"r b r\", \"b r b\"]\ntemplate = \"mark\"\n{marked}",
        header("")
    );
    let piece = |code: &str, n: u32, x: u32| {
        format!(
            "\n[[pieces]]\ncode = \"{code}\"\ngroup = \"one\"\ncells = [\"{x} 0\"]\nfields = {{ number = {n} }}\n"
        )
    };
    let pieces = format!(
        "{}\n[grid]\nkind = \"square\"\nsquare_mm = 20.0\n\n[[piece_groups]]\nname = \"one\"\nfront = {{ colour = \"red\", template = \"mark\" }}\nback = {{ colour = \"red\" }}\n{}{}{}{marked}",
        header(""),
        piece("A", 1, 0),
        piece("B", 2, 1),
        piece("C", 3, 2)
    );
    let nets = format!(
        "{}\n[[nets]]\nname = \"box\"\nsolid = \"cube\"\nedge_mm = 30.0\nfaces = [\"red\", \"red\", \"red\", \"red\", \"red\", \"red\"]\ntemplates = [\"mark\", \"mark\", \"mark\", \"mark\", \"mark\", \"mark\"]\n{marked}",
        header("")
    );
    vec![
        ("pieces", pieces, "d-pieces.pdf"),
        ("nets", nets, "d-nets.pdf"),
        ("tiles", tiles, "d.pdf"),
        ("counters", counters, "d-c.pdf"),
        ("track", track, "d-score.pdf"),
        ("board", board, "d-board.pdf"),
    ]
}

#[test]
fn the_documented_harbour_template_checks_and_builds() {
    let example = common::doc_example("### Styles from data");
    let (_, dir) = common::check_and_build("styles-doc", &example);
    assert!(Path::new(&dir.join("out/example/example-cards.pdf")).exists());
}
