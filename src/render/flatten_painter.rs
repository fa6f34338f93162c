//! The painter PDF/X-1a's flattening draws with (`scene::flatten::Painter`): scene items into pixels over white paper by `raster.rs`, as the build's PNGs show them.

use kurbo::Affine;
use png::{BitDepth, ColorType, Encoder};
use resvg::tiny_skia::{Color, Pixmap};

use super::raster::{ImageCache, draw_items};
use crate::scene::Item;
use crate::scene::flatten::Painter;

/// Draws with [`draw_items`], as resvg draws the SVG of the items.
#[derive(Clone, Copy, Debug, Default)]
pub struct RasterPainter;

impl Painter for RasterPainter {
    fn paint(&self, lists: &[(Affine, &[Item])], width: u32, height: u32) -> Option<Vec<u8>> {
        let mut pixmap = Pixmap::new(width, height)?;
        pixmap.fill(Color::WHITE);
        let mut images = ImageCache::default();
        for &(transform, items) in lists {
            draw_items(items, transform, &mut pixmap.as_mut(), &mut images);
        }
        // Over white every pixel is opaque: premultiplied is straight.
        Some(pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect())
    }

    fn png(&self, rgba: &[u8], width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = Encoder::new(&mut out, width, height);
        encoder.set_color(ColorType::Rgba);
        encoder.set_depth(BitDepth::Eight);
        // Writing into memory fails only on pixels that do not match the size: no file.
        let written = encoder.write_header().and_then(|mut writer| writer.write_image_data(rgba));
        match written {
            Ok(()) => out,
            Err(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Shape, Translucent};
    use kurbo::{Rect, Shape as _};

    #[test]
    fn paints_each_list_by_its_transform_over_white_paper() {
        let red = Colour { r: 200, g: 0, b: 0 };
        let half = [Item::Shape(Shape::filled(Rect::new(0.0, 0.0, 1.0, 2.0).to_path(0.1), red))];
        let veil = [Item::Translucent(Translucent { opacity: 0.5, items: half.to_vec() })];
        let lists = [(Affine::IDENTITY, &half[..]), (Affine::translate((2.0, 0.0)), &veil[..])];
        let pixels = RasterPainter.paint(&lists, 4, 2).unwrap();
        let at = |x: usize| &pixels[x * 3..x * 3 + 3];
        assert_eq!(at(0), [200, 0, 0]);
        assert_eq!(at(1), [255, 255, 255], "the paper");
        let blended = red.over(Colour::WHITE, 0.5);
        assert!(
            at(2).iter().zip([blended.r, blended.g, blended.b]).all(|(a, b)| a.abs_diff(b) <= 1)
        );
        assert!(RasterPainter.paint(&lists, 0, 2).is_none());
        let png = RasterPainter.png(&[1, 2, 3, 255], 1, 1);
        assert!(png.starts_with(b"\x89PNG"));
    }
}
