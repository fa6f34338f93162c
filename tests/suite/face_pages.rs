//! `--format face-pages`: each face on a PDF page of its own at trim + bleed, for print
//! shops: `qpdf --check` clean, the MediaBox and BleedBox the page, the TrimBox where the
//! item is cut (measured: a 2.5 × 3.5 in card with 1/8 in bleed is 198 × 270 pt with its
//! TrimBox 9 pt in on every side; a Tantrix hexagon's 48 × 41.57 mm inside its grown
//! corners); the metric and US poker sizes side by side, an unknown size's nearest named.

use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::{boxes, close};
use common::{code, qpdf_check, root, scratch, text, tilepress};

const PT_PER_MM: f64 = 72.0 / 25.4;

const DESIGN: &str = r##"[set]
name = "Shop"

[palette]
ink = "#000000"
sea = "#1f6fb2"

[faces.front]
layers = [{ text = "{name}", size_mm = 6, colour = "ink" }]

[faces.back]
layers = [{ text = "Shop", size_mm = 6, colour = "ink" }]

[[decks]]
name = "cards"
size = "SIZE"
corner_radius_mm = 3
background = "sea"
front = "front"
back = "back"

[[decks.cards]]
fields = { name = "Ace" }

[[decks.cards]]
fields = { name = "King" }
"##;

fn build(dir: &Path, design: &Path, extra: &[&str]) -> String {
    let mut args = vec!["build", design.to_str().unwrap(), "-o", "out", "--format", "face-pages"];
    args.extend(extra);
    let output = tilepress(dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    out
}

#[test]
fn a_us_poker_card_page_is_trim_plus_an_eighth_inch_with_its_boxes_set() {
    let dir = scratch("face-pages-card");
    fs::write(dir.join("shop.toml"), DESIGN.replace("SIZE", "poker-us")).unwrap();
    build(&dir, &dir.join("shop.toml"), &["--bleed", "3.175"]);
    let pdf = dir.join("out/shop/shop-cards-faces.pdf");
    qpdf_check(&pdf);
    let media = boxes(&pdf, b"MediaBox");
    // Two cards, front then back each.
    assert_eq!(media.len(), 4);
    for (page, ((media, bleed), trim)) in
        media.iter().zip(boxes(&pdf, b"BleedBox")).zip(boxes(&pdf, b"TrimBox")).enumerate()
    {
        assert!(close(*media, [0.0, 0.0, 198.0, 270.0]), "page {page}: {media:?}");
        assert!(close(bleed, *media), "page {page}: the bleed is the whole page");
        assert!(close(trim, [9.0, 9.0, 189.0, 270.0 - 9.0]), "page {page}: {trim:?}");
    }
    // No sheets were asked for: only the faces' PDF.
    let written: Vec<String> = fs::read_dir(dir.join("out/shop"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    assert_eq!(written, ["shop-cards-faces.pdf"]);
}

#[test]
fn a_metric_poker_card_without_bleed_is_cut_at_its_page_edge() {
    let dir = scratch("face-pages-metric");
    fs::write(dir.join("shop.toml"), DESIGN.replace("SIZE", "poker")).unwrap();
    build(&dir, &dir.join("shop.toml"), &[]);
    let pdf = dir.join("out/shop/shop-cards-faces.pdf");
    qpdf_check(&pdf);
    let (w, h) = (63.0 * PT_PER_MM, 88.0 * PT_PER_MM);
    for (media, trim) in boxes(&pdf, b"MediaBox").into_iter().zip(boxes(&pdf, b"TrimBox")) {
        assert!(close(media, [0.0, 0.0, w, h]), "{media:?}");
        assert!(close(trim, media), "{trim:?}");
    }
}

#[test]
fn a_hexagon_tile_is_trimmed_at_its_bounds_inside_its_grown_corners() {
    let dir = scratch("face-pages-tantrix");
    build(&dir, &root().join("designs/tantrix.toml"), &["--bleed", "2"]);
    let pdf = dir.join("out/tantrix/tantrix-faces.pdf");
    qpdf_check(&pdf);
    let corner = 2.0 / 30f64.to_radians().cos();
    let (wide, high) = (48.0 + 2.0 * corner, 24.0 * 3f64.sqrt() + 4.0);
    let media = boxes(&pdf, b"MediaBox");
    let trim = boxes(&pdf, b"TrimBox");
    assert_eq!(media.len(), trim.len());
    let pt = |mm: f64| mm * PT_PER_MM;
    assert!(close(media[0], [0.0, 0.0, pt(wide), pt(high)]), "{:?}", media[0]);
    assert!(
        close(trim[0], [pt(corner), pt(2.0), pt(corner + 48.0), pt(high - 2.0)]),
        "{:?}",
        trim[0]
    );
}

#[test]
fn an_unknown_card_size_names_the_nearest() {
    let dir = scratch("face-pages-size");
    fs::write(dir.join("shop.toml"), DESIGN.replace("SIZE", "pokr-us")).unwrap();
    let output = tilepress(&dir, &["check", "shop.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 2, "{out}{err}");
    assert!(err.contains("shop.toml:16:8: error: unknown card size `pokr-us`"), "{err}");
    assert!(err.contains("did you mean `poker-us`?"), "{err}");
}
