//! `[[tracks]]`: numbered cells along a path — a straight strip (split over sheets when
//! longer than the paper) or a ring around a board's edge — each cell's face from a
//! template with `{number}`.

use kurbo::Rect;
use serde::Deserialize;
use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::face::Layer;
use crate::model::face::resolve::{FaceResolver, ItemFace};
use crate::model::face::schema::ItemFaceTables;
use crate::model::parts::track_cells::{TrackCellTable, cell_fields};
use crate::model::print::sheet_settings::SheetSettings;
use crate::model::print::work::part_fits;
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
    /// A CSV, .ods or .xlsx file beside the design: a row of fields per cell, by its
    /// `number` column.
    pub data: Option<Spanned<String>>,
    /// The workbook sheet to read (default the first).
    pub sheet: Option<Spanned<String>>,
    /// Cells' own fields, written in the design.
    #[serde(default)]
    pub cells: Vec<Spanned<TrackCellTable>>,
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
    sheet: &SheetSettings,
) -> Vec<Track> {
    tables.iter().filter_map(|t| resolve_track(r, faces, t, palette, sheet)).collect()
}

fn resolve_track(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    entry: &Spanned<TrackTable>,
    palette: &Palette,
    sheet: &SheetSettings,
) -> Option<Track> {
    let table = entry.get_ref();
    let (from, to) = (*table.from.get_ref(), *table.to.get_ref());
    // In i128, so no two i64 numbers overflow (i64::MIN to i64::MAX is 2^64 cells).
    let cells = i128::from(to) - i128::from(from) + 1;
    if cells < 1 || cells > i128::from(MAX_CELLS) {
        r.error(
            &table.to.span(),
            format!("a track from {from} to {to} has no cells or more than {MAX_CELLS}"),
            "give `to` at least `from`, at most 999 more",
        );
        return None;
    }
    let cell_mm = r.length(&table.cell_mm, "`cell_mm`", (3.0, 200.0));
    let count = usize::try_from(cells).ok()?;
    let name = table.name.get_ref().trim();
    let what = format!("track `{name}`: {count} cells of {cell_mm} mm");
    if !part_fits(r, &entry.span(), sheet, &what, count as f64, cell_mm * cell_mm) {
        return None;
    }
    let path = track_path(r, table, count)?;
    let background = match &table.background {
        Some(c) => r.colour_name(c, palette).map_or(Colour::WHITE, |c| palette.colour(&c)),
        None => Colour::WHITE,
    };
    let position = r.source.start_of(&entry.span());
    let mut own =
        cell_fields(r, table.data.as_ref(), table.sheet.as_ref(), &table.cells, (from, to))?;
    let before = r.diagnostics.len();
    let mut cells = Vec::with_capacity(count);
    for number in from..=to {
        let cell = own.remove(&number).unwrap_or_default();
        let mut fields = cell.fields;
        fields.insert("number".to_string(), number.to_string());
        let item = ItemFace {
            what: format!("cell {number} of track `{}`", table.name.get_ref().trim()),
            position: cell.position.unwrap_or(position),
            tables: ItemFaceTables { template: Some(&table.template), layers: &[] },
            fields,
            corners: 4,
            outline_name: "a track cell".into(),
            data: cell.data,
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
            ring_path(count, *columns.get_ref())
                .map_err(|(message, help)| r.error(&columns.span(), message, help))
                .ok()
        }
        other => {
            let span = table.path.as_ref().map_or(0..0, Spanned::span);
            r.error(&span, format!("unknown track path `{other}`"), "use `strip` or `ring`");
            None
        }
    }
}

/// A ring of `count` cells `columns` wide: its rows follow from the count, round once (an odd
/// count leaves the left side one cell short, spread over it; that side needs two places).
fn ring_path(count: usize, columns: usize) -> Result<TrackPath, (String, &'static str)> {
    let sides = count.checked_sub(2 * columns).filter(|_| columns >= 2);
    match sides {
        Some(left) if left % 2 == 0 || left >= 3 => {
            Ok(TrackPath::Ring { columns, rows: left.div_ceil(2) + 2 })
        }
        _ => Err((
            format!("{count} cells do not go around a ring {columns} cells wide"),
            "choose columns from 2 to half the cells (with an odd number of cells, at most (cells − 3) / 2)",
        )),
    }
}

