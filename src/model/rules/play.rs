//! `[play]`: how tiles may be laid next to each other, as data — the edge-matching rule and a
//! small vocabulary of move rules that `diagram` checks positions against.
//!
//! The rules are generic: each names what it forbids in terms of cells, slots, colours and
//! kinds, never a game. "The mover" is the player whose colour a diagram names.

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::suggest::closest;
use crate::model::rules::tile_set::{SlotKind, Tile};
use crate::model::rules::value_names::{ValueText, value_number, value_text};
use crate::model::rules::values::ValueRule;

/// `[play]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayTable {
    /// What touching edges must share: `colour` (default), `colour+kind`, `any` (one
    /// touching edge or half that matches is enough) or `none`.
    #[serde(rename = "match")]
    pub matching: Option<Spanned<String>>,
    /// How many placed neighbours make an empty cell a forced space (default 3).
    pub forced_space: Option<Spanned<usize>>,
    /// Values that match every value (`[0]`).
    pub wild_values: Option<Spanned<Vec<Spanned<ValueText>>>>,
    /// Tiles, by number, whose every edge, half and corner matches anything (a castle).
    pub wild_tiles: Option<Spanned<Vec<Spanned<i64>>>>,
    #[serde(default)]
    pub rules: Vec<Spanned<PlayRuleTable>>,
}

/// One `[[play.rules]]` entry as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRuleTable {
    pub kind: Spanned<String>,
    /// Slot kinds the rule looks at (`extend-own`, `no-own-pair`).
    pub slots: Option<Spanned<Vec<Spanned<String>>>>,
    /// A number of slots or neighbours (`no-same-colour-space`, `max-space-neighbours`,
    /// `no-controlled-side`).
    pub count: Option<Spanned<usize>>,
}

/// How tiles may be laid, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    pub matching: Matching,
    /// Placed neighbours that make an empty cell a forced space.
    pub forced_space: usize,
    pub rules: Vec<PlayRule>,
    /// Values that match every value.
    pub wild_values: Vec<u32>,
    /// Numbers of the tiles that match anything.
    pub wild_tiles: Vec<u32>,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            matching: Matching::Colour,
            forced_space: 3,
            rules: Vec::new(),
            wild_values: Vec::new(),
            wild_tiles: Vec::new(),
        }
    }
}

impl Play {
    /// Whether tile `number` matches anything (`wild_tiles`).
    pub fn wild_tile(&self, number: u32) -> bool {
        self.wild_tiles.contains(&number)
    }

    /// Whether a value matches every value (`wild_values`).
    pub fn wild_value(&self, value: u32) -> bool {
        self.wild_values.contains(&value)
    }

    /// Whether two values that touch match: equal, or one of them wild. A missing value
    /// (a tile without values) matches only a missing value.
    pub fn values_match(&self, a: Option<u32>, b: Option<u32>) -> bool {
        a == b || a.is_some_and(|v| self.wild_value(v)) || b.is_some_and(|v| self.wild_value(v))
    }
}

/// What two touching edges must share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matching {
    Colour,
    ColourAndKind,
    /// A tile that touches others matches at least one of them (by colour, or value),
    /// on one touching edge or half; the others may differ.
    Any,
    Nothing,
}

/// Every `match` name, in the order the documentation lists them.
pub const MATCHING_NAMES: [&str; 4] = ["colour", "colour+kind", "any", "none"];

/// What `[play]` checks its wild values and tiles against: the design's tiles and its rule
/// over values.
#[derive(Clone, Copy, Debug)]
pub struct PlaySet<'a> {
    pub tiles: &'a [Tile],
    pub value_rule: Option<&'a ValueRule>,
    /// The values' names (`[values] names`): a wild value may be written by its name.
    pub names: &'a [String],
}

/// One move rule. "New" tiles are the ones a diagram marks as this move's; the others were
/// on the table before.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayRule {
    /// Every new tile touches a tile that was already there.
    Touch,
    /// A new tile continues a line of the mover's colour: one of its slots in that colour,
    /// of one of these kinds, faces an earlier slot in that colour of one of these kinds.
    ExtendOwn { kinds: Vec<SlotKind> },
    /// No new slot of the mover's colour and this kind faces a slot of the same colour and
    /// kind (e.g. two half-dots making a dot).
    NoOwnPair { kind: SlotKind },
    /// No line of the mover's colour through a new tile ends up with both ends closed
    /// (capped, or meeting a slot that is not a line) without being a loop.
    NoClosedOwnLine,
    /// No empty cell next to a new tile faces `count` or more slots of one colour.
    NoSameColourSpace { count: usize },
    /// No empty cell next to a new tile has more than `count` placed neighbours.
    MaxSpaceNeighbours { count: usize },
    /// Filling every forced space (again and again, as long as new ones appear) must not
    /// give an empty cell more than `count` neighbours where it would not without the move.
    NoControlledSide { count: usize },
    /// Polyform pieces: an opponent's piece whose every edge-neighbour cell on the board is
    /// covered by the mover's pieces, one of them new, is captured (turned over); a diagram's
    /// `captures` must name exactly those.
    CaptureSurrounded,
    /// Polyform pieces: a new piece may not go where every edge-neighbour cell on the board is
    /// covered by the opponent's pieces.
    NoSurroundedPlacement,
    /// Polyform pieces: the pieces a diagram marks `replaced` (the mover's) are exchanged for
    /// the new ones covering exactly the same cells — one piece for two or more, or two or
    /// more adjacent pieces for one.
    Replace,
}

