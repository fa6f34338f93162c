//! WCAG 2 contrast: relative luminance of sRGB colours and the ratio between two, and the
//! worst contrast of ink against the colours that lie behind a meaningful share of it.

use crate::scene::Colour;

/// Share of a layer's ink a background colour must lie behind to count (5 %): less is
/// anti-aliasing or a hairline, which the collision rule judges.
pub const MEANINGFUL_SHARE: f64 = 0.05;

pub use crate::scene::vision::{contrast_ratio as ratio, luminance};

/// The worst contrast of pixel pairs (ink, what lies behind it) among the background
/// colours behind at least [`MEANINGFUL_SHARE`] of them; with that colour. `None` without
/// pixels.
pub fn worst_meaningful(pairs: &[(Colour, Colour)]) -> Option<(f64, Colour)> {
    if pairs.is_empty() {
        return None;
    }
    // Per background colour: how many pixels it lies behind and their contrast summed (the
    // ratio worked out once per distinct pair of colours).
    let mut by_background: Vec<(Colour, usize, f64)> = Vec::new();
    for ((ink, behind), count) in counted_pairs(pairs) {
        let contrast = ratio(ink, behind) * count as f64;
        match by_background.iter_mut().find(|(colour, _, _)| *colour == behind) {
            Some((_, n, sum)) => {
                *n += count;
                *sum += contrast;
            }
            None => by_background.push((behind, count, contrast)),
        }
    }
    let least = (pairs.len() as f64 * MEANINGFUL_SHARE).max(1.0);
    let meaningful = by_background.iter().filter(|(_, count, _)| *count as f64 >= least);
    meaningful
        .map(|&(colour, count, sum)| (sum / count as f64, colour))
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

/// The contrast of the median pixel pair (for icons of many colours: one reads when most
/// of it stands out), with the colour behind it.
pub fn median_contrast(pairs: &[(Colour, Colour)]) -> Option<(f64, Colour)> {
    let mut ratios: Vec<(f64, Colour, usize)> = counted_pairs(pairs)
        .into_iter()
        .map(|((ink, behind), count)| (ratio(ink, behind), behind, count))
        .collect();
    ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut seen = 0;
    for (contrast, behind, count) in ratios {
        seen += count;
        if 2 * seen > pairs.len() {
            return Some((contrast, behind));
        }
    }
    None
}

/// Each distinct pair of colours with how often it occurs, in order.
fn counted_pairs(pairs: &[(Colour, Colour)]) -> Vec<((Colour, Colour), usize)> {
    let mut sorted = pairs.to_vec();
    sorted.sort_unstable();
    let mut counted: Vec<((Colour, Colour), usize)> = Vec::new();
    for pair in sorted {
        match counted.last_mut() {
            Some((known, count)) if *known == pair => *count += 1,
            _ => counted.push((pair, 1)),
        }
    }
    counted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(text: &str) -> Colour {
        Colour::from_hex(text).expect("a colour")
    }

    #[test]
    fn ratios_match_wcag_examples() {
        assert!((ratio(Colour::BLACK, Colour::WHITE) - 21.0).abs() < 1e-9);
        assert!((ratio(Colour::WHITE, Colour::WHITE) - 1.0).abs() < 1e-9);
        // #767676 on white is the lightest grey that passes 4.5 : 1.
        assert!((ratio(hex("#767676"), Colour::WHITE) - 4.54).abs() < 0.01);
    }

    #[test]
    fn the_worst_colour_behind_a_meaningful_share_counts_and_a_sliver_does_not() {
        let ink = Colour::BLACK;
        let mut pairs = vec![(ink, Colour::WHITE); 90];
        pairs.extend(vec![(ink, hex("#333333")); 10]);
        let (worst, behind) = worst_meaningful(&pairs).expect("pixels");
        assert_eq!(behind, hex("#333333"));
        assert!(worst < 2.0, "{worst}");
        pairs.truncate(93);
        let (worst, behind) = worst_meaningful(&pairs).expect("pixels");
        assert_eq!((worst.round(), behind), (21.0, Colour::WHITE));
    }
}
