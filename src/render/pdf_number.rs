//! `f32` numbers of PDF content streams written exactly as `{value}` (`Display`, the shortest text that reads back as the same `f32`) writes them, by integer arithmetic when the value is a whole number of thousandths or ten-thousandths.
//!
//! Page coordinates are rounded to 0.001 pt, and coordinates in forms (symbols, in their own
//! units) to 0.0001, before they become `f32`s, so almost every operand is the `f32` nearest
//! to a decimal `k / 1000` or `k / 10 000`. Below 16 384 the gap between two `f32`s is under
//! 0.001, and below 1 024 under 0.0001, so when such a decimal lies inside the value's
//! rounding interval it is the only decimal of that many places or fewer there, and
//! therefore the shortest one: exactly what `Display` prints. Any other value (colour
//! channels, matrices, huge or negative-zero values, a decimal on the interval's edge) goes
//! through `Display` itself.

use std::io::Write;

use super::decimal::{push_units, rounded};

/// The decimal places tried, each with the magnitude beyond which two neighbouring `f32`s
/// may be more than one step of them apart: thousandths below 2¹⁴, ten-thousandths below 2¹⁰.
const PLACES: [(usize, f32); 2] = [(3, 16_384.0), (4, 1_024.0)];

/// Appends `value` as `write!(out, "{value}")` would.
pub fn push_f32(out: &mut Vec<u8>, value: f32) {
    for (places, limit) in PLACES {
        if let Some(k) = whole_steps(value, places, limit) {
            return push_units(out, k, places);
        }
    }
    // Writing to a Vec does not fail.
    drop(write!(out, "{value}"));
}

/// `k` when `value` (below `limit` in magnitude) is the `f32` that the decimal
/// `k / 10^places` reads back as, with room to spare on both sides of its rounding interval;
/// `None` otherwise.
fn whole_steps(value: f32, places: usize, limit: f32) -> Option<i64> {
    if !value.is_finite() || value.abs() >= limit || (value == 0.0 && value.is_sign_negative()) {
        return None;
    }
    let steps = 10f64.powi(places as i32);
    let exact = f64::from(value);
    let k = rounded(exact * steps) as f64;
    let error = k / steps - exact;
    // The decimal must lie strictly inside half the gap to the neighbour on its side; the
    // factor leaves room for the rounding of `k / 1000` in f64 (about 10⁻¹⁶ of the value,
    // against gaps of 6 × 10⁻⁸ of it).
    let neighbour = if error >= 0.0 { value.next_up() } else { value.next_down() };
    let half_gap = (f64::from(neighbour) - exact).abs() / 2.0;
    (error.abs() < half_gap * (1.0 - 1e-6)).then_some(k as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(value: f32) -> String {
        let mut out = Vec::new();
        push_f32(&mut out, value);
        String::from_utf8(out).unwrap()
    }

    fn check(value: f32) {
        assert_eq!(written(value), format!("{value}"), "{value:?} ({:#x})", value.to_bits());
    }

    #[test]
    fn rounded_coordinates_read_as_display_writes_them() {
        // Every thousandth up to 20 pt, and a stride through every page size and past the
        // fast limit, either sign: the values `rounded_pt` makes.
        for k in (-20_000..=20_000).chain((-17_000_000..17_000_000).step_by(997)) {
            check(((f64::from(k)) / 1000.0) as f32);
        }
    }

    #[test]
    fn rounded_form_coordinates_read_as_display_writes_them() {
        // Every ten-thousandth up to 3 units, and a stride past the limit of four places,
        // either sign: the values forms' coordinates are rounded to.
        for k in (-30_000..=30_000).chain((-11_000_000..11_000_000).step_by(991)) {
            check(((f64::from(k)) / 10_000.0) as f32);
        }
    }

    #[test]
    fn four_places_are_tried_only_where_they_are_exact() {
        // Below the limit a ten-thousandth takes the integer path; from it on, Display.
        assert_eq!(whole_steps(12.3456, 4, 1_024.0), Some(123_456));
        assert_eq!(whole_steps(1_023.999_9, 4, 1_024.0), Some(10_239_999));
        assert_eq!(whole_steps(1_024.000_1, 4, 1_024.0), None);
        // A thousandth is written with three places or fewer either way.
        assert_eq!(written(2.5), "2.5");
        assert_eq!(written(0.125), "0.125");
    }

    #[test]
    fn other_values_fall_back_to_display() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..200_000 {
            // xorshift: any bit pattern, NaN and infinities included.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            check(f32::from_bits(state as u32));
        }
        for value in [0.0, -0.0, 1.0, -1.0, 0.2, 51.0 / 255.0, 2.834_645_7, 1e-7, 16_383.999, 1e30]
        {
            check(value);
        }
        for power in -30..30 {
            let value = 2f32.powi(power);
            for v in [value, value.next_up(), value.next_down(), -value] {
                check(v);
            }
        }
    }
}
