//! Reading built SVGs in tests: every path of a usvg tree, and the shipped diagram files.

use std::path::PathBuf;

use resvg::usvg::{self, Node};

/// Calls `f` on every path under `group`, depth first.
pub fn visit_paths(group: &usvg::Group, f: &mut dyn FnMut(&usvg::Path)) {
    for node in group.children() {
        match node {
            Node::Group(g) => visit_paths(g, f),
            Node::Path(p) => f(p),
            _ => {}
        }
    }
}

/// The shipped diagram files (`diagrams/*.toml`), sorted.
pub fn shipped_diagrams() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(super::root().join("diagrams"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    found.sort();
    found
}

/// The groups named `layer-…` (a page's layers), wherever usvg nested them.
pub fn find_layers<'a>(group: &'a usvg::Group, out: &mut Vec<&'a usvg::Group>) {
    for node in group.children() {
        if let Node::Group(g) = node {
            if g.id().starts_with("layer-") { out.push(g) } else { find_layers(g, out) }
        }
    }
}

/// A path's subpaths as polylines through its points (each curve cut into 16 chords; a
/// closed subpath ends where it started), in the path's own units.
pub fn polylines(path: &usvg::tiny_skia_path::Path) -> Vec<Vec<(f64, f64)>> {
    use usvg::tiny_skia_path::PathSegment;
    let point = |p: usvg::tiny_skia_path::Point| (f64::from(p.x), f64::from(p.y));
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut last = (0.0, 0.0);
    let along = |out: &mut Vec<Vec<(f64, f64)>>, at: &dyn Fn(f64) -> (f64, f64)| {
        if let Some(line) = out.last_mut() {
            line.extend((1..=16).map(|k| at(f64::from(k) / 16.0)));
        }
    };
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                last = point(p);
                out.push(vec![last]);
            }
            PathSegment::LineTo(p) => {
                last = point(p);
                if let Some(line) = out.last_mut() {
                    line.push(last);
                }
            }
            PathSegment::QuadTo(c, p) => {
                let (a, c, p) = (last, point(c), point(p));
                along(&mut out, &|t| {
                    let u = 1.0 - t;
                    let mix = |a: f64, c: f64, p: f64| u * u * a + 2.0 * u * t * c + t * t * p;
                    (mix(a.0, c.0, p.0), mix(a.1, c.1, p.1))
                });
                last = p;
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let (a, c1, c2, p) = (last, point(c1), point(c2), point(p));
                along(&mut out, &|t| {
                    let u = 1.0 - t;
                    let mix = |a: f64, b: f64, c: f64, d: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                    };
                    (mix(a.0, c1.0, c2.0, p.0), mix(a.1, c1.1, c2.1, p.1))
                });
                last = p;
            }
            PathSegment::Close => {
                if let Some(line) = out.last_mut()
                    && let Some(&start) = line.first()
                {
                    line.push(start);
                    last = start;
                }
            }
        }
    }
    out
}
