//! Inline markup, measured in the built PDF: a bold run is wider than the same run regular,
//! an italic run is drawn in other outlines, an inline icon is as tall as a capital and
//! stands on the baseline, a line break and an escape print as written, a character the
//! face lacks comes from a fallback font; and every bad input is an error at its key or at
//! the data cell it comes from, exit 2, nothing written.

use crate::common;

use std::path::{Path, PathBuf};

use common::pdf::{Fill, fills};
use common::{code, scratch, text, tilepress};

/// A one-card deck whose front holds `layers` (each a TOML inline table), with an `[icons]`
/// table and the rest of the design given in `extra`; its `rule` field comes from a CSV.
fn design(layers: &[&str], extra: &str) -> String {
    format!(
        r##"[set]
name = "Markup"

[palette]
paper = "#ffffff"
one = "#110000"
two = "#002200"
three = "#000033"
four = "#ff8800"
gold = "#e2b33c"

{extra}

[faces.front]
layers = [
  {{ shape = "rectangle", box_mm = [63, 88], fill = "paper" }},
  {}
]

[faces.back]
layers = [{{ shape = "rectangle", box_mm = [63, 88], fill = "gold" }}]

[[decks]]
name = "cards"
size = "poker"
front = "front"
back = "back"
data = "cards.csv"
"##,
        layers.join(",\n  ")
    )
}

/// Writes `toml` and `csv` into a scratch folder and runs `check` and `build`; the folder
/// and both runs' exit codes and messages.
fn run(name: &str, toml: &str, csv: &str) -> (PathBuf, (i32, String), (i32, String)) {
    let dir = scratch(name);
    std::fs::write(dir.join("game.toml"), toml).unwrap();
    std::fs::write(dir.join("cards.csv"), csv).unwrap();
    let said = |args: &[&str]| {
        let output = tilepress(&dir, args);
        let (out, err) = text(&output);
        (code(&output), format!("{out}{err}"))
    };
    let check = said(&["check", "game.toml"]);
    let build = said(&["build", "game.toml", "-o", "out"]);
    (dir, check, build)
}

/// The front page's fills, built cleanly.
fn built_fills(name: &str, toml: &str, csv: &str) -> Vec<Fill> {
    let (dir, check, build) = run(name, toml, csv);
    assert_eq!(check.0, 0, "{}", check.1);
    assert_eq!(build.0, 0, "{}", build.1);
    let pdf = lopdf::Document::load(dir.join("out/game/game-cards.pdf")).unwrap();
    fills(&pdf, 1)
}

/// The box around every point of the fills of `colour`: (x0, y0, x1, y1), y up.
fn ink(fills: &[Fill], colour: [u8; 3]) -> (f64, f64, f64, f64) {
    let points: Vec<(f64, f64)> =
        fills.iter().filter(|f| f.colour == colour).flat_map(|f| f.points.clone()).collect();
    assert!(!points.is_empty(), "nothing drawn in {colour:?}");
    common::pdf::bounds(&points)
}

const CSV: &str = "name,rule\nOne,**Harbour**\n";

#[test]
fn a_bold_run_is_wider_than_regular_and_an_italic_one_is_other_outlines() {
    let layers = [
        r#"{ text = "Harbour", font = "regular", size_mm = 4, colour = "one", offset_mm = [0, -25] }"#,
        r#"{ text = "{rule}", font = "regular", size_mm = 4, colour = "two", offset_mm = [0, -15] }"#,
        r#"{ text = "*Harbour*", font = "regular", size_mm = 4, colour = "three", offset_mm = [0, -5] }"#,
    ];
    let found = built_fills("markup-bold", &design(&layers, ""), CSV);
    let (regular, bold, italic) =
        (ink(&found, [0x11, 0, 0]), ink(&found, [0, 0x22, 0]), ink(&found, [0, 0, 0x33]));
    let width = |b: (f64, f64, f64, f64)| b.2 - b.0;
    assert!(width(bold) > width(regular) * 1.08, "bold {bold:?}, regular {regular:?}");
    // The same capital height: one em size for every face.
    let height = |b: (f64, f64, f64, f64)| b.3 - b.1;
    assert!((height(bold) - height(regular)).abs() < 0.3, "{bold:?} {regular:?}");
    let shape = |colour: [u8; 3]| -> Vec<usize> {
        found.iter().filter(|f| f.colour == colour).map(|f| f.points.len()).collect()
    };
    assert_ne!(shape([0, 0, 0x33]), shape([0x11, 0, 0]), "italic drawn in the regular outlines");
    assert!((height(italic) - height(regular)).abs() < 0.3, "{italic:?} {regular:?}");
}

