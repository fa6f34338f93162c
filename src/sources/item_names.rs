//! Each item of a part named as the design names it: a tile by its number, a card or counter by its deck's rule or `name` field.

use super::{Part, Summary};
use crate::model::design::Design;
use crate::model::input::file_stem::file_stem;
use crate::model::parts::cards::Deck;

/// One name per cutout of `part` (copies included, in its order): `tile 7`, `3 of salt`,
/// `red punt`; the cutout's own label where the design gives no name (or the count differs).
pub fn item_names(design: &Design, part: &Part) -> Vec<String> {
    let named: Option<Vec<String>> = match &part.summary {
        Summary::Tiles => Some(
            (design.tiles.iter())
                .flat_map(|tile| {
                    std::iter::repeat_n(format!("tile {}", tile.number), tile.copies as usize)
                })
                .collect(),
        ),
        Summary::Cards { .. } => deck_of(&design.decks, part).map(Deck::card_names),
        Summary::Counters { .. } => deck_of(&design.counters, part).map(Deck::card_names),
        _ => None,
    };
    match named {
        Some(names) if names.len() == part.cutouts.len() => names,
        _ => part.cutouts.iter().map(|cutout| cutout.label.clone()).collect(),
    }
}

/// The name the design gives a deck's or counters' part (`cards`); `None` for other parts.
pub fn deck_name<'a>(design: &'a Design, part: &Part) -> Option<&'a str> {
    part_deck(design, part).map(|deck| deck.name.as_str())
}

/// The deck or counters whose part is `part`; `None` for other parts.
pub fn part_deck<'a>(design: &'a Design, part: &Part) -> Option<&'a Deck> {
    match &part.summary {
        Summary::Cards { .. } => deck_of(&design.decks, part),
        Summary::Counters { .. } => deck_of(&design.counters, part),
        _ => None,
    }
}

/// The deck among `decks` whose part is `part` (by its file suffix).
fn deck_of<'a>(decks: &'a [Deck], part: &Part) -> Option<&'a Deck> {
    decks.iter().find(|deck| format!("-{}", file_stem(&deck.name)) == part.suffix)
}
