//! `build --preset NAME`: a print shop's template in one option — The Game Crafter's poker
//! card faces (825 × 1125 px at 300 dpi, their dpi written in), Redprinting's one PDF of
//! pages at cut + 2 mm, front before back, Print & Play's 12 × 18 in sheets (3600 × 5400 px)
//! with their boxes; the documented example built; an unknown name answered with the
//! nearest, a deck of another size and a bleed too large for an item refused naming the
//! preset, nothing written; a poker preset applied to the poker deck alone, the other
//! parts keeping their own settings with one note; a run that writes no sheets (faces only) says nothing of sheets.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::pdf::{PT_PER_MM, boxes, close};
use common::png_image::decoded;
use common::{built, doc_example, names_in, qpdf_check, scratch};

fn example(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("shop.toml"), doc_example("### Print-shop presets")).unwrap();
    dir
}

/// Builds `shop.toml` in `dir` with `args`: the exit code and everything printed.
fn build(dir: &Path, args: &[&str]) -> (i32, String) {
    built(dir, "shop.toml", args)
}

#[test]
fn the_game_crafter_preset_writes_825_by_1125_px_faces_at_300_dpi() {
    let dir = example("preset-gamecrafter");
    let (code, said) = build(&dir, &["--preset", "gamecrafter-poker"]);
    assert_eq!(code, 0, "{said}");
    assert!(
        said.contains("preset gamecrafter-poker: The Game Crafter poker cards — bleed 3.175 mm, safe area 3.175 mm, 300 dpi (https://"),
        "{said}"
    );
    let folder = dir.join("out/shop");
    let files: Vec<String> =
        names_in(&folder).into_iter().filter(|n| !n.starts_with('.')).collect();
    assert_eq!(
        files,
        [
            "shop-cards-face-001-back.png",
            "shop-cards-face-001-front.png",
            "shop-cards-face-002-back.png",
            "shop-cards-face-002-front.png",
            "shop-cards-faces.csv"
        ]
    );
    for name in files.iter().filter(|n| n.ends_with(".png")) {
        let face = decoded(&folder.join(name));
        assert_eq!((face.width, face.height), (825, 1125), "{name}");
        assert_eq!(face.pixels_per_metre, Some((11811, 11811)), "{name}: 300 dpi");
    }
    // An option beside the preset wins.
    let (code, said) = build(&dir, &["--preset", "gamecrafter-poker", "--dpi", "150"]);
    assert_eq!(code, 0, "{said}");
    let face = decoded(&folder.join("shop-cards-face-001-front.png"));
    assert_eq!((face.width, face.height), (413, 563));
}

#[test]
fn the_redprinting_preset_writes_one_pdf_of_pages_at_cut_plus_2_mm() {
    let dir = example("preset-redprinting");
    let (code, said) = build(&dir, &["--preset", "redprinting-cards"]);
    assert_eq!(code, 0, "{said}");
    let pdf = dir.join("out/shop/shop-cards-faces.pdf");
    qpdf_check(&pdf);
    let pt = |mm: f64| mm * PT_PER_MM;
    let media = boxes(&pdf, b"MediaBox");
    assert_eq!(media.len(), 4, "two cards, front and back each");
    let trims = boxes(&pdf, b"TrimBox");
    for (media, trim) in media.iter().zip(trims) {
        assert!(close(*media, [0.0, 0.0, pt(67.5), pt(92.9)]), "{media:?}");
        assert!(close(trim, [pt(2.0), pt(2.0), pt(65.5), pt(90.9)]), "{trim:?}");
    }
}

#[test]
fn the_print_and_play_preset_prints_12_by_18_inch_portrait_sheets_at_300_dpi() {
    let dir = example("preset-printplay");
    let (code, said) = build(&dir, &["--preset", "printplay-sheets"]);
    assert_eq!(code, 0, "{said}");
    let folder = dir.join("out/shop");
    let sheet = decoded(&folder.join("shop-cards-sheet-01-front.png"));
    assert_eq!((sheet.width, sheet.height), (3600, 5400));
    let pdf = folder.join("shop-cards.pdf");
    qpdf_check(&pdf);
    let media = boxes(&pdf, b"MediaBox")[0];
    assert!(close(media, [0.0, 0.0, 864.0, 1296.0]), "{media:?}");
    let (trim, bleed) = (boxes(&pdf, b"TrimBox")[0], boxes(&pdf, b"BleedBox")[0]);
    assert!(((trim[0] - bleed[0]) / PT_PER_MM - 2.0).abs() < 0.001, "{trim:?} {bleed:?}");
}