#[test]
fn an_inline_icon_is_a_capital_tall_and_stands_on_the_baseline() {
    let icons =
        "[icons]\nbox = { shape = \"square\", colour = \"four\" }\nplain = { shape = \"square\" }";
    let layers = [
        r#"{ text = "H :box: H", font = "regular", size_mm = 4, colour = "three" }"#,
        r#"{ text = "H:plain:", size_mm = 6, colour = "one", offset_mm = [0, 20] }"#,
    ];
    let found = built_fills("markup-icon", &design(&layers, icons), CSV);
    let (letters, icon) = (ink(&found, [0, 0, 0x33]), ink(&found, [0xff, 0x88, 0]));
    assert!((letters.3 - letters.1 - 4.0).abs() < 0.05, "H is {letters:?}");
    assert!((icon.3 - icon.1 - 4.0).abs() < 0.05, "the icon is {icon:?}");
    assert!(
        (icon.1 - letters.1).abs() < 0.05,
        "the icon's foot {icon:?}, the baseline {letters:?}"
    );
    // Between the two H's, with room either side.
    assert!(icon.0 > letters.0 + 2.0 && icon.2 < letters.2 - 2.0, "{icon:?} in {letters:?}");
    // An icon without a colour takes the text's: 6 mm of it, beside a 6 mm H.
    let plain = ink(&found, [0x11, 0, 0]);
    assert!((plain.3 - plain.1 - 6.0).abs() < 0.05, "{plain:?}");
    assert!(plain.2 - plain.0 > 2.0 * 6.0 * 0.6, "H and a square: {plain:?}");
}

#[test]
fn line_breaks_and_escapes_print_as_written() {
    let layers = [
        r#"{ text = "{rule}", font = "regular", size_mm = 3, colour = "one", offset_mm = [0, -20] }"#,
        r#"{ text = "Harbour", font = "regular", size_mm = 3, colour = "two", offset_mm = [0, 10] }"#,
        r#"{ text = "\\*Harbour\\*", font = "regular", size_mm = 3, colour = "three", offset_mm = [0, 20] }"#,
    ];
    let csv = "name,rule\nOne,Harbour\\nHarbour\n";
    let found = built_fills("markup-breaks", &design(&layers, ""), csv);
    let (two_lines, one_line) = (ink(&found, [0x11, 0, 0]), ink(&found, [0, 0x22, 0]));
    assert!(two_lines.3 - two_lines.1 > 2.0 * 3.0, "a line break: {two_lines:?}");
    assert!((two_lines.2 - two_lines.0 - (one_line.2 - one_line.0)).abs() < 0.01);
    // Escaped stars print: wider than the word, in the regular face's height.
    let starred = ink(&found, [0, 0, 0x33]);
    assert!(starred.2 - starred.0 > one_line.2 - one_line.0 + 2.0, "{starred:?}");
}

