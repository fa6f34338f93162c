//! PNGs drawn strip by strip from the top, each strip filtered and deflated on its own: one after the other on the caller's thread, or (previews) shared out between two threads, then joined in order.
//!
//! A strip's bytes depend only on its rows (`render::png_rows`), so the PNG is the same
//! bytes whichever thread drew which strip. Sharing pays where cores are idle (a preview,
//! the longest task of a small design's build) and costs where they are not (a build's
//! diagrams drawn side by side), so the caller chooses. Each thread holds one strip of
//! pixels at a time, within the budget it is given.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;

use resvg::tiny_skia::{Color, Pixmap, PixmapMut};

use super::png::Paper;
use super::png_rows::{Alpha, EncodedStrip, encode_png, encode_strip, strip_rows};
use crate::threads::{joined, spawned};

/// Who draws the strips of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// The caller's thread, one strip after the other.
    InTurn,
    /// The caller's thread and one more, each taking the next strip.
    Shared,
}

/// A `width` × `height` PNG drawn strip by strip from the top, each strip at most
/// `strip_bytes` of pixels: `draw` paints the rows from `top` down into a strip already
/// filled with the paper, with a state of its thread's own (e.g. the images it has
/// decoded).
pub fn draw_in_strips<S: Default>(
    width: u32,
    height: u32,
    paper: Paper,
    (strip_bytes, drawing): (usize, Drawing),
    draw: impl Fn(&mut PixmapMut<'_>, u32, &mut S) -> Result<(), String> + Sync,
) -> Result<Vec<u8>, String> {
    let (width, height) = (width.max(1), height.max(1));
    let rows = strip_rows(width, strip_bytes).min(height);
    let (alpha, colour) = match paper {
        Paper::White => (Alpha::Opaque, Color::WHITE),
        Paper::Transparent => (Alpha::Kept, Color::TRANSPARENT),
    };
    let strips = Strips { width, height, rows, alpha, colour };
    encode_png(width, height, alpha, |png| {
        let count = strips.count();
        if drawing == Drawing::Shared && count > 1 {
            return strips.shared(&draw, |strip| png.push(strip));
        }
        let mut pixmap = strips.pixmap()?;
        let mut state = S::default();
        for index in 0..count {
            png.push(&strips.encoded(index, &mut pixmap, &mut state, &draw)?)?;
        }
        Ok(())
    })
}

/// How an image is cut into strips.
#[derive(Clone, Copy, Debug)]
struct Strips {
    width: u32,
    height: u32,
    /// Rows of a strip (the last may use fewer).
    rows: u32,
    alpha: Alpha,
    colour: Color,
}

/// A strip encoded, or why it could not be.
type Encoded = Result<EncodedStrip, String>;

impl Strips {
    fn count(self) -> u32 {
        self.height.div_ceil(self.rows)
    }

    /// A strip's pixels.
    fn pixmap(self) -> Result<Pixmap, String> {
        Pixmap::new(self.width, self.rows)
            .ok_or_else(|| format!("a {} × {} pixel image is too large", self.width, self.height))
    }

    /// Strip `index` drawn into `pixmap` and encoded.
    fn encoded<S>(
        self,
        index: u32,
        pixmap: &mut Pixmap,
        state: &mut S,
        draw: &impl Fn(&mut PixmapMut<'_>, u32, &mut S) -> Result<(), String>,
    ) -> Encoded {
        let top = index * self.rows;
        let rows = self.rows.min(self.height - top);
        pixmap.fill(self.colour);
        draw(&mut pixmap.as_mut(), top, state)?;
        encode_strip(pixmap.as_ref(), rows, self.alpha, top + rows == self.height)
    }

    /// The strips drawn and encoded by the caller's thread and one more, each taking the
    /// next strip, and handed to `push` in order; the error of the first strip that failed
    /// wins, and no strip is begun once one has failed.
    fn shared<S: Default>(
        self,
        draw: &(impl Fn(&mut PixmapMut<'_>, u32, &mut S) -> Result<(), String> + Sync),
        mut push: impl FnMut(&EncodedStrip) -> Result<(), String>,
    ) -> Result<(), String> {
        let (next, failed) = (AtomicU32::new(0), AtomicBool::new(false));
        let work = |done: mpsc::Sender<(u32, Encoded)>| -> Result<(), String> {
            let mut pixmap = self.pixmap()?;
            let mut state = S::default();
            while !failed.load(Ordering::Relaxed) {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= self.count() {
                    break;
                }
                let encoded = self.encoded(index, &mut pixmap, &mut state, draw);
                failed.fetch_or(encoded.is_err(), Ordering::Relaxed);
                if done.send((index, encoded)).is_err() {
                    break;
                }
            }
            Ok(())
        };
        std::thread::scope(|scope| {
            let (done, arrived) = mpsc::channel();
            let helper = {
                let done = done.clone();
                spawned(scope, "tp-strips", move || work(done))
            };
            let own = work(done);
            let mut waiting = BTreeMap::new();
            let mut written = 0;
            for (index, encoded) in arrived {
                waiting.insert(index, encoded);
                while let Some(encoded) = waiting.remove(&written) {
                    push(&encoded?)?;
                    written += 1;
                }
            }
            joined(helper).and(own)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Paint, Rect, Transform};
    use std::sync::Mutex;

    /// A picture that differs on every row: a band of colour per 3 rows, and a diagonal.
    fn paint_rows(strip: &mut PixmapMut<'_>, top: u32, _: &mut ()) -> Result<(), String> {
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
    fn strips_drawn_in_turn_or_shared_make_the_image_drawn_at_once() {
        let (width, height) = (31, 97);
        let at_once = (usize::MAX, Drawing::InTurn);
        let whole = draw_in_strips(width, height, Paper::White, at_once, paint_rows).unwrap();
        let whole = Pixmap::decode_png(&whole).unwrap();
        // 4 rows of 31 pixels a strip: 25 strips, the last of one row.
        let strips = |drawing| (4 * 31 * 4, drawing);
        let in_turn =
            draw_in_strips(width, height, Paper::White, strips(Drawing::InTurn), paint_rows);
        for _ in 0..5 {
            let shared =
                draw_in_strips(width, height, Paper::White, strips(Drawing::Shared), paint_rows);
            assert_eq!(shared, in_turn, "the same bytes, whichever thread drew a strip");
        }
        let decoded = Pixmap::decode_png(&in_turn.unwrap()).unwrap();
        assert_eq!(decoded, whole, "the same pixels as drawn at once");
    }

    #[test]
    fn an_error_drawing_a_strip_stops_the_image() {
        for drawing in [Drawing::InTurn, Drawing::Shared] {
            let drawn = Mutex::new(Vec::new());
            let strips = (8 * 4 * 4, drawing);
            let failed =
                draw_in_strips(8, 400, Paper::Transparent, strips, |strip, top, _: &mut ()| {
                    drawn.lock().unwrap().push(top);
                    match top {
                        8.. => Err(format!("cannot draw from row {top}")),
                        _ => paint_rows(strip, top, &mut ()),
                    }
                });
            assert_eq!(failed, Err("cannot draw from row 8".to_string()), "{drawing:?}");
            let mut drawn = drawn.into_inner().unwrap();
            drawn.sort();
            match drawing {
                Drawing::InTurn => assert_eq!(drawn, [0, 4, 8], "no strip drawn after the error"),
                // The other thread may have begun one more before it saw the failure.
                Drawing::Shared => {
                    assert!(drawn.len() < 100 && drawn[..3] == [0, 4, 8], "{drawn:?}")
                }
            }
        }
    }
}
