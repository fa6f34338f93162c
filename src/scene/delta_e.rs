//! How different two colours look: CIELAB (D65, or D50 for colours from ICC profiles) and the CIEDE2000 colour difference.

use std::f64::consts::PI;

use super::Colour;
use super::vision::{Deficiency, linear_rgb};

/// The D65 white point (sRGB's) in XYZ.
pub const D65: [f64; 3] = [0.95047, 1.0, 1.08883];

/// The D50 white point of ICC profiles' connection space in XYZ (ICC.1:2010, 7.2.16).
pub const D50: [f64; 3] = [0.9642, 1.0, 0.8249];

/// A colour in CIELAB, under the D65 white point unless it says otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    pub l: f64,
    pub a: f64,
    pub b: f64,
}

impl Lab {
    /// An sRGB colour in CIELAB (the sRGB primaries' XYZ matrix, D65 white).
    pub fn of(colour: Colour) -> Lab {
        Lab::of_linear(linear_rgb(colour))
    }

    /// Linear RGB (0–1) in CIELAB.
    pub fn of_linear([r, g, b]: [f64; 3]) -> Lab {
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
        Lab::of_xyz([x, y, z], D65)
    }

    /// CIE XYZ (white's Y 1) in CIELAB relative to `white` (its X, Y = 1, Z): [`D65`] for
    /// a screen's colours, [`D50`] for ICC profiles' connection space.
    pub fn of_xyz([x, y, z]: [f64; 3], [white_x, _, white_z]: [f64; 3]) -> Lab {
        let f = |t: f64| {
            let delta: f64 = 6.0 / 29.0;
            if t > delta.powi(3) { t.cbrt() } else { t / (3.0 * delta * delta) + 4.0 / 29.0 }
        };
        let (fx, fy, fz) = (f(x / white_x), f(y), f(z / white_z));
        Lab { l: 116.0 * fy - 16.0, a: 500.0 * (fx - fy), b: 200.0 * (fy - fz) }
    }
}

