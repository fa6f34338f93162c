//! A bleed refused when it is larger than half the item it surrounds: `[sheet] bleed_mm`, `--bleed` and a deck's `bleed_mm`.

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::number_text;

/// What to do about a bleed larger than half an item.
pub const BLEED_TOO_LARGE_HELP: &str =
    "give a smaller bleed (`bleed_mm`, `--bleed`): print shops ask for 3 mm or 1/8 in (3.175 mm)";

/// Why a bleed of `bleed_mm` is refused on `items` (each named, `a card of \`cards\``, with
/// its width and height in mm): it is more than half the narrowest of them, whose art it
/// would outgrow on every side; `None` when it fits every item.
pub fn bleed_past_half(bleed_mm: f64, items: &[(String, (f64, f64))]) -> Option<String> {
    let narrowest = items
        .iter()
        .filter(|(_, (width, height))| bleed_mm > width.min(*height) / 2.0 + 1e-9)
        .min_by(|a, b| a.1.0.min(a.1.1).total_cmp(&b.1.0.min(b.1.1)))?;
    let (what, (width, height)) = narrowest;
    Some(format!(
        "a bleed of {} mm is more than half {what} ({} × {} mm): at most {} mm fits",
        number_text(bleed_mm),
        number_text(*width),
        number_text(*height),
        number_text(width.min(*height) / 2.0)
    ))
}

/// An error at `bleed` (a `bleed_mm` key) when it is more than half one of `items`.
pub fn check_bleed_key(
    resolver: &mut Resolver<'_>,
    bleed: Option<&Spanned<f64>>,
    items: &[(String, (f64, f64))],
) {
    let Some(bleed) = bleed else { return };
    if let Some(message) = bleed_past_half(*bleed.get_ref(), items) {
        resolver.error(&bleed.span(), format!("`bleed_mm`: {message}"), BLEED_TOO_LARGE_HELP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items() -> Vec<(String, (f64, f64))> {
        vec![
            ("a card of `cards`".to_string(), (63.5, 88.9)),
            ("a counter of `discs`".to_string(), (20.0, 20.0)),
        ]
    }

    #[test]
    fn half_the_narrowest_item_is_the_largest_bleed() {
        assert_eq!(bleed_past_half(10.0, &items()), None);
        assert_eq!(
            bleed_past_half(10.5, &items()).as_deref(),
            Some(
                "a bleed of 10.5 mm is more than half a counter of `discs` (20 × 20 mm): at most 10 mm fits"
            )
        );
        assert_eq!(bleed_past_half(40.0, &items()[..1]).map(|m| m.contains("31.75")), Some(true));
        assert_eq!(bleed_past_half(40.0, &[]), None);
    }
}
