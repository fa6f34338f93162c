//! Diagrams of polyform pieces on a board (Tranglar): a capture claim is checked against the
//! pieces the move really surrounds, a replacement must cover exactly the replaced area, and
//! pieces must lie on the board without overlapping.

mod common;

use common::{code, root, scratch, text, tilepress};

/// The shipped diagram `name` with its design path made absolute and `edit` applied.
fn edited(name: &str, edit: impl Fn(String) -> String) -> String {
    let path = root().join("diagrams").join(name);
    let designs = root().join("designs");
    let original = std::fs::read_to_string(path)
        .unwrap()
        .replace("\"../designs/", &format!("\"{}/", designs.display()));
    edit(original)
}

/// Runs `diagram` on `text`; the exit code and stderr.
fn run(label: &str, text_of_file: &str) -> (u8, String) {
    let dir = scratch(label);
    std::fs::write(dir.join("figure.toml"), text_of_file).unwrap();
    let output = tilepress(&dir, &["diagram", "figure.toml", "-o", "out"]);
    (code(&output) as u8, text(&output).1)
}

#[test]
fn a_capture_claim_naming_a_piece_that_is_not_surrounded_fails_and_says_why() {
    let file = edited("tranglar-capture.toml", |t| {
        t.replace("captures = [\"D2\"]", "captures = [\"D2\", \"S4\"]")
    });
    let (code, stderr) = run("pieces-wrong-capture", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("`captures` names S4 at [3, 2], but"), "{stderr}");
    assert!(stderr.contains("(capture-surrounded)"), "{stderr}");
}

#[test]
fn a_capture_the_claim_leaves_out_fails_and_names_the_piece() {
    let file =
        edited("tranglar-capture.toml", |t| t.replace("captures = [\"D2\"]", "captures = []"));
    let (code, stderr) = run("pieces-missed-capture", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("D2 at [1, 0] is surrounded"), "{stderr}");
}

#[test]
fn without_the_closing_piece_nothing_is_captured() {
    // Moving the new triangle away leaves a gap next to the small square.
    let file = edited("tranglar-capture.toml", |t| {
        t.replace("at = [1, 1]\nturn = 3\nnew = true", "at = [2, 3]\nturn = 3\nnew = true")
    });
    let (code, stderr) = run("pieces-open-gap", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("its neighbouring cell 1 1 W is not covered by the mover"), "{stderr}");
}

#[test]
fn a_replacement_must_cover_exactly_the_same_area() {
    let file = edited("tranglar-replacement.toml", |t| {
        t.replacen(
            "piece = \"T2\"\nname = \"second T2\"",
            "piece = \"T1\"\nname = \"second T2\"",
            1,
        )
    });
    let (code, stderr) = run("pieces-bad-replacement", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("is covered by the replaced pieces but not by the new ones"),
        "{stderr}"
    );
    assert!(stderr.contains("(replace)"), "{stderr}");
}

#[test]
fn pieces_off_the_board_or_on_each_other_are_refused() {
    let off = edited("tranglar-placing.toml", |t| {
        t.replace("at = [1, 1]\nturn = 2", "at = [3, 1]\nturn = 2")
    });
    let (code, stderr) = run("pieces-off-board", &off);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("T4 at [3, 1]: cell 4 1 S is off the board (off-board)"), "{stderr}");
    let on = edited("tranglar-placing.toml", |t| {
        t.replace("at = [1, 1]\nturn = 2", "at = [0, 0]\nturn = 2")
    });
    let (code, stderr) = run("pieces-overlap", &on);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("S4 at [0, 0] and T4 at [0, 0] both cover cell"), "{stderr}");
}

#[test]
fn a_piece_may_not_be_laid_where_the_opponent_surrounds_it() {
    // A green triangle in the corner between two petrol pieces.
    let file = edited("tranglar-placing.toml", |t| {
        t.replace("piece = \"T4\"\nat = [1, 1]\nturn = 2", "piece = \"T1\"\nat = [3, 0]\nturn = 0")
            + "\n[[place]]\npiece = \"T2\"\nat = [3, 0]\nturn = 1\nface = \"back\"\n\
               \n[[place]]\npiece = \"T1\"\nname = \"west\"\nat = [3, 0]\nturn = 3\nface = \"back\"\n"
    });
    let (code, stderr) = run("pieces-surrounded", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("the new T1 at [3, 0] goes where the opponent's pieces surround it"),
        "{stderr}"
    );
}
