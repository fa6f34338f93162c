//! Cut sheets: tiles placed on pages with cut lines, crop marks and a footer, each front page
//! followed by its back page laid out to land behind it.

use super::cut_lines::cut_lines;
use super::duplex::{back_mirror, back_transform, duplex_correction};
use super::layout::{SheetLayout, choose_layout};
use super::marks::{back_footer, back_page_footer, crop_marks, front_footer, indented_footer};
use super::registration::{footer_indent, registration_marks, within_clear_band};
use super::trim_lines::{guide_area, trim_lines};
use kurbo::Affine;

use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tiling::centre_in;
use crate::model::design::SheetSettings;
use crate::scene::cut_style::case_cut_lines;
use crate::scene::{Document, Group, Item, Page, Role};

/// What imposition needs: the tiles' art in their own frames, and the sheet settings.
#[derive(Debug)]
pub struct SheetRequest<'a> {
    pub title: &'a str,
    pub shape: RegularPolygon,
    pub sheet: &'a SheetSettings,
    pub fronts: Vec<Vec<Item>>,
    /// One back per front, or `None` when the set has no backs.
    pub backs: Option<Vec<Vec<Item>>>,
}

/// The document and the layout chosen for it.
#[derive(Debug)]
pub struct Imposed {
    pub document: Document,
    pub layout: SheetLayout,
    pub sheets: usize,
}

/// Lays the tiles out on as many sheets as needed; `Err` says why nothing fits.
pub fn impose(request: SheetRequest<'_>) -> Result<Imposed, String> {
    let Some(layout) = choose_layout(request.shape, request.sheet) else {
        let (w, h) = request.sheet.paper_mm;
        return Err(format!(
            "a {:.1} mm {} does not fit on {} paper ({w} × {h} mm) inside {} mm margins",
            request.shape.edge_mm,
            request.shape.shape_name(),
            request.sheet.paper_name,
            request.sheet.margin_mm
        ));
    };
    let per_sheet = layout.places.len();
    let sheets = request.fronts.len().div_ceil(per_sheet).max(1);
    let (offset, scale) = (request.sheet.print.back_offset_mm, request.sheet.print.back_scale);
    let correction = duplex_correction(offset, scale, layout.width_mm, layout.height_mm);
    let mirror = back_mirror(request.sheet.duplex, layout.width_mm, layout.height_mm)
        .map(|mirror| mirror * correction);
    let mut pages = Vec::new();
    let mut backs = request.backs.map(Vec::into_iter);
    let mut fronts = request.fronts.into_iter();
    let margin = request.sheet.margin_mm;
    for sheet in 0..sheets {
        let front_art: Vec<Vec<Item>> = fronts.by_ref().take(per_sheet).collect();
        // A sheet that is not full has its block of tiles centred like a full one.
        let mut centred = layout.places[..front_art.len()].to_vec();
        let area = SheetLayout::sheet_tile_area(layout.width_mm, layout.height_mm, request.sheet);
        centre_in(&mut centred, request.shape, area);
        let places = &centred[..];
        let counter = format!("{} · sheet {} of {sheets}", request.title, sheet + 1);
        let front_items = front_art
            .into_iter()
            .zip(places)
            .map(|(items, place)| Item::Group(Group { transform: place.transform(), items }))
            .collect();
        let registration = request.sheet.print.registration_marks;
        let mut guides = guide_area(layout.width_mm, layout.height_mm, margin);
        if registration {
            guides = within_clear_band(guides, layout.height_mm, margin);
        }
        // Long trimmer cuts make crop marks redundant: they run on past every corner.
        let trims = trim_lines(request.shape, places, guides);
        let crops =
            if trims.is_some() { Vec::new() } else { crop_marks(request.shape, places, area) };
        let indent = if registration { footer_indent() } else { 0.0 };
        let mut front_layers = vec![
            (Role::Art, front_items),
            (Role::Cut, cut_lines(request.shape, places, trims)),
            (Role::Marks, {
                let mut marks = crops;
                let lines = front_footer(&counter);
                let (w, h) = (layout.width_mm, layout.height_mm);
                marks.extend(indented_footer(&lines, w, h, margin, indent));
                marks
            }),
        ];
        if registration {
            let marks = registration_marks(layout.width_mm, layout.height_mm, margin);
            front_layers.push((Role::Registration, marks));
        }
        pages.push(Page::new(
            format!("sheet-{:02}-front", sheet + 1),
            page_size(&layout),
            front_layers,
        ));
        let (Some(mirror), Some(backs)) = (mirror, backs.as_mut()) else { continue };
        let back_items = backs
            .by_ref()
            .take(places.len())
            .zip(places)
            .map(|(items, place)| {
                Item::Group(Group { transform: back_transform(mirror, place.transform()), items })
            })
            .collect();
        let lines = back_footer(&counter, request.sheet.duplex);
        let turn = back_mirror(request.sheet.duplex, layout.width_mm, layout.height_mm)
            .unwrap_or(Affine::IDENTITY);
        pages.push(Page::new(
            format!("sheet-{:02}-back", sheet + 1),
            page_size(&layout),
            vec![
                (Role::Art, back_items),
                (Role::Marks, back_page_footer(&lines, page_size(&layout), margin, turn)),
            ],
        ));
    }
    let mut document = Document { title: request.title.to_string(), pages };
    case_cut_lines(&mut document);
    Ok(Imposed { document, layout, sheets })
}

/// The paper of a layout as (width, height) in mm.
fn page_size(layout: &SheetLayout) -> (f64, f64) {
    (layout.width_mm, layout.height_mm)
}
