//! The preview PNG: a contact sheet of the art of every page within a fixed pixel budget, drawn strip by strip so memory does not grow with the set.
//!
//! Each sheet (its front beside its back) is a block; blocks flow left to right in bands
//! about as wide as the whole is tall, so a set of many sheets makes a grid of thumbnails,
//! not one endless column. The resolution is the one asked for, lowered until the image
//! fits in [`PREVIEW_PIXELS`].

use resvg::tiny_skia::{PixmapMut, Transform};
use resvg::usvg::{Node, NonZeroRect as Rect, Tree};

use super::png::{CSS_DPI, MM_PER_INCH, Paper, draw_in_strips, parse, scale_for};

/// The most pixels a preview has, whatever the paper or the number of sheets.
pub const PREVIEW_PIXELS: f64 = 4_000_000.0;
/// Space around and between the pictures, in mm.
const GUTTER_MM: f64 = 4.0;
/// The id the SVG backend gives a page's art layer.
const ART_LAYER_ID: &str = "layer-art";
/// Parsed pages are kept between measuring and drawing while their SVG text stays under
/// this; beyond it they are parsed again when drawn, so memory stays flat.
const KEEP_SVG_BYTES: usize = 256 << 10;

/// One page's art: its SVG, its bounds (CSS px of the page) and where it goes (CSS px of the
/// sheet, before scaling).
struct Picture<'a> {
    svg: &'a str,
    tree: Option<Tree>,
    bounds: Rect,
    at: (f64, f64),
}

/// A contact sheet at `dpi` or less: each row holds the art layers of its pages, cropped to
/// what they draw, left to right. Pages without art are left out.
pub fn contact_sheet(rows: &[Vec<&str>], dpi: f64) -> Result<Vec<u8>, String> {
    scale_for(dpi)?;
    let asked = dpi / CSS_DPI;
    let gutter = GUTTER_MM / MM_PER_INCH * CSS_DPI;
    let blocks = measured(rows)?;
    let (mut pictures, width, height) = laid_out(blocks, gutter);
    let scale = asked.min((PREVIEW_PIXELS / (width * height)).sqrt());
    let pixels = |v: f64| (v * scale).round().max(1.0) as u32;
    draw_in_strips(pixels(width), pixels(height), Paper::White, |strip, top| {
        draw_strip(&mut pictures, strip, top, scale as f32)
    })
}

/// Every row's pictures, rows without art left out.
fn measured<'a>(rows: &[Vec<&'a str>]) -> Result<Vec<Vec<Picture<'a>>>, String> {
    let mut kept_bytes = 0;
    let mut blocks = Vec::new();
    for row in rows {
        let mut block = Vec::new();
        for svg in row {
            let tree = parse(svg)?;
            let Some(bounds) = art_bounds(&tree) else { continue };
            kept_bytes += svg.len();
            let tree = (kept_bytes <= KEEP_SVG_BYTES).then_some(tree);
            block.push(Picture { svg, tree, bounds, at: (0.0, 0.0) });
        }
        if !block.is_empty() {
            blocks.push(block);
        }
    }
    Ok(blocks)
}

fn art_layer(tree: &Tree) -> Option<&Node> {
    tree.node_by_id(ART_LAYER_ID)
}

fn art_bounds(tree: &Tree) -> Option<Rect> {
    art_layer(tree)?.abs_layer_bounding_box()
}

/// Places the blocks in bands and returns the pictures in drawing order with the sheet's
/// width and height (CSS px).
fn laid_out(blocks: Vec<Vec<Picture<'_>>>, gutter: f64) -> (Vec<Picture<'_>>, f64, f64) {
    let size = |block: &[Picture]| {
        let width = block.iter().map(|p| f64::from(p.bounds.width()) + gutter).sum::<f64>();
        let height = block.iter().map(|p| f64::from(p.bounds.height())).fold(0.0, f64::max);
        (width - gutter, height)
    };
    let sizes: Vec<(f64, f64)> = blocks.iter().map(|b| size(b)).collect();
    let area: f64 = sizes.iter().map(|(w, h)| (w + gutter) * (h + gutter)).sum();
    let band_width = sizes.iter().map(|(w, _)| *w).fold(area.sqrt(), f64::max);
    let mut pictures = Vec::new();
    let (mut x, mut y, mut band_height, mut width) = (gutter, gutter, 0.0_f64, 0.0_f64);
    for (block, (w, h)) in blocks.into_iter().zip(sizes) {
        if x > gutter && x + w > band_width + gutter {
            (x, y, band_height) = (gutter, y + band_height + gutter, 0.0);
        }
        let mut left = x;
        for mut picture in block {
            picture.at = (left, y);
            left += f64::from(picture.bounds.width()) + gutter;
            pictures.push(picture);
        }
        x += w + gutter;
        width = width.max(x);
        band_height = band_height.max(h);
    }
    (pictures, width.max(gutter * 2.0), y + band_height + gutter)
}

