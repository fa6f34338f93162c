//! A diagram as one scene page: the tiles drawn by `compose::face::front` on their cells,
//! the empty cells around them, forced spaces, annotations and the caption, scaled to the
//! diagram's printed width.
//!
//! Sizes of lines are fractions of the tile edge `s` and sizes of annotations fractions of
//! `u` = 2 × apothem ÷ √3 (the edge of a hexagon, a third of a triangle's), so a mark fits
//! inside any cell and a figure reads the same at any scale. The house style
//! (`house_style`) is in printed mm: labels and the caption at fixed cap heights, no line
//! thinner than prints. The page holds only what lies inside the figure (`crop`).

use std::f64::consts::PI;

use kurbo::{Affine, BezPath, Circle, Point, Rect, Shape as _, Vec2};

use super::crop::crop_to_frame;
use super::house_style::{MIN_LINE_MM, widen_thin_lines};
use super::load::RULEBOOK_RED;
use super::table::Table;
use super::{Diagram, MarkShape, Spot};
use crate::compose::face::{front, outline};
use crate::compose::layers::text::text_items;
use crate::cutout::DrawnLayer;
use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::geometry::tile_grid::Cell;
use crate::model::face::Layer as FaceLayer;
use crate::scene::{Colour, Group, Item, Layer, LineCap, Page, Role, Shape, Stroke};
use crate::text::{Anchor, text_outline};

/// White space around the figure, in printed mm.
pub const MARGIN_MM: f64 = 2.0;
const GRID_GREY: Colour = Colour { r: 0x9a, g: 0x9a, b: 0x9a };
const SEAM_GREY: Colour = Colour { r: 0xd8, g: 0xd8, b: 0xd8 };

/// The diagram as a page `width_mm` wide, labelled `label`.
pub fn diagram_page(diagram: &Diagram, label: &str) -> Page {
    diagram_page_and_texts(diagram, label).0
}

/// The diagram's page and where its labels and caption are drawn on it, as text layers at
/// their printed size (for the legibility check).
pub fn diagram_page_and_texts(diagram: &Diagram, label: &str) -> (Page, Vec<DrawnLayer>) {
    let table = Table::new(&diagram.grid, &diagram.places);
    let s = diagram.grid.shape.edge_mm;
    let u = annotation_unit(diagram);
    let empty = empty_cells(diagram, &table);
    let bounds = frame_of(diagram, &empty);
    let scale = figure_scale(diagram, bounds);
    let mut items = super::board_pieces::board_items(diagram);
    items.extend(super::pawn_moves::pawn_items(diagram));
    for highlight in &diagram.highlights {
        if highlight.spot.side.is_none() && table.at(highlight.spot.cell).is_none() {
            let tint = mix(highlight.colour, Colour::WHITE, 0.3);
            items.push(Item::Shape(Shape::filled(cell_path(diagram, highlight.spot.cell), tint)));
        }
    }
    for &cell in &empty {
        let stroke =
            Stroke { dash_mm: vec![0.06 * s, 0.04 * s], ..Stroke::solid(GRID_GREY, 0.02 * s) };
        items.push(Item::Shape(Shape::stroked(cell_path(diagram, cell), stroke)));
    }
    for place in &diagram.places {
        let design = &diagram.design;
        let art = front(&place.tile, diagram.grid.shape, &design.style, &design.palette).items;
        let transform = diagram.grid.placement(place.cell, place.turn).transform();
        items.push(Item::Group(Group { transform, items: art }));
    }
    for place in &diagram.places {
        let seam = Stroke::solid(SEAM_GREY, 0.025 * s);
        items.push(Item::Shape(Shape::stroked(cell_path(diagram, place.cell), seam)));
    }
    items.extend(super::dominoes::domino_items(diagram, Stroke::solid(SEAM_GREY, 0.025 * s)));
    let seam = Stroke::solid(SEAM_GREY, 0.025 * s);
    let design = &diagram.design;
    items.extend(super::counters::counter_items(design, &diagram.grid, &diagram.counters, &seam));
    for highlight in &diagram.highlights {
        let spot = highlight.spot;
        let width = 0.08 * u;
        let path = match spot.side {
            Some(side) => side_path(diagram, spot.cell, side),
            None if table.at(spot.cell).is_some() => cell_path(diagram, spot.cell),
            None => continue,
        };
        let stroke = Stroke { cap: LineCap::Round, ..Stroke::solid(highlight.colour, width) };
        items.push(Item::Shape(Shape::stroked(path, stroke)));
    }
    if diagram.mark_forced {
        for cell in table.forced_spaces(diagram.design.play.forced_space) {
            let dot = Circle::new(diagram.grid.centre(cell), 0.15 * u).to_path(CURVE_TOLERANCE_MM);
            items.push(Item::Shape(Shape::filled(dot, RULEBOOK_RED)));
        }
    }
    for mark in &diagram.marks {
        items.extend(mark_items(mark.shape, spot_point(diagram, mark.spot), u, mark.colour));
    }
    for arrow in &diagram.arrows {
        let (from, to) = (diagram.grid.centre(arrow.from), diagram.grid.centre(arrow.to));
        items.extend(arrow_items(from, to, u, arrow.colour));
    }
    // Only what the figure shows, in lines that print.
    let mut items = crop_to_frame(items, bounds);
    widen_thin_lines(&mut items, MIN_LINE_MM / scale);
    let mut labels = Vec::new();
    for label in &diagram.labels {
        let at = spot_point(diagram, label.spot);
        let drawn = if label.marked.is_some() {
            let drawn = text_items(&label.text_layer(&diagram.design, label.size_mm / scale));
            let transform = Affine::translate(at.to_vec2());
            Item::Group(Group { transform, items: drawn })
        } else {
            let text = text_outline(&label.text, label.size_mm / scale, at, Anchor::Centre);
            Item::Shape(Shape::filled(text, label.colour))
        };
        // Its halo under it: the label reads on whatever the figure has there.
        let halo = super::label_halo::halo_colour(label.colour);
        let reach = super::label_halo::HALO_MM / scale;
        items.extend(super::label_halo::halo_items(std::slice::from_ref(&drawn), halo, reach));
        labels.push((items.len(), label));
        items.push(drawn);
    }
    lay_out(diagram, bounds, scale, items, label, &labels)
}

