//! Faces on the cells of a board and on the faces of nets: `[board] template` on every
//! cell (painted boards and boards on the pieces' grid), `[[nets]] templates` one per face
//! of a polyhedron's net; each cell or face with fields of its own.

use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::design::file::DesignFile;
use crate::model::face::resolve::{FaceResolver, ItemFace};
use crate::model::face::schema::ItemFaceTables;
use crate::model::parts::board::Board;
use crate::model::parts::nets::{NetPiece, NetSolid};
use crate::model::parts::pieces::Board as GridBoard;

/// Draws `[board] template` on every cell of whichever board the design has: fields
/// `{number}` (cells counted from 1), and `{row}`, `{column}`, `{colour}` on a painted board
/// or `{x}`, `{y}` on the pieces' grid.
pub fn board_cell_faces(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    file: &DesignFile,
    palette: &Palette,
    painted: Option<&mut Board>,
    on_grid: Option<&mut GridBoard>,
) {
    let Some(name) = file.board.as_ref().and_then(|b| b.get_ref().template.as_ref()) else {
        return;
    };
    if !faces.check_template(r, name) {
        return;
    }
    let tables = ItemFaceTables { template: Some(name), layers: &[] };
    if let Some(board) = painted {
        let mut cell_faces = std::collections::BTreeMap::new();
        for (index, (cell, mark)) in board.cells.iter().enumerate() {
            let built_in = [
                ("number", (index + 1).to_string()),
                ("row", mark.row.to_string()),
                ("column", mark.column.to_string()),
                ("colour", mark.colour.clone()),
            ];
            let item = cell_face(&built_in, mark.position, tables, 3, "a triangle cell");
            let errors = r.diagnostics.len();
            cell_faces.insert(*cell, faces.face(r, palette, &item));
            // Every cell has the same fields: a mistake in the template is said once.
            if r.diagnostics.len() > errors {
                break;
            }
        }
        board.cell_faces = cell_faces;
    }
    if let Some(board) = on_grid {
        let corners = |cell| crate::geometry::grid::corners(board.grid.kind, cell).len();
        let mut cell_faces = Vec::new();
        for (index, &cell) in board.cells.iter().enumerate() {
            let built_in = [
                ("number", (index + 1).to_string()),
                ("x", cell.x.to_string()),
                ("y", cell.y.to_string()),
            ];
            let item = cell_face(&built_in, board.position, tables, corners(cell), "a cell");
            let errors = r.diagnostics.len();
            cell_faces.push(faces.face(r, palette, &item));
            if r.diagnostics.len() > errors {
                break;
            }
        }
        board.cell_faces = cell_faces;
    }
}

/// One cell as the resolver sees it.
fn cell_face<'a>(
    built_in: &[(&str, String)],
    position: crate::model::input::source::Position,
    tables: ItemFaceTables<'a>,
    corners: usize,
    outline_name: &str,
) -> ItemFace<'a> {
    let fields = built_in.iter().map(|(k, v)| ((*k).to_string(), v.clone())).collect();
    let number = built_in.first().map_or("", |(_, v)| v.as_str());
    ItemFace {
        what: format!("board cell {number}"),
        position,
        tables,
        fields,
        corners,
        outline_name: outline_name.to_string(),
        data: None,
    }
}

/// Draws each `[[nets]]` entry's `templates` on its faces (`""` leaves a face plain): fields
/// `{face}` and `{number}` (the face's number, from 1) and `{name}`. A cone has no faces to draw on; the list must name every
/// face.
pub fn net_faces(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    file: &DesignFile,
    palette: &Palette,
    nets: &mut [NetPiece],
) {
    for entry in &file.nets {
        let Some(templates) = entry.get_ref().templates.as_ref() else { continue };
        let position = r.source.start_of(&entry.span());
        let Some(net) = nets.iter_mut().find(|n| n.position == position) else { continue };
        let NetSolid::Polyhedron(solid) = &net.solid else {
            r.error(
                &templates.span(),
                format!("net `{}` is a cone: it has no faces for templates", net.name),
                "draw templates on polyhedra (`solid`, or `vertices` + `polygons`)",
            );
            continue;
        };
        if templates.get_ref().len() != solid.faces.len() {
            r.error(
                &templates.span(),
                format!(
                    "`templates` lists {} names; net `{}` has {} faces",
                    templates.get_ref().len(),
                    net.name,
                    solid.faces.len()
                ),
                "give one template name per face, \"\" for a plain face",
            );
            continue;
        }
        let mut layers = Vec::new();
        for (index, (name, face)) in templates.get_ref().iter().zip(&solid.faces).enumerate() {
            if name.get_ref().trim().is_empty() {
                layers.push(Vec::new());
                continue;
            }
            let number = (index + 1).to_string();
            let fields = [("face", number.clone()), ("number", number), ("name", net.name.clone())]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            let item = ItemFace {
                what: format!("face {} of net `{}`", index + 1, net.name),
                position,
                tables: ItemFaceTables { template: Some(name as &Spanned<String>), layers: &[] },
                fields,
                corners: face.len(),
                outline_name: format!("face {} of net `{}`", index + 1, net.name),
                data: None,
            };
            layers.push(faces.face(r, palette, &item));
        }
        net.face_layers = layers;
    }
}
