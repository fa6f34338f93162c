//! `tilepress new`: every starter, written into a fresh folder, checks clean and builds
//! with `--strict` as written; a folder that holds anything, or a file, is refused and left
//! as it was.

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};

#[test]
fn every_starter_checks_clean_and_builds_strictly_as_written() {
    for starter in ["tiles", "deck", "counters"] {
        let dir = scratch(&format!("new-{starter}"));
        let output = tilepress(&dir, &["new", starter, "my-game"]);
        let (out, err) = text(&output);
        assert_eq!(code(&output), 0, "{starter}: {out}{err}");
        let game = dir.join("my-game");
        assert!(game.join("my-game.toml").is_file(), "{starter}: {out}");
        let written = fs::read_to_string(game.join("my-game.toml")).unwrap();
        assert!(
            written.contains("tilepress check my-game.toml") && !written.contains("design.toml"),
            "{starter}: its comments name another file"
        );
        assert!(out.contains("tilepress check my-game.toml"), "{starter}: {out}");
        let check = tilepress(&game, &["check", "my-game.toml"]);
        let (out, err) = text(&check);
        assert_eq!(code(&check), 0, "{starter} check: {out}{err}");
        assert!(out.contains("complete and consistent") && !out.contains("problem"), "{out}");
        let build = tilepress(&game, &["build", "--strict", "my-game.toml", "-o", "out"]);
        let (out, err) = text(&build);
        assert_eq!(code(&build), 0, "{starter} build: {out}{err}");
        let pdfs = fs::read_dir(game.join("out/my-game")).unwrap().flatten();
        let pdfs = pdfs.filter(|e| e.path().extension().is_some_and(|x| x == "pdf")).count();
        assert!(pdfs >= 1, "{starter}: no PDF built: {out}");
        if starter == "deck" {
            // The deck reads its rows from the CSV written beside it.
            let csv = fs::read_to_string(game.join("cards.csv")).unwrap();
            let copies: u32 =
                csv.lines().skip(1).filter_map(|l| l.rsplit(',').next()?.parse::<u32>().ok()).sum();
            let list = text(&tilepress(&game, &["list", "my-game.toml"])).0;
            assert!(list.contains(&format!("deck `cards`: {copies} cards")), "{list}");
        }
    }
}

#[test]
fn a_folder_that_holds_anything_or_a_file_is_refused_and_left_alone() {
    let dir = scratch("new-refused");
    fs::create_dir_all(dir.join("taken")).unwrap();
    fs::write(dir.join("taken/notes.txt"), "mine").unwrap();
    fs::write(dir.join("taken.toml"), "mine").unwrap();
    for folder in ["taken", "taken.toml"] {
        let output = tilepress(&dir, &["new", "deck", folder]);
        let (out, err) = text(&output);
        assert_eq!(code(&output), 2, "{folder}: {out}{err}");
        assert!(err.contains("nothing was written"), "{err}");
    }
    assert_eq!(fs::read_dir(dir.join("taken")).unwrap().count(), 1);
    assert_eq!(fs::read_to_string(dir.join("taken/notes.txt")).unwrap(), "mine");
    assert_eq!(fs::read_to_string(dir.join("taken.toml")).unwrap(), "mine");
    // An empty folder is used as it is; an unknown starter is a usage error.
    fs::create_dir_all(dir.join("empty")).unwrap();
    let output = tilepress(&dir, &["new", "tiles", "empty"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert!(dir.join("empty/empty.toml").is_file());
    let output = tilepress(&dir, &["new", "dominoes", "other"]);
    assert_eq!(code(&output), 2, "{}", text(&output).1);
    assert!(
        text(&output).1.contains("possible values: tiles, deck, counters"),
        "{}",
        text(&output).1
    );
    assert!(!dir.join("other").exists());
}
