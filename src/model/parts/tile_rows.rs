//! `[set] data`: tiles read from a data file, one `[[tiles]]` entry per row — columns named as
//! the entry's keys, a list key in numbered columns (`edge_1` … `edge_N`), every other column
//! a field the templates read — each value at its cell, so every message points there.

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use crate::model::context::column_types::{ColumnType, ColumnTypes};
use crate::model::context::resolver::Resolver;
use crate::model::data::column_check::check_columns;
use crate::model::data::data_file::{DataRow, DataTable, read_data_at};
use crate::model::face::fields::field_names;
use crate::model::input::suggest::closest;
use crate::model::rules::edge_slots::EdgeText;
use crate::model::rules::set_tables::{SetTable, TileTable};
use crate::model::rules::value_names::ValueText;

/// The keys a column may be named as, one value each.
const SINGLE_KEYS: [&str; 4] = ["number", "copies", "back", "template"];
/// The list keys, written in numbered columns (`edge_1`, `edge_2`, …).
const LIST_KEYS: [&str; 4] = ["edge", "back_edge", "value", "corner"];

/// What a column of the file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    /// One of [`SINGLE_KEYS`].
    Key(&'static str),
    /// Item `index` (from 0) of one of [`LIST_KEYS`].
    Listed(&'static str, usize),
    /// A field for the templates.
    Field,
    /// Refused where its header is (already reported).
    Refused,
}

/// How many items each list key holds on these tiles: edges, values and corners.
#[derive(Clone, Copy, Debug)]
pub struct ListSizes {
    pub edges: usize,
    pub values: usize,
}

/// The tiles of `set`'s `data` file (its `sheet`), as `[[tiles]]` entries; none (and the
/// mistakes reported) when the file cannot be read.
pub fn tiles_from_data(
    r: &mut Resolver<'_>,
    set: &SetTable,
    sizes: ListSizes,
) -> Vec<Spanned<TileTable>> {
    let Some(data) = &set.data else { return Vec::new() };
    let Some(mut table) = read_data_at(r, data, set.sheet.as_ref()) else { return Vec::new() };
    // Each row is one tile: its number comes once, as a `[columns]` type `unique` says.
    let numbered = ColumnType { unique: true, ..Default::default() };
    check_columns(r, &mut table, &ColumnTypes::from([("number".to_string(), numbered)]));
    // The `{field}`s the design's text reads: a column close to one of them is a misspelling.
    let source = r.source;
    let read: Vec<&str> = field_names(&source.text)
        .into_iter()
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect();
    let columns: Vec<Column> = (0..table.columns.len())
        .map(|index| column_kind(r, &table, index, (sizes, &read)))
        .collect();
    if columns.contains(&Column::Refused) {
        return Vec::new(); // each refused header said why; its rows would only repeat it
    }
    if !columns.contains(&Column::Key("number")) {
        r.error(
            &data.span(),
            format!("`{}` has no column `number`", data.get_ref().trim()),
            &format!(
                "name one column `number`, each tile's number; its columns are: {}",
                table.columns.join(", ")
            ),
        );
        return Vec::new();
    }
    let columns_read = std::sync::Arc::new(table.columns.clone());
    r.data_columns.insert(table.path.clone(), columns_read);
    table.rows.iter().filter_map(|row| tile_of_row(r, &table, &columns, row)).collect()
}

/// What column `index` of `table` holds; a name close to a key's or to a field the design
/// reads (`read`), or a list item past the tiles' count, is reported at the header.
fn column_kind(
    r: &mut Resolver<'_>,
    table: &DataTable,
    index: usize,
    (sizes, read): (ListSizes, &[&str]),
) -> Column {
    let name = table.columns[index].trim();
    let header = r.cell_span(&table.path, 1, index + 1);
    if let Some(key) = SINGLE_KEYS.iter().find(|k| **k == name) {
        return Column::Key(key);
    }
    if let Some((key, number)) = listed(name) {
        let most = match key {
            "edge" | "back_edge" | "corner" => sizes.edges,
            _ => sizes.values,
        };
        return match number {
            Some(n) if (1..=most).contains(&n) => Column::Listed(key, n - 1),
            _ => {
                let noun = if key == "value" { "value positions" } else { "edges" };
                r.error(
                    &header,
                    format!("column `{name}`: the tiles have {most} {noun}, numbered from 1"),
                    &format!("name the columns {key}_1 to {key}_{most}"),
                );
                Column::Refused
            }
        };
    }
    let known = SINGLE_KEYS.iter().copied().chain(["edge_1", "back_edge_1", "value_1", "corner_1"]);
    if let Some(near) = closest(name, known) {
        r.error(
            &header,
            format!("column `{name}` is not a key of a tile"),
            &format!(
                "did you mean `{near}`? A column that is not a key is a field the templates \
                 read as {{{name}}}: rename it if it is one"
            ),
        );
        return Column::Refused;
    }
    // Not a key: a field, unless it is a typo of one the templates read.
    let near = closest(name, read.iter().copied()).filter(|near| *near != name);
    if let Some(near) = near.filter(|_| !read.contains(&name)) {
        r.error(
            &header,
            format!("column `{name}` is not a key of a tile, and no template reads it"),
            &format!("did you mean `{near}`? The templates read {{{near}}}"),
        );
        return Column::Refused;
    }
    Column::Field
}

/// A numbered column's key and number: `edge_3` → (`edge`, 3); `None` as the number when
/// what follows the key is not one.
fn listed(name: &str) -> Option<(&'static str, Option<usize>)> {
    // Longest first: `back_edge_1` is not `edge`.
    let mut keys = LIST_KEYS;
    keys.sort_by_key(|k| std::cmp::Reverse(k.len()));
    keys.iter().find_map(|key| {
        let rest = name.strip_prefix(key)?.strip_prefix('_')?;
        Some((*key, rest.parse::<usize>().ok()))
    })
}

/// One row as a `[[tiles]]` entry; `None` when its number cannot be read (reported).
fn tile_of_row(
    r: &mut Resolver<'_>,
    table: &DataTable,
    columns: &[Column],
    row: &DataRow,
) -> Option<Spanned<TileTable>> {
    let cell = |r: &mut Resolver<'_>, index: usize| -> (Range<usize>, String) {
        let text = row.values.get(index).map_or("", |v| v.trim()).to_string();
        (r.cell_span(&table.path, row.line, index + 1), text)
    };
    let mut number = None;
    let mut copies = None;
    let mut texts: BTreeMap<&str, Spanned<String>> = BTreeMap::new();
    let mut lists: BTreeMap<&str, Vec<(usize, Spanned<String>)>> = BTreeMap::new();
    let mut fields = BTreeMap::new();
    let mut failed = false;
    for (index, column) in columns.iter().enumerate() {
        let (span, text) = cell(r, index);
        match *column {
            Column::Key("number") => match text.parse::<u32>() {
                Ok(n) => number = Some(Spanned::new(span, n)),
                Err(_) => {
                    r.error(
                        &span,
                        format!("tile number `{text}` is not a whole number"),
                        "write each tile's number as a whole number from 0, e.g. 7",
                    );
                    failed = true;
                }
            },
            Column::Key("copies") if !text.is_empty() => match text.parse::<i64>() {
                Ok(n) => copies = Some(Spanned::new(span, n)),
                Err(_) => {
                    r.error(
                        &span,
                        format!("`copies` `{text}` is not a whole number"),
                        "write how many copies of the tile the set holds, e.g. 2, or leave the cell empty for one",
                    );
                    failed = true;
                }
            },
            Column::Key(key) if !text.is_empty() => {
                texts.insert(key, Spanned::new(span, text));
            }
            Column::Listed(key, item) if !text.is_empty() => {
                lists.entry(key).or_default().push((item, Spanned::new(span, text)));
            }
            Column::Field => {
                let name = table.columns[index].trim().to_string();
                fields.insert(name, Spanned::new(span, toml::Value::String(text)));
            }
            _ => {}
        }
    }
    let number = number?;
    if failed {
        return None;
    }
    let entry_span = number.span();
    let list = |key: &str, lists: &mut BTreeMap<&str, Vec<(usize, Spanned<String>)>>| {
        let mut items = lists.remove(key)?;
        items.sort_by_key(|(item, _)| *item);
        let span = items[0].1.span();
        Some(Spanned::new(span, items.into_iter().map(|(_, text)| text).collect::<Vec<_>>()))
    };
    let edges = list("edge", &mut lists).map(|edges| {
        let span = edges.span();
        let texts = edges.into_inner().into_iter().map(|t| {
            let span = t.span();
            Spanned::new(span, EdgeText::One(t.into_inner()))
        });
        Spanned::new(span, texts.collect())
    });
    let values = list("value", &mut lists).map(numbers);
    let tile = TileTable {
        number,
        edges,
        values,
        corners: list("corner", &mut lists),
        joins: None,
        copies,
        back_edges: list("back_edge", &mut lists),
        back_joins: None,
        back: texts.remove("back"),
        template: texts.remove("template"),
        layers: Vec::new(),
        fields: (!fields.is_empty()).then(|| Spanned::new(entry_span.clone(), fields)),
    };
    Some(Spanned::new(entry_span, tile))
}

/// Value cells as written: a number, or a name of `[values] names` (checked with the tile).
fn numbers(values: Spanned<Vec<Spanned<String>>>) -> Spanned<Vec<Spanned<ValueText>>> {
    let span = values.span();
    let read = values.into_inner().into_iter().map(|text| {
        let value = match text.get_ref().parse::<i64>() {
            Ok(n) => ValueText::Number(n),
            Err(_) => ValueText::Name(text.get_ref().clone()),
        };
        Spanned::new(text.span(), value)
    });
    Spanned::new(span, read.collect())
}
