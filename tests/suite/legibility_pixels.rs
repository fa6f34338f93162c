//! An independent judge of the shipped designs' faces: each design's PDF is rendered by
//! poppler (`pdftoppm`), and again with every text layer of the design drawn in magenta to
//! find where text prints. Every run of text (letters within 1 mm joined) must stand out
//! from the colours around its letters by 3 : 1 or more (WCAG's least, for large text) on
//! at least 90 % of them, and no text may print in the page margin.

use crate::common;

use std::fs;

use common::poppler::{installed, pages};
use common::{code, root, scratch, text, tilepress};

const MAGENTA: &str = "#ff00ff";
const DPI: u32 = 150;

/// The design with every text layer (`{ text = … }`) drawn in magenta.
fn text_in_magenta(design: &str) -> String {
    let mut out = String::new();
    for line in design.lines() {
        let line = match line.find("{ text = ") {
            None => line.to_string(),
            Some(_) => match line.find("colour = \"") {
                Some(at) => {
                    let start = at + "colour = \"".len();
                    let end = start + line[start..].find('"').expect("a closing quote");
                    format!("{}{MAGENTA}{}", &line[..start], &line[end..])
                }
                None => {
                    let close = line.rfind('}').expect("an inline table");
                    format!(
                        "{}, colour = \"{MAGENTA}\" {}",
                        line[..close].trim_end(),
                        &line[close..]
                    )
                }
            },
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn is_magenta([r, g, b]: [u8; 3]) -> bool {
    r > 230 && g < 40 && b > 230
}

/// Pixels within `reach` of a pixel of `mask` (a square neighbourhood).
fn grown(mask: &[bool], width: usize, height: usize, reach: usize) -> Vec<bool> {
    let mut out = vec![false; mask.len()];
    for (i, _) in mask.iter().enumerate().filter(|(_, m)| **m) {
        let (x, y) = (i % width, i / width);
        for yy in y.saturating_sub(reach)..(y + reach + 1).min(height) {
            for xx in x.saturating_sub(reach)..(x + reach + 1).min(width) {
                out[yy * width + xx] = true;
            }
        }
    }
    out
}

/// Connected runs of `mask` (4-neighbours), as lists of pixel indices.
fn runs(mask: &[bool], width: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; mask.len()];
    let mut found = Vec::new();
    for start in 0..mask.len() {
        if !mask[start] || seen[start] {
            continue;
        }
        let mut run = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < run.len() {
            let i = run[k];
            k += 1;
            let (x, y) = (i % width, i / width);
            let mut next = vec![];
            if x > 0 {
                next.push(i - 1)
            }
            if x + 1 < width {
                next.push(i + 1)
            }
            if y > 0 {
                next.push(i - width)
            }
            if i + width < mask.len() {
                next.push(i + width)
            }
            for n in next {
                if mask[n] && !seen[n] {
                    seen[n] = true;
                    run.push(n);
                }
            }
        }
        found.push(run);
    }
    found
}

fn judge(design: &str) {
    let dir = scratch(&format!("judge-{design}"));
    common::copy_folder(&root().join("designs"), &dir);
    let source = fs::read_to_string(dir.join(format!("{design}.toml"))).unwrap();
    fs::write(dir.join("magenta.toml"), text_in_magenta(&source)).unwrap();
    for (file, out) in [(format!("{design}.toml"), "plain"), ("magenta.toml".to_string(), "marked")]
    {
        let build = tilepress(&dir, &["build", &file, "-o", out, "--format", "pdf"]);
        assert_eq!(code(&build), 0, "{design}: {}", text(&build).1);
    }
    let plain_folder = dir.join("plain").join(design);
    let mut judged = 0;
    for entry in fs::read_dir(&plain_folder).unwrap() {
        let pdf = entry.unwrap().path();
        if pdf.extension().is_none_or(|e| e != "pdf") {
            continue;
        }
        let name = pdf.file_name().unwrap().to_string_lossy().to_string();
        let marked = dir.join("marked/magenta").join(name.replacen(design, "magenta", 1));
        let work = dir.join(format!("png-{name}"));
        fs::create_dir_all(&work).unwrap();
        let plain_pages = pages(&pdf, &work, "plain", DPI);
        let marked_pages = pages(&marked, &work, "marked", DPI);
        assert_eq!(plain_pages.len(), marked_pages.len(), "{name}");
        for (page, (plain, marked)) in plain_pages.iter().zip(&marked_pages).enumerate() {
            let (w, h) = (plain.width, plain.height);
            let ink: Vec<bool> = (0..w * h).map(|i| is_magenta(marked.at(i))).collect();
            // No text in the outer 4 mm of the sheet.
            let margin = (4.0 / 25.4 * f64::from(DPI)) as usize;
            for (i, _) in ink.iter().enumerate().filter(|(_, m)| **m) {
                let (x, y) = (i % w, i / w);
                assert!(
                    x >= margin && y >= margin && x + margin < w && y + margin < h,
                    "{name} page {}: text ink at ({x}, {y}) px in the margin",
                    page + 1
                );
            }
            let near = grown(&ink, w, h, 1);
            let ring = grown(&ink, w, h, 2);
            let joined = grown(&ink, w, h, (f64::from(DPI) / 25.4 / 2.0) as usize);
            for run in runs(&joined, w) {
                let letters: Vec<usize> = run.iter().copied().filter(|&i| ink[i]).collect();
                if letters.len() < 20 {
                    continue;
                }
                // The text's colour where it covers its pixels wholly, and the colours
                // just around its letters.
                let mut colours: Vec<[u8; 3]> = letters
                    .iter()
                    .filter(|&&i| grown_inside(&ink, w, h, i))
                    .map(|&i| plain.at(i))
                    .collect();
                if colours.is_empty() {
                    colours = letters.iter().map(|&i| plain.at(i)).collect();
                }
                colours.sort();
                let text_colour = colours[colours.len() / 2];
                let around: Vec<[u8; 3]> = run
                    .iter()
                    .copied()
                    .filter(|&i| ring[i] && !near[i])
                    .map(|i| plain.at(i))
                    .collect();
                let weak = around.iter().filter(|&&c| contrast(text_colour, c) < 3.0).count();
                let share = weak as f64 / around.len().max(1) as f64;
                let (x, y) = (letters[0] % w, letters[0] / w);
                assert!(
                    share < 0.10,
                    "{name} page {}: text in {text_colour:?} near ({x}, {y}) px stands out by less \
                     than 3 : 1 from {:.0} % of what is around it",
                    page + 1,
                    share * 100.0
                );
                judged += 1;
            }
        }
    }
    assert!(judged > 0 || !source.contains("{ text = "), "{design}: no text judged");
}

/// Whether pixel `i` and its four neighbours are all ink (its colour is the text's own).
fn grown_inside(ink: &[bool], w: usize, h: usize, i: usize) -> bool {
    let (x, y) = (i % w, i / w);
    x > 0 && y > 0 && x + 1 < w && y + 1 < h && [i - 1, i + 1, i - w, i + w].iter().all(|&n| ink[n])
}

/// Judges `design` when pdftoppm is installed (one test per shipped design, so the two
/// test threads share the judging instead of one thread doing all six in a row).
fn judged_if_installed(design: &str) {
    if installed(&format!("the poppler legibility judge of {design}")) {
        judge(design);
    }
}

#[test]
fn every_text_of_lanterns_of_keld_stands_out_in_poppler_renders() {
    judged_if_installed("lanterns-of-keld");
}

#[test]
fn every_text_of_saltmarsh_stands_out_in_poppler_renders() {
    judged_if_installed("saltmarsh");
}

#[test]
fn every_text_of_tantrix_stands_out_in_poppler_renders() {
    judged_if_installed("tantrix");
}

#[test]
fn every_text_of_triles_stands_out_in_poppler_renders() {
    judged_if_installed("triles");
}

#[test]
fn every_text_of_tranglar_stands_out_in_poppler_renders() {
    judged_if_installed("tranglar");
}

#[test]
fn every_text_of_trans_rabat_stands_out_in_poppler_renders() {
    judged_if_installed("trans-rabat");
}
