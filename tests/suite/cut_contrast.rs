//! Cut and fold lines a person can see: every sheet of every shipped and test design is
//! rendered without its cut (or fold) layers, and along every cut (fold) the face colours on
//! both sides are measured against the line's own colours, in colour and in greyscale (WCAG
//! contrast ≥ 3 : 1).

use crate::common;

use std::path::{Path, PathBuf};

use common::svg_tree::{find_layers, polylines, visit_paths};
use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{self, Options, Paint, Tree};
use tilepress::build::build_sheets;
use tilepress::model::input::file_stem::file_stem;

/// Pixels per millimetre of the face renders.
const PX_PER_MM: f32 = 8.0;
/// Least contrast between a cut line and the face on either side of it.
const MIN_CONTRAST: f64 = 3.0;
/// How far beyond the cut line's drawn half-width the faces are sampled, in mm.
const BEYOND_MM: f64 = 0.35;
/// Spacing of sample points along a cut, in mm.
const STEP_MM: f64 = 1.0;
/// usvg measures in CSS pixels (96 per inch); pages are in mm.
const MM_PER_CSS_PX: f64 = 25.4 / 96.0;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// WCAG relative luminance of an 8-bit sRGB colour.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The grey a black-and-white printer makes of a colour (Rec. 601 luma).
fn grey([r, g, b]: [u8; 3]) -> [u8; 3] {
    let y = (0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b)).round() as u8;
    [y, y, y]
}

fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The lines measured: cuts (`layer-cut`) or folds (`layer-fold`).
#[derive(Clone, Copy, Debug)]
enum Lines {
    Cut,
    Fold,
}

impl Lines {
    /// The id of the layer of the line's core.
    fn core(self) -> &'static str {
        match self {
            Lines::Cut => "layer-cut",
            Lines::Fold => "layer-fold",
        }
    }

    /// Whether a top-level layer of a page belongs to the drawn line (the line itself or the
    /// casing that makes it stand out).
    fn owns(self, id: &str) -> bool {
        id == self.core() || id.starts_with(&format!("{}-", self.core()))
    }
}

/// One straight stretch of a cut line in page mm.
#[derive(Debug)]
struct CutStretch {
    from: (f64, f64),
    to: (f64, f64),
}

/// Colours and widths of everything drawn in the layers of `lines`, and the stretches of its
/// core layer.
fn cut_lines(tree: &Tree, lines: Lines) -> (Vec<[u8; 3]>, f64, Vec<CutStretch>) {
    let mut colours = Vec::new();
    let mut half_width = 0.0f64;
    let mut stretches = Vec::new();
    let mut layers = Vec::new();
    find_layers(tree.root(), &mut layers);
    for layer in layers {
        if !lines.owns(layer.id()) {
            continue;
        }
        let is_core = layer.id() == lines.core();
        visit_paths(layer, &mut |path| {
            let Some(stroke) = path.stroke() else { return };
            let Paint::Color(c) = stroke.paint() else { panic!("cut lines are solid colours") };
            colours.push([c.red, c.green, c.blue]);
            let scale = path.abs_transform().get_scale();
            let width_mm = f64::from(stroke.width().get() * scale.0) * MM_PER_CSS_PX;
            half_width = half_width.max(width_mm / 2.0);
            if is_core {
                let transform = path.abs_transform();
                let data = path.data().clone().transform(transform).expect("a finite path");
                stretches.extend(flatten(&data).into_iter().map(|s| CutStretch {
                    from: (s.from.0 * MM_PER_CSS_PX, s.from.1 * MM_PER_CSS_PX),
                    to: (s.to.0 * MM_PER_CSS_PX, s.to.1 * MM_PER_CSS_PX),
                }));
            }
        });
    }
    colours.sort_unstable();
    colours.dedup();
    (colours, half_width, stretches)
}

/// A path as straight stretches.
fn flatten(path: &usvg::tiny_skia_path::Path) -> Vec<CutStretch> {
    let mut out = Vec::new();
    for line in polylines(path) {
        for pair in line.windows(2) {
            if pair[0] != pair[1] {
                out.push(CutStretch { from: pair[0], to: pair[1] });
            }
        }
    }
    out
}

