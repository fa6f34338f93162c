//! Bad input must be refused with exit code 2, a message naming file:line:column and what to
//! do, and no output written.

use crate::common;

use common::{code, root, scratch, text, tilepress};
use std::fs;

/// The shipped Tantrix design with `from` replaced by `to` (exactly once).
fn edited(from: &str, to: &str) -> String {
    let design = fs::read_to_string(root().join("designs/tantrix.toml")).unwrap();
    assert!(design.contains(from), "fixture text `{from}` not in the design");
    design.replacen(from, to, 1)
}

/// Runs check and build on `design`; returns the error text after asserting exit 2 and that
/// nothing was written.
fn refused(name: &str, design: &str) -> String {
    let dir = scratch(name);
    fs::write(dir.join("bad.toml"), design).unwrap();
    common::refused_in(&dir)
}

#[test]
fn malformed_toml_points_at_the_place() {
    let err = refused("malformed", &edited("edge_mm = 24.0", "edge_mm = = 24.0"));
    assert!(err.starts_with(&format!("bad.toml:{}:11:", line_of("edge_mm = 24.0"))), "{err}");
}

/// The 1-based line of the first line starting with `start` in the shipped design.
fn line_of(start: &str) -> usize {
    let design = fs::read_to_string(root().join("designs/tantrix.toml")).unwrap();
    design.lines().position(|l| l.starts_with(start)).unwrap() + 1
}

#[test]
fn an_unknown_colour_names_the_colour_and_the_palette() {
    let err = refused(
        "colour",
        &edited(
            "edges = [\"yellow\", \"yellow\", \"blue\", \"red\", \"blue\", \"red\"]",
            "edges = [\"yellow\", \"yellow\", \"purple\", \"red\", \"purple\", \"red\"]",
        ),
    );
    assert!(err.contains("unknown colour `purple`"), "{err}");
    assert!(err.contains("add `purple` there"), "{err}");
    let err = refused("near-colour", &edited("back = \"yellow\"", "back = \"yelow\""));
    assert!(err.contains("did you mean `yellow`?"), "{err}");
    let line = err.split(':').nth(1).unwrap();
    assert!(line.parse::<usize>().unwrap() > 50, "points at the tile, not the top: {err}");
}

#[test]
fn an_edge_used_twice_is_refused() {
    let err = refused(
        "twice",
        &edited(
            "number = 1\nedges = [\"yellow\", \"yellow\", \"blue\", \"red\", \"blue\", \"red\"]",
            "number = 1\nedges = [\"yellow\", \"yellow\", \"blue\", \"red\", \"blue\", \"red\"]\njoins = [[1, 2], [2, 5], [4, 6]]",
        ),
    );
    assert!(err.contains("tile 1: edge 2 is used twice"), "{err}");
}

#[test]
fn a_colour_on_three_edges_cannot_make_lines() {
    let err = refused(
        "three",
        &edited(
            "[\"yellow\", \"yellow\", \"blue\", \"red\", \"blue\", \"red\"]",
            "[\"yellow\", \"yellow\", \"yellow\", \"red\", \"blue\", \"red\"]",
        ),
    );
    assert!(err.contains("yellow is on 3 edge(s) (1, 2, 3); a line joins exactly two"), "{err}");
}

#[test]
fn unknown_keys_and_wrong_types_are_named() {
    let err = refused("unknown-key", &edited("line_width_mm = 4.8", "line_witdh_mm = 4.8"));
    assert!(err.contains("unknown field `line_witdh_mm`"), "{err}");
    assert!(err.contains("did you mean `line_width_mm`?"), "{err}");
    let err = refused("wrong-type", &edited("edge_mm = 24.0", "edge_mm = \"24\""));
    assert!(err.contains(&format!("bad.toml:{}:11:", line_of("edge_mm"))), "{err}");
    let err = refused("negative", &edited("edge_mm = 24.0", "edge_mm = -24.0"));
    assert!(err.contains("edge_mm` is -24 mm"), "{err}");
}

