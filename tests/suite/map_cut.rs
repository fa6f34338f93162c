//! Maps cut along their cells (`cut = "cells"`): on one sheet the cut is the outline of the
//! cells read from the PDF — one closed line along the edges no two cells share — on a square
//! map the rectangle, and a value that is not a cut is refused at the key; split over sheets,
//! each sheet cuts its part of the outline and its assembly map draws the whole.

use std::fs;

use crate::common;
use crate::maps::{EVERY_KIND, every_cell_built};

use common::cuts::{cut_segments, distance_to_segment};
use common::pdf::{area, distance, fills, strokes, vertices};
use common::{code, place_of, refused_in, scratch, text, tilepress};
use kurbo::Line;
use tilepress::geometry::grid::GridKind;
use tilepress::geometry::map_grid::MapGrid;

type Edge = ((f64, f64), (f64, f64));
/// A polygon's corners, in mm.
type Corners = Vec<(f64, f64)>;

/// The corners of the forest cells on page `page` of `pdf`, and the cut: the points of the
/// heaviest black line.
fn cells_and_cut(pdf: &lopdf::Document, page: u32) -> (Vec<Corners>, Corners) {
    let cells: Vec<Corners> = fills(pdf, page)
        .into_iter()
        .filter(|f| f.colour == [10, 127, 11])
        .map(|f| vertices(&f.points))
        .collect();
    let cut = strokes(pdf, page)
        .into_iter()
        .filter(|s| s.colour == [0, 0, 0])
        .max_by(|a, b| a.width_mm.total_cmp(&b.width_mm))
        .expect("a cut");
    (cells, cut.points)
}

fn edges(polygon: &[(f64, f64)]) -> Vec<Edge> {
    (0..polygon.len()).map(|k| (polygon[k], polygon[(k + 1) % polygon.len()])).collect()
}

#[test]
fn a_map_cut_along_its_cells_follows_their_outline_on_one_sheet() {
    let design = EVERY_KIND.replace("labels = false\n", "labels = false\ncut = \"cells\"\n");
    let dir = every_cell_built("map-cut-cells", &design);
    for (name, count, edge_mm) in [("hexes", 12, 20.0), ("triangles", 21, 20.0)] {
        let pdf = lopdf::Document::load(dir.join(format!("out/d/d-{name}.pdf"))).unwrap();
        assert_eq!(pdf.get_pages().len(), 1, "{name}: one sheet");
        let (cells, cut) = cells_and_cut(&pdf, 1);
        assert_eq!(cells.len(), count, "{name}");
        let all: Vec<Edge> = cells.iter().flat_map(|c| edges(c)).collect();
        // A cell's edge measures what `cell_mm` says.
        for &(a, b) in &all {
            assert!(
                (distance(a, b) - edge_mm).abs() < 0.01,
                "{name}: an edge of {}",
                distance(a, b)
            );
        }
        // The cut is one closed line (in the cut file), every corner of it a corner of a cell.
        let file = fs::read_to_string(dir.join(format!("out/d/d-{name}-cut-01.svg"))).unwrap();
        let paths: Vec<&str> =
            file.split(" d=\"").skip(1).map(|p| p.split('"').next().unwrap()).collect();
        assert!(paths.len() == 1 && paths[0].ends_with('Z'), "{name}: {paths:?}");
        let in_file: f64 = cut_segments(&file).iter().map(|l| l.length()).sum();
        let corners = vertices(&cut);
        for &p in &corners {
            assert!(
                all.iter().any(|&(a, _)| distance(a, p) < 0.01),
                "{name}: {p:?} is no cell corner"
            );
        }
        // As long as the edges no two cells share, and holding as much as the cells.
        let same = |(a, b): Edge, (p, q): Edge| distance(a, q) < 0.01 && distance(b, p) < 0.01;
        let unshared: f64 = all
            .iter()
            .filter(|&&e| !all.iter().any(|&f| same(e, f)))
            .map(|&(a, b)| distance(a, b))
            .sum();
        let length: f64 = edges(&corners).iter().map(|&(a, b)| distance(a, b)).sum();
        assert!((length - unshared).abs() < 0.05, "{name}: cut {length} mm, outline {unshared} mm");
        assert!((in_file - unshared).abs() < 0.05, "{name}: cut file {in_file} mm");
        let cells_area: f64 = cells.iter().map(|c| area(c)).sum();
        assert!(
            (area(&corners) - cells_area).abs() < 0.5,
            "{name}: {} ≠ {cells_area}",
            area(&corners)
        );
        // Not the rectangle: the zig-zag turns at more corners.
        assert!(corners.len() > 4, "{name}: {} corners", corners.len());
    }
}

