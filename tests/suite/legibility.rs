//! The legibility check on every part kind: a face template with five deliberate flaws (a
//! text that overflows its box, one shrunk below the smallest size, a pale label, a label
//! crossing a circle's outline, a character the font lacks) is reported once per flaw at
//! the flawed layer's line, exit 1, on tiles, pieces, cards, counters, tracks, boards and
//! nets; the same design corrected passes. A deck from a CSV with one overlong rules text
//! names the CSV row: `check` and `build --strict` exit 1, a plain `build` warns and builds.
//! Diagram labels, map coordinates and piece marks are held to the same rules.

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};

/// The template's layers, each on a line of its own, marked by a comment that names its
/// flaw; `good` corrects every flaw.
fn template(good: bool) -> String {
    let (overflow_box, shrink_box, pale, circle, glyph) = if good {
        ("[30, 4]", "[20, 4]", "#222222", "13", "Port")
    } else {
        ("[6, 3]", "[20, 0.9]", "#dddddd", "8", "港")
    };
    format!(
        r##"[faces.face]
layers = [
  {{ text = "Overlong", offset_mm = [0, -14], box_mm = {overflow_box}, size_mm = 2.5 }}, # overflow
  {{ text = "Shrunk", offset_mm = [0, -8], box_mm = {shrink_box}, size_mm = 3, fit = true }}, # shrink
  {{ text = "Pale", offset_mm = [0, -2.5], size_mm = 3, colour = "{pale}" }}, # contrast
  {{ shape = "circle", offset_mm = [0, 6], size_mm = {circle}, stroke = "#000000", stroke_mm = 0.5 }},
  {{ text = "Cross", offset_mm = [0, 6], size_mm = 3 }}, # collision
  {{ text = "{glyph}", offset_mm = [0, 15], size_mm = 3 }}, # glyph
]
"##
    )
}

/// One design per part kind, its items 40 mm across, every face with the template.
fn part(kind: &str) -> String {
    format!("{}\n[palette]\nwhite = \"#ffffff\"\n", part_tables(kind))
}

fn part_tables(kind: &str) -> &'static str {
    match kind {
        "tiles" => {
            "[set]\nname = \"T\"\nshape = \"square\"\nedge_mm = 40.0\ntemplate = \"face\"\n\n[[tiles]]\nnumber = 1\nedges = [\"white region\", \"white region\", \"white region\", \"white region\"]\n"
        }
        "pieces" => {
            "[set]\nname = \"P\"\n\n[grid]\nkind = \"square\"\nsquare_mm = 40.0\n\n[[piece_groups]]\nname = \"one\"\nfront = { colour = \"white\", template = \"face\" }\nback = { colour = \"white\" }\n\n[[pieces]]\ncode = \"A\"\ngroup = \"one\"\ncells = [\"0 0\"]\n"
        }
        "cards" => {
            "[set]\nname = \"C\"\n\n[[decks]]\nname = \"cards\"\nsize_mm = [50, 50]\nfront = \"face\"\n\n[[decks.cards]]\nfields = {}\n"
        }
        "counters" => {
            "[set]\nname = \"K\"\n\n[[counters]]\nname = \"chits\"\ndiameter_mm = 44\nfront = \"face\"\n\n[[counters.cards]]\nfields = {}\n"
        }
        "tracks" => {
            "[set]\nname = \"R\"\n\n[[tracks]]\nname = \"score\"\nfrom = 1\nto = 2\ncell_mm = 40\ntemplate = \"face\"\n"
        }
        "boards" => {
            "[set]\nname = \"B\"\n\n[grid]\nkind = \"square\"\nsquare_mm = 40.0\n\n[[piece_groups]]\nname = \"one\"\nfront = { colour = \"white\" }\nback = { colour = \"white\" }\n\n[[pieces]]\ncode = \"A\"\ngroup = \"one\"\ncells = [\"0 0\"]\n\n[board]\ncells = [\"0..1 0..0\"]\nfill = \"white\"\ntemplate = \"face\"\n"
        }
        "nets" => {
            "[set]\nname = \"N\"\n\n[[nets]]\nname = \"box\"\nsolid = \"cube\"\nedge_mm = 40.0\nfaces = [\"white\", \"white\", \"white\", \"white\", \"white\", \"white\"]\ntemplates = [\"face\", \"\", \"\", \"\", \"\", \"\"]\n"
        }
        other => panic!("no part kind {other}"),
    }
}

