//! A PNG's resolution written into it: the `pHYs` chunk (pixels per metre), so that print services and image editors read the dpi it was drawn at.

/// Where the first chunk after the signature (IHDR, 13 bytes of data) ends.
const AFTER_IHDR: usize = 8 + 4 + 4 + 13 + 4;

/// `png` (as tilepress encodes it: IHDR first) with a `pHYs` chunk saying `dpi`, right after
/// its header; unchanged if it does not start with a PNG header.
pub fn with_dpi(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    if png.len() < AFTER_IHDR || &png[12..16] != b"IHDR" {
        return png;
    }
    let per_metre = (dpi / 0.0254).round() as u32;
    let mut chunk_body = Vec::with_capacity(13);
    chunk_body.extend_from_slice(b"pHYs");
    chunk_body.extend_from_slice(&per_metre.to_be_bytes());
    chunk_body.extend_from_slice(&per_metre.to_be_bytes());
    chunk_body.push(1); // the unit: the metre
    let mut out = Vec::with_capacity(png.len() + 21);
    out.extend_from_slice(&png[..AFTER_IHDR]);
    out.extend_from_slice(&9u32.to_be_bytes());
    out.extend_from_slice(&chunk_body);
    out.extend_from_slice(&crc32(&chunk_body).to_be_bytes());
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// The CRC-32 (IEEE, reflected) a PNG chunk ends with, over its type and data.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = u32::MAX;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::png::{Paper, page_to_png};
    use crate::scene::Page;

    #[test]
    fn the_decoder_reads_the_dpi_and_the_same_pixels() {
        let page = Page { label: "p".into(), width_mm: 25.4, height_mm: 12.7, layers: Vec::new() };
        let plain = page_to_png(&page, 300.0, Paper::White).unwrap();
        let marked = with_dpi(plain.clone(), 300.0);
        let info = |bytes: &[u8]| {
            let decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
            let mut reader = decoder.read_info().unwrap();
            let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
            reader.next_frame(&mut pixels).unwrap();
            (reader.info().pixel_dims, reader.info().width, reader.info().height, pixels)
        };
        let (dims, width, height, pixels) = info(&marked);
        let dims = dims.expect("a pHYs chunk");
        assert_eq!((dims.xppu, dims.yppu, dims.unit), (11811, 11811, png::Unit::Meter));
        assert_eq!((width, height), (300, 150));
        assert_eq!(pixels, info(&plain).3);
        // The known CRC of "IEND".
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }
}
