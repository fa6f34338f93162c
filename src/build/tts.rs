//! The digital-table export (`--format tts`): a Tabletop Simulator saved object that lays a
//! design's decks, tiles and counters on the table at their printed size, and the images it
//! refers to by URL.
//!
//! A deck is drawn as Tabletop Simulator's custom deck sheets: a grid of at most 10 × 7
//! faces, each cut at the card's outline (no bleed), within 4096 × 4096 px, the last slot
//! holding the hidden-card image (the back), so a sheet holds 69 cards; one back image, or
//! a sheet of backs when the backs differ. Every sheet of the save has an id of its own
//! (`CustomDeck`), its cards `id × 100 + slot`; decks lie face down. Tiles and counters are
//! custom tiles (square, hexagon or circle), one image per side (`build/faces.rs`'s face
//! pages); copies of one item lie in one stack. Every object is named as the design names
//! it (`sources::item_names`) and placed by `tts_layout` at the size `tts_units` gives.
//! Other parts (pieces, nets, boards, maps, tracks) are not served and are named in the
//! report.

use kurbo::{Affine, Rect, Shape as _};
use serde_json::{Value, json};

use super::OutputFile;
use super::faces::{back_page_at, front_page_at, side_images};
use super::tts_layout::{Footprint, lay_out};
use super::tts_units::{card_scale, tile_scale, units};
use crate::cutout::Cutout;
use crate::model::design::Design;
use crate::render::png::{Paper, page_to_png};
use crate::scene::{Clip, Group, Item, Layer, Page, Role};
use crate::sources::item_names::{deck_name, item_names};
use crate::sources::{Part, Summary};

/// Faces across and down one deck sheet, and the pixels it may not exceed.
const SHEET_COLUMNS: usize = 10;
const SHEET_ROWS: usize = 7;
const SHEET_MAX_PX: f64 = 4096.0;
/// Cards on one sheet: every slot but the last, which holds the hidden-card image.
const CARDS_PER_SHEET: usize = SHEET_COLUMNS * SHEET_ROWS - 1;
/// The resolution asked for; a sheet too large for 4096 px is drawn finer than this less.
const DPI: f64 = 300.0;
/// A custom tile's thickness, in units, and how high the table's surface is.
const TILE_THICKNESS: f64 = 0.2;
const TABLE_Y: f64 = 1.0;

/// What the export made of a design: its files, and what it has to say (the parts it could
/// not serve; that it wrote nothing).
#[derive(Debug, Default)]
pub struct TtsExport {
    pub files: Vec<OutputFile>,
    pub notes: Vec<String>,
}

/// One thing on the table: its footprint and the saved objects that lie there, one above
/// the other (one, or a stack of copies).
struct Placed {
    footprint: Footprint,
    objects: Vec<Value>,
}

