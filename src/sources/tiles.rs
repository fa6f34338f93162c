//! The `[[tiles]]` source: one cutout per tile, its front and (when the set has backs) its
//! back composed in the tile's frame. Regular tiles pack on their shape's lattice;
//! rectangles in rows and columns (edge to edge with shared cuts when their corners are
//! square, a gap apart when rounded) and circles in staggered rows a gap apart.

use kurbo::Affine;

use super::{Part, Summary};
use crate::compose::back::back;
use crate::compose::face::{front, layered_face};
use crate::compose::layers::draw::FaceArt;
use crate::cutout::{Cut, Cutout};
use crate::impose::Packing;
use crate::model::design::Design;
use crate::model::rules::tile_set::Tile;
use crate::model::rules::tile_shape::TileShape;

/// The gap between tiles that cannot share their cuts (rounded corners, circles) when the
/// sheet asks for none, in mm.
pub const DEFAULT_ROUND_GAP_MM: f64 = 3.0;

/// The tiles part; `None` when the design has no tiles.
pub fn tiles(design: &Design) -> Option<Part> {
    let tile_shape = design.tile_shape.filter(|_| !design.tiles.is_empty())?;
    let packing = tile_packing(tile_shape, design.sheet.gap_mm);
    let gap_mm = match packing {
        Packing::NUp { gutter_mm } => gutter_mm,
        Packing::Hexagonal { gap_mm } => gap_mm,
        _ => design.sheet.gap_mm,
    };
    let bleed_mm = design.sheet.print.bleed_for_gap(gap_mm);
    let outline = tile_shape.outline();
    let extent = outline.bounds().inflate(bleed_mm, bleed_mm);
    // The art of a tile without edge art is grown beneath itself into the bleed when
    // its page is drawn.
    let background = outline.path.clone();
    let face = |tile: &Tile| -> FaceArt {
        match tile_shape.regular() {
            Some(shape) => front(tile, shape, &design.style, &design.palette),
            None => layered_face(&background, design.style.background, &tile.faces.front, &outline),
        }
    };
    // A tile with `copies = N` prints N times, side by side.
    let cutouts = design
        .tiles
        .iter()
        .flat_map(|tile| std::iter::repeat_n(tile, tile.copies as usize))
        .map(|tile| {
            // A two-faced tile's back is drawn as a front of its own.
            let back = design.backs.enabled.then(|| match tile.back_view() {
                Some(seen) => face(&seen),
                None => back(tile, &outline, &design.backs),
            });
            let front = face(tile);
            Cutout {
                back_upright: back.as_ref().map(|b| b.upright.clone()).unwrap_or_default(),
                back_layers: back.as_ref().map(|b| b.layers.clone()).unwrap_or_default(),
                back: back.map(|b| b.items),
                // Backs are drawn upright; the flip about the vertical axis keeps the outline.
                back_frame: Affine::FLIP_X,
                cut: Cut::Shared { bleed_mm },
                extent: if tile_shape.regular().is_some() { outline.bounds() } else { extent },
                front_upright: front.upright,
                front_layers: front.layers,
                ..Cutout::shared(format!("tile {}", tile.number), outline.clone(), front.items)
            }
        })
        .collect();
    Some(Part {
        suffix: "".into(),
        noun: None,
        front_and_back: true,
        cutouts,
        packing,
        summary: Summary::Tiles,
        share: true,
    })
}

/// How tiles of `shape` fill a sheet: a regular polygon's lattice; square-cornered
/// rectangles in rows and columns `gap_mm` apart (edge to edge, sharing cuts, at 0);
/// rounded rectangles and circles at least [`DEFAULT_ROUND_GAP_MM`] apart unless the sheet
/// asks for a gap.
pub fn tile_packing(shape: TileShape, gap_mm: f64) -> Packing {
    let round_gap = if gap_mm > 0.0 { gap_mm } else { DEFAULT_ROUND_GAP_MM };
    match shape {
        TileShape::Regular(polygon) => Packing::Lattice(polygon),
        TileShape::Rectangle(rect) if rect.corner_radius_mm == 0.0 => {
            Packing::NUp { gutter_mm: gap_mm }
        }
        TileShape::Rectangle(_) => Packing::NUp { gutter_mm: round_gap },
        TileShape::Circle { .. } => Packing::Hexagonal { gap_mm: round_gap },
    }
}