/// The SVG text without the layers of `lines` (top-level `<g id="layer-cut…">` elements).
fn without_cut_layers(svg: &str, lines: Lines) -> String {
    let mut text = svg.to_string();
    let marker = format!("id=\"{}", lines.core());
    while let Some(id) = text.find(&marker) {
        let start = text[..id].rfind("<g").expect("a layer is a group");
        let mut depth = 0;
        let mut at = start;
        let end = loop {
            let next = text[at..].find('<').map(|k| at + k).expect("a closed group");
            let close = text[next..].find('>').map(|k| next + k).expect("a closed tag");
            let tag = &text[next..=close];
            if tag.starts_with("</g") {
                depth -= 1;
            } else if tag.starts_with("<g") && !tag.ends_with("/>") {
                depth += 1;
            }
            at = close + 1;
            if depth == 0 {
                break at;
            }
        };
        text.replace_range(start..end, "");
    }
    text
}

/// The page drawn without the layers of `lines`, on white paper, at [`PX_PER_MM`].
fn faces(svg: &str, width_mm: f64, height_mm: f64, lines: Lines) -> Pixmap {
    let tree =
        Tree::from_str(&without_cut_layers(svg, lines), &Options::default()).expect("an SVG");
    let size = tree.size();
    let (w, h) = ((width_mm as f32 * PX_PER_MM).ceil(), (height_mm as f32 * PX_PER_MM).ceil());
    let mut pixmap = Pixmap::new(w as u32, h as u32).expect("a page-sized image");
    pixmap.fill(Color::WHITE);
    let to_px = Transform::from_scale(w / size.width(), h / size.height());
    resvg::render(&tree, to_px, &mut pixmap.as_mut());
    pixmap
}

/// The colour at a page point (mm), or `None` off the page.
fn sample(pixmap: &Pixmap, x: f64, y: f64) -> Option<[u8; 3]> {
    let (px, py) = (x * f64::from(PX_PER_MM), y * f64::from(PX_PER_MM));
    if px < 0.0 || py < 0.0 {
        return None;
    }
    let c = pixmap.pixel(px as u32, py as u32)?.demultiply();
    Some([c.red(), c.green(), c.blue()])
}

/// The worst contrast found on one page, with where and against what.
#[derive(Debug)]
struct Worst {
    contrast: f64,
    at: (f64, f64),
    face: [u8; 3],
    greyscale: bool,
}

/// Measures every line of `lines` on one page SVG; `None` when the page has none.
fn worst_on_page(svg: &str, lines: Lines) -> Option<(Worst, usize)> {
    let tree = Tree::from_str(svg, &Options::default()).expect("a valid SVG");
    let (colours, half_width, stretches) = cut_lines(&tree, lines);
    if stretches.is_empty() {
        return None;
    }
    let to_mm = MM_PER_CSS_PX;
    let (width, height) = (tree.size().width(), tree.size().height());
    let pixmap = faces(svg, f64::from(width) * to_mm, f64::from(height) * to_mm, lines);
    let offset = half_width + BEYOND_MM;
    let mut worst = Worst { contrast: f64::MAX, at: (0.0, 0.0), face: [0; 3], greyscale: false };
    let mut samples = 0;
    for stretch in &stretches {
        let (dx, dy) = (stretch.to.0 - stretch.from.0, stretch.to.1 - stretch.from.1);
        let length = dx.hypot(dy);
        let (ux, uy) = (dx / length, dy / length);
        let steps = (length / STEP_MM).ceil().max(1.0) as usize;
        for k in 0..steps {
            let t = (k as f64 + 0.5) / steps as f64;
            let (x, y) = (stretch.from.0 + dx * t, stretch.from.1 + dy * t);
            for side in [-1.0, 1.0] {
                let (sx, sy) = (x - uy * offset * side, y + ux * offset * side);
                let Some(face) = sample(&pixmap, sx, sy) else { continue };
                samples += 1;
                for greyscale in [false, true] {
                    let paint = |c: [u8; 3]| if greyscale { grey(c) } else { c };
                    let best = colours
                        .iter()
                        .map(|&c| contrast(paint(c), paint(face)))
                        .fold(0.0, f64::max);
                    if best < worst.contrast {
                        worst = Worst { contrast: best, at: (sx, sy), face, greyscale };
                    }
                }
            }
        }
    }
    Some((worst, samples))
}