/// The area the figure shows (its series' frame, or its content's bounds), in the design's
/// mm; `empty` are the empty cells it outlines.
fn frame_of(diagram: &Diagram, empty: &[Cell]) -> Rect {
    diagram.frame.unwrap_or_else(|| figure_bounds(diagram, empty))
}

/// The area the figure shows, in the design's mm.
pub fn frame(diagram: &Diagram) -> Rect {
    diagram.frame.unwrap_or_else(|| content_bounds(diagram))
}

/// Printed mm per mm of the design: the frame `bounds` fills the width between the margins.
pub fn figure_scale(diagram: &Diagram, bounds: Rect) -> f64 {
    (diagram.width_mm - 2.0 * MARGIN_MM) / bounds.width()
}

/// The empty cells the figure outlines (none without `empty_cells`).
fn empty_cells(diagram: &Diagram, table: &Table<'_>) -> Vec<Cell> {
    if diagram.empty_cells { table.all_empty_around().into_iter().collect() } else { Vec::new() }
}

/// The area the diagram's own content needs, in the design's mm (its frame unless it shares
/// one).
pub fn content_bounds(diagram: &Diagram) -> Rect {
    let table = Table::new(&diagram.grid, &diagram.places);
    figure_bounds(diagram, &empty_cells(diagram, &table))
}

/// The area the figure shows, in the design's mm: around the pawns and their moves on a
/// painted board, else around every cell the diagram draws on.
fn figure_bounds(diagram: &Diagram, empty: &[Cell]) -> Rect {
    if let Some(bounds) = super::pawn_moves::bounds(diagram) {
        return bounds;
    }
    let mut cells: Vec<Cell> = diagram.places.iter().map(|p| p.cell).collect();
    cells.extend(diagram.dominoes.iter().flat_map(|d| d.cells));
    cells.extend(diagram.counters.iter().map(|c| c.cell));
    cells.extend(super::board_pieces::board_squares(diagram));
    cells.extend(empty);
    cells.extend(diagram.marks.iter().map(|m| m.spot.cell));
    cells.extend(diagram.labels.iter().map(|l| l.spot.cell));
    cells.extend(diagram.highlights.iter().map(|h| h.spot.cell));
    cells.extend(diagram.arrows.iter().flat_map(|a| [a.from, a.to]));
    cell_bounds(diagram, &cells)
}

/// The rectangle around the cells, with a little room.
fn cell_bounds(diagram: &Diagram, cells: &[Cell]) -> Rect {
    let s = diagram.grid.shape.edge_mm;
    let corners: Vec<Point> = cells.iter().flat_map(|&c| diagram.grid.corners(c)).collect();
    corners
        .iter()
        .fold(None, |r: Option<Rect>, &p| {
            Some(r.map_or(Rect::from_points(p, p), |r| r.union_pt(p)))
        })
        .unwrap_or(Rect::new(0.0, 0.0, s, s))
        .inflate(0.05 * s, 0.05 * s)
}

