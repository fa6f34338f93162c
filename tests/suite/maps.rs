//! Grid boards: hex, square and triangle maps at real size (split over sheets when larger),
//! terrain from a CSV measured in the PDF; bad terrain data refused naming file:row:column.

use crate::common;

use std::fs;

use common::pdf::{bounds, distance, fills, strokes, vertices};
use common::{code, scratch, text, tilepress};

const DESIGN: &str = r##"[set]
name = "Maps"

[palette]
green = "#0a7f0b"
blue = "#0b0c7f"

[[maps]]
name = "hexes"
grid = "hex"
columns = 10
rows = 8
cell_mm = 20
terrain = { forest = "green", water = "blue" }
data = "terrain.csv"
"##;

#[test]
fn a_hex_map_larger_than_a_sheet_splits_and_its_terrain_cells_measure_their_size() {
    let dir = scratch("maps-hex");
    fs::write(dir.join("d.toml"), DESIGN).unwrap();
    fs::write(dir.join("terrain.csv"), "cell,terrain\nB2,forest\nJ8,water\n").unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    let (out, err) = text(&build);
    assert_eq!(code(&build), 0, "{err}");
    // 10.5 × √3 × 20 = 363.7 mm by 20 × (2 + 1.5 × 7) = 250 mm, and the cut 0.95 mm clear of
    // the points above and below (251.9 mm): two A4 sheets.
    assert!(out.contains("a map of 80 cells, 364 × 252 mm on 2 sheet(s)"), "{out}");
    let pdf = lopdf::Document::load(dir.join("out/d/d-hexes.pdf")).unwrap();
    let mut forest = Vec::new();
    for page in 1..=pdf.get_pages().len() as u32 {
        forest.extend(fills(&pdf, page).into_iter().filter(|f| f.colour == [10, 127, 11]));
    }
    assert!(!forest.is_empty(), "the forest cell is printed");
    for fill in &forest {
        let (x0, y0, x1, y1) = bounds(&fill.points);
        // A pointy-top hexagon of edge 20 mm: √3 × 20 wide, 40 tall.
        assert!(((x1 - x0) - 3f64.sqrt() * 20.0).abs() < 0.01, "{}", x1 - x0);
        assert!(((y1 - y0) - 40.0).abs() < 0.01, "{}", y1 - y0);
    }
}

#[test]
fn bad_terrain_data_names_the_row_and_column() {
    let cases = [
        (
            "cell,terrain\nZ9,forest\n",
            "terrain.csv:2:1: error: row 2: `Z9` is not a cell of the 10 × 8 map",
        ),
        ("cell,terrain\nA1,lava\n", "terrain.csv:2:2: error: row 2: unknown terrain `lava`"),
        ("place,terrain\nA1,forest\n", "needs the columns `cell` and `terrain`"),
    ];
    for (k, (csv, expected)) in cases.into_iter().enumerate() {
        let dir = scratch(&format!("maps-bad-{k}"));
        fs::write(dir.join("d.toml"), DESIGN).unwrap();
        fs::write(dir.join("terrain.csv"), csv).unwrap();
        let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
        let err = text(&build).1;
        assert_eq!(code(&build), 2, "{err}");
        assert!(err.contains(expected), "{err}");
        assert!(!dir.join("out").exists());
    }
    let dir = scratch("maps-bad-grid");
    fs::write(dir.join("d.toml"), DESIGN.replace("grid = \"hex\"", "grid = \"octagon\"")).unwrap();
    fs::write(dir.join("terrain.csv"), "cell,terrain\n").unwrap();
    let build = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&build), 2);
    assert!(text(&build).1.contains("unknown map grid `octagon`"), "{}", text(&build).1);
}

#[test]
fn the_maps_documentation_example_builds() {
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("## Grid boards (`[[maps]]`)").expect("the section")..];
    let block = |fence: &str| {
        let start = section.find(fence).expect("an example") + fence.len();
        section[start..start + section[start..].find("```").unwrap()].to_string()
    };
    let dir = scratch("maps-doc-example");
    fs::write(dir.join("example.toml"), block("```toml\n")).unwrap();
    fs::write(dir.join("map-terrain.csv"), block("```csv\n")).unwrap();
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    assert!(dir.join("out/example/example-map.pdf").exists());
}

/// Three one-sheet maps, every cell forest, without labels.
pub const EVERY_KIND: &str = r##"[set]
name = "Kinds"

[palette]
green = "#0a7f0b"

[[maps]]
name = "hexes"
grid = "hex"
columns = 4
rows = 3
cell_mm = 20
labels = false
terrain = { forest = "green" }
data = "hexes.csv"

