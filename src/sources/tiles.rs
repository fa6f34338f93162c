//! The `[[tiles]]` source: one cutout per tile, its front and (when the set has backs) its
//! back composed in the tile's frame, packed on the tile shape's lattice.

use kurbo::Affine;

use super::{Part, Summary};
use crate::compose::back::back;
use crate::compose::face::front;
use crate::cutout::{Cut, Cutout};
use crate::geometry::outline::Outline;
use crate::impose::Packing;
use crate::model::design::Design;

/// The tiles part; `None` when the design has no tiles.
pub fn tiles(design: &Design) -> Option<Part> {
    let shape = design.shape.filter(|_| !design.tiles.is_empty())?;
    let bleed_mm = design.sheet.print.bleed_for_gap(design.sheet.gap_mm);
    let outline = Outline::regular(shape);
    // A tile with `copies = N` prints N times, side by side.
    let cutouts = design
        .tiles
        .iter()
        .flat_map(|tile| std::iter::repeat_n(tile, tile.copies as usize))
        .map(|tile| {
            // A two-faced tile's back is drawn as a front of its own.
            let back = design.backs.enabled.then(|| match tile.back_view() {
                Some(seen) => front(&seen, shape, &design.style, &design.palette),
                None => back(tile, shape, &design.backs),
            });
            let front = front(tile, shape, &design.style, &design.palette);
            Cutout {
                back_upright: back.as_ref().map(|b| b.upright.clone()).unwrap_or_default(),
                back: back.map(|b| b.items),
                // Backs are drawn upright; the flip about the vertical axis keeps the outline.
                back_frame: Affine::FLIP_X,
                cut: Cut::Shared { bleed_mm },
                front_upright: front.upright,
                ..Cutout::shared(format!("tile {}", tile.number), outline.clone(), front.items)
            }
        })
        .collect();
    Some(Part {
        suffix: "".into(),
        noun: None,
        front_and_back: true,
        cutouts,
        packing: Packing::Lattice(shape),
        summary: Summary::Tiles,
    })
}
