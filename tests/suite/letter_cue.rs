//! The `letter` cue on dots (issue 49): the colour name's capital on every dot of that
//! colour — tile half-dots, a painted board's dots, nets' balls — told apart by the
//! colour-vision check when the letters differ, measured in the PDF, and refused below the
//! smallest text size or on a colour whose name has no letter.

use crate::colour_vision::dotted;
use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
use common::{check_text, code, place_of, refused_in, root, scratch, text, tilepress};

/// Red and green dots 4 mm in radius, green lettered.
fn lettered(cues: &str) -> String {
    dotted(&format!("\n[cues]\n{cues}\n")).replace(
        "[style]\nbackground = \"black\"",
        "[style]\nbackground = \"black\"\ndot_radius_mm = 4.0",
    )
}

#[test]
fn letters_tell_dots_apart_unless_they_are_the_same_letter() {
    let (status, out) = check_text("letter-green", "d.toml", &lettered("green = \"letter\""));
    assert_eq!(status, 0, "{out}");
    // R on red and G on green differ too.
    let both = lettered("green = \"letter\"\nred = \"letter\"");
    let (status, out) = check_text("letter-both", "d.toml", &both);
    assert_eq!(status, 0, "{out}");
    // Garnet and green both draw a G: no help to a deuteranope.
    let garnet = both.replace("red", "garnet");
    let (status, out) = check_text("letter-garnet", "d.toml", &garnet);
    assert_eq!(status, 1, "{out}");
    let at = place_of(&garnet, "\"#1f9e45\"");
    assert!(
        out.contains(&format!("d.toml:{at}: problem: garnet and green look alike to deuteranopes")),
        "{out}"
    );
}

#[test]
fn a_letter_on_each_green_half_dot_measures_half_its_radius_inside_it() {
    let design = lettered("green = \"letter\"");
    let dir = scratch("letter-built");
    fs::write(dir.join("d.toml"), &design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d.pdf")).unwrap();
    let all = fills(&pdf, 1);
    let of = |colour: [u8; 3]| -> Vec<(f64, f64, f64, f64)> {
        all.iter()
            .filter(|f| f.colour == colour && f.points.len() > 4)
            .map(|f| bounds(&f.points))
            .collect()
    };
    let green = of([0x1f, 0x9e, 0x45]);
    assert_eq!(green.len(), 4, "{green:?}");
    // The letters: black fills smaller than a dot, each inside a green half-dot's bounds,
    // half the dot's radius across the edge the dot sits on (the face is drawn grown by
    // its bleed, the dot and its letter with it).
    let letters: Vec<(f64, f64, f64, f64)> =
        of([0, 0, 0]).into_iter().filter(|b| (b.2 - b.0).max(b.3 - b.1) < 4.0).collect();
    assert_eq!(letters.len(), 4, "{letters:?}");
    for letter in &letters {
        let dot = green
            .iter()
            .find(|d| letter.0 > d.0 && letter.2 < d.2 && letter.1 > d.1 && letter.3 < d.3)
            .unwrap_or_else(|| panic!("{letter:?} inside no green dot of {green:?}"));
        // Across the edge: the half-dot's shorter side (4 mm; 8 mm along the edge).
        let (dot_w, dot_h) = (dot.2 - dot.0, dot.3 - dot.1);
        let across = if dot_w < dot_h { letter.2 - letter.0 } else { letter.3 - letter.1 };
        let radius = dot_w.min(dot_h);
        assert!((radius - 4.0).abs() < 0.25, "{dot:?}");
        assert!((across / radius - 0.5).abs() < 0.03, "{across} mm across the edge: {letter:?}");
    }
}

#[test]
fn a_letter_on_a_painted_boards_dots_and_on_balls() {
    // Trans-Rabat's board has dots, and its pawns balls, in red, yellow, blue and green; the
    // balls (0.2 of a face's inradius) are too small for a letter at the smallest text size.
    let shipped = fs::read_to_string(root().join("designs/trans-rabat.toml")).unwrap();
    let cued = shipped.replace("[sheet]", "[cues]\ngreen = \"letter\"\n\n[sheet]");
    let dir = scratch("letter-balls-small");
    fs::write(dir.join("bad.toml"), &cued).unwrap();
    let err = refused_in(&dir);
    let at = place_of(&cued, "\"letter\"");
    let wanted = format!(
        "bad.toml:{at}: error: the cue `letter` on green's 4.619 mm dots draws a letter 1.15 mm tall, under the smallest text size (1.5 mm)"
    );
    assert!(err.contains(&wanted), "{err}");
    // With a smaller floor it is drawn on the board's dots and on the balls.
    let lowered = cued.replace("[cues]", "[check]\nmin_text_mm = 1.1\n\n[cues]");
    let dir = scratch("letter-board");
    fs::write(dir.join("trans-rabat.toml"), &lowered).unwrap();
    let check = tilepress(&dir, &["check", "trans-rabat.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let build = tilepress(&dir, &["build", "trans-rabat.toml", "-o", "out", "--format", "svg"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let plain = dir.join("plain");
    let before = tilepress(
        &root(),
        &["build", "designs/trans-rabat.toml", "-o", &plain.to_string_lossy(), "--format", "svg"],
    );
    assert_eq!(code(&before), 0);
    // Every sheet with green dots or balls gains letter outlines; nothing else moves.
    let (mut board, mut nets) = (0, 0);
    for entry in fs::read_dir(dir.join("out/trans-rabat")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap();
        let lettered = fs::read_to_string(&path).unwrap();
        let plain = fs::read_to_string(dir.join("plain/trans-rabat").join(name)).unwrap();
        let gained = lettered.matches("<path").count() - plain.matches("<path").count();
        let part = if name.to_string_lossy().contains("board") { &mut board } else { &mut nets };
        *part += gained;
    }
    assert!(board > 0 && nets > 0, "letters on the board: {board}, on the nets: {nets}");
}

#[test]
fn a_letter_below_the_smallest_text_or_without_a_letter_is_refused_at_the_cue() {
    let small =
        lettered("green = \"letter\"").replace("dot_radius_mm = 4.0", "dot_radius_mm = 2.0");
    let dir = scratch("letter-small");
    fs::write(dir.join("bad.toml"), &small).unwrap();
    let err = refused_in(&dir);
    let at = place_of(&small, "\"letter\"");
    let wanted = format!(
        "bad.toml:{at}: error: the cue `letter` on green's 4 mm dots draws a letter 1.00 mm tall, under the smallest text size (1.5 mm)"
    );
    assert!(err.contains(&wanted), "{err}");
    let nameless = lettered("\"_\" = \"letter\"")
        .replace("black = \"#000000\"", "black = \"#000000\"\n\"_\" = \"#1f9e45\"")
        .replace("green dot", "_ dot");
    let dir = scratch("letter-nameless");
    fs::write(dir.join("bad.toml"), &nameless).unwrap();
    let err = refused_in(&dir);
    assert!(
        err.contains("error: `_` has no letter or digit for the cue `letter` to draw"),
        "{err}"
    );
}
