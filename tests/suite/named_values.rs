//! Named values (`[values] names`): values written by name in the design and in a data
//! file's cells, drawn in their colour (`style = "fill"`) or not at all (`"none"`), shown to
//! templates as `{value_1}`, and named in every message.

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};

/// Three named values on two-cell tiles, every pair once (`extra` goes after `[values]`).
fn design(style: &str, tiles: &str) -> String {
    format!(
        r##"[set]
name = "Terrains"
shape = "rectangle"
width_mm = 20.0
height_mm = 40.0
cells = [1, 2]

[palette]
wheat = "#e9c46a"
forest = "#2a6f4e"
lake = "#3a7bd5"
ink = "#1b1b1b"

[values]
names = ["wheat", "forest", "lake"]
style = "{style}"
colour = "ink"

[rule]
values = {{ range = [0, 2], symmetry = "unordered" }}
count = 6

[sheet]
duplex = "none"

{tiles}"##
    )
}

fn tiles(pairs: &[(&str, &str)]) -> String {
    let entry = |(k, (a, b)): (usize, &(&str, &str))| {
        format!("[[tiles]]\nnumber = {}\nvalues = [\"{a}\", \"{b}\"]\n", k + 1)
    };
    pairs.iter().enumerate().map(entry).collect::<Vec<_>>().join("\n")
}

const ALL: [(&str, &str); 6] = [
    ("wheat", "wheat"),
    ("wheat", "forest"),
    ("wheat", "lake"),
    ("forest", "forest"),
    ("forest", "lake"),
    ("lake", "lake"),
];

fn check(name: &str, toml: &str) -> (i32, String) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), toml).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&run);
    (code(&run), out + &err)
}

#[test]
fn values_written_by_name_make_the_set_and_messages_name_them() {
    let (status, out) = check("named-complete", &design("fill", &tiles(&ALL)));
    assert_eq!(status, 0, "{out}");
    let (status, out) = check("named-missing", &design("fill", &tiles(&ALL[..5])));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("missing: lake|lake"), "{out}");
    let mut twice = ALL.to_vec();
    twice[5] = ("lake", "wheat");
    let (_, out) = check("named-duplicate", &design("fill", &tiles(&twice)));
    assert!(
        out.contains("duplicate: lake|wheat") || out.contains("duplicate: wheat|lake"),
        "{out}"
    );
}

#[test]
fn a_misspelt_name_is_one_error_at_it_with_the_closest_name() {
    let mut pairs = ALL.to_vec();
    pairs[2] = ("wheat", "lkae");
    let toml = design("fill", &tiles(&pairs));
    let (status, out) = check("named-misspelt", &toml);
    assert_eq!(status, 2, "{out}");
    assert_eq!(out.matches("error:").count(), 1, "{out}");
    assert!(out.contains("`lkae` is not a value") && out.contains("did you mean `lake`?"), "{out}");
    assert!(out.contains(&common::place_of(&toml, "\"lkae\"")), "{out}");
}

#[test]
fn names_are_palette_colours_and_fill_needs_them() {
    let toml = design("fill", &tiles(&ALL)).replace("\"lake\"]\nstyle", "\"lakes\"]\nstyle");
    let (status, out) = check("named-not-colour", &toml);
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("unknown colour `lakes`"), "{out}");
    let numbers = design("fill", "[[tiles]]\nnumber = 1\nvalues = [0, 1]\n")
        .replace("names = [\"wheat\", \"forest\", \"lake\"]\n", "");
    let (status, out) = check("named-fill-without-names", &numbers);
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("fill needs named values"), "{out}");
    let (status, out) = check("named-style-typo", &design("fil", &tiles(&ALL)));
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("did you mean `fill`?"), "{out}");
}

#[test]
fn fill_draws_each_cell_in_its_value_colour_and_none_draws_no_value() {
    for (style, expect_fill) in [("fill", true), ("none", false), ("digits", false)] {
        let dir = scratch(&format!("named-draw-{style}"));
        fs::write(dir.join("d.toml"), design(style, &tiles(&ALL))).unwrap();
        let run = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "svg"]);
        assert_eq!(code(&run), 0, "{:?}", text(&run));
        let svg = fs::read_to_string(dir.join("out/d/d-sheet-01-front.svg")).unwrap();
        for colour in ["#e9c46a", "#2a6f4e", "#3a7bd5"] {
            assert_eq!(svg.contains(colour), expect_fill, "{style}: {colour}");
        }
    }
}

