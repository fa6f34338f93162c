//! Values in diagrams: on `tests/designs/corner-values-triangles.toml` the values at the
//! corners of tiles meeting at a vertex must agree; a diagram that says `legal = true` of a
//! position where they differ is refused, naming the tiles, corners and values.

mod common;

use std::fs;

use common::{code, root, scratch, text, tilepress};

/// A diagram of corner-value triangles: `(tile, [i, j, m])` placements, turn 0.
fn diagram(name: &str, legal: &str, places: &[(u32, [i64; 3])]) -> (i32, String, String) {
    let dir = scratch(&format!("value-diagram-{name}"));
    let design = root().join("tests/designs/corner-values-triangles.toml");
    let mut text_of = format!("[diagram]\ndesign = \"{}\"\n{legal}\n", design.display());
    for (tile, [i, j, m]) in places {
        text_of.push_str(&format!("\n[[place]]\ntile = {tile}\nat = [{i}, {j}, {m}]\n"));
    }
    fs::write(dir.join("d.toml"), &text_of).unwrap();
    let output = tilepress(&dir, &["diagram", "d.toml", "-o", "out"]);
    let (out, err) = text(&output);
    let drawn = fs::read_to_string(dir.join("out/d.svg")).unwrap_or_default();
    (code(&output), format!("{out}{err}"), drawn)
}

#[test]
fn corner_values_that_agree_at_every_vertex_are_legal() {
    // Tile 1 (0, 0, 1) up, tile 6 (0, 1, 1) down beside it: 0 meets 0, 1 meets 1.
    let (status, out, svg) = diagram("legal", "legal = true", &[(1, [0, 0, 0]), (6, [0, 0, 1])]);
    assert_eq!(status, 0, "{out}");
    assert!(svg.contains("<svg"), "the diagram is drawn");
}

#[test]
fn corner_values_that_differ_at_a_vertex_are_named() {
    // Tile 2 (0, 0, 2) puts 2 where tile 1 shows 1.
    let (status, out, svg) = diagram("differ", "legal = true", &[(1, [0, 0, 0]), (2, [0, 0, 1])]);
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "d.toml:9:1: problem: corner values meeting at one vertex differ: \
             tile 1 corner 3 (1), tile 2 corner 3 (2) (match)"
        ),
        "{out}"
    );
    assert!(svg.is_empty(), "nothing is drawn");
    // Stated as an illegal match, the same position is drawn.
    let stated = "legal = false\nbreaks = [\"match\"]";
    let (status, out, svg) = diagram("stated", stated, &[(1, [0, 0, 0]), (2, [0, 0, 1])]);
    assert_eq!(status, 0, "{out}");
    assert!(svg.contains("<svg"), "{out}");
}
