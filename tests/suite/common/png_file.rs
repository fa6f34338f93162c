//! PNG files for tests, from raw pixels: one encoder setup shared by the tests that write images a design uses.

/// `pixels` (rows of `colour` samples at `depth` bits) of a `width × height` image, as a
/// PNG file.
pub fn png_file(
    width: u32,
    height: u32,
    colour: png::ColorType,
    depth: png::BitDepth,
    pixels: &[u8],
) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(colour);
    encoder.set_depth(depth);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(pixels).unwrap();
    writer.finish().unwrap();
    bytes
}
