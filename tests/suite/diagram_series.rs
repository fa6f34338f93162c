//! Figure series (`[[step]]`): the shipped Tantrix series writes one figure per step and a
//! strip of them, on one shared frame; each step is checked against the position before it
//! (an illegal step refused at its line, named by its number); `remove` and `replace` take
//! placements off; a series of pieces; and every bad input is an error at its key.

use crate::common;

use std::path::{Path, PathBuf};

use common::pdf::page_size;
use common::{code, doc_example, line_of, root, scratch, text, tilepress};

const SHIPPED: &str = "diagrams/tantrix-forced-space-series.toml";

/// The shipped series' text.
fn shipped() -> String {
    std::fs::read_to_string(root().join(SHIPPED)).unwrap()
}

/// Writes `toml` as `name.toml` into a scratch folder `dir` beside a copy of the designs, and
/// runs `diagram` on it into `out/`; the exit code, the messages and the folder.
fn draw(dir: &str, name: &str, toml: &str) -> (i32, String, PathBuf) {
    let folder = scratch(dir);
    common::copy_folder(&root().join("designs"), &folder.join("designs"));
    std::fs::create_dir_all(folder.join("diagrams")).unwrap();
    let file = format!("diagrams/{name}.toml");
    std::fs::write(folder.join(&file), toml).unwrap();
    let output = tilepress(&folder, &["diagram", &file, "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"), folder)
}

/// Page width and height of a PDF's first page, in mm.
fn pdf_size(path: &Path) -> (f64, f64) {
    let pdf = lopdf::Document::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    page_size(&pdf, 1)
}

/// The transform of an SVG's first group: where the figure's frame is put on the page.
fn figure_transform(svg: &str) -> String {
    let start = svg.find("<g transform=\"").expect("a figure group") + "<g transform=\"".len();
    svg[start..start + svg[start..].find('"').unwrap()].to_string()
}

#[test]
fn the_shipped_series_writes_each_step_and_a_strip_on_one_frame() {
    let (status, said, folder) = draw("series-shipped", "series", &shipped());
    assert_eq!(status, 0, "{said}");
    let out = folder.join("out");
    let mut transforms = Vec::new();
    for step in 1..=3 {
        for ext in ["svg", "pdf", "png"] {
            assert!(out.join(format!("series-{step}.{ext}")).is_file(), "step {step} {ext}");
        }
        let (width, _) = pdf_size(&out.join(format!("series-{step}.pdf")));
        assert!((width - 60.0).abs() < 0.01, "step {step} is {width} mm wide");
        let svg = std::fs::read_to_string(out.join(format!("series-{step}.svg"))).unwrap();
        transforms.push(figure_transform(&svg));
    }
    // One frame: the first step's two tiles sit where the last step's do.
    assert!(transforms.iter().all(|t| t == &transforms[0]), "frames differ: {transforms:?}");
    // ... and the first step is as tall as the last (both have one line of caption), where
    // the first step drawn alone is framed closer.
    let height_of = |path: PathBuf| pdf_size(&path).1;
    let (first, last) = (height_of(out.join("series-1.pdf")), height_of(out.join("series-3.pdf")));
    assert!((first - last).abs() < 0.01, "step 1 is {first} mm tall, step 3 {last} mm");
    let alone = shipped().split("\n[[step]]\n").next().unwrap().to_string()
        + "\n[[place]]\ntile = 56\nat = [1, 0]\n";
    let alone = alone.replace("legal = true", "legal = true\ncaption = \"1. A tile is laid\"");
    let (status, said, alone_folder) = draw("series-alone", "alone", &alone);
    assert_eq!(status, 0, "{said}");
    let own = height_of(alone_folder.join("out/alone.pdf"));
    assert!(own < first - 5.0, "alone {own} mm tall, in the series {first} mm");
    let (width, height) = pdf_size(&out.join("series.pdf"));
    assert!((width - (3.0 * 60.0 + 2.0 * 9.0)).abs() < 0.01, "strip {width} mm wide");
    let tallest = (1..=3).map(|s| pdf_size(&out.join(format!("series-{s}.pdf"))).1);
    assert!((height - tallest.fold(0.0, f64::max)).abs() < 0.01, "strip {height} mm tall");
    common::qpdf_check(&out.join("series.pdf"));
}

