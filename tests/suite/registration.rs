//! Registration marks read back from real builds of every part kind (tiles, cards, counters, pieces, boards, nets, a track, a map): the same three marks on each front page and in its cut file, cuts (with their casing) and marks clear of them, none on backs, and the default build unchanged.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{code, root, scratch, text, tilepress};
use kurbo::{Point, Rect};

/// Space kept clear around every mark, in mm.
const CLEARANCE_MM: f64 = 5.0;
/// How far a cut line's white casing reaches beside its path, in mm.
const CASING_REACH_MM: f64 = 0.6;

/// Builds `designs` into a scratch folder with `extra` options; the output folder.
fn build(name: &str, designs: &[&str], extra: &[&str]) -> PathBuf {
    let dir = scratch(name);
    let mut args = vec!["build".to_string()];
    args.extend(designs.iter().map(|d| root().join("designs").join(d).display().to_string()));
    args.extend(["-o".to_string(), "out".to_string()]);
    args.extend(extra.iter().map(|e| e.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = tilepress(&dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    dir.join("out")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The points of every path (`M`/`L` commands) inside the layer with id `layer-<id>`.
fn layer_paths(svg: &str, id: &str) -> Vec<Vec<Point>> {
    let Some(start) = svg.find(&format!("<g id=\"layer-{id}\"")) else { return Vec::new() };
    let layer = &svg[start..];
    // An empty layer is written as one self-closing tag.
    if layer[..layer.find('>').unwrap_or(0)].ends_with('/') {
        return Vec::new();
    }
    let layer = &layer[..layer.find("</g>").unwrap_or(layer.len())];
    layer.split(" d=\"").skip(1).map(|rest| points(rest.split('"').next().unwrap())).collect()
}

/// The points (end and control points) of a path of absolute `M`, `L`, `Q`, `C` and `Z`
/// commands, as the renderers write them.
fn points(d: &str) -> Vec<Point> {
    let numbers: Vec<f64> = d
        .split_whitespace()
        .filter_map(|token| token.trim_start_matches(char::is_alphabetic).parse().ok())
        .collect();
    numbers.chunks(2).map(|xy| Point::new(xy[0], xy[1])).collect()
}

fn bounds(points: &[Point]) -> Rect {
    points.iter().fold(Rect::from_points(points[0], points[0]), |r, &p| r.union_pt(p))
}

/// Distance from `p` to the rectangle `r` (0 inside).
fn distance(p: Point, r: Rect) -> f64 {
    let dx = (r.x0 - p.x).max(p.x - r.x1).max(0.0);
    let dy = (r.y0 - p.y).max(p.y - r.y1).max(0.0);
    dx.hypot(dy)
}

/// Every file of a folder, sorted by name.
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> =
        fs::read_dir(folder).unwrap().map(|e| e.unwrap().path()).collect();
    found.sort();
    found
}

/// Each front page (`<part>-sheet-….svg`, not a back) of every part in `folder` with its
/// cut file (`<part>-cut-NN.svg`, in page order): (part, front, cut).
fn front_and_cut_pairs(folder: &Path) -> Vec<(String, String, String)> {
    let names: Vec<String> = files(folder)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut pairs = Vec::new();
    for pdf in names.iter().filter(|n| n.ends_with(".pdf")) {
        let part = pdf.trim_end_matches(".pdf");
        let of_part = |kind: &str| -> Vec<&String> {
            names
                .iter()
                .filter(|n| n.strip_prefix(part).is_some_and(|rest| rest.starts_with(kind)))
                .filter(|n| n.ends_with(".svg") && !n.ends_with("-back.svg"))
                .collect()
        };
        let (fronts, cuts) = (of_part("-sheet-"), of_part("-cut-"));
        assert_eq!(fronts.len(), cuts.len(), "{part}: {fronts:?} {cuts:?}");
        for (front, cut) in fronts.into_iter().zip(cuts) {
            pairs.push((part.to_string(), read(&folder.join(front)), read(&folder.join(cut))));
        }
    }
    pairs
}

/// The shipped designs: between them one of each part kind.
const SHIPPED: [&str; 6] =
    ["tantrix", "triles", "tranglar", "trans-rabat", "lanterns-of-keld", "saltmarsh"];

/// The shipped designs built with `--registration-marks`: each front page and its cut
/// file, by part — tiles, cards, counters, pieces, a board on the pieces' grid, a painted
/// board over several sheets, nets, a track and a map among them.
fn marked_pages(name: &str) -> Vec<(String, String, String)> {
    let designs: Vec<String> = SHIPPED.iter().map(|d| format!("{d}.toml")).collect();
    let designs: Vec<&str> = designs.iter().map(String::as_str).collect();
    let out = build(name, &designs, &["--registration-marks"]);
    let pairs: Vec<_> = SHIPPED.iter().flat_map(|d| front_and_cut_pairs(&out.join(d))).collect();
    let parts: std::collections::BTreeSet<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
    for part in [
        "tantrix",
        "triles",
        "tranglar-pieces",
        "tranglar-board",
        "trans-rabat-board",
        "trans-rabat-nets",
        "saltmarsh-cards",
        "saltmarsh-punts",
        "saltmarsh-score",
        "saltmarsh-marsh",
    ] {
        assert!(parts.contains(part), "no pages of {part}: {parts:?}");
    }
    pairs
}

#[test]
fn fronts_and_cut_files_of_every_part_carry_the_same_three_marks() {
    for (part, front, cut) in marked_pages("registration-on") {
        let printed = layer_paths(&front, "registration");
        let for_cutter = layer_paths(&cut, "registration");
        assert_eq!(printed.len(), 3, "{part}: three marks on the front");
        assert_eq!(printed, for_cutter, "{part}: the cut file's marks are the printed ones");
        let sizes: Vec<(f64, f64)> =
            printed.iter().map(|p| bounds(p)).map(|b| (b.width(), b.height())).collect();
        assert_eq!(sizes, [(5.0, 5.0), (20.0, 20.0), (20.0, 20.0)], "{part}: {sizes:?}");
        assert!(cut.contains(r#"inkscape:label="registration""#));
        let layer = &cut[cut.find("id=\"layer-registration\"").unwrap()..];
        assert!(layer.contains(r##"fill="#000000""##) && !layer.contains("stroke="));
    }
}

#[test]
fn cuts_with_their_casing_and_the_marks_layer_keep_clear_of_the_marks() {
    for (part, front, cut) in marked_pages("registration-clear") {
        let marks: Vec<Rect> =
            layer_paths(&front, "registration").iter().map(|p| bounds(p)).collect();
        // Every corner is a vertex of the cuts; walk the cut lines in steps of 0.25 mm so
        // long trimmer lines count along their whole length. A cut's print (its white
        // casing) reaches 0.6 mm beside it: that edge keeps the clearance.
        let mut checked = 0;
        for path in layer_paths(&cut, "cut-outer").into_iter().chain(layer_paths(&cut, "cut-inner"))
        {
            for pair in path.windows(2) {
                let steps = (pair[0].distance(pair[1]) / 0.25).ceil().max(1.0) as usize;
                for step in 0..=steps {
                    let p = pair[0].lerp(pair[1], step as f64 / steps as f64);
                    for mark in &marks {
                        let gap = distance(p, *mark) - CASING_REACH_MM;
                        assert!(
                            gap >= CLEARANCE_MM - 1e-6,
                            "{part}: the casing at {p:?} is {gap} mm from {mark:?}"
                        );
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "{part}: only {checked} points of cuts checked");
        // The marks layer too (crop ticks, the footer, a board's alignment marks): every
        // point of its paths keeps clear.
        for path in layer_paths(&front, "marks") {
            for p in path {
                for mark in &marks {
                    let gap = distance(p, *mark);
                    assert!(gap >= CLEARANCE_MM - 1e-6, "{part} marks: {p:?} near {mark:?}");
                }
            }
        }
    }
}

#[test]
fn backs_and_the_default_build_have_no_marks() {
    let on = build("registration-backs", &["tantrix.toml"], &["--registration-marks"]);
    let backs: Vec<PathBuf> = files(&on.join("tantrix"))
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with("-back.svg"))
        .collect();
    assert!(!backs.is_empty());
    for back in backs {
        assert!(!read(&back).contains("registration"), "{} has marks", back.display());
    }
    let off = build("registration-off", &["tantrix.toml", "triles.toml"], &[]);
    for stem in ["tantrix", "triles"] {
        for file in files(&off.join(stem)) {
            let bytes = fs::read(&file).unwrap();
            let needle = b"registration";
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle),
                "{} has marks though they are off",
                file.display()
            );
        }
    }
}

#[test]
fn the_design_key_turns_marks_on() {
    let dir = scratch("registration-key");
    let design = read(&root().join("designs/tantrix.toml"));
    assert!(design.contains("\n[sheet]\n"), "tantrix.toml has a [sheet] table");
    let design = design.replace("\n[sheet]\n", "\n[sheet]\nregistration_marks = true\n");
    fs::write(dir.join("tantrix.toml"), design).unwrap();
    let output = tilepress(&dir, &["build", "tantrix.toml", "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let front = read(&dir.join("out/tantrix/tantrix-sheet-01-front.svg"));
    assert_eq!(layer_paths(&front, "registration").len(), 3);
}
