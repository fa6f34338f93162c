//! PDF/X-1a without transparency (issue 62): a translucent layer over one colour is flattened
//! on every part kind — the file holds no soft mask, no alpha under 1 and no transparency
//! group, and paints the layer in the press's CMYK of the colour the RGB renderers show (the
//! layer's colour blended over the one beneath it) —; one over several colours is drawn in
//! pixels over them, as is an image with clear pixels (laid over the one colour beneath it
//! where there is one), converted as the vectors beside it so no seam shows.

use crate::common;
use crate::face_styles::every_part_kind;
use crate::pdf_x::{colour_use, ghostscript_press, test_press};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::ghostscript::{cmyk_pages, ghostscript};
use common::{code, scratch, text, tilepress};
use lopdf::Document;
use tilepress::model::print::press::Press;
use tilepress::scene::Colour;

/// The ground the veil lies on, the veil's colour and its opacity.
const GROUND: Colour = Colour { r: 0xe0, g: 0xc0, b: 0x80 };
const INK: Colour = Colour { r: 0x2a, g: 0x9d, b: 0x8f };
const OPACITY: f64 = 0.35;

/// The translucent layer of the template `mark`, as written (its line is the refusal's).
const VEIL: &str = r##"{ shape = "rectangle", box_mm = [6, 4], fill = "#2a9d8f", stroke = "#2a9d8f", stroke_mm = 0.5, opacity = 0.35 }"##;

/// The template `mark`: a 10 × 8 mm ground of [`GROUND`] and [`VEIL`] over it; with `spot`,
/// a 2 mm square of another colour between them, under the veil's middle.
fn mark(spot: bool) -> String {
    let spot = match spot {
        true => "  { shape = \"rectangle\", box_mm = [2, 2], fill = \"#d62828\" },\n",
        false => "",
    };
    format!(
        "\n[faces.mark]\nlayers = [\n  {{ shape = \"rectangle\", box_mm = [10, 8], fill = \"{}\" }},\n{spot}  {VEIL},\n]\n",
        GROUND.to_hex()
    )
}

/// Every part kind drawn with `mark` on its faces: its name, design and PDF.
fn kinds(spot: bool) -> Vec<(&'static str, String, &'static str)> {
    let marked = mark(spot);
    let header = "[set]\nname = \"Kinds\"\n\n[palette]\ngreen = \"#7fb069\"\n";
    let cards = format!(
        "{header}\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\nfront = \"mark\"\n\n[[decks.cards]]\nfields = {{ name = \"A\" }}\n{marked}"
    );
    let map = format!(
        "{header}\n[[maps]]\nname = \"map\"\ngrid = \"hex\"\ncolumns = 3\nrows = 2\ncell_mm = 20\nlabels = false\ntemplate = \"mark\"\n{marked}"
    );
    let mut kinds = every_part_kind(&marked);
    kinds.push(("cards", cards, "d-cards.pdf"));
    kinds.push(("map", map, "d-map.pdf"));
    kinds
}

/// `design` written as `d.toml` (with `files` beside it) in a scratch folder named `name`.
fn written(name: &str, design: &str, files: &[(&str, Vec<u8>)]) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    for (file, bytes) in files {
        fs::write(dir.join(file), bytes).unwrap();
    }
    dir
}

/// `tilepress build d.toml -o out` in `dir` with `args`, PDF/X-1a on the test press when
/// `x1a`: the exit code and everything printed.
fn build(dir: &Path, x1a: bool) -> (i32, String) {
    build_on(dir, x1a.then(test_press).as_deref())
}

