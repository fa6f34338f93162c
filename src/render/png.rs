//! PNG images rasterised with resvg from the SVG text the other backends wrote: a page at a chosen resolution, or a contact sheet of the art of many pages.
//!
//! Rasterising the SVG (rather than the scene a second way) means the PNG shows exactly what
//! the SVG file holds. Pixels are opaque: the paper is white.

use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};
use resvg::usvg::{Node, Options, Tree};

/// CSS pixels per inch: usvg measures millimetres in these.
const CSS_DPI: f64 = 96.0;
const MM_PER_INCH: f64 = 25.4;
/// Lowest and highest resolution accepted, in dots per inch.
pub const DPI_RANGE: (f64, f64) = (10.0, 1200.0);
/// Space around and between the pictures of a contact sheet, in mm.
const GUTTER_MM: f64 = 4.0;
/// The id the SVG backend gives a page's art layer.
const ART_LAYER_ID: &str = "layer-art";

/// What shows where the SVG draws nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// White, as printed: sheets and previews.
    White,
    /// Transparent, for figures placed on a page of another colour: diagrams.
    Transparent,
}

/// The whole page of `svg` as a PNG at `dpi`, sized from the page's millimetres.
pub fn svg_to_png(svg: &str, dpi: f64, paper: Paper) -> Result<Vec<u8>, String> {
    let tree = parse(svg)?;
    scale_for(dpi)?;
    let size = tree.size();
    let to_mm = |px: f32| f64::from(px) * MM_PER_INCH / CSS_DPI;
    let (width_mm, height_mm) = (to_mm(size.width()), to_mm(size.height()));
    crate::model::limits::raster_fits(width_mm, height_mm, dpi)?;
    let (width, height) = pixel_size(width_mm, height_mm, dpi);
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("a {width} × {height} pixel image is too large"))?;
    if paper == Paper::White {
        pixmap.fill(Color::WHITE);
    }
    let transform =
        Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    encode(&pixmap)
}

/// The pixel size of a page `width_mm` × `height_mm` at `dpi` (at least 1 × 1).
pub fn pixel_size(width_mm: f64, height_mm: f64, dpi: f64) -> (u32, u32) {
    let pixels =
        |mm: f64| ((mm / MM_PER_INCH * dpi).round().max(1.0)).min(f64::from(u32::MAX)) as u32;
    (pixels(width_mm), pixels(height_mm))
}

/// Decodes PNG bytes into width, height and RGBA pixels (premultiplied alpha is undone).
pub fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<[u8; 4]>), String> {
    let pixmap = Pixmap::decode_png(bytes).map_err(|e| format!("not a PNG: {e}"))?;
    let pixels = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Ok((pixmap.width(), pixmap.height(), pixels))
}

/// A contact sheet at `dpi`: each row holds the art layers of its pages, cropped to what they
/// draw, left to right; rows go top to bottom. Pages without art are left out.
pub fn contact_sheet(rows: &[Vec<&str>], dpi: f64) -> Result<Vec<u8>, String> {
    let scale = scale_for(dpi)?;
    let gutter = (GUTTER_MM / 25.4 * dpi).round() as u32;
    let mut pictures: Vec<Vec<Pixmap>> = Vec::new();
    for row in rows {
        let mut cells = Vec::new();
        for svg in row {
            if let Some(cell) = art_picture(&parse(svg)?, scale)? {
                cells.push(cell);
            }
        }
        if !cells.is_empty() {
            pictures.push(cells);
        }
    }
    let width = pictures
        .iter()
        .map(|row| row.iter().map(|p| p.width() + gutter).sum::<u32>() + gutter)
        .max()
        .unwrap_or(gutter);
    let height = pictures
        .iter()
        .map(|row| row.iter().map(Pixmap::height).max().unwrap_or(0) + gutter)
        .sum::<u32>()
        + gutter;
    let mut sheet = blank(width as f32, height as f32)?;
    let mut y = gutter;
    for row in &pictures {
        let mut x = gutter;
        for picture in row {
            let (px, py) = (i32::try_from(x).unwrap_or(0), i32::try_from(y).unwrap_or(0));
            let paint = PixmapPaint::default();
            sheet.draw_pixmap(px, py, picture.as_ref(), &paint, Transform::identity(), None);
            x += picture.width() + gutter;
        }
        y += row.iter().map(Pixmap::height).max().unwrap_or(0) + gutter;
    }
    encode(&sheet)
}

/// The art layer of a page, cropped to its bounds; `None` when it draws nothing.
fn art_picture(tree: &Tree, scale: f32) -> Result<Option<Pixmap>, String> {
    let Some(art) = tree.node_by_id(ART_LAYER_ID) else { return Ok(None) };
    let Some(bounds) = art.abs_layer_bounding_box() else { return Ok(None) };
    let mut pixmap = blank(bounds.width() * scale, bounds.height() * scale)?;
    // `render_node` draws with `t · translate(-corner) · own` where `own` is the layer's own
    // transform; choose `t` so that this is `scale · translate(-corner) · absolute`.
    let own = match art {
        Node::Group(group) => group.transform(),
        _ => Transform::identity(),
    };
    let parent = art.abs_transform().pre_concat(own.invert().unwrap_or_default());
    let (x, y) = (bounds.x(), bounds.y());
    let t = Transform::from_scale(scale, scale)
        .pre_translate(-x, -y)
        .pre_concat(parent)
        .pre_translate(x, y);
    resvg::render_node(art, t, &mut pixmap.as_mut());
    Ok(Some(pixmap))
}

fn parse(svg: &str) -> Result<Tree, String> {
    Tree::from_str(svg, &Options::default()).map_err(|e| format!("cannot read the SVG: {e}"))
}

/// Pixels per CSS pixel for `dpi`, which must be within [`DPI_RANGE`].
fn scale_for(dpi: f64) -> Result<f32, String> {
    let (low, high) = DPI_RANGE;
    if dpi.is_finite() && (low..=high).contains(&dpi) {
        Ok((dpi / CSS_DPI) as f32)
    } else {
        Err(format!("a resolution of {dpi} dpi is not from {low} to {high}"))
    }
}

/// A white pixmap of at least one pixel each way.
fn blank(width: f32, height: f32) -> Result<Pixmap, String> {
    let side = |v: f32| if v.is_finite() { v.ceil().max(1.0) as u32 } else { 1 };
    let mut pixmap = Pixmap::new(side(width), side(height))
        .ok_or_else(|| format!("a {width} × {height} pixel image is too large"))?;
    pixmap.fill(Color::WHITE);
    Ok(pixmap)
}

fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    pixmap.encode_png().map_err(|e| format!("cannot encode the PNG: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::page_to_svg;
    use crate::scene::{Colour, Item, Layer, Page, Role, Shape};
    use kurbo::{Rect, Shape as _};

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
    fn a_contact_sheet_crops_each_page_to_its_art() {
        let svg = page(Rect::new(0.0, 0.0, 10.0, 10.0));
        let one = decode(&contact_sheet(&[vec![svg.as_str()]], 254.0).unwrap());
        let two = [vec![svg.as_str(), svg.as_str()]];
        let gutter = 40;
        assert_eq!((one.width(), one.height()), (100 + 2 * gutter, 100 + 2 * gutter));
        let both = decode(&contact_sheet(&two, 254.0).unwrap());
        assert_eq!(both.width(), 200 + 3 * gutter);
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
