//! A diagram's caption takes the faces' markup and a colour, and labels and captions draw a
//! character the outline font lacks from the design's fallback fonts — measured in the
//! built PDF; wrong markup, an unknown icon and an unknown colour are errors at their key,
//! exit 2, nothing written.

use crate::common;

use std::path::{Path, PathBuf};

use common::pdf::{Fill, bounds, fills};
use common::{code, scratch, text, tilepress};

/// DejaVu Sans Bold's cap height over its em (1493 / 2048).
const BOLD_CAP_PER_EM: f64 = 1493.0 / 2048.0;

/// Tantrix with `extra` appended, and a one-tile diagram of it whose `[diagram]` table ends
/// with `diagram_keys` and which adds `rest`, drawn into `out/`.
fn drawn(name: &str, extra: &str, diagram_keys: &str, rest: &str) -> (i32, String, PathBuf) {
    let toml = format!(
        "[diagram]\ndesign = \"tantrix.toml\"\nlegal = true\n{diagram_keys}\n\n\
         [[place]]\ntile = 1\nat = [0, 0]\n{rest}"
    );
    drawn_file(name, extra, &toml)
}

/// The diagram file `toml` of Tantrix with `extra` appended (`tantrix.toml` beside it, with
/// the test font in `fonts/`), drawn into `out/`.
fn drawn_file(name: &str, extra: &str, toml: &str) -> (i32, String, PathBuf) {
    let dir = scratch(name);
    let tantrix = std::fs::read_to_string(common::root().join("designs/tantrix.toml")).unwrap();
    std::fs::write(dir.join("tantrix.toml"), format!("{tantrix}\n{extra}\n")).unwrap();
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    let font = common::root().join("tests/fixtures/fonts/TestBar-Regular.ttf");
    std::fs::copy(font, dir.join("fonts/TestBar-Regular.ttf")).unwrap();
    std::fs::write(dir.join("d.toml"), toml).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"), dir)
}

/// What the first page of `out/d.pdf` fills in `colour`, and the bounds of it all, in mm.
fn ink(dir: &Path, colour: [u8; 3]) -> (Vec<Fill>, (f64, f64, f64, f64)) {
    let pdf = lopdf::Document::load(dir.join("out/d.pdf")).unwrap();
    let found: Vec<Fill> = fills(&pdf, 1).into_iter().filter(|f| f.colour == colour).collect();
    assert!(!found.is_empty(), "nothing drawn in {colour:?}");
    let points: Vec<(f64, f64)> = found.iter().flat_map(|f| f.points.clone()).collect();
    (found, bounds(&points))
}

const BLUE: [u8; 3] = [0x12, 0x34, 0x56];
/// Tantrix's palette red.
const RED: [u8; 3] = [0xd6, 0x28, 0x28];
const ICONS: &str = "[icons]\ngem = { shape = \"diamond\", colour = \"red\" }";

#[test]
fn a_caption_in_italic_is_as_tall_and_wider_in_its_own_colour() {
    let keys = |caption: &str| format!("caption = \"{caption}\"\ncaption_colour = \"#123456\"");
    let (status, said, plain) = drawn("caption-plain", "", &keys("HINT"), "");
    assert_eq!(status, 0, "{said}");
    let (status, said, italic) = drawn("caption-italic", "", &keys("*HINT*"), "");
    assert_eq!(status, 0, "{said}");
    let ((_, plain), (_, italic)) = (ink(&plain, BLUE), ink(&italic, BLUE));
    let (height, width) =
        (|b: (f64, f64, f64, f64)| b.3 - b.1, |b: (f64, f64, f64, f64)| b.2 - b.0);
    // A 2.6 mm capital, slanted: wider at the same height.
    assert!((height(plain) - 2.6).abs() < 0.02, "{plain:?}");
    assert!((height(italic) - height(plain)).abs() < 0.05, "{italic:?} vs {plain:?}");
    assert!(width(italic) > width(plain) + 0.3, "{italic:?} vs {plain:?}");
}

#[test]
fn a_caption_icon_is_as_tall_as_a_capital_and_stands_on_the_line() {
    let caption = "caption = \"HI :gem: HI\"\ncaption_colour = \"#123456\"";
    let (status, said, dir) = drawn("caption-icon", ICONS, caption, "");
    assert_eq!(status, 0, "{said}");
    let (_, text) = ink(&dir, BLUE);
    let (_, gem) = ink(&dir, RED);
    assert!((gem.3 - gem.1 - 2.6).abs() < 0.05, "the gem {gem:?}");
    // PDF y grows upwards: the capitals' and the gem's lowest points are the baseline.
    assert!((gem.1 - text.1).abs() < 0.05, "the gem {gem:?}, the text {text:?}");
    assert!(text.0 < gem.0 && gem.2 < text.2, "the gem between the words");
}

