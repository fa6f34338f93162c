//! PNG encoding row by row: pixmap strips go into the encoder as they are drawn, so an image never has to be held whole, at the compression level chosen in docs/performance.md.
//!
//! tiny-skia keeps premultiplied RGBA; PNG wants straight alpha, and opaque images are
//! written as RGB (a quarter less to compress). Rows are converted one at a time.

use png::{BitDepth, ColorType, DeflateCompression, Encoder, Filter};
use resvg::tiny_skia::PixmapRef;
use std::io::Write;

/// How PNGs are compressed: zlib level 2 (zlib-rs) after the Up row filter. Measured in
/// `cargo bench --bench compression` (docs/performance.md): several times faster than the
/// default (level 6, adaptive filters) for files 2–5 % larger; fdeflate is faster still but
/// its files are half as large again, more than the 10 % growth allowed.
const DEFLATE: DeflateCompression = DeflateCompression::Level(2);

/// Whether the image keeps an alpha channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alpha {
    /// Every pixel is opaque (white paper): written as RGB.
    Opaque,
    /// Some pixels may be transparent: written as RGBA with straight alpha.
    Kept,
}

/// Encodes a `width` × `height` PNG whose rows `fill` writes, strip by strip from the top,
/// into the [`Rows`] it is given; an error if it writes more or fewer rows than `height`.
pub fn encode_rows(
    width: u32,
    height: u32,
    alpha: Alpha,
    fill: impl FnOnce(&mut Rows<'_>) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut encoder = Encoder::new(&mut out, width, height);
    encoder.set_color(match alpha {
        Alpha::Opaque => ColorType::Rgb,
        Alpha::Kept => ColorType::Rgba,
    });
    encoder.set_depth(BitDepth::Eight);
    encoder.set_deflate_compression(DEFLATE);
    encoder.set_filter(Filter::Up);
    let mut writer = encoder.write_header().map_err(encoding_error)?;
    let mut stream = writer.stream_writer().map_err(encoding_error)?;
    let channels = if alpha == Alpha::Opaque { 3 } else { 4 };
    let row = Vec::with_capacity(width as usize * channels);
    fill(&mut Rows { stream: &mut stream, alpha, width, row })?;
    stream.finish().map_err(encoding_error)?;
    writer.finish().map_err(encoding_error)?;
    // A build holds every file until it writes them: give back what growing left spare.
    out.shrink_to_fit();
    Ok(out)
}

/// Where a PNG's rows go, converted from premultiplied RGBA strips.
pub struct Rows<'s> {
    stream: &'s mut (dyn Write + Send),
    alpha: Alpha,
    width: u32,
    row: Vec<u8>,
}

impl std::fmt::Debug for Rows<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rows").field("alpha", &self.alpha).field("width", &self.width).finish()
    }
}

impl Rows<'_> {
    /// Writes the first `rows` rows of `strip` (which must be as wide as the image).
    pub fn write(&mut self, strip: PixmapRef<'_>, rows: u32) -> Result<(), String> {
        if strip.width() != self.width {
            let (strip, image) = (strip.width(), self.width);
            return Err(format!("a strip {strip} pixels wide in a {image} pixel image"));
        }
        let row_bytes = self.width as usize * 4;
        for pixels in strip.data().chunks_exact(row_bytes).take(rows as usize) {
            let whole = |p: &[u8]| p.get(3).is_some_and(|a| *a == 0 || *a == 255);
            let row: &[u8] = if self.alpha == Alpha::Opaque && opaque_rgb(pixels, &mut self.row) {
                // Premultiplied is straight when alpha is 255.
                &self.row
            } else if self.alpha == Alpha::Kept && pixels.chunks_exact(4).all(whole) {
                // Opaque and clear pixels are the same premultiplied or not.
                pixels
            } else {
                self.row.clear();
                for pixel in pixels.chunks_exact(4) {
                    let &[red, green, blue, alpha] = pixel else { continue };
                    self.row.extend_from_slice(&straight([red, green, blue], alpha));
                    if self.alpha == Alpha::Kept {
                        self.row.push(alpha);
                    }
                }
                &self.row
            };
            self.stream.write_all(row).map_err(|e| format!("cannot encode the PNG: {e}"))?;
        }
        Ok(())
    }
}

