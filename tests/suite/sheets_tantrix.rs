//! The Tantrix cut sheets as printed: page sizes, tile size measured in the PDF, fronts and
//! backs in print order, backs behind fronts, qpdf's verdict, and byte-identical rebuilds.

use crate::common;

use common::{code, root, scratch, text, tilepress};
use lopdf::content::Content;
use lopdf::{Document, Object};
use std::fs;
use std::path::{Path, PathBuf};

const PT_PER_MM: f64 = 72.0 / 25.4;

/// Builds the shipped Tantrix design into a scratch folder with extra flags.
fn build(name: &str, flags: &[&str]) -> PathBuf {
    let dir = scratch(name);
    let design = root().join("designs/tantrix.toml");
    let mut args = vec!["build", design.to_str().unwrap(), "-o", "out"];
    args.extend_from_slice(flags);
    let output = tilepress(&dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    dir.join("out/tantrix")
}

fn number(object: &Object) -> f64 {
    match object {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

/// Page sizes in mm, from each page's MediaBox.
fn page_sizes(pdf: &Document) -> Vec<(f64, f64)> {
    pdf.get_pages()
        .values()
        .map(|&id| {
            let page = pdf.get_dictionary(id).unwrap();
            let media = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let n: Vec<f64> = media.iter().map(number).collect();
            ((n[2] - n[0]) / PT_PER_MM, (n[3] - n[1]) / PT_PER_MM)
        })
        .collect()
}

/// Line segments (in mm, PDF coordinates) drawn inside the named optional-content layer.
fn layer_segments(pdf: &Document, page_number: u32, layer: &str) -> Vec<((f64, f64), (f64, f64))> {
    let page = pdf.get_pages()[&page_number];
    let content = Content::decode(&pdf.get_page_content(page)).unwrap();
    let mut inside = false;
    let mut current = None;
    let mut segments = Vec::new();
    for op in content.operations {
        match op.operator.as_str() {
            "BDC" => {
                inside = op.operands.get(1).and_then(|o| o.as_name().ok()) == Some(layer.as_bytes())
            }
            "EMC" => inside = false,
            "m" if inside => current = Some((number(&op.operands[0]), number(&op.operands[1]))),
            "l" if inside => {
                let to = (number(&op.operands[0]), number(&op.operands[1]));
                if let Some(from) = current {
                    segments.push((
                        (from.0 / PT_PER_MM, from.1 / PT_PER_MM),
                        (to.0 / PT_PER_MM, to.1 / PT_PER_MM),
                    ));
                }
                current = Some(to);
            }
            _ => {}
        }
    }
    segments
}

fn length(((x0, y0), (x1, y1)): ((f64, f64), (f64, f64))) -> f64 {
    (x1 - x0).hypot(y1 - y0)
}

fn read_pdf(folder: &Path) -> Document {
    Document::load(folder.join("tantrix.pdf")).expect("the PDF parses")
}

#[test]
fn every_cut_line_is_one_tile_edge_of_24_mm() {
    let pdf = read_pdf(&build("measure", &[]));
    let cuts = layer_segments(&pdf, 1, "cut");
    assert!(cuts.len() > 100, "{} cut segments", cuts.len());
    for segment in cuts {
        assert!((length(segment) - 24.0).abs() < 0.01, "edge of {:.4} mm", length(segment));
    }
}

#[test]
fn pages_are_exactly_the_paper_and_come_front_back_front_back() {
    let folder = build("a4", &[]);
    let pdf = read_pdf(&folder);
    let sizes = page_sizes(&pdf);
    assert_eq!(sizes.len(), 4, "56 tiles, 28 a sheet, fronts and backs");
    for (w, h) in sizes {
        assert!((w - 210.0).abs() < 0.01 && (h - 297.0).abs() < 0.01, "{w} × {h}");
    }
    // Cut lines are on fronts only.
    assert!(!layer_segments(&pdf, 1, "cut").is_empty());
    assert!(layer_segments(&pdf, 2, "cut").is_empty());
    assert!(!layer_segments(&pdf, 3, "cut").is_empty());
    let svgs: Vec<String> = ["sheet-01-front", "sheet-01-back", "sheet-02-front", "sheet-02-back"]
        .iter()
        .map(|label| fs::read_to_string(folder.join(format!("tantrix-{label}.svg"))).unwrap())
        .collect();
    for svg in &svgs {
        assert!(svg.contains("width=\"210mm\"") && svg.contains("viewBox=\"0 0 210 297\""));
        assert!(svg.contains("inkscape:label=\"art\""));
    }
}

#[test]
fn letter_paper_gives_letter_pages() {
    let pdf = read_pdf(&build("letter", &["--paper", "letter"]));
    for (w, h) in page_sizes(&pdf) {
        assert!((w - 215.9).abs() < 0.01 && (h - 279.4).abs() < 0.01, "{w} × {h}");
    }
}

#[test]
fn two_builds_are_byte_identical() {
    let first = build("same-1", &[]);
    let second = build("same-2", &[]);
    let list = |folder: &Path| {
        let mut names: Vec<_> =
            fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name()).collect();
        names.sort();
        names
    };
    let names = list(&first);
    assert_eq!(names, list(&second));
    // The PDF, four SVG pages, and whatever else the build writes (cut files, preview).
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        assert_eq!(
            fs::read(first.join(&name)).unwrap(),
            fs::read(second.join(&name)).unwrap(),
            "{name:?}"
        );
    }
}

#[test]
fn qpdf_finds_no_errors() {
    let folder = build("qpdf", &[]);
    common::qpdf_check(&folder.join("tantrix.pdf"));
}

/// Tile centres (the translation of each placed group) in an SVG page, in mm.
fn tile_centres(svg: &str) -> Vec<(f64, f64)> {
    svg.split("transform=\"matrix(")
        .skip(1)
        .map(|rest| {
            let numbers: Vec<f64> =
                rest.split(')').next().unwrap().split(' ').map(|n| n.parse().unwrap()).collect();
            (numbers[4], numbers[5])
        })
        .collect()
}

#[test]
fn every_back_lands_behind_its_front_for_both_flips() {
    for (flip, mirror) in [("long-edge", (true, false)), ("short-edge", (false, true))] {
        let folder =
            build(&format!("duplex-{flip}"), &["--duplex", flip, "--orientation", "portrait"]);
        let front =
            tile_centres(&fs::read_to_string(folder.join("tantrix-sheet-01-front.svg")).unwrap());
        let back =
            tile_centres(&fs::read_to_string(folder.join("tantrix-sheet-01-back.svg")).unwrap());
        assert_eq!(front.len(), back.len());
        for ((fx, fy), (bx, by)) in front.iter().zip(&back) {
            // Turned over, the back's point (bx, by) lies behind the front's (fx, fy).
            let expected =
                (if mirror.0 { 210.0 - fx } else { *fx }, if mirror.1 { 297.0 - fy } else { *fy });
            assert!(
                (bx - expected.0).abs() < 0.002 && (by - expected.1).abs() < 0.002,
                "{flip}: {bx},{by} vs {expected:?}"
            );
        }
    }
}

#[test]
fn single_sided_printing_has_no_back_pages() {
    let pdf = read_pdf(&build("simplex", &["--duplex", "none"]));
    assert_eq!(page_sizes(&pdf).len(), 2);
}
