//! Which face each item gets: tile fronts from `[set] template` or the tile's own, tile
//! backs from `[backs] template`, piece faces from their face tables (or their group's);
//! the fields each item offers; and the outlines faces are drawn on.

use crate::model::face::item_face::DataRowAt;
use crate::model::input::cell_span::cell_of;
use crate::model::rules::value_names::value_text;
use toml::Spanned;

use crate::geometry::grid::{Cell, Grid, mark_point};
use crate::geometry::outline::Outline;
use crate::geometry::polyform::outline as polyform_outline;
use crate::geometry::polygon::RegularPolygon;
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::design::file::DesignFile;
use crate::model::face::fields::fields;
use crate::model::face::number_back::{NUMBER_TEMPLATE, back_label, number_layer, replaces_number};
use crate::model::face::resolve::{FaceResolver, ItemFace};
use crate::model::face::schema::ItemFaceTables;
use crate::model::parts::pieces::{PieceSet, PieceTable};
use crate::model::print::sheet_settings::Backs;
use crate::model::rules::tile_set::Tile;
use crate::model::rules::tile_shape::TileShape;

/// Resolves the faces of every tile: fronts (set or tile template, tile layers) and backs
/// (the `[backs]` template), each with its number, label and values (`{value_1}`, by name
/// where the values have names) as fields. Tiles keep their order; entries that failed are
/// skipped.
pub fn tile_faces(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    file: &DesignFile,
    palette: &Palette,
    (shape, value_names): (TileShape, &[String]),
    backs: &Backs,
    tiles: &mut [Tile],
) {
    let set_template = file.set.get_ref().template.as_ref();
    let backs_table = file.backs.as_ref().map(Spanned::get_ref);
    let back_layers = backs_table.map_or(&[][..], |b| &b.layers[..]);
    // Backs use the built-in `number` unless they name a template of the design's own.
    let back_template = backs_table.and_then(|b| b.template.as_ref()).filter(|name| {
        name.get_ref().trim() != NUMBER_TEMPLATE || faces.has_template(NUMBER_TEMPLATE)
    });
    let number_back = back_template.is_none() && !replaces_number(back_layers);
    if let Some(name) = set_template {
        faces.check_template(r, name);
    }
    if let Some(name) = back_template {
        faces.check_template_among(r, name, &[NUMBER_TEMPLATE]);
    }
    let numbers: Vec<u32> = tiles.iter().map(|t| t.number).collect();
    for entry in &file.tiles {
        let table = entry.get_ref();
        let position = r.source.start_of(&entry.span());
        // A data file's row and a `[[tiles]]` entry may share a line and column.
        let from_data = cell_of(entry.span().start).is_some();
        let written_here = |t: &&mut Tile| t.position == position && t.file.is_some() == from_data;
        let Some(tile) = tiles.iter_mut().find(written_here) else { continue };
        let label = back_label(tile.number, &numbers, backs.mark_upside_down_numbers);
        let mut built_in = vec![
            ("number".to_string(), tile.number.to_string()),
            ("label".to_string(), label.clone()),
        ];
        // Each value by its name (or number): `{value_1}` is the first cell's.
        for (index, &value) in tile.values.iter().enumerate() {
            built_in.push((format!("value_{}", index + 1), value_text(value, value_names)));
        }
        let built_in: Vec<(&str, String)> =
            built_in.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let fields = fields(r, &built_in, table.fields.as_ref());
        tile.faces.fields = fields.clone();
        let what = format!("tile {}", tile.number);
        let front = ItemFaceTables {
            template: table.template.as_ref().or(set_template),
            layers: &table.layers,
        };
        let outline_name = format!("a {}", shape.name());
        let corners = shape.sides();
        // A data file's row: a field's value its faces cannot use is reported at its cell.
        let data = tile.file.as_ref().and_then(|path| {
            let columns = r.data_columns.get(path)?.clone();
            Some(DataRowAt { path: path.clone(), line: position.line, columns })
        });
        let item = ItemFace { what, position, tables: front, fields, corners, outline_name, data };
        if front.template.is_some() || !front.layers.is_empty() {
            tile.faces.front = faces.face(r, palette, &item);
        }
        tile.faces.own_art =
            table.template.is_some() || !table.layers.is_empty() || table.fields.is_some();
        if backs.enabled || back_template.is_some() || !back_layers.is_empty() {
            let tables = ItemFaceTables { template: back_template, layers: back_layers };
            let back =
                ItemFace { what: format!("the back of tile {}", tile.number), tables, ..item };
            let mut layers = faces.face(r, palette, &back);
            if let Some(colour) = tile.back.as_ref().filter(|_| number_back) {
                let colour = palette.colour(colour);
                layers.insert(0, number_layer(label, colour, backs.text_height_mm, position));
            }
            tile.faces.back = Some(layers);
        }
    }
}

/// Resolves the faces of every piece from its face tables or its group's, with its fields
/// over its group's.
pub fn piece_faces(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    file: &DesignFile,
    palette: &Palette,
    set: &mut PieceSet,
) {
    for entry in &file.pieces {
        let table: &PieceTable = entry.get_ref();
        let position = r.source.start_of(&entry.span());
        let Some(piece) = set.pieces.iter_mut().find(|p| p.position == position) else { continue };
        let group = file
            .piece_groups
            .iter()
            .map(Spanned::get_ref)
            .find(|g| g.name.get_ref().trim() == table.group.get_ref().trim());
        let corners = piece_outline(set.grid, &piece.cells).edge_count();
        let mut built_in =
            vec![("code", piece.code.clone()), ("group", table.group.get_ref().trim().to_string())];
        if let Some(name) = &piece.name {
            built_in.push(("name", name.clone()));
        }
        // The group's fields over the built-in ones, the piece's own over both.
        let inherited = fields(r, &built_in, group.and_then(|g| g.fields.as_ref()));
        let inherited: Vec<(&str, String)> =
            inherited.iter().map(|(name, value)| (name.as_str(), value.clone())).collect();
        let fields = fields(r, &inherited, table.fields.as_ref());
        for side in ["front", "back"] {
            let (own, inherited) = match side {
                "front" => (&table.front, group.and_then(|g| g.front.as_ref())),
                _ => (&table.back, group.and_then(|g| g.back.as_ref())),
            };
            let Some(face_table) = own.as_ref().or(inherited).map(Spanned::get_ref) else {
                continue;
            };
            let tables = ItemFaceTables {
                template: face_table.template.as_ref(),
                layers: &face_table.layers,
            };
            if tables.template.is_none() && tables.layers.is_empty() {
                continue;
            }
            let what = format!("piece {} ({side})", piece.code);
            let outline_name = format!("piece {}", piece.code);
            let fields = fields.clone();
            let item =
                ItemFace { what, position, tables, fields, corners, outline_name, data: None };
            let layers = faces.face(r, palette, &item);
            match side {
                "front" => piece.front.layers = layers,
                _ => piece.back.layers = layers,
            }
        }
    }
}

/// A tile's outline (edge 0 on top).
pub fn tile_outline(shape: RegularPolygon) -> Outline {
    Outline::regular(shape)
}

/// A piece's outline in its lattice frame: the outer loop's corners, and the centre of the
/// cell nearest its middle (where a mark goes) as its centre.
pub fn piece_outline(grid: Grid, cells: &[Cell]) -> Outline {
    let loops = polyform_outline(grid.kind, cells);
    let corners =
        loops.first().map(|l| l.iter().map(|&p| grid.point_mm(p)).collect()).unwrap_or_default();
    let mut outline = Outline::polygon(corners);
    outline.centre = mark_point(grid, cells);
    outline
}
