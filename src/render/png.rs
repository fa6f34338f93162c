//! PNG images of whole pages at a chosen resolution, drawn and encoded strip by strip: from the scene (`render::raster`), or with resvg from SVG text.
//!
//! Pages are drawn straight from their scene, which `tests/suite/raster_matches_svg.rs` holds
//! to what resvg draws of the page's SVG; [`svg_to_png`] is that reference. Sheets,
//! previews and diagrams lie on white paper and are written opaque (RGB); a transparent
//! background is kept for pages that leave parts undrawn.

use kurbo::Affine;
use resvg::tiny_skia::Transform;
use resvg::usvg::{Options, Tree};

use super::item_reach::ItemReach;
use super::raster::{Edges, ImageCache, draw_reaching_items};
use super::strips::{Drawing, draw_in_strips};
use crate::scene::Page;

/// CSS pixels per inch: usvg measures millimetres in these.
pub const CSS_DPI: f64 = 96.0;
pub const MM_PER_INCH: f64 = 25.4;
/// Lowest and highest resolution accepted, in dots per inch.
pub const DPI_RANGE: (f64, f64) = (10.0, 1200.0);
/// The most pixel bytes drawn at once: images taller than this are drawn in strips.
pub const STRIP_BYTES: usize = 2 << 20;

/// What shows where the SVG draws nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// White, as printed: sheets, previews and diagrams (which draw their own white paper).
    White,
    /// Transparent, for a page that leaves parts undrawn to show what it is placed on.
    Transparent,
}

/// The whole page of `svg` as a PNG at `dpi`, sized from the page's millimetres, drawn in
/// strips of at most [`STRIP_BYTES`] so memory stays flat whatever the paper.
pub fn svg_to_png(svg: &str, dpi: f64, paper: Paper) -> Result<Vec<u8>, String> {
    let tree = parse(svg)?;
    scale_for(dpi)?;
    let size = tree.size();
    let to_mm = |px: f32| f64::from(px) * MM_PER_INCH / CSS_DPI;
    let (width_mm, height_mm) = (to_mm(size.width()), to_mm(size.height()));
    crate::model::input::limits::raster_fits(width_mm, height_mm, dpi)?;
    let (width, height) = pixel_size(width_mm, height_mm, dpi);
    let scale = Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    draw_in_strips(
        width,
        height,
        paper,
        (STRIP_BYTES, Drawing::InTurn),
        |strip, top, _: &mut ()| {
            resvg::render(&tree, scale.post_translate(0.0, -(top as f32)), strip);
            Ok(())
        },
    )
}

/// The whole of `page` (every layer) as a PNG at `dpi`, drawn from its scene in strips of at
/// most [`STRIP_BYTES`]: the same pixels as [`svg_to_png`] of the page's SVG, up to
/// anti-aliasing, without writing and parsing the SVG.
pub fn page_to_png(page: &Page, dpi: f64, paper: Paper) -> Result<Vec<u8>, String> {
    scale_for(dpi)?;
    let (width_mm, height_mm) = page.drawn_size_mm();
    crate::model::input::limits::raster_fits(width_mm, height_mm, dpi)?;
    let (width, height) = pixel_size(width_mm, height_mm, dpi);
    let scale =
        Affine::scale_non_uniform(f64::from(width) / width_mm, f64::from(height) / height_mm);
    let reach: Vec<ItemReach> =
        page.layers.iter().map(|layer| ItemReach::of(&layer.items)).collect();
    let strips = (STRIP_BYTES, Drawing::InTurn);
    draw_in_strips(width, height, paper, strips, |strip, top, images: &mut ImageCache| {
        let to_strip = Affine::translate((0.0, -f64::from(top))) * scale;
        for (layer, reach) in page.layers.iter().zip(&reach) {
            draw_reaching_items(&layer.items, reach, to_strip, strip, images, Edges::AsResvg);
        }
        Ok(())
    })
}

/// The pixel size of a page `width_mm` × `height_mm` at `dpi` (at least 1 × 1).
pub fn pixel_size(width_mm: f64, height_mm: f64, dpi: f64) -> (u32, u32) {
    let pixels =
        |mm: f64| ((mm / MM_PER_INCH * dpi).round().max(1.0)).min(f64::from(u32::MAX)) as u32;
    (pixels(width_mm), pixels(height_mm))
}

pub fn parse(svg: &str) -> Result<Tree, String> {
    Tree::from_str(svg, &Options::default()).map_err(|e| format!("cannot read the SVG: {e}"))
}

