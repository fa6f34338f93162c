//! An image used on many faces is stored once: one form XObject in the PDF, one `<defs>`
//! entry per SVG page, and each extra use costs the PDF far less than a copy of the image.

use crate::common;

use std::fs;

use common::{code, root, scratch, text, tilepress};

/// A design of `tiles` small hexagons, each with the lantern icon when `icon`.
fn design(tiles: usize, icon: bool) -> String {
    let mut text = String::from(
        "[set]\nname = \"Icons\"\nshape = \"hexagon\"\nedge_mm = 8.0\ntemplate = \"front\"\n\n\
         [palette]\nred = \"#d62828\"\n\n[sheet]\ngap_mm = 1.0\nduplex = \"none\"\n\n[faces.front]\nlayers = [\n",
    );
    text.push_str("  { shape = \"circle\", size_mm = 3, fill = \"red\" },\n");
    if icon {
        text.push_str(
            "  { image = \"lantern.svg\", at = \"corner 1\", inset_mm = 3, size_mm = 4 },\n",
        );
    }
    text.push_str("]\n");
    for n in 1..=tiles {
        text.push_str(&format!(
            "\n[[tiles]]\nnumber = {n}\nedges = [\"red dot\", \"red dot\", \"red dot\", \"red dot\", \"red dot\", \"red dot\"]\n"
        ));
    }
    text
}

/// The PDF's size and the first SVG page's text of a build of `design`.
fn built(name: &str, design: &str) -> (usize, String) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::copy(root().join("designs/assets/keld/lantern.svg"), dir.join("lantern.svg")).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = fs::metadata(dir.join("out/d/d.pdf")).unwrap().len() as usize;
    let svg = fs::read_to_string(dir.join("out/d/d-sheet-01-front.svg")).unwrap();
    (pdf, svg)
}

#[test]
fn one_icon_on_500_tiles_is_stored_once() {
    let (plain_100, _) = built("plain-100", &design(100, false));
    let (icon_100, _) = built("icon-100", &design(100, true));
    let (plain_500, _) = built("plain-500", &design(500, false));
    let (icon_500, svg) = built("icon-500", &design(500, true));
    let per_use = ((icon_500 - plain_500) as f64 - (icon_100 - plain_100) as f64) / 400.0;
    eprintln!("PDF bytes per extra use of the icon: {per_use:.0}");
    assert!(per_use < 1024.0, "{per_use} bytes per use");
    // One Form XObject holds the drawing; pages only place it.
    assert_eq!(svg.matches("<defs>").count(), 1);
    assert_eq!(svg.matches("id=\"symbol-1\"").count(), 1);
    let uses = svg.matches("<use href=\"#symbol-1\"").count();
    assert!(uses > 50, "{uses} uses on the first sheet");
    // The lantern's flame colour is written once in the SVG, not once per tile.
    assert_eq!(svg.matches("#e4572e").count(), 1);
}
