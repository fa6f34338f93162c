//! How a colour looks to a dichromat: Machado, Oliveira & Fernandes (2009) at severity 1.0.

use super::Colour;

/// A colour-vision deficiency at full severity (dichromacy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Deficiency {
    /// No working L (long-wavelength, "red") cones.
    Protan,
    /// No working M (medium-wavelength, "green") cones: the most common.
    Deutan,
    /// No working S (short-wavelength, "blue") cones.
    Tritan,
}

impl Deficiency {
    pub const ALL: [Deficiency; 3] = [Deficiency::Protan, Deficiency::Deutan, Deficiency::Tritan];

    /// `deutan`, as `--simulate` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Deficiency::Protan => "protan",
            Deficiency::Deutan => "deutan",
            Deficiency::Tritan => "tritan",
        }
    }

    /// `deuteranopes`: who sees this way, for messages.
    pub fn people(self) -> &'static str {
        match self {
            Deficiency::Protan => "protanopes",
            Deficiency::Deutan => "deuteranopes",
            Deficiency::Tritan => "tritanopes",
        }
    }

    /// The simulation matrix of Machado, Oliveira & Fernandes, "A Physiologically-based Model
    /// for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009, doi
    /// 10.1109/TVCG.2009.113: their published matrices for severity 1.0, applied to linear
    /// RGB (rows: the simulated R, G, B).
    pub fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Deficiency::Protan => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            Deficiency::Deutan => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Deficiency::Tritan => [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        }
    }

    /// `colour` as this deficiency sees it: decoded to linear RGB, multiplied by the matrix,
    /// clamped to the gamut and encoded again.
    pub fn simulate(self, colour: Colour) -> Colour {
        let [r, g, b] =
            self.simulate_linear(colour).map(|c| (from_linear(c) * 255.0).round() as u8);
        Colour { r, g, b }
    }

    /// `colour` as this deficiency sees it, in linear RGB (0–1, clamped to the gamut).
    pub fn simulate_linear(self, colour: Colour) -> [f64; 3] {
        let linear = linear_rgb(colour);
        self.matrix()
            .map(|row| row.iter().zip(linear).map(|(m, c)| m * c).sum::<f64>().clamp(0.0, 1.0))
    }
}

/// Relative luminance (WCAG 2.x), 0 for black to 1 for white.
pub fn luminance(colour: Colour) -> f64 {
    let [r, g, b] = linear_rgb(colour);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white).
pub fn contrast_ratio(a: Colour, b: Colour) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Black or white, whichever contrasts more with `colour`: the ink of a cue drawn on it.
pub fn standing_out(colour: Colour) -> Colour {
    let (on_black, on_white) =
        (contrast_ratio(colour, Colour::BLACK), contrast_ratio(colour, Colour::WHITE));
    if on_black >= on_white { Colour::BLACK } else { Colour::WHITE }
}

/// An sRGB colour as linear light, each channel 0–1.
pub fn linear_rgb(colour: Colour) -> [f64; 3] {
    [colour.r, colour.g, colour.b].map(|c| to_linear(f64::from(c) / 255.0))
}

/// An sRGB channel (0–1) as linear light (IEC 61966-2-1).
pub fn to_linear(c: f64) -> f64 {
    if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
}

/// Linear light (0–1) as an sRGB channel.
pub fn from_linear(c: f64) -> f64 {
    if c <= 0.0031308 { c * 12.92 } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table 1 of Machado, Oliveira & Fernandes (2009), severity 1.0, as printed there
    /// (typed from the paper, not from the code).
    const PUBLISHED: [(Deficiency, [f64; 9]); 3] = [
        (
            Deficiency::Protan,
            [
                0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116,
                1.051998,
            ],
        ),
        (
            Deficiency::Deutan,
            [
                0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940,
                0.968881,
            ],
        ),
        (
            Deficiency::Tritan,
            [
                1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367,
                0.303900,
            ],
        ),
    ];

    #[test]
    fn the_matrices_are_the_published_ones() {
        for (deficiency, published) in PUBLISHED {
            let ours: Vec<f64> = deficiency.matrix().concat();
            assert_eq!(ours, published, "{deficiency:?}");
        }
    }

    #[test]
    fn greys_stay_grey_and_white_stays_white() {
        // Each row of the model sums to 1 (to the published six decimals): achromatic
        // colours are seen as they are.
        for deficiency in Deficiency::ALL {
            for row in deficiency.matrix() {
                assert!((row.iter().sum::<f64>() - 1.0).abs() < 2e-6, "{deficiency:?}");
            }
            for v in [0u8, 64, 128, 200, 255] {
                let grey = Colour { r: v, g: v, b: v };
                assert_eq!(deficiency.simulate(grey), grey, "{deficiency:?} {v}");
            }
        }
    }

    #[test]
    fn red_and_green_converge_for_deutans_but_not_for_tritans() {
        let red = Colour::from_hex("#d62828").unwrap();
        let green = Colour::from_hex("#1f9e45").unwrap();
        let gap = |d: Deficiency| {
            let (a, b) = (d.simulate(red), d.simulate(green));
            (i32::from(a.r) - i32::from(b.r)).abs() + (i32::from(a.g) - i32::from(b.g)).abs()
        };
        assert!(gap(Deficiency::Deutan) < gap(Deficiency::Tritan) / 2);
    }

    #[test]
    fn the_transfer_function_round_trips() {
        for v in 0..=255u8 {
            let c = f64::from(v) / 255.0;
            assert!((from_linear(to_linear(c)) - c).abs() < 1e-9);
        }
    }
}
