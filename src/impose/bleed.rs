//! Bleed: a tile's art repeated slightly enlarged underneath itself, so its background (and the lines that leave its edges) reach beyond the cut and a crooked cut shows no white sliver.
//!
//! Enlarging a regular polygon about its centre by `(apothem + bleed) / apothem` moves every
//! edge outward by exactly `bleed`. The enlarged copy lies under the tile's own art, which
//! covers it up to the cut line, so only the band outside the cut shows it. Callers keep the
//! bleed within half the gap between tiles, so it never reaches a neighbour.

use crate::geometry::bleed_growth::{bleed_growth, even_growth};
use crate::geometry::outline::Outline;
use crate::geometry::polygon::RegularPolygon;
use crate::scene::{Group, Item};

/// `items` (a tile's art in its own frame, centred on the origin) with a bleed of `bleed_mm`
/// underneath; unchanged when the bleed is not positive.
pub fn with_bleed(items: Vec<Item>, shape: RegularPolygon, bleed_mm: f64) -> Vec<Item> {
    let apothem = shape.apothem();
    if !(bleed_mm > 0.0 && apothem > 0.0) {
        return items;
    }
    let grown = Group { transform: even_growth(apothem, bleed_mm), items: items.clone() };
    let mut all = Vec::with_capacity(items.len() + 1);
    all.push(Item::Group(grown));
    all.extend(items);
    all
}

/// `items` (a face's art in its own frame) over a copy grown about the centre of `outline`
/// so that every edge moves out by `bleed_mm` (cards, rounded or not, circles, regular
/// polygons); unchanged when the bleed is not positive or the outline cannot grow evenly.
pub fn grown_beneath(items: Vec<Item>, outline: &Outline, bleed_mm: f64) -> Vec<Item> {
    let Some(growth) = bleed_growth(outline, bleed_mm) else { return items };
    let grown = Group { transform: growth, items: items.clone() };
    std::iter::once(Item::Group(grown)).chain(items).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::face::outline;
    use crate::scene::{Colour, Shape};
    use kurbo::Shape as _;

    #[test]
    fn the_grown_copy_reaches_exactly_the_bleed_beyond_every_edge() {
        for sides in [3, 4, 6] {
            let shape = RegularPolygon::new(sides, 24.0);
            let art = vec![Item::Shape(Shape::filled(outline(shape), Colour::BLACK))];
            let bled = with_bleed(art.clone(), shape, 2.0);
            assert_eq!(bled.len(), 2);
            assert_eq!(bled[1..], art[..], "the tile's own art stays on top, unchanged");
            let Item::Group(grown) = &bled[0] else { panic!("no bleed group") };
            let Item::Shape(background) = &grown.items[0] else { panic!() };
            let grown_path = grown.transform * background.path.clone();
            // The top edge (edge 0, outward normal up) moves up by the bleed.
            let top = grown_path.bounding_box().y0;
            let own_top = outline(shape).bounding_box().y0;
            assert!((own_top - top - 2.0).abs() < 1e-9, "{sides} sides: {}", own_top - top);
        }
    }

    #[test]
    fn no_bleed_leaves_the_art_alone() {
        let shape = RegularPolygon::new(6, 24.0);
        assert!(with_bleed(Vec::new(), shape, 0.0).is_empty());
        assert!(with_bleed(Vec::new(), shape, f64::NAN).is_empty());
    }
}
