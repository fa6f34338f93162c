//! Bad rectangle, circle and value input is refused with exit 2, file:line:column, a hint,
//! and nothing written: values outside the rule's range or of the wrong number, sides and
//! corner radii that make no rectangle, cell splits that do not fit, values where a tile has
//! no value positions.

use crate::common;

use std::fs;

use common::{place_of, root, scratch};

/// The double-nine design with `from` replaced by `to` (exactly once).
fn edited(from: &str, to: &str) -> String {
    let design =
        fs::read_to_string(root().join("tests/designs/double-nine-dominoes.toml")).unwrap();
    assert!(design.contains(from), "fixture text `{from}` not in the design");
    design.replacen(from, to, 1)
}

/// Refuses `design` (exit 2, a hint, nothing written) with its first message at the place
/// of `needle`; returns the messages.
fn refused(name: &str, design: &str, needle: &str) -> String {
    let dir = scratch(name);
    fs::write(dir.join("bad.toml"), design).unwrap();
    let err = common::refused_in(&dir);
    let at = place_of(design, needle);
    assert!(err.starts_with(&format!("bad.toml:{at}: error: ")), "{needle}: {err}");
    err
}

#[test]
fn values_outside_the_range_are_refused_at_the_value() {
    let err = refused("v-range", &edited("values = [3, 5]", "values = [3, 12]"), "12]");
    assert!(err.contains("value 12 is outside the rule's range, 0–9"), "{err}");
    let err = refused("v-negative", &edited("values = [3, 5]", "values = [-1, 5]"), "-1");
    assert!(err.contains("value -1 is outside the rule's range, 0–9"), "{err}");
}

#[test]
fn the_wrong_number_of_values_is_refused() {
    let err = refused("v-count", &edited("values = [3, 5]", "values = [3]"), "[3]");
    assert!(err.contains("lists 1 value(s); its tile has 2 cells"), "{err}");
    assert!(err.contains("give one value per cell"), "{err}");
}

#[test]
fn rectangles_with_no_size_are_refused() {
    let err = refused("r-zero", &edited("width_mm = 25.0", "width_mm = 0.0"), "0.0\n");
    assert!(err.contains("`width_mm` is 0 mm"), "{err}");
    let err = refused("r-negative", &edited("height_mm = 50.0", "height_mm = -5.0"), "-5.0");
    assert!(err.contains("`height_mm` is -5 mm"), "{err}");
}

#[test]
fn a_corner_radius_over_half_a_side_is_refused() {
    let design = edited("cells = [1, 2]", "cells = [1, 2]\ncorner_radius_mm = 13.0");
    let err = refused("r-radius", &design, "13.0");
    assert!(err.contains("`corner_radius_mm` is 13 mm"), "{err}");
    assert!(err.contains("from 0 to 12.5"), "{err}");
}

#[test]
fn cell_splits_that_do_not_fit_are_refused() {
    for (name, cells, says) in [
        ("c-zero", "[0, 2]", "`cells = [0, 2]` cannot split a tile"),
        ("c-negative", "[1, -2]", "`cells = [1, -2]` cannot split a tile"),
        ("c-absurd", "[1, 1000]", "`cells = [1, 1000]` cannot split a tile"),
        ("c-three", "[1, 2, 3]", "`cells` has 3 number(s); it takes two"),
        ("c-many", "[13, 2]", "`cells = [13, 2]` cannot split a tile"),
    ] {
        let err = refused(name, &edited("cells = [1, 2]", &format!("cells = {cells}")), cells);
        assert!(err.contains(says), "{cells}: {err}");
    }
    // Twelve columns of a 20 mm domino are thinner than 2 mm.
    let design = edited("cells = [1, 2]", "cells = [12, 2]").replacen("25.0", "20.0", 1);
    let err = refused("c-thin", &design, "[12, 2]");
    assert!(err.contains("`cells = [12, 2]` makes cells of 1.67 × 25.00 mm"), "{err}");
}

#[test]
fn values_on_a_tile_without_value_positions_are_refused() {
    let circle = "[set]\nname = \"Discs\"\nshape = \"circle\"\ndiameter_mm = 30.0\n\
                  [palette]\nink = \"#000000\"\n[[tiles]]\nnumber = 1\nvalues = [3]\n";
    let err = refused("v-circle", circle, "[3]");
    assert!(err.contains("tile 1 has values, but a circle tile has no value positions"), "{err}");
    let triangle = "[set]\nname = \"T\"\nshape = \"triangle\"\nedge_mm = 40.0\n\
                    [palette]\nink = \"#000000\"\n[values]\nat = \"cells\"\n\
                    [[tiles]]\nnumber = 1\nvalues = [1, 2, 3]\n";
    let err = refused("v-triangle-cells", triangle, "\"cells\"");
    assert!(err.contains("a triangle tile has no cells"), "{err}");
    let design = edited("number = 2\nvalues = [0, 1]\n", "number = 2\n");
    let err = refused("v-none", &design, "[[tiles]]\nnumber = 2\n");
    assert!(err.contains("tile 2 has no values; the set's tiles carry 2 each"), "{err}");
}

#[test]
fn pips_beyond_nine_and_mixed_rules_are_refused() {
    let design = edited("range = [0, 9]", "range = [0, 12]");
    let err = refused("v-pips", &design, "[0, 12]");
    assert!(err.contains("values up to 12 cannot be drawn as pips"), "{err}");
    let design = edited("values = { range", "colours = [\"ink\"]\nvalues = { range");
    let err = refused("v-mixed", &design, "[\"ink\"]");
    assert!(err.contains("the rule is over values and edge colours at once"), "{err}");
    let design =
        edited("values = [3, 5]", "values = [3, 5]\nedges = [\"ink\", \"-\", \"-\", \"-\"]");
    let err = refused("v-edges", &design, "[\"ink\", \"-\"");
    assert!(err.contains("has edge slots, but a rectangle tile has none"), "{err}");
    let design = edited("symmetry = \"unordered\"", "symmetry = \"sorted\"");
    let err = refused("v-symmetry", &design, "\"sorted\"");
    assert!(err.contains("unknown value symmetry `sorted`"), "{err}");
    let design = edited("style = \"pips\"", "style = \"dots\"");
    let err = refused("v-style", &design, "\"dots\"");
    assert!(err.contains("unknown value style `dots`"), "{err}");
}
