//! PNG files the tests read back: their size, RGB pixels and the resolution they state (pHYs).

use std::fs;
use std::path::Path;

/// A decoded PNG: `rgb` row by row, `pixels_per_metre` from its pHYs chunk (x, y) if any.
pub struct Image {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<[u8; 3]>,
    pub pixels_per_metre: Option<(u32, u32)>,
}

impl Image {
    /// The pixel at (x, y), clamped to the image.
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let (x, y) = (x.min(self.width - 1), y.min(self.height - 1));
        self.rgb[(y * self.width + x) as usize]
    }

    /// The pixel at fractions `(x, y)` of the width and height.
    pub fn at_fraction(&self, x: f64, y: f64) -> [u8; 3] {
        self.at((x * f64::from(self.width)) as u32, (y * f64::from(self.height)) as u32)
    }
}

/// Whether two colours are within a few levels of each other (antialiasing aside).
pub fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

pub fn decoded(path: &Path) -> Image {
    let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let channels = info.color_type.samples();
    let rgb = pixels[..info.buffer_size()].chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
    let pixels_per_metre = reader.info().pixel_dims.map(|d| {
        assert_eq!(d.unit, png::Unit::Meter, "pHYs in pixels per metre");
        (d.xppu, d.yppu)
    });
    Image { width: info.width, height: info.height, rgb, pixels_per_metre }
}
