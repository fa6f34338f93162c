//! Diagrams on boards. Polyform pieces (Tranglar): a capture claim is checked against the
//! pieces the move really surrounds, a replacement must cover exactly the replaced area, and
//! pieces must lie on the board without overlapping. Pawns (Trans-Rabat): every tip is
//! replayed against the board's colours and dots, and extra moves are earned, not claimed.

use crate::common;

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
            + "\n[[place]]\npiece = \"T2\"\nat = [3, 0]\nturn = 2\nface = \"back\"\n\
               \n[[place]]\npiece = \"T1\"\nname = \"west\"\nat = [3, 0]\nturn = 3\nface = \"back\"\n"
    });
    let (code, stderr) = run("pieces-surrounded", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("the new T1 at [3, 0] goes where the opponent's pieces surround it"),
        "{stderr}"
    );
    assert!(!stderr.contains("(overlap)"), "only the placement is wrong: {stderr}");
}

#[test]
fn a_tip_whose_landing_face_and_ball_match_nothing_fails_and_says_why() {
    let file = edited("trans-rabat-tip.toml", |t| {
        t.replace("down = \"red\"\nturn = 0", "down = \"yellow\"\nturn = 1")
    });
    let (code, stderr) = run("pawns-no-match", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("nothing matches (tip)"), "{stderr}");
    assert!(stderr.contains("figure.toml:16:1:"), "names the [[move]]: {stderr}");
}

#[test]
fn an_extra_move_is_earned_only_by_a_double_match() {
    let claimed = edited("trans-rabat-tip.toml", |t| t + "extra = true\n");
    let (code, stderr) = run("pawns-false-extra", &claimed);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("earns an extra move, but only the ball matches (extra-move)"),
        "{stderr}"
    );
    let unclaimed = edited("trans-rabat-double-match.toml", |t| t.replace("extra = true\n", ""));
    let (code, stderr) = run("pawns-unclaimed-extra", &unclaimed);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("matches face and ball, which earns an extra move"), "{stderr}");
    let again =
        edited("trans-rabat-tip.toml", |t| t + "\n[[move]]\npawn = \"pawn\"\ntip_to = [1, 3]\n");
    let (code, stderr) = run("pawns-moves-again", &again);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("moves again after a move that earned no extra move"), "{stderr}");
}

#[test]
fn a_slide_goes_one_edge_along_a_grid_line() {
    let file = edited("trans-rabat-slide-and-tip.toml", |t| {
        t.replace("slide_to = [1, 3]", "slide_to = [1, 5]")
    });
    let (code, stderr) = run("pawns-long-slide", &file);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("not one edge along a grid line (slide)"), "{stderr}");
}