#[test]
fn a_square_map_cut_along_its_cells_is_cut_along_its_rectangle() {
    let cells = every_cell_built(
        "map-cut-square-cells",
        &EVERY_KIND.replace("labels = false\n", "labels = false\ncut = \"cells\"\n"),
    );
    let rectangle = every_cell_built("map-cut-square-rectangle", EVERY_KIND);
    let pdf = |dir: &std::path::Path| fs::read(dir.join("out/d/d-squares.pdf")).unwrap();
    assert_eq!(pdf(&cells), pdf(&rectangle));
    // … and hexes are not.
    let hexes = |dir: &std::path::Path| fs::read(dir.join("out/d/d-hexes.pdf")).unwrap();
    assert_ne!(hexes(&cells), hexes(&rectangle));
}

#[test]
fn a_cut_that_is_not_rectangle_or_cells_is_refused_at_the_key() {
    for (written, meant) in [("hexes", "cells"), ("rectangel", "rectangle"), ("Outline", "cells")] {
        let dir = scratch(&format!("map-cut-bad-{written}"));
        let design = EVERY_KIND.replacen(
            "labels = false\n",
            &format!("labels = false\ncut = \"{written}\"\n"),
            1,
        );
        fs::write(dir.join("bad.toml"), &design).unwrap();
        fs::write(dir.join("hexes.csv"), "cell,terrain\n").unwrap();
        fs::write(dir.join("triangles.csv"), "cell,terrain\n").unwrap();
        fs::write(dir.join("squares.csv"), "cell,terrain\n").unwrap();
        let err = refused_in(&dir);
        // At the value: `cut = ` is 6 characters.
        let key = place_of(&design, &format!("cut = \"{written}\""));
        let (line, column) = key.split_once(':').unwrap();
        let at = format!("{line}:{}", column.parse::<usize>().unwrap() + 6);
        assert!(
            err.contains(&format!("bad.toml:{at}: error: unknown map cut `{written}`")),
            "{err}"
        );
        assert!(err.contains(&format!("did you mean `{meant}`?")), "{err}");
    }
}

#[test]
fn a_map_cut_along_its_cells_split_over_sheets_shows_its_part_of_the_cut_on_each() {
    let dir = scratch("map-cut-split");
    let design = EVERY_KIND
        .replace("labels = false\n", "labels = false\ncut = \"cells\"\n")
        .replacen("columns = 4\nrows = 3\ncell_mm = 20", "columns = 10\nrows = 8\ncell_mm = 30", 1);
    fs::write(dir.join("d.toml"), &design).unwrap();
    let mut csv = String::from("cell,terrain\n");
    for column in b'A'..=b'J' {
        for row in 1..=8 {
            csv += &format!("{}{row},forest\n", char::from(column));
        }
    }
    fs::write(dir.join("hexes.csv"), csv).unwrap();
    for other in ["triangles", "squares"] {
        fs::write(dir.join(format!("{other}.csv")), "cell,terrain\n").unwrap();
    }
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d-hexes.pdf")).unwrap();
    let sheets = pdf.get_pages().len() as u32;
    assert!(sheets >= 4, "{sheets} sheets");
    // The outline from the geometry: its corners and its length.
    let grid = MapGrid { kind: GridKind::Hex, columns: 10, rows: 8, edge_mm: 30.0 };
    let outline = grid.outline();
    let n = outline.len();
    let perimeter: f64 = (0..n).map(|k| outline[k].distance(outline[(k + 1) % n])).sum();
    let mut along_cells = 0.0;
    for page in 1..=sheets {
        let (cells, _) = cells_and_cut(&pdf, page);
        let cell_edges: Vec<Line> =
            cells.iter().flat_map(|c| edges(c)).map(|(a, b)| Line::new(a, b)).collect();
        let strokes = strokes(&pdf, page);
        let cut_mm = strokes
            .iter()
            .filter(|s| s.colour == [0, 0, 0])
            .map(|s| s.width_mm)
            .fold(0.0, f64::max);
        // The cut's segments on this sheet that run along a cell's edge: its part of the
        // zig-zag (not the trims where sheets overlap: straight across the sheet, longer than
        // an edge).
        let mut zig_zag = 0.0;
        for cut in strokes.iter().filter(|s| s.colour == [0, 0, 0] && s.width_mm == cut_mm) {
            for pair in cut.points.windows(2) {
                let segment = Line::new(pair[0], pair[1]);
                let on_edge = cell_edges.iter().any(|&edge| {
                    distance_to_segment(segment.p0, edge) < 0.01
                        && distance_to_segment(segment.p1, edge) < 0.01
                });
                if on_edge && segment.length() > 0.01 && segment.length() < 30.01 {
                    zig_zag += segment.length();
                }
            }
        }
        assert!(zig_zag > 30.0, "sheet {page}: {zig_zag} mm of the cells' outline cut");
        along_cells += zig_zag;
        // The assembly map: the outline drawn over the sheets, every corner of it.
        let drawn = strokes.iter().filter(|s| vertices(&s.points).len() == n).count();
        assert_eq!(drawn, 1, "sheet {page}: the outline in the assembly map");
    }
    // Every stretch of the outline is cut on some sheet (where sheets overlap, on both).
    assert!(along_cells > perimeter - 0.1, "{along_cells} mm cut of {perimeter} mm");
    assert!(along_cells < perimeter * 1.5, "{along_cells} mm cut of {perimeter} mm");
}