/// `tilepress build d.toml -o out` in `dir`, PDF/X-1a on the press of the profile `icc`
/// when given.
fn build_on(dir: &Path, icc: Option<&Path>) -> (i32, String) {
    let icc = icc.map(|icc| icc.to_string_lossy().to_string());
    let mut args = vec!["build", "d.toml", "-o", "out"];
    if let Some(icc) = &icc {
        args.extend(["--pdf-x", "x-1a", "--icc", icc]);
    }
    let output = tilepress(dir, &args);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

/// `tilepress check d.toml --icc <the test press>` in `dir`, with `args`: the exit code and
/// everything printed.
fn checked(dir: &Path, args: &[&str]) -> (i32, String) {
    let icc = test_press().to_string_lossy().to_string();
    let mut all = vec!["check", "d.toml", "--icc", &icc];
    all.extend(args);
    let output = tilepress(dir, &all);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

/// Asserts that the PDF at `path` holds no transparency: read as `qpdf --qdf` writes it
/// (every stream uncompressed), no `/SMask`, no transparency `/Group`, no `/ca` or `/CA`
/// under 1.
pub fn assert_opaque(what: &str, path: &Path) {
    let expanded = path.with_extension("qdf.pdf");
    let status = Command::new("qpdf")
        .args(["--qdf", "--object-streams=disable"])
        .arg(path)
        .arg(&expanded)
        .status()
        .expect("run qpdf");
    assert!(status.success(), "{what}: qpdf failed");
    let bytes = fs::read(&expanded).unwrap();
    let holds = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(!holds(b"/SMask") && !holds(b"/Transparency"), "{what}: transparency in the file");
    for key in [b"/ca".as_slice(), b"/CA".as_slice()] {
        for at in (0..bytes.len()).filter(|&i| bytes[i..].starts_with(key)) {
            let rest = String::from_utf8_lossy(&bytes[at + 3..(at + 20).min(bytes.len())]);
            let value: f64 = rest.split_whitespace().next().unwrap().parse().unwrap_or(0.0);
            assert!(value >= 1.0, "{what}: an alpha of {value}");
        }
    }
}

/// The colour `colour` shows laid over `behind` at `opacity`, as the RGB renderers blend it:
/// each sRGB channel mixed.
fn blend(colour: Colour, behind: Colour, opacity: f64) -> Colour {
    let mix = |ink: u8, paper: u8| {
        (f64::from(ink) * opacity + f64::from(paper) * (1.0 - opacity)).round() as u8
    };
    Colour { r: mix(colour.r, behind.r), g: mix(colour.g, behind.g), b: mix(colour.b, behind.b) }
}

/// The CMYK fills and strokes (`k`, `K`) of the PDF at `path`.
fn inks(path: &Path) -> Vec<[f64; 4]> {
    let (operators, _) = colour_use(&Document::load(path).unwrap());
    let inks = operators.iter().filter(|op| op.ends_with(" k") || op.ends_with(" K"));
    let numbers = |op: &String| -> Vec<f64> {
        op.split(' ').filter_map(|v| v.parse::<f64>().ok()).collect::<Vec<_>>()
    };
    inks.map(|op| {
        let values = numbers(op);
        [values[0], values[1], values[2], values[3]]
    })
    .collect()
}

fn near(a: [f64; 4], b: [f32; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - f64::from(y)).abs() < 0.0015)
}

fn press() -> Press {
    Press::new(&fs::read(test_press()).unwrap()).unwrap()
}

/// `design` of the part kind `name` built as PDF/X-1a in a scratch folder `folder`: its
/// PDF `pdf`, asserted built and opaque.
fn built_opaque(folder: &str, name: &str, design: &str, pdf: &str) -> PathBuf {
    let dir = written(folder, design, &[]);
    let (status, said) = build(&dir, true);
    assert_eq!(status, 0, "{name}: {said}");
    let pdf = dir.join("out/d").join(pdf);
    assert_opaque(name, &pdf);
    pdf
}

#[test]
fn a_translucent_layer_over_one_colour_is_flattened_on_every_part_kind() {
    let press = press();
    let flattened = press.colour(blend(INK, GROUND, OPACITY), None);
    let unblended = press.colour(INK, None);
    for (name, design, pdf) in kinds(false) {
        let pdf = built_opaque(&format!("flatten-{name}"), name, &design, pdf);
        let inks = inks(&pdf);
        assert!(
            inks.iter().any(|ink| near(*ink, flattened)),
            "{name}: {flattened:?} not in {inks:?}"
        );
        assert!(!inks.iter().any(|ink| near(*ink, unblended)), "{name}: the veil's own colour");
    }
}

#[test]
fn a_translucent_layer_over_several_colours_is_drawn_in_pixels_on_every_part_kind() {
    let unblended = press().colour(INK, None);
    for (name, design, pdf) in kinds(true) {
        let pdf = built_opaque(&format!("flatten-pixels-{name}"), name, &design, pdf);
        let (_, spaces) = colour_use(&Document::load(&pdf).unwrap());
        assert!(spaces.contains(&b"DeviceCMYK".to_vec()), "{name}: no image");
        assert!(spaces.iter().all(|space| space == b"DeviceCMYK"), "{name}: {spaces:?}");
        assert!(!inks(&pdf).iter().any(|ink| near(*ink, unblended)), "{name}: the veil's colour");
    }
    // `check` with the design's own `pdf_x` or `--pdf-x x-1a` passes it.
    let (_, design, _) = kinds(true).into_iter().find(|kind| kind.0 == "cards").unwrap();
    let dir =
        written("flatten-pixels-check", &format!("{design}\n[sheet]\npdf_x = \"x-1a\"\n"), &[]);
    let (status, said) = checked(&dir, &[]);
    assert_eq!(status, 0, "{said}");
    let (status, said) = checked(&dir, &["--pdf-x", "x-1a"]);
    assert_eq!(status, 0, "{said}");
}

/// How many pixels of `pixels` are `colour` (each channel within 1).
fn count<const N: usize>(pixels: impl Iterator<Item = [u8; N]>, colour: [u8; N]) -> usize {
    pixels.filter(|p| p.iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 1)).count()
}