/// Every rule kind's name, in the order the documentation lists them.
pub const RULE_NAMES: [&str; 10] = [
    "touch",
    "extend-own",
    "no-own-pair",
    "no-closed-own-line",
    "no-same-colour-space",
    "max-space-neighbours",
    "no-controlled-side",
    "capture-surrounded",
    "no-surrounded-placement",
    "replace",
];

/// The name of a rule's kind, as written in `[[play.rules]]` and a diagram's `breaks`.
pub fn rule_name(rule: &PlayRule) -> &'static str {
    match rule {
        PlayRule::Touch => RULE_NAMES[0],
        PlayRule::ExtendOwn { .. } => RULE_NAMES[1],
        PlayRule::NoOwnPair { .. } => RULE_NAMES[2],
        PlayRule::NoClosedOwnLine => RULE_NAMES[3],
        PlayRule::NoSameColourSpace { .. } => RULE_NAMES[4],
        PlayRule::MaxSpaceNeighbours { .. } => RULE_NAMES[5],
        PlayRule::NoControlledSide { .. } => RULE_NAMES[6],
        PlayRule::CaptureSurrounded => RULE_NAMES[7],
        PlayRule::NoSurroundedPlacement => RULE_NAMES[8],
        PlayRule::Replace => RULE_NAMES[9],
    }
}

/// Whether a rule needs to know the mover's colour.
pub fn needs_mover(rule: &PlayRule) -> bool {
    matches!(
        rule,
        PlayRule::ExtendOwn { .. }
            | PlayRule::NoOwnPair { .. }
            | PlayRule::NoClosedOwnLine
            | PlayRule::CaptureSurrounded
            | PlayRule::NoSurroundedPlacement
            | PlayRule::Replace
    )
}

/// Resolves `[play]`; problems go to the resolver.
pub fn resolve_play(resolver: &mut Resolver<'_>, table: &PlayTable, set: PlaySet<'_>) -> Play {
    let matching = match &table.matching {
        None => Matching::Colour,
        Some(name) => match name.get_ref().trim() {
            "colour" => Matching::Colour,
            "colour+kind" => Matching::ColourAndKind,
            "any" => Matching::Any,
            "none" => Matching::Nothing,
            other => {
                let help = match closest(other, MATCHING_NAMES) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => "use `colour`, `colour+kind`, `any` or `none`".to_string(),
                };
                resolver.error(&name.span(), format!("unknown edge matching `{other}`"), &help);
                Matching::Colour
            }
        },
    };
    let forced_space = table.forced_space.as_ref().map_or(3, |n| *n.get_ref());
    let rules = table.rules.iter().filter_map(|rule| play_rule(resolver, rule)).collect();
    let wild_values =
        table.wild_values.as_ref().map_or_else(Vec::new, |list| wild_values(resolver, list, set));
    let wild_tiles =
        table.wild_tiles.as_ref().map_or_else(Vec::new, |list| wild_tiles(resolver, list, set));
    Play { matching, forced_space, rules, wild_values, wild_tiles }
}

