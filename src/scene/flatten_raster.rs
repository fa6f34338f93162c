//! Flattening by pixels, for PDF/X-1a where one colour beneath is not enough: what lies beneath an image with clear pixels, or beneath a translucent layer, drawn into an opaque image with the image or the layer over it, as print flatteners do.
//!
//! The drawing is a [`Painter`]'s (the build hands in the one its PNGs are drawn with), so
//! the pixels are those the RGB renderers show. An image keeps its own pixel grid, each
//! pixel split into as many as bring it to [`MIN_DPI`] on the face (at most [`MAX_SPLIT`] a
//! side), each of its pixels laid over the backdrop by its alpha (`Colour::over`); a
//! translucent layer becomes an image of [`MIN_DPI`] over the rectangle it paints, clipped
//! to that rectangle (or to the layer's own clip), so nothing outside its reach changes.
//! Either image is marked [`RasterImage::colorimetric`]: a press converts it colour by
//! colour as it converts the vectors around it, so the backdrop inside it prints as the
//! backdrop outside it.

use std::collections::BTreeMap;
use std::sync::Arc;

use kurbo::{Affine, Rect, Shape as _};

use super::bounds::painted_bounds;
use super::{Clip, Colour, Item, Raster, RasterImage};

/// The resolution (dots per inch on the face) a flattened image has at least: a translucent
/// layer's, and an image's own pixels split until they reach it.
pub const MIN_DPI: f64 = 300.0;

/// The most an image's pixel is split into along a side.
pub const MAX_SPLIT: u32 = 8;

/// The most pixels one flattened image holds; a larger layer is drawn at a lower resolution.
pub const MAX_PIXELS: u64 = 36_000_000;

/// Draws scene items into pixels for the flattening (`render::raster` behind a build).
pub trait Painter: std::fmt::Debug {
    /// `lists` drawn in order, each placed in pixels by its transform, over white paper on
    /// a `width` × `height` grid: its pixels' RGB (3 bytes each, row by row), `None` when
    /// such a grid cannot be drawn.
    fn paint(&self, lists: &[(Affine, &[Item])], width: u32, height: u32) -> Option<Vec<u8>>;

    /// The PNG file of `rgba` (`width` × `height` pixels), the SVG writer's copy.
    fn png(&self, rgba: &[u8], width: u32, height: u32) -> Vec<u8>;
}

/// Flattened images made so far, found again by their pixels, so that faces alike share
/// one image.
#[derive(Debug, Default)]
pub(super) struct Rasterised {
    made: BTreeMap<(u32, u32, Vec<u8>), Arc<RasterImage>>,
}

impl Rasterised {
    /// `raster` (placed by `transform` in the frame of `beneath`) drawn over what `beneath`
    /// paints under it: an opaque image over the same rectangle.
    pub(super) fn image(
        &mut self,
        painter: &dyn Painter,
        raster: &Raster,
        transform: Affine,
        beneath: &[(Affine, &[Item])],
    ) -> Option<Arc<RasterImage>> {
        let image = &raster.image;
        let (width, height) = (image.width, image.height);
        if image.rgba.len() != width as usize * height as usize * 4 || width == 0 || height == 0 {
            return None;
        }
        let rect = raster.rect;
        // The size of one of the image's pixels on the face, in mm, along each side.
        let length = |dx: f64, dy: f64| {
            (transform * kurbo::Point::new(dx, dy) - transform * kurbo::Point::ORIGIN).hypot()
        };
        let across = length(rect.width() / f64::from(width), 0.0);
        let down = length(0.0, rect.height() / f64::from(height));
        let dpi = 25.4 / across.max(down);
        let mut split = match dpi.is_finite() && dpi > 0.0 {
            true => (MIN_DPI / dpi).ceil().clamp(1.0, f64::from(MAX_SPLIT)) as u32,
            false => 1,
        };
        let pixels = |split: u32| u64::from(width * split) * u64::from(height * split);
        while split > 1 && pixels(split) > MAX_PIXELS {
            split -= 1;
        }
        let (wide, high) = (width * split, height * split);
        let backdrop = paint_grid(painter, beneath, transform, rect, (wide, high), &[])?;
        let mut rgba = Vec::with_capacity(backdrop.len() / 3 * 4);
        for (index, under) in backdrop.chunks_exact(3).enumerate() {
            let (x, y) = (index as u32 % wide / split, index as u32 / wide / split);
            let at = (y as usize * width as usize + x as usize) * 4;
            let pixel = &image.rgba[at..at + 4];
            let ink = Colour { r: pixel[0], g: pixel[1], b: pixel[2] };
            let behind = Colour { r: under[0], g: under[1], b: under[2] };
            let shown = ink.over(behind, f64::from(pixel[3]) / 255.0);
            rgba.extend([shown.r, shown.g, shown.b, 255]);
        }
        Some(self.made(painter, wide, high, rgba))
    }

