//! One image per face (`--format faces`): every front and back of every part packed many to
//! a sheet (tiles, pieces, cards, counters, nets) as a PNG of its own, as large as the item
//! and its bleed, at `faces_dpi` — what print-on-demand services and digital tables take.
//! Boards, maps and tracks, printed over whole sheets, have none. An index
//! `<part>-faces.csv` names the item each file shows.

use kurbo::{Affine, Rect};

use super::OutputFile;
use crate::cutout::Cutout;
use crate::impose::Packing;
use crate::render::png::{Paper, page_to_png};
use crate::scene::{Group, Item, Layer, Page, Role};
use crate::sources::Part;

/// Resolution of the face images when none is asked for: what print-on-demand asks.
pub const DEFAULT_FACES_DPI: f64 = 300.0;

/// The face images of `part` (files named after `stem`, the part's file stem) and their
/// index; nothing for parts printed over whole sheets.
pub fn face_files(part: &Part, stem: &str, dpi: f64) -> Result<Vec<OutputFile>, String> {
    if matches!(part.packing, Packing::Centred | Packing::Tiled { .. }) {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    let mut index = String::from("file,item,side\n");
    for (number, cutout) in part.cutouts.iter().enumerate() {
        let named = format!("{stem}-face-{:03}", number + 1);
        for (side, file) in side_images(cutout, cutout.extent, &named, dpi)? {
            index.push_str(&format!("{},{},{side}\n", file.name, csv_field(&cutout.label)));
            files.push(file);
        }
    }
    files.push(OutputFile { name: format!("{stem}-faces.csv"), bytes: index.into_bytes() });
    Ok(files)
}

/// The PNGs of the cutout's front and (when it has one) its back, each on a page of `rect`
/// at `dpi`, named `<named>-front.png` and `<named>-back.png`, with the side they show.
pub fn side_images(
    cutout: &Cutout,
    rect: Rect,
    named: &str,
    dpi: f64,
) -> Result<Vec<(&'static str, OutputFile)>, String> {
    let sides =
        [("front", Some(front_page_at(cutout, rect))), ("back", back_page_at(cutout, rect))];
    let mut files = Vec::new();
    for (side, page) in sides {
        let Some(page) = page else { continue };
        let bytes = page_to_png(&page, dpi, Paper::White)
            .map_err(|why| format!("the {side} of {}: {why}", cutout.label))?;
        files.push((side, OutputFile { name: format!("{named}-{side}.png"), bytes }));
    }
    Ok(files)
}

/// The cutout's front on a page of `rect` (in the cutout's frame: its extent, or its
/// outline's bounds to leave the bleed out).
pub fn front_page_at(cutout: &Cutout, rect: Rect) -> Page {
    let to_page = Affine::translate(-rect.origin().to_vec2());
    face_page(rect, "front", to_page, cutout.placed_front(to_page))
}

/// The cutout's back, as it reads when the item is turned over left to right (backs are
/// drawn as seen through the front), on a page of `rect`.
pub fn back_page_at(cutout: &Cutout, rect: Rect) -> Option<Page> {
    // Turned over about the middle of `rect`.
    let mirror = Affine::new([-1.0, 0.0, 0.0, 1.0, rect.width(), 0.0]);
    let to_page = Affine::translate(-rect.origin().to_vec2());
    let placement = mirror * to_page * cutout.back_frame;
    let items = cutout.placed_back(placement)?;
    Some(face_page(rect, "back", placement, items))
}

/// A page as large as `rect` holding `items` placed by `placement`.
fn face_page(rect: Rect, side: &str, placement: Affine, items: Vec<Item>) -> Page {
    let placed = Item::Group(Group { transform: placement, items });
    Page {
        label: side.to_string(),
        width_mm: rect.width(),
        height_mm: rect.height(),
        layers: vec![Layer { role: Role::Art, items: vec![placed] }],
    }
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
