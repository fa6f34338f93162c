//! A series as one strip: its steps' figures side by side, tops aligned, an arrow between
//! each and the next (each figure's caption carries its number).

use kurbo::{Affine, Point, Rect, Shape as _};

use super::Diagram;
use super::draw::{arrow_items, diagram_page};
use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::scene::{Colour, Group, Item, Layer, Page, Role, Shape};

/// The white space between two figures, in printed mm (the arrow sits in it).
pub const GAP_MM: f64 = 9.0;
/// The length annotations of the arrow are measured in, in printed mm.
const ARROW_UNIT_MM: f64 = 7.0;
const ARROW_GREY: Colour = Colour { r: 0x55, g: 0x55, b: 0x55 };

/// The steps' figures side by side on one page labelled `label`.
pub fn strip_page(steps: &[Diagram], label: &str) -> Page {
    let pages: Vec<Page> = steps.iter().map(|step| diagram_page(step, label)).collect();
    let height = pages.iter().map(|page| page.height_mm).fold(0.0, f64::max);
    let width = pages.iter().map(|page| page.width_mm).sum::<f64>()
        + GAP_MM * pages.len().saturating_sub(1) as f64;
    let paper = Rect::new(0.0, 0.0, width, height).to_path(CURVE_TOLERANCE_MM);
    let mut items = vec![Item::Shape(Shape::filled(paper, Colour::WHITE))];
    let mut x = 0.0;
    for (index, page) in pages.into_iter().enumerate() {
        if index > 0 {
            // Level with the middle of the figures (they share one frame, so one height).
            let y = figure_middle(&steps[0]);
            let (from, to) = (Point::new(x - GAP_MM, y), Point::new(x, y));
            items.extend(arrow_items(from, to, ARROW_UNIT_MM, ARROW_GREY));
        }
        let page_width = page.width_mm;
        let drawn = page.layers.into_iter().flat_map(|layer| layer.items).collect();
        items.push(Item::Group(Group { transform: Affine::translate((x, 0.0)), items: drawn }));
        x += page_width + GAP_MM;
    }
    Page {
        label: label.to_string(),
        width_mm: width,
        height_mm: height,
        layers: vec![Layer { role: Role::Art, items }],
    }
}

/// How far down the page the middle of a step's figure (not its caption) lies, in mm.
fn figure_middle(step: &Diagram) -> f64 {
    let bounds = super::draw::frame(step);
    super::draw::MARGIN_MM + bounds.height() * super::draw::figure_scale(step, bounds) / 2.0
}
