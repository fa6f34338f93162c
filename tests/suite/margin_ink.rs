//! Nothing is printed inside the page margin: every page of every shipped design (on A4, on Letter, with registration marks, and the marsh on 300 × 400 mm paper) rendered by poppler at 0.1 mm a pixel is white in the band from the paper's edge to 4.9 mm, inside its 5 mm margin — cut lines and their casings, crop marks, net tabs, board edges and marks included.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::poppler::{installed, page_parts};
use common::{code, root, scratch, text, tilepress};

/// 0.1 mm a pixel.
const DPI: u32 = 254;
/// The band checked, in pixels at [`DPI`]: from the paper's edge to 0.1 mm short of the
/// default 5 mm margin (the renderer's antialiasing greys the pixel just outside an edge that
/// lies on the margin, as a registration mark's does).
const MARGIN_PX: u32 = 49;

/// Builds `designs` with `flags` into a scratch folder; every PDF written.
fn pdfs(name: &str, designs: &[&str], flags: &[&str]) -> Vec<PathBuf> {
    let dir = scratch(name);
    let mut args: Vec<String> = vec!["build".into()];
    args.extend(designs.iter().map(|d| root().join("designs").join(d).display().to_string()));
    args.extend(["-o", "out"].map(String::from));
    args.extend(flags.iter().map(|f| f.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = tilepress(&dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let mut found = Vec::new();
    for folder in fs::read_dir(dir.join("out")).unwrap() {
        let folder = folder.unwrap().path();
        if folder.file_name().is_some_and(|n| n == "diagrams") {
            continue;
        }
        for file in fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "pdf") {
                found.push(file);
            }
        }
    }
    found.sort();
    found
}

/// Every page of `pdf` whose margin band holds a pixel darker than paper: `(page, strip,
/// pixel, colour)` of the first on each page and strip.
fn ink_in_margin(pdf: &Path, work: &Path) -> Vec<String> {
    let document = lopdf::Document::load(pdf).unwrap();
    let mut found = Vec::new();
    let pages = document.get_pages();
    let (w, h) = common::pdf::page_size(&document, 1);
    for page in pages.keys() {
        assert_eq!(common::pdf::page_size(&document, *page), (w, h), "{}", pdf.display());
    }
    let (width, height) = ((w * 10.0).round() as u32, (h * 10.0).round() as u32);
    let strips = [
        ("top", [0, 0, width, MARGIN_PX]),
        ("bottom", [0, height - MARGIN_PX, width, MARGIN_PX]),
        ("left", [0, 0, MARGIN_PX, height]),
        ("right", [width - MARGIN_PX, 0, MARGIN_PX, height]),
    ];
    let stem = pdf.file_stem().unwrap().to_string_lossy().into_owned();
    for (side, crop) in strips {
        let prefix = format!("{stem}-{side}");
        for (page, picture) in page_parts(pdf, work, &prefix, DPI, crop).iter().enumerate() {
            let dark = (0..picture.width * picture.height)
                .find(|&i| picture.at(i).iter().any(|&c| c < 250));
            if let Some(i) = dark {
                let (x, y) =
                    (i % picture.width + crop[0] as usize, i / picture.width + crop[1] as usize);
                found.push(format!(
                    "{stem} page {}: {side} margin, {:.1} × {:.1} mm from the top left, colour {:?}",
                    page + 1,
                    x as f64 / 10.0,
                    y as f64 / 10.0,
                    picture.at(i)
                ));
            }
        }
    }
    found
}

fn assert_clear(name: &str, designs: &[&str], flags: &[&str]) {
    if !installed(&format!("the margin ink test {name}")) {
        return;
    }
    let work = scratch(&format!("{name}-pixels"));
    let mut found = Vec::new();
    let pdfs = pdfs(name, designs, flags);
    assert!(pdfs.len() >= designs.len(), "{pdfs:?}");
    for pdf in &pdfs {
        found.extend(ink_in_margin(pdf, &work));
    }
    assert!(found.is_empty(), "{name}: ink inside the margin:\n{}", found.join("\n"));
}

const SHIPPED: [&str; 6] = [
    "tantrix.toml",
    "triles.toml",
    "tranglar.toml",
    "trans-rabat.toml",
    "lanterns-of-keld.toml",
    "saltmarsh.toml",
];

#[test]
fn no_shipped_design_prints_inside_the_margin_on_a4() {
    assert_clear("margin-a4", &SHIPPED, &[]);
}

#[test]
fn no_shipped_design_prints_inside_the_margin_on_letter_or_with_registration_marks() {
    assert_clear("margin-letter", &SHIPPED, &["--paper", "Letter"]);
    assert_clear("margin-marks", &SHIPPED, &["--registration-marks"]);
}

#[test]
fn the_marsh_on_large_paper_prints_nothing_inside_the_margin() {
    assert_clear("margin-large", &["saltmarsh.toml"], &["--paper", "300x400"]);
}
