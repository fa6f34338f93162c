//! The press's colours: the design's sRGB colours and images turned into the CMYK of a print shop's output profile (moxcms, pure Rust, its scalar code so every machine writes the same numbers), pure black as black ink alone.
//!
//! Colours go through the profile's relative colorimetric tables (a palette colour the
//! press can print stays as it is, one it cannot goes to the nearest it can), images
//! through its perceptual ones (their shades kept apart) — but for an image PDF/X-1a's
//! flattening drew vector colours into, converted colour by colour as the vectors are. The
//! design's pure black (`#000000`) is not converted: it prints as black ink alone
//! (`0 0 0 1`), so text and thin black lines do not depend on four plates meeting exactly. Under an ink limit, a
//! colour or pixel over it keeps its black and has its cyan, magenta and yellow scaled down
//! together until the four add up to the limit.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use moxcms::{ColorProfile, Layout, RenderingIntent, TransformExecutor, TransformOptions};

use crate::scene::Colour;

/// Ink amounts of cyan, magenta, yellow and black, each from 0 to 1.
pub type Cmyk = [f32; 4];

/// Black ink alone.
pub const BLACK_INK: Cmyk = [0.0, 0.0, 0.0, 1.0];

/// The transforms from sRGB into the press's CMYK, and the colours converted so far.
pub struct Press {
    colours: Arc<dyn TransformExecutor<f64> + Send + Sync>,
    images: Arc<dyn TransformExecutor<u8> + Send + Sync>,
    converted: Mutex<BTreeMap<Colour, [f64; 4]>>,
}

impl std::fmt::Debug for Press {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Press")
    }
}

impl Press {
    /// The transforms into the CMYK of the output profile `bytes`, or why the profile
    /// cannot make them (a clause).
    pub fn new(bytes: &[u8]) -> Result<Press, String> {
        let unusable =
            |error: moxcms::CmsError| format!("its colour tables cannot be used: {error}");
        let press = ColorProfile::new_from_slice(bytes).map_err(unusable)?;
        let srgb = ColorProfile::new_srgb();
        let options =
            |rendering_intent| TransformOptions { rendering_intent, ..TransformOptions::default() };
        let colours = srgb
            .create_transform_f64(
                Layout::Rgb,
                &press,
                Layout::Rgba,
                options(RenderingIntent::RelativeColorimetric),
            )
            .map_err(unusable)?;
        let images = srgb
            .create_transform_8bit(
                Layout::Rgb,
                &press,
                Layout::Rgba,
                options(RenderingIntent::Perceptual),
            )
            .map_err(unusable)?;
        Ok(Press { colours, images, converted: Mutex::new(BTreeMap::new()) })
    }

    /// `colour` in the press's inks, each rounded to 0.001, under `limit` (total ink in
    /// percent) when given; pure black as black ink alone.
    pub fn colour(&self, colour: Colour, limit: Option<f64>) -> Cmyk {
        if colour == Colour::BLACK {
            return BLACK_INK;
        }
        let mut converted = self.converted.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let cmyk = *converted.entry(colour).or_insert_with(|| {
            let rgb = [colour.r, colour.g, colour.b].map(|v| f64::from(v) / 255.0);
            let mut cmyk = [0.0f64; 4];
            // The transform fails only on slices of the wrong length.
            let _ = self.colours.transform(&rgb, &mut cmyk);
            cmyk.map(|v| v.clamp(0.0, 1.0))
        });
        let cmyk = limit.map_or(cmyk, |limit| under_limit(cmyk, limit / 100.0, 1.0));
        // Rounded down, so rounding never takes a colour over the limit.
        cmyk.map(|v| ((v * 1000.0 + 1e-9).floor() / 1000.0) as f32 + 0.0)
    }

    /// The RGB samples `rgb` (3 bytes a pixel) as CMYK samples (4 bytes a pixel), each under
    /// `limit` (total ink in percent) when given; pure black pixels as black ink alone.
    pub fn image(&self, rgb: &[u8], limit: Option<f64>) -> Vec<u8> {
        let pixels = rgb.len() / 3;
        let mut cmyk = vec![0u8; pixels * 4];
        let _ = self.images.transform(&rgb[..pixels * 3], &mut cmyk);
        for (pixel, ink) in rgb.chunks_exact(3).zip(cmyk.chunks_exact_mut(4)) {
            if pixel == [0, 0, 0] {
                ink.copy_from_slice(&[0, 0, 0, 255]);
            } else if let Some(limit) = limit {
                let inks = [ink[0], ink[1], ink[2], ink[3]].map(f64::from);
                let limited = under_limit(inks, limit / 100.0 * 255.0, 255.0);
                for (sample, value) in ink.iter_mut().zip(limited) {
                    *sample = value.floor() as u8;
                }
            }
        }
        cmyk
    }