    /// The translucent item `veil` (placed by `transform` in the frame of `beneath`) drawn
    /// at its opacity over what `beneath` paints: an opaque image over the rectangle it
    /// paints, clipped to that rectangle or to the layer's own clip.
    pub(super) fn layer(
        &mut self,
        painter: &dyn Painter,
        veil: &Item,
        transform: Affine,
        beneath: &[(Affine, &[Item])],
    ) -> Option<Item> {
        let Item::Translucent(translucent) = veil else { return None };
        let region = painted_bounds(&translucent.items, Affine::IDENTITY)?;
        // Pixels per unit of the layer's frame: MIN_DPI on the face, fewer on a layer so
        // large it would pass MAX_PIXELS.
        let mut per_unit = MIN_DPI / 25.4 * transform.determinant().abs().sqrt();
        let area = region.area() * per_unit * per_unit;
        if area > MAX_PIXELS as f64 {
            per_unit *= (MAX_PIXELS as f64 / area).sqrt();
        }
        if !(per_unit.is_finite() && per_unit > 0.0) {
            return None;
        }
        let wide = (region.width() * per_unit).ceil().max(1.0) as u32;
        let high = (region.height() * per_unit).ceil().max(1.0) as u32;
        let rect = Rect::new(
            region.x0,
            region.y0,
            region.x0 + f64::from(wide) / per_unit,
            region.y0 + f64::from(high) / per_unit,
        );
        let over = [(Affine::IDENTITY, std::slice::from_ref(veil))];
        let shown = paint_grid(painter, beneath, transform, rect, (wide, high), &over)?;
        let rgba = shown.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
        let image = self.made(painter, wide, high, rgba);
        let path = match translucent.items.as_slice() {
            [Item::Clip(clip)] => clip.path.clone(),
            _ => region.to_path(0.1),
        };
        Some(Item::Clip(Clip { path, items: vec![Item::Image(Raster { image, rect })] }))
    }

    /// The opaque image of `rgba`, shared with one made before of the same pixels.
    fn made(
        &mut self,
        painter: &dyn Painter,
        width: u32,
        height: u32,
        rgba: Vec<u8>,
    ) -> Arc<RasterImage> {
        let key = (width, height, rgba);
        if let Some(known) = self.made.get(&key) {
            return known.clone();
        }
        let image = Arc::new(RasterImage {
            width,
            height,
            file: painter.png(&key.2, width, height),
            rgba: key.2.clone(),
            mime: "image/png",
            colorimetric: true,
        });
        self.made.insert(key, image.clone());
        image
    }
}

