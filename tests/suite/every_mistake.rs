//! Every mistake in one run (issue 51): a design's unknown keys, its data file's unreadable
//! rows and cells, and the files and names its cells give are all reported by one `check`,
//! `build`, `diagram` and `serve`, each at its place, up to the documented cap; nothing is
//! written.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::server::Server;
use common::{code, place_of, scratch, text, tilepress};

/// A deck whose key `count_column` is misspelt, reading `cards.csv`.
const DESIGN: &str = r##"[set]
name = "Orchard"

[palette]
ink = "#1b1b1b"
cream = "#fdf6e3"

[faces.front]
layers = [
  { text = "{name}", size_mm = 5, colour = "ink" },
  { image = "{picture}", size_mm = 20, offset_mm = [0, -15] },
]

[[decks]]
name = "cards"
size = "poker"
background = "cream"
front = "front"
data = "cards.csv"
coutn_column = "count"
"##;

/// Four bad cells: two pictures that are not there, a count that is no number, and a row
/// with a comma too many.
const CSV: &str = "name,picture,count\n\
Apple,art/apple.svg,1\n\
Pear,art/pear_tree.svg,1\n\
Plum,art/plum.svg,two\n\
Fig,art/fig.svg,1,extra\n\
Kiwi,art/kiwi.svg,1\n";

const SQUARE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#c0392b"/></svg>"##;

/// The orchard in a scratch folder named `name`.
fn orchard(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), DESIGN).unwrap();
    fs::write(dir.join("cards.csv"), CSV).unwrap();
    fs::create_dir_all(dir.join("art")).unwrap();
    for picture in ["apple", "plum", "fig"] {
        fs::write(dir.join(format!("art/{picture}.svg")), SQUARE).unwrap();
    }
    dir
}

/// The five mistakes, each as its place and words.
fn five_mistakes() -> [String; 5] {
    [
        format!("d.toml:{}: error: unknown field `coutn_column`", place_of(DESIGN, "coutn_column")),
        "cards.csv:3:2: error: card cards.csv row 3: image file `art/pear_tree.svg` not found"
            .into(),
        "cards.csv:4:3: error: the count `two` of row 4 is not a positive whole number".into(),
        "cards.csv:5:4: error: row 5 has too many columns: 4 where the header has 3".into(),
        "cards.csv:6:2: error: card cards.csv row 6: image file `art/kiwi.svg` not found".into(),
    ]
}

fn assert_all_five(err: &str) {
    for mistake in five_mistakes() {
        assert!(err.contains(&mistake), "{mistake}\nnot in:\n{err}");
    }
    assert!(err.contains("did you mean `count_column`?"), "{err}");
    assert!(err.contains("d.toml: 5 errors, nothing done"), "{err}");
}

#[test]
fn one_check_reports_four_bad_cells_and_a_misspelt_key_and_build_writes_nothing() {
    let dir = orchard("every-mistake-check");
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 2);
    assert_all_five(&text(&check).1);

    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 2);
    assert_all_five(&text(&build).1);
    assert!(!dir.join("out").exists(), "build wrote output");
}

#[test]
fn a_diagram_reports_its_own_unknown_keys_with_every_mistake_of_its_design() {
    let dir = orchard("every-mistake-diagram");
    let diagram = "[diagram]\ndesign = \"d.toml\"\nlegal = true\ncaptoin = \"x\"\nwidht_mm = 60\n";
    fs::write(dir.join("fig.toml"), diagram).unwrap();
    let run = tilepress(&dir, &["diagram", "fig.toml", "-o", "out"]);
    let err = text(&run).1;
    assert_eq!(code(&run), 2, "{err}");
    let captoin =
        format!("fig.toml:{}: error: unknown field `captoin`", place_of(diagram, "captoin"));
    let widht =
        format!("fig.toml:{}: error: unknown field `widht_mm`", place_of(diagram, "widht_mm"));
    for wanted in [captoin, widht].into_iter().chain(five_mistakes()) {
        assert!(err.contains(&wanted), "{wanted}\nnot in:\n{err}");
    }
    assert!(err.contains("did you mean `caption`?"), "{err}");
    assert!(!dir.join("out").exists(), "diagram wrote output");
}

#[test]
fn serve_shows_every_mistake_of_the_design_at_once() {
    let dir = orchard("every-mistake-serve");
    let server = Server::start(&dir, &["d.toml"]);
    let (_, state) = server.events("d").wait_for("an error", |s| s["error"].is_array());
    let texts: Vec<String> = (state["error"].as_array().unwrap().iter())
        .map(|e| e["text"].as_str().unwrap_or_default().to_string())
        .collect();
    let all = texts.join("\n");
    for mistake in five_mistakes() {
        assert!(all.contains(&mistake), "{mistake}\nnot in:\n{all}");
    }
}

