//! A soft proof: what the press prints for a design's colour — the inks `build` writes for it (`Press::colour`, under the ink limit; pure black as black ink alone) read back through the output profile's CMYK→PCS tables — and how far that is from the colour asked for (CIEDE2000, both in CIELAB of the profile connection space's D50 white).

use std::sync::Arc;

use moxcms::{
    ColorProfile, Layout, RenderingIntent, ToneReprCurve, TransformExecutor, TransformOptions, Xyzd,
};

use crate::model::print::pdf_x::OutputProfile;
use crate::model::print::press::Cmyk;
use crate::scene::Colour;
use crate::scene::delta_e::{D50, Lab, ciede2000};

/// The CIEDE2000 difference over which a colour is out of the press's reach: ISO
/// 12647-2:2013 holds a press run's own cyan, magenta and yellow solids to 3.5 ΔE00 of their
/// aim, so a shift larger than that is more than any print run's own tolerance (docs/format.md,
/// PDF/X).
pub const OUT_OF_REACH: f64 = 3.5;

type Transform = Arc<dyn TransformExecutor<f64> + Send + Sync>;

/// The transforms a proof reads colours through.
pub struct Proof<'a> {
    profile: &'a OutputProfile,
    /// The press's inks into the profile connection space (XYZ, D50).
    printed: Transform,
    /// sRGB into the same space.
    asked: Transform,
    /// The press's inks into sRGB, to show what it prints.
    shown: Transform,
}

impl std::fmt::Debug for Proof<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Proof")
    }
}

/// What the press prints for one colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proofed {
    /// The inks `build` writes for it.
    pub inks: Cmyk,
    /// The printed colour as sRGB (the nearest sRGB holds).
    pub printed: Colour,
    /// Its CIEDE2000 difference from the colour asked for.
    pub difference: f64,
}

impl Proofed {
    /// Whether the press prints the colour visibly apart from it ([`OUT_OF_REACH`]).
    pub fn out_of_reach(&self) -> bool {
        self.difference > OUT_OF_REACH
    }
}

impl<'a> Proof<'a> {
    /// The transforms of `profile`'s tables (relative colorimetric, as the colours of a
    /// build), or why they cannot be made (a clause).
    pub fn new(profile: &'a OutputProfile) -> Result<Proof<'a>, String> {
        let unusable =
            |error: moxcms::CmsError| format!("its colour tables cannot be used: {error}");
        let press = ColorProfile::new_from_slice(&profile.bytes).map_err(unusable)?;
        let srgb = ColorProfile::new_srgb();
        let xyz = xyz_profile();
        let options = TransformOptions {
            rendering_intent: RenderingIntent::RelativeColorimetric,
            ..TransformOptions::default()
        };
        let printed = press.create_transform_f64(Layout::Rgba, &xyz, Layout::Rgb, options);
        let asked = srgb.create_transform_f64(Layout::Rgb, &xyz, Layout::Rgb, options);
        let shown = press.create_transform_f64(Layout::Rgba, &srgb, Layout::Rgb, options);
        Ok(Proof {
            profile,
            printed: printed.map_err(unusable)?,
            asked: asked.map_err(unusable)?,
            shown: shown.map_err(unusable)?,
        })
    }

    /// What the press prints for `colour` under `ink_limit` (total ink in percent), and how
    /// far that is from it.
    pub fn colour(&self, colour: Colour, ink_limit: Option<f64>) -> Proofed {
        let inks = self.profile.press.colour(colour, ink_limit);
        let cmyk = inks.map(f64::from);
        let rgb = [colour.r, colour.g, colour.b].map(|v| f64::from(v) / 255.0);
        // The transforms fail only on slices of the wrong length.
        let (mut printed, mut asked, mut shown) = ([0.0; 3], [0.0; 3], [0.0; 3]);
        let _ = self.printed.transform(&cmyk, &mut printed);
        let _ = self.asked.transform(&rgb, &mut asked);
        let _ = self.shown.transform(&cmyk, &mut shown);
        let [r, g, b] = shown.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8);
        let difference = ciede2000(Lab::of_xyz(asked, D50), Lab::of_xyz(printed, D50));
        Proofed { inks, printed: Colour { r, g, b }, difference }
    }
}

