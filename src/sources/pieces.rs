//! The `[[pieces]]` source: one cutout per physical piece (each group copy, each entry
//! `count` times), its faces composed on its normalised cells, packed on the grid.

use kurbo::Point;

use super::{Part, Summary};
use crate::compose::piece::{loops_path, piece_face};
use crate::cutout::Cutout;
use crate::geometry::grid::mark_point;
use crate::geometry::grid::{Cell, Grid};
use crate::geometry::outline::Outline;
use crate::geometry::polyform::{normalised, outline};
use crate::impose::Packing;
use crate::model::design::Design;
use crate::model::parts::pieces::{Piece, PieceSet};
use crate::model::print::sheet_settings::Duplex;

/// Every physical piece: each group copy, each piece entry, `count` times, in design order.
pub fn physical_pieces(set: &PieceSet) -> Vec<&Piece> {
    let mut all = Vec::new();
    for (index, group) in set.groups.iter().enumerate() {
        for _ in 0..group.copies {
            for piece in set.pieces.iter().filter(|p| p.group == index) {
                all.extend((0..piece.count).map(|_| piece));
            }
        }
    }
    all
}

/// The outline of `cells` on `grid` in mm: every boundary loop as one path, the first
/// loop's corners, and the centre of the cell nearest the centre of area.
pub fn polyform_outline(grid: Grid, cells: &[Cell]) -> Outline {
    let loops = outline(grid.kind, cells);
    let corners: Vec<Point> = loops
        .first()
        .map(|points| points.iter().map(|&p| grid.point_mm(p)).collect())
        .unwrap_or_default();
    Outline { path: loops_path(grid, &loops), centre: mark_point(grid, cells), corners }
}

/// The pieces part; `None` when the design has no pieces. Backs are composed only when the
/// sheet prints double-sided.
pub fn pieces(design: &Design) -> Option<Part> {
    let set = design.pieces.as_ref()?;
    let pieces = physical_pieces(set);
    let forms: Vec<Vec<Cell>> = pieces.iter().map(|p| normalised(&p.cells)).collect();
    let duplex = design.sheet.duplex != Duplex::None;
    let cutouts = pieces
        .iter()
        .zip(&forms)
        .map(|(piece, form)| {
            // Drawn as seen through the front (marks pre-mirrored), so no flip.
            let back = duplex.then(|| piece_face(set.grid, form, &piece.back, true));
            let front = piece_face(set.grid, form, &piece.front, false);
            Cutout {
                back_upright: back.as_ref().map(|b| b.upright.clone()).unwrap_or_default(),
                back_layers: back.as_ref().map(|b| b.layers.clone()).unwrap_or_default(),
                back: back.map(|b| b.items),
                front_upright: front.upright,
                front_layers: front.layers,
                ..Cutout::shared(
                    format!("piece {}", piece.name.as_deref().unwrap_or(&piece.code)),
                    polyform_outline(set.grid, form),
                    front.items,
                )
            }
        })
        .collect();
    let cells = pieces.iter().map(|p| p.cells.len()).sum();
    Some(Part {
        share: true,
        suffix: "-pieces".into(),
        noun: Some("piece"),
        front_and_back: true,
        cutouts,
        packing: Packing::Polyform { grid: set.grid, forms },
        summary: Summary::Pieces {
            cells,
            on: set.grid.describe(),
            cell_area_mm2: set.grid.cell_area_mm2(),
        },
    })
}
