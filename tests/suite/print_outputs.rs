//! Print corrections and images on the real binary: back pages moved by the measured duplex offset, PNGs of the right physical size, and the same art in resvg and librsvg.

use crate::common;

use std::path::{Path, PathBuf};

use common::{code, root, scratch, text, tilepress};
use kurbo::{Affine, Point, Vec2};
use resvg::tiny_skia::Pixmap;

/// Builds Tantrix into a scratch folder with extra options; returns the design's folder.
fn build(name: &str, extra: &[&str]) -> PathBuf {
    let dir = scratch(name);
    let design = root().join("designs/tantrix.toml");
    let mut args = vec!["build", design.to_str().unwrap(), "-o", "out"];
    args.extend_from_slice(extra);
    let output = tilepress(&dir, &args);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    dir.join("out/tantrix")
}

/// The translation of every `matrix(a b c d e f)` transform in a file, in order.
fn translations(svg: &str) -> Vec<Vec2> {
    svg.split("transform=\"matrix(")
        .skip(1)
        .map(|rest| {
            let numbers: Vec<f64> = rest
                .split(')')
                .next()
                .unwrap()
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            Vec2::new(numbers[4], numbers[5])
        })
        .collect()
}

fn read(folder: &Path, name: &str) -> String {
    std::fs::read_to_string(folder.join(name)).unwrap()
}

#[test]
fn back_pages_move_exactly_against_the_measured_offset() {
    let plain = build("offset-plain", &[]);
    let moved = build("offset-moved", &["--back-offset", "1.5,-0.5"]);
    let mut tiles = 0;
    for sheet in ["01", "02"] {
        let front = format!("tantrix-sheet-{sheet}-front.svg");
        assert_eq!(read(&plain, &front), read(&moved, &front), "fronts do not move");
        let back = format!("tantrix-sheet-{sheet}-back.svg");
        let (before, after) =
            (translations(&read(&plain, &back)), translations(&read(&moved, &back)));
        assert_eq!(before.len(), after.len());
        tiles += before.len();
        // Long-edge duplex of a portrait page mirrors x. Backs landing 1.5 mm right and
        // 0.5 mm up (seen on the front) are drawn 1.5 mm left and 0.5 mm down in front
        // terms, which on the mirrored back page is 1.5 mm right and 0.5 mm down.
        let mirror = Affine::new([-1.0, 0.0, 0.0, 1.0, 210.0, 0.0]);
        let in_front_terms = |v: Vec2| (mirror * v.to_point()) - (mirror * Point::ORIGIN);
        for (b, a) in before.iter().zip(&after) {
            let shift = in_front_terms(*a - *b);
            assert!((shift - Vec2::new(-1.5, 0.5)).hypot() < 0.0015, "moved by {shift:?}");
        }
    }
    assert_eq!(tiles, 56, "every tile's back was compared");
    for folder in [plain, moved] {
        let _ = std::fs::remove_dir_all(folder.parent().unwrap().parent().unwrap());
    }
}

#[test]
fn a_bad_back_offset_is_refused_before_building() {
    let dir = scratch("offset-bad");
    let design = root().join("designs/tantrix.toml");
    let args = ["build", design.to_str().unwrap(), "--back-offset", "1", "-o", "out"];
    let output = tilepress(&dir, &args);
    assert_eq!(code(&output), 2);
    assert!(text(&output).1.contains("--back-offset"), "{:?}", text(&output));
    assert!(!dir.join("out").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn previews_and_sheet_pngs_have_their_physical_size() {
    let folder = build("pngs", &["--png", "--dpi", "50"]);
    let preview = Pixmap::load_png(folder.join("tantrix-preview.png")).unwrap();
    assert!(preview.width() > 300 && preview.height() > 300, "{}", preview.width());
    let sheet = Pixmap::load_png(folder.join("tantrix-sheet-01-front.png")).unwrap();
    // 210 × 297 mm at 50 dpi.
    let expected = |mm: f64| (mm / 25.4 * 50.0).round() as u32;
    assert_eq!((sheet.width(), sheet.height()), (expected(210.0), expected(297.0)));
    let _ = std::fs::remove_dir_all(folder.parent().unwrap().parent().unwrap());
}

#[test]
fn resvg_and_librsvg_draw_the_same_sheet() {
    let Ok(probe) = std::process::Command::new("rsvg-convert").arg("--version").output() else {
        eprintln!("rsvg-convert is not installed; skipped");
        return;
    };
    assert!(probe.status.success());
    let folder = build("two-renderers", &["--png", "--dpi", "40"]);
    let ours = Pixmap::load_png(folder.join("tantrix-sheet-01-front.png")).unwrap();
    let theirs_path = folder.join("rsvg.png");
    let status = std::process::Command::new("rsvg-convert")
        .args(["--dpi-x", "40", "--dpi-y", "40", "--background-color", "white", "-o"])
        .arg(&theirs_path)
        .arg(folder.join("tantrix-sheet-01-front.svg"))
        .status()
        .unwrap();
    assert!(status.success());
    let theirs = Pixmap::load_png(&theirs_path).unwrap();
    assert!(
        ours.width().abs_diff(theirs.width()) <= 1 && ours.height().abs_diff(theirs.height()) <= 1
    );
    let (w, h) = (ours.width().min(theirs.width()), ours.height().min(theirs.height()));
    let mut different = 0;
    for y in 0..h {
        for x in 0..w {
            let (a, b) = (ours.pixel(x, y).unwrap(), theirs.pixel(x, y).unwrap());
            let channels = [(a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue())];
            if channels.iter().any(|(p, q)| p.abs_diff(*q) > 64) {
                different += 1;
            }
        }
    }
    // Anti-aliasing differs along edges; the art itself must agree almost everywhere.
    let share = f64::from(different) / f64::from(w * h);
    eprintln!("{:.3} % of pixels differ", share * 100.0);
    assert!(share < 0.01, "{:.2} % of pixels differ", share * 100.0);
    let _ = std::fs::remove_dir_all(folder.parent().unwrap().parent().unwrap());
}

#[test]
fn calibrate_writes_a_front_and_a_back_and_refuses_bad_paper() {
    let dir = scratch("calibrate");
    let output = tilepress(&dir, &["calibrate", "--paper", "letter", "-o", "out"]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    let folder = dir.join("out/calibration-letter");
    let front = read(&folder, "calibration-letter-calibration-front.svg");
    assert!(front.contains(r#"width="215.9mm""#) && front.contains(r#"height="279.4mm""#));
    assert!(folder.join("calibration-letter-calibration-back.svg").exists());
    let pdf = lopdf::Document::load(folder.join("calibration-letter.pdf")).unwrap();
    assert_eq!(pdf.get_pages().len(), 2);
    let bad = tilepress(&dir, &["calibrate", "--paper", "B7"]);
    assert_eq!(code(&bad), 2);
    assert!(text(&bad).1.contains("--paper"));
    let _ = std::fs::remove_dir_all(&dir);
}