const KINDS: [&str; 7] = ["tiles", "pieces", "cards", "counters", "tracks", "boards", "nets"];

#[test]
fn every_flaw_is_found_once_at_its_line_on_every_part_kind() {
    for kind in KINDS {
        let design = format!("{}\n{}", part(kind), template(false));
        let dir = scratch(&format!("legibility-{kind}"));
        fs::write(dir.join("d.toml"), &design).unwrap();
        let check = tilepress(&dir, &["check", "d.toml"]);
        let (out, err) = text(&check);
        assert_eq!(code(&check), 1, "{kind}: {out}{err}");
        let problems: Vec<&str> = out.lines().filter(|l| l.contains(": problem: ")).collect();
        for (flaw, says) in [
            ("# overflow", "does not fit its 6 × 3 mm box"),
            ("# shrink", "smaller than the smallest readable size of 1.5 mm once shrunk"),
            ("# contrast", "stands out too little"),
            ("# collision", "crosses the lines of layer 4"),
            ("# glyph", "has no glyph for '港' (U+6E2F)"),
        ] {
            let line = design.lines().position(|l| l.contains(flaw)).unwrap() + 1;
            let at = format!("d.toml:{line}:");
            let found: Vec<&&str> = problems.iter().filter(|p| p.contains(&at)).collect();
            assert_eq!(found.len(), 1, "{kind} {flaw}: {problems:#?}");
            assert!(found[0].contains(says), "{kind} {flaw}: {}", found[0]);
        }
        assert_eq!(problems.len(), 5, "{kind}: {problems:#?}");
        let corrected = design.replace(&template(false), &template(true));
        fs::write(dir.join("d.toml"), &corrected).unwrap();
        let check = tilepress(&dir, &["check", "d.toml"]);
        assert_eq!(code(&check), 0, "{kind} corrected: {}{}", text(&check).0, text(&check).1);
    }
}

const DECK: &str = r##"[set]
name = "Rules"

[palette]
card = "#fdfaf2"
ink = "#222222"

[faces.front]
layers = [
  { shape = "circle", offset_mm = [0, -20], size_mm = 20, fill = "#1d4e89" },
  { text = "{rule}", offset_mm = [0, 18], box_mm = [50, 20], size_mm = 3, colour = "ink" },
]

[[decks]]
name = "cards"
size = "poker"
background = "card"
front = "front"
data = "cards.csv"
"##;

#[test]
fn an_overlong_rules_text_names_its_csv_row_and_stops_only_a_strict_build() {
    let dir = scratch("legibility-csv");
    let long = "Draw two cards. Discard one of them. Move your ship two spaces. \
                Every other player moves theirs one space back. Then the storm \
                moves to the next sea and sinks any ship it lands on.";
    let csv = format!("name,rule\nShip,Move one space.\nStorm,\"{long}\"\nCrew,Draw a card.\n");
    fs::write(dir.join("cards.csv"), csv).unwrap();
    fs::write(dir.join("d.toml"), DECK).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "{out}{err}");
    let problems: Vec<&str> = out.lines().filter(|l| l.contains(": problem: ")).collect();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let line = DECK.lines().position(|l| l.contains("{rule}")).unwrap() + 1;
    assert!(problems[0].starts_with(&format!("d.toml:{line}:")), "{}", problems[0]);
    assert!(problems[0].contains("card cards.csv row 3"), "{}", problems[0]);
    assert!(problems[0].contains("does not fit its 50 × 20 mm box"), "{}", problems[0]);
    let strict = tilepress(&dir, &["build", "--strict", "d.toml", "-o", "out"]);
    assert_eq!(code(&strict), 1, "{}", text(&strict).1);
    assert!(!dir.join("out").exists(), "a strict build with problems wrote files");
    let plain = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&plain), 0, "{}", text(&plain).1);
    assert!(text(&plain).1.contains("card cards.csv row 3"), "{}", text(&plain).1);
    assert!(dir.join("out/d/d-cards.pdf").exists());
}

