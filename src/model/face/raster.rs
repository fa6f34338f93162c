//! PNG and JPEG images for face layers: measured from their header before they are decoded
//! (so an image over the side limit or the design's pixel budget costs nothing), decoded to straight RGBA and wrapped as a scene symbol
//! that draws the bitmap over `width × height` pixel units.

use std::sync::Arc;

use kurbo::Rect;
use zune_jpeg::zune_core::bytestream::ZCursor;
use zune_jpeg::zune_core::colorspace::ColorSpace;
use zune_jpeg::zune_core::options::DecoderOptions;

use super::image::FaceImage;
use crate::model::input::limits::{MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX};
use crate::scene::{Item, Raster, RasterImage, Symbol};
use resvg::tiny_skia::Pixmap;

/// A PNG file as a face image, decoded only when its header's width × height is within
/// `pixels_left`.
pub fn png_image(bytes: Vec<u8>, name: &str, pixels_left: u64) -> Result<FaceImage, String> {
    pixel_size(&bytes, pixels_left)?;
    let (width, height, pixels) =
        decode_png(&bytes).map_err(|e| format!("it is not a readable PNG ({e})"))?;
    let rgba = pixels.into_flattened();
    let image =
        RasterImage { width, height, rgba, file: bytes, mime: "image/png", colorimetric: false };
    Ok(face_image(image, name))
}

/// A JPEG file as a face image, decoded only when its header's width × height is within
/// `pixels_left`.
pub fn jpeg_image(bytes: Vec<u8>, name: &str, pixels_left: u64) -> Result<FaceImage, String> {
    let (w, h) = pixel_size(&bytes, pixels_left)?;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGBA)
        .set_max_width(w)
        .set_max_height(h);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(&bytes), options);
    let rgba = decoder.decode().map_err(|e| format!("it is not a readable JPEG ({e:?})"))?;
    let info = decoder.info().ok_or("it is not a readable JPEG (no header)")?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    if rgba.len() != width as usize * height as usize * 4 {
        return Err("it is not a readable JPEG (its pixels do not match its size)".into());
    }
    let image =
        RasterImage { width, height, rgba, file: bytes, mime: "image/jpeg", colorimetric: false };
    Ok(face_image(image, name))
}

/// Width and height in pixels from the file's header, refused over the side limit or over
/// `pixels_left` pixels.
fn pixel_size(bytes: &[u8], pixels_left: u64) -> Result<(usize, usize), String> {
    let size =
        imagesize::blob_size(bytes).map_err(|e| format!("it is not a readable image ({e})"))?;
    if size.width as f64 > MAX_IMAGE_SIDE_PX
        || size.height as f64 > MAX_IMAGE_SIDE_PX
        || size.width == 0
        || size.height == 0
    {
        return Err(format!(
            "it is {} × {} pixels; the limit is {MAX_IMAGE_SIDE_PX} a side",
            size.width, size.height
        ));
    }
    let pixels = size.width as u64 * size.height as u64;
    if pixels > pixels_left {
        return Err(format!(
            "it is {} × {} = {pixels} pixels, over the {pixels_left} pixels left of the design's budget of {MAX_IMAGE_PIXELS} (MAX_IMAGE_PIXELS in model/input/limits.rs); scale it down",
            size.width, size.height
        ));
    }
    Ok((size.width, size.height))
}

fn face_image(image: RasterImage, name: &str) -> FaceImage {
    let (width, height) = (f64::from(image.width), f64::from(image.height));
    let pixels = u64::from(image.width) * u64::from(image.height);
    let raster = Raster { image: Arc::new(image), rect: Rect::new(0.0, 0.0, width, height) };
    let symbol = Arc::new(Symbol { name: name.into(), items: vec![Item::Image(raster)] });
    FaceImage { name: name.into(), width, height, pixels, symbol }
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

    /// A 3 × 2 PNG: red, green, blue on top, then transparent, white, black.
    fn tiny_png() -> Vec<u8> {
        let mut pixmap = resvg::tiny_skia::Pixmap::new(3, 2).unwrap();
        let colours = [
            [255, 0, 0, 255],
            [0, 255, 0, 255],
            [0, 0, 255, 255],
            [0, 0, 0, 0],
            [255, 255, 255, 255],
            [0, 0, 0, 255],
        ];
        for (pixel, c) in pixmap.pixels_mut().iter_mut().zip(colours) {
            *pixel = resvg::tiny_skia::ColorU8::from_rgba(c[0], c[1], c[2], c[3]).premultiply();
        }
        pixmap.encode_png().unwrap()
    }

    #[test]
    fn a_png_becomes_a_bitmap_symbol_of_its_pixel_size() {
        let image = png_image(tiny_png(), "tiny.png", MAX_IMAGE_PIXELS).unwrap();
        assert_eq!((image.width, image.height), (3.0, 2.0));
        let Item::Image(raster) = &image.symbol.items[0] else { panic!("a bitmap") };
        assert_eq!(raster.image.rgba[..4], [255, 0, 0, 255]);
        assert_eq!(raster.image.rgba[12..16], [0, 0, 0, 0]);
        assert_eq!(raster.image.mime, "image/png");
    }

    #[test]
    fn a_jpeg_is_decoded_to_its_pixels() {
        let bytes = include_bytes!("../../../tests/designs/faces/sky.jpg").to_vec();
        let image = jpeg_image(bytes, "sky.jpg", MAX_IMAGE_PIXELS).unwrap();
        assert_eq!((image.width, image.height), (40.0, 30.0));
        let Item::Image(raster) = &image.symbol.items[0] else { panic!("a bitmap") };
        assert_eq!(raster.image.rgba.len(), 40 * 30 * 4);
        // The moon at (28, 10) is yellow, the sky at the top left dark blue.
        let at = |x: usize, y: usize| &raster.image.rgba[(y * 40 + x) * 4..(y * 40 + x) * 4 + 4];
        assert!(at(28, 10)[0] > 200 && at(28, 10)[2] < 150, "{:?}", at(28, 10));
        assert!(at(0, 0)[2] > at(0, 0)[0] + 60, "{:?}", at(0, 0));
        assert_eq!(raster.image.mime, "image/jpeg");
    }

    #[test]
    fn unreadable_and_oversized_bitmaps_are_refused() {
        assert!(
            png_image(b"not a png".to_vec(), "x.png", MAX_IMAGE_PIXELS)
                .unwrap_err()
                .contains("not a readable")
        );
        assert!(jpeg_image(b"\xff\xd8\xff nonsense".to_vec(), "x.jpg", MAX_IMAGE_PIXELS).is_err());
        // A PNG header claiming 30 000 pixels is refused before anything is decoded.
        let mut header = tiny_png();
        header[16..20].copy_from_slice(&30_000u32.to_be_bytes());
        let error = png_image(header.clone(), "wide.png", MAX_IMAGE_PIXELS).unwrap_err();
        assert!(error.contains("30000 × 2 pixels"), "{error}");
        // 16 000 × 16 000 is within the side limit, over the pixel budget: refused unread.
        header[16..20].copy_from_slice(&16_000u32.to_be_bytes());
        header[20..24].copy_from_slice(&16_000u32.to_be_bytes());
        let error = png_image(header, "square.png", MAX_IMAGE_PIXELS).unwrap_err();
        assert!(error.contains("16000 × 16000 = 256000000 pixels"), "{error}");
        // The budget is what the design's other images left.
        let error = png_image(tiny_png(), "tiny.png", 5).unwrap_err();
        assert!(error.contains("over the 5 pixels left"), "{error}");
    }
}