#[test]
fn the_documented_band_prints_as_the_colour_the_rgb_page_shows() {
    let design = common::doc_example("### PDF/X-1a without transparency");
    let dir = written("flatten-doc", &design, &[("press.icc", fs::read(test_press()).unwrap())]);
    let (status, said) = build(&dir, false);
    assert_eq!(status, 0, "{said}");
    let pdf = dir.join("out/d/d-cards.pdf");
    assert_opaque("the example", &pdf);
    let (sea, foam) = (Colour { r: 0x1f, g: 0x6f, b: 0xb2 }, Colour::WHITE);
    let shown = blend(foam, sea, 0.5);
    assert_eq!(shown.to_hex(), "#8fb7d9", "the colour the docs give");
    let cmyk = press().colour(shown, None);
    assert!(inks(&pdf).iter().any(|ink| near(*ink, cmyk)), "{cmyk:?}");
    // The RGB build (without PDF/X) shows that colour where the band lies, over a band's
    // worth of pixels; Ghostscript renders the X-1a file's band in the ink of that colour.
    let rgb = written(
        "flatten-doc-rgb",
        &design.replace("pdf_x = \"x-1a\"\nicc = \"press.icc\"\n", ""),
        &[],
    );
    let (status, said) = build(&rgb, false);
    assert_eq!(status, 0, "{said}");
    // 50 × 14 mm less the text, at 50 dpi: about 2 000 pixels.
    let band = |pixels: usize| pixels > 1000;
    if common::poppler::installed("pdf_x_flatten::the_documented_band_prints_as_the_colour") {
        let pages = common::poppler::pages(&rgb.join("out/d/d-cards.pdf"), &rgb, "rgb", 50);
        let page = &pages[0];
        let seen =
            count((0..page.width * page.height).map(|i| page.at(i)), [shown.r, shown.g, shown.b]);
        assert!(band(seen), "{seen} pixels of {}", shown.to_hex());
    }
    if ghostscript("pdf_x_flatten::the_documented_band_prints_as_the_colour") {
        let pages = cmyk_pages(&pdf, 50);
        let ink = cmyk.map(|v| (f64::from(v) * 255.0).round() as u8);
        let seen = count(pages[0].iter().copied(), ink);
        assert!(band(seen), "{seen} pixels of {ink:?}");
    }
}

/// A 4 × 4 PNG of [`INK`] at half alpha.
fn clear_png() -> Vec<u8> {
    let pixels: Vec<u8> = (0..16).flat_map(|_| [INK.r, INK.g, INK.b, 128]).collect();
    common::png_file::png_file(4, 4, png::ColorType::Rgba, png::BitDepth::Eight, &pixels)
}

/// A 4 × 4 PNG, clear but for its middle 2 × 2 pixels of [`INK`] at half alpha.
fn ringed_png() -> Vec<u8> {
    let alpha =
        |i: usize| if (1..3).contains(&(i % 4)) && (1..3).contains(&(i / 4)) { 128 } else { 0 };
    let pixels: Vec<u8> = (0..16).flat_map(|i| [INK.r, INK.g, INK.b, alpha(i)]).collect();
    common::png_file::png_file(4, 4, png::ColorType::Rgba, png::BitDepth::Eight, &pixels)
}

/// The red of the grounds' right half.
const RED: Colour = Colour { r: 0xd6, g: 0x28, b: 0x28 };