/// Draws the pictures that reach into the strip whose first row is `top`, and lets go of
/// the parsed pages the strips have passed.
fn draw_strip(
    pictures: &mut [Picture<'_>],
    strip: &mut PixmapMut<'_>,
    top: u32,
    scale: f32,
) -> Result<(), String> {
    let (first, last) = (top as f32, (top + strip.height()) as f32);
    for picture in pictures.iter_mut() {
        let (x, y) = (picture.at.0 as f32 * scale, picture.at.1 as f32 * scale);
        let bottom = y + picture.bounds.height() * scale;
        if bottom < first || y > last {
            continue;
        }
        if picture.tree.is_none() {
            picture.tree = Some(parse(picture.svg)?);
        }
        if let Some(art) = picture.tree.as_ref().and_then(art_layer) {
            let to_strip = Transform::from_translate(x.round(), y.round() - first);
            draw_art(art, picture.bounds, to_strip.pre_scale(scale, scale), strip);
        }
        if bottom <= last {
            picture.tree = None;
        }
    }
    Ok(())
}

/// Draws the art layer with its bounds' corner at the origin of `place`.
fn draw_art(art: &Node, bounds: Rect, place: Transform, strip: &mut PixmapMut<'_>) {
    // `render_node` draws with `t · translate(-corner) · own` where `own` is the layer's own
    // transform; choose `t` so that this is `place · translate(-corner) · absolute`.
    let own = match art {
        Node::Group(group) => group.transform(),
        _ => Transform::identity(),
    };
    let parent = art.abs_transform().pre_concat(own.invert().unwrap_or_default());
    let (x, y) = (bounds.x(), bounds.y());
    let t = place.pre_translate(-x, -y).pre_concat(parent).pre_translate(x, y);
    resvg::render_node(art, t, strip);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::page_to_svg;
    use crate::scene::{Colour, Item, Layer, Page, Role, Shape};
    use kurbo::Shape as _;
    use resvg::tiny_skia::Pixmap;

    fn page(width_mm: f64, height_mm: f64, art: kurbo::Rect) -> String {
        let red = Colour { r: 255, g: 0, b: 0 };
        let square = Item::Shape(Shape::filled(art.to_path(0.1), red));
        page_to_svg(&Page {
            label: "p".into(),
            width_mm,
            height_mm,
            layers: vec![Layer { role: Role::Art, items: vec![square] }],
        })
    }

    fn decode(png: &[u8]) -> Pixmap {
        Pixmap::decode_png(png).unwrap()
    }

    #[test]
    fn a_contact_sheet_crops_each_page_to_its_art() {
        let svg = page(100.0, 50.0, kurbo::Rect::new(0.0, 0.0, 10.0, 10.0));
        let one = decode(&contact_sheet(&[vec![svg.as_str()]], 254.0).unwrap());
        let gutter = 40;
        assert_eq!((one.width(), one.height()), (100 + 2 * gutter, 100 + 2 * gutter));
        let both = decode(&contact_sheet(&[vec![svg.as_str(), svg.as_str()]], 254.0).unwrap());
        assert_eq!((both.width(), both.height()), (200 + 3 * gutter, 100 + 2 * gutter));
        let red = both.pixel(gutter + 50, gutter + 50).unwrap();
        assert_eq!((red.red(), red.green()), (255, 0), "the art is drawn where it is placed");
        let between = both.pixel(100 + gutter + gutter / 2, gutter + 50).unwrap();
        assert_eq!(between.green(), 255, "white between the pictures");
    }

    #[test]
    fn many_sheets_make_a_grid_within_the_pixel_budget() {
        let svg = page(210.0, 297.0, kurbo::Rect::new(10.0, 10.0, 200.0, 287.0));
        let sheets: Vec<Vec<&str>> = (0..60).map(|_| vec![svg.as_str(), svg.as_str()]).collect();
        let png = decode(&contact_sheet(&sheets, 150.0).unwrap());
        let pixels = f64::from(png.width()) * f64::from(png.height());
        assert!(pixels <= PREVIEW_PIXELS * 1.01, "{} × {}", png.width(), png.height());
        let ratio = f64::from(png.width()) / f64::from(png.height());
        assert!((0.5..2.0).contains(&ratio), "roughly square: {} × {}", png.width(), png.height());
        // 60 blocks of two A4 pages, each about 380 × 277 mm with gutters: some columns.
        let few = decode(&contact_sheet(&sheets[..2], 40.0).unwrap());
        assert!(few.height() > few.width(), "two sheets stay one above the other");
    }

    #[test]
    fn pages_without_art_are_left_out() {
        let empty = page_to_svg(&Page {
            label: "p".into(),
            width_mm: 10.0,
            height_mm: 10.0,
            layers: vec![],
        });
        let png = decode(&contact_sheet(&[vec![empty.as_str()]], 254.0).unwrap());
        assert_eq!((png.width(), png.height()), (80, 80), "only the gutters");
        assert!(contact_sheet(&[vec!["<svg"]], 254.0).is_err());
    }
}