#[test]
fn an_unknown_preset_a_deck_of_another_size_and_a_bleed_too_large_are_refused() {
    let dir = example("preset-refused");
    let (code, said) = build(&dir, &["--preset", "gamecrafter-pokr"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("--preset: unknown preset `gamecrafter-pokr`; did you mean `gamecrafter-poker`? (presets: gamecrafter-poker, redprinting-cards, printplay-sheets, drivethrucards-poker)"),
        "{said}"
    );
    assert!(!dir.join("out").exists());
    let design = fs::read_to_string(dir.join("shop.toml")).unwrap();
    fs::write(dir.join("shop.toml"), design.replace("\"poker-us\"", "\"poker\"")).unwrap();
    let (code, said) = build(&dir, &["--preset", "gamecrafter-poker"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("error: --preset gamecrafter-poker: The Game Crafter poker cards are cut at 63.5 × 88.9 mm, and deck `cards` is 63 × 88 mm"),
        "{said}"
    );
    assert!(said.contains("help: give the deck the product's size"), "{said}");
    assert!(!dir.join("out").exists());
    // A preset for every part gives its bleed to every part: too much for 3 mm counters.
    let counters = "\n[[counters]]\nname = \"chits\"\ndiameter_mm = 3\nfront = \"front\"\n\n[[counters.cards]]\nfields = { name = \"1\" }\n";
    fs::write(dir.join("shop.toml"), format!("{design}{counters}")).unwrap();
    let (code, said) = build(&dir, &["--preset", "redprinting-cards"]);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("error: --preset redprinting-cards: a bleed of 2 mm is more than half a counter of `chits` (3 × 3 mm): at most 1.5 mm fits"),
        "{said}"
    );
    assert!(!dir.join("out").exists());
}

#[test]
fn a_run_that_writes_no_sheets_says_nothing_of_sheets() {
    let dir = example("preset-no-sheets");
    // The Game Crafter takes face images: no sheet is written, so none is reported.
    let (code, said) = build(&dir, &["--preset", "gamecrafter-poker"]);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("\n  2 cards of 63.5 × 88.9 mm\n"), "{said}");
    assert!(!said.contains("sheet"), "{said}");
    assert!(names_in(&dir.join("out/shop")).iter().all(|name| !name.ends_with(".pdf")));
    // The same bleed on sheets: the sheets and what the bleed costs them are said.
    let (code, said) = build(&dir, &["--bleed", "3.175", "--format", "pdf"]);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("2 cards of 63.5 × 88.9 mm on 1 sheet(s) of A4"), "{said}");
    assert!(
        said.contains("note: a 3.175 mm bleed leaves room for 6 cards a sheet where 9 fit"),
        "{said}"
    );
}

#[test]
fn a_poker_preset_applies_to_the_poker_deck_and_the_other_parts_keep_their_own() {
    // Saltmarsh (cards, counters, a track and a map), its deck made The Game Crafter's size.
    let dir = scratch("preset-per-part");
    common::copy_folder(
        &common::root().join("designs/assets/saltmarsh"),
        &dir.join("assets/saltmarsh"),
    );
    let design = fs::read_to_string(common::root().join("designs/saltmarsh.toml")).unwrap();
    assert!(design.contains("size = \"poker\"\n"));
    let design = design.replace("size = \"poker\"\n", "size = \"poker-us\"\n");
    fs::write(dir.join("shop.toml"), design).unwrap();
    let (code, said) = build(&dir, &["--preset", "gamecrafter-poker"]);
    assert_eq!(code, 0, "{said}");
    let note = "; for deck `cards` only: counters `punts`, track `score`, map `marsh` keep their own settings";
    assert_eq!(said.matches(note).count(), 1, "{said}");
    // The deck's faces have the preset's bleed; the counters' their own (none): 20 mm.
    let size = |name: &str| {
        let face = decoded(&dir.join(format!("out/shop/{name}-face-001-front.png")));
        (face.width, face.height)
    };
    assert_eq!(size("shop-cards"), (825, 1125));
    let disc = (20.0f64 / 25.4 * 300.0).round() as u32;
    assert_eq!(size("shop-punts"), (disc, disc));
    // The same deck without the preset's bleed is the cut alone: the bleed was the preset's.
    let (code, said) = build(&dir, &["--format", "faces", "--dpi", "300"]);
    assert_eq!(code, 0, "{said}");
    assert_eq!(size("shop-cards"), (750, 1050));
}