/// Each of a path's `count` cells as a rectangle in cell units (one cell is 1 × 1), in
/// order. A ring round once has an even number of places; with an odd number of cells its
/// last side (the left, going up) holds one cell fewer, each drawn that much taller, so the
/// cells close the ring with no empty place.
pub fn cell_places(path: TrackPath, count: usize) -> Vec<Rect> {
    let square =
        |(c, r): (usize, usize)| Rect::new(c as f64, r as f64, c as f64 + 1.0, r as f64 + 1.0);
    match path {
        TrackPath::Strip => (0..count).map(|k| square((k, 0))).collect(),
        TrackPath::Ring { columns, rows } => {
            let mut places: Vec<Rect> = (0..columns).map(|c| square((c, 0))).collect();
            places.extend((1..rows).map(|r| square((columns - 1, r))));
            places.extend((0..columns - 1).rev().map(|c| square((c, rows - 1))));
            places.truncate(count);
            // The left side spans rows 1 to rows − 1, from the bottom up.
            let left = count.saturating_sub(places.len());
            let side = rows.saturating_sub(2) as f64;
            let step = side / left.max(1) as f64;
            places.extend((0..left).map(|k| {
                let bottom = (rows - 1) as f64 - k as f64 * step;
                Rect::new(0.0, bottom - step, 1.0, bottom)
            }));
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
        let corners: Vec<(f64, f64)> = places.iter().map(|r| (r.x0, r.y0)).collect();
        let expected =
            [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 2), (0, 2), (0, 1)];
        assert_eq!(corners, expected.map(|(c, r)| (c as f64, r as f64)));
    }

    /// The ring's area in cells: its outer rectangle less the inner hole.
    fn ring_area(columns: usize, rows: usize) -> f64 {
        (columns * rows - columns.saturating_sub(2) * rows.saturating_sub(2)) as f64
    }

    #[test]
    fn a_ring_fits_its_numbers_exactly_even_or_odd() {
        // Saltmarsh's 0–50: 51 cells, 12 wide; and small rings of both parities.
        for (count, columns) in [(51, 12), (50, 12), (9, 3), (13, 4), (11, 2), (20, 5)] {
            let path = ring_path(count, columns);
            let Ok(TrackPath::Ring { columns, rows }) = path else {
                panic!("{count} cells {columns} wide: {path:?}");
            };
            let places = cell_places(TrackPath::Ring { columns, rows }, count);
            assert_eq!(places.len(), count);
            let area: f64 = places.iter().map(|r| r.area()).sum();
            assert!((area - ring_area(columns, rows)).abs() < 1e-9, "{count}: {area}");
            let outer = Rect::new(0.0, 0.0, columns as f64, rows as f64);
            let hole = outer.inset(-1.0);
            for (i, a) in places.iter().enumerate() {
                assert!(outer.union(*a) == outer, "{count}: {a:?} outside");
                assert!(hole.intersect(*a).area() < 1e-9, "{count}: {a:?} in the hole");
                for b in &places[i + 1..] {
                    assert!(a.intersect(*b).area() < 1e-9, "{count}: {a:?} overlaps {b:?}");
                }
                // Neighbours in order touch: the path is unbroken, and closes on the start.
                let next = places[(i + 1) % count];
                let shared = a.inflate(1e-9, 1e-9).intersect(next);
                assert!(shared.width().max(shared.height()) > 0.5, "{count}: {a:?} {next:?}");
            }
        }
    }

    #[test]
    fn an_odd_ring_too_short_for_its_left_side_is_refused() {
        let refused = ring_path(9, 4).expect_err("9 cells leave no left side 4 wide");
        assert!(refused.0.contains("9 cells do not go around a ring 4 cells wide"), "{refused:?}");
        assert!(ring_path(11, 4).is_ok(), "11 cells 4 wide: a left side of 1 cell over 2 places");
    }
}
