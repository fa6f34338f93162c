//! The preview PNG: a contact sheet of the art of every page within a fixed pixel budget, drawn strip by strip so memory does not grow with the set.
//!
//! Each sheet (its front beside its back) is a block; blocks flow left to right in bands
//! about as wide as the whole is tall, so a set of many sheets makes a grid of thumbnails,
//! not one endless column. The resolution is the one asked for, lowered until the image
//! fits in [`PREVIEW_PIXELS`].

use kurbo::{Affine, Rect};
use resvg::tiny_skia::PixmapMut;

use super::item_reach::ItemReach;
use super::png::{MM_PER_INCH, Paper, scale_for};
use super::raster::{Edges, ImageCache, draw_reaching_items, items_bounds};
use super::strips::{Drawing, draw_in_strips};
use crate::scene::{Item, Page, Role};

/// The most pixels a preview has, whatever the paper or the number of sheets.
pub const PREVIEW_PIXELS: f64 = 4_000_000.0;
/// Space around and between the pictures, in mm.
const GUTTER_MM: f64 = 4.0;
/// The most pixel bytes of a strip of a preview; two are held at once (one drawn by each
/// of two threads), 1 MiB in all. A quarter of the sheets' strips: the strips are the
/// largest block of a small build's memory, and pictures taller than a strip are drawn once
/// per strip they reach into. Measured on Tantrix (release), one strip at a time: 2 MiB
/// strips peak at 18.8 MiB resident for 272.3 M instructions, 1 MiB at 17.7 MiB for
/// 274.2 M, 512 KiB at 17.4 MiB for 278.2 M; two strips of 1 MiB peaked at 15.6 MiB where
/// one did at 14.2 MiB.
pub const PREVIEW_STRIP_BYTES: usize = 512 << 10;

/// One page's art: its items, their bounds (mm of the page) and where they go (mm of the
/// contact sheet, before scaling).
struct Picture<'a> {
    art: &'a [Item],
    /// Where each item of the art may paint.
    reach: ItemReach,
    bounds: Rect,
    at: (f64, f64),
}

/// A contact sheet at `dpi` or less: each row holds the first art layers of its pages,
/// cropped to what they draw, left to right. Pages without art are left out.
pub fn contact_sheet(rows: &[Vec<&Page>], dpi: f64) -> Result<Vec<u8>, String> {
    scale_for(dpi)?;
    let asked = dpi / MM_PER_INCH;
    let blocks = measured(rows);
    let (pictures, width, height) = laid_out(blocks, GUTTER_MM);
    let scale = asked.min((PREVIEW_PIXELS / (width * height)).sqrt());
    let pixels = |v: f64| (v * scale).round().max(1.0) as u32;
    draw_in_strips(
        pixels(width),
        pixels(height),
        Paper::White,
        // The preview is the longest part of a small design's build: its strips are shared
        // out between two threads.
        (PREVIEW_STRIP_BYTES, Drawing::Shared),
        |strip, top, images: &mut ImageCache| {
            draw_strip(&pictures, strip, top, scale, images);
            Ok(())
        },
    )
}

/// Every row's pictures, rows without art left out.
fn measured<'a>(rows: &[Vec<&'a Page>]) -> Vec<Vec<Picture<'a>>> {
    let mut blocks = Vec::new();
    for row in rows {
        let mut block = Vec::new();
        for page in row {
            let Some(art) = page.layers.iter().find(|layer| layer.role == Role::Art) else {
                continue;
            };
            let Some(bounds) = items_bounds(&art.items) else { continue };
            if bounds.width() > 0.0 && bounds.height() > 0.0 {
                let reach = ItemReach::of(&art.items);
                block.push(Picture { art: &art.items, reach, bounds, at: (0.0, 0.0) });
            }
        }
        if !block.is_empty() {
            blocks.push(block);
        }
    }
    blocks
}