/// Pixels per CSS pixel for `dpi`, which must be within [`DPI_RANGE`].
pub fn scale_for(dpi: f64) -> Result<f32, String> {
    let (low, high) = DPI_RANGE;
    if dpi.is_finite() && (low..=high).contains(&dpi) {
        Ok((dpi / CSS_DPI) as f32)
    } else {
        Err(format!("a resolution of {dpi} dpi is not from {low} to {high}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::png_rows::strip_rows;
    use crate::render::svg::page_to_svg;
    use crate::scene::{Colour, Item, Layer, Page, Role, Shape};
    use kurbo::{Rect, Shape as _};
    use resvg::tiny_skia::Pixmap;

    fn page(art: Rect) -> String {
        let red = Colour { r: 255, g: 0, b: 0 };
        let square = Item::Shape(Shape::filled(art.to_path(0.1), red));
        page_to_svg(&Page {
            label: "p".into(),
            width_mm: 100.0,
            height_mm: 50.0,
            layers: vec![Layer { role: Role::Art, items: vec![square] }],
        })
    }

    fn decode(png: &[u8]) -> Pixmap {
        Pixmap::decode_png(png).unwrap()
    }

    #[test]
    fn a_page_has_its_physical_size_at_the_given_resolution() {
        let png = decode(
            &svg_to_png(&page(Rect::new(10.0, 10.0, 20.0, 20.0)), 254.0, Paper::White).unwrap(),
        );
        // 100 mm at 254 dpi is 1000 pixels.
        assert_eq!((png.width(), png.height()), (1000, 500));
        let at = |x: u32, y: u32| png.pixel(x, y).unwrap();
        assert_eq!((at(150, 150).red(), at(150, 150).green()), (255, 0), "inside the square");
        assert_eq!(at(50, 50).green(), 255, "white paper outside");
    }

    #[test]
    fn a_page_drawn_in_strips_is_the_page_drawn_whole() {
        let mut triangle = kurbo::BezPath::new();
        triangle.move_to((5.0, 3.0));
        triangle.line_to((95.0, 100.0));
        triangle.quad_to((10.0, 190.0), (5.0, 3.0));
        let red = Colour { r: 200, g: 30, b: 60 };
        let svg = page_to_svg(&Page {
            label: "p".into(),
            width_mm: 100.0,
            height_mm: 200.0,
            layers: vec![Layer {
                role: Role::Art,
                items: vec![Item::Shape(Shape::filled(triangle, red))],
            }],
        });
        // 1000 × 2000 pixels: four strips.
        assert!(strip_rows(1000, STRIP_BYTES) < 1000);
        let strips = decode(&svg_to_png(&svg, 254.0, Paper::Transparent).unwrap());
        let tree = parse(&svg).unwrap();
        let mut whole = Pixmap::new(1000, 2000).unwrap();
        let size = tree.size();
        let scale = Transform::from_scale(1000.0 / size.width(), 2000.0 / size.height());
        resvg::render(&tree, scale, &mut whole.as_mut());
        // tiny-skia clips curves to the target before it flattens them, so anti-aliased
        // edge pixels may come out a little different; everything else must be the same.
        let mut differ = 0;
        for (x, y) in (0..2000).flat_map(|y| (0..1000).map(move |x| (x, y))) {
            let (a, b) = (strips.pixel(x, y).unwrap().alpha(), whole.pixel(x, y).unwrap().alpha());
            if a.abs_diff(b) > 1 {
                differ += 1;
                let edge = |alpha: u8| alpha > 0 && alpha < 255;
                assert!(edge(a) || edge(b), "({x}, {y}): {a} in strips, {b} whole");
            }
        }
        assert!(differ < 2000, "{differ} edge pixels differ");
        let inside = (strips.pixel(300, 1000).unwrap(), whole.pixel(300, 1000).unwrap());
        assert_eq!((inside.0.alpha(), inside.1.alpha()), (255, 255));
    }

    #[test]
    fn bad_resolutions_and_bad_svg_are_errors() {
        assert!(svg_to_png(&page(Rect::new(0.0, 0.0, 1.0, 1.0)), f64::NAN, Paper::White).is_err());
        assert!(svg_to_png(&page(Rect::new(0.0, 0.0, 1.0, 1.0)), 5.0, Paper::White).is_err());
        assert!(svg_to_png("<svg", 96.0, Paper::White).is_err());
    }
}

#[cfg(test)]
mod sizing_tests {
    use super::*;
    use crate::model::face::raster::decode_png;

    #[test]
    fn a_red_square_on_white_comes_out_red_in_the_middle_at_the_asked_size() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"25.4mm\" height=\"12.7mm\" \
                   viewBox=\"0 0 25.4 12.7\"><rect width=\"25.4\" height=\"12.7\" fill=\"#fff\"/>\
                   <rect x=\"10\" y=\"3\" width=\"5\" height=\"5\" fill=\"#ff0000\"/></svg>";
        let png = svg_to_png(svg, 300.0, Paper::Transparent).unwrap();
        let (w, h, pixels) = decode_png(&png).unwrap();
        assert_eq!((w, h), (300, 150));
        // 12.5 mm across, 5.5 mm down: inside the red square.
        let at = |x_mm: f64, y_mm: f64| {
            pixels[(y_mm / 25.4 * 300.0) as usize * w as usize + (x_mm / 25.4 * 300.0) as usize]
        };
        assert_eq!(at(12.5, 5.5), [255, 0, 0, 255]);
        assert_eq!(at(2.0, 2.0), [255, 255, 255, 255]);
    }
}
