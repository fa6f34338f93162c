//! `--format tts`: the Tabletop Simulator saved object and its images. Saltmarsh's 54 cards
//! are one custom deck of a 10 × 7 sheet within 4096 px, each card in its own cell (pixel
//! for pixel its face image), the back in the hidden-card slot; its counters and Tantrix's 56
//! hexagons are custom tiles with both sides; pieces, boards, maps and tracks are named as
//! skipped.

use crate::common;

use std::fs;
use std::path::Path;

use common::png_image::{Image, decoded};
use common::{code, root, scratch, text, tilepress};
use serde_json::Value;

fn at(image: &Image, x: f64, y: f64) -> [u8; 3] {
    image.at(x as u32, y as u32)
}

/// How many of two lists of sampled colours agree (each channel within 40).
fn agreeing(a: &[[u8; 3]], b: &[[u8; 3]]) -> usize {
    let close = |p: &[u8; 3], q: &[u8; 3]| p.iter().zip(q).all(|(x, y)| x.abs_diff(*y) <= 40);
    a.iter().zip(b).filter(|(p, q)| close(p, q)).count()
}

fn build(dir: &Path, design: &str, formats: &str, dpi: Option<&str>) -> String {
    let path = root().join(format!("designs/{design}.toml"));
    let mut args = vec!["build", path.to_str().unwrap(), "-o", "out", "--format", formats];
    if let Some(dpi) = dpi {
        args.extend(["--dpi", dpi]);
    }
    let output = tilepress(dir, &args);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    out
}

fn save(dir: &Path, design: &str) -> Value {
    let json = fs::read_to_string(dir.join(format!("out/{design}/{design}-tts.json"))).unwrap();
    serde_json::from_str(&json).expect("the saved object is JSON")
}

/// The local file an image URL names.
fn file_of(url: &str) -> std::path::PathBuf {
    url.strip_prefix("file://").expect("a file URL").replace("%20", " ").into()
}

#[test]
fn a_deck_is_one_custom_deck_whose_sheet_holds_each_card_in_its_cell() {
    let dir = scratch("tts-deck");
    let out = build(&dir, "saltmarsh", "tts", None);
    assert!(
        out.contains("tts: skipped saltmarsh-score")
            && out.contains("tts: skipped saltmarsh-marsh"),
        "{out}"
    );
    let save = save(&dir, "saltmarsh");
    let objects = save["ObjectStates"].as_array().unwrap();
    let deck = objects.iter().find(|o| o["Name"] == "DeckCustom").expect("a deck");
    let ids: Vec<u64> =
        deck["DeckIDs"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(ids, (100..154).collect::<Vec<u64>>(), "54 cards, as check counts them");
    assert_eq!(deck["ContainedObjects"].as_array().unwrap().len(), 54);
    let sheet = &deck["CustomDeck"]["1"];
    assert_eq!((sheet["NumWidth"].as_u64(), sheet["NumHeight"].as_u64()), (Some(10), Some(7)));
    let faces = decoded(&file_of(sheet["FaceURL"].as_str().unwrap()));
    assert!(faces.width <= 4096 && faces.height <= 4096, "{} × {}", faces.width, faces.height);
    // 10 × 63 mm across and 7 × 88 mm down at one resolution.
    let dpi = f64::from(faces.width) / (630.0 / 25.4);
    assert!(
        (f64::from(faces.height) - 616.0 / 25.4 * dpi).abs() <= 1.0,
        "{} × {}",
        faces.width,
        faces.height
    );
    // Each card lands in its cell: the sheet's cell and the card's own face image, drawn at
    // the sheet's resolution, agree at 25 points inside the card.
    let dpi_text = format!("{}", (dpi * 1000.0).round() / 1000.0);
    let own = scratch("tts-deck-faces");
    build(&own, "saltmarsh", "faces", Some(&dpi_text));
    let (cell_w, cell_h) = (f64::from(faces.width) / 10.0, f64::from(faces.height) / 7.0);
    let sample = |image: &Image, x0: f64, y0: f64, w: f64, h: f64| {
        (1..=5)
            .flat_map(move |i| (1..=5).map(move |j| (i, j)))
            .map(|(i, j)| at(image, x0 + w * f64::from(i) / 6.0, y0 + h * f64::from(j) / 6.0))
            .collect::<Vec<_>>()
    };
    let back = decoded(&file_of(sheet["BackURL"].as_str().unwrap()));
    for card in [0usize, 13, 27, 52, 53] {
        let face = decoded(
            &own.join(format!("out/saltmarsh/saltmarsh-cards-face-{:03}-front.png", card + 1)),
        );
        let (x0, y0) = ((card % 10) as f64 * cell_w, (card / 10) as f64 * cell_h);
        let in_sheet = sample(&faces, x0, y0, cell_w, cell_h);
        let alone = sample(&face, 0.0, 0.0, f64::from(face.width), f64::from(face.height));
        let alike = agreeing(&in_sheet, &alone);
        assert!(alike >= 23, "card {card}: {alike} of 25 points agree");
    }
    // The hidden-card slot, last on the sheet, shows the back.
    let hidden = sample(&faces, 9.0 * cell_w, 6.0 * cell_h, cell_w, cell_h);
    let alone = sample(&back, 0.0, 0.0, f64::from(back.width), f64::from(back.height));
    let alike = agreeing(&hidden, &alone);
    assert!(alike >= 23, "hidden slot: {alike} of 25 points agree with the back");
    // The counters: custom circle tiles with a front and a back each.
    let counters: Vec<&Value> = objects.iter().filter(|o| o["Name"] == "Custom_Tile").collect();
    assert_eq!(counters.len(), 40);
    for counter in counters {
        let image = &counter["CustomImage"];
        assert_eq!(image["CustomTile"]["Type"], 2, "a circle");
        for side in ["ImageURL", "ImageSecondaryURL"] {
            assert!(file_of(image[side].as_str().unwrap()).is_file(), "{side}");
        }
    }
}

#[test]
fn tiles_are_custom_hexagons_and_pieces_are_skipped_by_name() {
    let dir = scratch("tts-tiles");
    build(&dir, "tantrix", "tts", None);
    let save = save(&dir, "tantrix");
    let tiles = save["ObjectStates"].as_array().unwrap();
    assert_eq!(tiles.len(), 56);
    assert!(
        tiles
            .iter()
            .all(|t| t["Name"] == "Custom_Tile" && t["CustomImage"]["CustomTile"]["Type"] == 1)
    );
    let front = decoded(&file_of(tiles[0]["CustomImage"]["ImageURL"].as_str().unwrap()));
    assert!(
        front.width > front.height,
        "a hexagon with a flat top is wider than tall: {} × {}",
        front.width,
        front.height
    );
    let out = build(&dir, "tranglar", "tts", None);
    assert!(
        out.contains(
            "tts: skipped tranglar-pieces: Tabletop Simulator has no custom object for pieces"
        ),
        "{out}"
    );
}
