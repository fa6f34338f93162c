//! Rulebook figures in one house style, measured on the built files: every shipped diagram's
//! SVG and PDF hold nothing off the page, its caption's capitals are as tall as every
//! other's, no line prints thinner than 0.25 mm, a label keeps its size whatever the
//! figure's width, and sizes out of range are errors at their key.

use crate::common;

use common::svg_tree::{shipped_diagrams as shipped, visit_paths};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::pdf::{fills, page_size};
use common::{code, root, scratch, text, tilepress};
use kurbo::BezPath;
use resvg::usvg::{self, Paint, Tree};
use tilepress::text::{Anchor, text_outline};

/// usvg measures in CSS pixels (96 per inch); pages are in mm.
const MM_PER_CSS_PX: f64 = 25.4 / 96.0;
/// Slack for numbers written with three decimals, in mm.
const SLACK_MM: f64 = 0.01;
/// The thinnest line a figure may print, in mm.
const MIN_LINE_MM: f64 = 0.25;
/// The caption ink `draw.rs` writes in.
const CAPTION_INK: [u8; 3] = [0x20, 0x20, 0x20];

/// The folder every shipped diagram is built into, once per test run.
fn built() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let out = scratch("diagram-figures");
        let mut args = vec!["diagram".to_string()];
        args.extend(shipped().iter().map(|p| p.display().to_string()));
        args.extend(["-o".to_string(), out.display().to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = tilepress(&root(), &args);
        assert_eq!(code(&output), 0, "{:?}", text(&output));
        out
    })
}

/// The stem of a diagram file.
fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

fn svg_tree(path: &Path) -> Tree {
    let data = std::fs::read(path).unwrap();
    Tree::from_data(&data, &usvg::Options::default()).unwrap()
}

/// A path's points as drawn on the page, in mm (a curve's control points included).
fn page_points(path: &usvg::Path) -> Vec<(f64, f64)> {
    let data = path.data().clone().transform(path.abs_transform()).expect("a finite path");
    data.points()
        .iter()
        .map(|p| (f64::from(p.x) * MM_PER_CSS_PX, f64::from(p.y) * MM_PER_CSS_PX))
        .collect()
}

/// The height of a path's first subpath (a glyph's outer contour), in mm on the page.
fn first_contour_height(path: &usvg::Path) -> f64 {
    use usvg::tiny_skia_path::PathSegment;
    let transformed = path.data().clone().transform(path.abs_transform()).unwrap();
    let mut ys = Vec::new();
    for (k, segment) in transformed.segments().enumerate() {
        let points = match segment {
            PathSegment::MoveTo(_) if k > 0 => break,
            PathSegment::MoveTo(p) | PathSegment::LineTo(p) => vec![p],
            PathSegment::QuadTo(c, p) => vec![c, p],
            PathSegment::CubicTo(a, b, p) => vec![a, b, p],
            PathSegment::Close => vec![],
        };
        ys.extend(points.iter().map(|p| f64::from(p.y) * MM_PER_CSS_PX));
    }
    let (low, high) = ys.iter().fold((f64::MAX, f64::MIN), |(l, h), &y| (l.min(y), h.max(y)));
    high - low
}

/// The same for a kurbo outline.
fn outline_first_contour_height(outline: &BezPath) -> f64 {
    let mut first = BezPath::new();
    for (k, element) in outline.elements().iter().enumerate() {
        if k > 0 && matches!(element, kurbo::PathEl::MoveTo(_)) {
            break;
        }
        first.push(*element);
    }
    first.control_box().height()
}

fn fill_colour(path: &usvg::Path) -> Option<[u8; 3]> {
    match path.fill()?.paint() {
        Paint::Color(c) => Some([c.red, c.green, c.blue]),
        _ => None,
    }
}

#[test]
fn no_shipped_diagram_holds_ink_off_its_page() {
    for diagram in shipped() {
        let name = stem(&diagram);
        let tree = svg_tree(&built().join(format!("{name}.svg")));
        let (width, height) = (f64::from(tree.size().width()), f64::from(tree.size().height()));
        let ink = tree.root().abs_stroke_bounding_box();
        let (x0, y0) = (f64::from(ink.left()), f64::from(ink.top()));
        let (x1, y1) = (f64::from(ink.right()), f64::from(ink.bottom()));
        let slack = SLACK_MM / MM_PER_CSS_PX;
        assert!(
            x0 >= -slack && y0 >= -slack && x1 <= width + slack && y1 <= height + slack,
            "{name}.svg: ink spans x {:.1} … {:.1}, y {:.1} … {:.1} mm on a {:.1} × {:.1} mm page",
            x0 * MM_PER_CSS_PX,
            x1 * MM_PER_CSS_PX,
            y0 * MM_PER_CSS_PX,
            y1 * MM_PER_CSS_PX,
            width * MM_PER_CSS_PX,
            height * MM_PER_CSS_PX,
        );
        // Every point of every path, not only what paints (a path under white counts too).
        visit_paths(tree.root(), &mut |path| {
            for (x, y) in page_points(path) {
                let inside = (-SLACK_MM..=width * MM_PER_CSS_PX + SLACK_MM).contains(&x)
                    && (-SLACK_MM..=height * MM_PER_CSS_PX + SLACK_MM).contains(&y);
                assert!(inside, "{name}.svg: a path reaches ({x:.1}, {y:.1}) mm");
            }
        });
        let pdf = lopdf::Document::load(built().join(format!("{name}.pdf"))).unwrap();
        let (page_width, page_height) = page_size(&pdf, 1);
        for fill in fills(&pdf, 1) {
            for &(x, y) in &fill.points {
                let inside = (-SLACK_MM..=page_width + SLACK_MM).contains(&x)
                    && (-SLACK_MM..=page_height + SLACK_MM).contains(&y);
                assert!(inside, "{name}.pdf: a fill reaches ({x:.1}, {y:.1}) mm");
            }
        }
    }
}