#[test]
fn an_illegal_step_is_refused_at_its_step_and_nothing_is_written() {
    // The last tile unturned: its edges no longer match the tiles around it.
    let series = shipped();
    let bad = series.replacen("at = [0, 0]\nturn = 2", "at = [0, 0]\nturn = 0", 1);
    assert_ne!(bad, series);
    let (status, said, folder) = draw("series-illegal", "series", &bad);
    assert_eq!(status, 1, "{said}");
    let line = line_of(&bad, "[[step.place]]\ntile = 46");
    assert!(said.contains(&format!("series.toml:{line}:")), "not at the step's place: {said}");
    assert!(said.contains("step 3: ") && said.contains("(match)"), "{said}");
    assert!(!said.contains("step 1: ") && !said.contains("step 2: "), "{said}");
    assert!(!folder.join("out").exists(), "a refused series wrote files");
    // Said to be illegal, and why, it is drawn.
    let claimed = bad.replace(
        "caption = \"It is filled first\"",
        "caption = \"Not like this\"\nlegal = false\nbreaks = [\"match\"]",
    );
    let (status, said, _) = draw("series-claimed", "series", &claimed);
    assert_eq!(status, 0, "{said}");
}

#[test]
fn each_step_is_checked_against_the_position_before_it() {
    // The tile of step 2 laid again in step 3: a tile placed twice, found in step 3 only.
    let twice = shipped()
        .replace("[[step.arrow]]", "[[step.place]]\ntile = 23\nat = [3, 3]\n\n[[step.arrow]]");
    let (status, said, _) = draw("series-twice", "series", &twice);
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("step 3: ") && said.contains("same-tile"), "{said}");
    assert!(!said.contains("step 2: "), "{said}");
}

#[test]
fn remove_and_replace_take_placements_off() {
    let removed = shipped().replace(
        "caption = \"It is filled first\"",
        "caption = \"It is filled first\"\nremove = [26]",
    );
    let (status, said, folder) = draw("series-remove", "series", &removed);
    assert_eq!(status, 0, "{said}");
    let figure = tilepress::diagram::load::load(&folder.join("diagrams/series.toml")).unwrap();
    let tiles = |step: usize| -> Vec<u32> {
        figure.diagrams[step].places.iter().map(|p| p.tile.number).collect()
    };
    assert_eq!(tiles(1), [26, 56, 23]);
    assert_eq!(tiles(2), [56, 23, 46]);
    assert!(figure.diagrams[2].places.iter().all(|p| p.new == (p.tile.number == 46)));
    // A piece's replacement, in two steps, on the Tranglar board.
    let pieces = r#"[diagram]
design = "../designs/tranglar.toml"
legal = true
mover = "acid"
width_mm = 120

[[place]]
piece = "L4"
at = [2, 0]
face = "back"

[[place]]
piece = "N1"
at = [0, 0]
turn = 2

[[step]]
caption = "Green lays its big square"

[[step.place]]
piece = "S4"
at = [1, 1]

[[step]]
caption = "and later exchanges it for two triangles"
replace = ["S4"]

[[step.place]]
piece = "T2"
at = [1, 1]

[[step.place]]
piece = "T2"
name = "second T2"
at = [1, 1]
turn = 2
"#;
    let (status, said, folder) = draw("series-pieces", "pieces", pieces);
    assert_eq!(status, 0, "{said}");
    let figure = tilepress::diagram::load::load(&folder.join("diagrams/pieces.toml")).unwrap();
    let shown = |step: usize| -> Vec<(String, bool, bool)> {
        let pieces = &figure.diagrams[step].pieces;
        pieces.iter().map(|p| (p.name.clone(), p.new, p.replaced)).collect()
    };
    let entry = |name: &str, new, replaced| (name.to_string(), new, replaced);
    assert_eq!(
        shown(0),
        [entry("L4", false, false), entry("N1", false, false), entry("S4", true, false)]
    );
    assert_eq!(
        shown(1),
        [
            entry("L4", false, false),
            entry("N1", false, false),
            entry("S4", false, true),
            entry("T2", true, false),
            entry("second T2", true, false),
        ]
    );
    // The same exchange without `replace`: the triangles overlap the square.
    let (status, said, _) =
        draw("series-no-replace", "pieces", &pieces.replace("replace = [\"S4\"]\n", ""));
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("step 2: ") && said.contains("overlap"), "{said}");
}