#[test]
fn a_character_the_face_lacks_comes_from_a_fallback_font() {
    // The bundled regular face is cut to Latin, Greek and Cyrillic: no Hebrew. The whole
    // DejaVu Sans Bold has it.
    let layer = r#"{ text = "Aשלום", font = "regular", size_mm = 4, colour = "one" }"#;
    let without = design(&[layer], "");
    let (_, check, build) = run("markup-no-fallback", &without, CSV);
    assert_eq!(check.0, 1, "{}", check.1);
    assert!(check.1.contains("has no glyph for 'ש'"), "{}", check.1);
    assert_eq!(build.0, 0, "{}", build.1);
    let with = design(&[layer], "[fonts]\nfallback = [\"fonts/DejaVuSans-Bold.ttf\"]");
    let dir = scratch("markup-fallback");
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    let font = common::root().join("assets/fonts/DejaVuSans-Bold.ttf");
    std::fs::copy(font, dir.join("fonts/DejaVuSans-Bold.ttf")).unwrap();
    std::fs::write(dir.join("game.toml"), &with).unwrap();
    std::fs::write(dir.join("cards.csv"), CSV).unwrap();
    let output = tilepress(&dir, &["check", "game.toml"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let output = tilepress(&dir, &["build", "game.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let pdf = lopdf::Document::load(dir.join("out/game/game-cards.pdf")).unwrap();
    let drawn = ink(&fills(&pdf, 1), [0x11, 0, 0]);
    let plain_design =
        design(&[r#"{ text = "A", font = "regular", size_mm = 4, colour = "one" }"#], "");
    let alone = ink(&built_fills("markup-fallback-plain", &plain_design, CSV), [0x11, 0, 0]);
    let (drawn, alone) = (drawn.2 - drawn.0, alone.2 - alone.0);
    assert!(
        drawn > alone + 4.0 * 2.0,
        "the Hebrew letters drawn: {drawn} mm wide, A alone {alone} mm"
    );
}

/// The 1-based line `needle` is first written on.
fn line_of_text(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect(needle)].matches('\n').count() + 1
}

/// Runs `toml` with `csv` and expects both `check` and `build` refused at `at` (`file:line:`)
/// with `message` and a help.
fn refused(name: &str, toml: &str, csv: &str, at: &str, message: &str) {
    let (dir, check, build) = run(name, toml, csv);
    for (what, (status, said)) in [("check", &check), ("build", &build)] {
        assert_eq!(*status, 2, "{name} {what}: {said}");
        assert!(said.contains(at), "{name} {what}: not at {at}: {said}");
        assert!(said.contains(message), "{name} {what}: {said}");
        assert!(said.contains("help:"), "{name} {what}: no help: {said}");
    }
    assert!(!Path::new(&dir.join("out")).exists(), "{name}: wrote files");
}

#[test]
fn bad_markup_fonts_and_icons_are_errors_at_their_place() {
    let icons = "[icons]\ncoin = { shape = \"circle\", colour = \"gold\" }";
    let layer = |text: &str| format!(r#"{{ text = "{text}", font = "regular", size_mm = 3 }}"#);
    // In the design: at the key.
    let toml = design(&[&layer("**bold")], icons);
    let at = format!("game.toml:{}:", line_of_text(&toml, "**bold"));
    refused("markup-unbalanced", &toml, CSV, &at, "`**` (bold) is opened and not closed");
    let toml = design(&[&layer("Pay :con:")], icons);
    let at = format!("game.toml:{}:", line_of_text(&toml, ":con:"));
    refused("markup-unknown-icon", &toml, CSV, &at, "unknown icon `:con:`");
    refused("markup-unknown-icon-help", &toml, CSV, &at, "did you mean `:coin:`?");
    // From the data: at the cell, naming the template's key.
    let toml = design(&[&layer("{rule}")], icons);
    let key = format!("game.toml:{}:", line_of_text(&toml, "{rule}"));
    let csv = "name,rule\nOne,fine\nTwo,*italic\n";
    refused("markup-cell", &toml, csv, "cards.csv:3:2:", "`*` (italic) is opened and not closed");
    refused(
        "markup-cell-key",
        &toml,
        csv,
        "cards.csv:3:2:",
        &format!("read by {}", key.trim_end_matches(':')),
    );
    let csv = "name,rule\nOne,Pay :coins:\n";
    refused("markup-cell-icon", &toml, csv, "cards.csv:2:2:", "unknown icon `:coins:`");
    refused(
        "markup-trailing-backslash",
        &toml,
        "name,rule\nOne,ends \\\n",
        "cards.csv:2:2:",
        "lone `\\`",
    );
    // A face the family does not have.
    let family = "[fonts.families.body]\nregular = \"fonts/body.ttf\"";
    let dir_font = |name: &str| {
        let dir = scratch(name);
        std::fs::create_dir_all(dir.join("fonts")).unwrap();
        let font = common::root().join("assets/fonts/DejaVuSans-subset.ttf");
        std::fs::copy(font, dir.join("fonts/body.ttf")).unwrap();
        dir
    };
    let toml = design(&[r#"{ text = "**x**", font = "body", size_mm = 3 }"#], family);
    let dir = dir_font("markup-no-bold");
    std::fs::write(dir.join("game.toml"), &toml).unwrap();
    std::fs::write(dir.join("cards.csv"), CSV).unwrap();
    let output = tilepress(&dir, &["check", "game.toml"]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert!(err.contains("has no bold face for the markup"), "{err}");
    // The family is used without markup.
    let toml = design(&[r#"{ text = "x", font = "body", size_mm = 3 }"#], family);
    std::fs::write(dir.join("game.toml"), &toml).unwrap();
    let output = tilepress(&dir, &["check", "game.toml"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    // Files that cannot be read, names and tables that cannot be used.
    let cases: [(&str, &str, &str, &str); 7] = [
        (
            "fallback-missing",
            "[fonts]\nfallback = [\"fonts/cjk.otf\"]",
            "fonts/cjk.otf",
            "font file `fonts/cjk.otf` not found",
        ),
        (
            "family-missing",
            "[fonts.families.body]\nregular = \"fonts/nope.ttf\"",
            "fonts/nope.ttf",
            "not found",
        ),
        (
            "family-bundled-name",
            "[fonts.families.regular]\nregular = \"x.ttf\"",
            "[fonts.families.regular]",
            "has the name of a bundled face",
        ),
        (
            "icon-file-missing",
            "[icons]\nstorm = \"icons/strom.svg\"",
            "storm =",
            "icon image file `icons/strom.svg` not found",
        ),
        (
            "icon-bad-shape",
            "[icons]\nstorm = { shape = \"sqare\" }",
            "storm =",
            "did you mean `square`?",
        ),
        (
            "icon-both",
            "[icons]\nstorm = { shape = \"star\", image = \"a.svg\" }",
            "storm =",
            "one of `image` and `shape`",
        ),
        (
            "icon-bad-name",
            "[icons]\n\"2x\" = { shape = \"star\" }",
            "\"2x\" =",
            "cannot be written as `:2x:`",
        ),
    ];
    for (name, extra, needle, message) in cases {
        let toml = design(&[&layer("x")], extra);
        let at = format!("game.toml:{}:", line_of_text(&toml, needle));
        refused(&format!("markup-{name}"), &toml, CSV, &at, message);
    }
}

#[test]
fn the_documented_markup_example_builds_with_its_icons() {
    let example = common::doc_example("### Markup, inline icons and fonts");
    let (out, dir) = common::check_and_build("markup-doc", &example);
    assert!(out.contains("2 cards"), "{out}");
    let pdf = lopdf::Document::load(dir.join("out/example/example-rules.pdf")).unwrap();
    // Two coins in the gold of the palette on the first card.
    let coins = fills(&pdf, 1).into_iter().filter(|f| f.colour == [0xc8, 0x96, 0x1e]).count();
    assert_eq!(coins, 2, "the coins drawn");
}

#[test]
fn the_documented_fonts_table_builds_with_a_family_and_a_fallback() {
    // The docs' [fonts] table, with DejaVu faces under the names it gives.
    let fonts = common::doc_example("**Fonts.** The bundled");
    let example = common::doc_example("### Markup, inline icons and fonts")
        .replace("font = \"regular\"", "font = \"body\"")
        .replace("[icons]", &format!("{fonts}\n[icons]"))
        .replace("take a crate.", "take a crate: שלום.");
    let dir = scratch("markup-doc-fonts");
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    let bundled = common::root().join("assets/fonts");
    for (file, face) in [
        ("NotoSansJP-Regular.otf", "DejaVuSans-Bold.ttf"),
        ("Body-Regular.ttf", "DejaVuSans-subset.ttf"),
        ("Body-Bold.ttf", "DejaVuSans-Bold-subset.ttf"),
        ("Body-Italic.ttf", "DejaVuSans-Oblique-subset.ttf"),
        ("Body-BoldItalic.ttf", "DejaVuSans-BoldOblique-subset.ttf"),
    ] {
        std::fs::copy(bundled.join(face), dir.join("fonts").join(file)).unwrap();
    }
    std::fs::write(dir.join("example.toml"), &example).unwrap();
    for args in [&["check", "example.toml"][..], &["build", "example.toml", "-o", "out"]] {
        let output = tilepress(&dir, args);
        assert_eq!(code(&output), 0, "{args:?}: {:?}", text(&output));
    }
    // Without the fallback, the Hebrew word has no glyph in the family's faces.
    let without = example.replace("fallback = [\"fonts/NotoSansJP-Regular.otf\"]", "");
    std::fs::write(dir.join("example.toml"), without).unwrap();
    let output = tilepress(&dir, &["check", "example.toml"]);
    assert_eq!(code(&output), 1, "{:?}", text(&output));
    assert!(text(&output).0.contains("has no glyph for 'ש'"), "{:?}", text(&output));
}

/// A Tantrix diagram with one tile and a `label` (a TOML string value), drawn into `out/`.
fn labelled_diagram(name: &str, label: &str) -> (i32, String, PathBuf) {
    let dir = scratch(name);
    let design = common::root().join("designs/tantrix.toml");
    let toml = format!(
        "[diagram]\ndesign = \"{}\"\ncaption = \"One tile\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\n\n\
         [[label]]\ntext = {label}\nat = [0, 0]\ncolour = \"#fedcba\"\nsize_mm = 4\n",
        design.display()
    );
    std::fs::write(dir.join("d.toml"), toml).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"), dir)
}

#[test]
fn a_diagram_label_takes_the_same_markup() {
    let label_ink = |dir: &Path| {
        let pdf = lopdf::Document::load(dir.join("out/d.pdf")).unwrap();
        ink(&fills(&pdf, 1), [0xfe, 0xdc, 0xba])
    };
    let (status, said, plain) = labelled_diagram("markup-label-plain", "\"HI\"");
    assert_eq!(status, 0, "{said}");
    let (status, said, italic) = labelled_diagram("markup-label-italic", "\"*HI*\"");
    assert_eq!(status, 0, "{said}");
    let (plain, italic) = (label_ink(&plain), label_ink(&italic));
    // As tall (a 4 mm capital), slanted: wider at the same height.
    assert!((plain.3 - plain.1 - 4.0).abs() < 0.05, "{plain:?}");
    assert!((italic.3 - italic.1 - 4.0).abs() < 0.3, "{italic:?}");
    assert!(italic.2 - italic.0 > plain.2 - plain.0 + 0.3, "{italic:?} vs {plain:?}");
    for (name, label, message) in [
        ("markup-label-open", "\"**Hi\"", "a label: `**` (bold) is opened and not closed"),
        ("markup-label-icon", "\"Hi :coin:\"", "a label: unknown icon `:coin:`"),
    ] {
        let (status, said, dir) = labelled_diagram(name, label);
        assert_eq!(status, 2, "{name}: {said}");
        assert!(said.contains("d.toml:11:") && said.contains(message), "{name}: {said}");
        assert!(!dir.join("out").exists(), "{name}: wrote files");
    }
}
