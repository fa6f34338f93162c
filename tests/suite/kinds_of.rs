//! `[rule] kinds_of`: slot kinds bound to colours. Roads only as lines and cities only as regions derive exactly the tiles of the unbound rule that have no city line and no road region; a tile breaking the binding is not in the set, named by its edge; bad bindings are refused at the key.

use std::fs;

use crate::common;
use common::{code, refused_in, scratch, text, tilepress};

/// Square tiles of roads and cities, lines or regions, joins optional; `extra` rule keys.
fn design(extra: &str) -> String {
    format!(
        "[set]\nname = \"Roads\"\nshape = \"square\"\nedge_mm = 30.0\n\n[palette]\nroad = \"#777777\"\ncity = \"#b5651d\"\n\n[rule]\ncolours = [\"road\", \"city\"]\nslot_kinds = [\"line\", \"region\"]\njoins = \"optional\"\n{extra}\n"
    )
}

/// The tiles `check` says are missing from a design that lists none: the derived set.
fn derived(name: &str, toml: &str) -> Vec<String> {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), toml).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&run), 1, "{}", text(&run).1);
    let (out, err) = text(&run);
    format!("{out}{err}")
        .lines()
        .filter_map(|l| l.split_once("missing tile: ").map(|(_, tile)| tile.to_string()))
        .collect()
}

/// Whether a tile's description has a city line (`city` alone) or a road region.
fn breaks_binding(tile: &str) -> bool {
    let edges = tile.split(';').next().unwrap();
    let slots = edges.split_once(": ").unwrap().1;
    slots.split(", ").any(|slot| slot == "city" || slot == "road region")
}

#[test]
fn bound_kinds_derive_the_unbound_set_less_the_tiles_that_break_them() {
    let unbound = derived("kinds-of-unbound", &design(""));
    let bound =
        derived("kinds-of-bound", &design("kinds_of = { road = [\"line\"], city = [\"region\"] }"));
    let mut expected: Vec<&String> = unbound.iter().filter(|t| !breaks_binding(t)).collect();
    let mut got: Vec<&String> = bound.iter().collect();
    expected.sort();
    got.sort();
    assert!(unbound.len() > bound.len() && !bound.is_empty(), "{} {}", unbound.len(), bound.len());
    assert_eq!(got, expected);
}

#[test]
fn a_tile_breaking_the_binding_is_not_in_the_set() {
    let dir = scratch("kinds-of-tile");
    let toml = format!(
        "{}\n[[tiles]]\nnumber = 1\nedges = [\"city line\", \"road line\", \"road line\", \"city region\"]\n",
        design("kinds_of = { road = [\"line\"], city = [\"region\"] }")
    );
    fs::write(dir.join("d.toml"), toml).unwrap();
    let run = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&run);
    let said = format!("{out}{err}");
    assert_eq!(code(&run), 1, "{said}");
    assert!(
        said.contains("tile 1 is not in the set: edge 1 is a city line, where the rule's `kinds_of` gives city only region"),
        "{said}"
    );
}

#[test]
fn bad_bindings_are_refused_at_the_key() {
    for (name, kinds_of, said) in [
        (
            "colour",
            "kinds_of = { lane = [\"line\"] }",
            "`kinds_of` names `lane`, which is not one of the rule's colours",
        ),
        ("kind", "kinds_of = { road = [\"dot\"] }", "`dot` is not one of the rule's `slot_kinds`"),
        ("unknown", "kinds_of = { road = [\"lane\"] }", "unknown slot kind `lane`"),
        ("empty", "kinds_of = { road = [] }", "`kinds_of` gives `road` no slot kind"),
    ] {
        let dir = scratch(&format!("kinds-of-bad-{name}"));
        let toml = design(kinds_of);
        fs::write(dir.join("bad.toml"), &toml).unwrap();
        let err = refused_in(&dir);
        let line = toml[..toml.find("kinds_of").unwrap()].lines().count() + 1;
        assert!(err.contains(&format!("bad.toml:{line}:")) && err.contains(said), "{name}: {err}");
    }
}