#[test]
fn a_missing_file_or_a_folder_is_refused() {
    let dir = scratch("missing");
    let output = tilepress(&dir, &["check", "nowhere.toml"]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2);
    assert!(err.contains("nowhere.toml: error: cannot read the design"), "{err}");
    let output = tilepress(&dir, &["check", "."]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2);
    assert!(err.contains("is a folder"), "{err}");
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let dir = scratch("keep-previous");
    let good = fs::read_to_string(root().join("designs/tantrix.toml")).unwrap();
    fs::write(dir.join("tantrix.toml"), &good).unwrap();
    assert_eq!(code(&tilepress(&dir, &["build", "tantrix.toml", "-o", "out"])), 0);
    let before = fs::read(dir.join("out/tantrix/tantrix.pdf")).unwrap();
    fs::write(dir.join("tantrix.toml"), good.replace("edge_mm = 24.0", "edge_mm = 150.0")).unwrap();
    let output = tilepress(&dir, &["build", "tantrix.toml", "-o", "out"]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "a tile larger than the paper: {err}");
    assert!(err.contains("does not fit on A4 paper"), "{err}");
    assert_eq!(fs::read(dir.join("out/tantrix/tantrix.pdf")).unwrap(), before);
    let names: Vec<String> = fs::read_dir(dir.join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into())
        .collect();
    assert_eq!(names, vec!["tantrix".to_string()], "no staging folders left behind");
}

#[test]
fn bad_command_line_values_are_refused_before_any_work() {
    let dir = scratch("flags");
    let design = root().join("designs/tantrix.toml");
    let design = design.to_str().unwrap();
    for (flag, value, says) in [
        ("--paper", "B7", "unknown paper"),
        ("--duplex", "sideways", "--duplex"),
        ("--margin", "-3", "--margin"),
    ] {
        let output = tilepress(&dir, &["build", design, "-o", "out", &format!("{flag}={value}")]);
        let (_, err) = text(&output);
        assert_eq!(code(&output), 2, "{flag} {value}: {err}");
        assert!(err.contains(says), "{err}");
        assert!(!dir.join("out").exists());
    }
}

#[test]
fn a_board_mixing_the_two_kinds_names_the_stray_key() {
    let tranglar = fs::read_to_string(root().join("designs/tranglar.toml")).unwrap();
    let mixed = tranglar.replacen("[board]\n", "[board]\noverlap_mm = 10.0\n", 1);
    assert_ne!(mixed, tranglar);
    let err = refused("mixed-board", &mixed);
    assert!(err.contains("`overlap_mm` does not belong in this [board]"), "{err}");
    let rabat = fs::read_to_string(root().join("designs/trans-rabat.toml")).unwrap();
    let incomplete = rabat.replacen("region = \"hexagon\"\n", "", 1);
    assert_ne!(incomplete, rabat);
    let err = refused("board-without-region", &incomplete);
    assert!(err.contains("needs `region`, `size`, `edge_mm` and `key`"), "{err}");
}

#[test]
fn help_texts_suggest_only_values_that_are_accepted() {
    let err =
        refused("back-scale-help", &edited("[sheet]\n", "[sheet]\nback_scale = [0.0, 0.0]\n"));
    assert!(err.contains("e.g. `back_scale = [1.0, 1.0]`"), "{err}");
    assert!(!err.contains("[0.0, 0.0]`"), "suggests an invalid value: {err}");
    let err = refused("huge-edge", &edited("edge_mm = 24.0", "edge_mm = 1e308"));
    let line = err.lines().next().unwrap();
    assert!(line.ends_with("`edge_mm` is 1e308 mm"), "{line}");
}

#[test]
fn a_dotted_key_of_a_hundred_thousand_parts_is_placed_where_it_is() {
    let key = format!("a{}", ".b".repeat(100_000));
    let err = refused("dotted", &edited("[sheet]\n", &format!("{key} = 1\n[sheet]\n")));
    let line = line_of("[sheet]");
    assert!(err.starts_with(&format!("bad.toml:{line}:")), "{err}");
    assert!(!err.starts_with("bad.toml:1:1:"), "{err}");
}