/// Every page SVG (not the cut files) of one design, by file name.
fn page_svgs(design: &Path) -> Vec<(String, String)> {
    let (_, design) = tilepress::model::load(design).expect("the design loads");
    let stem = file_stem(&design.name);
    let result = build_sheets(&design, &stem).expect("the design builds");
    result
        .files
        .into_iter()
        .filter(|f| f.name.ends_with(".svg") && !f.name.contains("-cut-"))
        .map(|f| (f.name, String::from_utf8(f.bytes).expect("SVG is text")))
        .collect()
}

fn designs() -> Vec<PathBuf> {
    let mut all = Vec::new();
    for folder in ["designs", "tests/designs"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
            .expect("the designs folder")
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        found.sort();
        all.extend(found);
    }
    all
}

/// Every line of `lines` on every page measured; the pages holding such lines, and the
/// failures.
fn measure_all(lines: Lines) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut pages = 0;
    let mut lowest = f64::MAX;
    for design in designs() {
        for (name, svg) in page_svgs(&design) {
            let Some((worst, samples)) = worst_on_page(&svg, lines) else { continue };
            pages += 1;
            lowest = lowest.min(worst.contrast);
            assert!(samples > 20, "{name}: only {samples} samples");
            if worst.contrast < MIN_CONTRAST {
                failures.push(format!(
                    "{name}: contrast {:.2} : 1{} against face #{:02x}{:02x}{:02x} at ({:.1}, {:.1}) mm",
                    worst.contrast,
                    if worst.greyscale { " in greyscale" } else { "" },
                    worst.face[0],
                    worst.face[1],
                    worst.face[2],
                    worst.at.0,
                    worst.at.1
                ));
            }
        }
    }
    eprintln!("{pages} pages with {lines:?} lines; lowest contrast {lowest:.2} : 1");
    (pages, failures)
}

#[test]
fn every_cut_line_stands_out_from_the_faces_on_both_sides() {
    let (pages, failures) = measure_all(Lines::Cut);
    assert!(pages >= 8, "only {pages} pages with cuts");
    assert!(failures.is_empty(), "cut lines too faint:\n{}", failures.join("\n"));
}

/// The fold lines of nets and box walls (Trans-Rabat's board and nets), measured as cuts are.
#[test]
fn every_fold_line_stands_out_from_the_faces_on_both_sides() {
    let (pages, failures) = measure_all(Lines::Fold);
    assert!(pages >= 2, "only {pages} pages with folds");
    assert!(failures.is_empty(), "fold lines too faint:\n{}", failures.join("\n"));
}

#[test]
fn contrast_is_measured_as_wcag_does() {
    assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    assert!((contrast([0x80; 3], [0x8a, 0x8f, 0x94]) - 1.21).abs() < 0.01);
    assert_eq!(grey([255, 0, 0]), [76, 76, 76]);
}

#[test]
fn every_layer_of_every_page_has_a_name_of_its_own() {
    let mut pages = 0;
    for design in designs() {
        for (name, svg) in page_svgs(&design) {
            let mut labels: Vec<&str> = svg
                .split("inkscape:label=\"")
                .skip(1)
                .map(|rest| &rest[..rest.find('"').expect("a closed attribute")])
                .collect();
            assert!(!labels.is_empty(), "{name} has no layers");
            let count = labels.len();
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), count, "{name}: two layers share a name");
            pages += 1;
        }
    }
    assert!(pages >= 19, "{pages} pages");
}
