//! Footers never covered: on every page of every design, for every duplex flip, orientation
//! and gap, nothing else drawn on the page reaches into the footer's box (its text, the
//! 10 mm square and, on board sheets, the assembly map).

use std::path::PathBuf;

use resvg::usvg::{self, Node, Options, Tree};
use tilepress::build::build_sheets;
use tilepress::model::input::file_stem::file_stem;
use tilepress::model::print::sheet_settings::{Duplex, Orientation};

/// usvg measures in CSS pixels (96 per inch); pages are in mm.
const MM_PER_CSS_PX: f64 = 25.4 / 96.0;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// An axis-aligned box in mm.
#[derive(Clone, Copy, Debug)]
struct Box2 {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Box2 {
    fn of(rect: usvg::Rect) -> Box2 {
        let s = MM_PER_CSS_PX;
        Box2 {
            x0: f64::from(rect.left()) * s,
            y0: f64::from(rect.top()) * s,
            x1: f64::from(rect.right()) * s,
            y1: f64::from(rect.bottom()) * s,
        }
    }

    fn union(self, other: Box2) -> Box2 {
        Box2 {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    fn overlaps(self, other: Box2) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }
}

/// Every path of the page with its layer's id and its inked box (stroke included).
fn paths(tree: &Tree) -> Vec<(String, Box2)> {
    fn walk(group: &usvg::Group, layer: &str, out: &mut Vec<(String, Box2)>) {
        for node in group.children() {
            match node {
                Node::Group(g) => {
                    let id = if g.id().starts_with("layer-") { g.id() } else { layer };
                    walk(g, id, out);
                }
                Node::Path(p) => {
                    out.push((layer.to_string(), Box2::of(p.abs_stroke_bounding_box())))
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(tree.root(), "", &mut out);
    out
}

/// The footer's box of a page and what else the page draws in it.
fn intruders(svg: &str) -> Result<Vec<String>, String> {
    let tree = Tree::from_str(svg, &Options::default()).map_err(|e| e.to_string())?;
    let all = paths(&tree);
    let is_square = |b: &Box2| (b.x1 - b.x0 - 10.0).abs() < 0.3 && (b.y1 - b.y0 - 10.0).abs() < 0.3;
    let squares: Vec<Box2> =
        all.iter().filter(|(l, b)| l == "layer-marks" && is_square(b)).map(|(_, b)| *b).collect();
    let [square] = squares[..] else {
        return Err(format!("{} calibration squares", squares.len()));
    };
    // The footer: the marks in the band of the calibration square.
    let in_band = |b: &Box2| b.y0 >= square.y0 - 1.6 && b.y1 <= square.y1 + 1.6;
    let (footer, others): (Vec<_>, Vec<_>) =
        all.iter().partition(|(l, b)| l == "layer-marks" && in_band(b));
    let footer_box = footer.iter().map(|(_, b)| *b).fold(square, Box2::union);
    Ok(others
        .iter()
        .filter(|(_, b)| b.overlaps(footer_box))
        .map(|(l, b)| format!("{l} {b:?} in footer {footer_box:?}"))
        .collect())
}

#[test]
fn nothing_covers_the_footer_in_any_flip_orientation_or_gap() {
    let mut designs = Vec::new();
    for folder in ["designs", "tests/designs"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        found.sort();
        designs.extend(found);
    }
    let mut failures = Vec::new();
    let (mut pages, mut backs) = (0, 0);
    for path in &designs {
        let (_, design) = tilepress::model::load(path).expect("the design loads");
        for duplex in [Duplex::LongEdge, Duplex::ShortEdge, Duplex::None] {
            for orientation in [Orientation::Portrait, Orientation::Landscape] {
                for gap in [0.0, 3.0] {
                    let mut design = design.clone();
                    design.sheet.duplex = duplex;
                    design.sheet.orientation = orientation;
                    design.sheet.gap_mm = gap;
                    // Tiles get backs here even where the design has none, to test them.
                    design.backs.enabled = true;
                    let case = format!("{} {duplex:?} {orientation:?} gap {gap}", path.display());
                    let result = match build_sheets(&design, &file_stem(&design.name)) {
                        Ok(result) => result,
                        // Piece sheets refuse gaps (pieces share cuts on their grid).
                        Err(message) if gap > 0.0 && message.contains("gap") => continue,
                        Err(message) => panic!("{case}: {message}"),
                    };
                    for file in &result.files {
                        if !file.name.ends_with(".svg") || file.name.contains("-cut-") {
                            continue;
                        }
                        pages += 1;
                        backs += usize::from(file.name.ends_with("-back.svg"));
                        let svg = String::from_utf8_lossy(&file.bytes);
                        match intruders(&svg) {
                            Ok(found) if found.is_empty() => {}
                            Ok(found) => failures.push(format!("{case} {}: {found:?}", file.name)),
                            Err(e) => failures.push(format!("{case} {}: {e}", file.name)),
                        }
                    }
                }
            }
        }
    }
    eprintln!("{pages} pages, {backs} backs checked");
    assert!(backs > 20, "only {backs} back pages");
    assert!(
        failures.is_empty(),
        "{} pages with a covered footer:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
