//! `check` for decks with a rule: derives the deck and names every missing, duplicate or
//! extra card by its fields, pointing at the row of the data file (or the design's line);
//! and cards too large for the paper, an error at their size key.

use std::collections::BTreeMap;
use std::path::Path;

use crate::impose::fold::fold_choices;
use crate::impose::n_up::n_up_room;
use crate::model::design::Design;
use crate::model::face::fields::substitute;
use crate::model::input::diagnostic::{Diagnostic, number_text as number};
use crate::model::parts::cards::{Card, Deck};
use crate::model::parts::counters::CounterShape;
use crate::model::parts::deck_rule::{CardKey, card_key};
use crate::model::print::sheet_settings::Duplex;

/// The problems of every deck against its rule.
pub fn deck_problems(design: &Design, path: &Path) -> Vec<Diagnostic> {
    design.decks.iter().chain(&design.counters).flat_map(|deck| problems(deck, path)).collect()
}

/// Errors for decks packed n-up (cards, square and rectangular counters) whose items do
/// not fit inside the printable area of the design's paper, at their size key.
pub fn oversized_cards(design: &Design, path: &Path) -> Vec<Diagnostic> {
    let sheet = &design.sheet;
    // A deck printed into a sheet template is checked against its slots when it is read.
    let n_up = |deck: &&Deck| {
        matches!(deck.counter, None | Some(CounterShape::Rectangle))
            && deck.sheet_template.is_none()
    };
    let mut found = Vec::new();
    for deck in design.decks.iter().chain(&design.counters).filter(n_up) {
        // A sealed card is packed by its sealed cut, with any bleed beyond it.
        let seal = sheet.print.laminate.seal_mm().unwrap_or(0.0);
        let own_bleed = deck.bleed_mm(sheet);
        let grown = own_bleed.max(seal);
        let (width, height) = (deck.width_mm + 2.0 * grown, deck.height_mm + 2.0 * grown);
        let bleed = (own_bleed - seal).max(0.0);
        let backs = deck.cards.iter().any(|card| card.back.is_some());
        let choices = fold_choices(sheet, backs);
        let rooms: Vec<(bool, (f64, f64))> =
            choices.iter().map(|choice| n_up_room((width, height), bleed, choice)).collect();
        if rooms.iter().any(|(fits, _)| *fits) {
            continue;
        }
        let (room_w, room_h) = rooms
            .iter()
            .map(|(_, room)| *room)
            .fold((0.0, 0.0), |a, b| if b.0 * b.1 > a.0 * a.1 { b } else { a });
        let half = if matches!(choices[0].duplex, Duplex::Fold(_)) {
            " on one half of a fold-over sheet"
        } else {
            ""
        };
        let with_bleed = match (seal > 0.0, own_bleed > 0.0) {
            (true, _) => " with its sealed border",
            (false, true) => " with its bleed",
            (false, false) => "",
        };
        let noun = if deck.counter.is_some() { "counter" } else { "card" };
        found.push(
            Diagnostic::error(
                path,
                Some(deck.size_at),
                format!(
                    "`{}`: a {noun} of {} × {} mm{with_bleed} is larger than the printable area{half} of {} paper inside {} mm margins ({} × {} mm, either way round)",
                    deck.name,
                    number(width),
                    number(height),
                    sheet.paper_name,
                    number(sheet.margin_mm),
                    number(room_w),
                    number(room_h),
                ),
            )
            .with_help(if half.is_empty() {
                "make the size smaller, or use larger paper ([sheet] paper = \"A3\") or smaller margins (margin_mm)"
            } else {
                "make the size smaller, use larger paper ([sheet] paper = \"A3\") or smaller margins (margin_mm), or print duplex (duplex = \"long-edge\") rather than fold-over"
            }),
        );
    }
    found
}

