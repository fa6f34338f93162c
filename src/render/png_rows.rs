//! PNG encoding strip by strip: each strip's rows filtered and deflated on their own (so strips can be encoded on any thread, in any order), then joined in order into the PNG's one zlib stream, at the compression level chosen in docs/performance.md.
//!
//! tiny-skia keeps premultiplied RGBA; PNG wants straight alpha, and opaque images are
//! written as RGB (a quarter less to compress). Each strip is raw deflate ended by a sync
//! flush (the last by the final block), as pigz joins pieces compressed apart: the zlib
//! header goes before the first, the Adler-32 of all the rows (combined from the strips'
//! own) after the last. A strip's first row is filtered None, every other row Up.

use std::cell::RefCell;

use flate2::{Compress, Compression, FlushCompress, Status};
use png::{BitDepth, ColorType, Encoder, Writer, chunk};
use resvg::tiny_skia::PixmapRef;
use zlib_rs::adler32::{adler32, adler32_combine};

/// How PNGs are compressed: zlib level 2 (zlib-rs) after the Up row filter. Measured in
/// `cargo bench --bench compression` (docs/performance.md): several times faster than the
/// default (level 6, adaptive filters) for files 2–5 % larger; fdeflate is faster still but
/// its files are half as large again, more than the 10 % growth allowed.
const LEVEL: u32 = 2;
/// A zlib header (deflate, 32 KiB window) that says "fast" compression, as zlib writes at
/// levels 2 to 5.
const ZLIB_HEADER: [u8; 2] = [0x78, 0x5e];
/// PNG's row filter types.
const FILTER_NONE: u8 = 0;
const FILTER_UP: u8 = 2;

/// Whether the image keeps an alpha channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alpha {
    /// Every pixel is opaque (white paper): written as RGB.
    Opaque,
    /// Some pixels may be transparent: written as RGBA with straight alpha.
    Kept,
}

impl Alpha {
    /// The bytes of a pixel as the PNG stores it.
    fn channels(self) -> usize {
        match self {
            Alpha::Opaque => 3,
            Alpha::Kept => 4,
        }
    }
}

/// The rows of one strip, filtered and deflated: a piece of the PNG's zlib stream.
#[derive(Debug)]
pub struct EncodedStrip {
    deflated: Vec<u8>,
    /// Adler-32 of the filtered rows, and how many bytes they are.
    adler: u32,
    filtered_len: u64,
    /// How many rows of the image it holds.
    rows: u32,
    /// Whether the deflate stream ends with it.
    last: bool,
}

/// Encodes the first `rows` rows of `strip` (premultiplied RGBA): the last strip of the
/// image ends the deflate stream.
pub fn encode_strip(
    strip: PixmapRef<'_>,
    rows: u32,
    alpha: Alpha,
    last: bool,
) -> Result<EncodedStrip, String> {
    STRIP_COMPRESSOR.with_borrow_mut(|kept| {
        let compress = kept.get_or_insert_with(|| Compress::new(Compression::new(LEVEL), false));
        // Reset, it deflates as a new one would: the same bytes.
        compress.reset();
        encode_strip_with(strip, rows, alpha, last, Deflater::new(compress))
    })
}

thread_local! {
    /// Each thread's raw deflate compressor, kept from strip to strip: setting one up
    /// allocates and clears a quarter of a MiB of tables.
    static STRIP_COMPRESSOR: RefCell<Option<Compress>> = const { RefCell::new(None) };
}

/// [`encode_strip`] with the compressor `deflater` feeds.
fn encode_strip_with(
    strip: PixmapRef<'_>,
    rows: u32,
    alpha: Alpha,
    last: bool,
    mut deflater: Deflater<'_>,
) -> Result<EncodedStrip, String> {
    let row_bytes = strip.width() as usize * alpha.channels();
    // Rows go to the compressor a piece at a time, so a strip's filtered bytes are never
    // held whole beside its pixels.
    let mut filtered = Vec::with_capacity(PIECE_BYTES + row_bytes + 1);
    let (mut row, mut previous) = (Vec::with_capacity(row_bytes), Vec::with_capacity(row_bytes));
    for (index, pixels) in
        strip.data().chunks_exact(strip.width() as usize * 4).take(rows as usize).enumerate()
    {
        png_row(pixels, alpha, &mut row);
        if index == 0 {
            filtered.push(FILTER_NONE);
            filtered.extend_from_slice(&row);
        } else {
            filtered.push(FILTER_UP);
            filtered.extend(row.iter().zip(&previous).map(|(now, above)| now.wrapping_sub(*above)));
        }
        std::mem::swap(&mut row, &mut previous);
        if filtered.len() >= PIECE_BYTES {
            deflater.feed(&filtered, FlushCompress::None)?;
            filtered.clear();
        }
    }
    let flush = if last { FlushCompress::Finish } else { FlushCompress::Sync };
    deflater.feed(&filtered, flush)?;
    let Deflater { out: deflated, adler, fed: filtered_len, .. } = deflater;
    Ok(EncodedStrip { deflated, adler, filtered_len, rows, last })
}

