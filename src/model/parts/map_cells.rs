//! Faces on a map's cells: `template` drawn on every cell, with the cell's fields — `{cell}` (its label, `C4`), `{column}` and `{row}` (from 1), `{terrain}`, and every column of the map's data file (empty on cells without a row), so that a data column can name each cell's icon and `when` can pick layers by terrain.

use std::collections::BTreeMap;
use std::sync::Arc;

use toml::Spanned;

use crate::geometry::map_grid::{MapGrid, cell_label};
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::data::data_file::{DataRow, DataTable};
use crate::model::face::Layer;
use crate::model::face::item_face::DataRowAt;
use crate::model::face::resolve::{FaceResolver, ItemFace};
use crate::model::face::schema::ItemFaceTables;
use crate::model::input::source::Position;

/// The data file's rows by the cell they are for, and the file's columns.
#[derive(Debug, Default)]
pub struct CellRows {
    columns: Arc<Vec<String>>,
    rows: BTreeMap<(usize, usize), (BTreeMap<String, String>, DataRowAt)>,
}

impl CellRows {
    /// No rows yet of the data file `table`.
    pub fn of(table: &DataTable) -> CellRows {
        CellRows { columns: Arc::new(table.columns.clone()), rows: BTreeMap::new() }
    }

    /// Notes `row` of `table` as the row of the cell at `place`.
    pub fn add(&mut self, table: &DataTable, row: &DataRow, place: (usize, usize)) {
        let fields = table.columns.iter().cloned().zip(row.values.iter().cloned()).collect();
        let columns = self.columns.clone();
        let at = DataRowAt { path: table.path.clone(), line: row.line, columns };
        self.rows.insert(place, (fields, at));
    }
}

/// The map whose cells get faces: its grid, its name and place in the design, its rows.
#[derive(Debug)]
pub struct CellsOf<'a> {
    pub grid: MapGrid,
    pub name: &'a str,
    pub position: Position,
    pub rows: &'a CellRows,
}

/// The layers `template` draws on every cell of the map, by (column, row); `None` when the
/// template or a cell's value is wrong (reported once).
pub fn cell_faces(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    palette: &Palette,
    template: &Spanned<String>,
    map: &CellsOf<'_>,
) -> Option<BTreeMap<(usize, usize), Vec<Layer>>> {
    if !faces.check_template(r, template) {
        return None;
    }
    let corners = map.grid.cell_kind().cell_sides();
    let tables = ItemFaceTables { template: Some(template), layers: &[] };
    let mut found = BTreeMap::new();
    for row in 0..map.grid.rows {
        for column in 0..map.grid.columns {
            let label = cell_label(column, row);
            let (own, data) = match map.rows.rows.get(&(column, row)) {
                Some((fields, at)) => (fields.clone(), Some(at.clone())),
                None => (BTreeMap::new(), None),
            };
            let mut fields: BTreeMap<String, String> =
                map.rows.columns.iter().map(|c| (c.clone(), String::new())).collect();
            fields.extend(own);
            fields.entry("terrain".into()).or_default();
            fields.insert("cell".into(), label.clone());
            fields.insert("column".into(), (column + 1).to_string());
            fields.insert("row".into(), (row + 1).to_string());
            let item = ItemFace {
                what: format!("cell {label} of map `{}`", map.name),
                position: map.position,
                tables,
                fields,
                corners,
                outline_name: "a map cell".into(),
                data,
            };
            let errors = r.diagnostics.len();
            let layers = faces.face(r, palette, &item);
            if r.diagnostics.len() > errors {
                return None;
            }
            found.insert((column, row), layers);
        }
    }
    Some(found)
}
