//! Sealed lamination measured in the built files: on Tantrix and on the Saltmarsh cards and counters every sealed cut keeps the seal from its printed outline (± 0.05 mm) with rounded corners, the cut files hold the same paths, the report says how many fit a sheet; bad keys and options are refused at the key or option, nothing written.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::svg_tree::{find_layers, polylines, visit_paths};
use common::{code, line_of, refused_in, root, scratch, text, tilepress};
use resvg::usvg::{self, Paint, Tree};

/// usvg measures in CSS pixels (96 per inch); pages are in mm.
const MM_PER_CSS_PX: f64 = 25.4 / 96.0;
/// How far a sealed cut may stray from the seal, in mm.
const TOLERANCE_MM: f64 = 0.05;
/// The sharpest turn a rounded contour makes between two of its chords, in degrees (a
/// hexagon's corner turns 60°, a card's 90°).
const MAX_TURN_DEGREES: f64 = 20.0;

type Polyline = Vec<(f64, f64)>;

/// Builds a shipped design sealed (`extra` options added): its output folder and report.
fn build(design: &str, extra: &[&str]) -> (PathBuf, String) {
    let dir = scratch(&format!("sealed-{design}-{}", extra.join("")));
    let path = root().join(format!("designs/{design}.toml"));
    let mut args = vec!["build", path.to_str().unwrap(), "-o", "out", "--laminate", "sealed"];
    args.extend(extra);
    let output = tilepress(&dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    (dir.join("out").join(design), out)
}

/// The subpaths of the paths on layer `layer` of an SVG page stroked `width_mm` wide (any
/// width when `None`), in mm on the page.
fn stroked_on(svg: &Path, layer: &str, width_mm: Option<f64>) -> Vec<Polyline> {
    let data = fs::read(svg).unwrap();
    let tree = Tree::from_data(&data, &usvg::Options::default()).unwrap();
    let mut layers = Vec::new();
    find_layers(tree.root(), &mut layers);
    let mut found = Vec::new();
    for group in layers.into_iter().filter(|g| g.id() == layer) {
        visit_paths(group, &mut |path| {
            let Some(stroke) = path.stroke() else { return };
            let Paint::Color(_) = stroke.paint() else { return };
            let scale = path.abs_transform().get_scale();
            let width = f64::from(stroke.width().get() * scale.0) * MM_PER_CSS_PX;
            if width_mm.is_some_and(|w| (w - width).abs() > 1e-3) {
                return;
            }
            let placed = path.data().clone().transform(path.abs_transform()).unwrap();
            found.extend(polylines(&placed).into_iter().map(|line| {
                line.into_iter().map(|(x, y)| (x * MM_PER_CSS_PX, y * MM_PER_CSS_PX)).collect()
            }));
        });
    }
    found
}

/// The distance from `p` to the polyline `line`.
fn distance_to(p: (f64, f64), line: &[(f64, f64)]) -> f64 {
    line.windows(2)
        .map(|pair| {
            let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
            let (dx, dy) = (bx - ax, by - ay);
            let length = dx * dx + dy * dy;
            let t = if length > 0.0 {
                (((p.0 - ax) * dx + (p.1 - ay) * dy) / length).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (p.0 - ax - t * dx).hypot(p.1 - ay - t * dy)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Points every `step` mm along `line` (its vertices included).
fn samples(line: &[(f64, f64)], step: f64) -> Vec<(f64, f64)> {
    let mut found = Vec::new();
    for pair in line.windows(2) {
        let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
        let count = ((bx - ax).hypot(by - ay) / step).ceil().max(1.0) as usize;
        found.extend((0..count).map(|k| {
            let t = k as f64 / count as f64;
            (ax + t * (bx - ax), ay + t * (by - ay))
        }));
    }
    found
}

/// The sharpest turn between two successive chords of a closed polyline, in degrees.
fn sharpest_turn(line: &[(f64, f64)]) -> f64 {
    let chords: Vec<(f64, f64)> = line
        .windows(2)
        .map(|p| (p[1].0 - p[0].0, p[1].1 - p[0].1))
        .filter(|d| d.0.hypot(d.1) > 1e-6)
        .collect();
    let mut sharpest = 0.0f64;
    for k in 0..chords.len() {
        let (a, b) = (chords[k], chords[(k + 1) % chords.len()]);
        let turn = (a.0 * b.1 - a.1 * b.0).atan2(a.0 * b.0 + a.1 * b.1).to_degrees().abs();
        sharpest = sharpest.max(turn);
    }
    sharpest
}

/// The front pages (SVG) of a part's sheets, and its cut files, in order.
fn pages_of(folder: &Path, stem: &str) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let pick = |pattern: &str| -> Vec<PathBuf> {
        names
            .iter()
            .filter(|n| n.starts_with(&format!("{stem}-{pattern}")) && n.ends_with(".svg"))
            .filter(|n| pattern == "cut-" || n.ends_with("-front.svg"))
            .map(|n| folder.join(n))
            .collect()
    };
    (pick("sheet-"), pick("cut-"))
}

/// Measures one sealed part: every cut subpath keeps `seal` from the guide it surrounds,
/// turns no sharp corner, and is in the cut file; returns the items on each sheet.
fn measure_part(folder: &Path, stem: &str, seal: f64) -> Vec<usize> {
    let (fronts, cut_files) = pages_of(folder, stem);
    assert!(!fronts.is_empty() && fronts.len() == cut_files.len(), "{stem}: {fronts:?}");
    let mut per_sheet = Vec::new();
    for (front, cut_file) in fronts.iter().zip(&cut_files) {
        let guides = stroked_on(front, "layer-marks", Some(0.25));
        let cuts = stroked_on(front, "layer-cut", None);
        assert_eq!(cuts.len(), guides.len(), "{}: one sealed cut per outline", front.display());
        for cut in &cuts {
            let points = samples(cut, 0.5);
            // The guide this cut surrounds: the one nearest its first point.
            let guide = guides
                .iter()
                .min_by(|a, b| distance_to(points[0], a).total_cmp(&distance_to(points[0], b)))
                .unwrap();
            for &p in &points {
                let d = distance_to(p, guide);
                assert!(
                    (d - seal).abs() <= TOLERANCE_MM,
                    "{}: a cut point {p:?} is {d:.3} mm from its outline, not {seal}",
                    front.display()
                );
            }
            let turn = sharpest_turn(cut);
            assert!(turn < MAX_TURN_DEGREES, "{}: a corner turns {turn:.1}°", front.display());
        }
        // The cut file's paths are the page's cuts.
        let filed = stroked_on(cut_file, "layer-cut-outer", None);
        assert_eq!(filed.len(), cuts.len(), "{}", cut_file.display());
        for line in &filed {
            for p in samples(line, 1.0) {
                let nearest = cuts.iter().map(|c| distance_to(p, c)).fold(f64::INFINITY, f64::min);
                assert!(nearest < 0.01, "{}: {p:?} is off the page's cuts", cut_file.display());
            }
        }
        per_sheet.push(cuts.len());
    }
    per_sheet
}

/// `up to N … per sheet, each sealed in a S mm border` of the report line of `what`.
fn reported_per_sheet(report: &str, what: &str, seal: &str) -> usize {
    let line = report.lines().find(|l| l.contains(what)).unwrap_or_else(|| panic!("{report}"));
    assert!(line.contains(&format!("each sealed in a {seal} mm border of film")), "{line}");
    let after = &line[line.find("up to ").expect(line) + "up to ".len()..];
    after.split_whitespace().next().unwrap().parse().expect(line)
}

#[test]
fn sealed_tantrix_tiles_keep_the_seal_from_their_outlines() {
    let (folder, report) = build("tantrix", &[]);
    let per_sheet = measure_part(&folder, "tantrix", 3.0);
    assert_eq!(per_sheet.iter().sum::<usize>(), 56, "every tile sealed once");
    assert_eq!(reported_per_sheet(&report, "56 tiles", "3"), *per_sheet.iter().max().unwrap());
}

#[test]
fn sealed_cards_and_counters_keep_the_seal_asked_for() {
    let (folder, report) = build("saltmarsh", &["--seal", "4"]);
    let cards = measure_part(&folder, "saltmarsh-cards", 4.0);
    assert_eq!(cards.iter().sum::<usize>(), 54);
    assert_eq!(reported_per_sheet(&report, "54 cards", "4"), *cards.iter().max().unwrap());
    let counters = measure_part(&folder, "saltmarsh-punts", 4.0);
    assert_eq!(counters.iter().sum::<usize>(), 40);
    // One part-filled sheet: it holds them all, and room for more.
    assert_eq!(counters.len(), 1);
    assert!(reported_per_sheet(&report, "40 counters", "4") >= 40, "{report}");
    // The map and the track are not cut out one by one: they print as usual.
    let map = report.lines().find(|l| l.contains("a map of")).expect("the map");
    assert!(!map.contains("sealed"), "{map}");
}

#[test]
fn a_sealed_sheet_holds_fewer_tiles_and_no_shared_cut() {
    let dir = scratch("sealed-versus-sheet");
    let path = root().join("designs/tantrix.toml");
    let plain = tilepress(&dir, &["build", path.to_str().unwrap(), "-o", "plain"]);
    let (out, _) = text(&plain);
    let per_sheet = |report: &str| -> usize {
        let line = report.lines().find(|l| l.contains("56 tiles")).unwrap();
        let after = &line[line.find("up to ").unwrap() + 6..];
        after.split_whitespace().next().unwrap().parse().unwrap()
    };
    let (_, sealed) = build("tantrix", &[]);
    assert!(per_sheet(&sealed) < per_sheet(&out), "{sealed}\n{out}");
}

/// A deck of one card of 15 × 30 mm with `sheet` lines in `[sheet]`, in `dir`.
fn deck_design(dir: &Path, sheet: &str) -> String {
    let toml = format!(
        "[set]\nname = \"Sealed\"\n\n[palette]\nink = \"#222222\"\n\n[sheet]\n{sheet}\n\n[faces.front]\nlayers = [{{ text = \"{{name}}\", size_mm = 3, colour = \"ink\" }}]\n\n[[decks]]\nname = \"deck\"\nsize_mm = [15, 30]\nfront = \"front\"\ncards = [{{ fields = {{ name = \"a\" }} }}]\n"
    );
    fs::write(dir.join("bad.toml"), &toml).unwrap();
    toml
}

#[test]
fn sealed_keys_out_of_range_are_refused_at_the_key() {
    for (name, sheet, needle, said) in [
        ("negative", "laminate = \"sealed\"\nseal_mm = -1", "seal_mm", "is not from 0.5 to 20 mm"),
        ("zero", "laminate = \"sealed\"\nseal_mm = 0", "seal_mm", "is not from 0.5 to 20 mm"),
        (
            "larger",
            "laminate = \"sealed\"\nseal_mm = 19",
            "seal_mm",
            "larger than a card of `deck`",
        ),
        ("unsealed", "seal_mm = 3", "seal_mm", "the sheet is not sealed"),
        ("unknown", "laminate = \"glossy\"", "laminate", "unknown lamination `glossy`"),
    ] {
        let dir = scratch(&format!("sealed-bad-{name}"));
        let toml = deck_design(&dir, sheet);
        let err = refused_in(&dir);
        let at = format!("bad.toml:{}:", line_of(&toml, needle));
        assert!(err.contains(&at) && err.contains(said), "{name}: {err}");
    }
}

#[test]
fn parts_that_cannot_be_sealed_are_refused_by_key_and_by_option() {
    // The key: pieces (Tranglar) and nets (Trans-Rabat) refused at `laminate`.
    for (design, which) in [("tranglar", "pieces"), ("trans-rabat", "nets")] {
        let dir = scratch(&format!("sealed-refused-{design}"));
        let text_of = fs::read_to_string(root().join(format!("designs/{design}.toml"))).unwrap();
        let sealed = if text_of.contains("[sheet]\n") {
            text_of.replacen("[sheet]\n", "[sheet]\nlaminate = \"sealed\"\n", 1)
        } else {
            format!("{text_of}\n[sheet]\nlaminate = \"sealed\"\n")
        };
        fs::write(dir.join("bad.toml"), &sealed).unwrap();
        for asset in ["assets", "diagrams"] {
            let from = root().join("designs").join(asset);
            if from.exists() {
                common::copy_folder(&from, &dir.join(asset));
            }
        }
        let err = refused_in(&dir);
        let at = format!("bad.toml:{}:", line_of(&sealed, "laminate = \"sealed\""));
        assert!(err.contains(&at), "{design}: {err}");
        assert!(err.contains(&format!("the design has {which}, which cannot be sealed")), "{err}");
        // The option: exit 2, nothing written, the help says what to do.
        let path = root().join(format!("designs/{design}.toml"));
        let run = tilepress(
            &dir,
            &["build", path.to_str().unwrap(), "-o", "opt", "--laminate", "sealed"],
        );
        let (_, err) = text(&run);
        assert_eq!(code(&run), 2, "{err}");
        assert!(
            err.contains("cannot be sealed")
                && err.contains("help: laminate this design as a sheet"),
            "{err}"
        );
        assert!(!dir.join("opt").exists(), "{design}: output written");
    }
}

#[test]
fn bad_laminate_options_are_refused_before_any_design_is_read() {
    let dir = scratch("sealed-options");
    let path = root().join("designs/tantrix.toml");
    let path = path.to_str().unwrap();
    for (args, said) in [
        (vec!["--laminate", "glossy"], "--laminate: unknown `glossy`; use sheet or sealed"),
        (vec!["--seal", "0"], "--seal: a seal of 0 mm is not from 0.5 to 20 mm"),
        (vec!["--seal", "-2"], "--seal: a seal of -2 mm is not from 0.5 to 20 mm"),
        (vec!["--laminate", "sheet", "--seal", "3"], "--seal with --laminate sheet"),
    ] {
        let mut all = vec!["build", path, "-o", "out"];
        all.extend(&args);
        let run = tilepress(&dir, &all);
        let (_, err) = text(&run);
        assert_eq!(code(&run), 2, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!dir.join("out").exists(), "{args:?}: output written");
    }
    // A seal larger than the design's cards, from the command line.
    deck_design(&dir, "");
    let run = tilepress(&dir, &["build", "bad.toml", "-o", "out", "--seal", "16"]);
    let (_, err) = text(&run);
    assert_eq!(code(&run), 2, "{err}");
    assert!(err.contains("a seal of 16 mm is larger than a card (15 × 30 mm)"), "{err}");
    assert!(err.contains("help: give a smaller seal"), "{err}");
    assert!(!dir.join("out").exists(), "output written");
}

#[test]
fn the_documented_sealed_deck_checks_and_builds_sealed() {
    let example = common::doc_example("### Sealed lamination");
    let (_, dir) = common::check_and_build("sealed-doc", &example);
    let folder = dir.join("out/example");
    let cards = measure_part(&folder, "example-cards", 3.0);
    assert_eq!(cards, vec![1]);
}