/// A card whose front is a 10 mm square of [`GROUND`], its right half [`RED`], and `over`
/// over both.
fn two_grounds(over: &str) -> String {
    format!(
        "[set]\nname = \"Two\"\n\n[palette]\nred = \"#d62828\"\n\n[faces.front]\nlayers = [\n  {{ shape = \"rectangle\", box_mm = [10, 10], fill = \"{}\" }},\n  {{ shape = \"rectangle\", box_mm = [5, 10], offset_mm = [2.5, 0], fill = \"{}\" }},\n  {over},\n]\n\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\nfront = \"front\"\n\n[[decks.cards]]\nfields = {{ name = \"A\" }}\n",
        GROUND.to_hex(),
        RED.to_hex()
    )
}

/// How many of `pixels` are within `by` levels of `ink` in every channel.
fn within(pixels: &[[u8; 4]], ink: [u8; 4], by: u8) -> usize {
    pixels.iter().filter(|p| p.iter().zip(ink).all(|(a, b)| a.abs_diff(b) <= by)).count()
}

/// `colour` as a flattened image prints it on `press`: colour by colour, as vectors print.
fn image_ink(press: &Press, colour: Colour) -> [u8; 4] {
    let ink = press.image_as_colours(&[colour.r, colour.g, colour.b], None);
    [ink[0], ink[1], ink[2], ink[3]]
}

/// The 8-bit ink Ghostscript renders a vector fill of `colour` in on `press`.
fn vector_ink(press: &Press, colour: Colour) -> [u8; 4] {
    press.colour(colour, None).map(|v| (f64::from(v) * 255.0).round() as u8)
}

#[test]
fn an_image_and_a_layer_over_two_colours_print_as_their_blends_without_a_seam() {
    // Ghostscript's press converts pictures (perceptually) unlike colours (relative
    // colorimetric): an image converted as pictures are would show a seam on it.
    let gs =
        ghostscript("pdf_x_flatten::an_image_and_a_layer_over_two_colours_print_as_their_blends");
    let profile = if gs { ghostscript_press() } else { test_press() };
    let image = r#"{ image = "ringed.png", size_mm = 6 }"#;
    let design = two_grounds(image);
    let dir = written("flatten-two-image", &design, &[("ringed.png", ringed_png())]);
    let (status, said) = build_on(&dir, Some(&profile));
    assert_eq!(status, 0, "{said}");
    let pdf = dir.join("out/d/d-cards.pdf");
    assert_opaque("an image over two colours", &pdf);
    let veil = r##"{ shape = "rectangle", box_mm = [6, 4], fill = "#2a9d8f", opacity = 0.35 }"##;
    let layered = written("flatten-two-layer", &two_grounds(veil), &[]);
    let (status, said) = build_on(&layered, Some(&profile));
    assert_eq!(status, 0, "{said}");
    let layer_pdf = layered.join("out/d/d-cards.pdf");
    assert_opaque("a layer over two colours", &layer_pdf);
    if !gs {
        return;
    }
    // The image's middle pixels over each ground: 1.5 × 3 mm each, about 280 pixels at
    // 200 dpi.
    let press = Press::new(&fs::read(&profile).unwrap()).unwrap();
    let page = &cmyk_pages(&pdf, 200)[0];
    for behind in [GROUND, RED] {
        let ink = image_ink(&press, INK.over(behind, 128.0 / 255.0));
        let seen = within(page, ink, 2);
        assert!(seen > 200, "{seen} pixels of {ink:?} over {}", behind.to_hex());
    }
    // Its clear ring shows each ground in the ink the vectors beside it print, so no seam
    // shows at the image's edge: no pixel near a ground's ink (within 10 levels) is more
    // than 2 levels from it.
    for ground in [GROUND, RED] {
        let ink = vector_ink(&press, ground);
        let (near_it, at_it) = (within(page, ink, 10), within(page, ink, 2));
        assert_eq!(near_it, at_it, "{}: {ink:?}, a seam", ground.to_hex());
        assert!(at_it > 1000, "{at_it}");
    }
    // The layer over each ground prints as its blend over that ground.
    let page = &cmyk_pages(&layer_pdf, 200)[0];
    for behind in [GROUND, RED] {
        let ink = image_ink(&press, INK.over(behind, OPACITY));
        let seen = within(page, ink, 2);
        // 3 × 4 mm at 200 dpi: about 740 pixels.
        assert!(seen > 500, "{seen} pixels of {ink:?} over {}", behind.to_hex());
    }
}

