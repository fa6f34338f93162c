//! `--part NAME`: a design's parts named as their files are (`tiles`, `pieces`, `board`, `nets`, a deck's, counters', track's or map's name as a file-name stem), and the design cut down to the parts chosen.

use crate::model::design::Design;
use crate::model::input::file_stem::file_stem;
use crate::model::input::suggest::closest;

/// The names of `design`'s parts, in print order: `tiles`, `pieces`, `board`, `nets`, then
/// each deck's, counters', track's and map's name as its files write it (`Royal Decrees` is
/// `royal-decrees`).
pub fn part_names(design: &Design) -> Vec<String> {
    let mut names: Vec<String> = fixed_parts(design).map(String::from).collect();
    let named = (design.decks.iter().chain(&design.counters).map(|deck| &deck.name))
        .chain(design.tracks.iter().map(|track| &track.name))
        .chain(design.maps.iter().map(|map| &map.name));
    names.extend(named.map(|name| file_stem(name)));
    names
}

/// The parts tilepress names (`tiles`, `pieces`, `board`, `nets`) that `design` has.
pub fn fixed_parts(design: &Design) -> impl Iterator<Item = &'static str> {
    let fixed = [
        (design.tile_shape.is_some() && !design.tiles.is_empty(), "tiles"),
        (design.pieces.is_some(), "pieces"),
        (design.grid_board.is_some() || design.board.is_some(), "board"),
        (!design.nets.is_empty(), "nets"),
    ];
    fixed.into_iter().filter(|(present, _)| *present).map(|(_, name)| name)
}

/// The part `asked` names among `known` (its file-name stem: `Royal Decrees` and
/// `royal-decrees` name one part); `None` when none has it.
pub fn known_part(asked: &str, known: &[String]) -> Option<String> {
    let stem = file_stem(asked);
    known.iter().find(|name| **name == stem).cloned()
}

/// Why `asked` names no part: the parts there are (`known`), and the closest as a "did you
/// mean"; `whose` says whose parts they are (`the design` or `the designs`).
pub fn unknown_part(asked: &str, known: &[String], whose: &str) -> String {
    let stem = file_stem(asked);
    let guess = closest(&stem, known.iter().map(String::as_str))
        .map_or(String::new(), |name| format!(" (did you mean `{name}`?)"));
    let listed = match known.is_empty() {
        true => "none".to_string(),
        false => known.iter().map(|name| format!("`{name}`")).collect::<Vec<_>>().join(", "),
    };
    format!("--part: no part named `{asked}`{guess}; {whose} parts are {listed}")
}

/// `design` with only the parts `chosen` names (names as [`part_names`] gives them): every
/// other part taken out, as if the design did not have it. Tiles taken out take the set's
/// rule and values with them; players stay while the board or the nets they colour do.
pub fn keep_parts(design: &mut Design, chosen: &[String]) {
    let kept = |name: &str| chosen.iter().any(|chosen| chosen == name);
    if !kept("tiles") {
        design.tiles.clear();
        design.shape = None;
        design.tile_shape = None;
        design.rule = None;
        design.values = None;
    }
    if !kept("pieces") {
        design.pieces = None;
    }
    if !kept("board") {
        design.grid_board = None;
        design.board = None;
    }
    if !kept("nets") {
        design.nets.clear();
    }
    if design.board.is_none() && design.nets.is_empty() {
        design.players.clear();
    }
    design.decks.retain(|deck| kept(&file_stem(&deck.name)));
    design.counters.retain(|deck| kept(&file_stem(&deck.name)));
    design.tracks.retain(|track| kept(&file_stem(&track.name)));
    design.maps.retain(|map| kept(&file_stem(&map.name)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn a_part_is_found_by_its_file_name_stem() {
        let known = names(&["tiles", "royal-decrees"]);
        assert_eq!(known_part("Royal Decrees", &known).as_deref(), Some("royal-decrees"));
        assert_eq!(known_part("tiles", &known).as_deref(), Some("tiles"));
        assert_eq!(known_part("board", &known), None);
    }

    #[test]
    fn an_unknown_part_lists_the_parts_and_the_closest() {
        let message = unknown_part("decres", &names(&["tiles", "decrees"]), "the design's");
        assert!(message.contains("no part named `decres` (did you mean `decrees`?)"), "{message}");
        assert!(message.ends_with("the design's parts are `tiles`, `decrees`"), "{message}");
        let far = unknown_part("zzz", &names(&["tiles"]), "the design's");
        assert!(!far.contains("did you mean"), "{far}");
    }
}
