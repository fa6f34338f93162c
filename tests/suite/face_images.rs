//! `--format faces`: one PNG per front and back of every item, as large as the item and its
//! bleed at the asked resolution (a poker card with 1/8 inch bleed at 300 dpi is 825 × 1125
//! px), each showing its own item, and an index naming them.

use crate::common;

use std::fs;

use common::{code, scratch, text, tilepress};

use common::png_file::decoded;

fn pixel(image: &(u32, u32, Vec<u8>), x: u32, y: u32) -> [u8; 3] {
    let i = ((y * image.0 + x) * 4) as usize;
    [image.2[i], image.2[i + 1], image.2[i + 2]]
}

const DECK: &str = r##"[set]
name = "Faces"

[palette]
red = "#c0392b"
blue = "#1d4e89"
night = "#202020"

[faces.front-red]
layers = [{ shape = "rectangle", box_mm = [40, 60], fill = "red" }]

[faces.front-blue]
layers = [{ shape = "rectangle", box_mm = [40, 60], fill = "blue" }]

[faces.back]
layers = [{ shape = "rectangle", box_mm = [40, 60], fill = "night" }]

[[decks]]
name = "cards"
size_mm = [63.5, 88.9]
bleed_mm = 3.175
front = "front-{colour}"
back = "back"

[[decks.cards]]
fields = { colour = "red" }

[[decks.cards]]
fields = { colour = "blue" }
count = 2
"##;

#[test]
fn every_face_is_an_image_of_its_item_with_its_bleed_at_the_asked_resolution() {
    let dir = scratch("face-images");
    fs::write(dir.join("d.toml"), DECK).unwrap();
    let output = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "faces"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let folder = dir.join("out/d");
    let mut names: Vec<String> = fs::read_dir(&folder)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    names.retain(|n| !n.starts_with('.'));
    names.sort();
    let expected: Vec<String> = (1..=3)
        .flat_map(|n| ["back", "front"].map(|side| format!("d-cards-face-{n:03}-{side}.png")))
        .chain(["d-cards-faces.csv".to_string()])
        .collect();
    assert_eq!(
        names, expected,
        "three cards (one row printed twice), front and back, and the index"
    );
    let index = fs::read_to_string(folder.join("d-cards-faces.csv")).unwrap();
    assert_eq!(index.lines().count(), 7, "{index}");
    assert!(index.contains("d-cards-face-002-front.png,"), "{index}");
    for (n, colour) in [(1, [0xc0, 0x39, 0x2b]), (2, [0x1d, 0x4e, 0x89]), (3, [0x1d, 0x4e, 0x89])] {
        let front = decoded(&folder.join(format!("d-cards-face-{n:03}-front.png")));
        assert_eq!((front.0, front.1), (825, 1125), "63.5 + 2 × 3.175 mm at 300 dpi");
        assert_eq!(pixel(&front, 412, 562), colour, "card {n}'s own colour at its centre");
        assert_eq!(pixel(&front, 2, 2), [255, 255, 255], "the white deck background in the bleed");
        let back = decoded(&folder.join(format!("d-cards-face-{n:03}-back.png")));
        assert_eq!((back.0, back.1), (825, 1125));
        assert_eq!(pixel(&back, 412, 562), [0x20, 0x20, 0x20], "the back");
    }
    // Another resolution, and one the renderer refuses.
    let output =
        tilepress(&dir, &["build", "d.toml", "-o", "low", "--format", "faces", "--dpi", "100"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert_eq!(
        decoded(&dir.join("low/d/d-cards-face-001-front.png")).0,
        275,
        "69.85 mm at 100 dpi"
    );
    let output =
        tilepress(&dir, &["build", "d.toml", "-o", "high", "--format", "faces", "--dpi", "5000"]);
    assert_eq!(code(&output), 2, "{}", text(&output).1);
    assert!(text(&output).1.contains("--dpi: 5000 is not from 10 to 1200"), "{}", text(&output).1);
    assert!(!dir.join("high").exists(), "nothing written");
}

#[test]
fn tiles_have_face_images_and_boards_none() {
    let dir = scratch("face-images-tiles");
    let root = common::root();
    for design in ["tantrix", "tranglar"] {
        let path = root.join(format!("designs/{design}.toml"));
        let output = tilepress(
            &dir,
            &["build", path.to_str().unwrap(), "-o", "out", "--format", "faces", "--dpi", "50"],
        );
        assert_eq!(code(&output), 0, "{}", text(&output).1);
    }
    let tantrix: Vec<String> = fs::read_dir(dir.join("out/tantrix"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    assert_eq!(tantrix.iter().filter(|n| n.ends_with("-front.png")).count(), 56, "{tantrix:?}");
    assert_eq!(tantrix.iter().filter(|n| n.ends_with("-back.png")).count(), 56, "{tantrix:?}");
    let tranglar: Vec<String> = fs::read_dir(dir.join("out/tranglar"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    assert_eq!(
        tranglar
            .iter()
            .filter(|n| n.starts_with("tranglar-pieces-face-") && n.ends_with("-front.png"))
            .count(),
        42,
        "{tranglar:?}"
    );
    assert!(
        !tranglar.iter().any(|n| n.starts_with("tranglar-board-face")),
        "the board prints over whole sheets: {tranglar:?}"
    );
}
