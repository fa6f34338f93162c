//! Bad face input: missing or unreadable image and font files, fields an item lacks, images
//! over the size limit, unknown templates and wrong layer keys are refused with exit 2,
//! file:line:column of the key and nothing written; text that does not fit its box is a
//! problem (exit 1 in `check` and `build --strict`).

use crate::common;

use std::fs;
use std::path::PathBuf;

use common::{code, place_of, scratch, text, tilepress};

/// A hexagon set with one template and two tiles; `{front}` is the template's layers and
/// `{tile}` extra keys on tile 2.
fn design(front: &str, tile: &str) -> String {
    format!(
        r##"[set]
name = "Faces"
shape = "hexagon"
edge_mm = 24.0
template = "front"

[palette]
red = "#d62828"
white = "#ffffff"

[faces.front]
layers = [
  {front}
]

[[tiles]]
number = 1
edges = ["red", "red", "white", "white", "red dot", "red dot"]
fields = {{ power = "3" }}

[[tiles]]
number = 2
edges = ["red", "red", "white", "white", "red dot", "red dot"]
{tile}
"##
    )
}

const SUN: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#f00"/></svg>"##;

/// A scratch folder holding `design` as `bad.toml`, with `files` beside it.
fn folder(name: &str, design: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("bad.toml"), design).unwrap();
    for (path, bytes) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }
    dir
}

/// Runs check and build: both exit 2, nothing is written; returns the messages.
fn refused(name: &str, design: &str, files: &[(&str, &[u8])]) -> String {
    common::refused_in(&folder(name, design, files))
}

