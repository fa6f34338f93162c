//! The `[[maps]]` source: one cutout per map — its cells filled by terrain, outlined, with
//! their coordinates — cut along its rectangle, clear of the cells' points, or along the
//! outline of its cells (`cut = "cells"`), at real size over as many sheets as needed.

use kurbo::{BezPath, Point, Rect, Shape as _, Vec2};

use super::{Part, Summary};
use crate::compose::layers::draw::push_face_layers;
use crate::compose::region_cues::{hatch_cleared_for, region_cue};
use crate::cutout::{Cutout, DrawnLayer};
use crate::geometry::grid::GridKind;
use crate::geometry::map_grid::cell_label;
use crate::geometry::outline::Outline;
use crate::impose::Packing;
use crate::impose::cut_lines::cut_stroke;
use crate::model::design::Design;
use crate::model::face::{Layer, Level};
use crate::model::parts::map_cut::MapCut;
use crate::model::parts::maps::Map;
use crate::scene::cut_style::CUT_INK_REACH_MM;
use crate::scene::frame::Frame;
use crate::scene::{Colour, Item, Role, Shape, Stroke};
use crate::text::{Anchor, text_outline};

/// Width of the lines between cells, in mm.
const GRID_LINE_MM: f64 = 0.35;

/// How far the map's cut passes from a cell's point that would otherwise touch it, in mm: the
/// cut's print reaches [`CUT_INK_REACH_MM`] beside its path, and the grid lines' mitred join
/// reaches half their width / sin(half the corner's angle) beyond the point — at most
/// [`GRID_LINE_MM`], at a triangle's 60° corner.
const POINT_CLEARANCE_MM: f64 = CUT_INK_REACH_MM + GRID_LINE_MM;

/// One part per map, in design order.
pub fn maps(design: &Design) -> Vec<Part> {
    design.maps.iter().map(map).collect()
}

fn polygon(corners: &[Point]) -> BezPath {
    let mut path = BezPath::new();
    for (k, &p) in corners.iter().enumerate() {
        if k == 0 { path.move_to(p) } else { path.line_to(p) }
    }
    path.close_path();
    path
}

/// The line the map is cut along (`cut`), as an outline, and the frame around it: its
/// rectangle, clear of the cells' points; or the outline of its cells, with room for the
/// cut's print beyond it.
fn cut_outline(map: &Map) -> (Outline, Rect) {
    match map.cut {
        MapCut::Rectangle => {
            let b = map.grid.bounds_clear_of_points(POINT_CLEARANCE_MM);
            let corners = [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)];
            (Outline::polygon(corners.map(Point::from).to_vec()), b)
        }
        MapCut::Cells => {
            let frame = map.grid.bounds().inflate(CUT_INK_REACH_MM, CUT_INK_REACH_MM);
            (Outline::polygon(map.grid.outline()), frame)
        }
    }
}

fn map(map: &Map) -> Part {
    let grid = map.grid;
    let (outline, bounds) = cut_outline(map);
    let mut art = vec![Item::Shape(Shape::filled(outline.path.clone(), map.background))];
    let mut lines = BezPath::new();
    let mut labels: Vec<(String, BezPath)> = Vec::new();
    // Triangles hold their label at their centre, smaller; hexagons and squares below it,
    // leaving the centre free for pieces and icons.
    let (label_mm, below) = match grid.cell_kind() {
        GridKind::Triangle => (grid.edge_mm * 0.1, 0.0),
        GridKind::Hex | GridKind::Square | GridKind::Tetrakis => {
            (grid.edge_mm * 0.16, grid.edge_mm * 0.3)
        }
    };
    for row in 0..grid.rows {
        for column in 0..grid.columns {
            let corners = grid.cell(column, row);
            let cell = polygon(&corners);
            let label = map.labels.then(|| {
                let (text, at) = (cell_label(column, row), grid.centre(column, row));
                let glyphs =
                    text_outline(&text, label_mm, at + Vec2::new(0.0, below), Anchor::Centre);
                (text, glyphs)
            });
            if let Some(&fill) = map.fills.get(&(column, row)) {
                let cue = map.cues.get(&(column, row)).copied();
                art.push(Item::Shape(Shape::filled(cell.clone(), fill)));
                if let Some(hatch) = region_cue(&cell, fill, cue) {
                    art.push(hatch);
                    // The hatch stops short of the cell's label, which reads on the fill.
                    if let Some((_, glyphs)) = &label {
                        art.push(hatch_cleared_for(&cell, fill, glyphs.bounding_box()));
                    }
                }
            }
            lines.extend(cell.elements().iter().copied());
            labels.extend(label);
        }
    }
    // The cells' template layers: below the grid lines, or above them (under the labels).
    let mut drawn = Vec::with_capacity(labels.len());
    let cell_layers = |art: &mut Vec<Item>, drawn: &mut Vec<DrawnLayer>, level: Level| {
        for (&(column, row), layers) in &map.cell_faces {
            let outline = Outline::polygon(grid.cell(column, row));
            push_face_layers(art, drawn, layers, &outline, level);
        }
    };
    cell_layers(&mut art, &mut drawn, Level::Below);
    art.push(Item::Shape(Shape::stroked(lines, Stroke::solid(Colour::BLACK, GRID_LINE_MM))));
    cell_layers(&mut art, &mut drawn, Level::Above);
    // Each cell's label its own item, so that the legibility check reads each against its
    // own cell.
    for (text, glyphs) in labels {
        let label = format!("the cell labels of map `{}`", map.name);
        let layer = Layer::placed_text(label, map.position, &text, label_mm, Colour::BLACK);
        drawn.push(DrawnLayer {
            index: art.len(),
            inner: None,
            outline: outline.path.clone(),
            layer,
        });
        art.push(Item::Shape(Shape::filled(glyphs, Colour::BLACK)));
    }
    let frame = Frame::new(
        vec![(Role::Art, art), (Role::Cut, vec![cut_stroke(outline.path.clone())])],
        bounds,
    );
    let cut = outline.bounds();
    Part {
        share: true,
        suffix: format!("-{}", crate::model::input::file_stem::file_stem(&map.name)),
        noun: Some("map"),
        front_and_back: false,
        cutouts: vec![Cutout {
            front_layers: drawn,
            ..Cutout::from_frame(format!("map {}", map.name), outline, frame)
        }],
        packing: Packing::Tiled {
            overlap_mm: map.overlap_mm,
            outline_in_map: map.cut == MapCut::Cells,
        },
        summary: Summary::Map {
            cells: grid.columns * grid.rows,
            width: cut.width(),
            height: cut.height(),
        },
    }
}
