//! Sets ruled by values (`[rule] values = {…}`): the complete set derived from the range,
//! the filters and the symmetry, and the listed tiles compared with it — each missing,
//! duplicate and extra tile named by its values (`3|5`) at its line.

use std::collections::BTreeMap;

use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::limits::{MAX_ENUMERATION_WORK, MAX_TILES};
use crate::model::input::source::Position;
use crate::model::rules::tile_set::Tile;
use crate::model::rules::value_names::values_text;
use crate::model::rules::values::{ValueRule, ValueSymmetry};

/// Every tile the rule allows, by canonical form (sorted); `Err` with the work when the
/// rule would list more than tilepress enumerates.
pub fn complete_values(rule: &ValueRule) -> Result<Vec<Vec<u32>>, f64> {
    let choices = (rule.max - rule.min + 1) as usize;
    let work = (choices as f64).powi(rule.positions as i32);
    if work > MAX_ENUMERATION_WORK {
        return Err(work);
    }
    let total = choices.pow(rule.positions as u32);
    let mut set: BTreeMap<Vec<u32>, ()> = BTreeMap::new();
    for mut index in 0..total {
        let mut values = vec![rule.min; rule.positions];
        for value in values.iter_mut().rev() {
            *value = rule.min + (index % choices) as u32;
            index /= choices;
        }
        if value_violations(rule, &values).is_empty() {
            set.insert(rule.symmetry.canonical(&values), ());
            if set.len() > MAX_TILES {
                return Err(work);
            }
        }
    }
    Ok(set.into_keys().collect())
}

/// Every way `values` breaks the rule's filters, in words (the range is checked when the
/// design is read); the enumeration filters with the same function.
pub fn value_violations(rule: &ValueRule, values: &[u32]) -> Vec<String> {
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for &value in values {
        *counts.entry(value).or_default() += 1;
    }
    let mut reasons: Vec<String> = counts
        .into_iter()
        .filter(|&(_, n)| n > rule.max_same)
        .map(|(value, n)| {
            format!(
                "value {value} is shown {n} times; the rule allows it {} time(s)",
                rule.max_same
            )
        })
        .collect();
    if rule.ascending && !ascends(rule.symmetry, values) {
        reasons.push(match rule.symmetry {
            ValueSymmetry::Ordered => {
                format!("read in order its values {} go down", values_text(values, &rule.names))
            }
            _ => format!(
                "read clockwise its values {} go down from every corner (a mirror image?)",
                values_text(values, &rule.names)
            ),
        });
    }
    reasons
}

/// Whether `values` never go down read in order: from the first with `Ordered`, from some
/// position round the tile otherwise.
fn ascends(symmetry: ValueSymmetry, values: &[u32]) -> bool {
    let rising = |start: usize| {
        let n = values.len();
        (1..n).all(|k| values[(start + k - 1) % n] <= values[(start + k) % n])
    };
    match symmetry {
        ValueSymmetry::Ordered => rising(0),
        _ => (0..values.len().max(1)).any(rising),
    }
}