#[test]
fn trans_rabat_figures_hold_only_their_part_of_the_board() {
    let figures: Vec<String> =
        shipped().iter().map(|p| stem(p)).filter(|s| s.starts_with("trans-rabat-")).collect();
    assert_eq!(figures.len(), 4, "{figures:?}");
    for name in figures {
        // With the whole board under white they were 49–54 kB (SVG) and 16.7–18.4 kB (PDF).
        let svg = std::fs::metadata(built().join(format!("{name}.svg"))).unwrap().len();
        let pdf = std::fs::metadata(built().join(format!("{name}.pdf"))).unwrap().len();
        assert!(svg < 40_000, "{name}.svg is {svg} bytes");
        assert!(pdf < 15_500, "{name}.pdf is {pdf} bytes");
    }
}

#[test]
fn every_caption_prints_its_capitals_at_one_height() {
    let mut heights = Vec::new();
    for diagram in shipped() {
        let name = stem(&diagram);
        let source: toml::Table = std::fs::read_to_string(&diagram).unwrap().parse().unwrap();
        // A series' strip begins with its first step's caption, numbered `1. …`.
        let series = source.get("step").is_some();
        let caption = if series {
            "1"
        } else {
            source["diagram"]["caption"].as_str().expect("every shipped figure has a caption")
        };
        let first = caption.trim().chars().next().unwrap().to_string();
        // The first glyph's outer contour, drawn with 1 mm capitals.
        let per_mm = outline_first_contour_height(&text_outline(
            &first,
            1.0,
            kurbo::Point::ZERO,
            Anchor::Start,
        ));
        let tree = svg_tree(&built().join(format!("{name}.svg")));
        let mut caption_paths = Vec::new();
        visit_paths(tree.root(), &mut |path| {
            if fill_colour(path) == Some(CAPTION_INK) {
                caption_paths.push(first_contour_height(path));
            }
        });
        let drawn = *caption_paths.first().unwrap_or_else(|| panic!("{name}: no caption drawn"));
        heights.push((name, drawn / per_mm));
    }
    for (name, cap) in &heights {
        assert!(
            (cap - 2.6).abs() < 0.02,
            "{name}: the caption's capitals are {cap:.3} mm: {heights:#?}"
        );
    }
}

#[test]
fn no_line_of_a_shipped_diagram_prints_thinner_than_a_quarter_millimetre() {
    let mut strokes = 0;
    for diagram in shipped() {
        let name = stem(&diagram);
        let tree = svg_tree(&built().join(format!("{name}.svg")));
        visit_paths(tree.root(), &mut |path| {
            let Some(stroke) = path.stroke() else { return };
            let (sx, sy) = path.abs_transform().get_scale();
            let width = f64::from(stroke.width().get() * sx.min(sy)) * MM_PER_CSS_PX;
            assert!(width >= MIN_LINE_MM - 1e-3, "{name}: a line {width:.3} mm wide");
            strokes += 1;
        });
    }
    assert!(strokes > 100, "only {strokes} strokes found");
}

/// A Tantrix tile with a label `H` on the paper beside it, in a figure `width_mm` wide.
fn labelled(width_mm: f64, size: &str) -> String {
    let design = root().join("designs/tantrix.toml");
    format!(
        "[diagram]\ndesign = \"{}\"\ncaption = \"One tile\"\nlegal = true\nwidth_mm = {width_mm}\n\n\
         [[place]]\ntile = 1\nat = [0, 0]\n\n[[label]]\ntext = \"H\"\nat = [1, 0]\ncolour = \"#123456\"\n{size}",
        design.display()
    )
}