/// The export of `design`'s `parts` (files named after `stem`), the images referred to as
/// `<url_base><file name>` (the output folder as a `file://` URL). A design with nothing
/// Tabletop Simulator can show gets no saved object, and a note saying so.
pub fn tts_export(
    design: &Design,
    parts: &[Part],
    stem: &str,
    url_base: &str,
) -> Result<TtsExport, String> {
    let mut export = TtsExport::default();
    let mut placed_parts: Vec<Vec<Placed>> = Vec::new();
    let mut next_deck_id = 1;
    for part in parts {
        let part_stem = format!("{stem}{}", part.suffix);
        let names = item_names(design, part);
        let made = match &part.summary {
            Summary::Cards { .. } => {
                let deck = deck(
                    (part, deck_name(design, part)),
                    &names,
                    &part_stem,
                    url_base,
                    &mut next_deck_id,
                )?;
                Some(deck)
            }
            Summary::Tiles | Summary::Counters { .. } => match tile_type(&part.cutouts) {
                Some(kind) => Some(tiles(part, &names, &part_stem, url_base, kind)?),
                None => {
                    export.notes.push(format!(
                        "tts: skipped {part_stem}: Tabletop Simulator's custom tiles are \
                         squares, hexagons and circles only"
                    ));
                    None
                }
            },
            _ => {
                export.notes.push(format!(
                    "tts: skipped {part_stem}: Tabletop Simulator has no custom object for {}",
                    part.noun.map_or("these".to_string(), |n| format!("{n}s"))
                ));
                None
            }
        };
        if let Some((files, placed)) = made {
            export.files.extend(files);
            placed_parts.push(placed);
        }
    }
    if placed_parts.is_empty() {
        export.files.clear();
        export.notes.push(format!(
            "tts: no saved object written: Tabletop Simulator has nothing of {stem} to show"
        ));
        return Ok(export);
    }
    let footprints: Vec<Vec<Footprint>> =
        placed_parts.iter().map(|part| part.iter().map(|p| p.footprint).collect()).collect();
    let mut objects = Vec::new();
    for (part, centres) in placed_parts.into_iter().zip(lay_out(&footprints)) {
        for (placed, (x, z)) in part.into_iter().zip(centres) {
            for (level, mut object) in placed.objects.into_iter().enumerate() {
                let transform = &mut object["Transform"];
                transform["posX"] = json!(x);
                transform["posZ"] = json!(z);
                transform["posY"] = json!(TABLE_Y + level as f64 * TILE_THICKNESS);
                objects.push(object);
            }
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

/// A transform at `scale`, face down when `face_down` (turned about the z axis); its
/// position is set when the table is laid out.
fn transform(scale: f64, face_down: bool) -> Value {
    json!({
        "posX": 0.0, "posY": TABLE_Y, "posZ": 0.0,
        "rotX": 0.0, "rotY": 180.0, "rotZ": if face_down { 180.0 } else { 0.0 },
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    })
}

/// A deck's sheets, its back and its custom deck object, its sheets numbered from
/// `next_deck_id` on (which it moves past them).
fn deck(
    (part, deck_name): (&Part, Option<&str>),
    names: &[String],
    stem: &str,
    url_base: &str,
    next_deck_id: &mut usize,
) -> Result<(Vec<OutputFile>, Vec<Placed>), String> {
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
    let scale = card_scale(height);
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
        let key = *next_deck_id;
        *next_deck_id += 1;
        let mut faces: Vec<Page> =
            chunk.iter().map(|c| front_page_at(c, c.outline.bounds())).collect();
        // The hidden-card slot, last on the sheet: the common back, or nothing.
        let hidden = common_back.as_ref().map(|(_, page)| page.clone());
        let face_sheet = grid_page(&faces, hidden.as_ref(), width, height);
        let face_name = format!("{stem}-tts-deck-{}.png", sheet + 1);
        files.push(OutputFile { name: face_name.clone(), bytes: png(&face_sheet, dpi)? });
        let back_name = match &common_back {
            Some((name, _)) => name.clone(),
            None => {
                faces = chunk.iter().filter_map(back_face).collect();
                let name = format!("{stem}-tts-backs-{}.png", sheet + 1);
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
        let first = sheet * CARDS_PER_SHEET;
        for (slot, name) in names[first..first + chunk.len()].iter().enumerate() {
            let id = key * 100 + slot;
            ids.push(id);
            cards.push(json!({
                "Name": "Card",
                "Nickname": name,
                "CardID": id,
                "Transform": transform(scale, true),
                "CustomDeck": { key.to_string(): entry.clone() },
            }));
        }
        custom.insert(key.to_string(), entry);
    }
    let object = json!({
        "Name": "DeckCustom",
        "Nickname": deck_name.unwrap_or(stem),
        "Transform": transform(scale, true),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": cards,
    });
    let footprint = Footprint { width: units(width), depth: units(height) };
    Ok((files, vec![Placed { footprint, objects: vec![object] }]))
}

/// One custom tile per tile or counter, with its face images; copies of one item (the same
/// faces, side by side in the part) in one stack, their images written once.
fn tiles(
    part: &Part,
    names: &[String],
    stem: &str,
    url_base: &str,
    kind: u8,
) -> Result<(Vec<OutputFile>, Vec<Placed>), String> {
    let mut files = Vec::new();
    let mut placed: Vec<Placed> = Vec::new();
    let mut start = 0;
    while start < part.cutouts.len() {
        let cutout = &part.cutouts[start];
        let copies = (part.cutouts[start..].iter().zip(&names[start..]))
            .take_while(|(other, name)| cutout.same_faces(other) && **name == names[start])
            .count();
        let trim = cutout.outline.bounds();
        let named = format!("{stem}-tts-{:03}", placed.len() + 1);
        let (mut front, mut back) = (String::new(), String::new());
        for (side, file) in side_images(cutout, (trim, None), &named, DPI)? {
            let url = format!("{url_base}{}", file.name);
            if side == "front" {
                front = url
            } else {
                back = url
            }
            files.push(file);
        }
        let description =
            if copies > 1 { format!("{copies} in this stack") } else { String::new() };
        let tile = json!({
            "Name": "Custom_Tile",
            "Nickname": names[start],
            "Description": description,
            "Transform": transform(tile_scale(trim.width(), trim.height()), false),
            "CustomImage": {
                "ImageURL": front,
                "ImageSecondaryURL": back,
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {
                    "Type": kind,
                    "Thickness": TILE_THICKNESS,
                    "Stackable": copies > 1,
                    "Stretch": true,
                },
            },
        });
        let footprint = Footprint { width: units(trim.width()), depth: units(trim.height()) };
        placed.push(Placed { footprint, objects: vec![tile; copies] });
        start += copies;
    }
    Ok((files, placed))
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
