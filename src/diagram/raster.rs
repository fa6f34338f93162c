//! PNG from SVG text: the diagram's own SVG rasterised by resvg at a given resolution, so the
//! PNG is the same picture as the SVG. No fonts are involved: tilepress writes text as
//! outlines.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};

/// Millimetres per inch.
const MM_PER_INCH: f64 = 25.4;

/// The pixel size of a page `width_mm` × `height_mm` at `dpi` (at least 1 × 1).
pub fn pixel_size(width_mm: f64, height_mm: f64, dpi: f64) -> (u32, u32) {
    let pixels =
        |mm: f64| ((mm / MM_PER_INCH * dpi).round().max(1.0)).min(f64::from(u32::MAX)) as u32;
    (pixels(width_mm), pixels(height_mm))
}

/// Rasterises `svg` (a page `width_mm` × `height_mm`) at `dpi` into PNG bytes.
pub fn svg_to_png(svg: &str, width_mm: f64, height_mm: f64, dpi: f64) -> Result<Vec<u8>, String> {
    let tree =
        Tree::from_str(svg, &Options::default()).map_err(|e| format!("SVG not readable: {e}"))?;
    let (width, height) = pixel_size(width_mm, height_mm, dpi);
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("a {width} × {height} pixel image is too large"))?;
    let size = tree.size();
    let transform =
        Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG not written: {e}"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_red_square_on_white_comes_out_red_in_the_middle_at_the_asked_size() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"25.4mm\" height=\"12.7mm\" \
                   viewBox=\"0 0 25.4 12.7\"><rect width=\"25.4\" height=\"12.7\" fill=\"#fff\"/>\
                   <rect x=\"10\" y=\"3\" width=\"5\" height=\"5\" fill=\"#ff0000\"/></svg>";
        let png = svg_to_png(svg, 25.4, 12.7, 300.0).unwrap();
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
