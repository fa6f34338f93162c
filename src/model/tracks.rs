//! `[[tracks]]`: numbered cells along a path — a straight strip (split over sheets when
//! longer than the paper) or a ring around a board's edge — each cell's face from a
//! template with `{number}`.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::design::Palette;
use super::resolve::Resolver;
use crate::face::Layer;
use crate::face::resolve::{FaceResolver, ItemFace};
use crate::face::schema::ItemFaceTables;
use crate::scene::Colour;

/// Most cells one track may have.
const MAX_CELLS: i64 = 1000;

/// `[[tracks]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackTable {
    pub name: Spanned<String>,
    /// The first and last numbers (both printed).
    pub from: Spanned<i64>,
    pub to: Spanned<i64>,
    /// The side of a square cell.
    pub cell_mm: Spanned<f64>,
    /// `strip` (default) or `ring`.
    pub path: Option<Spanned<String>>,
    /// A ring's cells along its top edge, corners included.
    pub columns: Option<Spanned<usize>>,
    /// The cells' face template (`{number}` is the cell's number).
    pub template: Spanned<String>,
    /// The cells' background colour (a palette name), default white.
    pub background: Option<Spanned<String>>,
}

/// The path the cells follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackPath {
    /// One row, left to right.
    Strip,
    /// Clockwise around a rectangle `columns` cells wide and `rows` high, from its top left.
    Ring { columns: usize, rows: usize },
}

/// A resolved track: its cells' numbers and faces in path order.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pub name: String,
    pub cell_mm: f64,
    pub path: TrackPath,
    pub background: Colour,
    pub cells: Vec<(i64, Vec<Layer>)>,
}

/// Every `[[tracks]]` entry.
pub fn resolve_tracks(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    tables: &[Spanned<TrackTable>],
    palette: &Palette,
) -> Vec<Track> {
    tables.iter().filter_map(|t| resolve_track(r, faces, t, palette)).collect()
}

fn resolve_track(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    entry: &Spanned<TrackTable>,
    palette: &Palette,
) -> Option<Track> {
    let table = entry.get_ref();
    let (from, to) = (*table.from.get_ref(), *table.to.get_ref());
    if to < from || to - from + 1 > MAX_CELLS {
        r.error(
            &table.to.span(),
            format!("a track from {from} to {to} has no cells or more than {MAX_CELLS}"),
            "give `to` at least `from`, at most 999 more",
        );
        return None;
    }
    let cell_mm = r.length(&table.cell_mm, "`cell_mm`", (3.0, 200.0));
    let count = usize::try_from(to - from + 1).ok()?;
    let path = track_path(r, table, count)?;
    let background = match &table.background {
        Some(c) => r.colour_name(c, palette).map_or(Colour::WHITE, |c| palette.colour(&c)),
        None => Colour::WHITE,
    };
    let position = r.source.start_of(&entry.span());
    let before = r.diagnostics.len();
    let mut cells = Vec::with_capacity(count);
    for number in from..=to {
        let fields = BTreeMap::from([("number".to_string(), number.to_string())]);
        let item = ItemFace {
            what: format!("cell {number} of track `{}`", table.name.get_ref().trim()),
            position,
            tables: ItemFaceTables { template: Some(&table.template), layers: &[] },
            fields,
            corners: 4,
            outline_name: "a track cell".into(),
            folder: None,
        };
        cells.push((number, faces.face(r, palette, &item)));
        if r.diagnostics.len() > before {
            return None;
        }
    }
    let name = table.name.get_ref().trim().to_string();
    Some(Track { name, cell_mm, path, background, cells })
}

/// The path from `path` and `columns`: a ring's rows follow from its cell count.
fn track_path(r: &mut Resolver<'_>, table: &TrackTable, count: usize) -> Option<TrackPath> {
    let kind = table.path.as_ref().map_or("strip", |p| p.get_ref().trim());
    match kind {
        "strip" => Some(TrackPath::Strip),
        "ring" => {
            let Some(columns) = &table.columns else {
                r.error(
                    &table.name.span(),
                    "a ring track needs `columns` (its cells along the top edge)".into(),
                    "add columns = N",
                );
                return None;
            };
            let c = *columns.get_ref();
            // Round once: 2 c + 2 (rows - 2) places; an odd count leaves the last one empty.
            let sides = count.checked_sub(2 * c).filter(|_| c >= 2);
            match sides {
                Some(left) => Some(TrackPath::Ring { columns: c, rows: left.div_ceil(2) + 2 }),
                None => {
                    r.error(
                        &columns.span(),
                        format!("{count} cells do not go around a ring {c} cells wide"),
                        "choose columns from 2 to half the cells",
                    );
                    None
                }
            }
        }
        other => {
            let span = table.path.as_ref().map_or(0..0, Spanned::span);
            r.error(&span, format!("unknown track path `{other}`"), "use `strip` or `ring`");
            None
        }
    }
}

/// The grid places (column, row) of a path's `count` cells, in order.
pub fn cell_places(path: TrackPath, count: usize) -> Vec<(usize, usize)> {
    match path {
        TrackPath::Strip => (0..count).map(|k| (k, 0)).collect(),
        TrackPath::Ring { columns, rows } => {
            let mut places: Vec<(usize, usize)> = (0..columns).map(|c| (c, 0)).collect();
            places.extend((1..rows).map(|r| (columns - 1, r)));
            places.extend((0..columns - 1).rev().map(|c| (c, rows - 1)));
            places.extend((1..rows - 1).rev().map(|r| (0, r)));
            places.truncate(count);
            places
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_goes_clockwise_round_once() {
        let places = cell_places(TrackPath::Ring { columns: 4, rows: 3 }, 10);
        assert_eq!(
            places,
            [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2), (0, 2), (0, 1)]
        );
        let mut sorted = places.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 10, "no cell twice");
    }
}