/// How many filtered bytes are gathered before they go to the compressor.
const PIECE_BYTES: usize = 64 << 10;

/// Raw deflate at [`LEVEL`], fed in pieces, with the Adler-32 of what it was fed.
struct Deflater<'c> {
    compress: &'c mut Compress,
    out: Vec<u8>,
    adler: u32,
    fed: u64,
}

impl<'c> Deflater<'c> {
    fn new(compress: &'c mut Compress) -> Deflater<'c> {
        Deflater { compress, out: Vec::new(), adler: 1, fed: 0 }
    }

    /// Compresses `bytes`; with a sync flush the output then ends on a byte boundary, with
    /// `Finish` it ends the stream.
    fn feed(&mut self, bytes: &[u8], flush: FlushCompress) -> Result<(), String> {
        self.adler = adler32(self.adler, bytes);
        self.fed += bytes.len() as u64;
        let start = self.compress.total_in();
        loop {
            let taken = (self.compress.total_in() - start) as usize;
            if self.out.capacity() - self.out.len() < 4096 {
                // Doubling: the output is written a few times over at most.
                self.out.reserve(self.out.len().max(4096));
            }
            let status = self
                .compress
                .compress_vec(&bytes[taken..], &mut self.out, flush)
                .map_err(|e| format!("cannot encode the PNG: {e}"))?;
            let consumed = (self.compress.total_in() - start) as usize == bytes.len();
            // Room left in the output: the compressor had nothing more to give.
            let drained = self.out.len() < self.out.capacity();
            let done = match flush {
                FlushCompress::Finish => status == Status::StreamEnd,
                _ => consumed && drained,
            };
            if done {
                return Ok(());
            }
        }
    }
}

/// Encodes a `width` × `height` PNG whose strips `fill` pushes, in order from the top, into
/// the [`PngStrips`] it is given; an error if they hold more or fewer rows than `height`.
pub fn encode_png(
    width: u32,
    height: u32,
    alpha: Alpha,
    fill: impl FnOnce(&mut PngStrips<'_>) -> Result<(), String>,
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    {
        let mut encoder = Encoder::new(&mut out, width, height);
        encoder.set_color(match alpha {
            Alpha::Opaque => ColorType::Rgb,
            Alpha::Kept => ColorType::Rgba,
        });
        encoder.set_depth(BitDepth::Eight);
        let writer = encoder.write_header().map_err(encoding_error)?;
        let row_bytes = 1 + u64::from(width) * alpha.channels() as u64;
        let mut png = PngStrips { writer, adler: 1, height, row_bytes, rows_left: height };
        fill(&mut png)?;
        let PngStrips { writer, rows_left, .. } = png;
        if rows_left > 0 {
            return Err(format!("{rows_left} rows of the PNG were not drawn"));
        }
        writer.finish().map_err(encoding_error)?;
    }
    // A build holds every file until it writes them: give back what growing left spare.
    out.shrink_to_fit();
    Ok(out)
}

/// The PNG being written: its header, then the strips in order.
pub struct PngStrips<'o> {
    writer: Writer<&'o mut Vec<u8>>,
    /// Adler-32 of the filtered rows pushed so far.
    adler: u32,
    height: u32,
    /// The bytes of a filtered row: its filter type and its pixels.
    row_bytes: u64,
    rows_left: u32,
}

impl std::fmt::Debug for PngStrips<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PngStrips").field("rows_left", &self.rows_left).finish()
    }
}