/// `wild_values`, each one a value the design's tiles show or its rule allows.
fn wild_values(
    resolver: &mut Resolver<'_>,
    list: &Spanned<Vec<Spanned<ValueText>>>,
    set: PlaySet<'_>,
) -> Vec<u32> {
    let mut shown: Vec<u32> =
        set.tiles.iter().flat_map(|tile| tile.values.iter().copied()).collect();
    shown.sort_unstable();
    shown.dedup();
    if shown.is_empty() && set.value_rule.is_none() {
        resolver.error(
            &list.span(),
            "`wild_values` in a design whose tiles carry no values".into(),
            "give the tiles `values`, or leave `wild_values` out",
        );
        return Vec::new();
    }
    let in_rule = |v: u32| set.value_rule.is_some_and(|rule| (rule.min..=rule.max).contains(&v));
    let mut wild = Vec::new();
    for written in list.get_ref() {
        // A name `[values] names` does not hold is reported with the closest name.
        let Some(number) = value_number(resolver, written, set.names, "wild value") else {
            continue;
        };
        let value = u32::try_from(number).ok();
        match value.filter(|&v| shown.contains(&v) || in_rule(v)) {
            Some(v) => wild.push(v),
            None => {
                let known = match set.value_rule {
                    Some(rule) => {
                        format!(
                            "{}–{}",
                            value_text(rule.min, &rule.names),
                            value_text(rule.max, &rule.names)
                        )
                    }
                    None => (shown.iter().map(|&v| value_text(v, set.names)))
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                resolver.error(
                    &written.span(),
                    format!("wild value {number} is not a value of the design"),
                    &format!("use one of the values its tiles show: {known}"),
                );
            }
        }
    }
    wild
}

/// `wild_tiles`, each the number of one of the design's tiles.
fn wild_tiles(
    resolver: &mut Resolver<'_>,
    list: &Spanned<Vec<Spanned<i64>>>,
    set: PlaySet<'_>,
) -> Vec<u32> {
    let numbers: Vec<u32> = set.tiles.iter().map(|tile| tile.number).collect();
    let mut wild = Vec::new();
    for written in list.get_ref() {
        let number = u32::try_from(*written.get_ref()).ok();
        match number.filter(|n| numbers.contains(n)) {
            Some(n) => wild.push(n),
            None => {
                let help = match (numbers.iter().min(), numbers.iter().max()) {
                    (Some(low), Some(high)) => {
                        format!("give the number of one of its tiles ({low} to {high})")
                    }
                    _ => "the design has no tiles; leave `wild_tiles` out".to_string(),
                };
                resolver.error(
                    &written.span(),
                    format!("the design has no tile {}", written.get_ref()),
                    &help,
                );
            }
        }
    }
    wild
}

fn play_rule(resolver: &mut Resolver<'_>, entry: &Spanned<PlayRuleTable>) -> Option<PlayRule> {
    let table = entry.get_ref();
    let kinds: Vec<SlotKind> = match &table.slots {
        None => vec![SlotKind::Line],
        Some(list) => list.get_ref().iter().filter_map(|k| resolver.slot_kind(k)).collect(),
    };
    let count = |resolver: &mut Resolver<'_>, default: usize| match &table.count {
        Some(n) if *n.get_ref() == 0 => {
            resolver.error(&n.span(), "`count` is 0".into(), "give a count of 1 or more");
            default
        }
        Some(n) => *n.get_ref(),
        None => default,
    };
    let name = table.kind.get_ref().trim();
    let rule = match name {
        "touch" => PlayRule::Touch,
        "extend-own" => PlayRule::ExtendOwn { kinds },
        "no-own-pair" => PlayRule::NoOwnPair { kind: kinds.first().copied()? },
        "no-closed-own-line" => PlayRule::NoClosedOwnLine,
        "no-same-colour-space" => PlayRule::NoSameColourSpace { count: count(resolver, 3) },
        "max-space-neighbours" => PlayRule::MaxSpaceNeighbours { count: count(resolver, 3) },
        "no-controlled-side" => PlayRule::NoControlledSide { count: count(resolver, 3) },
        "capture-surrounded" => PlayRule::CaptureSurrounded,
        "no-surrounded-placement" => PlayRule::NoSurroundedPlacement,
        "replace" => PlayRule::Replace,
        other => {
            resolver.error(
                &table.kind.span(),
                format!("unknown play rule `{other}`"),
                &format!("use one of: {}", RULE_NAMES.join(", ")),
            );
            return None;
        }
    };
    Some(rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::input::source::SourceFile;

    fn resolve_text(text: &str) -> (Play, usize) {
        let source = SourceFile::new("x.toml", text.to_string());
        let table: PlayTable = toml::from_str(text).unwrap();
        let mut resolver = Resolver::new(&source);
        let set = PlaySet { tiles: &[], value_rule: None, names: &[] };
        let play = resolve_play(&mut resolver, &table, set);
        (play, resolver.diagnostics.len())
    }

    #[test]
    fn rules_resolve_with_their_parameters() {
        let (play, errors) = resolve_text(
            "match = \"colour+kind\"\nforced_space = 4\n\
             [[rules]]\nkind = \"no-own-pair\"\nslots = [\"dot\"]\n\
             [[rules]]\nkind = \"max-space-neighbours\"\ncount = 3\n",
        );
        assert_eq!(errors, 0);
        assert_eq!(play.matching, Matching::ColourAndKind);
        assert_eq!(play.forced_space, 4);
        assert_eq!(
            play.rules,
            vec![
                PlayRule::NoOwnPair { kind: SlotKind::Dot },
                PlayRule::MaxSpaceNeighbours { count: 3 }
            ]
        );
        assert_eq!(rule_name(&play.rules[1]), "max-space-neighbours");
    }

    #[test]
    fn unknown_rules_and_matchings_are_errors() {
        let (play, errors) = resolve_text("match = \"shape\"\n[[rules]]\nkind = \"no-dots\"\n");
        assert_eq!(errors, 2);
        assert!(play.rules.is_empty());
    }
}
