//! Rulebook diagrams on the real binary: every shipped diagram passes its own legality check,
//! flipping `legal` makes it fail naming why, edge matching follows the design's colours,
//! and the PNG is the SVG's picture at the asked resolution.

use crate::common;

use common::svg_tree::shipped_diagrams as shipped;
use std::path::{Path, PathBuf};

use common::{code, copy_folder, root, scratch, text, tilepress};
use tilepress::model::face::raster::decode_png;
use tilepress::render::png::{Paper, pixel_size, svg_to_png};

/// The diagram's text with the design path made absolute, so a copy works anywhere.
fn portable(path: &Path) -> String {
    let designs = root().join("designs");
    std::fs::read_to_string(path)
        .unwrap()
        .replace("\"../designs/", &format!("\"{}/", designs.display()))
}

#[test]
fn at_least_ten_diagrams_ship_and_each_passes_its_own_check() {
    let diagrams = shipped();
    assert!(diagrams.len() >= 10, "{} diagrams", diagrams.len());
    let out = scratch("diagrams-shipped");
    for path in &diagrams {
        let output =
            tilepress(&root(), &["diagram", path.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert_eq!(code(&output), 0, "{}: {}", path.display(), text(&output).1);
        let stem = path.file_stem().unwrap().to_string_lossy();
        for ext in ["svg", "pdf", "png"] {
            assert!(out.join(format!("{stem}.{ext}")).is_file(), "{stem}.{ext}");
        }
    }
}

#[test]
fn flipping_legal_on_any_diagram_fails_and_says_why() {
    let dir = scratch("diagrams-flipped");
    for path in shipped() {
        let original = portable(&path);
        let was_legal = original.contains("\nlegal = true");
        let breaks: Vec<String> = original
            .lines()
            .find(|l| l.starts_with("breaks = "))
            .map(|l| l.split('"').skip(1).step_by(2).map(String::from).collect())
            .unwrap_or_default();
        let flipped: String = original
            .lines()
            .filter(|l| !l.starts_with("breaks = "))
            .map(|l| match l {
                "legal = true" => "legal = false",
                "legal = false" => "legal = true",
                other => other,
            })
            .collect::<Vec<_>>()
            .join("\n");
        let copy = dir.join(path.file_name().unwrap());
        std::fs::write(&copy, flipped).unwrap();
        let output = tilepress(&dir, &["diagram", copy.to_str().unwrap(), "-o", "out"]);
        let (_, stderr) = text(&output);
        assert_eq!(code(&output), 1, "{}: {stderr}", path.display());
        assert!(!dir.join("out").exists(), "nothing is drawn for a wrong claim");
        if was_legal {
            assert!(stderr.contains("breaks no rule"), "{stderr}");
        } else {
            assert!(
                !breaks.is_empty(),
                "{}: illegal diagrams name what they break",
                path.display()
            );
            for rule in &breaks {
                assert!(stderr.contains(&format!("({rule})")), "{}: {stderr}", path.display());
            }
            assert!(stderr.contains(&format!("{}:", copy.display())), "file:line:col: {stderr}");
        }
    }
}

/// The colour names of a Tantrix tile's edges, from the design file.
fn tantrix_edges(number: i64) -> Vec<String> {
    let design: toml::Table =
        toml::from_str(&std::fs::read_to_string(root().join("designs/tantrix.toml")).unwrap())
            .unwrap();
    let tiles = design["tiles"].as_array().unwrap();
    let tile = tiles.iter().find(|t| t["number"].as_integer() == Some(number)).unwrap();
    tile["edges"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect()
}

#[test]
fn touching_edges_must_show_one_colour_and_a_mismatch_names_both_edges() {
    let dir = scratch("diagrams-match");
    let (one, two) = (tantrix_edges(1), tantrix_edges(2));
    let design = root().join("designs/tantrix.toml");
    let mut seen = [false, false];
    for turn in 0..6 {
        // Cell [1, 0] lies across side 1 (0-based) of [0, 0]; it faces it with its side 4.
        let edge_two = (4 + 6 - turn) % 6;
        let matches = one[1] == two[edge_two];
        seen[usize::from(matches)] = true;
        let diagram = format!(
            "[diagram]\ndesign = \"{}\"\nlegal = true\n\n[[place]]\ntile = 1\nat = [0, 0]\n\n\
             [[place]]\ntile = 2\nat = [1, 0]\nturn = {turn}\n",
            design.display()
        );
        std::fs::write(dir.join("pair.toml"), diagram).unwrap();
        let output = tilepress(&dir, &["diagram", "pair.toml", "-o", "out"]);
        let (_, stderr) = text(&output);
        if matches {
            assert_eq!(code(&output), 0, "turn {turn}: {stderr}");
        } else {
            assert_eq!(code(&output), 1, "turn {turn}");
            let expected = format!(
                "tile 1 edge 2 ({}) meets tile 2 edge {} ({})",
                one[1],
                edge_two + 1,
                two[edge_two]
            );
            assert!(stderr.contains(&expected), "turn {turn}: {stderr}");
            assert!(stderr.contains("pair.toml:9:1:"), "points at the second [[place]]: {stderr}");
        }
    }
    assert_eq!(seen, [true, true], "some turns match, some do not");
}

#[test]
fn a_diagram_naming_a_missing_tile_is_unreadable_input() {
    let dir = scratch("diagrams-bad");
    let design = root().join("designs/tantrix.toml");
    let diagram = format!(
        "[diagram]\ndesign = \"{}\"\nlegal = true\n\n[[place]]\ntile = 99\nat = [0, 0]\n",
        design.display()
    );
    std::fs::write(dir.join("bad.toml"), diagram).unwrap();
    let output = tilepress(&dir, &["diagram", "bad.toml"]);
    assert_eq!(code(&output), 2);
    assert!(text(&output).1.contains("bad.toml:6:8: error: the design has no tile 99"));
}

#[test]
fn the_png_is_the_svg_at_300_dpi() {
    let out = scratch("diagrams-png");
    let path = root().join("diagrams/tantrix-forced-space-filled.toml");
    let output = tilepress(
        &root(),
        &["diagram", path.to_str().unwrap(), "-o", out.to_str().unwrap(), "--dpi", "300"],
    );
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let svg = std::fs::read_to_string(out.join("tantrix-forced-space-filled.svg")).unwrap();
    let png = std::fs::read(out.join("tantrix-forced-space-filled.png")).unwrap();
    let (width, height, pixels) = decode_png(&png).unwrap();
    // The SVG's size in mm, from its width and height attributes.
    let attribute = |name: &str| -> f64 {
        let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[start..].split("mm").next().unwrap().parse().unwrap()
    };
    let (width_mm, height_mm) = (attribute("width"), attribute("height"));
    assert!((width_mm - 80.0).abs() < 1e-9, "default width is a column of text");
    assert_eq!((width, height), pixel_size(width_mm, height_mm, 300.0));
    // Sharp: a 300 dpi PNG of an 80 mm figure is 945 pixels wide.
    assert_eq!(width, 945);
    // The same picture as the SVG file rasterised by resvg, pixel by pixel, but for some
    // anti-aliased edge pixels (the PNG is drawn from the scene: tests/suite/raster_matches_svg.rs).
    let again = svg_to_png(&svg, 300.0, Paper::Transparent).unwrap();
    let (_, _, again) = decode_png(&again).unwrap();
    let off = pixels
        .iter()
        .zip(&again)
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 2))
        .count();
    assert!(off * 200 < pixels.len(), "{off} of {} pixels differ", pixels.len());
    // And the tiles' colours are there: black faces and all four line colours.
    for hex in ["#000000", "#d62828", "#f7c600", "#1d5fd1", "#1f9e45"] {
        let c = tilepress::scene::Colour::from_hex(hex).unwrap();
        let count = pixels.iter().filter(|p| p[..3] == [c.r, c.g, c.b]).count();
        assert!(count > 500, "{hex}: {count} pixels");
    }
}

#[test]
fn the_png_matches_an_independent_svg_renderer_when_one_is_installed() {
    let out = scratch("diagrams-rsvg");
    let path = root().join("diagrams/triles-wedge.toml");
    let output =
        tilepress(&root(), &["diagram", path.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(code(&output), 0);
    let (width, height, ours) =
        decode_png(&std::fs::read(out.join("triles-wedge.png")).unwrap()).unwrap();
    let reference = out.join("rsvg.png");
    let run = std::process::Command::new("rsvg-convert")
        .args(["-w", &width.to_string(), "-h", &height.to_string(), "-o"])
        .arg(&reference)
        .arg(out.join("triles-wedge.svg"))
        .status();
    let Ok(status) = run else {
        eprintln!("rsvg-convert is not installed; skipping the comparison");
        return;
    };
    assert!(status.success());
    let (w, h, theirs) = decode_png(&std::fs::read(&reference).unwrap()).unwrap();
    assert_eq!((w, h), (width, height));
    // Anti-aliasing differs along edges; the pictures must agree almost everywhere.
    let differing = ours
        .iter()
        .zip(&theirs)
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 48))
        .count();
    let share = differing as f64 / ours.len() as f64;
    assert!(share < 0.01, "{:.3} % of pixels differ", share * 100.0);
}

#[test]
fn build_without_arguments_builds_the_diagrams_too() {
    let dir = scratch("diagrams-build");
    for folder in ["designs", "diagrams"] {
        copy_folder(&root().join(folder), &dir.join(folder));
    }
    let output = tilepress(&dir, &["build"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let made = std::fs::read_dir(dir.join("output/diagrams"))
        .unwrap()
        .filter(|e| !e.as_ref().unwrap().file_name().to_string_lossy().starts_with('.'))
        .count();
    // Three files a figure; a series writes one figure per step and its strip.
    let figures: usize = shipped()
        .iter()
        .map(|path| {
            let source: toml::Table = std::fs::read_to_string(path).unwrap().parse().unwrap();
            1 + source.get("step").and_then(|s| s.as_array()).map_or(0, Vec::len)
        })
        .sum();
    assert!(figures > shipped().len(), "a shipped series");
    assert_eq!(made, 3 * figures);
}

#[test]
fn one_wrong_diagram_leaves_the_built_diagrams_as_they_were_and_the_designs_build() {
    let dir = scratch("diagrams-build-one-wrong");
    let diagrams = two_diagrams_of_one_design(&dir);
    let first = tilepress(&dir, &["build", "-o", "built"]);
    assert_eq!(code(&first), 0, "{}", text(&first).1);
    let folder = dir.join("built/diagrams");
    let before = std::fs::read(folder.join("tantrix-forced-space.png")).unwrap();
    // The second diagram now claims the opposite of what it shows.
    let claim = std::fs::read_to_string(&diagrams[1]).unwrap();
    let flipped: String = claim
        .lines()
        .filter(|l| !l.starts_with("breaks = "))
        .map(|l| if l == "legal = false" { "legal = true\n".to_string() } else { format!("{l}\n") })
        .collect();
    assert!(flipped.contains("legal = true") && !claim.contains("legal = true"));
    std::fs::write(&diagrams[1], flipped).unwrap();
    // The first diagram changes too: a new build would write a different picture of it.
    let drawn = std::fs::read_to_string(&diagrams[0]).unwrap();
    std::fs::write(&diagrams[0], drawn.replacen("[diagram]\n", "[diagram]\ndpi = 40\n", 1))
        .unwrap();
    for jobs in ["1", "2"] {
        let output = tilepress(&dir, &["build", "-j", jobs, "-o", "built"]);
        let (stdout, stderr) = text(&output);
        assert_eq!(code(&output), 1, "-j {jobs}: {stderr}");
        assert!(stderr.contains("diagrams: not written"), "-j {jobs}: {stderr}");
        assert!(stdout.contains("Tantrix"), "the design is built all the same: {stdout}");
        let after = std::fs::read(folder.join("tantrix-forced-space.png")).unwrap();
        assert_eq!(after, before, "-j {jobs}: the earlier diagrams stay as they were");
    }
    // Put right, both are written, the first at its new resolution.
    std::fs::write(&diagrams[1], claim).unwrap();
    let output = tilepress(&dir, &["build", "-o", "built"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert!(text(&output).0.contains("Diagrams: → "), "{}", text(&output).0);
    let after = std::fs::read(folder.join("tantrix-forced-space.png")).unwrap();
    assert!(after.len() < before.len(), "drawn again at 40 dpi");
}

/// Two diagrams of one design, in `dir/diagrams/`, their design copied to `dir/designs/`.
fn two_diagrams_of_one_design(dir: &Path) -> [PathBuf; 2] {
    std::fs::create_dir_all(dir.join("designs")).unwrap();
    std::fs::create_dir_all(dir.join("diagrams")).unwrap();
    std::fs::copy(root().join("designs/tantrix.toml"), dir.join("designs/tantrix.toml")).unwrap();
    ["tantrix-forced-space", "tantrix-forbidden-same-colour"].map(|stem| {
        let to = dir.join(format!("diagrams/{stem}.toml"));
        std::fs::copy(root().join(format!("diagrams/{stem}.toml")), &to).unwrap();
        to
    })
}

#[test]
fn diagrams_of_one_design_draw_as_each_does_alone() {
    let dir = scratch("diagrams-shared-design");
    let diagrams = two_diagrams_of_one_design(&dir);
    let names = diagrams.each_ref().map(|p| p.to_str().unwrap().to_string());
    let together = tilepress(&dir, &["diagram", &names[0], &names[1], "--dpi", "20", "-o", "both"]);
    assert_eq!(code(&together), 0, "{}", text(&together).1);
    for (k, name) in names.iter().enumerate() {
        let alone = format!("alone-{k}");
        let output = tilepress(&dir, &["diagram", name, "--dpi", "20", "-o", &alone]);
        assert_eq!(code(&output), 0, "{}", text(&output).1);
        let stem = diagrams[k].file_stem().unwrap().to_string_lossy().to_string();
        for ext in ["svg", "pdf", "png"] {
            let file = format!("{stem}.{ext}");
            let (a, b) = (dir.join("both").join(&file), dir.join(&alone).join(&file));
            assert_eq!(std::fs::read(a).unwrap(), std::fs::read(b).unwrap(), "{file}");
        }
    }
}

#[test]
fn a_broken_design_is_reported_by_each_of_its_diagrams_at_its_line() {
    let dir = scratch("diagrams-broken-shared-design");
    let diagrams = two_diagrams_of_one_design(&dir);
    let design = dir.join("designs/tantrix.toml");
    let text_of_design = std::fs::read_to_string(&design).unwrap();
    let broken = text_of_design.replacen("[style]\n", "[style]\nbogus = = 1\n", 1);
    assert_ne!(broken, text_of_design);
    let line = broken.lines().position(|l| l == "bogus = = 1").unwrap() + 1;
    std::fs::write(&design, broken).unwrap();
    let names = diagrams.each_ref().map(|p| p.to_str().unwrap().to_string());
    let at_line = format!("tantrix.toml:{line}:");
    for args in [
        vec!["diagram", &names[0], &names[1], "-o", "out"],
        vec!["build", "-j", "2", "-o", "built"],
    ] {
        let output = tilepress(&dir, &args);
        assert_eq!(code(&output), 2, "{args:?}");
        let errors = text(&output).1;
        // `build` reports the design once more, for its own sheets.
        let design_reports = if args[0] == "build" { 3 } else { 2 };
        assert_eq!(errors.matches(&at_line).count(), design_reports, "{args:?}: {errors}");
        for diagram in &diagrams {
            let name = diagram.file_name().unwrap().to_string_lossy().to_string();
            let unusable = format!("{name}:4:10: error: the design cannot be used");
            assert_eq!(errors.matches(&unusable).count(), 1, "{args:?}: {errors}");
        }
    }
}
