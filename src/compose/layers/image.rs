//! Image layers drawn: the image's symbol scaled so that its larger side is the layer's
//! size, centred on the layer's origin.

use kurbo::Affine;

use crate::model::face::ImageLayer;
use crate::scene::{Item, Use};

/// The image scaled so that its larger side is `size_mm`, centred on the origin.
pub fn image_items(layer: &ImageLayer) -> Vec<Item> {
    let image = &layer.image;
    let side = image.width.max(image.height);
    if side <= 0.0 {
        return Vec::new();
    }
    let scale = layer.size_mm / side;
    let transform =
        Affine::scale(scale) * Affine::translate((-image.width / 2.0, -image.height / 2.0));
    vec![Item::Use(Use { symbol: image.symbol.clone(), transform })]
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use kurbo::Point;

    use super::*;
    use crate::model::face::image::svg_image;

    const SUN: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
        <rect x="0" y="0" width="20" height="10" fill="#ff0000"/>
    </svg>"##;

    #[test]
    fn the_larger_side_measures_the_size() {
        let image = Arc::new(svg_image(SUN.as_bytes().to_vec(), "sun.svg").unwrap());
        let items = image_items(&ImageLayer { image, size_mm: 8.0 });
        let Item::Use(group) = &items[0] else { panic!("a use of the symbol") };
        let Item::Shape(rect) = &group.symbol.items[0] else { panic!("a shape") };
        use kurbo::Shape as _;
        let placed = (group.transform * rect.path.clone()).bounding_box();
        assert!((placed.width() - 8.0).abs() < 1e-9 && (placed.height() - 4.0).abs() < 1e-9);
        assert!(placed.center().distance(Point::ORIGIN) < 1e-9);
    }
}