impl PngStrips<'_> {
    /// Adds the next strip as an IDAT chunk.
    pub fn push(&mut self, strip: &EncodedStrip) -> Result<(), String> {
        let Some(left) = self.rows_left.checked_sub(strip.rows) else {
            return Err("a strip of more rows than the PNG has left".into());
        };
        if strip.last != (left == 0) {
            return Err("a strip that ends the PNG is not its last".into());
        }
        if strip.filtered_len != u64::from(strip.rows) * self.row_bytes {
            return Err("a strip of another width or colour type than the PNG's".into());
        }
        let mut data = Vec::with_capacity(strip.deflated.len() + 6);
        if self.rows_left == self.height {
            data.extend_from_slice(&ZLIB_HEADER);
        }
        self.rows_left = left;
        data.extend_from_slice(&strip.deflated);
        self.adler = adler32_combine(self.adler, strip.adler, strip.filtered_len);
        if self.rows_left == 0 {
            data.extend_from_slice(&self.adler.to_be_bytes());
        }
        self.writer.write_chunk(chunk::IDAT, &data).map_err(encoding_error)
    }
}

/// One row of premultiplied RGBA `pixels` as the PNG stores it, into `row`: RGB when the
/// image is opaque, straight RGBA otherwise.
fn png_row(pixels: &[u8], alpha: Alpha, row: &mut Vec<u8>) {
    let whole = |p: &[u8]| p.get(3).is_some_and(|a| *a == 0 || *a == 255);
    if alpha == Alpha::Opaque && opaque_rgb(pixels, row) {
        // Premultiplied is straight when alpha is 255.
        return;
    }
    row.clear();
    if alpha == Alpha::Kept && pixels.chunks_exact(4).all(whole) {
        // Opaque and clear pixels are the same premultiplied or not.
        row.extend_from_slice(pixels);
        return;
    }
    for pixel in pixels.chunks_exact(4) {
        let &[red, green, blue, alpha_byte] = pixel else { continue };
        row.extend_from_slice(&straight([red, green, blue], alpha_byte));
        if alpha == Alpha::Kept {
            row.push(alpha_byte);
        }
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
    use resvg::tiny_skia::{Color, Pixmap, PremultipliedColorU8};
    use std::io::Read;

    /// A PNG of `strips` (each drawn with `rows` rows of it), encoded in turn.
    fn png_of(width: u32, alpha: Alpha, strips: &[(&Pixmap, u32)]) -> Result<Vec<u8>, String> {
        let height = strips.iter().map(|(_, rows)| rows).sum();
        encode_png(width, height, alpha, |png| {
            let mut left = height;
            for (strip, rows) in strips {
                left -= rows;
                png.push(&encode_strip(strip.as_ref(), *rows, alpha, left == 0)?)?;
            }
            Ok(())
        })
    }

    /// The zlib stream of a PNG's IDAT chunks, inflated by flate2 (which checks the Adler-32).
    fn inflated(png: &[u8]) -> Vec<u8> {
        let mut stream = Vec::new();
        let mut at = 8;
        while at + 8 <= png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            if &png[at + 4..at + 8] == b"IDAT" {
                stream.extend_from_slice(&png[at + 8..at + 8 + len]);
            }
            at += 12 + len;
        }
        let mut rows = Vec::new();
        flate2::read::ZlibDecoder::new(&stream[..]).read_to_end(&mut rows).unwrap();
        rows
    }

    #[test]
    fn strips_encoded_apart_make_one_valid_image() {
        let mut strip = Pixmap::new(3, 2).unwrap();
        strip.fill(Color::from_rgba8(200, 100, 50, 255));
        strip.pixels_mut()[5] = PremultipliedColorU8::from_rgba(10, 20, 30, 255).unwrap();
        let png = png_of(3, Alpha::Opaque, &[(&strip, 2), (&strip, 1), (&strip, 2)]).unwrap();
        let decoded = Pixmap::decode_png(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (3, 5));
        let pixel = |x, y| {
            let p = decoded.pixel(x, y).unwrap();
            (p.red(), p.green(), p.blue())
        };
        assert_eq!(pixel(2, 2), (200, 100, 50));
        assert_eq!((pixel(2, 1), pixel(2, 4)), ((10, 20, 30), (10, 20, 30)));
        // Each strip's first row unfiltered, the others Up; the checksum flate2 verified.
        let rows = inflated(&png);
        let filters: Vec<u8> = rows.chunks(1 + 9).map(|row| row[0]).collect();
        assert_eq!(filters, [0, 2, 0, 0, 2]);
        let up = [10_u8.wrapping_sub(200), 20_u8.wrapping_sub(100), 30_u8.wrapping_sub(50)];
        assert_eq!(&rows[11..20], &[0, 0, 0, 0, 0, 0, up[0], up[1], up[2]]);
        assert_eq!(straight([64, 32, 0], 128), [128, 64, 0]);
    }

    #[test]
    fn transparent_pixels_keep_their_alpha_and_short_images_are_errors() {
        let mut strip = Pixmap::new(2, 1).unwrap();
        strip.fill(Color::from_rgba8(255, 0, 0, 128));
        let png = png_of(2, Alpha::Kept, &[(&strip, 1)]).unwrap();
        let pixel = Pixmap::decode_png(&png).unwrap().pixel(0, 0).unwrap().demultiply();
        assert_eq!((pixel.red(), pixel.alpha()), (255, 128));
        let one = encode_strip(strip.as_ref(), 1, Alpha::Kept, false).unwrap();
        let short = encode_png(2, 2, Alpha::Kept, |png| png.push(&one));
        assert_eq!(short, Err("1 rows of the PNG were not drawn".to_string()));
        let last = encode_strip(strip.as_ref(), 1, Alpha::Kept, true).unwrap();
        assert!(encode_png(2, 2, Alpha::Kept, |png| png.push(&last)).is_err(), "ends early");
        assert!(encode_png(2, 1, Alpha::Kept, |png| png.push(&one)).is_err(), "never ends");
        let mut tall = Pixmap::new(2, 2).unwrap();
        tall.fill(Color::from_rgba8(255, 0, 0, 128));
        let two = encode_strip(tall.as_ref(), 2, Alpha::Kept, true).unwrap();
        let too_many = encode_png(2, 1, Alpha::Kept, |png| png.push(&two));
        assert_eq!(too_many, Err("a strip of more rows than the PNG has left".into()));
        let wide = encode_png(3, 1, Alpha::Kept, |png| png.push(&last));
        assert_eq!(wide, Err("a strip of another width or colour type than the PNG's".into()));
        let rgb = encode_png(2, 1, Alpha::Opaque, |png| png.push(&last));
        assert!(rgb.is_err(), "an RGBA strip in an RGB image");
    }

    #[test]
    fn opaque_rows_are_copied_and_others_converted_to_the_same_bytes() {
        let mut strip = Pixmap::new(3, 2).unwrap();
        strip.fill(Color::from_rgba8(200, 100, 50, 255));
        // The second row has a half-transparent pixel: the slow path, the same rule.
        let half = PremultipliedColorU8::from_rgba(64, 32, 0, 128).unwrap();
        strip.pixels_mut()[4] = half;
        let png = png_of(3, Alpha::Opaque, &[(&strip, 2)]).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut pixels).unwrap();
        assert_eq!(&pixels[..9], &[200, 100, 50, 200, 100, 50, 200, 100, 50]);
        assert_eq!(&pixels[9..18], &[200, 100, 50, 128, 64, 0, 200, 100, 50]);
    }

    #[test]
    fn a_large_strip_deflates_whole() {
        // More than one call of the compressor: noise that does not compress.
        let mut strip = Pixmap::new(512, 300).unwrap();
        let mut state = 0x9e37_79b9_u32;
        for byte in strip.data_mut().chunks_exact_mut(4) {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            byte[..3].copy_from_slice(&state.to_le_bytes()[..3]);
            byte[3] = 255;
        }
        let png = png_of(512, Alpha::Opaque, &[(&strip, 300), (&strip, 300)]).unwrap();
        assert_eq!(inflated(&png).len(), 600 * (1 + 512 * 3));
        assert_eq!(Pixmap::decode_png(&png).unwrap().data()[..4], strip.data()[..4]);
    }

    #[test]
    fn strips_hold_at_least_one_row() {
        assert_eq!(strip_rows(1000, 40_000), 10);
        assert_eq!(strip_rows(1_000_000, 10), 1);
        assert_eq!(strip_rows(0, 8), 2);
    }
}