#[test]
fn check_settings_out_of_range_are_errors_at_their_keys() {
    for (setting, says) in [
        ("safe_mm = -1", "`safe_mm` is -1 mm"),
        ("text_contrast = 30", "`text_contrast` is 30, not a contrast ratio"),
        ("min_text_mm = 11", "`min_text_mm` is 11 mm"),
        ("graphic_contrast = 0.5", "`graphic_contrast` is 0.5"),
        ("contrast = 3", "unknown field `contrast`"),
    ] {
        let design = format!("{}\n[check]\n{setting}\n", part("cards"));
        let dir = scratch("legibility-settings");
        fs::write(dir.join("d.toml"), format!("{design}\n{}", template(true))).unwrap();
        let check = tilepress(&dir, &["check", "d.toml"]);
        let (out, err) = text(&check);
        assert_eq!(code(&check), 2, "{setting}: {out}{err}");
        let line = design.lines().position(|l| l == setting).unwrap() + 1;
        assert!(err.contains(&format!("d.toml:{line}:")), "{setting}: {err}");
        assert!(err.contains(says), "{setting}: {err}");
    }
}

#[test]
fn a_decorative_layer_is_left_out_of_contrast_and_said_so_with_verbose() {
    let pale = template(true).replace("\"#222222\" }}", "\"#dddddd\", decorative = true }}");
    let pale = pale.replace("\"#222222\" }", "\"#dddddd\", decorative = true }");
    let design = format!("{}\n{pale}", part("cards"));
    let dir = scratch("legibility-decorative");
    fs::write(dir.join("d.toml"), &design).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 0, "{out}{err}");
    assert!(!out.contains("is decorative"), "said without --verbose: {out}");
    let verbose = tilepress(&dir, &["check", "--verbose", "d.toml"]);
    let (out, err) = text(&verbose);
    assert_eq!(code(&verbose), 0, "{out}{err}");
    assert!(out.contains("is decorative: its contrast and size are not checked"), "{out}");
    // Without the mark, the same colour is a problem.
    let marked = design.replace(", decorative = true", "");
    fs::write(dir.join("d.toml"), &marked).unwrap();
    assert_eq!(code(&tilepress(&dir, &["check", "d.toml"])), 1);
}

/// A diagram of one Tantrix tile with a pale label on the paper beside it (read on its
/// halo), a label the font has no glyph for, and a caption so long it shrinks below the
/// smallest size; `good` corrects them.
fn diagram(good: bool) -> String {
    let design = common::root().join("designs/tantrix.toml");
    let caption = if good { "One tile".to_string() } else { "a caption far too long ".repeat(14) };
    let (pale, glyph) = if good { ("#333333", "B") } else { ("#f4f4f4", "港") };
    format!(
        "[diagram]\ndesign = \"{}\"\ncaption = \"{caption}\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\n\n\
         [[label]]\ntext = \"A\"\nat = [1, 0]\ncolour = \"{pale}\"\n\n[[label]]\ntext = \"{glyph}\"\nat = [0, 0]\n",
        design.display()
    )
}

