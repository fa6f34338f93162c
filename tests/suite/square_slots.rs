//! The slot format on squares: a Trax-like set (`tests/designs/trax-like.toml`) is checked
//! against its rule and built with straight trimmer cuts along the rows and columns.

use crate::common;

use common::{code, root, scratch, text, tilepress};

fn design_path() -> std::path::PathBuf {
    root().join("tests/designs/trax-like.toml")
}

#[test]
fn the_trax_like_set_is_complete() {
    let output = tilepress(&root(), &["check", design_path().to_str().unwrap()]);
    let (stdout, stderr) = text(&output);
    assert_eq!(code(&output), 0, "{stdout}{stderr}");
    assert!(stdout.contains("2 tiles (the rule derives 2); complete and consistent"), "{stdout}");
}

#[test]
fn a_missing_square_face_is_named() {
    let dir = scratch("trax-missing");
    let full = std::fs::read_to_string(design_path()).unwrap();
    let cut = full.find("[[tiles]]\nnumber = 2").expect("tile 2");
    std::fs::write(dir.join("trax.toml"), &full[..cut]).unwrap();
    let output = tilepress(&dir, &["check", "trax.toml"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(code(&output), 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("missing tile: edges 1–4 clockwise: red, white, red, white"),
        "{stdout}"
    );
    assert!(stdout.contains("lines: red 1–3 (span 2), white 2–4 (span 2)"), "{stdout}");
}

/// The cut layer's segments from an SVG written by tilepress (`M x y L x y` pairs).
fn cut_segments(svg: &str) -> Vec<((f64, f64), (f64, f64))> {
    let layer = &svg[svg.find("id=\"layer-cut\"").expect("a cut layer")..];
    let d = layer.split(" d=\"").nth(1).expect("a cut path").split('"').next().unwrap();
    let numbers: Vec<f64> = d
        .split([' ', 'M', 'L'])
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().expect("a number"))
        .collect();
    numbers.chunks(4).map(|n| ((n[0], n[1]), (n[2], n[3]))).collect()
}

#[test]
fn squares_on_a_part_filled_sheet_are_cut_by_long_lines_along_the_tiles() {
    let dir = scratch("trax-build");
    let output = tilepress(&dir, &["build", "-o", "out", design_path().to_str().unwrap()]);
    let (stdout, stderr) = text(&output);
    assert_eq!(code(&output), 0, "{stdout}{stderr}");
    let svg = std::fs::read_to_string(dir.join("out/trax-like/trax-like-sheet-01-front.svg"))
        .expect("the front SVG");
    let cuts = cut_segments(&svg);
    // Two 30 mm squares side by side on a sheet with room for more: 2 horizontal cuts as
    // long as the block (60 mm) and 3 vertical ones as tall (30 mm), one per line; none runs
    // on into the empty paper.
    let horizontal: Vec<f64> = cuts
        .iter()
        .filter(|(a, b)| (a.1 - b.1).abs() < 1e-9)
        .map(|(a, b)| (b.0 - a.0).abs())
        .collect();
    let vertical: Vec<f64> = cuts
        .iter()
        .filter(|(a, b)| (a.0 - b.0).abs() < 1e-9)
        .map(|(a, b)| (b.1 - a.1).abs())
        .collect();
    assert_eq!((horizontal.len(), vertical.len(), cuts.len()), (2, 3, 5), "{cuts:?}");
    assert!(horizontal.iter().all(|l| (l - 60.0).abs() < 1e-6), "{cuts:?}");
    assert!(vertical.iter().all(|l| (l - 30.0).abs() < 1e-6), "{cuts:?}");
}
