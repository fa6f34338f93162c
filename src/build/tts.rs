//! The digital-table export (`--format tts`): a Tabletop Simulator saved object that lays a
//! design's decks, tiles and counters on the table, and the images it refers to by local
//! file URL.
//!
//! A deck is drawn as Tabletop Simulator's custom deck sheets: a grid of at most 10 × 7
//! faces, each cut at the card's outline (no bleed), within 4096 × 4096 px, the last slot
//! holding the hidden-card image (the back), so a sheet holds 69 cards; one back image, or
//! a sheet of backs when the backs differ. Tiles and counters are custom tiles (square,
//! hexagon or circle), one image per side (`build/faces.rs`'s face pages). Other parts
//! (pieces, nets, boards, maps, tracks) are not served and are named in the report.
//!
//! Sizes: Tabletop Simulator does not state objects in millimetres; the scales assume a
//! scale-1 card 2.5 inches wide and a scale-1 custom tile one inch across (its grid's unit).

use kurbo::{Affine, Rect, Shape as _};
use serde_json::{Value, json};

use super::OutputFile;
use super::faces::{back_page_at, front_page_at, side_images};
use crate::cutout::Cutout;
use crate::render::png::{Paper, page_to_png};
use crate::scene::{Clip, Group, Item, Layer, Page, Role};
use crate::sources::{Part, Summary};

/// Faces across and down one deck sheet, and the pixels it may not exceed.
const SHEET_COLUMNS: usize = 10;
const SHEET_ROWS: usize = 7;
const SHEET_MAX_PX: f64 = 4096.0;
/// Cards on one sheet: every slot but the last, which holds the hidden-card image.
const CARDS_PER_SHEET: usize = SHEET_COLUMNS * SHEET_ROWS - 1;
/// The resolution asked for; a sheet too large for 4096 px is drawn finer than this less.
const DPI: f64 = 300.0;
/// The width of a scale-1 card, and the size of a scale-1 custom tile, in mm.
const CARD_MM: f64 = 63.5;
const TILE_MM: f64 = 25.4;

/// What the export made of a design: its files, and the parts it could not serve.
#[derive(Debug, Default)]
pub struct TtsExport {
    pub files: Vec<OutputFile>,
    pub skipped: Vec<String>,
}

/// The export of `parts` (files named after `stem`), the images referred to as
/// `<url_base><file name>` (the output folder as a `file://` URL).
pub fn tts_export(parts: &[Part], stem: &str, url_base: &str) -> Result<TtsExport, String> {
    let mut export = TtsExport::default();
    let mut objects: Vec<Value> = Vec::new();
    for part in parts {
        let part_stem = format!("{stem}{}", part.suffix);
        let at = objects.len() as f64 * 4.0;
        match &part.summary {
            Summary::Cards { .. } => {
                let (files, deck) = deck(part, &part_stem, url_base, at)?;
                export.files.extend(files);
                objects.push(deck);
            }
            Summary::Tiles | Summary::Counters { .. } => match tile_type(&part.cutouts) {
                Some(kind) => {
                    let (files, tiles) = tiles(part, &part_stem, url_base, kind, at)?;
                    export.files.extend(files);
                    objects.extend(tiles);
                }
                None => export.skipped.push(format!(
                    "{part_stem}: Tabletop Simulator's custom tiles are squares, hexagons and \
                     circles only"
                )),
            },
            _ => export.skipped.push(format!(
                "{part_stem}: Tabletop Simulator has no custom object for {}",
                part.noun.map_or("these".to_string(), |n| format!("{n}s"))
            )),
        }
    }
    let save = json!({
        "SaveName": stem,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "LuaScript": "",
        "ObjectStates": objects,
    });
    let text = serde_json::to_string_pretty(&save).map_err(|e| format!("tts: {e}"))?;
    export.files.push(OutputFile { name: format!("{stem}-tts.json"), bytes: text.into_bytes() });
    Ok(export)
}

/// Tabletop Simulator's custom tile type for cutouts of one outline: 0 a box, 1 a hexagon,
/// 2 a circle; `None` for others (triangles).
fn tile_type(cutouts: &[Cutout]) -> Option<u8> {
    match cutouts.first()?.outline.corners.len() {
        4 => Some(0),
        6 => Some(1),
        0 => Some(2),
        _ => None,
    }
}

/// A position on the table, `x` units along.
fn transform(x: f64, z: f64, scale: f64) -> Value {
    json!({
        "posX": x, "posY": 1.0, "posZ": z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    })
}

