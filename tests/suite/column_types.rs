//! `[columns]`: a data file column's type declared once (a whole-number `range`, `names`,
//! `unique`) and held for every data file — tiles and decks alike: each bad cell one error at
//! it, with the closest name where names are expected; a mistake in `[columns]` at its key.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{code, copy_folder, root, scratch, text, tilepress};

/// The double-nine dominoes with their tiles in `tiles.csv` (`number,value_1,value_2`, every
/// pair once) and `columns` as the design's `[columns]`; `edit` changes the file's lines.
fn dominoes(name: &str, columns: &str, edit: impl Fn(&mut Vec<String>)) -> PathBuf {
    let dir = scratch(name);
    let toml = fs::read_to_string(root().join("tests/designs/double-nine-dominoes.toml")).unwrap();
    let head = &toml[..toml.find("[[tiles]]").unwrap()];
    let head = head.replacen("cells = [1, 2]", "cells = [1, 2]\ndata = \"tiles.csv\"", 1);
    fs::write(dir.join("d.toml"), format!("{head}\n[columns]\n{columns}\n")).unwrap();
    let mut lines = vec!["number,value_1,value_2".to_string()];
    for a in 0..=9 {
        for b in a..=9 {
            lines.push(format!("{},{a},{b}", lines.len()));
        }
    }
    edit(&mut lines);
    fs::write(dir.join("tiles.csv"), lines.join("\n") + "\n").unwrap();
    dir
}

fn check(dir: &Path, design: &str) -> (i32, String) {
    let run = tilepress(dir, &["check", design]);
    let (out, err) = text(&run);
    (code(&run), out + &err)
}

const TYPES: &str = "number = { range = [1, 55], unique = true }\nvalue_1 = { range = [0, 9] }\nvalue_2 = { range = [0, 9] }";

#[test]
fn typed_columns_that_hold_clean_check_clean() {
    let dir = dominoes("columns-clean", TYPES, |_| {});
    let (status, out) = check(&dir, "d.toml");
    assert_eq!(status, 0, "{out}");
}

#[test]
fn a_bad_cell_and_a_repeated_value_are_each_one_error_at_their_cell() {
    let dir = dominoes("columns-bad", TYPES, |lines| {
        lines[4] = "4,two,3".into(); // line 5
        lines[9] = "4,0,8".into(); // line 10 repeats line 5's number
    });
    let (status, out) = check(&dir, "d.toml");
    assert_eq!(status, 2, "{out}");
    assert_eq!(out.matches("error:").count(), 2, "{out}");
    assert_eq!(out.matches("tiles.csv:5:2:").count(), 1, "{out}");
    assert!(out.contains("`two` in column `value_1` is not a whole number from 0 to 9"), "{out}");
    assert_eq!(out.matches("tiles.csv:10:1:").count(), 1, "{out}");
    assert!(out.contains("`4` in column `number` is used twice (also at row 5)"), "{out}");
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 2);
    assert!(!dir.join("out").exists(), "nothing written");
}

#[test]
fn a_deck_column_of_names_gets_the_closest_name() {
    let dir = scratch("columns-deck");
    fs::copy(root().join("designs/saltmarsh.toml"), dir.join("s.toml")).unwrap();
    copy_folder(&root().join("designs/assets/saltmarsh"), &dir.join("assets/saltmarsh"));
    let csv = dir.join("assets/saltmarsh/cards.csv");
    let cards = fs::read_to_string(&csv).unwrap().replacen("salt,2,", "slat,2,", 1);
    fs::write(&csv, cards).unwrap();
    let toml = fs::read_to_string(dir.join("s.toml")).unwrap();
    let goods: Vec<String> = fs::read_to_string(root().join("designs/assets/saltmarsh/cards.csv"))
        .unwrap()
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next().map(String::from))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let names = goods.iter().map(|g| format!("\"{g}\"")).collect::<Vec<_>>().join(", ");
    fs::write(
        dir.join("s.toml"),
        format!(
            "{toml}\n[columns]\ngood = {{ names = [{names}] }}\nrank = {{ range = [0, 13] }}\n"
        ),
    )
    .unwrap();
    let (status, out) = check(&dir, "s.toml");
    assert_eq!(status, 2, "{out}");
    assert_eq!(out.matches("error:").count(), 1, "{out}");
    assert!(out.contains("cards.csv:3:1:") && out.contains("`slat` in column `good`"), "{out}");
    assert!(out.contains("did you mean `salt`?"), "{out}");
}

