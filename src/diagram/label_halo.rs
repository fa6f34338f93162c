//! A label's halo: its glyphs drawn once more beneath it, filled and widened in white or black (whichever stands out more from the label's colour), so that it reads on any tile, line or mark under it.

use crate::scene::vision::contrast_ratio;
use crate::scene::{Colour, Item, Shape, Stroke};

/// How far, in printed mm, the halo reaches past the label's glyphs.
pub const HALO_MM: f64 = 0.35;

/// The halo's colour for a label in `colour`: white or black, the one it contrasts more with.
pub fn halo_colour(colour: Colour) -> Colour {
    let (white, black) =
        (contrast_ratio(colour, Colour::WHITE), contrast_ratio(colour, Colour::BLACK));
    if white >= black { Colour::WHITE } else { Colour::BLACK }
}

/// The halo beneath the label drawn as `items`: each filled path again, filled and stroked
/// `2 × reach` wide in `colour` (`reach` in the label's units). Images (icons) get none.
pub fn halo_items(items: &[Item], colour: Colour, reach: f64) -> Vec<Item> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Shape(shape) if shape.fill.is_some() || shape.stroke.is_some() => {
                let width = 2.0 * reach + shape.stroke.as_ref().map_or(0.0, |s| s.width_mm);
                Some(Item::Shape(Shape {
                    path: shape.path.clone(),
                    fill: shape.fill.map(|_| colour),
                    stroke: Some(Stroke::solid(colour, width)),
                }))
            }
            Item::Group(group) => {
                let items = halo_items(&group.items, colour, reach);
                (!items.is_empty()).then_some(Item::Group(crate::scene::Group {
                    transform: group.transform,
                    items,
                }))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurbo::{Rect, Shape as _};

    #[test]
    fn a_dark_label_gets_a_white_halo_and_a_light_one_a_black_halo() {
        assert_eq!(halo_colour(Colour::BLACK), Colour::WHITE);
        assert_eq!(halo_colour(Colour { r: 0xf0, g: 0xe0, b: 0x40 }), Colour::BLACK);
    }

    #[test]
    fn the_halo_fills_the_glyph_and_reaches_past_it() {
        let glyph = Rect::new(0.0, 0.0, 2.0, 3.0).to_path(0.01);
        let items = [Item::Shape(Shape::filled(glyph.clone(), Colour::BLACK))];
        let halo = halo_items(&items, Colour::WHITE, 0.5);
        let [Item::Shape(shape)] = halo.as_slice() else { panic!("{halo:?}") };
        assert_eq!((shape.path.clone(), shape.fill), (glyph, Some(Colour::WHITE)));
        assert_eq!(
            shape.stroke.as_ref().map(|s| (s.colour, s.width_mm)),
            Some((Colour::WHITE, 1.0))
        );
    }
}