#[test]
fn an_image_with_clear_pixels_is_laid_over_one_colour() {
    let image = r#"{ image = "clear.png", size_mm = 6 }"#;
    let card = |spot: &str| {
        format!(
            "[set]\nname = \"Clear\"\n\n[palette]\nred = \"#d62828\"\n\n[faces.front]\nlayers = [\n  {{ shape = \"rectangle\", box_mm = [10, 10], fill = \"{}\" }},\n{spot}  {image},\n]\n\n[[decks]]\nname = \"cards\"\nsize = \"poker\"\nfront = \"front\"\n\n[[decks.cards]]\nfields = {{ name = \"A\" }}\n",
            GROUND.to_hex()
        )
    };
    let design = card("");
    let dir = written("flatten-image", &design, &[("clear.png", clear_png())]);
    let (status, said) = build(&dir, true);
    assert_eq!(status, 0, "{said}");
    let pdf = dir.join("out/d/d-cards.pdf");
    assert_opaque("a clear image", &pdf);
    let (_, spaces) = colour_use(&Document::load(&pdf).unwrap());
    assert_eq!(spaces, vec![b"DeviceCMYK".to_vec()]);
    if ghostscript("pdf_x_flatten::an_image_with_clear_pixels_is_laid_over_one_colour") {
        // Its pixels, laid over the ground, converted as the vectors are.
        let laid = blend(INK, GROUND, 128.0 / 255.0);
        let ink = press().image_as_colours(&[laid.r, laid.g, laid.b], None);
        let pages = cmyk_pages(&pdf, 100);
        let seen = count(pages[0].iter().copied(), [ink[0], ink[1], ink[2], ink[3]]);
        // 6 mm square at 100 dpi: about 550 pixels.
        assert!(seen > 300, "{seen} pixels of {ink:?}");
    }
    // In a translucent layer an image is drawn with the layer, in pixels.
    let veiled_image = r#"{ image = "clear.png", size_mm = 6, opacity = 0.5 }"#;
    let veiled = written(
        "flatten-image-veiled",
        &design.replace(image, veiled_image),
        &[("clear.png", clear_png())],
    );
    let (status, said) = build(&veiled, true);
    assert_eq!(status, 0, "{said}");
    assert_opaque("an image in a layer", &veiled.join("out/d/d-cards.pdf"));
}

/// The two inks most pixels of `pixels` print (paper left out), most first.
fn two_most(pixels: &[[u8; 4]]) -> Vec<[u8; 4]> {
    let mut counts = std::collections::BTreeMap::new();
    for pixel in pixels.iter().filter(|p| **p != [0, 0, 0, 0]) {
        *counts.entry(*pixel).or_insert(0usize) += 1;
    }
    let mut inks: Vec<_> = counts.into_iter().collect();
    inks.sort_by_key(|(ink, count)| (std::cmp::Reverse(*count), *ink));
    inks.into_iter().take(2).map(|(ink, _)| ink).collect()
}

#[test]
fn keld_s_compass_is_drawn_over_what_lies_beneath_it_once_turned_upright_on_its_sheet() {
    // The compass, upright on the sheet that turns Keld's backs, lies over the backs'
    // night and the sea's corner: drawn in pixels on the sheet, it prints the night and the
    // sea where the RGB sheet shows them (no box of a backdrop turned with it).
    if !ghostscript("pdf_x_flatten::keld_s_compass_is_drawn_over_what_lies_beneath_it") {
        return;
    }
    let dir = scratch("flatten-keld");
    fs::copy(common::root().join("designs/lanterns-of-keld.toml"), dir.join("keld.toml")).unwrap();
    common::copy_folder(&common::root().join("designs/assets"), &dir.join("assets"));
    let icc = ghostscript_press().to_string_lossy().to_string();
    for args in [vec!["-o", "rgb"], vec!["-o", "x1a", "--pdf-x", "x-1a", "--icc", &icc]] {
        let output = tilepress(&dir, &[&["build", "keld.toml"][..], &args].concat());
        assert_eq!(code(&output), 0, "{:?}", text(&output));
    }
    let backs = |folder: &str| cmyk_pages(&dir.join(folder).join("keld/keld.pdf"), 150).remove(1);
    let (flat, rgb) = (backs("x1a"), backs("rgb"));
    assert_eq!(flat.len(), rgb.len());
    for (ink, seen) in two_most(&flat).into_iter().zip(two_most(&rgb)) {
        let apart = flat.iter().zip(&rgb).filter(|(a, b)| (**a == ink) != (**b == seen)).count();
        // Edges Ghostscript draws a pixel apart: a few dozen a back; a box would be hundreds.
        assert!(apart < 19 * 60, "{apart} pixels of {ink:?} apart from the RGB sheet's {seen:?}");
    }
}