#[test]
fn diagram_labels_and_captions_are_held_to_the_check() {
    let dir = scratch("legibility-diagram");
    let bad = diagram(false);
    fs::write(dir.join("fig.toml"), &bad).unwrap();
    let output = tilepress(&dir, &["diagram", "fig.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 1, "{out}{err}");
    let all = format!("{out}{err}");
    let problems: Vec<&str> = all.lines().filter(|l| l.contains(": problem: ")).collect();
    for (key, says) in [
        ("caption = ", "the text of the caption is smaller than the smallest readable size"),
        ("text = \"港\"", "has no glyph for '港'"),
    ] {
        let line = bad.lines().position(|l| l.starts_with(key)).unwrap() + 1;
        let found: Vec<&&str> =
            problems.iter().filter(|p| p.starts_with(&format!("fig.toml:{line}:"))).collect();
        assert_eq!(found.len(), 1, "{key}: {problems:#?}");
        assert!(found[0].contains(says), "{key}: {}", found[0]);
    }
    // The pale label reads on its black halo; the rest is the figure's, not the position's.
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(all.contains("the figure's labels or caption do not read as printed"), "{all}");
    assert!(!all.contains("not legal"), "{all}");
    fs::write(dir.join("fig.toml"), diagram(true)).unwrap();
    let output = tilepress(&dir, &["diagram", "fig.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
}

/// Texts tilepress places itself: a map's cell coordinates (their size follows the cells)
/// and a piece's mark, in the built-in font of printable ASCII. `good` gives the map larger
/// cells on a light ground, and the mark a letter the font has in a dark colour.
fn placed_texts(good: bool) -> String {
    let (cell_mm, ground, mark, ink) =
        if good { (18, "sand", "A", "night") } else { (8, "night", "é", "lemon") };
    format!(
        "[set]\nname = \"Placed\"\n\n[palette]\nnight = \"#202020\"\nsand = \"#efe1bd\"\n\
         amber = \"#e0a030\"\nlemon = \"#f0e060\"\n\n[grid]\nkind = \"hex\"\nedge_mm = 15.0\n\n\
         [[piece_groups]]\nname = \"player\"\nfront = {{ colour = \"amber\", mark = \"{mark}\", \
         mark_colour = \"{ink}\" }}\nback = {{ colour = \"amber\" }}\n\n[[pieces]]\ncode = \"H1\"\n\
         group = \"player\"\ncells = [\"0 0\"]\n\n[[maps]]\nname = \"marsh\"\ngrid = \"hex\"\n\
         columns = 3\nrows = 2\ncell_mm = {cell_mm}\nbackground = \"{ground}\"\n"
    )
}

#[test]
fn map_labels_and_piece_marks_are_held_to_the_check() {
    let dir = scratch("legibility-placed");
    let bad = placed_texts(false);
    fs::write(dir.join("d.toml"), &bad).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "{out}{err}");
    let problems: Vec<&str> = out.lines().filter(|l| l.contains(": problem: ")).collect();
    let line_of = |start: &str| bad.lines().position(|l| l.starts_with(start)).unwrap() + 1;
    let (maps, mark) = (line_of("[[maps]]"), line_of("front = "));
    for (line, says) in [
        (maps, "the cell labels of map `marsh` is smaller than the smallest readable size"),
        (maps, "the cell labels of map `marsh` (#000000) stands out too little"),
        (mark, "the piece's mark has no glyph for 'é' (U+00E9)"),
        (mark, "the piece's mark (#f0e060) stands out too little"),
    ] {
        let at = format!("d.toml:{line}:");
        let found: Vec<&&str> =
            problems.iter().filter(|p| p.starts_with(&at) && p.contains(says)).collect();
        assert_eq!(found.len(), 1, "{says}: {problems:#?}");
    }
    assert_eq!(problems.len(), 4, "one message per cause, not one per cell: {problems:#?}");
    fs::write(dir.join("d.toml"), placed_texts(true)).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "corrected: {}{}", text(&check).0, text(&check).1);
}

/// A pale grey square as an SVG image: it stands out from a white face by 1.2 : 1.
const PALE_SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" height=\"10\" fill=\"#eeeeee\"/></svg>";

#[test]
fn a_pale_icon_is_a_problem_and_a_pale_picture_is_not_on_every_part_kind() {
    for kind in KINDS {
        for (size, problem) in [(8, true), (19, true), (20, false), (24, false)] {
            let template = format!(
                "[faces.face]\nlayers = [\n  {{ image = \"pale.svg\", size_mm = {size} }},\n]\n"
            );
            let dir = scratch(&format!("legibility-picture-{kind}-{size}"));
            fs::write(dir.join("d.toml"), format!("{}\n{template}", part(kind))).unwrap();
            fs::write(dir.join("pale.svg"), PALE_SVG).unwrap();
            let check = tilepress(&dir, &["check", "d.toml"]);
            let (out, err) = text(&check);
            let said = out.contains("stands out too little");
            assert_eq!(
                (code(&check), said),
                if problem { (1, true) } else { (0, false) },
                "{kind} {size} mm: {out}{err}"
            );
        }
    }
}

#[test]
fn text_shrunk_below_seventy_percent_to_fit_is_noted_on_every_part_kind() {
    for kind in KINDS {
        // Six capital Ws are about 33 mm wide at a 4 mm cap height.
        for (width, noted) in [(30, false), (18, true)] {
            let template = format!(
                "[faces.face]\nlayers = [\n  {{ text = \"WWWWWW\", box_mm = [{width}, 6], size_mm = 4, fit = true, colour = \"#222222\" }},\n]\n"
            );
            let dir = scratch(&format!("legibility-shrunk-{kind}-{width}"));
            fs::write(dir.join("d.toml"), format!("{}\n{template}", part(kind))).unwrap();
            let check = tilepress(&dir, &["check", "d.toml"]);
            let (out, err) = text(&check);
            assert_eq!(code(&check), 0, "{kind} {width} mm: {out}{err}");
            let note = out.lines().find(|l| l.contains(": note: "));
            assert_eq!(note.is_some(), noted, "{kind} {width} mm: {out}");
            if let Some(note) = note {
                let line = part(kind).lines().count() + 4;
                assert!(note.starts_with(&format!("d.toml:{line}:")), "{note}");
                assert!(
                    note.contains("is shrunk to fit to ") && note.contains(" mm of 4 mm)"),
                    "{note}"
                );
            }
        }
    }
}