/// The CIEDE2000 difference of two colours (CIE 142-2001; written as in Sharma, Wu & Dalal,
/// "The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data,
/// and Mathematical Observations", Color Research & Application 30(1), 2005), with
/// kL = kC = kH = 1.
pub fn ciede2000(one: Lab, two: Lab) -> f64 {
    let c_star = |lab: Lab| lab.a.hypot(lab.b);
    let mean_c = (c_star(one) + c_star(two)) / 2.0;
    let g = 0.5 * (1.0 - (mean_c.powi(7) / (mean_c.powi(7) + 25f64.powi(7))).sqrt());
    let prime = |lab: Lab| {
        let a = (1.0 + g) * lab.a;
        let c = a.hypot(lab.b);
        let h = if a == 0.0 && lab.b == 0.0 { 0.0 } else { lab.b.atan2(a).rem_euclid(2.0 * PI) };
        (c, h)
    };
    let ((c1, h1), (c2, h2)) = (prime(one), prime(two));
    let delta_l = two.l - one.l;
    let delta_c = c2 - c1;
    let delta_h_angle = if c1 * c2 == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= PI {
        h2 - h1
    } else if h2 - h1 > PI {
        h2 - h1 - 2.0 * PI
    } else {
        h2 - h1 + 2.0 * PI
    };
    let delta_h = 2.0 * (c1 * c2).sqrt() * (delta_h_angle / 2.0).sin();
    let mean_l = (one.l + two.l) / 2.0;
    let mean_c_prime = (c1 + c2) / 2.0;
    let mean_h = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= PI {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 2.0 * PI {
        (h1 + h2 + 2.0 * PI) / 2.0
    } else {
        (h1 + h2 - 2.0 * PI) / 2.0
    };
    let t = 1.0 - 0.17 * (mean_h - 30f64.to_radians()).cos()
        + 0.24 * (2.0 * mean_h).cos()
        + 0.32 * (3.0 * mean_h + 6f64.to_radians()).cos()
        - 0.20 * (4.0 * mean_h - 63f64.to_radians()).cos();
    let delta_theta = 30f64.to_radians() * (-((mean_h.to_degrees() - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * (mean_c_prime.powi(7) / (mean_c_prime.powi(7) + 25f64.powi(7))).sqrt();
    let s_l = 1.0 + 0.015 * (mean_l - 50.0).powi(2) / (20.0 + (mean_l - 50.0).powi(2)).sqrt();
    let s_c = 1.0 + 0.045 * mean_c_prime;
    let s_h = 1.0 + 0.015 * mean_c_prime * t;
    let r_t = -(2.0 * delta_theta).sin() * r_c;
    let (l, c, h) = (delta_l / s_l, delta_c / s_c, delta_h / s_h);
    (l * l + c * c + h * h + r_t * c * h).sqrt()
}

/// The CIEDE2000 difference of two sRGB colours as `seen` by a deficiency, or with normal
/// vision (`None`).
pub fn seen_difference(one: Colour, two: Colour, seen: Option<Deficiency>) -> f64 {
    let lab = |colour| match seen {
        Some(deficiency) => Lab::of_linear(deficiency.simulate_linear(colour)),
        None => Lab::of(colour),
    };
    ciede2000(lab(one), lab(two))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Table 1 of Sharma, Wu & Dalal (2005): L1 a1 b1, L2 a2 b2, ΔE00 (4 decimals).
    const SHARMA: [[f64; 7]; 34] = [
        [50.0, 2.6772, -79.7751, 50.0, 0.0, -82.7485, 2.0425],
        [50.0, 3.1571, -77.2803, 50.0, 0.0, -82.7485, 2.8615],
        [50.0, 2.8361, -74.0200, 50.0, 0.0, -82.7485, 3.4412],
        [50.0, -1.3802, -84.2814, 50.0, 0.0, -82.7485, 1.0000],
        [50.0, -1.1848, -84.8006, 50.0, 0.0, -82.7485, 1.0000],
        [50.0, -0.9009, -85.5211, 50.0, 0.0, -82.7485, 1.0000],
        [50.0, 0.0, 0.0, 50.0, -1.0, 2.0, 2.3669],
        [50.0, -1.0, 2.0, 50.0, 0.0, 0.0, 2.3669],
        [50.0, 2.49, -0.001, 50.0, -2.49, 0.0009, 7.1792],
        [50.0, 2.49, -0.001, 50.0, -2.49, 0.0010, 7.1792],
        [50.0, 2.49, -0.001, 50.0, -2.49, 0.0011, 7.2195],
        [50.0, 2.49, -0.001, 50.0, -2.49, 0.0012, 7.2195],
        [50.0, -0.001, 2.49, 50.0, 0.0009, -2.49, 4.8045],
        [50.0, -0.001, 2.49, 50.0, 0.0010, -2.49, 4.8045],
        [50.0, -0.001, 2.49, 50.0, 0.0011, -2.49, 4.7461],
        [50.0, 2.5, 0.0, 50.0, 0.0, -2.5, 4.3065],
        [50.0, 2.5, 0.0, 73.0, 25.0, -18.0, 27.1492],
        [50.0, 2.5, 0.0, 61.0, -5.0, 29.0, 22.8977],
        [50.0, 2.5, 0.0, 56.0, -27.0, -3.0, 31.9030],
        [50.0, 2.5, 0.0, 58.0, 24.0, 15.0, 19.4535],
        [50.0, 2.5, 0.0, 50.0, 3.1736, 0.5854, 1.0000],
        [50.0, 2.5, 0.0, 50.0, 3.2972, 0.0, 1.0000],
        [50.0, 2.5, 0.0, 50.0, 1.8634, 0.5757, 1.0000],
        [50.0, 2.5, 0.0, 50.0, 3.2592, 0.3350, 1.0000],
        [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
        [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630],
        [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
        [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
        [22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373],
        [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
        [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
        [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
        [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
        [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082],
    ];

    #[test]
    fn every_published_test_pair_to_four_decimals() {
        for (i, [l1, a1, b1, l2, a2, b2, want]) in SHARMA.into_iter().enumerate() {
            let (one, two) = (Lab { l: l1, a: a1, b: b1 }, Lab { l: l2, a: a2, b: b2 });
            let got = ciede2000(one, two);
            assert!((got - want).abs() < 5e-5, "pair {}: {got} not {want}", i + 1);
            assert!((ciede2000(two, one) - got).abs() < 1e-9, "pair {} not symmetric", i + 1);
        }
    }

    #[test]
    fn tantrix_red_and_green_to_a_deuteranope() {
        // The figures of issue 49, measured on the shipped palette.
        let hex = |h| Colour::from_hex(h).unwrap();
        let (red, green) = (hex("#d62828"), hex("#1f9e45"));
        let (yellow, blue) = (hex("#f7c600"), hex("#1d5fd1"));
        let near = |got: f64, want: f64| (got - want).abs() < 0.05;
        assert!(near(seen_difference(red, green, Some(Deficiency::Deutan)), 6.9));
        assert!(seen_difference(red, green, None) > 70.0);
        assert!(near(seen_difference(yellow, green, Some(Deficiency::Protan)), 17.8));
        assert!(near(seen_difference(blue, green, Some(Deficiency::Tritan)), 17.9));
    }

    #[test]
    fn white_and_black_in_lab() {
        let white = Lab::of(Colour::WHITE);
        assert!((white.l - 100.0).abs() < 1e-3 && white.a.abs() < 1e-2 && white.b.abs() < 1e-2);
        assert_eq!(Lab::of(Colour::BLACK), Lab { l: 0.0, a: 0.0, b: 0.0 });
        // A published sRGB → Lab value: pure red is L 53.24, a 80.09, b 67.20.
        let red = Lab::of(Colour { r: 255, g: 0, b: 0 });
        assert!((red.l - 53.24).abs() < 0.01 && (red.a - 80.09).abs() < 0.02);
        assert!((red.b - 67.20).abs() < 0.02);
    }
}