/// Places the blocks in bands and returns the pictures in drawing order with the sheet's
/// width and height (mm).
fn laid_out(blocks: Vec<Vec<Picture<'_>>>, gutter: f64) -> (Vec<Picture<'_>>, f64, f64) {
    let size = |block: &[Picture]| {
        let width = block.iter().map(|p| p.bounds.width() + gutter).sum::<f64>();
        let height = block.iter().map(|p| p.bounds.height()).fold(0.0, f64::max);
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
            left += picture.bounds.width() + gutter;
            pictures.push(picture);
        }
        x += w + gutter;
        width = width.max(x);
        band_height = band_height.max(h);
    }
    (pictures, width.max(gutter * 2.0), y + band_height + gutter)
}

/// Draws the pictures that reach into the strip whose first row is `top`, each with its
/// bounds' corner at its place (rounded to whole pixels) and `scale` pixels per mm.
fn draw_strip(
    pictures: &[Picture<'_>],
    strip: &mut PixmapMut<'_>,
    top: u32,
    scale: f64,
    images: &mut ImageCache,
) {
    let (first, last) = (f64::from(top), f64::from(top + strip.height()));
    for picture in pictures {
        let (x, y) = (picture.at.0 * scale, picture.at.1 * scale);
        let bottom = y + picture.bounds.height() * scale;
        if bottom < first || y > last {
            continue;
        }
        let place = Affine::translate((x.round(), y.round() - first))
            * Affine::scale(scale)
            * Affine::translate((-picture.bounds.x0, -picture.bounds.y0));
        draw_reaching_items(picture.art, &picture.reach, place, strip, images, Edges::Coverage);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Layer, Shape};
    use kurbo::Shape as _;
    use resvg::tiny_skia::Pixmap;

    fn page(width_mm: f64, height_mm: f64, art: kurbo::Rect) -> Page {
        let red = Colour { r: 255, g: 0, b: 0 };
        let square = Item::Shape(Shape::filled(art.to_path(0.1), red));
        Page {
            label: "p".into(),
            width_mm,
            height_mm,
            layers: vec![Layer { role: Role::Art, items: vec![square] }],
        }
    }

    fn decode(png: &[u8]) -> Pixmap {
        Pixmap::decode_png(png).unwrap()
    }

    #[test]
    fn a_contact_sheet_crops_each_page_to_its_art() {
        let page = page(100.0, 50.0, kurbo::Rect::new(0.0, 0.0, 10.0, 10.0));
        let one = decode(&contact_sheet(&[vec![&page]], 254.0).unwrap());
        let gutter = 40;
        assert_eq!((one.width(), one.height()), (100 + 2 * gutter, 100 + 2 * gutter));
        let both = decode(&contact_sheet(&[vec![&page, &page]], 254.0).unwrap());
        assert_eq!((both.width(), both.height()), (200 + 3 * gutter, 100 + 2 * gutter));
        let red = both.pixel(gutter + 50, gutter + 50).unwrap();
        assert_eq!((red.red(), red.green()), (255, 0), "the art is drawn where it is placed");
        let between = both.pixel(100 + gutter + gutter / 2, gutter + 50).unwrap();
        assert_eq!(between.green(), 255, "white between the pictures");
    }

    #[test]
    fn many_sheets_make_a_grid_within_the_pixel_budget() {
        let page = page(210.0, 297.0, kurbo::Rect::new(10.0, 10.0, 200.0, 287.0));
        let sheets: Vec<Vec<&Page>> = (0..60).map(|_| vec![&page, &page]).collect();
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
        let empty = Page { label: "p".into(), width_mm: 10.0, height_mm: 10.0, layers: vec![] };
        let png = decode(&contact_sheet(&[vec![&empty]], 254.0).unwrap());
        assert_eq!((png.width(), png.height()), (80, 80), "only the gutters");
        assert!(contact_sheet(&[vec![&empty]], f64::NAN).is_err());
    }
}