    /// The RGB samples `rgb` as CMYK samples converted pixel by pixel as [`Press::colour`]
    /// converts a colour (relative colorimetric, pure black as black ink alone, under
    /// `limit`): an image flattening drew vector colours into prints them as the vectors
    /// around it print.
    pub fn image_as_colours(&self, rgb: &[u8], limit: Option<f64>) -> Vec<u8> {
        let limit_samples = limit.map(|limit| limit / 100.0 * 255.0);
        let mut cmyk = Vec::with_capacity(rgb.len() / 3 * 4);
        for pixel in rgb.chunks_exact(3) {
            let inks = self.colour(Colour { r: pixel[0], g: pixel[1], b: pixel[2] }, limit);
            let samples = inks.map(|ink| f64::from(ink) * 255.0);
            let rounded = samples.map(f64::round);
            // Rounded, unless that would take the pixel over the limit.
            let over = limit_samples.is_some_and(|most| rounded.iter().sum::<f64>() > most);
            let chosen = if over { samples.map(f64::floor) } else { rounded };
            cmyk.extend(chosen.map(|v| v as u8));
        }
        cmyk
    }
}

/// `inks` (each from 0 to `full`) with their total at most `limit`: black kept, cyan,
/// magenta and yellow scaled down together (a total under the limit is left as it is).
fn under_limit(inks: [f64; 4], limit: f64, full: f64) -> [f64; 4] {
    let [c, m, y, k] = inks;
    let colour = c + m + y;
    if colour + k <= limit || colour <= 0.0 {
        return inks;
    }
    let scale = ((limit - k.min(full)) / colour).clamp(0.0, 1.0);
    [c * scale, m * scale, y * scale, k]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press() -> Press {
        Press::new(include_bytes!("../../../tests/fixtures/profiles/test-cmyk.icc")).unwrap()
    }

    #[test]
    fn pure_black_is_black_ink_alone_and_other_colours_go_through_the_profile() {
        let press = press();
        assert_eq!(press.colour(Colour::BLACK, None), BLACK_INK);
        let white = press.colour(Colour::WHITE, None);
        assert!(white.iter().all(|&ink| ink < 0.02), "{white:?}");
        // The made-up press separates a near black into all four inks (its black is 80 %
        // of the grey component).
        let near_black = press.colour(Colour { r: 1, g: 1, b: 1 }, None);
        assert!(near_black.iter().all(|&ink| ink > 0.7), "{near_black:?}");
        let red = press.colour(Colour { r: 255, g: 0, b: 0 }, None);
        assert!(red[0] < 0.1 && red[1] > 0.9 && red[2] > 0.9 && red[3] < 0.1, "{red:?}");
        assert!(red.iter().all(|ink| (ink * 1000.0).fract() == 0.0), "rounded to 0.001: {red:?}");
    }

    #[test]
    fn images_turn_into_four_samples_a_pixel() {
        let cmyk = press().image(&[0, 0, 0, 255, 255, 255, 0, 0, 255], None);
        assert_eq!(cmyk.len(), 12);
        assert_eq!(cmyk[..4], [0, 0, 0, 255], "pure black as black ink alone");
        assert!(cmyk[4..8].iter().all(|&v| v < 5), "{cmyk:?}");
        assert!(cmyk[8] > 200 && cmyk[9] > 100 && cmyk[10] < 30, "blue: {cmyk:?}");
    }

    #[test]
    fn a_flattened_image_prints_each_pixel_as_its_colour_prints() {
        let press = press();
        let sea = Colour { r: 31, g: 111, b: 178 };
        for limit in [None, Some(240.0)] {
            let samples = press.image_as_colours(&[31, 111, 178, 0, 0, 0], limit);
            let ink = press.colour(sea, limit).map(|v| f64::from(v) * 255.0);
            for (sample, ink) in samples[..4].iter().zip(ink) {
                assert!((f64::from(*sample) - ink).abs() <= 1.0, "{samples:?} {ink:?}");
            }
            assert_eq!(samples[4..], [0, 0, 0, 255], "pure black as black ink alone");
        }
        let near_black = press.image_as_colours(&[1, 1, 1], Some(240.0));
        let total: u32 = near_black.iter().map(|&v| u32::from(v)).sum();
        assert!(total <= 612, "{near_black:?}");
    }

    #[test]
    fn an_ink_limit_keeps_black_and_scales_the_other_inks_down() {
        let press = press();
        let near_black = Colour { r: 1, g: 1, b: 1 };
        let free = press.colour(near_black, None);
        let total = |cmyk: Cmyk| cmyk.iter().sum::<f32>();
        assert!(total(free) > 3.0, "{free:?}");
        let limited = press.colour(near_black, Some(240.0));
        assert!(total(limited) <= 2.4 && total(limited) > 2.39, "{limited:?}");
        assert_eq!(limited[3], free[3], "black kept");
        assert!((limited[0] / limited[1] - free[0] / free[1]).abs() < 0.01, "{limited:?}");
        // Under the limit already: as it was.
        let sea = Colour { r: 31, g: 111, b: 178 };
        assert_eq!(press.colour(sea, Some(300.0)), press.colour(sea, None));
        let pixels = press.image(&[1, 1, 1, 0, 0, 0], Some(240.0));
        let ink: u32 = pixels[..4].iter().map(|&v| u32::from(v)).sum();
        assert!(ink <= 612 && ink > 600, "{pixels:?}");
        assert_eq!(pixels[4..], [0, 0, 0, 255]);
    }
}
