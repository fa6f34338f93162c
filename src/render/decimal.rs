//! Decimal text of numbers without the formatting machinery: integers (zero-padded) and fixed-point values trimmed of trailing zeros, the same text `format!` gives, shared by the SVG and PDF writers.

/// `x.round()` (halves away from zero) as an integer, for `|x|` under 2⁵²: truncated by the
/// processor and corrected, where `f64::round` is a library call on the baseline x86-64.
pub(super) fn rounded(x: f64) -> i64 {
    let whole = x as i64;
    // Exact: `x` and its integer part are within 1 of each other.
    let fraction = x - whole as f64;
    if fraction >= 0.5 {
        whole + 1
    } else if fraction <= -0.5 {
        whole - 1
    } else {
        whole
    }
}

/// Every pair of digits, "00" to "99".
static PAIRS: [u8; 200] = {
    let mut pairs = [0; 200];
    let mut n = 0;
    while n < 100 {
        pairs[2 * n] = b'0' + (n / 10) as u8;
        pairs[2 * n + 1] = b'0' + (n % 10) as u8;
        n += 1;
    }
    pairs
};

/// Appends `value` in decimal, zero-padded to at least `width` digits: what `{value:0width$}`
/// writes, without the formatting machinery.
#[inline]
pub(super) fn push_decimal(out: &mut Vec<u8>, mut value: u64, width: usize) {
    // Most numbers of a page (whole millimetres, thousandths) have three digits or fewer.
    if value < 1000 && width <= 3 {
        let pair = 2 * (value % 100) as usize;
        if value >= 100 || width == 3 {
            out.extend_from_slice(&[b'0' + (value / 100) as u8, PAIRS[pair], PAIRS[pair + 1]]);
        } else if value >= 10 || width == 2 {
            out.extend_from_slice(&[PAIRS[pair], PAIRS[pair + 1]]);
        } else {
            out.push(b'0' + value as u8);
        }
        return;
    }
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    // Two digits per division.
    while value >= 100 {
        let pair = 2 * (value % 100) as usize;
        value /= 100;
        start -= 2;
        digits[start..start + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if value >= 10 {
        let pair = 2 * value as usize;
        start -= 2;
        digits[start..start + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else if value > 0 || start == digits.len() {
        start -= 1;
        digits[start] = b'0' + value as u8;
    }
    let start = start.min(digits.len().saturating_sub(width));
    out.extend_from_slice(&digits[start..]);
}

/// `value` rounded to `decimals`, trailing zeros trimmed, negative zero written as `0`;
/// a non-finite value is written as `0`.
pub(super) fn fixed(value: f64, decimals: usize) -> String {
    let mut text = Vec::new();
    push_fixed(&mut text, value, decimals);
    String::from_utf8(text).unwrap_or_default()
}

/// [`fixed`] appended to `out`. Integer arithmetic when rounding is unambiguous (the
/// scaled value is below 10⁹ and not within 10⁻⁶ of a half: its float error is smaller),
/// `format!` otherwise, so the text is always
/// exactly what `format!("{value:.decimals$}")` gives, trimmed.
#[inline]
pub(super) fn push_fixed(out: &mut Vec<u8>, value: f64, decimals: usize) {
    if !value.is_finite() {
        out.push(b'0');
        return;
    }
    let unit = 10_u64.pow(decimals.min(15) as u32);
    let scaled = value * unit as f64;
    // The integer part, exact below 10⁹ (and `scaled.trunc()` as a float).
    let fraction = (scaled - scaled as i64 as f64).abs();
    if decimals > 15 || scaled.abs() >= 1e9 || (fraction - 0.5).abs() < 1e-6 {
        let text = format!("{value:.decimals$}");
        let text = if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.')
        } else {
            &text
        };
        out.extend_from_slice(if text == "-0" { b"0" } else { text.as_bytes() });
        return;
    }
    push_units(out, rounded(scaled), decimals);
}

/// `count` units of 10^-`decimals` (at most 15) in decimal: `-` when negative, the whole
/// part, then the fraction with its trailing zeros (and a bare point) dropped.
#[inline]
pub(super) fn push_units(out: &mut Vec<u8>, count: i64, decimals: usize) {
    let decimals = decimals.min(15);
    if count < 0 {
        out.push(b'-');
    }
    let unit = 10_u64.pow(decimals as u32);
    let magnitude = count.unsigned_abs();
    let (whole, mut part) = (magnitude / unit, magnitude % unit);
    push_decimal(out, whole, 1);
    if part != 0 {
        let mut places = decimals;
        while part % 10 == 0 {
            part /= 10;
            places -= 1;
        }
        out.push(b'.');
        push_decimal(out, part, places);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_agrees_with_round() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut values =
            vec![0.5, -0.5, 1.5, -2.5, 0.499_999_999_999_999_94, -0.0, 4_503_599_627_370_495.5];
        for _ in 0..100_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let v = (state >> 11) as f64 / (1u64 << 53) as f64;
            values.push((v - 0.5) * 2e7);
            values.push(((state >> 20) % 4000) as f64 / 2.0 - 1000.0);
        }
        for x in values {
            assert_eq!(rounded(x), x.round() as i64, "{x:e}");
        }
    }

    #[test]
    fn decimals_read_as_display_writes_them() {
        let values =
            [0, 1, 5, 9, 10, 42, 99, 100, 999, 1000, 12_345, u64::from(u32::MAX), u64::MAX];
        for value in values.into_iter().chain(0..2000) {
            for width in [0, 1, 2, 3, 4, 9, 20] {
                let mut out = b"x".to_vec();
                push_decimal(&mut out, value, width);
                assert_eq!(out, format!("x{value:0width$}").into_bytes());
            }
        }
    }

    #[test]
    fn fast_number_formatting_agrees_with_format() {
        let slow = |value: f64, decimals: usize| {
            if !value.is_finite() {
                return "0".to_string();
            }
            let text = format!("{value:.decimals$}");
            let text = if text.contains('.') {
                text.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                text
            };
            if text == "-0" { "0".to_string() } else { text }
        };
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200_000 {
            let bits = next();
            let value = match bits % 4 {
                0 => (bits >> 8) as f64 / 1e6 - 5e6,
                1 => ((bits >> 8) % 2_000_000) as f64 / 2000.0 - 500.0,
                2 => f64::from_bits(bits),
                _ => ((bits >> 8) % 100_000) as f64 * 0.0005 - 25.0,
            };
            for decimals in [3, 9] {
                assert_eq!(fixed(value, decimals), slow(value, decimals), "{value:e}");
            }
        }
    }
}
