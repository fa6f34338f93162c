//! Diagram labels on tiles (issue 51, item 2): a dark marked-up label on a black Tantrix tile reads on its white halo and the legal figure draws (exit 0), the halo measured in the SVG; a label the legibility check fails is the figure's problem, never "not legal", while a position not as stated is still said to be so.

use crate::common;

use std::path::Path;

use common::svg_tree::visit_paths;
use common::{code, root, scratch, text, tilepress};
use usvg::{Paint, Tree};

const MM_PER_CSS_PX: f64 = 25.4 / 96.0;
const DARK: [u8; 3] = [0x22, 0x22, 0x22];

/// Tantrix tile 1 at [0, 0] (and `more` places) with a dark marked-up label `text` on it.
fn on_the_tile(text: &str, more: &str) -> String {
    format!(
        "[diagram]\ndesign = \"{}\"\ncaption = \"The new tile\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\n{more}\n\
         [[label]]\ntext = \"{text}\"\nat = [0, 0]\ncolour = \"#222222\"\nsize_mm = 3\n",
        root().join("designs/tantrix.toml").display()
    )
}

fn drawn(dir: &Path, diagram: &str) -> (i32, String) {
    std::fs::write(dir.join("fig.toml"), diagram).unwrap();
    let output = tilepress(dir, &["diagram", "fig.toml", "-o", "out"]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

fn colour(paint: &Paint) -> Option<[u8; 3]> {
    match paint {
        Paint::Color(c) => Some([c.red, c.green, c.blue]),
        _ => None,
    }
}

/// The page-space bounds (mm) of a path, and its stroke's width in mm when it has one.
fn measured(path: &usvg::Path) -> ((f64, f64, f64, f64), Option<f64>) {
    let t = path.abs_transform();
    let b = path.data().clone().transform(t).unwrap().bounds();
    let scale = f64::from((t.sx * t.sy - t.kx * t.ky).abs()).sqrt() * MM_PER_CSS_PX;
    let width = path.stroke().map(|s| f64::from(s.width().get()) * scale);
    let mm = |v: f32| f64::from(v) * MM_PER_CSS_PX;
    ((mm(b.left()), mm(b.top()), mm(b.right()), mm(b.bottom())), width)
}

#[test]
fn a_dark_label_on_a_black_tile_reads_on_its_white_halo_and_draws() {
    let dir = scratch("label-halo");
    let (status, said) = drawn(&dir, &on_the_tile("**new** 1", ""));
    assert_eq!(status, 0, "{said}");
    let data = std::fs::read(dir.join("out/fig.svg")).unwrap();
    let tree = Tree::from_data(&data, &usvg::Options::default()).unwrap();
    let (mut ink, mut halo) = (Vec::new(), Vec::new());
    visit_paths(tree.root(), &mut |path| {
        let fill = path.fill().and_then(|f| colour(f.paint()));
        let stroke = path.stroke().and_then(|s| colour(s.paint()));
        if fill == Some(DARK) {
            ink.push(measured(path).0);
        } else if fill == Some([0xff; 3]) && stroke == Some([0xff; 3]) {
            halo.push(measured(path));
        }
    });
    assert!(
        !ink.is_empty() && ink.len() == halo.len(),
        "{} glyph runs, {} halos",
        ink.len(),
        halo.len()
    );
    for (glyphs, (under, width)) in ink.iter().zip(&halo) {
        // The same outline beneath, widened 0.35 mm each side.
        assert!((0..4).all(|k| {
            ([glyphs.0, glyphs.1, glyphs.2, glyphs.3][k] - [under.0, under.1, under.2, under.3][k])
                .abs()
                < 1e-3
        }));
        let width = width.expect("a stroked halo");
        assert!((width - 0.7).abs() < 1e-3, "{width} mm");
    }
}

#[test]
fn legibility_and_legality_are_reported_apart() {
    // Legal, with a label no font can draw: the figure's problem, not the position's.
    let dir = scratch("label-legibility");
    let (status, said) = drawn(&dir, &on_the_tile("港", ""));
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("has no glyph for '港'"), "{said}");
    assert!(said.contains("the figure's labels or caption do not read as printed (its position is as stated); not drawn"), "{said}");
    assert!(!said.contains("not legal"), "{said}");
    assert!(!dir.join("out/fig.svg").exists());
    // Said legal but not: the position is reported (and the label beside it).
    let clash = "\n[[place]]\ntile = 1\nat = [1, 0]\n";
    let (status, said) = drawn(&scratch("label-legality"), &on_the_tile("港", clash));
    assert_eq!(status, 1, "{said}");
    assert!(said.contains("the position is not legal as stated; not drawn"), "{said}");
    assert!(said.contains("has no glyph for '港'"), "{said}");
}
