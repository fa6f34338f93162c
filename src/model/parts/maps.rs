//! `[[maps]]`: grid boards — hex, square or triangle cells with coordinate labels, terrain
//! fills read from a data file — printed at real size over as many sheets as needed.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::geometry::grid::GridKind;
use crate::geometry::map_grid::{MapGrid, cell_label};
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::data::data_file::read_data_at;
use crate::model::face::Layer;
use crate::model::face::resolve::FaceResolver;
use crate::model::input::source::Position;
use crate::model::parts::board::DEFAULT_OVERLAP_MM;
use crate::model::parts::map_cells::{CellRows, CellsOf, cell_faces};
use crate::model::parts::map_cut::{MapCut, map_cut};
use crate::model::print::sheet_settings::SheetSettings;
use crate::model::print::work::part_fits;
use crate::scene::Colour;

/// Most cells one map may have.
const MAX_MAP_CELLS: usize = 10_000;

/// `[[maps]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapTable {
    pub name: Spanned<String>,
    /// `hex`, `square` or `triangle`.
    pub grid: Spanned<String>,
    pub columns: Spanned<usize>,
    pub rows: Spanned<usize>,
    /// A cell's edge length.
    pub cell_mm: Spanned<f64>,
    /// Print each cell's coordinates (`C4`); default true.
    pub labels: Option<bool>,
    /// Cells without terrain (a palette name), default white.
    pub background: Option<Spanned<String>>,
    /// Terrain names → palette colours.
    pub terrain: Option<BTreeMap<String, Spanned<String>>>,
    /// A data file with `cell` and `terrain` columns.
    pub data: Option<Spanned<String>>,
    pub sheet: Option<Spanned<String>>,
    pub overlap_mm: Option<Spanned<f64>>,
    /// A face template drawn on every cell, with the cell's fields (`map_cells`).
    pub template: Option<Spanned<String>>,
    /// `rectangle` (the default) or `cells` (`map_cut`).
    pub cut: Option<Spanned<String>>,
}

/// A resolved map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub name: String,
    pub grid: MapGrid,
    pub labels: bool,
    /// Where the map is written (its `[[maps]]` entry): where its labels' problems point.
    pub position: Position,
    pub background: Colour,
    /// Cell (column, row) → its terrain's colour.
    pub fills: BTreeMap<(usize, usize), Colour>,
    /// Cell (column, row) → its terrain's name (`terrain` in the data), for the lists.
    pub terrain_names: BTreeMap<(usize, usize), String>,
    /// The palette colours of its terrains (`terrain`), by terrain name.
    pub terrains: Vec<String>,
    /// Cell (column, row) → the cue of its terrain's colour (`[cues]`), for cells that have one.
    pub cues: BTreeMap<(usize, usize), crate::model::colours::cues::Cue>,
    pub overlap_mm: f64,
    /// Cell (column, row) → the layers `template` draws on it.
    pub cell_faces: BTreeMap<(usize, usize), Vec<Layer>>,
    /// Where it is cut.
    pub cut: MapCut,
}

/// Every `[[maps]]` entry.
pub fn resolve_maps(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    tables: &[Spanned<MapTable>],
    palette: &Palette,
    sheet: &SheetSettings,
) -> Vec<Map> {
    tables.iter().filter_map(|t| resolve_map(r, faces, t, palette, sheet)).collect()
}