/// `check` on `design` with `csv` beside it: exit code and standard error.
fn checked(name: &str, design: &str, csv: &str) -> (i32, String, PathBuf) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join("cards.csv"), csv).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    (code(&run), text(&run).1, dir)
}

#[test]
fn a_template_name_and_a_background_from_cells_are_reported_at_their_cells() {
    let design = r##"[set]
name = "Elements"

[palette]
ink = "#1b1b1b"
paper = "#fdf6e3"

[faces.card-fire]
layers = [{ text = "{name}", size_mm = 5, colour = "ink" }]

[faces.card-water]
layers = [{ text = "{name}", size_mm = 5, colour = "ink" }]

[[decks]]
name = "cards"
size = "poker"
front = "{face}"
background = "{frame}"
data = "cards.csv"
"##;
    let csv =
        "name,face,frame\nEmber,card-fire,paper\nFlame,card-fiar,paper\nRain,card-water,papr\n";
    let (code, err, dir) = checked("every-mistake-cells", design, csv);
    assert_eq!(code, 2, "{err}");
    let front = place_of(design, "\"{face}\"");
    let background = place_of(design, "\"{frame}\"");
    for wanted in [
        format!(
            "cards.csv:3:2: error: card cards.csv row 3: unknown face template `card-fiar`; the value is this cell's, in column `face`, read as `front` by d.toml:{front}"
        ),
        "did you mean `card-fire`?".to_string(),
        format!(
            "cards.csv:4:3: error: card cards.csv row 4: its background `papr` is not a colour of the palette; the value is this cell's, in column `frame`, read as `background` by d.toml:{background}"
        ),
        "did you mean `paper`?".to_string(),
        "d.toml: 2 errors, nothing done".to_string(),
    ] {
        assert!(err.contains(&wanted), "{wanted}\nnot in:\n{err}");
    }
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(common::code(&build), 2);
    assert!(!dir.join("out").exists());
}

#[test]
fn an_unquoted_comma_is_answered_with_quotes() {
    let design = DESIGN
        .replace("coutn_column", "count_column")
        .replace("  { image = \"{picture}\", size_mm = 20, offset_mm = [0, -15] },\n", "");
    let csv = "name,picture,count\nApple,a,1\nPear, ripe,a,1\n";
    let (code, err, _) = checked("every-mistake-comma", &design, csv);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cards.csv:3:4: error: row 3 has too many columns: 4 where the header has 3"),
        "{err}"
    );
    assert!(
        err.contains("help: a value holding a comma needs double quotes around it (\"spades, black\"): the row's values past the header's columns begin `1`"),
        "{err}"
    );
    // Quoted, the same row reads.
    let quoted = "name,picture,count\nApple,a,1\n\"Pear, ripe\",a,1\n";
    let (code, err, _) = checked("every-mistake-quoted", &design, quoted);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn values_of_the_wrong_kind_are_all_reported_and_nothing_more_is_read() {
    let design = DESIGN
        .replace("coutn_column = \"count\"", "corner_radius_mm = \"round\"\nbleed_mm = [3]")
        .replace("size_mm = 5,", "size_mm = 5, fit = \"yes\",");
    let (code, err, _) = checked("every-mistake-kinds", &design, CSV);
    assert_eq!(code, 2, "{err}");
    for (needle, what) in
        [("\"round\"", "invalid type"), ("[3]", "invalid type"), ("\"yes\"", "invalid type")]
    {
        let wanted = format!("d.toml:{}: error: {what}", place_of(&design, needle));
        assert!(err.contains(&wanted), "{wanted}\nnot in:\n{err}");
    }
    // Once a value cannot be read, the data file is not: its mistakes would be guesses.
    assert!(!err.contains("cards.csv"), "{err}");
    assert!(err.contains("d.toml: 3 errors, nothing done"), "{err}");
}

#[test]
fn past_the_cap_a_run_says_how_many_more_it_found() {
    let design = DESIGN.replace("coutn_column", "count_column");
    let mut csv = String::from("name,picture,count\n");
    for row in 0..150 {
        csv.push_str(&format!("N{row},art/apple.svg,none\n"));
    }
    let dir = scratch("every-mistake-cap");
    fs::create_dir_all(dir.join("art")).unwrap();
    fs::write(dir.join("art/apple.svg"), SQUARE).unwrap();
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join("cards.csv"), csv).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    let err = text(&run).1;
    assert_eq!(code(&run), 2);
    assert_eq!(err.matches("is not a positive whole number").count(), 100, "{err}");
    assert!(err.contains("cards.csv:101:3: error: the count `none` of row 101"), "{err}");
    assert!(!err.contains("row 102 "), "{err}");
    assert!(
        err.contains("d.toml: error: 50 more mistakes not listed: a run lists the first 100 (MAX_LISTED_ERRORS in model/input/limits.rs)"),
        "{err}"
    );
    assert!(err.contains("d.toml: 150 errors, nothing done"), "{err}");
}