#[test]
fn bad_series_input_is_an_error_at_its_key() {
    let series = shipped();
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "remove-unknown",
            series.replace("caption = \"It is filled first\"", "caption = \"x\"\nremove = [47]"),
            "remove = [47]",
            "step 3: `remove` names 47, which is not on the table before this step",
        ),
        (
            "replace-later",
            series.replace("caption = \"A tile is laid\"", "caption = \"x\"\nreplace = [\"46\"]"),
            "replace = [\"46\"]",
            "step 1: `replace` names 46, which is not on the table",
        ),
        (
            "caption-of-series",
            series.replace("legal = true\n", "legal = true\ncaption = \"All of it\"\n"),
            "caption = \"All of it\"",
            "`caption` in the [diagram] of a series",
        ),
        (
            "breaks-of-series",
            series.replace("legal = true\n", "legal = true\nbreaks = [\"match\"]\n"),
            "breaks = [\"match\"]",
            "`breaks` in the [diagram] of a series",
        ),
        (
            "unknown-tile",
            series.replace("tile = 46", "tile = 460"),
            "tile = 460",
            "the design has no tile 460",
        ),
        (
            "unknown-key",
            series.replace("caption = \"It is filled first\"", "caption = \"x\"\nmoves = 3"),
            "moves = 3",
            "unknown field `moves`",
        ),
        ("bad-turn", series.replace("turn = 2", "turn = 9"), "turn = 9", "turn 9 on a hexagon"),
    ];
    for (name, toml, at, message) in cases {
        let (status, said, folder) = draw(&format!("series-bad-{name}"), "series", &toml);
        assert_eq!(status, 2, "{name}: {said}");
        let line = line_of(&toml, at);
        assert!(
            said.contains(&format!("series.toml:{line}:")),
            "{name}: not at line {line}: {said}"
        );
        assert!(said.contains(message), "{name}: {said}");
        assert!(said.contains("help:"), "{name}: no help: {said}");
        assert!(!folder.join("out").exists(), "{name}: wrote files");
    }
}

#[test]
fn a_series_of_pawns_is_refused_with_what_to_do() {
    let pawns = std::fs::read_to_string(root().join("diagrams/trans-rabat-tip.toml")).unwrap();
    let series = format!("{pawns}\n[[step]]\ncaption = \"then\"\n");
    let (status, said, _) = draw("series-pawns", "pawns", &series);
    assert_eq!(status, 2, "{said}");
    assert!(said.contains("pawns in a series") && said.contains("help:"), "{said}");
}

#[test]
fn a_series_clashing_with_another_diagram_writes_nothing() {
    let folder = scratch("series-clash");
    common::copy_folder(&root().join("designs"), &folder.join("designs"));
    std::fs::create_dir_all(folder.join("diagrams")).unwrap();
    std::fs::write(folder.join("diagrams/a.toml"), shipped()).unwrap();
    let single =
        std::fs::read_to_string(root().join("diagrams/tantrix-forced-space.toml")).unwrap();
    std::fs::write(folder.join("diagrams/a-2.toml"), single).unwrap();
    let output =
        tilepress(&folder, &["diagram", "diagrams/a.toml", "diagrams/a-2.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 2, "{out}{err}");
    assert!(err.contains("`a-2.svg` would be written twice"), "{err}");
    assert!(!folder.join("out").exists(), "a clash wrote files");
}

#[test]
fn the_documented_series_builds() {
    let example = doc_example("### Figure series");
    let (status, said, folder) = draw("series-doc", "doc", &example);
    assert_eq!(status, 0, "{said}");
    assert!(folder.join("out/doc-2.png").is_file() && folder.join("out/doc.pdf").is_file());
}