fn resolve_map(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    entry: &Spanned<MapTable>,
    palette: &Palette,
    sheet: &SheetSettings,
) -> Option<Map> {
    let table = entry.get_ref();
    let kind = match table.grid.get_ref().trim() {
        "hex" => GridKind::Hex,
        "square" => GridKind::Square,
        "triangle" => GridKind::Triangle,
        other => {
            r.error(
                &table.grid.span(),
                format!("unknown map grid `{other}`"),
                "use `hex`, `square` or `triangle`",
            );
            return None;
        }
    };
    let (columns, rows) = (*table.columns.get_ref(), *table.rows.get_ref());
    if columns == 0 || rows == 0 || columns.saturating_mul(rows) > MAX_MAP_CELLS {
        r.error(
            &table.columns.span(),
            format!("a map of {columns} × {rows} cells is empty or has more than {MAX_MAP_CELLS}"),
            "give columns and rows of at least 1",
        );
        return None;
    }
    let edge_mm = r.length(&table.cell_mm, "`cell_mm`", (3.0, 500.0));
    let cut = map_cut(r, table.cut.as_ref(), kind);
    let grid = MapGrid { kind, columns, rows, edge_mm };
    let bounds = grid.bounds();
    let name = table.name.get_ref().trim();
    let what = format!("map `{name}`: {columns} × {rows} cells of {edge_mm} mm");
    if !part_fits(r, &entry.span(), sheet, &what, 1.0, bounds.width() * bounds.height()) {
        return None;
    }
    let colour = |r: &mut Resolver<'_>, name: &Spanned<String>| {
        r.colour_name(name, palette).map(|c| palette.colour(&c))
    };
    let background = table.background.as_ref().and_then(|b| colour(r, b)).unwrap_or(Colour::WHITE);
    let mut terrain = BTreeMap::new();
    let mut terrains = Vec::new();
    for (name, value) in table.terrain.iter().flatten() {
        let palette_name = r.colour_name(value, palette)?;
        let cue = palette.cue_on(&palette_name, crate::model::colours::cues::CueOn::Regions);
        terrain.insert(name.trim().to_string(), (palette.colour(&palette_name), cue));
        terrains.push(palette_name);
    }
    let mut cues = BTreeMap::new();
    let overlap_mm = table
        .overlap_mm
        .as_ref()
        .map_or(DEFAULT_OVERLAP_MM, |o| r.length(o, "`overlap_mm`", (0.0, 100.0)));
    let mut fills = BTreeMap::new();
    let mut terrain_names = BTreeMap::new();
    let mut rows_of_cells = CellRows::default();
    if let Some(data) = &table.data {
        let read = read_data_at(r, data, table.sheet.as_ref())?;
        rows_of_cells = CellRows::of(&read);
        let (Some(cell_column), Some(terrain_column)) =
            (read.column("cell"), read.column("terrain"))
        else {
            r.error(
                &data.span(),
                format!("`{}` needs the columns `cell` and `terrain`", data.get_ref().trim()),
                &format!("its columns are: {}", read.columns.join(", ")),
            );
            return None;
        };
        let mut failed = false;
        for row in &read.rows {
            let label = row.values.get(cell_column).map_or("", String::as_str);
            let name = row.values.get(terrain_column).map_or("", String::as_str);
            let Some(place) = parse_label(label).filter(|&(c, w)| c < columns && w < rows) else {
                let message = format!(
                    "row {}: `{label}` is not a cell of the {columns} × {rows} map",
                    row.line
                );
                r.diagnostics.push(read.error_at(row.line, cell_column, message).with_help(
                    "write cells as a column letter and a row number: A1 is the top left",
                ));
                failed = true;
                continue;
            };
            let Some(&(fill, cue)) = terrain.get(name) else {
                let known: Vec<&str> = terrain.keys().map(String::as_str).collect();
                let message = format!("row {}: unknown terrain `{name}`", row.line);
                r.diagnostics.push(read.error_at(row.line, terrain_column, message).with_help(
                    format!(
                        "use one of the map's terrain: {} (or add it to `terrain`)",
                        known.join(", ")
                    ),
                ));
                failed = true;
                continue;
            };
            fills.insert(place, fill);
            terrain_names.insert(place, name.trim().to_string());
            if let Some(cue) = cue {
                cues.insert(place, cue);
            }
            rows_of_cells.add(&read, row, place);
        }
        if failed {
            return None;
        }
    }
    let name = table.name.get_ref().trim().to_string();
    let labels = table.labels.unwrap_or(true);
    let position = r.source.start_of(&entry.span());
    let cell_faces = match &table.template {
        Some(template) => {
            let on = CellsOf { grid, name: &name, position, rows: &rows_of_cells };
            cell_faces(r, faces, palette, template, &on)?
        }
        None => BTreeMap::new(),
    };
    Some(Map {
        name,
        grid,
        labels,
        position,
        background,
        fills,
        terrain_names,
        terrains,
        cues,
        overlap_mm,
        cell_faces,
        cut: cut?,
    })
}

/// `C4` → (2, 3); `None` when it is not letters then a row number from 1.
pub fn parse_label(label: &str) -> Option<(usize, usize)> {
    let label = label.trim().to_ascii_uppercase();
    let split = label.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = label.split_at(split);
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let column = letters
        .bytes()
        .try_fold(0usize, |n, b| n.checked_mul(26)?.checked_add(usize::from(b - b'A') + 1))?;
    let row: usize = digits.parse().ok()?;
    let place = (column.checked_sub(1)?, row.checked_sub(1)?);
    (cell_label(place.0, place.1) == label).then_some(place)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_back() {
        assert_eq!(parse_label("c4"), Some((2, 3)));
        assert_eq!(parse_label("AA1"), Some((26, 0)));
        for bad in ["", "4", "C", "C0", "4C", "C-1"] {
            assert_eq!(parse_label(bad), None, "{bad}");
        }
    }
}
