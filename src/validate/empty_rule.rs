//! Why a rule derives no tile: the constraint every candidate tile breaks, or the ones that share the candidates out between them.

use std::collections::BTreeMap;

use super::enumerate::{TooLarge, corner_colouring, corner_colourings, each_unfiltered};
use super::rule::{corner_violations, rule_breaks};
use crate::geometry::polygon::RegularPolygon;
use crate::model::rules::tile_set::SetRule;

/// What emptied a rule that derives no tile, in words naming its keys, and the key that
/// every candidate breaks (the first, when several are), to report it at.
pub fn why_empty(
    rule: &SetRule,
    shape: RegularPolygon,
) -> Result<(String, Option<&'static str>), TooLarge> {
    let corner_total = corner_colourings(rule, shape.sides)?;
    let mut candidates = 0usize;
    // Each key broken: by how many candidates, and the first way it was broken.
    let mut broken: BTreeMap<&'static str, (usize, String)> = BTreeMap::new();
    each_unfiltered(rule, shape, &mut |slots, joins| {
        candidates += 1;
        let breaks = rule_breaks(rule, shape, slots, joins);
        let mut keys: Vec<(&'static str, String)> =
            breaks.into_iter().map(|b| (b.constraint, b.text)).collect();
        let corners_fail = (0..corner_total).all(|index| {
            let corners = corner_colouring(rule, shape.sides, index);
            !corner_violations(rule, &corners).is_empty()
        });
        if corners_fail {
            let first = corner_violations(rule, &corner_colouring(rule, shape.sides, 0));
            keys.push(("corners", first.join("; ")));
        }
        keys.sort_by_key(|(key, _)| *key);
        keys.dedup_by_key(|(key, _)| *key);
        for (key, text) in keys {
            broken.entry(key).or_insert((0, text)).0 += 1;
        }
        true
    })?;
    if candidates == 0 {
        let text = "its colours, kinds, `edges` and `joins` leave no tile to try (with \
                    `joins = \"every\"`, each colour needs an even number of line slots)";
        return Ok((text.into(), None));
    }
    let every: Vec<(&'static str, String)> = broken
        .iter()
        .filter(|(_, (count, _))| *count == candidates)
        .map(|(key, (_, example))| (*key, format!("`{key}` (e.g. {example})")))
        .collect();
    if let Some(&(first, _)) = every.first() {
        let texts: Vec<&str> = every.iter().map(|(_, text)| text.as_str()).collect();
        let text = format!(
            "every one of the {candidates} candidate tile(s) breaks {}",
            texts.join(" and ")
        );
        return Ok((text, Some(first)));
    }
    let mut by_count: Vec<(&&str, &usize)> =
        broken.iter().map(|(key, (count, _))| (key, count)).collect();
    by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let shares: Vec<String> =
        by_count.iter().map(|(key, count)| format!("`{key}` {count}")).collect();
    let text = format!(
        "each of the {candidates} candidate tile(s) breaks at least one constraint; they \
         break {}",
        shares.join(", ")
    );
    Ok((text, None))
}