[[maps]]
name = "triangles"
grid = "triangle"
columns = 7
rows = 3
cell_mm = 20
labels = false
terrain = { forest = "green" }
data = "triangles.csv"

[[maps]]
name = "squares"
grid = "square"
columns = 4
rows = 3
cell_mm = 20
labels = false
terrain = { forest = "green" }
data = "squares.csv"
"##;

/// A data file naming every cell of a `columns × rows` map forest.
fn every_cell_forest(columns: u8, rows: usize) -> String {
    let mut csv = String::from("cell,terrain\n");
    for column in 0..columns {
        for row in 1..=rows {
            csv += &format!("{}{row},forest\n", char::from(b'A' + column));
        }
    }
    csv
}

/// `design` (maps named as in [`EVERY_KIND`]) built in a scratch folder `name`, every cell
/// forest: the folder, its PDFs in `out/d`.
pub fn every_cell_built(name: &str, design: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    for (name, columns, rows) in [("hexes", 4, 3), ("triangles", 7, 3), ("squares", 4, 3)] {
        fs::write(dir.join(format!("{name}.csv")), every_cell_forest(columns, rows)).unwrap();
    }
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    dir
}

#[test]
fn the_cut_rectangle_holds_every_cell_whole_clear_of_its_points() {
    let dir = every_cell_built("maps-cut-clear", EVERY_KIND);
    let kinds = [("hexes", 12, true), ("triangles", 21, true), ("squares", 12, false)];
    for (name, count, pointed) in kinds {
        let pdf = lopdf::Document::load(dir.join(format!("out/d/d-{name}.pdf"))).unwrap();
        assert_eq!(pdf.get_pages().len(), 1, "{name}: one sheet");
        let strokes = strokes(&pdf, 1);
        // The cut: the heaviest black line; its casing the white one along it; the grid
        // lines the other black lines around the cells.
        let heaviest = |colour: [u8; 3]| {
            strokes
                .iter()
                .filter(|s| s.colour == colour)
                .max_by(|a, b| a.width_mm.total_cmp(&b.width_mm))
                .unwrap()
        };
        let cut = heaviest([0, 0, 0]);
        let casing = heaviest([255, 255, 255]);
        let (x0, y0, x1, y1) = bounds(&cut.points);
        let cells: Vec<_> =
            fills(&pdf, 1).into_iter().filter(|f| f.colour == [10, 127, 11]).collect();
        assert_eq!(cells.len(), count, "{name}: every cell filled");
        // The grid lines: the black lines along a cell's outline.
        let outline = vertices(&cells[0].points);
        let grid_mm = strokes
            .iter()
            .filter(|s| s.colour == [0, 0, 0] && vertices(&s.points).len() == outline.len())
            .filter(|s| {
                vertices(&s.points).iter().all(|&p| outline.iter().any(|&q| distance(p, q) < 0.01))
            })
            .map(|s| s.width_mm)
            .fold(0.0, f64::max);
        assert!(grid_mm > 0.1, "{name}: the grid lines are found ({grid_mm} mm)");
        // How far the cut's print and a grid line's mitred point reach: the least room
        // between the cut and a cell's point.
        let clearance = casing.width_mm / 2.0 + grid_mm;
        let mut points_near_cut = 0;
        for cell in &cells {
            let corners = vertices(&cell.points);
            let n = corners.len();
            for (k, &(x, y)) in corners.iter().enumerate() {
                let neighbours = [corners[(k + 1) % n], corners[(k + n - 1) % n]];
                // Each side: how far inside it the corner lies, whether it is upright, where.
                let sides = [
                    (x - x0, true, x0),
                    (x1 - x, true, x1),
                    (y - y0, false, y0),
                    (y1 - y, false, y1),
                ];
                for (inside, upright, side) in sides {
                    assert!(
                        inside > -0.01,
                        "{name}: a cell corner ({x}, {y}) lies outside the cut"
                    );
                    let across = |q: (f64, f64)| if upright { q.0 } else { q.1 };
                    let along = neighbours.iter().any(|&q| (across(q) - side).abs() < 0.01);
                    if inside < 0.01 {
                        // On the cut only where an edge of its cell runs along it.
                        assert!(along, "{name}: the cut runs across a cell's point at ({x}, {y})");
                    } else if inside < clearance + 1.0 && !along {
                        points_near_cut += 1;
                        assert!(
                            inside > clearance - 0.01,
                            "{name}: a point ({x}, {y}) {inside:.3} mm from the cut, under its \
                             print ({clearance} mm)"
                        );
                    }
                }
            }
        }
        assert_eq!(
            points_near_cut > 0,
            pointed,
            "{name}: points beside the cut ({points_near_cut})"
        );
    }
}
