//! The Triles set on the real binary: `check` proves the shipped design complete and reports
//! removed, duplicated and turned tiles; `build` puts all 52 tiles, 40 mm each, on one
//! landscape A4 page, measured from the PDF.

use crate::common;

use std::path::Path;

use common::{code, root, scratch, text, tilepress};
use lopdf::content::Content;

const MM_PER_PT: f64 = 25.4 / 72.0;

fn triles_text() -> String {
    std::fs::read_to_string(root().join("designs/triles.toml")).expect("read triles.toml")
}

/// Writes `text` as a design in a fresh folder and runs `check` on it.
fn check_variant(name: &str, text: &str) -> (i32, String) {
    let dir = scratch(name);
    std::fs::write(dir.join("triles.toml"), text).expect("write design");
    let output = tilepress(&dir, &["check", "triles.toml"]);
    let (stdout, stderr) = common::text(&output);
    (code(&output), stdout + &stderr)
}

/// The `[[tiles]]` entry with `number`, as written (up to the next entry).
fn tile_entry(design: &str, number: u32) -> &str {
    let start = design.find(&format!("[[tiles]]\nnumber = {number}\n")).expect("tile entry");
    let end = design[start + 1..].find("[[tiles]]").map_or(design.len(), |e| start + 1 + e);
    &design[start..end]
}

#[test]
fn check_derives_the_52_and_finds_them_all() {
    let output = tilepress(&root(), &["check", "designs/triles.toml"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(code(&output), 0, "{stdout}{stderr}");
    assert!(stdout.contains("52 tiles (the rule derives 52); complete and consistent"), "{stdout}");
}

#[test]
fn a_removed_tile_is_named_as_missing() {
    let design = triles_text();
    let removed = tile_entry(&design, 52);
    let (code, out) = check_variant("triles-removed", &design.replace(removed, ""));
    assert_eq!(code, 1, "{out}");
    let edges_line = removed.lines().find(|l| l.starts_with("edges")).expect("edges line");
    let first_slot = edges_line.split('"').nth(1).expect("a slot");
    assert!(out.contains("missing tile: edges 1–3 clockwise:"), "{out}");
    assert!(out.contains(first_slot), "{out}");
    assert!(out.contains("the design lists 51 tiles; the set has 52"), "{out}");
}

#[test]
fn a_duplicate_and_a_turned_duplicate_are_reported_at_their_lines() {
    let design = triles_text();
    // Tile 40 has three different slots and no joins, so turning it gives a new listing.
    let entry = tile_entry(&design, 40);
    let edges: Vec<&str> = entry
        .lines()
        .find(|l| l.starts_with("edges"))
        .expect("edges line")
        .split('"')
        .skip(1)
        .step_by(2)
        .collect();
    assert_eq!(edges.len(), 3);
    let same = entry.replace("number = 40", "number = 53");
    let turned = format!(
        "[[tiles]]\nnumber = 54\nedges = [\"{}\", \"{}\", \"{}\"]\n",
        edges[2], edges[0], edges[1]
    );
    let text = format!("{design}\n{same}\n{turned}");
    let (code, out) = check_variant("triles-duplicates", &text);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tile 53 duplicates tile 40"), "{out}");
    assert!(out.contains("the same tile\n") || out.contains("the same tile\r"), "{out}");
    assert!(out.contains("tile 54 duplicates tile 40"), "{out}");
    // Edge 3 now comes first: turned anticlockwise by 2 edges, clockwise by 1.
    assert!(out.contains("the same tile turned clockwise by 1 edge(s)"), "{out}");
    // Each problem points at the line of the added entry.
    let line_of = |needle: &str| text[..text.find(needle).unwrap()].lines().count() + 1;
    assert!(out.contains(&format!("triles.toml:{}:", line_of("number = 53") - 1)), "{out}");
}

#[test]
fn a_tile_that_breaks_the_rule_says_why() {
    let design = triles_text();
    let entry = tile_entry(&design, 52);
    let one_colour = "[[tiles]]\nnumber = 52\nedges = [\"black ring\", \"black dot\", \"black\"]\n";
    let (code, out) = check_variant("triles-rule", &design.replace(entry, one_colour));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tile 52 is not in the set: it shows 1 colour(s)"), "{out}");
}

/// Filled polygons of `fill` (r, g, b in 0–1) on page 1: their corners in mm.
fn filled_polygons(pdf: &Path, fill: [f32; 3]) -> (usize, Vec<Vec<(f64, f64)>>) {
    let doc = lopdf::Document::load(pdf).expect("a readable PDF");
    let pages = doc.get_pages();
    let ops = Content::decode(&doc.get_page_content(pages[&1])).unwrap().operations;
    let numbers = |op: &lopdf::content::Operation| -> Vec<f64> {
        op.operands.iter().map(|o| f64::from(o.as_float().unwrap())).collect()
    };
    let (mut colour, mut current, mut found) = (vec![], Vec::new(), Vec::new());
    for op in &ops {
        match op.operator.as_str() {
            "rg" => colour = numbers(op),
            "m" => current = vec![numbers(op)],
            "l" => current.push(numbers(op)),
            "c" => current.clear(),
            "f" | "f*" => {
                let same = colour.iter().zip(fill).all(|(a, b)| (a - f64::from(b)).abs() < 0.002);
                if same && !current.is_empty() {
                    found.push(
                        current.iter().map(|p| (p[0] * MM_PER_PT, p[1] * MM_PER_PT)).collect(),
                    );
                }
            }
            _ => {}
        }
    }
    (pages.len(), found)
}

#[test]
fn build_puts_all_52_tiles_of_40_mm_on_one_landscape_a4_page() {
    let dir = scratch("triles-build");
    let design = root().join("designs/triles.toml");
    let output = tilepress(&dir, &["build", "-o", "out", design.to_str().unwrap()]);
    let (stdout, stderr) = text(&output);
    assert_eq!(code(&output), 0, "{stdout}{stderr}");
    let pdf = dir.join("out/triles/triles.pdf");
    let grey = [138.0 / 255.0, 143.0 / 255.0, 148.0 / 255.0];
    let (pages, triangles) = filled_polygons(&pdf, grey);
    assert_eq!(pages, 1, "one sheet, no backs");
    assert_eq!(triangles.len(), 52);
    let (mut shortest, mut longest) = (f64::MAX, 0.0f64);
    for corners in &triangles {
        assert_eq!(corners.len(), 3);
        for k in 0..3 {
            let (a, b) = (corners[k], corners[(k + 1) % 3]);
            let edge = (a.0 - b.0).hypot(a.1 - b.1);
            shortest = shortest.min(edge);
            longest = longest.max(edge);
            // Inside the 8 mm margin of a 297 × 210 mm page.
            assert!(a.0 >= 8.0 - 1e-3 && a.0 <= 289.0 + 1e-3 && a.1 >= 8.0 && a.1 <= 202.0);
        }
    }
    assert!(
        (shortest - 40.0).abs() < 0.005 && (longest - 40.0).abs() < 0.005,
        "edges from {shortest:.4} to {longest:.4} mm"
    );
    let doc = lopdf::Document::load(&pdf).unwrap();
    let page = doc.get_object(doc.get_pages()[&1]).unwrap().as_dict().unwrap();
    let media: Vec<f64> = page
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| f64::from(v.as_float().unwrap()) * MM_PER_PT)
        .collect();
    assert!((media[2] - 297.0).abs() < 0.01 && (media[3] - 210.0).abs() < 0.01, "{media:?}");
    assert!(!dir.join("out/triles/triles-sheet-01-back.svg").exists());
}
