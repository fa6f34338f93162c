//! A part that prints with less bleed than asked says so in the build's report, with why:
//! tiles closer than twice the bleed, pieces sharing their cuts, nets cut along their own
//! lines, boards printed to their cut; cards, and parts without a bleed asked, say nothing.

use crate::common;

use common::{code, root, scratch, text, tilepress};

/// The report of building shipped `design` with `extra` options (PDF only).
fn report(name: &str, design: &str, extra: &[&str]) -> String {
    let dir = scratch(name);
    let path = root().join("designs").join(design);
    let mut args = vec!["build", path.to_str().unwrap(), "-o", "out", "--format", "pdf"];
    args.extend_from_slice(extra);
    let output = tilepress(&dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    out
}

#[test]
fn tiles_closer_than_twice_the_bleed_say_what_they_get_and_the_gap_that_gives_it_all() {
    let out = report("shortfall-tiles", "tantrix.toml", &["--bleed", "3", "--gap", "2"]);
    assert!(
        out.contains(
            "note: tiles print with a 1 mm bleed, not the 3 mm asked: a tile's bleed is at most \
             half the gap between tiles, so that it never reaches its neighbour; a 6 mm gap \
             gives it all"
        ),
        "{out}"
    );
    let edge_to_edge = report("shortfall-tiles-0", "tantrix.toml", &["--bleed", "3", "--gap", "0"]);
    assert!(
        edge_to_edge.contains("note: tiles print without bleed, not the 3 mm asked"),
        "{edge_to_edge}"
    );
    // The gap that gives it all: no note.
    let spaced = report("shortfall-tiles-6", "tantrix.toml", &["--bleed", "3", "--gap", "6"]);
    assert!(!spaced.contains("bleed, not the"), "{spaced}");
}

#[test]
fn pieces_and_a_board_on_their_grid_print_without_bleed_and_say_why() {
    let out = report("shortfall-pieces", "tranglar.toml", &["--bleed", "3"]);
    assert!(
        out.contains(
            "note: pieces print without bleed, not the 3 mm asked: pieces share their cuts \
             with their neighbours on the grid, edge to edge"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "note: the board prints without bleed, not the 3 mm asked: it is printed to its \
             cut, its art ending there"
        ),
        "{out}"
    );
    // No bleed asked: nothing said.
    let plain = report("shortfall-pieces-none", "tranglar.toml", &[]);
    assert!(!plain.contains("bleed"), "{plain}");
}

#[test]
fn nets_and_a_walled_board_print_without_bleed_and_cards_take_it_silently() {
    let out = report("shortfall-nets", "trans-rabat.toml", &["--bleed", "2"]);
    assert!(
        out.contains(
            "note: nets print without bleed, not the 2 mm asked: each is cut along its own \
             lines, its glue tabs beside it"
        ),
        "{out}"
    );
    assert!(out.contains("note: the board prints without bleed, not the 2 mm asked"), "{out}");
    // Saltmarsh's cards and punts take the bleed; its map and score track cannot.
    let saltmarsh = report("shortfall-cards", "saltmarsh.toml", &["--bleed", "2"]);
    assert!(!saltmarsh.contains("cards print"), "{saltmarsh}");
    assert!(!saltmarsh.contains("counters print"), "{saltmarsh}");
    assert!(
        saltmarsh.contains("note: the map prints without bleed, not the 2 mm asked"),
        "{saltmarsh}"
    );
    assert!(
        saltmarsh.contains("note: the track prints without bleed, not the 2 mm asked"),
        "{saltmarsh}"
    );
}