#[test]
fn a_missing_image_names_the_key_and_the_path_looked_for() {
    let design = design(r#"{ image = "icons/sun.svg", size_mm = 6 },"#, "");
    let err = refused("missing-image", &design, &[]);
    let at = place_of(&design, "\"icons/sun.svg\"");
    assert!(
        err.contains(&format!("bad.toml:{at}: error: image file `icons/sun.svg` not found")),
        "{err}"
    );
    assert!(err.contains("looked for") && err.contains("sun.svg)"), "{err}");
}

#[test]
fn a_missing_font_names_the_key_and_the_path_looked_for() {
    let design = design(r#"{ text = "{number}", font = "fonts/Nice.ttf" },"#, "");
    let err = refused("missing-font", &design, &[]);
    let at = place_of(&design, "\"fonts/Nice.ttf\"");
    assert!(
        err.contains(&format!("bad.toml:{at}: error: font file `fonts/Nice.ttf` not found")),
        "{err}"
    );
}

#[test]
fn unreadable_images_and_fonts_say_which_file_and_why() {
    let svg = design(r#"{ image = "sun.svg", size_mm = 6 },"#, "");
    let err = refused("bad-svg", &svg, &[("sun.svg", b"<svg oops")]);
    assert!(err.contains("image file `sun.svg` cannot be used: it is not a readable SVG"), "{err}");
    let font = design(r#"{ text = "x", font = "Nice.ttf" },"#, "");
    let err = refused("bad-font", &font, &[("Nice.ttf", b"not a font at all")]);
    assert!(err.contains("font file `Nice.ttf` cannot be used: it is not a TrueType"), "{err}");
    // PNG and JPEG files are read too: a broken one says which file and why.
    let png = design(r#"{ image = "photo.png", size_mm = 6 },"#, "");
    let err = refused("png", &png, &[("photo.png", b"\x89PNG\r\n\x1a\n")]);
    assert!(err.contains("image file `photo.png` cannot be used: it is not a readable"), "{err}");
    let jpeg = design(r#"{ image = "photo.jpg", size_mm = 6 },"#, "");
    let err = refused("jpeg", &jpeg, &[("photo.jpg", b"\xff\xd8\xff\xe0 broken")]);
    assert!(err.contains("image file `photo.jpg` cannot be used"), "{err}");
    let gif = design(r#"{ image = "photo.gif", size_mm = 6 },"#, "");
    let err = refused("gif", &gif, &[("photo.gif", b"GIF89a")]);
    assert!(err.contains("give an .svg, .png, .jpg or .jpeg file"), "{err}");
}

#[test]
fn an_image_over_the_size_limit_is_refused() {
    let huge = br##"<svg xmlns="http://www.w3.org/2000/svg" width="25000" height="10"><rect width="9" height="9" fill="#000"/></svg>"##;
    let svg = design(r#"{ image = "wide.svg", size_mm = 6 },"#, "");
    let err = refused("huge", &svg, &[("wide.svg", huge)]);
    assert!(err.contains("over the limit of 20000 a side"), "{err}");
    // A PNG whose header says 30 000 pixels wide is refused before it is decoded.
    let mut png = fs::read(common::root().join("tests/designs/faces/compass.png")).unwrap();
    png[16..20].copy_from_slice(&30_000u32.to_be_bytes());
    let wide = design(r#"{ image = "wide.png", size_mm = 6 },"#, "");
    let err = refused("huge-png", &wide, &[("wide.png", &png)]);
    assert!(err.contains("30000 × 96 pixels; the limit is 20000 a side"), "{err}");
}

#[test]
fn a_field_an_item_lacks_names_the_template_and_the_item() {
    let design = design(r#"{ text = "{power}", size_mm = 4 },"#, "");
    let err = refused("field", &design, &[]);
    let key = place_of(&design, "\"{power}\"");
    let item = place_of(&design, "[[tiles]]\nnumber = 2");
    let (line, column) = item.split_once(':').unwrap();
    assert!(
        err.contains(&format!(
            "bad.toml:{key}: error: tile 2 (line {line}, column {column}) has no field `power`"
        )),
        "{err}"
    );
    assert!(!err.contains("tile 1 "), "tile 1 has the field: {err}");
    assert!(err.contains("number, power") || err.contains("label, number"), "{err}");
}

#[test]
fn an_image_path_from_a_field_is_looked_for_too() {
    let design =
        design(r#"{ image = "{icon}.svg", size_mm = 6 },"#, r#"fields = { icon = "moon" }"#);
    let err = refused("field-image", &design, &[("moon.svg", SUN.as_bytes())]);
    // Tile 1 has no icon; tile 2's moon.svg exists.
    assert!(err.contains("tile 1 (line") && err.contains("no field `icon`"), "{err}");
    assert!(!err.contains("moon"), "{err}");
}

#[test]
fn an_unknown_template_says_did_you_mean() {
    let design = design(r#"{ text = "{number}" },"#, r#"template = "frnt""#);
    let err = refused("template", &design, &[]);
    let at = place_of(&design, "\"frnt\"");
    assert!(err.contains(&format!("bad.toml:{at}: error: unknown face template `frnt`")), "{err}");
    assert!(err.contains("did you mean `front`?"), "{err}");
    let backs = design.replace("[palette]", "[backs]\ntemplate = \"bak\"\n\n[palette]");
    let err = refused("back-template", &backs, &[]);
    assert!(err.contains("unknown face template `bak`"), "{err}");
}

#[test]
fn wrong_layer_keys_are_refused_at_their_place() {
    for (layer, expected, needle) in [
        (
            r#"{ text = "a", at = "edge 7" },"#,
            "no edge 7 on a hexagon: it has 6 corners and edges",
            "\"edge 7\"",
        ),
        (r#"{ text = "a", at = "middle" },"#, "`middle` is not an anchor", "\"middle\""),
        (
            r#"{ text = "a", shape = "circle", size_mm = 3 },"#,
            "must draw exactly one thing",
            "{ text",
        ),
        (r#"{ shape = "cirle", size_mm = 3 },"#, "did you mean `circle`?", "\"cirle\""),
        (r#"{ shape = "circle" },"#, "needs `size_mm` or `box_mm`", "\"circle\""),
        (r#"{ pips = 12, size_mm = 6 },"#, "pips must be a whole number from 0 to 9", "12,"),
        (r#"{ text = "a", colour = "blu" },"#, "unknown colour `blu`", "\"blu\""),
        (r#"{ text = "a", level = "top" },"#, "unknown level `top`", "\"top\""),
        (r#"{ text = "a", box_mm = [3] },"#, "`box_mm` is [3.0]", "[3]"),
        (r#"{ text = "a", colr = "red" },"#, "unknown field `colr`", "colr"),
        (r#"{ text = "a {b" },"#, "without its pair", "\"a {b\""),
        (r#"{ text = "a", turn = "page" },"#, "unknown turn `page`", "\"page\""),
        (r#"{ text = "a", align = "inked" },"#, "unknown alignment `inked`", "\"inked\""),
    ] {
        let design = design(layer, "");
        let err = refused("layer", &design, &[]);
        let at = place_of(&design, needle);
        assert!(err.contains(&format!("bad.toml:{at}: error: ")), "{layer}: {err}");
        assert!(err.contains(expected), "{layer}: {err}");
        assert_eq!(err.matches("error:").count(), 1, "said once, not per tile: {err}");
    }
}

#[test]
fn text_that_does_not_fit_is_a_problem_naming_item_and_layer() {
    let design = design(
        r#"{ text = "{number}", offset_mm = [0, -6], colour = "white" }, { text = "a very long name", box_mm = [10, 3], size_mm = 3, colour = "white" },"#,
        "",
    );
    let dir = folder("misfit", &design, &[]);
    let check = tilepress(&dir, &["check", "bad.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "{out}{err}");
    let all = format!("{out}{err}");
    assert!(all.contains("tiles 1, 2: the text of layer 2 of [faces.front] does not fit"), "{all}");
    assert!(all.contains("add fit = true"), "{all}");
    let strict = tilepress(&dir, &["build", "--strict", "bad.toml", "-o", "out"]);
    assert_eq!(code(&strict), 1);
    assert!(!dir.join("out").exists());
    // Shrunk to fit a box it fits in readably, it passes.
    let fitted = design
        .replace("box_mm = [10, 3], size_mm = 3,", "box_mm = [18, 6], size_mm = 3, fit = true,");
    let dir = folder("fitted", &fitted, &[]);
    assert_eq!(code(&tilepress(&dir, &["check", "bad.toml"])), 0);
}
