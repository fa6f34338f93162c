//! Grid boards: hex, square and triangle maps at real size (split over sheets when larger),
//! terrain from a CSV measured in the PDF; bad terrain data refused naming file:row:column.

use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
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
    // 10.5 × √3 × 20 = 363.7 mm by 20 × (2 + 1.5 × 7) = 250 mm: two A4 sheets.
    assert!(out.contains("a map of 80 cells, 364 × 250 mm on 2 sheet(s)"), "{out}");
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
