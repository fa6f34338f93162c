//! Face templates on board cells (`[board] template`, painted boards and boards on the
//! pieces' grid) and on net faces (`[[nets]] templates`): a 3 mm square drawn at each
//! cell's or face's centre measures 3 mm (±0.01) and sits on the centroid of the cell or
//! face it belongs to, in the built PDF; mistakes are errors at their keys.

use crate::common;

use std::fs;

use common::pdf::{Fill, bounds, centroid, fills};
use common::{check_text, code, line_of, scratch, text, tilepress};
use lopdf::Document;

const MARK: [u8; 3] = [0x0a, 0x0b, 0x0c];

fn built(name: &str, design: &str, pdf_name: &str) -> Document {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    Document::load(dir.join("out/d").join(pdf_name)).expect("the PDF parses")
}

/// Every mark is 3 mm square and centred on the centroid of one of `places`; returns how
/// many marks there are.
fn marks_on(found: &[Fill], places: &[(f64, f64)]) -> usize {
    let marks: Vec<&Fill> = found.iter().filter(|f| f.colour == MARK).collect();
    for mark in &marks {
        let (x0, y0, x1, y1) = bounds(&mark.points);
        assert!((x1 - x0 - 3.0).abs() < 0.01 && (y1 - y0 - 3.0).abs() < 0.01, "{x0} {x1}");
        let at = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let nearest =
            places.iter().map(|p| (p.0 - at.0).hypot(p.1 - at.1)).fold(f64::MAX, f64::min);
        assert!(nearest < 0.01, "a mark at {at:?} is {nearest} mm from its place");
    }
    marks.len()
}

const FACES: &str = r##"
[faces.cell]
layers = [
  { shape = "rectangle", box_mm = [3, 3], fill = "#0a0b0c" },
  { text = "{number}", at = "corner 1", inset_mm = 4, size_mm = 2 },
]
"##;

#[test]
fn a_template_on_a_painted_board_draws_on_every_cell_at_its_centre() {
    let design = format!(
        r##"[set]
name = "Cells"

[palette]
red = "#d62828"
blue = "#1d5fd1"

[board]
grid = "triangle"
region = "hexagon"
size = 1
edge_mm = 40.0
key = {{ r = "red", b = "blue" }}
cells = ["r b r", "b r b"]
template = "cell"
{FACES}"##
    );
    let pdf = built("painted", &design, "d-board.pdf");
    let found = fills(&pdf, 1);
    let cells: Vec<(f64, f64)> = found
        .iter()
        .filter(|f| f.colour == [0xd6, 0x28, 0x28] || f.colour == [0x1d, 0x5f, 0xd1])
        .map(centroid)
        .collect();
    assert_eq!(cells.len(), 6);
    assert_eq!(marks_on(&found, &cells), 6);
}

#[test]
fn a_template_on_a_board_on_the_pieces_grid_and_on_a_net_face() {
    let design = format!(
        r##"[set]
name = "Cells"

[palette]
sand = "#f4e3b5"
red = "#d62828"

[grid]
kind = "square"
square_mm = 20.0

[[piece_groups]]
name = "one"
front = {{ colour = "red" }}
back = {{ colour = "red" }}

[[pieces]]
code = "A"
group = "one"
cells = ["0 0"]

[board]
cells = ["0..3 0..2"]
fill = "sand"
template = "cell"

[[nets]]
name = "box"
solid = "cube"
edge_mm = 30.0
faces = ["sand", "red", "red", "red", "red", "red"]
templates = ["cell", "", "", "", "", ""]
{FACES}"##
    );
    // 20 mm squares: a mark at every cell's centre, 20 mm apart.
    let pdf = built("grid-board", &design, "d-board.pdf");
    let found = fills(&pdf, 1);
    let board = found.iter().find(|f| f.colour == [0xf4, 0xe3, 0xb5]).expect("the board");
    let (x0, y0, x1, y1) = bounds(&board.points);
    let (columns, rows) = (((x1 - x0) / 20.0).round() as i32, ((y1 - y0) / 20.0).round() as i32);
    assert_eq!((columns, rows), (4, 3), "cells 0..3 × 0..2, both ends included");
    let cells: Vec<(f64, f64)> = (0..columns)
        .flat_map(|x| (0..rows).map(move |y| (f64::from(x), f64::from(y))))
        .map(|(x, y)| (x0 + 10.0 + 20.0 * x, y1 - 10.0 - 20.0 * y))
        .collect();
    assert_eq!(marks_on(&found, &cells), 12);
    // The cube's one sand face carries the mark; the five red ones none.
    let pdf = built("net", &design, "d-nets.pdf");
    let found = fills(&pdf, 1);
    let lid: Vec<(f64, f64)> =
        found.iter().filter(|f| f.colour == [0xf4, 0xe3, 0xb5]).map(centroid).collect();
    assert_eq!(lid.len(), 1);
    assert_eq!(marks_on(&found, &lid), 1);
}