/// One line per deck for the check summary: its cards, and what its rule derives.
pub fn deck_contents(design: &Design) -> Vec<String> {
    design
        .decks
        .iter()
        .chain(&design.counters)
        .map(|deck| {
            let cards: u32 = deck.cards.iter().map(|c| c.count).sum();
            let derived =
                deck.rule.as_ref().map_or(String::from("no rule to derive it from"), |rule| {
                    format!("the rule derives {}", rule.expected.values().sum::<u32>())
                });
            let (kind, items) =
                if deck.counter.is_some() { ("counters", "counters") } else { ("deck", "cards") };
            format!("{kind} `{}`: {cards} {items} ({derived})", deck.name)
        })
        .collect()
}

fn problems(deck: &Deck, path: &Path) -> Vec<Diagnostic> {
    let Some(rule) = &deck.rule else { return Vec::new() };
    let mut found: BTreeMap<CardKey, Vec<&Card>> = BTreeMap::new();
    for card in &deck.cards {
        found.entry(card_key(rule, &card.fields)).or_default().push(card);
    }
    let name = |key: &CardKey| {
        let fields: BTreeMap<String, String> = key.iter().cloned().collect();
        substitute(&rule.name, &fields).unwrap_or_else(|_| {
            key.iter().map(|(f, v)| format!("{f} {v}")).collect::<Vec<_>>().join(", ")
        })
    };
    let mut out = Vec::new();
    for (key, &wanted) in &rule.expected {
        let cards = found.get(key).map_or(&[][..], Vec::as_slice);
        let have: u32 = cards.iter().map(|c| c.count).sum();
        if have < wanted {
            let how = if wanted > 1 { format!(" ({have} of {wanted})") } else { String::new() };
            out.push(
                Diagnostic::problem(
                    path,
                    Some(deck.position),
                    format!("deck `{}` missing: {}{how}", deck.name, name(key)),
                )
                .with_help("add a row for it to the data file (or to [[decks.cards]])"),
            );
        } else if have > wanted {
            let rows: Vec<&str> = cards.iter().map(|c| c.origin.as_str()).collect();
            let last = cards.last().map_or((path.to_path_buf(), deck.position), |c| c.at.clone());
            out.push(
                Diagnostic::problem(
                    &last.0,
                    Some(last.1),
                    format!(
                        "deck `{}` duplicate: {} {have} times where the rule has {wanted} ({})",
                        deck.name,
                        name(key),
                        rows.join(", ")
                    ),
                )
                .with_help("remove the extra row or lower its count"),
            );
        }
    }
    for (key, cards) in &found {
        if rule.expected.contains_key(key) {
            continue;
        }
        for card in cards {
            out.push(
                Diagnostic::problem(
                    &card.at.0,
                    Some(card.at.1),
                    format!(
                        "deck `{}` extra: {} ({}) is not in the deck's rule",
                        deck.name,
                        name(key),
                        card.origin
                    ),
                )
                .with_help("remove the row, or add it to the rule's product or extra cards"),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::model::parts::deck_rule::{
        DeckRuleTable, ExtraCard, ProductValue, ProductValues, deck_rule,
    };

    fn values(list: &[&str]) -> ProductValues {
        ProductValues::List(list.iter().map(|v| ProductValue::Text((*v).to_string())).collect())
    }

    #[test]
    fn a_rule_derives_the_product_less_exclusions_plus_extras() {
        let ranks = ProductValues::Range { range: (1, 13) };
        let table = DeckRuleTable {
            name: toml::Spanned::new(0..0, "{rank} of {suit}".into()),
            product: BTreeMap::from([
                ("suit".into(), values(&["hearts", "spades", "diamonds", "clubs"])),
                ("rank".into(), ranks),
            ]),
            each: None,
            exclude: vec![BTreeMap::from([
                ("suit".into(), "clubs".into()),
                ("rank".into(), "1".into()),
            ])],
            extra: vec![ExtraCard {
                fields: BTreeMap::from([
                    ("suit".into(), "joker".into()),
                    ("rank".into(), "0".into()),
                ]),
                count: Some(2),
            }],
        };
        let rule = deck_rule(&table);
        assert_eq!(rule.expected.values().sum::<u32>(), 52 - 1 + 2);
        assert_eq!(rule.expected.len(), 52);
        assert_eq!(rule.fields, ["rank", "suit"]);
    }
}