/// A deck's sheets, its back and its custom deck object.
fn deck(
    part: &Part,
    stem: &str,
    url_base: &str,
    at: f64,
) -> Result<(Vec<OutputFile>, Value), String> {
    let cutouts = &part.cutouts;
    let trim = cutouts.first().map(|c| c.outline.bounds()).unwrap_or_default();
    let (width, height) = (trim.width(), trim.height());
    let per_inch = |mm: f64| mm / 25.4;
    let dpi = DPI
        .min(SHEET_MAX_PX / per_inch(width * SHEET_COLUMNS as f64))
        .min(SHEET_MAX_PX / per_inch(height * SHEET_ROWS as f64))
        .floor();
    let same_backs = cutouts.windows(2).all(|pair| pair[0].back == pair[1].back);
    let back_face = |cutout: &Cutout| back_page_at(cutout, cutout.outline.bounds());
    let mut files = Vec::new();
    let mut custom = serde_json::Map::new();
    let mut ids = Vec::new();
    let mut cards = Vec::new();
    let common_back = match (same_backs, cutouts.first().and_then(back_face)) {
        (true, Some(page)) => {
            let name = format!("{stem}-tts-back.png");
            files.push(OutputFile { name: name.clone(), bytes: png(&page, dpi)? });
            Some((name, page))
        }
        _ => None,
    };
    for (sheet, chunk) in cutouts.chunks(CARDS_PER_SHEET).enumerate() {
        let key = sheet + 1;
        let mut faces: Vec<Page> =
            chunk.iter().map(|c| front_page_at(c, c.outline.bounds())).collect();
        // The hidden-card slot, last on the sheet: the common back, or nothing.
        let hidden = common_back.as_ref().map(|(_, page)| page.clone());
        let face_sheet = grid_page(&faces, hidden.as_ref(), width, height);
        let face_name = format!("{stem}-tts-deck-{key}.png");
        files.push(OutputFile { name: face_name.clone(), bytes: png(&face_sheet, dpi)? });
        let back_name = match &common_back {
            Some((name, _)) => name.clone(),
            None => {
                faces = chunk.iter().filter_map(back_face).collect();
                let name = format!("{stem}-tts-backs-{key}.png");
                let backs = grid_page(&faces, None, width, height);
                files.push(OutputFile { name: name.clone(), bytes: png(&backs, dpi)? });
                name
            }
        };
        let entry = json!({
            "FaceURL": format!("{url_base}{face_name}"),
            "BackURL": format!("{url_base}{back_name}"),
            "NumWidth": SHEET_COLUMNS,
            "NumHeight": SHEET_ROWS,
            "BackIsHidden": true,
            "UniqueBack": common_back.is_none(),
            "Type": 0,
        });
        for (slot, cutout) in chunk.iter().enumerate() {
            let id = key * 100 + slot;
            ids.push(id);
            cards.push(json!({
                "Name": "Card",
                "Nickname": cutout.label,
                "CardID": id,
                "Transform": transform(at, 0.0, width / CARD_MM),
                "CustomDeck": { key.to_string(): entry.clone() },
            }));
        }
        custom.insert(key.to_string(), entry);
    }
    let object = json!({
        "Name": "DeckCustom",
        "Nickname": stem,
        "Transform": transform(at, 0.0, width / CARD_MM),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": cards,
    });
    Ok((files, object))
}

/// One custom tile per tile or counter, with its face images.
fn tiles(
    part: &Part,
    stem: &str,
    url_base: &str,
    kind: u8,
    at: f64,
) -> Result<(Vec<OutputFile>, Vec<Value>), String> {
    let mut files = Vec::new();
    let mut objects = Vec::new();
    for (number, cutout) in part.cutouts.iter().enumerate() {
        let trim = cutout.outline.bounds();
        let named = format!("{stem}-tts-{:03}", number + 1);
        let (mut front, mut back) = (String::new(), String::new());
        for (side, file) in side_images(cutout, trim, &named, DPI)? {
            let url = format!("{url_base}{}", file.name);
            if side == "front" {
                front = url
            } else {
                back = url
            }
            files.push(file);
        }
        let (x, z) = ((number % 10) as f64 * 1.2, (number / 10) as f64 * 1.2);
        objects.push(json!({
            "Name": "Custom_Tile",
            "Nickname": cutout.label,
            "Transform": transform(at + x, z, trim.width().max(trim.height()) / TILE_MM),
            "CustomImage": {
                "ImageURL": front,
                "ImageSecondaryURL": back,
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": { "Type": kind, "Thickness": 0.2, "Stackable": false, "Stretch": true },
            },
        }));
    }
    Ok((files, objects))
}

/// Faces `width × height` mm side by side in a 10 × 7 grid, `hidden` in the last slot.
fn grid_page(faces: &[Page], hidden: Option<&Page>, width: f64, height: f64) -> Page {
    let slot = |index: usize| {
        let (column, row) = (index % SHEET_COLUMNS, index / SHEET_COLUMNS);
        Affine::translate((column as f64 * width, row as f64 * height))
    };
    let mut items: Vec<Item> = Vec::new();
    let placed = faces.iter().enumerate().chain(hidden.map(|h| (CARDS_PER_SHEET, h)));
    for (index, face) in placed {
        let art = face.layers.iter().flat_map(|l| l.items.iter().cloned()).collect();
        // Cut at the slot's edges, so that no bleed reaches a neighbour.
        let cell = Rect::new(0.0, 0.0, width, height).to_path(1e-6);
        let clipped = Item::Clip(Clip { path: cell, items: art });
        items.push(Item::Group(Group { transform: slot(index), items: vec![clipped] }));
    }
    let sheet = Rect::new(0.0, 0.0, width * SHEET_COLUMNS as f64, height * SHEET_ROWS as f64);
    Page {
        label: "tts".into(),
        width_mm: sheet.width(),
        height_mm: sheet.height(),
        layers: vec![Layer { role: Role::Art, items }],
    }
}

fn png(page: &Page, dpi: f64) -> Result<Vec<u8>, String> {
    page_to_png(page, dpi, Paper::White)
}
