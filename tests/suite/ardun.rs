//! The shipped Ardun Vales design (`designs/ardun.toml`), a domino kingdom of 48 tiles read
//! from `designs/assets/ardun/tiles.csv`: it checks clean; in one run a misspelled terrain,
//! `two` in a banners (`crowns_1`) column and a repeated tile number are each reported once
//! at their cell; its diagrams draw, and the illegal one is refused for the right reason, in terrain
//! names. The set is designed, uneven, with no rule that derives it: a removed row is not
//! "missing" from anything, so that is not asked.

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::{code, copy_folder, root, scratch, text, tilepress};

/// The design and its data copied into a scratch folder, `tiles.csv` changed by `edit` (its
/// lines, the header first: line N is the file's row N).
fn copied(name: &str, edit: impl Fn(&mut Vec<String>)) -> PathBuf {
    let dir = scratch(name);
    fs::copy(root().join("designs/ardun.toml"), dir.join("ardun.toml")).unwrap();
    copy_folder(&root().join("designs/assets/ardun"), &dir.join("assets/ardun"));
    let csv = dir.join("assets/ardun/tiles.csv");
    let mut lines: Vec<String> =
        fs::read_to_string(&csv).unwrap().lines().map(String::from).collect();
    edit(&mut lines);
    fs::write(&csv, format!("{}\n", lines.join("\n"))).unwrap();
    dir
}

/// Replaces `from` by `to` on line `row` of the file (from 1), which must hold it.
fn change(lines: &mut [String], row: usize, from: &str, to: &str) {
    let line = &mut lines[row - 1];
    assert!(line.starts_with(from), "row {row} is {line}");
    *line = line.replacen(from, to, 1);
}

/// `tilepress check ardun.toml` in `dir`: the exit code and everything it printed.
fn check(dir: &std::path::Path) -> (i32, String) {
    let output = tilepress(dir, &["check", "ardun.toml"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

#[test]
fn the_shipped_game_checks_clean() {
    let output = tilepress(&root(), &["check", "designs/ardun.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(out.contains("Ardun Vales: 48 tiles"), "{out}");
    assert!(out.contains("counters `kings`: 4 counters"), "{out}");
    assert!(out.contains("counters `castles`: 4 counters"), "{out}");
    assert!(out.contains("complete and consistent"), "{out}");
}

#[test]
fn a_misspelled_terrain_a_word_for_banners_and_a_repeated_number_are_each_reported_once_at_their_cell()
 {
    // Row 8 is tile 7 (pinewood | pinewood), row 20 tile 19 (barley with 1 banner |
    // pinewood); row 31 is tile 30, numbered 12 it repeats row 13's number.
    let dir = copied("ardun-bad-cells", |lines| {
        change(lines, 8, "7,pinewood,", "7,pinewod,");
        change(lines, 20, "19,barley,1,", "19,barley,two,");
        change(lines, 31, "30,", "12,");
    });
    let (status, all) = check(&dir);
    assert_eq!(status, 2, "{all}");
    assert_eq!(all.matches("tiles.csv:8:2:").count(), 1, "{all}");
    assert!(all.contains("tiles.csv:8:2: error: tile 7: `pinewod` is not a value"), "{all}");
    assert!(all.contains("did you mean `pinewood`?"), "{all}");
    assert_eq!(all.matches("`two`").count(), 1, "{all}");
    assert_eq!(all.matches("tiles.csv:20:3:").count(), 1, "{all}");
    assert_eq!(all.matches("tiles.csv:31:1:").count(), 1, "{all}");
    assert!(all.contains("`12` in column `number` is used twice (also at row 13)"), "{all}");
    assert!(all.contains("3 errors, nothing done"), "{all}");
}

#[test]
fn the_diagrams_draw_and_the_illegal_one_is_refused_for_matching_no_terrain() {
    let out = scratch("ardun-diagrams");
    for name in ["ardun-realm", "ardun-illegal-no-match"] {
        let path = root().join(format!("diagrams/{name}.toml"));
        let output =
            tilepress(&root(), &["diagram", path.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(code(&output), 0, "{name}: {:?}", text(&output));
        for ext in ["svg", "pdf", "png"] {
            assert!(out.join(format!("{name}.{ext}")).exists(), "{name}.{ext}");
        }
    }
    // Claimed legal, the illegal one is refused, its fen tile named with the terrains it meets.
    let dir = scratch("ardun-claimed-legal");
    fs::copy(root().join("designs/ardun.toml"), dir.join("ardun.toml")).unwrap();
    copy_folder(&root().join("designs/assets/ardun"), &dir.join("assets/ardun"));
    let diagram = fs::read_to_string(root().join("diagrams/ardun-illegal-no-match.toml")).unwrap();
    let claimed = diagram
        .replace("../designs/ardun.toml", "ardun.toml")
        .replace("legal = false", "legal = true")
        .replace("breaks = [\"match\"]\n", "");
    fs::write(dir.join("d.toml"), claimed).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    let all = format!("{out}{err}");
    assert_eq!(code(&output), 1, "{all}");
    assert!(
        all.contains(
            "tile 18 matches none of the dominoes it touches: \
             tile 18 half 1 (fen) meets tile 5 half 1 (barley); \
             tile 18 half 1 (fen) meets tile 23 half 2 (mere) (match)"
        ),
        "{all}"
    );
    assert_eq!(all.matches("problem:").count(), 1, "{all}");
    assert!(!dir.join("out/d.svg").exists(), "not drawn");
}

#[test]
fn explain_counts_the_designed_set_by_terrain_pair_and_banners() {
    let run = tilepress(&root(), &["explain", "designs/ardun.toml"]);
    let (out, err) = text(&run);
    assert_eq!(code(&run), 1, "no rule explains a designed set: {out}{err}");
    assert!(out.contains("No rule over values explains the 48 listed tiles"), "{out}");
    let words = |label: &str, after: &str| -> Vec<String> {
        let table = &out[out.find(after).expect(after)..];
        let line = table.lines().skip(2).find(|l| l.split_whitespace().next() == Some(label));
        line.expect(label).split_whitespace().map(String::from).collect()
    };
    let pairs = "Tiles per pair of values";
    assert_eq!(words("barley", pairs), ["barley", "5", "5", "4", "3", "2", "1"]);
    let places = "Per value, how many places show it, and its `crowns` added up";
    assert_eq!(words("barley", places), ["barley", "25", "4"]);
    assert_eq!(words("quarry", places), ["quarry", "7", "10"]);
    let squares: u32 = ["barley", "pinewood", "mere", "pasture", "fen", "quarry"]
        .iter()
        .map(|terrain| words(terrain, places)[1].parse::<u32>().unwrap())
        .sum();
    assert_eq!(squares, 96, "48 tiles of two squares");
}

#[test]
fn a_column_no_key_or_template_takes_gets_the_field_it_was_meant_as() {
    let dir =
        copied("ardun-column", |lines| lines[0] = lines[0].replacen("crowns_1", "crwons_1", 1));
    let (status, all) = check(&dir);
    assert_eq!(status, 2, "{all}");
    assert_eq!(all.matches("error:").count(), 1, "one cause, one message: {all}");
    assert!(
        all.contains("tiles.csv:1:3: error: column `crwons_1` is not a key of a tile"),
        "{all}"
    );
    assert!(all.contains("did you mean `crowns_1`?"), "{all}");
}
