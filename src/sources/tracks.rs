//! The `[[tracks]]` source: one cutout per track — its cells with their faces and borders,
//! cut along the track's outer (and, for a ring, inner) edge — centred on a sheet, or split
//! over sheets with overlaps and marks when longer.

use kurbo::{Affine, BezPath, Rect, Shape as _};

use super::{Part, Summary};
use crate::compose::layers::draw::grouped_face_items;
use crate::cutout::Cutout;
use crate::geometry::outline::Outline;
use crate::impose::Packing;
use crate::impose::cut_lines::cut_stroke;
use crate::model::design::Design;
use crate::model::face::Level;
use crate::model::parts::tracks::{Track, TrackPath, cell_places};
use crate::scene::frame::Frame;
use crate::scene::{Colour, Group, Item, Role, Shape, Stroke};

/// Width of the line between cells, in mm.
const CELL_LINE_MM: f64 = 0.3;

/// One part per track, in design order.
pub fn tracks(design: &Design) -> Vec<Part> {
    design.tracks.iter().map(track).collect()
}

fn track(track: &Track) -> Part {
    let size = track.cell_mm;
    let places = cell_places(track.path, track.cells.len());
    let mut art = Vec::new();
    let mut drawn = Vec::new();
    let mut lines = BezPath::new();
    for ((_, layers), place) in track.cells.iter().zip(&places) {
        let rect = Affine::scale(size).transform_rect_bbox(*place);
        let cell = Outline::rectangle(rect.width(), rect.height());
        art.push(Item::Shape(Shape::filled(rect.to_path(1e-4), track.background)));
        lines.extend(rect.to_path(1e-4).elements().iter().copied());
        let index = art.len();
        let mut items = grouped_face_items(layers, &cell, Level::Below, index, &mut drawn);
        items.extend(grouped_face_items(layers, &cell, Level::Above, index, &mut drawn));
        let centre = Affine::translate(rect.center().to_vec2());
        art.push(Item::Group(Group { transform: centre, items }));
    }
    art.push(Item::Shape(Shape::stroked(lines, Stroke::solid(Colour::BLACK, CELL_LINE_MM))));
    let (columns, rows) = match track.path {
        TrackPath::Strip => (places.len(), 1),
        TrackPath::Ring { columns, rows } => (columns, rows),
    };
    let bounds = Rect::new(0.0, 0.0, columns as f64 * size, rows as f64 * size);
    let mut cut = bounds.to_path(1e-4);
    if let TrackPath::Ring { .. } = track.path
        && rows > 2
        && columns > 2
    {
        cut.extend(bounds.inset(-size).to_path(1e-4).elements().iter().copied());
    }
    let frame = Frame::new(vec![(Role::Art, art), (Role::Cut, vec![cut_stroke(cut)])], bounds);
    let corners = [
        (bounds.x0, bounds.y0),
        (bounds.x1, bounds.y0),
        (bounds.x1, bounds.y1),
        (bounds.x0, bounds.y1),
    ];
    let outline = Outline::polygon(corners.map(kurbo::Point::from).to_vec());
    Part {
        suffix: format!("-{}", crate::model::input::file_stem::file_stem(&track.name)),
        noun: Some("track"),
        front_and_back: false,
        cutouts: vec![Cutout {
            front_layers: drawn,
            ..Cutout::from_frame(format!("track {}", track.name), outline, frame)
        }],
        packing: Packing::Centred,
        summary: Summary::Track { cells: track.cells.len(), cell_mm: size },
        share: true,
    }
}