/// The cap height of the label `H` of the built figure, in mm.
fn label_height(dir: &Path, name: &str, diagram: &str) -> f64 {
    std::fs::write(dir.join(format!("{name}.toml")), diagram).unwrap();
    let output = tilepress(dir, &["diagram", &format!("{name}.toml"), "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let tree = svg_tree(&dir.join(format!("out/{name}.svg")));
    let mut found = Vec::new();
    visit_paths(tree.root(), &mut |path| {
        if fill_colour(path) == Some([0x12, 0x34, 0x56]) {
            found.push(first_contour_height(path));
        }
    });
    assert_eq!(found.len(), 1, "{name}: {found:?}");
    found[0]
}

#[test]
fn a_label_keeps_its_size_in_mm_whatever_the_figures_width() {
    let dir = scratch("diagram-figures-labels");
    let narrow = label_height(&dir, "narrow", &labelled(40.0, ""));
    let wide = label_height(&dir, "wide", &labelled(160.0, ""));
    let large = label_height(&dir, "large", &labelled(160.0, "size_mm = 4\n"));
    assert!((narrow - 2.5).abs() < 0.01, "{narrow}");
    assert!((wide - 2.5).abs() < 0.01, "{wide}");
    assert!((large - 4.0).abs() < 0.01, "{large}");
}

#[test]
fn sizes_out_of_range_are_errors_at_their_key() {
    let dir = scratch("diagram-figures-bad-sizes");
    let diagram = labelled(80.0, "size_mm = 50\n")
        .replace("legal = true\n", "legal = true\ncaption_mm = 0.2\n");
    std::fs::write(dir.join("bad.toml"), &diagram).unwrap();
    let output = tilepress(&dir, &["diagram", "bad.toml", "-o", "out"]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    for (key, says) in
        [("caption_mm = ", "`caption_mm` is 0.2 mm"), ("size_mm = ", "`size_mm` is 50 mm")]
    {
        let line = diagram.lines().position(|l| l.starts_with(key)).unwrap() + 1;
        let column = key.len() + 1;
        let at = format!("bad.toml:{line}:{column}: error: {says}");
        assert!(err.contains(&at), "{at}\n{err}");
    }
    assert_eq!(err.matches("give a number of millimetres from 1 to 10").count(), 2, "{err}");
    assert!(!dir.join("out/bad.svg").exists());
}

#[test]
fn the_house_style_example_of_the_docs_builds_at_the_sizes_it_asks_for() {
    let dir = scratch("diagram-figures-docs");
    let designs = root().join("designs");
    let example = common::doc_example("### House style")
        .replace("\"../designs/", &format!("\"{}/", designs.display()));
    std::fs::write(dir.join("example.toml"), &example).unwrap();
    let output = tilepress(&dir, &["diagram", "example.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let tree = svg_tree(&dir.join("out/example.svg"));
    let per_mm =
        outline_first_contour_height(&text_outline("A", 1.0, kurbo::Point::ZERO, Anchor::Start));
    let (mut caption, mut label) = (Vec::new(), Vec::new());
    visit_paths(tree.root(), &mut |path| match fill_colour(path) {
        Some(CAPTION_INK) => caption.push(first_contour_height(path) / per_mm),
        Some([255, 255, 255]) if path.abs_transform().get_scale().0 > 1.0 => {
            label.push(first_contour_height(path) / per_mm)
        }
        _ => {}
    });
    assert!(caption.len() >= 2, "the caption wraps: {caption:?}");
    // The first line begins with the caption's `A`.
    assert!((caption[0] - 3.0).abs() < 0.02, "{caption:?}");
    assert!(label.iter().any(|c| (c - 4.0).abs() < 0.02), "{label:?}");
}

#[test]
fn a_designs_figures_table_sizes_every_label_unless_the_diagram_says() {
    let dir = scratch("diagram-figures-design-style");
    let tantrix = std::fs::read_to_string(root().join("designs/tantrix.toml")).unwrap();
    std::fs::write(dir.join("styled.toml"), format!("{tantrix}\n[figures]\nlabel_mm = 3.5\n"))
        .unwrap();
    let styled = dir.join("styled.toml");
    let on_styled = |size: &str| {
        labelled(80.0, size).replace(
            &format!("\"{}\"", root().join("designs/tantrix.toml").display()),
            &format!("\"{}\"", styled.display()),
        )
    };
    let from_design = label_height(&dir, "design", &on_styled(""));
    let own = label_height(&dir, "own", &on_styled("size_mm = 4\n"));
    assert!((from_design - 3.5).abs() < 0.01, "{from_design}");
    assert!((own - 4.0).abs() < 0.01, "{own}");
    // Out of range in the design: an error at its key.
    std::fs::write(dir.join("bad.toml"), format!("{tantrix}\n[figures]\nlabel_mm = 20\n")).unwrap();
    let output = tilepress(&dir, &["check", "bad.toml"]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert!(err.contains("`label_mm` is 20 mm") && err.contains("from 1 to 10"), "{err}");
}
