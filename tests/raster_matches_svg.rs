//! Every page of every shipped design and every diagram, drawn from its scene by `render::raster`, matches what resvg draws of the page's own SVG, pixel by pixel up to anti-aliasing.
//!
//! The tolerance: the two differ only in how edges are anti-aliased (the SVG holds
//! coordinates rounded to 0.001 mm and f32 numbers read back; curves are flattened after
//! different transforms), so
//! - a pixel whose 3 × 3 neighbourhood in the reference is flat (no channel varies by more
//!   than [`FLAT`] levels) may differ by at most [`NEAR`] levels: a missing dash, clip,
//!   image or symbol changes whole flat areas and fails here;
//! - pixels differing by more than [`NEAR`] levels anywhere (so at edges) stay under
//!   [`EDGE_SHARE`] of the image: an edge drawn a whole pixel off, or a wrong cap or join
//!   along every line, fails here.

use std::path::Path;

use resvg::tiny_skia::Pixmap;
use tilepress::build::impose_part;
use tilepress::diagram::draw::diagram_page;
use tilepress::render::png::{Paper, page_to_png, svg_to_png};
use tilepress::render::svg::page_to_svg;
use tilepress::scene::Page;
use tilepress::sources::parts;

/// Levels (of 255) a pixel may differ by anywhere.
const NEAR: u8 = 3;
/// A neighbourhood varying by at most this is flat (away from any edge).
const FLAT: u8 = 2;
/// The share of all pixels that may differ by more than [`NEAR`] (all at edges).
const EDGE_SHARE: f64 = 0.005;
/// Pages are drawn at up to this many pixels (the tests run unoptimised).
const PIXELS: f64 = 400_000.0;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// How the scene's drawing differs from resvg's drawing of the page's SVG.
#[derive(Debug)]
struct Difference {
    size: (u32, u32),
    /// Pixels differing by more than [`NEAR`].
    beyond_near: usize,
    /// The worst pixel in a flat neighbourhood: where, and by how much.
    worst_flat: Option<((u32, u32), u8)>,
}

fn difference(page: &Page, paper: Paper) -> Difference {
    let area_in2 = page.width_mm * page.height_mm / (25.4 * 25.4);
    let dpi = (PIXELS / area_in2).sqrt().clamp(10.0, 150.0);
    let ours = Pixmap::decode_png(&page_to_png(page, dpi, paper).unwrap()).unwrap();
    let svg = page_to_svg(page);
    let reference = Pixmap::decode_png(&svg_to_png(&svg, dpi, paper).unwrap()).unwrap();
    assert_eq!((ours.width(), ours.height()), (reference.width(), reference.height()));
    compare(&ours, &reference)
}

fn compare(ours: &Pixmap, reference: &Pixmap) -> Difference {
    let (width, height) = (reference.width(), reference.height());
    let channels = |pixmap: &Pixmap, x: u32, y: u32| {
        let p = pixmap.pixel(x, y).unwrap();
        [p.red(), p.green(), p.blue(), p.alpha()]
    };
    let apart = |a: [u8; 4], b: [u8; 4]| (0..4).map(|k| a[k].abs_diff(b[k])).max().unwrap_or(0);
    let flat = |x: u32, y: u32| {
        let here = channels(reference, x, y);
        let (xs, ys) = (x.saturating_sub(1)..=(x + 1).min(width - 1), y.saturating_sub(1)..);
        ys.take_while(|v| *v <= (y + 1).min(height - 1))
            .all(|v| xs.clone().all(|u| apart(channels(reference, u, v), here) <= FLAT))
    };
    let mut found = Difference { size: (width, height), beyond_near: 0, worst_flat: None };
    for y in 0..height {
        for x in 0..width {
            let by = apart(channels(ours, x, y), channels(reference, x, y));
            if by > NEAR {
                found.beyond_near += 1;
            }
            if by > 0 && found.worst_flat.is_none_or(|(_, worst)| by > worst) && flat(x, y) {
                found.worst_flat = Some(((x, y), by));
            }
        }
    }
    found
}

fn assert_matches(what: &str, found: &Difference) {
    let (width, height) = found.size;
    let share = found.beyond_near as f64 / (f64::from(width) * f64::from(height));
    assert!(
        share < EDGE_SHARE,
        "{what}: {:.3} % of pixels differ by more than {NEAR} levels ({found:?})",
        share * 100.0
    );
    if let Some((at, by)) = found.worst_flat {
        assert!(by <= NEAR, "{what}: a pixel away from edges differs by {by} levels at {at:?}");
    }
}

#[test]
fn every_page_of_every_shipped_design_draws_as_its_svg() {
    let mut pages = 0;
    for entry in std::fs::read_dir(root().join("designs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let (_, design) = tilepress::model::load(&path).unwrap();
        for part in parts(&design) {
            let imposed = impose_part(&design, &part).unwrap();
            for page in &imposed.document.pages {
                let what = format!("{} {}{}", path.display(), part.suffix, page.label);
                let found = difference(page, Paper::White);
                eprintln!("{what}: {found:?}");
                assert_matches(&what, &found);
                pages += 1;
            }
        }
    }
    assert!(pages >= 20, "every design's pages: {pages}");
}

#[test]
fn every_diagram_draws_as_its_svg() {
    let mut diagrams = 0;
    for entry in std::fs::read_dir(root().join("diagrams")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let diagram = tilepress::diagram::load::load(&path).unwrap();
        let found = difference(&diagram_page(&diagram, "d"), Paper::Transparent);
        eprintln!("{}: {found:?}", path.display());
        assert_matches(&path.display().to_string(), &found);
        diagrams += 1;
    }
    assert!(diagrams >= 19, "every diagram: {diagrams}");
}
