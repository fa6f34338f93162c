//! What `explain` counts in a designed set that no rule over values explains: how many tiles
//! hold each pair of values, and how each value's numeric fields add up (`crowns_1` read with
//! the first value, `crowns_2` with the second), for a designer to check their distribution.

use std::collections::BTreeMap;

use crate::model::design::Design;
use crate::model::rules::value_names::value_text;

/// The tables, as lines: tiles per pair of values (tiles of two values) or per value, then
/// the fields per value; each tile counted as often as it is printed.
pub fn distribution(design: &Design) -> Vec<String> {
    let names = design.value_names();
    let tiles = &design.tiles;
    let values: Vec<u32> = {
        let mut all: Vec<u32> = tiles.iter().flat_map(|t| t.values.iter().copied()).collect();
        all.sort_unstable();
        all.dedup();
        all
    };
    let name = |v: u32| value_text(v, names);
    let width = values.iter().map(|&v| name(v).chars().count()).max().unwrap_or(1).max(5);
    let cell = |text: String| format!("{text:>width$}");
    let mut lines = Vec::new();
    let pairs = tiles.iter().all(|t| t.values.len() == 2);
    if pairs {
        let mut count: BTreeMap<(u32, u32), u32> = BTreeMap::new();
        for tile in tiles {
            let (a, b) = (tile.values[0].min(tile.values[1]), tile.values[0].max(tile.values[1]));
            *count.entry((a, b)).or_default() += tile.copies;
        }
        lines.push("Tiles per pair of values (each pair once, either way round):".to_string());
        let header: Vec<String> = values.iter().map(|&v| cell(name(v))).collect();
        lines.push(format!("  {} {}", cell(String::new()), header.join(" ")));
        for &a in &values {
            let row: Vec<String> = values
                .iter()
                .map(|&b| match (a <= b).then(|| count.get(&(a, b))).flatten() {
                    Some(n) => cell(n.to_string()),
                    None if a <= b => cell("·".to_string()),
                    None => cell(String::new()),
                })
                .collect();
            lines.push(format!("  {} {}", cell(name(a)), row.join(" ")));
        }
    }
    // Each value: how many positions show it, and the sum of every numeric field written
    // per position (`crowns_1` … `crowns_N`) over the positions that show it.
    let mut shown: BTreeMap<u32, u32> = BTreeMap::new();
    let mut sums: BTreeMap<String, BTreeMap<u32, f64>> = BTreeMap::new();
    for tile in tiles {
        for (index, &value) in tile.values.iter().enumerate() {
            *shown.entry(value).or_default() += tile.copies;
            let suffix = format!("_{}", index + 1);
            for (field, text) in &tile.faces.fields {
                let Some(stem) = field.strip_suffix(&suffix) else { continue };
                if stem == "value" || stem.is_empty() {
                    continue;
                }
                let Ok(number) = text.trim().parse::<f64>() else { continue };
                let sum = sums.entry(stem.to_string()).or_default().entry(value).or_default();
                *sum += number * f64::from(tile.copies);
            }
        }
    }
    if !lines.is_empty() {
        lines.push(String::new());
    }
    let fields: Vec<&String> = sums.keys().collect();
    lines.push(match fields.is_empty() {
        true => "Per value, how many places show it:".to_string(),
        false => format!(
            "Per value, how many places show it, and its {} added up:",
            fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
        ),
    });
    let heads: Vec<String> = std::iter::once("shown".to_string())
        .chain(fields.iter().map(|f| (*f).clone()))
        .map(&cell)
        .collect();
    lines.push(format!("  {} {}", cell(String::new()), heads.join(" ")));
    for &value in &values {
        let mut row = vec![cell(shown.get(&value).copied().unwrap_or(0).to_string())];
        for field in &fields {
            let sum = sums[*field].get(&value).copied().unwrap_or(0.0);
            row.push(cell(crate::model::input::diagnostic::number_text(sum)));
        }
        lines.push(format!("  {} {}", cell(name(value)), row.join(" ")));
    }
    lines
}
