//! Tracks: a score ring 0–50 and a strip longer than the paper build (split over sheets);
//! bad track keys are errors (exit 2, nothing written).

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};

fn design(track: &str) -> String {
    format!(
        r##"[set]
name = "Tracks"

[palette]
ink = "#222222"

[faces.cell]
layers = [{{ text = "{{number}}", size_mm = 6, colour = "ink" }}]

[[tracks]]
name = "score"
cell_mm = 20
template = "cell"
{track}
"##
    )
}

#[test]
fn a_score_ring_and_a_long_strip_build_over_sheets() {
    let dir = scratch("tracks-build");
    fs::write(dir.join("ring.toml"), design("from = 0\nto = 50\npath = \"ring\"\ncolumns = 12"))
        .unwrap();
    fs::write(dir.join("strip.toml"), design("from = 1\nto = 30")).unwrap();
    for name in ["ring", "strip"] {
        let build = tilepress(&dir, &["build", &format!("{name}.toml"), "-o", "out"]);
        let (out, err) = text(&build);
        assert_eq!(code(&build), 0, "{err}");
        // The ring is 12 × 16 cells (240 × 320 mm); the strip 600 mm long.
        let (cells, sheets) = if name == "ring" { (51, 2) } else { (30, 3) };
        let says = format!("a track of {cells} cells of 20 mm on {sheets} sheet(s)");
        assert!(out.contains(&says), "{out}");
        assert!(dir.join(format!("out/{name}/{name}-score.pdf")).exists());
    }
}

#[test]
fn bad_tracks_are_errors() {
    let cases = [
        ("from = 5\nto = 1", "has no cells"),
        ("from = 0\nto = 50\npath = \"spiral\"", "unknown track path `spiral`"),
        ("from = 0\nto = 50\npath = \"ring\"", "a ring track needs `columns`"),
        (
            "from = 0\nto = 10\npath = \"ring\"\ncolumns = 8",
            "11 cells do not go around a ring 8 cells wide",
        ),
        // An odd count needs two places on the left side to spread its last cells over.
        (
            "from = 0\nto = 8\npath = \"ring\"\ncolumns = 4",
            "9 cells do not go around a ring 4 cells wide",
        ),
        ("from = 0\nto = 10\ntemplate_typo = 1", "unknown field"),
        // The whole i64 range, and one that overflows i64 by one: refused, at `to`.
        (
            "from = -9223372036854775808\nto = 9223372036854775807",
            "d.toml:15:6: error: a track from -9223372036854775808 to 9223372036854775807 has no cells or more than 1000",
        ),
        ("from = -1\nto = 9223372036854775806", "d.toml:15:6: error: a track from -1 to"),
    ];
    for (k, (track, expected)) in cases.into_iter().enumerate() {
        let dir = scratch(&format!("tracks-bad-{k}"));
        fs::write(dir.join("d.toml"), design(track)).unwrap();
        let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
        let err = text(&build).1;
        assert_eq!(code(&build), 2, "{track}: {err}");
        assert!(err.contains(expected), "{track}: {err}");
        assert!(!dir.join("out").exists());
    }
}

#[test]
fn the_tracks_documentation_example_builds() {
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("## Tracks (`[[tracks]]`)").expect("the section")..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let dir = scratch("tracks-doc-example");
    fs::write(dir.join("example.toml"), example).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    assert!(text(&build).0.contains("a track of 51 cells"), "{}", text(&build).0);
}