/// The RGB of a row of premultiplied RGBA `pixels` into `row` (cleared first), copied as
/// they are; `false` (and `row` to be rewritten) when some pixel is not opaque.
fn opaque_rgb(pixels: &[u8], row: &mut Vec<u8>) -> bool {
    row.clear();
    row.resize(pixels.len() / 4 * 3, 0);
    let mut opaque = true;
    for (rgb, pixel) in row.chunks_exact_mut(3).zip(pixels.chunks_exact(4)) {
        rgb.copy_from_slice(&pixel[..3]);
        opaque &= pixel[3] == 255;
    }
    opaque
}

/// A premultiplied colour with its alpha undone, rounded to nearest.
fn straight(colour: [u8; 3], alpha: u8) -> [u8; 3] {
    if alpha == 0 || alpha == 255 {
        return colour;
    }
    let alpha = u32::from(alpha);
    colour.map(|c| ((u32::from(c) * 255 + alpha / 2) / alpha).min(255) as u8)
}

fn encoding_error(error: png::EncodingError) -> String {
    format!("cannot encode the PNG: {error}")
}

/// How many rows a strip `width` pixels wide may have to stay within `bytes` of pixels
/// (at least one). Strip heights depend only on the width, so the output does too.
pub fn strip_rows(width: u32, bytes: usize) -> u32 {
    let per_row = (width as usize).max(1) * 4;
    u32::try_from((bytes / per_row).max(1)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, Pixmap};

    #[test]
    fn strips_written_in_turn_make_the_whole_image() {
        let mut strip = Pixmap::new(3, 2).unwrap();
        strip.fill(Color::from_rgba8(200, 100, 50, 255));
        let png = encode_rows(3, 3, Alpha::Opaque, |rows| {
            rows.write(strip.as_ref(), 2)?;
            rows.write(strip.as_ref(), 1)
        })
        .unwrap();
        let decoded = Pixmap::decode_png(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (3, 3));
        assert_eq!(straight([64, 32, 0], 128), [128, 64, 0]);
        let corner = decoded.pixel(2, 2).unwrap();
        assert_eq!((corner.red(), corner.green(), corner.blue()), (200, 100, 50));
    }

    #[test]
    fn transparent_pixels_keep_their_alpha_and_short_images_are_errors() {
        let mut strip = Pixmap::new(2, 1).unwrap();
        strip.fill(Color::from_rgba8(255, 0, 0, 128));
        let png = encode_rows(2, 1, Alpha::Kept, |rows| rows.write(strip.as_ref(), 1)).unwrap();
        let pixel = Pixmap::decode_png(&png).unwrap().pixel(0, 0).unwrap().demultiply();
        assert_eq!((pixel.red(), pixel.alpha()), (255, 128));
        assert!(encode_rows(2, 2, Alpha::Kept, |rows| rows.write(strip.as_ref(), 1)).is_err());
        assert!(encode_rows(3, 1, Alpha::Kept, |rows| rows.write(strip.as_ref(), 1)).is_err());
    }

    #[test]
    fn opaque_rows_are_copied_and_others_converted_to_the_same_bytes() {
        let mut strip = Pixmap::new(3, 2).unwrap();
        strip.fill(Color::from_rgba8(200, 100, 50, 255));
        // The second row has a half-transparent pixel: the slow path, the same rule.
        let half = resvg::tiny_skia::PremultipliedColorU8::from_rgba(64, 32, 0, 128).unwrap();
        strip.pixels_mut()[4] = half;
        let png = encode_rows(3, 2, Alpha::Opaque, |rows| rows.write(strip.as_ref(), 2)).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut pixels).unwrap();
        assert_eq!(&pixels[..9], &[200, 100, 50, 200, 100, 50, 200, 100, 50]);
        assert_eq!(&pixels[9..18], &[200, 100, 50, 128, 64, 0, 200, 100, 50]);
    }

    #[test]
    fn strips_hold_at_least_one_row() {
        assert_eq!(strip_rows(1000, 40_000), 10);
        assert_eq!(strip_rows(1_000_000, 10), 1);
        assert_eq!(strip_rows(0, 8), 2);
    }
}
