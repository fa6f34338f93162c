//! `--part NAME` (issue 61): `build` (every format), `check` and `list` of one part only, the output folder's other files kept, and a name no design has refused with did-you-mean, exit 2, nothing written.

use crate::common;

use common::{code, names_in, root, scratch, text, tilepress};

const SALTMARSH: &str = "designs/saltmarsh.toml";

/// Runs tilepress in the project's root, its exit code and its output and errors together.
fn run(args: &[&str]) -> (i32, String) {
    let output = tilepress(&root(), args);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

#[test]
fn build_part_writes_that_part_only_as_the_whole_build_writes_it() {
    let dir = scratch("part-one");
    let (whole, part) = (dir.join("whole"), dir.join("part"));
    let (built, said) = run(&["build", SALTMARSH, "-o", whole.to_str().unwrap()]);
    assert_eq!(built, 0, "{said}");
    let (built, said) = run(&["build", SALTMARSH, "-o", part.to_str().unwrap(), "--part", "punts"]);
    assert_eq!(built, 0, "{said}");
    assert!(said.contains("40 counters") && !said.contains("cards of"), "{said}");
    let names = names_in(&part.join("saltmarsh"));
    let (ours, others): (Vec<&String>, Vec<&String>) = names
        .iter()
        .filter(|name| !name.starts_with('.'))
        .partition(|name| name.starts_with("saltmarsh-punts"));
    assert!(others.is_empty(), "files of other parts: {others:?}");
    // The preview shows only the part, so it is named after it.
    assert!(ours.iter().any(|name| *name == "saltmarsh-punts-preview.png"), "{ours:?}");
    // The part's sheets are the bytes the whole build writes.
    let mut compared = 0;
    for name in ours.iter().filter(|name| !name.contains("preview")) {
        let a = std::fs::read(part.join("saltmarsh").join(name)).unwrap();
        let b = std::fs::read(whole.join("saltmarsh").join(name)).unwrap();
        assert!(a == b, "{name} differs from the whole build's");
        compared += 1;
    }
    assert!(compared >= 4, "pdf, two sheet sides and a cut file: {ours:?}");
}

#[test]
fn build_part_keeps_the_folders_other_files() {
    let dir = scratch("part-keeps");
    let out = dir.join("out");
    let (built, said) = run(&["build", SALTMARSH, "-o", out.to_str().unwrap()]);
    assert_eq!(built, 0, "{said}");
    let folder = out.join("saltmarsh");
    let before = names_in(&folder);
    let preview = std::fs::read(folder.join("saltmarsh-preview.png")).unwrap();
    // A reprint of the deck, as the print shop takes it: its PDF only.
    let args = ["build", SALTMARSH, "-o", out.to_str().unwrap(), "--part", "Cards"];
    let (built, said) = run(&[&args[..], &["--format", "pdf"]].concat());
    assert_eq!(built, 0, "{said}");
    assert!(said.contains("1 files; the folder's other files kept"), "{said}");
    assert_eq!(names_in(&folder), before, "no file lost, none added");
    assert_eq!(std::fs::read(folder.join("saltmarsh-preview.png")).unwrap(), preview);
}

#[test]
fn faces_tts_and_cut_files_of_one_part() {
    let dir = scratch("part-formats");
    let out = dir.join("out");
    let args = ["build", SALTMARSH, "-o", out.to_str().unwrap(), "--part", "cards"];
    let (built, said) = run(&[&args[..], &["--format", "faces,tts,cut"]].concat());
    assert_eq!(built, 0, "{said}");
    let names = names_in(&out.join("saltmarsh"));
    let faces_lists: Vec<&String> = names.iter().filter(|n| n.ends_with("-faces.csv")).collect();
    assert_eq!(faces_lists, ["saltmarsh-cards-faces.csv"], "{names:?}");
    let cuts: Vec<&String> = names.iter().filter(|n| n.contains("-cut-")).collect();
    assert!(!cuts.is_empty() && cuts.iter().all(|n| n.starts_with("saltmarsh-cards-cut-")));
    assert!(!names.iter().any(|n| n.contains("punts") || n.contains("score")), "{names:?}");
    let save = std::fs::read_to_string(out.join("saltmarsh/saltmarsh-cards-tts.json")).unwrap();
    let save: serde_json::Value = serde_json::from_str(&save).unwrap();
    let objects = save["ObjectStates"].as_array().unwrap();
    assert_eq!(objects.len(), 1, "the deck alone");
    assert_eq!(objects[0]["Nickname"], "cards");
}

#[test]
fn check_and_list_one_part() {
    let (checked, said) = run(&["check", SALTMARSH, "--part", "punts"]);
    assert_eq!(checked, 0, "{said}");
    let summary = said.lines().last().unwrap();
    assert!(summary.contains("counters `punts`") && !summary.contains("cards"), "{said}");
    let (whole_code, whole) = run(&["check", SALTMARSH]);
    assert_eq!(whole_code, 0, "{whole}");
    assert!(whole.contains("deck `cards`"), "{whole}");
    let (listed, list) = run(&["list", SALTMARSH, "--part", "score", "--part", "marsh"]);
    assert_eq!(listed, 0, "{list}");
    let heads: Vec<&str> =
        list.lines().filter(|line| line.starts_with("  ") && !line.starts_with("   ")).collect();
    assert_eq!(heads.len(), 2, "{list}");
    assert!(heads[0].contains("track `score`") && heads[1].contains("map `marsh`"), "{list}");
    assert!(!list.contains("cards.csv row"), "{list}");
}

#[test]
fn an_unknown_part_is_an_error_with_did_you_mean_and_nothing_is_written() {
    let dir = scratch("part-unknown");
    let out = dir.join("out");
    let build = ["build", SALTMARSH, "-o", out.to_str().unwrap(), "--part", "punt"];
    for args in [
        &build[..],
        &["check", SALTMARSH, "--part", "punt"],
        &["list", SALTMARSH, "--part", "punt"],
    ] {
        let (exit, said) = run(args);
        assert_eq!(exit, 2, "{args:?}: {said}");
        assert!(said.contains("no part named `punt` (did you mean `punts`?)"), "{said}");
        assert!(said.contains("parts are `cards`, `punts`, `score`, `marsh`"), "{said}");
        assert!(!said.contains("panicked"), "{said}");
    }
    assert!(!out.exists(), "nothing written");
}

#[test]
fn with_several_designs_a_part_one_has_passes_the_others_over() {
    let dir = scratch("part-several");
    let out = dir.join("out");
    let designs = [SALTMARSH, "designs/tantrix.toml"];
    let (built, said) = run(&[
        &["build"],
        &designs[..],
        &["-o", out.to_str().unwrap(), "--part", "punts"],
    ]
    .concat());
    assert_eq!(built, 0, "{said}");
    assert!(
        said.contains("designs/tantrix.toml: note: no part named `punts`; passed over"),
        "{said}"
    );
    assert!(out.join("saltmarsh").is_dir() && !out.join("tantrix").exists(), "{said}");
    // A name no design has: an error, and nothing written (saltmarsh's folder as it was).
    let before = names_in(&out.join("saltmarsh"));
    let args = [
        &["build"],
        &designs[..],
        &["-o", out.to_str().unwrap(), "--part", "punts", "--part", "tils"],
    ]
    .concat();
    let (built, said) = run(&args);
    assert_eq!(built, 2, "{said}");
    assert!(said.contains("no part named `tils` (did you mean `tiles`?)"), "{said}");
    assert!(said.contains("nothing was written"), "{said}");
    assert_eq!(names_in(&out.join("saltmarsh")), before);
    assert!(!out.join("tantrix").exists());
    let (checked, said) = run(&[&["check"], &designs[..], &["--part", "tils"]].concat());
    assert_eq!(checked, 2, "{said}");
}
