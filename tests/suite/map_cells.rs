//! Faces on a map's cells, measured in the built PDF: a template on every cell draws a harbour icon (its size from the data, its colour by terrain with `when`) exactly on the cells the data file marks, centred on them; mistakes are refused at the template's key or the data cell.

use crate::common;

use std::fs;

use common::pdf::{bounds, fills};
use common::{code, refused_in, scratch, text, tilepress};

const HARBOUR: [u8; 3] = [0xa0, 0x20, 0x20];

/// A 4 × 3 square map of 20 mm cells whose data marks two harbours (icons of 6 and 8 mm).
pub fn design(template: &str) -> String {
    format!(
        r##"[set]
name = "Coast"

[palette]
sea = "#9cc3e6"
land = "#e8dcb5"
harbour = "#a02020"

[faces.cell]
layers = [
  {{ shape = "circle", size_mm = "{{size}}", fill = "harbour", when = {{ terrain = "port" }} }},
]

[[maps]]
name = "coast"
grid = "square"
columns = 4
rows = 3
cell_mm = 20
labels = false
background = "sea"
terrain = {{ sea = "sea", land = "land", port = "land" }}
data = "coast.csv"
{template}
"##
    )
}

pub const COAST: &str = "cell,terrain,size\nA1,land,\nB2,port,6\nD3,port,8\nC1,sea,\n";

fn built(dir: &std::path::Path) -> lopdf::Document {
    let check = tilepress(dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let build = tilepress(dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    lopdf::Document::load(dir.join("out/d/d-coast.pdf")).unwrap()
}

#[test]
fn harbour_icons_sit_on_the_cells_the_data_marks() {
    let dir = scratch("map-cells");
    fs::write(dir.join("d.toml"), design("template = \"cell\"")).unwrap();
    fs::write(dir.join("coast.csv"), COAST).unwrap();
    let pdf = built(&dir);
    // The list (and the components list) name the terrains, not their colours.
    let list = text(&tilepress(&dir, &["list", "d.toml"])).0;
    assert!(list.contains("terrain: 1 cell land, 2 cells port, 1 cell sea"), "{list}");
    let page = *pdf.get_pages().keys().next().unwrap();
    let found = fills(&pdf, page);
    // The map's own background gives where its top-left corner is.
    let sea = found.iter().find(|f| f.colour == [0x9c, 0xc3, 0xe6]).expect("the sea");
    let (x0, _, _, y1) = bounds(&sea.points);
    let icons: Vec<(f64, f64, f64)> = found
        .iter()
        .filter(|f| f.colour == HARBOUR)
        .map(|f| {
            let (a, b, c, d) = bounds(&f.points);
            // Centre in mm from the map's top-left corner (y down), and width.
            (((a + c) / 2.0) - x0, y1 - (b + d) / 2.0, c - a)
        })
        .collect();
    assert_eq!(icons.len(), 2, "{icons:?}");
    for (expected, size) in [((30.0, 30.0), 6.0), ((70.0, 50.0), 8.0)] {
        let hit = icons.iter().find(|(x, y, _)| (x - expected.0).hypot(y - expected.1) < 0.01);
        let (_, _, width) = hit.unwrap_or_else(|| panic!("no icon at {expected:?}: {icons:?}"));
        assert!((width - size).abs() < 0.01, "{width}");
    }
}

#[test]
fn map_cell_mistakes_are_refused() {
    let dir = scratch("map-cells-unknown");
    fs::write(dir.join("bad.toml"), design("template = \"cel\"")).unwrap();
    fs::write(dir.join("coast.csv"), COAST).unwrap();
    let err = refused_in(&dir);
    assert!(
        err.contains("unknown face template `cel`") && err.contains("did you mean `cell`"),
        "{err}"
    );
    let dir = scratch("map-cells-number");
    fs::write(dir.join("bad.toml"), design("template = \"cell\"")).unwrap();
    fs::write(dir.join("coast.csv"), COAST.replace("B2,port,6", "B2,port,six")).unwrap();
    let err = refused_in(&dir);
    assert!(
        err.contains("coast.csv:3:3: error: cell B2 of map `coast`: `six` is not a number"),
        "{err}"
    );
}