/// A profile whose "RGB" is the connection space's XYZ itself (primaries X, Y and Z, linear
/// curves): a transform into it reads a colour's XYZ out of any profile's tables.
fn xyz_profile() -> ColorProfile {
    let mut profile = ColorProfile::new_srgb();
    profile.cicp = None;
    profile.red_colorant = Xyzd { x: 1.0, y: 0.0, z: 0.0 };
    profile.green_colorant = Xyzd { x: 0.0, y: 1.0, z: 0.0 };
    profile.blue_colorant = Xyzd { x: 0.0, y: 0.0, z: 1.0 };
    let linear = ToneReprCurve::Parametric(vec![1.0]);
    profile.red_trc = Some(linear.clone());
    profile.green_trc = Some(linear.clone());
    profile.blue_trc = Some(linear);
    profile
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::pdf_x::output_profile;

    /// The tests' presses (`scripts/test-cmyk-profile.py`): one whose inks reach every sRGB
    /// colour, one with a press's gamut.
    fn profile(narrow: bool) -> OutputProfile {
        let bytes: &[u8] = if narrow {
            include_bytes!("../../../tests/fixtures/profiles/test-cmyk-narrow.icc")
        } else {
            include_bytes!("../../../tests/fixtures/profiles/test-cmyk.icc")
        };
        output_profile(bytes.to_vec()).unwrap()
    }

    /// The proof of `profile`, whose paper white is white on either press.
    fn proof(profile: &OutputProfile) -> Proof<'_> {
        let proof = Proof::new(profile).unwrap();
        let white = proof.colour(Colour::WHITE, None);
        assert!(white.difference < 0.5 && white.printed.r > 250, "{white:?}");
        proof
    }

    fn hex(text: &str) -> Colour {
        Colour::from_hex(text).unwrap()
    }

    #[test]
    fn a_press_that_reaches_every_colour_prints_each_within_the_threshold() {
        let profile = profile(false);
        let proof = proof(&profile);
        // Its black ink alone is as black as sRGB's black.
        let black = proof.colour(Colour::BLACK, None);
        assert_eq!(black.inks, [0.0, 0.0, 0.0, 1.0]);
        assert!(black.difference < 0.5 && black.printed == Colour::BLACK, "{black:?}");
        for colour in ["#ff0000", "#00ff00", "#0000ff", "#1f6fb2", "#808080", "#f9a825"] {
            let proofed = proof.colour(hex(colour), None);
            assert!(!proofed.out_of_reach(), "{colour}: {proofed:?}");
        }
    }

    #[test]
    fn a_narrower_press_misses_saturated_colours_and_prints_black_ink_as_a_dark_grey() {
        let profile = profile(true);
        let proof = proof(&profile);
        let sea = proof.colour(hex("#1f6fb2"), None);
        assert!(!sea.out_of_reach(), "{sea:?}");
        for colour in ["#0000ff", "#00ff00", "#00ffff"] {
            let proofed = proof.colour(hex(colour), None);
            assert!(proofed.difference > 2.0 * OUT_OF_REACH, "{colour}: {proofed:?}");
            // What it prints shows as a duller colour of the same kind.
            assert_ne!(proofed.printed, hex(colour));
        }
        let green = proof.colour(hex("#00ff00"), None).printed;
        assert!(green.g > 150 && green.r < 100 && green.b < 100, "{green:?}");
        // Pure black is black ink alone, L* 20 on this press: lighter than sRGB's black.
        let black = proof.colour(Colour::BLACK, None);
        assert_eq!(black.inks, [0.0, 0.0, 0.0, 1.0]);
        assert!(black.out_of_reach(), "{black:?}");
        let grey = black.printed;
        assert!(grey.r == grey.g && grey.g.abs_diff(grey.b) <= 1 && (40..60).contains(&grey.r));
    }

    #[test]
    fn an_ink_limit_takes_a_dark_colour_out_of_reach() {
        let profile = profile(true);
        let proof = proof(&profile);
        let dark = hex("#303030");
        let free = proof.colour(dark, None);
        let total = |inks: Cmyk| inks.iter().sum::<f32>();
        assert!(!free.out_of_reach() && total(free.inks) > 3.0, "{free:?}");
        let limited = proof.colour(dark, Some(300.0));
        assert!(limited.out_of_reach() && total(limited.inks) <= 3.0, "{limited:?}");
        // A light colour under the limit already is proofed as it was.
        let light = hex("#f9a825");
        assert_eq!(proof.colour(light, Some(300.0)), proof.colour(light, None));
    }
}
