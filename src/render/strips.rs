//! PNGs drawn strip by strip from the top, each strip encoded once it is drawn, or (previews) on a thread of its own while the next one is drawn, so drawing and compressing overlap.
//!
//! Either way the rows reach the encoder in order, so the bytes are the same. Overlapping
//! pays where cores are idle (a preview, the longest task of a small design's build) and
//! costs where they are not (a build's diagrams drawn side by side: 10 % more CPU), so the
//! caller chooses. An image of one strip is drawn and encoded on the caller's thread; a
//! taller one drawn beside its encoding uses two strips in turn, each within the budget it
//! is given.

use std::sync::mpsc;

use resvg::tiny_skia::{Color, Pixmap, PixmapMut};

use super::png::Paper;
use super::png_rows::{Alpha, Rows, encode_rows, strip_rows};
use crate::threads::joined;

/// How the strips of an image are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Each strip once it is drawn, on the drawing thread.
    InTurn,
    /// On a thread of its own while the next strip is drawn.
    Beside,
}

/// A `width` × `height` PNG drawn strip by strip from the top, each strip at most
/// `strip_bytes` of pixels (two strips at once when encoded [`Encoding::Beside`] the
/// drawing): `draw` paints the rows from `top` down into a strip already filled with the
/// paper.
pub fn draw_in_strips(
    width: u32,
    height: u32,
    paper: Paper,
    (strip_bytes, encoding): (usize, Encoding),
    mut draw: impl FnMut(&mut PixmapMut<'_>, u32) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    let height = height.max(1);
    let rows = strip_rows(width, strip_bytes).min(height);
    let new_strip = || {
        Pixmap::new(width.max(1), rows)
            .ok_or_else(|| format!("a {width} × {height} pixel image is too large"))
    };
    let (alpha, colour) = match paper {
        Paper::White => (Alpha::Opaque, Color::WHITE),
        Paper::Transparent => (Alpha::Kept, Color::TRANSPARENT),
    };
    let strips = Strips { height, rows, colour };
    encode_rows(width.max(1), height, alpha, |png| {
        if rows < height && encoding == Encoding::Beside {
            strips.drawn_beside_encoding(png, [new_strip()?, new_strip()?], &mut draw)
        } else {
            strips.drawn_in_turn(png, new_strip()?, &mut draw)
        }
    })
}

/// How an image is cut into strips.
#[derive(Clone, Copy, Debug)]
struct Strips {
    height: u32,
    /// Rows of a strip (the last may use fewer).
    rows: u32,
    colour: Color,
}

impl Strips {
    /// Draws each strip into `strip` and encodes it into `png`, one after the other.
    fn drawn_in_turn(
        self,
        png: &mut Rows<'_>,
        mut strip: Pixmap,
        draw: &mut impl FnMut(&mut PixmapMut<'_>, u32) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut top = 0;
        while top < self.height {
            let count = self.rows.min(self.height - top);
            strip.fill(self.colour);
            draw(&mut strip.as_mut(), top)?;
            png.write(strip.as_ref(), count)?;
            top += count;
        }
        Ok(())
    }

    /// Draws the strips in turn into `buffers` while a scoped thread encodes each one drawn
    /// into `png`; the first error wins (drawing's before encoding's).
    fn drawn_beside_encoding(
        self,
        png: &mut Rows<'_>,
        buffers: [Pixmap; 2],
        draw: &mut impl FnMut(&mut PixmapMut<'_>, u32) -> Result<(), String>,
    ) -> Result<(), String> {
        // Drawn strips go to the encoder, at most one waiting; encoded ones come back.
        let (to_encode, drawn) = mpsc::sync_channel::<(Pixmap, u32)>(1);
        let (to_draw, free) = mpsc::channel::<Pixmap>();
        for buffer in buffers {
            let _ = to_draw.send(buffer);
        }
        std::thread::scope(|scope| {
            let encoder = scope.spawn(move || {
                for (strip, count) in drawn {
                    png.write(strip.as_ref(), count)?;
                    // The drawing may have stopped: a strip it no longer wants is dropped.
                    let _ = to_draw.send(strip);
                }
                Ok::<(), String>(())
            });
            let mut drawing = Ok(());
            let mut top = 0;
            while top < self.height {
                // None when the encoder has stopped (its error is reported below).
                let Ok(mut strip) = free.recv() else { break };
                let count = self.rows.min(self.height - top);
                strip.fill(self.colour);
                if let Err(error) = draw(&mut strip.as_mut(), top) {
                    drawing = Err(error);
                    break;
                }
                if to_encode.send((strip, count)).is_err() {
                    break;
                }
                top += count;
            }
            drop(to_encode);
            let encoded = joined(encoder);
            drawing.and(encoded)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Paint, Rect, Transform};

    /// A picture that differs on every row: a band of colour per 3 rows, and a diagonal.
    fn paint_rows(strip: &mut PixmapMut<'_>, top: u32) -> Result<(), String> {
        for row in 0..strip.height() {
            let y = top + row;
            let mut paint = Paint::default();
            paint.set_color_rgba8((y / 3 * 40 % 256) as u8, (y * 7 % 256) as u8, 90, 255);
            let band = Rect::from_xywh(0.0, row as f32, (y % 29 + 1) as f32, 1.0).unwrap();
            strip.fill_rect(band, &paint, Transform::identity(), None);
        }
        Ok(())
    }

    #[test]
    fn strips_drawn_beside_encoding_make_the_image_drawn_at_once() {
        let (width, height) = (31, 97);
        let at_once = (usize::MAX, Encoding::InTurn);
        let whole = draw_in_strips(width, height, Paper::White, at_once, paint_rows).unwrap();
        // 4 rows of 31 pixels a strip: 25 strips, the last of one row.
        for encoding in [Encoding::InTurn, Encoding::Beside] {
            let strips = (4 * 31 * 4, encoding);
            let png = draw_in_strips(width, height, Paper::White, strips, paint_rows).unwrap();
            assert_eq!(whole, png, "the same bytes, {encoding:?}");
            let decoded = Pixmap::decode_png(&png).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (width, height));
        }
    }

    #[test]
    fn an_error_drawing_a_strip_stops_the_image() {
        for encoding in [Encoding::InTurn, Encoding::Beside] {
            let mut drawn = Vec::new();
            let strips = (8 * 4 * 4, encoding);
            let failed = draw_in_strips(8, 40, Paper::Transparent, strips, |strip, top| {
                drawn.push(top);
                match top {
                    8.. => Err(format!("cannot draw from row {top}")),
                    _ => paint_rows(strip, top),
                }
            });
            assert_eq!(failed, Err("cannot draw from row 8".to_string()));
            assert_eq!(drawn, [0, 4, 8], "no strip drawn after the error ({encoding:?})");
        }
    }
}
