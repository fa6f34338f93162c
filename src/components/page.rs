//! The components page: each section's heading and its distinct items drawn once in a grid, each with its label and count under it, on pages a rulebook's width (a new page when one grows too tall).

use kurbo::{Affine, Point, Rect, Shape as _};

use super::{Components, Distinct};
use crate::cutout::{Cut, Cutout};
use crate::diagram::house_style::{
    CAPTION_LINE_ADVANCE, DEFAULT_LABEL_MM, MIN_LINE_MM, widen_thin_lines,
};
use crate::scene::{Clip, Colour, Group, Item, Page, Role, Shape, Stroke};
use crate::text::{Anchor, text_outline, text_width};

/// The width of every page, in printed mm: a rulebook page's text block.
pub const PAGE_WIDTH_MM: f64 = 170.0;
/// The tallest page, in printed mm; a longer figure goes on to a new page.
pub const MAX_PAGE_HEIGHT_MM: f64 = 240.0;
/// White space around the figure, in printed mm.
const MARGIN_MM: f64 = 2.0;
/// The largest side of an item as drawn, in printed mm: items are scaled down (never up)
/// so that the largest of their section is no larger.
const ITEM_MAX_MM: f64 = 24.0;
/// The same for boards, nets, tracks and maps, which show what they are only larger.
const LARGE_ITEM_MAX_MM: f64 = 70.0;
/// Space between items, and between an item and its label, in printed mm.
const GAP_MM: f64 = 4.0;
const LABEL_GAP_MM: f64 = 1.5;
/// Cap height of a section's heading, in printed mm.
const HEADING_MM: f64 = 3.5;
const INK: Colour = Colour { r: 0x20, g: 0x20, b: 0x20 };
const OUTLINE_GREY: Colour = Colour { r: 0x60, g: 0x60, b: 0x60 };

/// One horizontal band of a page: its height and its items, drawn from the band's top.
struct Band {
    height: f64,
    items: Vec<Item>,
    /// Kept on a page with the band after it (a heading with its first row).
    keep_with_next: bool,
    /// The heading of the section a row of items is in, repeated (`… (continued)`) over a
    /// page that begins with the row.
    section: Option<String>,
}

/// The components page(s), labelled `components` (`components-1`, `components-2`, … when
/// several); a design with nothing to show gets a page that says so.
pub fn components_pages(components: &Components) -> Vec<Page> {
    let mut bands = Vec::new();
    for section in components.sections.iter().filter(|s| !s.items.is_empty()) {
        // Backticks quote names in Markdown; the page has no need of them.
        let heading = section.heading().replace('`', "");
        bands.push(text_band(&heading, HEADING_MM, true));
        bands.extend(
            item_rows(&section.items, ITEM_MAX_MM, Sizing::Together)
                .into_iter()
                .map(|row| Band { section: Some(heading.clone()), ..row }),
        );
    }
    if !components.others.is_empty() {
        bands.push(text_band("Boards, nets, tracks and maps", HEADING_MM, true));
        for line in &components.others {
            bands.push(text_band(&line.replace('`', ""), DEFAULT_LABEL_MM, false));
        }
        bands.extend(item_rows(&components.drawn_others, LARGE_ITEM_MAX_MM, Sizing::Each));
    }
    if bands.is_empty() {
        bands.push(text_band(super::markdown::NOTHING, DEFAULT_LABEL_MM, false));
    }
    paginate(bands)
}

/// A line of text as a band.
fn text_band(text: &str, cap_mm: f64, keep_with_next: bool) -> Band {
    let height = cap_mm * CAPTION_LINE_ADVANCE;
    let cap = fitted_cap(text, cap_mm, PAGE_WIDTH_MM - 2.0 * MARGIN_MM);
    let baseline = Point::new(MARGIN_MM, (height + cap) / 2.0);
    let path = text_outline(text, cap, baseline, Anchor::Start);
    let items = vec![Item::Shape(Shape::filled(path, INK))];
    Band { height, items, keep_with_next, section: None }
}

/// `cap_mm`, or smaller when `text` at that size would be wider than `room_mm`.
fn fitted_cap(text: &str, cap_mm: f64, room_mm: f64) -> f64 {
    let width = text_width(text, cap_mm);
    if width > room_mm { cap_mm * room_mm / width } else { cap_mm }
}

/// How a section's items are scaled to their largest size on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sizing {
    /// By one scale, so that they compare (a deck's cards, a set's tiles).
    Together,
    /// Each by its own (a board beside a pawn's net), each row as tall as its tallest.
    Each,
}

/// A section's `items` in rows of cells across the page, scaled down to at most `max_mm` as
/// `sizing` says, each with its label and count.
fn item_rows(items: &[Distinct], max_mm: f64, sizing: Sizing) -> Vec<Band> {
    let room = PAGE_WIDTH_MM - 2.0 * MARGIN_MM;
    let side = |item: &Distinct| {
        let b = drawn_bounds(&item.cutout);
        b.width().max(b.height())
    };
    let largest = items.iter().map(side).fold(0.0_f64, f64::max);
    let scale_of = |item: &Distinct| {
        let largest = if sizing == Sizing::Each { side(item) } else { largest };
        if largest > max_mm { max_mm / largest } else { 1.0 }
    };
    let size_of = |item: &Distinct| {
        let b = drawn_bounds(&item.cutout);
        (b.width() * scale_of(item), b.height() * scale_of(item))
    };
    let item_width = items.iter().map(|i| size_of(i).0).fold(0.0_f64, f64::max);
    let tallest = |items: &[Distinct]| items.iter().map(|i| size_of(i).1).fold(0.0_f64, f64::max);
    let label_width = (items.iter())
        .map(|item| text_width(&item.label, DEFAULT_LABEL_MM))
        .fold(0.0_f64, f64::max);
    let cell = item_width.max(label_width).min(room);
    let columns = (((room + GAP_MM) / (cell + GAP_MM)).floor() as usize).max(1);
    let pitch = (room + GAP_MM) / columns as f64;
    let line = DEFAULT_LABEL_MM * CAPTION_LINE_ADVANCE;
    (items.chunks(columns))
        .map(|row| {
            let item_height = if sizing == Sizing::Each { tallest(row) } else { tallest(items) };
            let items = (row.iter().enumerate())
                .flat_map(|(column, item)| {
                    let centre_x = MARGIN_MM + column as f64 * pitch + (pitch - GAP_MM) / 2.0;
                    drawn_item(item, scale_of(item), centre_x, item_height, cell)
                })
                .collect();
            let height = item_height + LABEL_GAP_MM + 2.0 * line + GAP_MM;
            Band { height, items, keep_with_next: false, section: None }
        })
        .collect()
}