/// Scales the figure (`scale` printed mm per mm of the design) to the printed width and adds
/// the caption under it.
fn lay_out(
    diagram: &Diagram,
    bounds: Rect,
    scale: f64,
    items: Vec<Item>,
    label: &str,
    labels: &[(usize, &super::Label)],
) -> (Page, Vec<DrawnLayer>) {
    let width = diagram.width_mm;
    let figure_height = bounds.height() * scale;
    let transform = Affine::translate((MARGIN_MM, MARGIN_MM))
        * Affine::scale(scale)
        * Affine::translate((-bounds.x0, -bounds.y0));
    let figure = Rect::new(bounds.x0, bounds.y0, bounds.x1, bounds.y1).to_path(CURVE_TOLERANCE_MM);
    // The labels inside the figure's group (item 1, once the paper is put under it).
    let mut texts: Vec<DrawnLayer> = labels
        .iter()
        .map(|&(inner, label)| DrawnLayer {
            index: 1,
            inner: Some(inner),
            outline: figure.clone(),
            layer: FaceLayer {
                kind: crate::model::face::LayerKind::Text(
                    label.text_layer(&diagram.design, label.size_mm),
                ),
                ..FaceLayer::placed_text(
                    format!("the label \"{}\"", label.text),
                    label.position,
                    &label.text,
                    label.size_mm,
                    label.colour,
                )
            },
        })
        .collect();
    let mut page_items = vec![Item::Group(Group { transform, items })];
    let mut height = figure_height + 2.0 * MARGIN_MM;
    // The first line's capitals start at the figure's bottom margin.
    let (caption, caption_height) = super::caption::caption_lines(diagram, height);
    for line in caption {
        // Its index once the paper is put under everything.
        let index = page_items.len() + 1;
        texts.push(DrawnLayer { index, inner: None, outline: BezPath::new(), layer: line.layer });
        page_items.push(line.item);
    }
    height += caption_height;
    let paper = Rect::new(0.0, 0.0, width, height).to_path(CURVE_TOLERANCE_MM);
    for text in texts.iter_mut().filter(|t| t.inner.is_none()) {
        text.outline = paper.clone();
    }
    page_items.insert(0, Item::Shape(Shape::filled(paper, Colour::WHITE)));
    let page = Page {
        label: label.to_string(),
        width_mm: width,
        height_mm: height,
        layers: vec![Layer { role: Role::Art, items: page_items }],
    };
    (page, texts)
}

/// The length annotations are measured in: a hexagon's edge, a third of a triangle's.
fn annotation_unit(diagram: &Diagram) -> f64 {
    2.0 * diagram.grid.shape.apothem() / 3f64.sqrt()
}

/// A cell's outline on the figure.
fn cell_path(diagram: &Diagram, cell: Cell) -> BezPath {
    diagram.grid.placement(cell, 0).transform() * outline(diagram.grid.shape)
}

/// One side of a cell as an open path.
fn side_path(diagram: &Diagram, cell: Cell, side: usize) -> BezPath {
    let (a, b) = diagram.grid.side(cell, side);
    let mut path = BezPath::new();
    path.move_to(a);
    path.line_to(b);
    path
}

/// The centre of a cell or the midpoint of one of its sides.
fn spot_point(diagram: &Diagram, spot: Spot) -> Point {
    match spot.side {
        Some(side) => diagram.grid.side_midpoint(spot.cell, side),
        None => diagram.grid.centre(spot.cell),
    }
}

/// A dot, ring or cross centred on `at`, sized in annotation units `s`.
pub(super) fn mark_items(shape: MarkShape, at: Point, s: f64, colour: Colour) -> Vec<Item> {
    let tolerance = CURVE_TOLERANCE_MM;
    match shape {
        MarkShape::Dot => {
            vec![Item::Shape(Shape::filled(Circle::new(at, 0.15 * s).to_path(tolerance), colour))]
        }
        MarkShape::Ring => {
            let ring = Circle::new(at, 0.22 * s).to_path(tolerance);
            vec![Item::Shape(Shape::stroked(ring, Stroke::solid(colour, 0.07 * s)))]
        }
        MarkShape::Cross => {
            let arm = 0.28 * s;
            let mut path = BezPath::new();
            for angle in [PI / 4.0, 3.0 * PI / 4.0] {
                let d = Vec2::from_angle(angle) * arm;
                path.move_to(at - d);
                path.line_to(at + d);
            }
            let halo = Stroke { cap: LineCap::Round, ..Stroke::solid(Colour::WHITE, 0.16 * s) };
            let ink = Stroke { cap: LineCap::Round, ..Stroke::solid(colour, 0.1 * s) };
            vec![
                Item::Shape(Shape::stroked(path.clone(), halo)),
                Item::Shape(Shape::stroked(path, ink)),
            ]
        }
    }
}

/// An arrow from near `from` to near `to`: a shaft and a filled head.
pub(super) fn arrow_items(from: Point, to: Point, s: f64, colour: Colour) -> Vec<Item> {
    let length = from.distance(to);
    if length < 1e-9 {
        return Vec::new();
    }
    let dir = (to - from) / length;
    let across = Vec2::new(-dir.y, dir.x);
    let (start, tip) = (from + dir * 0.25 * s, to - dir * 0.25 * s);
    let head = 0.22 * s;
    let mut shaft = BezPath::new();
    shaft.move_to(start);
    shaft.line_to(tip - dir * head * 0.8);
    let mut point = BezPath::new();
    point.move_to(tip);
    point.line_to(tip - dir * head + across * head * 0.5);
    point.line_to(tip - dir * head - across * head * 0.5);
    point.close_path();
    vec![
        Item::Shape(Shape::stroked(shaft, Stroke::solid(colour, 0.07 * s))),
        Item::Shape(Shape::filled(point, colour)),
    ]
}

/// `a` mixed with `b`: `amount` of `a`.
fn mix(a: Colour, b: Colour, amount: f64) -> Colour {
    let channel =
        |x: u8, y: u8| (f64::from(x) * amount + f64::from(y) * (1.0 - amount)).round() as u8;
    Colour { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b) }
}