/// The problems of a design whose tiles carry values: duplicates (also without a rule),
/// then, with a rule over values, extra and missing tiles, copies and the count. Returns
/// the size of the derived set, when derived.
pub fn value_problems(
    design: &Design,
    path: &std::path::Path,
    problems: &mut Vec<Diagnostic>,
) -> Option<usize> {
    let mut problem =
        |(file, position): (&std::path::Path, Position), message: String, help: &str| {
            problems.push(Diagnostic::problem(file, Some(position), message).with_help(help));
        };
    let rule = design.rule.as_ref();
    let value_rule = rule.and_then(|rule| rule.values.as_ref());
    let symmetry = value_rule.map_or(ValueSymmetry::Unordered, |rule| rule.symmetry);
    let mut seen: BTreeMap<Vec<u32>, &Tile> = BTreeMap::new();
    let mut distinct: Vec<(&Tile, Vec<u32>)> = Vec::new();
    // A tile is what is printed: entries with the same values whose own art differs (a field
    // their face shows: crowns on one) are different tiles of those values, counted together
    // against the rule's `copies`, not duplicates.
    let mut variants: BTreeMap<Vec<u32>, Vec<&Tile>> = BTreeMap::new();
    for tile in &design.tiles {
        let key = symmetry.canonical(&tile.values);
        if let Some(&first) = seen.get(&key) {
            // The tile printed as this one: the first of these values, or one in other art.
            let others = variants.get(&key).into_iter().flatten().copied();
            let twin = std::iter::once(first)
                .chain(others)
                .find(|other| !tile.faces.printed_apart(&other.faces));
            let Some(first) = twin else {
                variants.entry(key).or_default().push(tile);
                continue;
            };
            problem(
                tile.written_at(path),
                format!(
                    "duplicate: {} (tiles {} and {}, {})",
                    values_text(&tile.values, design.value_names()),
                    first.number,
                    tile.number,
                    lines_text(first, tile)
                ),
                "remove one of the two, or change it into the missing tile; for intended \
                 repeats write `copies = N` on one entry",
            );
            continue;
        }
        seen.insert(key.clone(), tile);
        distinct.push((tile, key));
    }
    let (rule, value_rule) = (rule?, value_rule?);
    let complete = match complete_values(value_rule) {
        Ok(set) => set,
        Err(work) => {
            problem(
                (path, value_rule.position),
                format!(
                    "deriving the complete set would visit about {} value lists, more than tilepress's limit of {MAX_ENUMERATION_WORK} (MAX_ENUMERATION_WORK)",
                    crate::model::input::limits::count_text(work)
                ),
                "use a smaller range or fewer value positions",
            );
            return None;
        }
    };
    for (tile, key) in &distinct {
        let reasons = value_violations(value_rule, &tile.values);
        let in_other_art = variants.get(key).into_iter().flatten();
        let copies = tile.copies + in_other_art.map(|t| t.copies).sum::<u32>();
        if complete.binary_search(key).is_err() {
            problem(
                tile.written_at(path),
                format!(
                    "extra: {} (tile {}) — {}",
                    values_text(&tile.values, design.value_names()),
                    tile.number,
                    reasons.join("; ")
                ),
                "change or remove the tile, or widen the rule",
            );
        } else if copies != rule.copies {
            let others = variants.get(key).map_or_else(String::new, |others| {
                let numbers: Vec<String> =
                    others.iter().map(|t| format!("tile {}", t.number)).collect();
                format!(" (with {}: the same values in other art)", numbers.join(", "))
            });
            problem(
                tile.written_at(path),
                format!(
                    "tile {} ({}) comes {copies} time(s){others}; the rule says each tile comes {} time(s)",
                    tile.number,
                    values_text(&tile.values, design.value_names()),
                    rule.copies
                ),
                "set `copies` on the tile to the rule's `copies`",
            );
        }
    }
    for missing in &complete {
        if !seen.contains_key(missing) {
            problem(
                (path, rule.position),
                format!("missing: {}", values_text(missing, design.value_names())),
                "add a [[tiles]] entry with these values",
            );
        }
    }
    let listed: usize = design.tiles.iter().map(|tile| tile.copies as usize).sum();
    if let Some(count) = rule.count.filter(|&count| count != complete.len()) {
        problem(
            (path, rule.position),
            format!("the rule says `count = {count}` but derives {} tiles", complete.len()),
            "correct `count` or the rule",
        );
    }
    let wanted = complete.len() * rule.copies as usize;
    if listed != wanted {
        problem(
            (path, rule.position),
            format!("the design lists {listed} tiles; the set has {wanted}"),
            "add or remove tiles",
        );
    }
    Some(wanted)
}

/// Where two tiles are written, as a message names them: `lines 3 and 9`, or each by its
/// own place when one is a data file's row.
fn lines_text(first: &Tile, second: &Tile) -> String {
    match (&first.file, &second.file) {
        (None, None) => format!("lines {} and {}", first.position.line, second.position.line),
        _ => format!("{} and {}", first.line_text(), second.line_text()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(min: u32, max: u32, positions: usize, symmetry: ValueSymmetry) -> ValueRule {
        ValueRule {
            ascending: false,
            min,
            max,
            symmetry,
            max_same: positions,
            positions,
            position: Default::default(),
            names: Vec::new(),
        }
    }

    #[test]
    fn domino_sets_are_the_unordered_pairs() {
        let double_six = complete_values(&rule(0, 6, 2, ValueSymmetry::Unordered)).unwrap();
        assert_eq!(double_six.len(), 28);
        let double_nine = complete_values(&rule(0, 9, 2, ValueSymmetry::Unordered)).unwrap();
        assert_eq!(double_nine.len(), 55);
        assert!(double_six.contains(&vec![3, 5]) && !double_six.contains(&vec![5, 3]));
    }

    #[test]
    fn triangle_corners_up_to_rotation_are_necklaces() {
        // (6³ + 2·6) / 3 = 76 necklaces of three beads in six colours.
        let corners = rule(0, 5, 3, ValueSymmetry::Cyclic);
        assert_eq!(complete_values(&corners).unwrap().len(), 76);
        // No value on all three corners: six fewer.
        let at_most_two = ValueRule { max_same: 2, ..corners.clone() };
        assert_eq!(complete_values(&at_most_two).unwrap().len(), 70);
        let all_different = ValueRule { max_same: 1, ..corners };
        // 6·5·4 / 3 = 40 turns of three different values.
        assert_eq!(complete_values(&all_different).unwrap().len(), 40);
        assert_eq!(complete_values(&rule(0, 5, 3, ValueSymmetry::Ordered)).unwrap().len(), 216);
    }

    #[test]
    fn a_filter_names_the_value_it_refuses() {
        let different = ValueRule { max_same: 1, ..rule(0, 6, 2, ValueSymmetry::Unordered) };
        assert_eq!(
            value_violations(&different, &[3, 3]),
            vec!["value 3 is shown 2 times; the rule allows it 1 time(s)".to_string()]
        );
        assert!(complete_values(&different).unwrap().iter().all(|t| t[0] != t[1]));
        assert_eq!(complete_values(&different).unwrap().len(), 21);
    }

    #[test]
    fn huge_rules_are_refused() {
        assert!(complete_values(&rule(0, 999, 6, ValueSymmetry::Ordered)).is_err());
    }
}