/// `beneath` (lists in the frame `transform` places `rect` in), then `over` (lists in
/// `rect`'s own frame), drawn on a `size` grid of pixels over `rect`: their RGB.
fn paint_grid(
    painter: &dyn Painter,
    beneath: &[(Affine, &[Item])],
    transform: Affine,
    rect: Rect,
    (width, height): (u32, u32),
    over: &[(Affine, &[Item])],
) -> Option<Vec<u8>> {
    let place = Affine::translate((rect.x0, rect.y0))
        * Affine::scale_non_uniform(
            rect.width() / f64::from(width),
            rect.height() / f64::from(height),
        );
    let whole = transform * place;
    if !(whole.determinant().abs() > 0.0 && whole.is_finite()) {
        return None;
    }
    let (to_pixels, local_to_pixels) = (whole.inverse(), place.inverse());
    let lists: Vec<(Affine, &[Item])> = beneath
        .iter()
        .map(|&(placed, items)| (to_pixels * placed, items))
        .chain(over.iter().map(|&(placed, items)| (local_to_pixels * placed, items)))
        .collect();
    painter.paint(&lists, width, height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::flatten::Flattener;
    use crate::scene::{Group, Shape, Translucent};

    const RED: Colour = Colour { r: 200, g: 0, b: 0 };
    const BLUE: Colour = Colour { r: 0, g: 0, b: 200 };

    /// Paints each pixel in the colour at its centre: the topmost fill holding it, each
    /// translucent item blended over what lies beneath it (no edges to smooth).
    #[derive(Debug)]
    struct Centres;

    fn colour_at(lists: &[(Affine, &[Item])], point: kurbo::Point) -> Colour {
        let mut shown = Colour::WHITE;
        for &(transform, items) in lists {
            shown = over(items, transform, point, shown);
        }
        shown
    }

    fn over(items: &[Item], transform: Affine, point: kurbo::Point, behind: Colour) -> Colour {
        items.iter().fold(behind, |shown, item| match item {
            Item::Shape(shape) => match shape.fill {
                Some(fill) if (transform * shape.path.clone()).winding(point) != 0 => fill,
                _ => shown,
            },
            Item::Group(group) => over(&group.items, transform * group.transform, point, shown),
            Item::Translucent(veil) => {
                let inside = over(&veil.items, transform, point, shown);
                inside.over(shown, veil.opacity)
            }
            _ => shown,
        })
    }

    impl Painter for Centres {
        fn paint(&self, lists: &[(Affine, &[Item])], width: u32, height: u32) -> Option<Vec<u8>> {
            let mut rgb = Vec::new();
            for y in 0..height {
                for x in 0..width {
                    let centre = kurbo::Point::new(f64::from(x) + 0.5, f64::from(y) + 0.5);
                    let colour = colour_at(lists, centre);
                    rgb.extend([colour.r, colour.g, colour.b]);
                }
            }
            Some(rgb)
        }

        fn png(&self, _: &[u8], _: u32, _: u32) -> Vec<u8> {
            Vec::new()
        }
    }

    fn square(x0: f64, y0: f64, x1: f64, y1: f64, colour: Colour) -> Item {
        Item::Shape(Shape::filled(Rect::new(x0, y0, x1, y1).to_path(0.1), colour))
    }

    /// The pixels of `image` as colours, row by row.
    fn colours(image: &RasterImage) -> Vec<Colour> {
        image.rgba.chunks(4).map(|p| Colour { r: p[0], g: p[1], b: p[2] }).collect()
    }

    #[test]
    fn an_image_over_two_colours_is_laid_pixel_by_pixel_over_each() {
        // A 2 × 1 image over a 10 mm band: its left pixel over red, its right over blue;
        // Pixels of 5 mm (5 dpi) split the most, 8 ways a side.
        let rgba = vec![0, 200, 0, 128, 0, 200, 0, 255];
        let image = Arc::new(RasterImage {
            width: 2,
            height: 1,
            rgba,
            file: Vec::new(),
            mime: "image/png",
            colorimetric: false,
        });
        let raster = Raster { image, rect: Rect::new(0.0, 0.0, 10.0, 5.0) };
        let face = vec![
            square(0.0, 0.0, 5.0, 5.0, RED),
            square(5.0, 0.0, 10.0, 5.0, BLUE),
            Item::Image(raster.clone()),
        ];
        let flat = Flattener::new(&Centres).over(&face, Vec::new()).expect("drawn in pixels");
        let Item::Image(done) = &flat[2] else { panic!("{:?}", flat[2]) };
        assert_eq!(done.rect, raster.rect, "the same rectangle");
        assert!(done.image.colorimetric, "converted as the vectors are");
        assert_eq!((done.image.width, done.image.height), (16, 8));
        assert!(done.image.rgba.chunks(4).all(|p| p[3] == 255), "opaque");
        let green = Colour { r: 0, g: 200, b: 0 };
        let pixels = colours(&done.image);
        assert_eq!(pixels[0], green.over(RED, 128.0 / 255.0));
        assert_eq!(pixels[7], green.over(RED, 128.0 / 255.0));
        assert_eq!(pixels[8], green, "an opaque pixel stays as it is");
        // Without a painter it is refused.
        assert!(Flattener::default().over(&face, Vec::new()).is_err());
        // The same image over the same ground on another face: one image, shared.
        let mut flattener = Flattener::new(&Centres);
        let a = flattener.over(&face, Vec::new()).unwrap();
        let b = flattener.over(&face, Vec::new()).unwrap();
        let (Item::Image(a), Item::Image(b)) = (&a[2], &b[2]) else { panic!() };
        assert!(Arc::ptr_eq(&a.image, &b.image));
    }

    #[test]
    fn a_layer_over_two_colours_becomes_an_image_of_its_blend_clipped_to_its_reach() {
        let layer = Translucent { opacity: 0.5, items: vec![square(2.0, 1.0, 8.0, 3.0, BLUE)] };
        let face = vec![
            square(0.0, 0.0, 5.0, 5.0, RED),
            square(5.0, 0.0, 10.0, 5.0, Colour::WHITE),
            Item::Group(Group {
                transform: Affine::translate((10.0, 0.0)),
                items: vec![Item::Translucent(layer)],
            }),
        ];
        // Moved 10 mm to the right, over the paper only: one colour, recoloured.
        let flat = Flattener::new(&Centres).over(&face, Vec::new()).unwrap();
        let Item::Group(Group { items, .. }) = &flat[2] else { panic!() };
        assert!(matches!(items[..], [Item::Shape(_)]), "{items:?}");
        let face = [
            face[0].clone(),
            face[1].clone(),
            Item::Group(Group {
                transform: Affine::IDENTITY,
                items: match &face[2] {
                    Item::Group(group) => group.items.clone(),
                    _ => unreachable!(),
                },
            }),
        ];
        let flat = Flattener::new(&Centres).over(&face, Vec::new()).unwrap();
        let Item::Group(Group { items, .. }) = &flat[2] else { panic!() };
        let [Item::Clip(clip)] = &items[..] else { panic!("{items:?}") };
        assert_eq!(clip.path.bounding_box(), Rect::new(2.0, 1.0, 8.0, 3.0), "its reach");
        let [Item::Image(raster)] = &clip.items[..] else { panic!("{clip:?}") };
        // 6 × 2 mm at 300 dpi: 71 × 24 pixels, the rectangle grown to whole pixels.
        let image = &raster.image;
        assert_eq!((image.width, image.height), (71, 24));
        assert!(image.colorimetric);
        assert!((raster.rect.width() - 71.0 * 25.4 / 300.0).abs() < 1e-9, "{raster:?}");
        let pixels = colours(image);
        let (left, right) = (pixels[24 * 71 / 2 + 5], pixels[24 * 71 / 2 + 65]);
        assert_eq!(left, BLUE.over(RED, 0.5));
        assert_eq!(right, BLUE.over(Colour::WHITE, 0.5));
        // A veil holding an image is drawn too.
        let dot = Item::Image(Raster {
            image: RasterImage::one_pixel(&[0, 0, 0, 255]),
            rect: Rect::new(3.0, 1.0, 4.0, 2.0),
        });
        let veiled = Item::Translucent(Translucent { opacity: 0.5, items: vec![dot] });
        let flat = Flattener::new(&Centres).over(&[face[0].clone(), veiled], Vec::new()).unwrap();
        assert!(matches!(&flat[1], Item::Clip(_)), "{:?}", flat[1]);
    }
}
