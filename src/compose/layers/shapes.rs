//! Shape layers: circles, rectangles (optionally rounded), regular polygons and stars,
//! filled and/or stroked, and lines, stroked; centred on the origin of the layer's frame.

use std::f64::consts::PI;

use kurbo::{BezPath, Circle, Ellipse, Point, Rect, RoundedRect, Shape as _, Vec2};

use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::model::colours::cues::Cue;
use crate::model::face::{Figure, ShapeLayer};
use crate::scene::{Item, Shape, Stroke};

/// The figure's outline, `width × height` mm, centred on the origin.
pub fn figure_path(figure: Figure, width: f64, height: f64) -> BezPath {
    match figure {
        Figure::Circle if (width - height).abs() < 1e-12 => {
            Circle::new(Point::ORIGIN, width / 2.0).to_path(CURVE_TOLERANCE_MM)
        }
        Figure::Circle => Ellipse::new(Point::ORIGIN, (width / 2.0, height / 2.0), 0.0)
            .to_path(CURVE_TOLERANCE_MM),
        Figure::Rectangle { radius_mm } => {
            let rect = Rect::from_center_size(Point::ORIGIN, (width, height));
            let radius = radius_mm.clamp(0.0, width.min(height) / 2.0);
            if radius > 0.0 {
                RoundedRect::from_rect(rect, radius).to_path(CURVE_TOLERANCE_MM)
            } else {
                rect.to_path(CURVE_TOLERANCE_MM)
            }
        }
        Figure::Polygon { sides } => star_path(sides.max(3), 1.0, width, height),
        Figure::Star { points, inner } => star_path(points.max(2) * 2, inner, width, height),
        Figure::Line => {
            let mut path = BezPath::new();
            path.move_to(Point::new(-width / 2.0, -height / 2.0));
            path.line_to(Point::new(width / 2.0, height / 2.0));
            path
        }
    }
}

/// A polygon of `corners` corners, the first on top, alternate corners at `inner` × the
/// radius (1 for a regular polygon), stretched into `width × height`.
fn star_path(corners: u32, inner: f64, width: f64, height: f64) -> BezPath {
    let mut path = BezPath::new();
    for k in 0..corners {
        let angle = -PI / 2.0 + 2.0 * PI * f64::from(k) / f64::from(corners);
        let r = if k % 2 == 1 { inner } else { 1.0 };
        let p = Point::ORIGIN
            + Vec2::new(angle.cos() * r * width / 2.0, angle.sin() * r * height / 2.0);
        if k == 0 { path.move_to(p) } else { path.line_to(p) }
    }
    path.close_path();
    path
}

/// The shape layer as one scene item; a hatched fill as the fill, its hatch, then the
/// stroke over both.
pub fn shape_items(layer: &ShapeLayer) -> Vec<Item> {
    let path = figure_path(layer.figure, layer.width_mm, layer.height_mm);
    let stroke = layer.stroke.map(|(colour, width)| Stroke::solid(colour, width));
    let hatch = layer
        .fill
        .filter(|_| layer.hatched)
        .and_then(|fill| crate::compose::region_cues::region_cue(&path, fill, Some(Cue::Hatch)));
    let Some(hatch) = hatch else {
        return vec![Item::Shape(Shape { path, fill: layer.fill, stroke })];
    };
    let mut items = vec![Item::Shape(Shape { path: path.clone(), fill: layer.fill, stroke: None })];
    items.push(hatch);
    items
        .extend(stroke.map(|stroke| Item::Shape(Shape { path, fill: None, stroke: Some(stroke) })));
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(figure: Figure, w: f64, h: f64) -> Rect {
        figure_path(figure, w, h).bounding_box()
    }

    #[test]
    fn every_figure_measures_its_size() {
        let circle = size(Figure::Circle, 10.0, 10.0);
        assert!(
            (circle.width() - 10.0).abs() < 1e-3 && circle.center().distance(Point::ORIGIN) < 1e-9
        );
        let rounded = size(Figure::Rectangle { radius_mm: 2.0 }, 12.0, 6.0);
        assert!((rounded.width() - 12.0).abs() < 1e-9 && (rounded.height() - 6.0).abs() < 1e-9);
        // A hexagon with a corner on top is as tall as its circle.
        let hexagon = size(Figure::Polygon { sides: 6 }, 10.0, 10.0);
        assert!((hexagon.height() - 10.0).abs() < 1e-9, "{hexagon:?}");
        let line = figure_path(Figure::Line, 8.0, 0.0);
        assert_eq!(line.elements().len(), 2, "a move and a line, not closed");
        assert!(
            (line.bounding_box().width() - 8.0).abs() < 1e-9 && line.bounding_box().height() == 0.0
        );
        let star = figure_path(Figure::Star { points: 5, inner: 0.5 }, 10.0, 10.0);
        assert_eq!(star.elements().len(), 11, "ten corners and a close");
        assert!((star.bounding_box().y0 + 5.0).abs() < 1e-9);
    }

    #[test]
    fn a_rounded_rectangle_has_less_area_than_a_sharp_one() {
        let sharp = figure_path(Figure::Rectangle { radius_mm: 0.0 }, 10.0, 10.0).area();
        let round = figure_path(Figure::Rectangle { radius_mm: 2.0 }, 10.0, 10.0).area();
        assert!((sharp.abs() - 100.0).abs() < 1e-9);
        let expected = 100.0 - (4.0 - PI) * 4.0;
        assert!((round.abs() - expected).abs() < 0.01, "{round}");
    }
}