/// What of a cutout is drawn: its outline, or for one cut along its own lines (a net with
/// its tabs, a board with walls) everything it prints.
fn drawn_bounds(cutout: &Cutout) -> Rect {
    match cutout.cut {
        Cut::Shared { .. } => cutout.outline.bounds(),
        Cut::Drawn { .. } => cutout.extent,
    }
}

/// One item, its front clipped to its outline and the outline drawn (an item cut along its
/// own lines: its art with its fold and cut lines), centred on `centre_x` in a cell
/// `item_height` tall; its label and `×count` under the cell.
fn drawn_item(
    item: &Distinct,
    scale: f64,
    centre_x: f64,
    item_height: f64,
    cell: f64,
) -> Vec<Item> {
    let outline = &item.cutout.outline;
    let bounds: Rect = drawn_bounds(&item.cutout);
    let transform = Affine::translate((centre_x, item_height / 2.0))
        * Affine::scale(scale)
        * Affine::translate(-bounds.center().to_vec2());
    let front = item.cutout.placed_front(Affine::IDENTITY);
    let edge = Stroke::solid(OUTLINE_GREY, MIN_LINE_MM / scale);
    let mut art = match item.cutout.cut {
        Cut::Shared { .. } => vec![
            Item::Clip(Clip { path: outline.path.clone(), items: front }),
            Item::Shape(Shape::stroked(outline.path.clone(), edge)),
        ],
        Cut::Drawn { ref cuts, ref folds } => {
            let mut all = front;
            all.extend(folds.iter().cloned());
            all.extend(cuts.iter().cloned());
            all
        }
    };
    // Drawn smaller than printed, thin lines of the art are widened to what prints.
    widen_thin_lines(&mut art, MIN_LINE_MM / scale);
    let line = DEFAULT_LABEL_MM * CAPTION_LINE_ADVANCE;
    let label_y = item_height + LABEL_GAP_MM + line / 2.0;
    let text = |text: &str, y: f64| {
        let cap = fitted_cap(text, DEFAULT_LABEL_MM, cell);
        let path = text_outline(text, cap, Point::new(centre_x, y), Anchor::Centre);
        Item::Shape(Shape::filled(path, INK))
    };
    vec![
        Item::Group(Group { transform, items: art }),
        text(&item.label, label_y),
        text(&format!("×{}", item.count), label_y + line),
    ]
}

/// `item` moved by `at`, staying a top-level shape or group of its page (one group per
/// drawn item).
fn moved(item: &Item, at: Affine) -> Item {
    match item {
        Item::Group(group) => {
            Item::Group(Group { transform: at * group.transform, items: group.items.clone() })
        }
        Item::Shape(shape) => {
            let mut shape = shape.clone();
            shape.path.apply_affine(at);
            Item::Shape(shape)
        }
        other => Item::Group(Group { transform: at, items: vec![other.clone()] }),
    }
}

/// The bands stacked on pages no taller than [`MAX_PAGE_HEIGHT_MM`], each page white.
fn paginate(bands: Vec<Band>) -> Vec<Page> {
    let limit = MAX_PAGE_HEIGHT_MM - 2.0 * MARGIN_MM;
    let mut pages: Vec<(f64, Vec<Item>)> = Vec::new();
    let mut y = f64::INFINITY;
    let place = |band: &Band, y: &mut f64, pages: &mut Vec<(f64, Vec<Item>)>| {
        if let Some((height, items)) = pages.last_mut() {
            let at = Affine::translate((0.0, MARGIN_MM + *y));
            items.extend(band.items.iter().map(|item| moved(item, at)));
            *y += band.height;
            *height = *y;
        }
    };
    for (index, band) in bands.iter().enumerate() {
        let kept =
            if band.keep_with_next { bands.get(index + 1).map_or(0.0, |b| b.height) } else { 0.0 };
        if y + band.height + kept > limit && y > 0.0 {
            pages.push((0.0, Vec::new()));
            y = 0.0;
            if let Some(heading) = &band.section {
                place(
                    &text_band(&format!("{heading} (continued)"), HEADING_MM, true),
                    &mut y,
                    &mut pages,
                );
            }
        }
        place(band, &mut y, &mut pages);
    }
    let count = pages.len();
    (pages.into_iter().enumerate())
        .map(|(index, (height, bands))| {
            let label = if count == 1 {
                "components".to_string()
            } else {
                format!("components-{}", index + 1)
            };
            let size = (PAGE_WIDTH_MM, height + 2.0 * MARGIN_MM);
            let paper = Rect::from_origin_size((0.0, 0.0), size).to_path(0.1);
            let mut items = vec![Item::Shape(Shape::filled(paper, Colour::WHITE))];
            items.extend(bands);
            Page::new(label, size, vec![(Role::Art, items)])
        })
        .collect()
}