#[test]
fn mistakes_in_columns_are_reported_at_their_key() {
    for (columns, says) in [
        ("value_1 = { range = [9, 0] }", "the range [9, 0] is upside down"),
        ("value_1 = { range = [0] }", "`range` is not two whole numbers"),
        ("value_1 = { uniqe = true }", "uniqe"),
        ("value_1 = { range = [0, 9], names = [\"a\"] }", "both a range and names"),
    ] {
        let dir = dominoes("columns-mistake", columns, |_| {});
        let (status, out) = check(&dir, "d.toml");
        assert_eq!(status, 2, "{columns}: {out}");
        assert!(out.contains("d.toml:") && out.contains(says), "{columns}: {out}");
    }
}

#[test]
fn the_documented_example_checks_and_builds_with_the_data_sections_csv() {
    let doc = fs::read_to_string(root().join("docs/format.md")).unwrap();
    let block = |heading: &str, fence: &str| {
        let section = &doc[doc.find(heading).expect(heading)..];
        let start = section.find(fence).expect(fence) + fence.len();
        section[start..start + section[start..].find("```").unwrap()].to_string()
    };
    let dir = scratch("columns-doc");
    fs::write(dir.join("example.toml"), block("### Column types", "```toml\n")).unwrap();
    fs::write(dir.join("tiles.csv"), block("### Tiles from a data file", "```csv\n")).unwrap();
    let (status, out) = check(&dir, "example.toml");
    assert_eq!(status, 0, "{out}");
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{:?}", text(&build));
}

#[test]
fn a_when_value_the_column_allows_but_no_item_has_is_no_problem() {
    let when = "\n[faces.crowned]\nlayers = [{ text = \"{crowns}\", offset_mm = [0, -10], size_mm = 4, colour = \"ink\", when = { crowns = \"3\" } }]\n";
    let with = |columns: &str| {
        dominoes("columns-when", columns, |lines| {
            lines[0].push_str(",crowns");
            for (k, line) in lines.iter_mut().enumerate().skip(1) {
                line.push_str(&format!(",{}", k % 3));
            }
        })
    };
    let design = |dir: &Path| {
        let toml = fs::read_to_string(dir.join("d.toml")).unwrap();
        let toml = toml.replacen(
            "data = \"tiles.csv\"",
            "data = \"tiles.csv\"\ntemplate = \"crowned\"",
            1,
        );
        fs::write(dir.join("d.toml"), toml + when).unwrap();
    };
    let dir = with("crowns = { range = [0, 3] }");
    design(&dir);
    let (status, out) = check(&dir, "d.toml");
    assert_eq!(status, 0, "crowns 3 is a value the column allows: {out}");
    let dir = with("crowns = { range = [0, 2] }");
    design(&dir);
    let (status, out) = check(&dir, "d.toml");
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("no item has `crowns` `3`"), "{out}");
}

/// Saltmarsh copied into a scratch folder with its deck rule's `rank` written as `ranks`.
fn saltmarsh_with_ranks(name: &str, ranks: &str) -> (i32, String) {
    let dir = scratch(name);
    copy_folder(&root().join("designs/assets/saltmarsh"), &dir.join("assets/saltmarsh"));
    let toml = fs::read_to_string(root().join("designs/saltmarsh.toml")).unwrap();
    let quoted = "rank = [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\", \"7\", \"8\", \"9\", \"10\", \"11\", \"12\", \"13\"]";
    assert!(toml.contains(quoted));
    fs::write(dir.join("s.toml"), toml.replacen(quoted, &format!("rank = {ranks}"), 1)).unwrap();
    check(&dir, "s.toml")
}

#[test]
fn a_product_takes_unquoted_numbers_and_ranges() {
    for ranks in ["[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]", "{ range = [1, 13] }"] {
        let (status, out) = saltmarsh_with_ranks("product-ranks", ranks);
        assert_eq!(status, 0, "{ranks}: {out}");
        assert!(out.contains("54 cards") && out.contains("complete and consistent"), "{out}");
    }
    let (status, out) = saltmarsh_with_ranks("product-ranks-upside-down", "{ range = [13, 1] }");
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("`rank`: the range [13, 1] is upside down"), "{out}");
}
