//! Registration marks read back from real builds: the same three marks on each front page and in its cut file, tiles and cuts clear of them, none on backs, and the default build unchanged.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{code, root, scratch, text, tilepress};
use kurbo::{Point, Rect};

/// Space kept clear around every mark, in mm.
const CLEARANCE_MM: f64 = 5.0;

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

fn front_and_cut_pairs(folder: &Path, stem: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for sheet in 1.. {
        let front = folder.join(format!("{stem}-sheet-{sheet:02}-front.svg"));
        if !front.exists() {
            break;
        }
        let cut = folder.join(format!("{stem}-cut-{sheet:02}.svg"));
        pairs.push((read(&front), read(&cut)));
    }
    pairs
}

#[test]
fn fronts_and_cut_files_carry_the_same_three_marks() {
    let out = build("registration-on", &["tantrix.toml", "triles.toml"], &["--registration-marks"]);
    for stem in ["tantrix", "triles"] {
        let pairs = front_and_cut_pairs(&out.join(stem), stem);
        assert!(!pairs.is_empty(), "{stem}: no front pages");
        for (front, cut) in &pairs {
            let printed = layer_paths(front, "registration");
            let for_cutter = layer_paths(cut, "registration");
            assert_eq!(printed.len(), 3, "{stem}: three marks on the front");
            assert_eq!(printed, for_cutter, "{stem}: the cut file's marks are the printed ones");
            let sizes: Vec<(f64, f64)> =
                printed.iter().map(|p| bounds(p)).map(|b| (b.width(), b.height())).collect();
            assert_eq!(sizes, [(5.0, 5.0), (20.0, 20.0), (20.0, 20.0)], "{stem}: {sizes:?}");
            assert!(cut.contains(r#"inkscape:label="registration""#));
            let layer = &cut[cut.find("id=\"layer-registration\"").unwrap()..];
            assert!(layer.contains(r##"fill="#000000""##) && !layer.contains("stroke="));
        }
    }
}

#[test]
fn tiles_cuts_and_footer_keep_clear_of_the_marks() {
    let out =
        build("registration-clear", &["tantrix.toml", "triles.toml"], &["--registration-marks"]);
    for stem in ["tantrix", "triles"] {
        for (front, cut) in front_and_cut_pairs(&out.join(stem), stem) {
            let marks: Vec<Rect> =
                layer_paths(&front, "registration").iter().map(|p| bounds(p)).collect();
            // Every tile corner is a vertex of the cuts; walk the cut lines in steps of
            // 0.25 mm so long trimmer lines count along their whole length.
            let mut checked = 0;
            for path in
                layer_paths(&cut, "cut-outer").into_iter().chain(layer_paths(&cut, "cut-inner"))
            {
                for pair in path.windows(2) {
                    let steps = (pair[0].distance(pair[1]) / 0.25).ceil().max(1.0) as usize;
                    for step in 0..=steps {
                        let p = pair[0].lerp(pair[1], step as f64 / steps as f64);
                        for mark in &marks {
                            let gap = distance(p, *mark);
                            assert!(
                                gap >= CLEARANCE_MM - 1e-6,
                                "{stem}: {p:?} is {gap} mm from {mark:?}"
                            );
                        }
                        checked += 1;
                    }
                }
            }
            assert!(checked > 100, "{stem}: only {checked} points of cuts checked");
            // The printed cut and crop marks too (the marks layer holds crop ticks and the
            // footer; every point of its paths must keep clear).
            for id in ["cut", "marks"] {
                for path in layer_paths(&front, id) {
                    for p in path {
                        for mark in &marks {
                            let gap = distance(p, *mark);
                            assert!(gap >= CLEARANCE_MM - 1e-6, "{stem} {id}: {p:?} near {mark:?}");
                        }
                    }
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
