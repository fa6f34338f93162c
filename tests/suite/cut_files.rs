//! Cut files read back from a real build: each shared edge cut once, every tile outline covered, the length that of the union of tile edges, and far less than cutting tiles one by one.

use crate::common;

use std::path::Path;

use common::cuts::{assert_each_edge_cut_once, cut_segments, distance_to_segment, union_length};
use common::{code, root, scratch, text, tilepress};
use kurbo::{Affine, Line, ParamCurve, ParamCurveArclen, Point};
use tilepress::model::load;

/// Every tile edge drawn on each sheet, read back from the front pages' art: each tile is a
/// group whose transform places the design's hexagon on the page.
fn tile_edges_per_sheet(design: &Path, fronts: &[String]) -> Vec<Vec<Line>> {
    let (_, design) = load(design).unwrap();
    let shape = design.shape.unwrap();
    fronts
        .iter()
        .map(|svg| {
            let art = &svg[svg.find("inkscape:label=\"art\"").unwrap()..];
            let art = &art[..art.find("inkscape:label=\"cut\"").unwrap_or(art.len())];
            art.split("transform=\"matrix(")
                .skip(1)
                .flat_map(|rest| {
                    let m: Vec<f64> = rest
                        .split(')')
                        .next()
                        .unwrap()
                        .split(' ')
                        .map(|n| n.parse().unwrap())
                        .collect();
                    let place = Affine::new([m[0], m[1], m[2], m[3], m[4], m[5]]);
                    let corners: Vec<Point> =
                        shape.corners().into_iter().map(|c| place * c).collect();
                    (0..corners.len())
                        .map(move |k| Line::new(corners[k], corners[(k + 1) % corners.len()]))
                        .collect::<Vec<_>>()
                })
                .collect()
        })
        .collect()
}

/// Builds Tantrix on `paper`; returns the cut files' text in sheet order and stdout.
fn build_cut_files(name: &str, paper: &str) -> (Vec<String>, Vec<String>, String) {
    build_design_cut_files(name, "tantrix", paper)
}

/// Builds `designs/<stem>.toml` on `paper`; returns the cut files' and front pages' text in
/// sheet order and stdout.
fn build_design_cut_files(
    name: &str,
    stem: &str,
    paper: &str,
) -> (Vec<String>, Vec<String>, String) {
    let dir = scratch(name);
    let design = root().join(format!("designs/{stem}.toml"));
    let design = design.to_str().unwrap();
    let output = tilepress(&dir, &["build", design, "--paper", paper, "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let (mut files, mut fronts) = (Vec::new(), Vec::new());
    for sheet in 1.. {
        let path = dir.join(format!("out/{stem}/{stem}-cut-{sheet:02}.svg"));
        let Ok(svg) = std::fs::read_to_string(&path) else { break };
        files.push(svg);
        let front = dir.join(format!("out/{stem}/{stem}-sheet-{sheet:02}-front.svg"));
        fronts.push(std::fs::read_to_string(front).unwrap());
    }
    let _ = std::fs::remove_dir_all(&dir);
    (files, fronts, text(&output).0)
}

#[test]
fn each_cut_file_cuts_every_tile_edge_exactly_once() {
    let (files, fronts, _) = build_cut_files("cut-once", "A4");
    let sheets = tile_edges_per_sheet(&root().join("designs/tantrix.toml"), &fronts);
    assert_eq!(files.len(), sheets.len(), "one cut file per sheet");
    for (svg, edges) in files.iter().zip(&sheets) {
        let segments = cut_segments(svg);
        assert_each_edge_cut_once(&segments, edges, 20);
        let cut: f64 = segments.iter().map(|s| s.arclen(0.0)).sum();
        let union = union_length(edges);
        assert!((cut - union).abs() < 0.01, "cut {cut} mm, union of tile edges {union} mm");
    }
}

/// Triles' one sheet holds 52 of 65 places: its long trimmer cuts run only along the
/// triangles, every edge still cut once, nothing cut through the empty paper.
#[test]
fn a_part_filled_triangle_sheet_is_cut_only_along_its_tiles() {
    let (files, fronts, stdout) = build_design_cut_files("cut-part-filled", "triles", "A4");
    assert!(stdout.contains("52 tiles on 1 sheet(s)") && stdout.contains("up to 65"), "{stdout}");
    let sheets = tile_edges_per_sheet(&root().join("designs/triles.toml"), &fronts);
    let (segments, edges) = (cut_segments(&files[0]), &sheets[0]);
    assert_eq!(edges.len(), 52 * 3, "every triangle read back from the front");
    assert_each_edge_cut_once(&segments, edges, 20);
    for segment in &segments {
        for k in 0..=20 {
            let p = segment.eval(f64::from(k) / 20.0);
            let on_tile = edges.iter().any(|&e| distance_to_segment(p, e) < 0.01);
            assert!(on_tile, "{segment:?} cuts empty paper at {p:?}");
        }
    }
    let cut: f64 = segments.iter().map(|s| s.arclen(0.0)).sum();
    let union = union_length(edges);
    assert!((cut - union).abs() < 0.01, "cut {cut} mm, union of tile edges {union} mm");
    assert!(segments.len() < edges.len() / 4, "long cuts: {} segments", segments.len());
}

#[test]
fn outer_and_inner_cuts_are_separate_coloured_layers() {
    let (files, _, _) = build_cut_files("cut-layers", "A4");
    let svg = &files[0];
    let outer = svg.find(r#"inkscape:label="cut-outer""#).expect("an outer layer");
    let inner = svg.find(r#"inkscape:label="cut-inner""#).expect("an inner layer");
    let (outer_part, inner_part) = svg.split_at(inner);
    assert!(outer_part[outer..].contains(r##"stroke="#ff0000""##));
    assert!(!outer_part.contains(r##"stroke="#0000ff""##));
    assert!(inner_part.contains(r##"stroke="#0000ff""##) && !inner_part.contains("#ff0000"));
    // A honeycomb block has one outline: the outer layer is one closed path.
    assert!(cut_segments(outer_part).len() > 6);
    assert_eq!(outer_part.matches(" d=\"").count(), 1);
    assert!(svg.contains(r#"width="210mm""#) && svg.contains(r#"viewBox="0 0 210 297""#));
}

#[test]
fn the_honeycomb_cuts_far_less_than_tile_by_tile_and_the_report_says_so() {
    let design = root().join("designs/tantrix.toml");
    let (_, tantrix) = load(&design).unwrap();
    let shape = tantrix.shape.unwrap();
    let separately = tantrix.tiles.len() as f64 * shape.sides as f64 * shape.edge_mm;
    for (paper, bound) in [("A3", 0.60), ("A4", 0.63)] {
        let (files, _, stdout) = build_cut_files(&format!("cut-ratio-{paper}"), paper);
        let cut: f64 = files.iter().flat_map(|svg| cut_segments(svg)).map(|s| s.arclen(0.0)).sum();
        let ratio = cut / separately;
        assert!(
            ratio <= bound,
            "{paper}: {cut:.1} mm is {:.1} % of {separately} mm",
            ratio * 100.0
        );
        let reported = format!("{cut:.1} mm in ");
        assert!(stdout.contains(&reported), "{stdout} does not report {reported}");
    }
}
