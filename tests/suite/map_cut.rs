//! Maps cut along their cells (`cut = "cells"`): on one sheet the cut is the outline of the
//! cells read from the PDF — one closed line along the edges no two cells share — on a square
//! map the rectangle, and a value that is not a cut is refused at the key.

use std::fs;

use crate::common;
use crate::maps::{EVERY_KIND, every_cell_built};

use common::cuts::cut_segments;
use common::pdf::{area, distance, fills, strokes, vertices};
use common::{place_of, refused_in, scratch};

type Edge = ((f64, f64), (f64, f64));
/// A polygon's corners, in mm.
type Corners = Vec<(f64, f64)>;

/// The edges of the forest cells on page 1 of `pdf`, and the cut: the corners of the heaviest
/// black line.
fn cells_and_cut(pdf: &lopdf::Document) -> (Vec<Corners>, Corners) {
    let cells: Vec<Corners> = fills(pdf, 1)
        .into_iter()
        .filter(|f| f.colour == [10, 127, 11])
        .map(|f| vertices(&f.points))
        .collect();
    let cut = strokes(pdf, 1)
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
        let (cells, cut) = cells_and_cut(&pdf);
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
