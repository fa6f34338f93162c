//! The slot format on squares: a Trax-like set (`tests/designs/trax-like.toml`) is checked
//! against its rule and built with straight trimmer cuts along the rows and columns.

mod common;

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
fn squares_are_cut_by_long_lines_reaching_past_the_tiles() {
    let dir = scratch("trax-build");
    let output = tilepress(&dir, &["build", "-o", "out", design_path().to_str().unwrap()]);
    let (stdout, stderr) = text(&output);
    assert_eq!(code(&output), 0, "{stdout}{stderr}");
    let svg = std::fs::read_to_string(dir.join("out/trax-like/trax-like-sheet-01-front.svg"))
        .expect("the front SVG");
    let cuts = cut_segments(&svg);
    // Two 30 mm squares side by side: 2 horizontal and 3 vertical cuts, each longer than
    // the whole block (60 × 30 mm), so they run on into the margin as trimmer guides.
    let horizontal = cuts.iter().filter(|(a, b)| (a.1 - b.1).abs() < 1e-9).count();
    let vertical = cuts.iter().filter(|(a, b)| (a.0 - b.0).abs() < 1e-9).count();
    assert_eq!((horizontal, vertical, cuts.len()), (2, 3, 5), "{cuts:?}");
    for ((x0, y0), (x1, y1)) in &cuts {
        assert!((x1 - x0).hypot(y1 - y0) > 60.0, "cut {x0},{y0}–{x1},{y1} is short");
        // Nothing runs off the A5 page (148 × 210 mm).
        assert!([x0, x1].iter().all(|x| (0.0..=148.0).contains(*x)));
        assert!([y0, y1].iter().all(|y| (0.0..=210.0).contains(*y)));
    }
}
