//! CLI tests for boards and nets: reachability reports, a start cell cut off by one dot,
//! and the Trans-Rabat design checked end to end.

use crate::common;

use common::{code, root, scratch, text, tilepress};

#[test]
fn trans_rabat_checks_and_reports_every_player() {
    let out = tilepress(&root(), &["check", "designs/trans-rabat.toml"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(code(&out), 0, "{stdout}{stderr}");
    for player in ["White", "Black", "Orange"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(player))
            .unwrap_or_else(|| panic!("no line for {player}: {stdout}"));
        assert!(line.contains("4 of 4 start cells reach"), "{line}");
    }
}

#[test]
fn one_dot_cuts_a_start_cell_off_and_check_names_it() {
    let fixture =
        std::fs::read_to_string(root().join("tests/fixtures/tiny-rabat.toml")).expect("fixture");
    let dir = scratch("cut-off");
    std::fs::write(dir.join("open.toml"), &fixture).expect("write");
    let open = tilepress(&dir, &["check", "open.toml"]);
    assert_eq!(code(&open), 0, "{:?}", text(&open));
    assert!(text(&open).0.contains("2 of 2 start cells reach side 4"));
    // Row 3 of the dots is "y b b b g"; its last dot becomes red.
    let cut = fixture.replacen("\"y b b b g\"", "\"y b b b r\"", 1);
    assert_ne!(cut, fixture, "the fixture's dot row changed");
    std::fs::write(dir.join("cut.toml"), &cut).expect("write");
    let out = tilepress(&dir, &["check", "cut.toml"]);
    let (stdout, _) = text(&out);
    assert_eq!(code(&out), 1, "{stdout}");
    let problem =
        stdout.lines().find(|l| l.contains("cannot reach")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(problem.contains("row 1, cell 4"), "{problem}");
    // The diagnostic points at the cell's letter in the design file.
    let line_of_row1 =
        cut.lines().position(|l| l.contains("\"  b y g g g  \"")).expect("row 1") + 1;
    let column = cut
        .lines()
        .nth(line_of_row1 - 1)
        .and_then(|l| l.match_indices('g').nth(1))
        .map(|(i, _)| i + 1);
    assert!(
        problem.starts_with(&format!("cut.toml:{line_of_row1}:{}:", column.unwrap_or(0))),
        "{problem}"
    );
    assert!(stdout.contains("1 of 2 start cells reach"), "{stdout}");
}

#[test]
fn a_broken_colouring_is_reported_against_its_symmetry() {
    let design = std::fs::read_to_string(root().join("designs/trans-rabat.toml")).expect("design");
    let start = design.find("cells = [").expect("cells");
    let first_letter =
        start + design[start..].find(|c: char| "rybg".contains(c)).expect("a letter");
    let letter = &design[first_letter..=first_letter];
    let other = if letter == "r" { "y" } else { "r" };
    let broken = format!("{}{other}{}", &design[..first_letter], &design[first_letter + 1..]);
    let dir = scratch("symmetry");
    std::fs::write(dir.join("broken.toml"), broken).expect("write");
    let out = tilepress(&dir, &["check", "broken.toml"]);
    let (stdout, _) = text(&out);
    assert_eq!(code(&out), 1, "{stdout}");
    assert!(stdout.contains("row 1, cell 1") && stdout.contains("turned by 120°"), "{stdout}");
}