#[test]
fn a_data_file_writes_values_by_name_and_a_wrong_one_is_reported_at_its_cell() {
    let dir = scratch("named-data");
    let toml = design("fill", "").replace("cells = [1, 2]", "cells = [1, 2]\ndata = \"tiles.csv\"");
    fs::write(dir.join("d.toml"), toml).unwrap();
    let rows: Vec<String> =
        ALL.iter().enumerate().map(|(k, (a, b))| format!("{},{a},{b}", k + 1)).collect();
    let mut csv = format!("number,value_1,value_2\n{}\n", rows.join("\n"));
    fs::write(dir.join("tiles.csv"), &csv).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&run), 0, "{:?}", text(&run));
    csv = csv.replace("3,wheat,lake", "3,wheat,lak");
    fs::write(dir.join("tiles.csv"), &csv).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    let (_, err) = text(&run);
    assert_eq!(code(&run), 2, "{err}");
    assert_eq!(err.matches("tiles.csv:4:3:").count(), 1, "{err}");
    assert!(err.contains("did you mean `lake`?"), "{err}");
}

#[test]
fn the_documented_example_checks_and_builds() {
    let example = common::doc_example("| `names` | none |");
    let (check, built) = common::check_and_build("named-doc", &example);
    assert!(check.contains("complete and consistent"), "{check}");
    assert!(built.join("out/example/example.pdf").exists());
}

/// Two wheat|wheat tiles whose crowns (a field the template shows) are `a` and `b`.
fn crowned(a: &str, b: &str) -> String {
    let toml = design("fill", "").replace(
        "[rule]\nvalues = { range = [0, 2], symmetry = \"unordered\" }\ncount = 6\n",
        "[set_template_placeholder]\n",
    );
    let toml = toml
        .replace("cells = [1, 2]", "cells = [1, 2]\ntemplate = \"kingdom\"")
        .replace("[set_template_placeholder]\n", "");
    format!(
        "{toml}\n[faces.kingdom]\nlayers = [{{ text = \"{{crowns}}\", offset_mm = [0, -10], size_mm = 4, colour = \"ink\" }}]\n\n\
         [[tiles]]\nnumber = 1\nvalues = [\"wheat\", \"wheat\"]\nfields = {{ crowns = \"{a}\" }}\n\n\
         [[tiles]]\nnumber = 2\nvalues = [\"wheat\", \"wheat\"]\nfields = {{ crowns = \"{b}\" }}\n"
    )
}

#[test]
fn tiles_equal_in_values_but_printed_differently_are_not_duplicates() {
    let (status, out) = check("named-crowns-differ", &crowned("1", "2"));
    assert_eq!(status, 0, "{out}");
    assert!(!out.contains("duplicate"), "{out}");
    let (status, out) = check("named-crowns-same", &crowned("1", "1"));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("duplicate: wheat|wheat (tiles 1 and 2"), "{out}");
}

#[test]
fn a_duplicate_is_named_with_the_tile_printed_as_it() {
    let third =
        "\n[[tiles]]\nnumber = 3\nvalues = [\"wheat\", \"wheat\"]\nfields = { crowns = \"2\" }\n";
    let (status, out) = check("named-crowns-twin", &(crowned("1", "2") + third));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("duplicate: wheat|wheat (tiles 2 and 3"), "{out}");
    assert_eq!(out.matches("duplicate").count(), 1, "{out}");
}

#[test]
fn a_wild_value_is_written_by_its_name() {
    let with_play = |wild: &str| {
        design("fill", &tiles(&ALL))
            .replace("[sheet]", &format!("[play]\nwild_values = [{wild}]\n\n[sheet]"))
    };
    let (status, out) = check("named-wild", &with_play("\"lake\""));
    assert_eq!(status, 0, "{out}");
    let toml = with_play("\"lkae\"");
    let (status, out) = check("named-wild-misspelt", &toml);
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("wild value: `lkae` is not a value"), "{out}");
    assert!(out.contains("did you mean `lake`?"), "{out}");
    assert!(out.contains(&common::place_of(&toml, "\"lkae\"")), "{out}");
}
