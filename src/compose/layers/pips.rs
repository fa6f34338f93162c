//! Pips layers: 0 to 9 pips in the die and domino layouts, inside a square box centred on
//! the layer's origin.

use kurbo::{BezPath, Circle, Point, Shape as _};

use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::model::face::{MAX_PIPS, PipsLayer};
use crate::scene::{Item, Shape};

/// Where the pips of `count` sit, on a 3 × 3 grid from -1 to 1 (x right, y down).
pub fn pip_grid(count: u32) -> Vec<(i8, i8)> {
    const CENTRE: (i8, i8) = (0, 0);
    const DIAGONAL: [(i8, i8); 2] = [(1, -1), (-1, 1)];
    const OTHER_DIAGONAL: [(i8, i8); 2] = [(-1, -1), (1, 1)];
    const SIDES: [(i8, i8); 2] = [(-1, 0), (1, 0)];
    const TOP_BOTTOM: [(i8, i8); 2] = [(0, -1), (0, 1)];
    let mut pips = Vec::new();
    if count % 2 == 1 {
        pips.push(CENTRE);
    }
    if count >= 2 {
        pips.extend(DIAGONAL);
    }
    if count >= 4 {
        pips.extend(OTHER_DIAGONAL);
    }
    if count >= 6 {
        pips.extend(SIDES);
    }
    if count >= 8 {
        pips.extend(TOP_BOTTOM);
    }
    pips
}

/// The pips as one filled path: a pip's diameter is a fifth of the box, and the outer pips
/// touch the box's sides.
pub fn pips_path(count: u32, box_mm: f64) -> BezPath {
    let radius = box_mm / 10.0;
    let step = box_mm / 2.0 - radius;
    let mut path = BezPath::new();
    for (x, y) in pip_grid(count.min(MAX_PIPS)) {
        let centre = Point::new(f64::from(x) * step, f64::from(y) * step);
        path.extend(Circle::new(centre, radius).path_elements(CURVE_TOLERANCE_MM));
    }
    path
}

/// The pips layer as scene items (none for zero pips).
pub fn pips_items(layer: &PipsLayer) -> Vec<Item> {
    if layer.count == 0 {
        return Vec::new();
    }
    vec![Item::Shape(Shape::filled(pips_path(layer.count, layer.box_mm), layer.colour))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn die_layouts_have_their_count_and_no_repeats() {
        for count in 0..=MAX_PIPS {
            let mut grid = pip_grid(count);
            assert_eq!(grid.len() as u32, count);
            grid.sort();
            grid.dedup();
            assert_eq!(grid.len() as u32, count, "{count}");
        }
        assert_eq!(pip_grid(1), vec![(0, 0)]);
        // Five is four corners and the centre, like a die.
        let mut five = pip_grid(5);
        five.sort();
        assert_eq!(five, vec![(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)]);
    }

    #[test]
    fn pips_fill_their_box() {
        let bounds = pips_path(6, 12.0).bounding_box();
        assert!((bounds.width() - 12.0).abs() < 1e-3 && (bounds.height() - 12.0).abs() < 1e-3);
        let one = pips_path(1, 12.0).bounding_box();
        assert!((one.width() - 2.4).abs() < 1e-3);
    }
}