#[test]
fn a_new_line_in_a_caption_breaks_it_there() {
    let (status, said, dir) =
        drawn("caption-break", "", "caption = \"HI\\nHO\"\ncaption_colour = \"#123456\"", "");
    assert_eq!(status, 0, "{said}");
    let (lines, _) = ink(&dir, BLUE);
    let tops: Vec<f64> = lines.iter().map(|f| bounds(&f.points).3).collect();
    assert_eq!(tops.len(), 2, "two lines drawn: {tops:?}");
    // 1.7 cap heights from one baseline to the next.
    assert!(((tops[0] - tops[1]).abs() - 1.7 * 2.6).abs() < 0.05, "{tops:?}");
}

#[test]
fn labels_and_captions_take_a_character_the_outline_font_lacks_from_a_fallback() {
    let fonts = "[fonts]\nfallback = [\"fonts/TestBar-Regular.ttf\"]";
    let label =
        "\n[[label]]\ntext = \"\u{4e00}\"\nat = [0, 0]\ncolour = \"#fedcba\"\nsize_mm = 4\n";
    let caption = "caption = \"\u{4e00}\"\ncaption_colour = \"#123456\"";
    let (status, said, dir) = drawn("fallback-label", fonts, caption, label);
    assert_eq!(status, 0, "{said}");
    // The test font's one glyph: a bar 880 × 100 of its 1000-unit em, every face at the em
    // size whose capitals are the text's size.
    for (colour, cap) in [([0xfe, 0xdc, 0xba], 4.0), (BLUE, 2.6)] {
        let (_, bar) = ink(&dir, colour);
        let em = cap / BOLD_CAP_PER_EM;
        assert!((bar.2 - bar.0 - 0.88 * em).abs() < 0.01, "{cap} mm: {bar:?}");
        assert!((bar.3 - bar.1 - 0.1 * em).abs() < 0.01, "{cap} mm: {bar:?}");
    }
    // Without the fallback no font draws it: the legibility check says so at the key.
    let (status, said, _) = drawn("fallback-label-none", "", caption, label);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("no glyph for '\u{4e00}'"), "{said}");
}

#[test]
fn wrong_caption_markup_icons_and_colours_are_errors_at_their_key() {
    let cases = [
        (
            "caption-open",
            "caption = \"**One\"",
            "d.toml:4:",
            "the caption: `**` (bold) is opened and not closed",
        ),
        (
            "caption-icon-unknown",
            "caption = \"A :gme:\"",
            "d.toml:4:",
            "the caption: unknown icon `:gme:`",
        ),
        (
            "caption-colour-unknown",
            "caption = \"One\"\ncaption_colour = \"purpel\"",
            "d.toml:5:",
            "purpel",
        ),
    ];
    for (name, keys, at, message) in cases {
        let (status, said, dir) = drawn(name, ICONS, keys, "");
        assert_eq!(status, 2, "{name}: {said}");
        assert!(said.contains(at) && said.contains(message), "{name}: {said}");
        assert!(!dir.join("out").exists(), "{name}: wrote files");
    }
    let (_, said, _) = drawn("caption-icon-suggest", ICONS, "caption = \"A :gme:\"", "");
    assert!(said.contains("gem"), "did you mean: {said}");
}

#[test]
fn a_series_numbers_a_marked_up_caption() {
    let shipped = common::root().join("diagrams/tantrix-forced-space-series.toml");
    let series = std::fs::read_to_string(shipped)
        .unwrap()
        .replace("../designs/tantrix.toml", "tantrix.toml")
        .replace("\"A tile is laid\"", "\"*A tile* is laid :gem:\"");
    let (status, said, dir) = drawn_file("caption-series", ICONS, &series);
    assert_eq!(status, 0, "{said}");
    let gems = |file: &str| {
        let pdf = lopdf::Document::load(dir.join("out").join(file)).unwrap();
        fills(&pdf, 1).into_iter().filter(|f| f.colour == RED).count()
    };
    assert_eq!(gems("d-1.pdf"), 1, "the step's caption draws its icon");
    assert_eq!(gems("d-2.pdf"), 0, "the next step's does not");
}

#[test]
fn the_documented_marked_up_caption_builds_in_its_colour() {
    let designs = common::root().join("designs");
    let example = common::doc_example("**Labels and captions read markup.**")
        .replace("\"../designs/", &format!("\"{}/", designs.display()));
    let dir = scratch("caption-doc");
    std::fs::write(dir.join("d.toml"), &example).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    // Tantrix's palette blue, and the caption is what is drawn in it.
    let (_, caption) = ink(&dir, [0x1d, 0x5f, 0xd1]);
    let (_, page) = ink(&dir, [0xff, 0xff, 0xff]);
    assert!(caption.1 < 8.0 && caption.1 > page.1, "the caption at the foot: {caption:?}");
}
