//! `{number}` and `{label}` on cards and counters as on tiles: each card's number — its own `number` field, else its place among the deck's cards (1 for the first) — and the number as printed, with the dot a 6 or a 9 takes when the deck has the number it turns into (`model::face::number_back`).

use std::collections::BTreeMap;

use crate::model::face::number_back::back_label;

/// The number of each card of a deck, given each card's fields in order: its `number` field
/// when that is a whole number, else its place (1, 2, …).
pub fn card_numbers<'a>(cards: impl Iterator<Item = &'a BTreeMap<String, String>>) -> Vec<u32> {
    let own = |fields: &BTreeMap<String, String>| fields.get("number")?.trim().parse().ok();
    (cards.enumerate()).map(|(place, fields)| own(fields).unwrap_or(place as u32 + 1)).collect()
}

/// `fields` as a card's faces read them: with `{number}` (`number`) and `{label}` (the
/// number with its dot, among the deck's `numbers`) where the card has no field of that
/// name.
pub fn face_fields(
    fields: &BTreeMap<String, String>,
    number: u32,
    numbers: &[u32],
) -> BTreeMap<String, String> {
    let mut all = fields.clone();
    all.entry("number".into()).or_insert_with(|| number.to_string());
    all.entry("label".into()).or_insert_with(|| back_label(number, numbers, true));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn a_card_is_numbered_by_its_field_else_its_place_and_6_and_9_take_the_dot() {
        let cards: Vec<_> = (1..=9).map(|n| card(&[("kind", &n.to_string())])).collect();
        let numbers = card_numbers(cards.iter());
        assert_eq!(numbers, (1..=9).collect::<Vec<u32>>());
        let six = face_fields(&cards[5], numbers[5], &numbers);
        assert_eq!((six["number"].as_str(), six["label"].as_str()), ("6", "6."));
        let five = face_fields(&cards[4], numbers[4], &numbers);
        assert_eq!(five["label"], "5");
        // A card's own `number` numbers it; its own `label` wins.
        let own = [card(&[("number", "16")]), card(&[("number", "91"), ("label", "XCI")])];
        let numbers = card_numbers(own.iter());
        assert_eq!(numbers, [16, 91]);
        assert_eq!(face_fields(&own[0], 16, &numbers)["label"], "16.");
        assert_eq!(face_fields(&own[1], 91, &numbers)["label"], "XCI");
    }
}
