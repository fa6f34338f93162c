//! Rulebook diagrams draw tiles with the same faces as the sheets: the template's layers
//! (glow, number, icon, pips) appear on a diagram of Lanterns of Keld.

use crate::common;

use std::fs;
use std::path::Path;

use common::{code, root, scratch, text, tilepress};

fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target)
        } else {
            fs::copy(&path, &target).map(|_| ()).unwrap()
        }
    }
}

#[test]
fn a_diagram_draws_the_tiles_faces() {
    let dir = scratch("face-diagram");
    copy_folder(&root().join("designs"), &dir.join("designs"));
    fs::create_dir_all(dir.join("diagrams")).unwrap();
    let diagram = "[diagram]\ndesign = \"../designs/lanterns-of-keld.toml\"\ncaption = \"Tile 3\"\nlegal = true\n\n\
                   [[place]]\ntile = 3\nat = [0, 0]\nturn = 0\n";
    fs::write(dir.join("diagrams/keld.toml"), diagram).unwrap();
    let output = tilepress(&dir, &["diagram", "diagrams/keld.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    let svg = fs::read_to_string(dir.join("out/keld.svg")).unwrap();
    // Tile 3 shows the lantern (its flame colour) on the glow of the front template.
    assert!(svg.contains("#e4572e"), "no lantern on the diagram");
    assert!(svg.contains("#ffd166"), "no glow on the diagram");
}