#[test]
fn board_and_net_templates_with_mistakes_are_errors_at_their_keys() {
    let board = |template: &str, faces: &str| {
        format!(
            "[set]\nname = \"Bad\"\n\n[palette]\nred = \"#d62828\"\n\n[board]\ngrid = \"triangle\"\nregion = \"hexagon\"\nsize = 1\nedge_mm = 40.0\nkey = {{ r = \"red\" }}\ncells = [\"r r r\", \"r r r\"]\ntemplate = \"{template}\"\n{faces}"
        )
    };
    let toml = board("cel", FACES);
    let (exit, out) = check_text("board-unknown", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    let at = format!("d.toml:{}:", line_of(&toml, "template = "));
    assert!(out.contains(&at) && out.contains("did you mean `cell`"), "{out}");
    let toml = board("cell", "\n[faces.cell]\nlayers = [{ text = \"{power}\" }]\n");
    let (exit, out) = check_text("board-field", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    assert!(out.contains("board cell 1") && out.contains("has no field `power`"), "{out}");
    assert_eq!(out.matches("has no field").count(), 1, "said once, not per cell: {out}");

    let net = |templates: &str, shape: &str| {
        format!(
            "[set]\nname = \"Bad\"\n\n[palette]\nred = \"#d62828\"\n\n[[nets]]\nname = \"pawn\"\n{shape}\ntemplates = {templates}\n{FACES}"
        )
    };
    let toml = net("[\"cell\", \"\"]", "solid = \"tetrahedron\"\nedge_mm = 40.0");
    let (exit, out) = check_text("net-count", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    assert!(out.contains("lists 2 names; net `pawn` has 4 faces"), "{out}");
    let toml = net("[\"cell\"]", "cone = { radius_mm = 20, height_mm = 30 }");
    let (exit, out) = check_text("net-cone", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    assert!(out.contains("is a cone"), "{out}");
    let toml = net("[\"cel\", \"\", \"\", \"\"]", "solid = \"tetrahedron\"\nedge_mm = 40.0");
    let (exit, out) = check_text("net-unknown", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    assert!(out.contains("unknown face template `cel`"), "{out}");
}

#[test]
fn the_documentation_example_of_faces_on_cells_and_nets_builds() {
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("### Faces on board cells and net faces").expect("the section")..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    assert!(example.contains("template = \"cell\"") && example.contains("templates = ["));
    let dir = scratch("parts-doc-example");
    fs::write(dir.join("example.toml"), example).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    assert!(dir.join("out/example/example-board.pdf").exists());
    assert!(dir.join("out/example/example-nets.pdf").exists());
}

/// Two square pieces of one group: `fields` on the group give both a pip count, which
/// piece B overrides with its own.
fn group_fields_design(group_fields: &str) -> String {
    format!(
        r##"[set]
name = "Groups"

[palette]
red = "#d62828"

[grid]
kind = "square"
square_mm = 30.0

[faces.pips]
layers = [{{ pips = "{{n}}", size_mm = 20, colour = "#0a0b0c" }}]

[[piece_groups]]
name = "one"
front = {{ colour = "red", template = "pips" }}
back = {{ colour = "red" }}
{group_fields}

[[pieces]]
code = "A"
group = "one"
cells = ["0 0"]

[[pieces]]
code = "B"
group = "one"
cells = ["0 0"]
fields = {{ n = 5 }}
"##
    )
}

#[test]
fn pieces_inherit_their_groups_fields_and_override_them() {
    let dir = scratch("group-fields");
    fs::write(dir.join("d.toml"), group_fields_design("fields = { n = 3 }")).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    // Each face's pips are one path, a subpath (`M`) per pip.
    let svg = fs::read_to_string(dir.join("out/d/d-pieces-sheet-01-front.svg")).unwrap();
    let pips: Vec<usize> = svg
        .lines()
        .filter(|line| line.contains("fill=\"#0a0b0c\""))
        .map(|line| line.matches('M').count())
        .collect();
    assert_eq!(pips, [3, 5], "A has the group's 3 pips, B its own 5");
    let toml = group_fields_design("fields = { n = [3] }");
    let (exit, out) = check_text("group-fields-bad", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    let at = format!("d.toml:{}:", line_of(&toml, "fields = { n = [3] }"));
    assert!(out.contains(&at) && out.contains("field `n` is not text or a number"), "{out}");
    let toml = group_fields_design("");
    let (exit, out) = check_text("group-fields-missing", "d.toml", &toml);
    assert_eq!(exit, 2, "{out}");
    assert!(out.contains("piece A (front)") && out.contains("has no field `n`"), "{out}");
}
