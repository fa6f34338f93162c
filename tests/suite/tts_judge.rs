//! A judge of the Tabletop Simulator saves, from Tabletop Simulator's own units (restated
//! here, not read from the code: a unit is an inch, a custom tile spans 2 units across at
//! scale 1, a card at scale 1 is 3.5 units tall and as wide as its cell's proportions say):
//! Saltmarsh's and Tantrix's saves and a design of two decks are laid out at their printed
//! sizes, no two footprints overlapping, each sheet with a deck id of its own, every object
//! named from the design's data, decks face down.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use common::{code, root, scratch, text, tilepress};
use serde_json::Value;

const UNIT_MM: f64 = 25.4;
const TILE_UNITS: f64 = 2.0;
const CARD_UNITS_TALL: f64 = 3.5;
/// The resolution the export draws tile images at.
const TILE_DPI: f64 = 300.0;

/// An object on the table: its name, where it lies (x, y, z), its footprint in units
/// (width along x, depth along z) and the image that tells copies apart.
#[derive(Debug)]
struct OnTable {
    name: String,
    at: (f64, f64, f64),
    footprint: (f64, f64),
    image: String,
}

fn build_save(dir: &Path, design: &Path) -> Value {
    let output =
        tilepress(dir, &["build", design.to_str().unwrap(), "-o", "out", "--format", "tts"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    let stem = design.file_stem().unwrap().to_str().unwrap();
    let json = fs::read_to_string(dir.join(format!("out/{stem}/{stem}-tts.json"))).unwrap();
    serde_json::from_str(&json).expect("the saved object is JSON")
}

fn file_of(url: &str) -> PathBuf {
    url.strip_prefix("file://").expect("a file URL").replace("%20", " ").into()
}

fn png_size(path: &Path) -> (f64, f64) {
    let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(path).unwrap()));
    let info = decoder.read_info().unwrap().info().clone();
    (f64::from(info.width), f64::from(info.height))
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

/// Every object of the save with its footprint from the stated units.
fn on_table(save: &Value) -> Vec<OnTable> {
    let mut objects = Vec::new();
    for object in save["ObjectStates"].as_array().unwrap() {
        let transform = &object["Transform"];
        let (scale_x, scale_z) = (number(&transform["scaleX"]), number(&transform["scaleZ"]));
        assert_eq!(scale_x, scale_z, "kept in proportion");
        let at =
            (number(&transform["posX"]), number(&transform["posY"]), number(&transform["posZ"]));
        let (footprint, image) = match object["Name"].as_str().unwrap() {
            "DeckCustom" => {
                let sheet = object["CustomDeck"].as_object().unwrap().values().next().unwrap();
                let (w, h) = png_size(&file_of(sheet["FaceURL"].as_str().unwrap()));
                let cell_aspect =
                    (w / number(&sheet["NumWidth"])) / (h / number(&sheet["NumHeight"]));
                let depth = CARD_UNITS_TALL * scale_z;
                ((depth * cell_aspect, depth), sheet["FaceURL"].to_string())
            }
            "Custom_Tile" => {
                let url = object["CustomImage"]["ImageURL"].as_str().unwrap();
                let (w, h) = png_size(&file_of(url));
                let across = TILE_UNITS * scale_x;
                let footprint =
                    if w >= h { (across, across * h / w) } else { (across * w / h, across) };
                (footprint, url.to_string())
            }
            other => panic!("an object the export does not make: {other}"),
        };
        let name = object["Nickname"].as_str().unwrap().to_string();
        objects.push(OnTable { name, at, footprint, image });
    }
    objects
}

/// No two footprints overlap, but for copies stacked at one place (one image, one above
/// the other); the number of places.
fn assert_apart(objects: &[OnTable]) -> usize {
    let mut places = 0;
    for (i, a) in objects.iter().enumerate() {
        let stacked_on = objects[..i].iter().any(|b| (a.at.0, a.at.2) == (b.at.0, b.at.2));
        if !stacked_on {
            places += 1;
        }
        for b in &objects[i + 1..] {
            if (a.at.0, a.at.2) == (b.at.0, b.at.2) {
                assert_eq!((&a.image, &a.name), (&b.image, &b.name), "a stack holds copies");
                assert!(b.at.1 > a.at.1, "{} lies above {}", b.name, a.name);
                continue;
            }
            let apart_x = (a.at.0 - b.at.0).abs() >= (a.footprint.0 + b.footprint.0) / 2.0;
            let apart_z = (a.at.2 - b.at.2).abs() >= (a.footprint.1 + b.footprint.1) / 2.0;
            assert!(apart_x || apart_z, "{a:?} overlaps {b:?}");
        }
    }
    places
}

/// Decks and the cards in them lie face down (turned half over about the z axis).
fn assert_face_down(save: &Value) {
    for object in save["ObjectStates"].as_array().unwrap() {
        if object["Name"] == "DeckCustom" {
            assert_eq!(number(&object["Transform"]["rotZ"]), 180.0);
            for card in object["ContainedObjects"].as_array().unwrap() {
                assert_eq!(number(&card["Transform"]["rotZ"]), 180.0, "{}", card["Nickname"]);
            }
        }
    }
}

fn mm(units: f64) -> f64 {
    units * UNIT_MM
}

#[test]
fn saltmarsh_lies_at_its_printed_size_apart_face_down_and_named_from_its_data() {
    let dir = scratch("tts-judge-saltmarsh");
    let save = build_save(&dir, &root().join("designs/saltmarsh.toml"));
    let objects = on_table(&save);
    // One deck, four stacks of ten punts.
    assert_eq!(assert_apart(&objects), 5);
    assert_face_down(&save);
    let deck = &objects[0];
    assert!((mm(deck.footprint.0) - 63.0).abs() < 0.3, "{:?}", deck.footprint);
    assert!((mm(deck.footprint.1) - 88.0).abs() < 1e-6, "{:?}", deck.footprint);
    for punt in &objects[1..] {
        // 20 mm across, within a pixel of the 300 dpi image.
        assert!((mm(punt.footprint.0) - 20.0).abs() < UNIT_MM / TILE_DPI, "{punt:?}");
        // On paper a counter is 20 / 63 of a card's width: so it is on the table.
        assert!((punt.footprint.0 / deck.footprint.0 - 20.0 / 63.0).abs() < 0.01);
    }
    // The cards are named by the deck's rule `{rank} of {good}` from cards.csv's rows.
    let csv = fs::read_to_string(root().join("designs/assets/saltmarsh/cards.csv")).unwrap();
    let mut expected = Vec::new();
    for row in csv.lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        let count: usize = cells[3].parse().unwrap();
        expected.extend(std::iter::repeat_n(format!("{} of {}", cells[1], cells[0]), count));
    }
    let deck_object = &save["ObjectStates"][0];
    assert_eq!(deck_object["Nickname"], "cards");
    let names: Vec<&str> = (deck_object["ContainedObjects"].as_array().unwrap().iter())
        .map(|card| card["Nickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, expected);
    assert!(names.contains(&"13 of rum") && names.contains(&"0 of storm"), "{names:?}");
    // The punts by the counters' rule `{player} punt`, ten to a stack, the count said.
    let punts: BTreeSet<&str> = objects[1..].iter().map(|o| o.name.as_str()).collect();
    assert_eq!(punts, BTreeSet::from(["blue punt", "brown punt", "green punt", "red punt"]));
    for tile in &save["ObjectStates"].as_array().unwrap()[1..] {
        assert_eq!(tile["Description"], "10 in this stack");
    }
}

#[test]
fn tantrix_hexagons_are_twenty_four_mm_a_side_apart_and_numbered() {
    let dir = scratch("tts-judge-tantrix");
    let save = build_save(&dir, &root().join("designs/tantrix.toml"));
    let objects = on_table(&save);
    assert_eq!(assert_apart(&objects), 56);
    for tile in &objects {
        // 24 mm edges: 48 mm from corner to corner, 41.6 mm from flat to flat.
        assert!((mm(tile.footprint.0) - 48.0).abs() < 2.0 * UNIT_MM / TILE_DPI, "{tile:?}");
        assert!((mm(tile.footprint.1) - 24.0 * 3f64.sqrt()).abs() < 0.3, "{tile:?}");
    }
    let names: BTreeSet<String> = objects.iter().map(|o| o.name.clone()).collect();
    let numbered: BTreeSet<String> = (1..=56).map(|n| format!("tile {n}")).collect();
    assert_eq!(names, numbered);
}

#[test]
fn two_decks_have_sheets_of_their_own_and_cards_named_by_their_name_field() {
    let dir = scratch("tts-judge-decks");
    let design = "[set]\nname = \"Two decks\"\n\n[palette]\nink = \"#000000\"\n\n\
        [faces.front]\nlayers = [{ text = \"{name}\", size_mm = 4, colour = \"ink\" }]\n\n\
        [[decks]]\nname = \"heroes\"\nsize_mm = [63.5, 88.9]\nfront = \"front\"\ndata = \"heroes.csv\"\n\n\
        [[decks]]\nname = \"villains\"\nsize_mm = [63.5, 88.9]\nfront = \"front\"\ndata = \"villains.csv\"\n";
    fs::write(dir.join("two.toml"), design).unwrap();
    fs::write(dir.join("heroes.csv"), "name\nAnna\nBoris\nCleo\n").unwrap();
    fs::write(dir.join("villains.csv"), "name\nDrax\nEmber\n").unwrap();
    let save = build_save(&dir, &dir.join("two.toml"));
    let objects = on_table(&save);
    assert_eq!(assert_apart(&objects), 2);
    assert_face_down(&save);
    let mut seen_ids = BTreeSet::new();
    let mut faces = BTreeSet::new();
    let mut names = Vec::new();
    for deck in save["ObjectStates"].as_array().unwrap() {
        // A standard card is scale 1.
        assert!((number(&deck["Transform"]["scaleX"]) - 1.0).abs() < 1e-9);
        let sheets = deck["CustomDeck"].as_object().unwrap();
        for (key, sheet) in sheets {
            assert!(seen_ids.insert(key.clone()), "deck id {key} used twice");
            assert!(faces.insert(sheet["FaceURL"].to_string()), "one image, two ids");
        }
        let ids: Vec<u64> =
            deck["DeckIDs"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        for (card, id) in deck["ContainedObjects"].as_array().unwrap().iter().zip(&ids) {
            assert_eq!(card["CardID"].as_u64(), Some(*id));
            let key = (id / 100).to_string();
            let own: Vec<&String> = card["CustomDeck"].as_object().unwrap().keys().collect();
            assert_eq!(own, vec![&key], "card {id} refers to its own sheet");
            assert!(sheets.contains_key(&key));
            names.push(card["Nickname"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(seen_ids, BTreeSet::from(["1".to_string(), "2".to_string()]));
    assert_eq!(names, ["Anna", "Boris", "Cleo", "Drax", "Ember"]);
}

#[test]
fn a_design_tabletop_simulator_cannot_show_gets_no_save_and_says_so() {
    let dir = scratch("tts-judge-none");
    let path = root().join("designs/tranglar.toml");
    let output =
        tilepress(&dir, &["build", path.to_str().unwrap(), "-o", "out", "--format", "tts"]);
    let (out, err) = text(&output);
    assert_eq!(code(&output), 0, "{out}{err}");
    assert!(
        out.contains(
            "tts: no saved object written: Tabletop Simulator has nothing of tranglar to show"
        ),
        "{out}"
    );
    assert!(!dir.join("out/tranglar/tranglar-tts.json").exists());
}
