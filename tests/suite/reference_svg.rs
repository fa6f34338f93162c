//! Reference tests: the SVG pages of a small design must equal the reviewed files in
//! `tests/reference/`. After an intended change, regenerate them with
//! `TILEPRESS_BLESS=1 cargo test --test reference_svg` and review the diff.

use crate::common;

use common::{code, root, scratch, text, tilepress};
use std::fs;

#[test]
fn mini_hex_pages_match_the_references() {
    pages_match_the_references("mini-hex");
}

/// Every layer kind of `[faces]` on fronts and backs (text in two fonts' scripts, shapes,
/// pips, an SVG image), drawn as outlines.
#[test]
fn mini_faces_pages_match_the_references() {
    pages_match_the_references("mini-faces");
}

/// Builds `tests/designs/<stem>.toml` and compares its first sheet's front and back SVGs with
/// the references.
fn pages_match_the_references(stem: &str) {
    let dir = scratch(&format!("reference-{stem}"));
    let design = root().join(format!("tests/designs/{stem}.toml"));
    let output = tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let bless = std::env::var_os("TILEPRESS_BLESS").is_some();
    for side in ["front", "back"] {
        let name = format!("{stem}-sheet-01-{side}.svg");
        let actual = fs::read_to_string(dir.join("out").join(stem).join(&name)).unwrap();
        let reference = root().join("tests/reference").join(&name);
        if bless {
            fs::write(&reference, &actual).unwrap();
            continue;
        }
        let expected = fs::read_to_string(&reference).unwrap_or_else(|_| {
            panic!("no reference {name}; run with TILEPRESS_BLESS=1 to create it")
        });
        if actual != expected {
            let line = actual.lines().zip(expected.lines()).position(|(a, e)| a != e).unwrap_or(0);
            panic!(
                "{name} differs from its reference at line {}:\n  actual:   {}\n  expected: {}",
                line + 1,
                actual.lines().nth(line).unwrap_or(""),
                expected.lines().nth(line).unwrap_or("")
            );
        }
    }
}

#[test]
fn the_format_documentation_example_is_a_valid_design() {
    let whole = fs::read_to_string(root().join("docs/format.md")).unwrap();
    // The complete example of the tile set, not the data file's (which needs its CSV).
    let doc = &whole[whole.find("### A complete example").expect("the section")..];
    let start = doc.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &doc[start..start + doc[start..].find("```").unwrap()];
    let dir = scratch("doc-example");
    fs::write(dir.join("example.toml"), example).unwrap();
    let output = tilepress(&dir, &["check", "example.toml"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 1, "the example lists 2 of 14 tiles: {out}{err}");
    assert_eq!(out.lines().filter(|l| l.contains("missing tile")).count(), 12, "{out}");
    assert!(out.contains("2 tiles") && out.contains("the rule derives 14"), "{out}");
}

#[test]
fn the_faces_documentation_example_builds_with_every_layer_kind() {
    let doc = fs::read_to_string(root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("## Faces: text, shapes, pips and images").expect("the section")..];
    let start = section.find("```toml\n").expect("an example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    for kind in ["text =", "shape =", "pips =", "image =", "font ="] {
        assert!(example.contains(kind), "the example shows no `{kind}`");
    }
    let dir = scratch("faces-doc-example");
    fs::write(dir.join("example.toml"), example).unwrap();
    for asset in ["assets/keld/lantern.svg", "assets/fonts/DejaVuSerif-Bold.ttf"] {
        fs::create_dir_all(dir.join(asset).parent().unwrap()).unwrap();
        fs::copy(root().join("designs").join(asset), dir.join(asset)).unwrap();
    }
    let check = tilepress(&dir, &["check", "example.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    assert!(dir.join("out/example/example.pdf").exists());
}
