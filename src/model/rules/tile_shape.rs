//! The tiles' shape from `[set]`: a regular polygon (`edge_mm`), a rectangle (`width_mm`,
//! `height_mm`, optional `corner_radius_mm`, optional `cells` split) or a circle
//! (`diameter_mm`); its outline and the places values sit (cells or corners).

use kurbo::{Point, Rect, RoundedRect, Shape as _};
use toml::Spanned;

use crate::geometry::outline::Outline;
use crate::geometry::polygon::RegularPolygon;
use crate::model::context::resolver::Resolver;
use crate::model::rules::set_tables::SetTable;

/// Largest tile side accepted, in mm (a tile bigger than any paper is refused later).
pub const MAX_SIDE_MM: f64 = 1000.0;
/// Most cells a rectangle may be split into along one side.
pub const MAX_CELLS_PER_SIDE: i64 = 12;
/// Smallest cell side accepted, in mm.
pub const MIN_CELL_MM: f64 = 2.0;

/// A rectangular tile, maybe with rounded corners, maybe split into cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RectangleTile {
    pub width_mm: f64,
    pub height_mm: f64,
    pub corner_radius_mm: f64,
    /// Columns and rows of equal cells (1 × 1 when not split).
    pub columns: usize,
    pub rows: usize,
}

/// The outline every tile of a set has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TileShape {
    Regular(RegularPolygon),
    Rectangle(RectangleTile),
    Circle { diameter_mm: f64 },
}

impl TileShape {
    /// The regular polygon, for the parts that draw and match edge slots.
    pub fn regular(self) -> Option<RegularPolygon> {
        match self {
            TileShape::Regular(shape) => Some(shape),
            _ => None,
        }
    }

    /// The shape's name in design files.
    pub fn name(self) -> &'static str {
        match self {
            TileShape::Regular(shape) => shape.shape_name(),
            TileShape::Rectangle(_) => "rectangle",
            TileShape::Circle { .. } => "circle",
        }
    }

    /// How many edges (and corners) the outline has: none on a circle.
    pub fn sides(self) -> usize {
        match self {
            TileShape::Regular(shape) => shape.sides,
            TileShape::Rectangle(_) => 4,
            TileShape::Circle { .. } => 0,
        }
    }

    /// The outline centred on the origin, edge 1 on top; rounded corners keep their corner
    /// anchors at the corners of the bounding rectangle.
    pub fn outline(self) -> Outline {
        match self {
            TileShape::Regular(shape) => Outline::regular(shape),
            TileShape::Rectangle(rect) => {
                let mut outline = Outline::rectangle(rect.width_mm, rect.height_mm);
                if rect.corner_radius_mm > 0.0 {
                    let rounded = RoundedRect::from_rect(outline.bounds(), rect.corner_radius_mm);
                    outline.path = rounded.to_path(1e-4);
                }
                outline
            }
            TileShape::Circle { diameter_mm } => Outline::circle(diameter_mm),
        }
    }

    /// The cells of a rectangle, row by row from the top left, centred on the origin; empty
    /// for other shapes.
    pub fn cells(self) -> Vec<Rect> {
        let TileShape::Rectangle(rect) = self else { return Vec::new() };
        let (w, h) = (rect.width_mm / rect.columns as f64, rect.height_mm / rect.rows as f64);
        let origin = Point::new(-rect.width_mm / 2.0, -rect.height_mm / 2.0);
        (0..rect.rows)
            .flat_map(|row| {
                (0..rect.columns).map(move |column| {
                    Rect::from_origin_size(
                        (origin.x + column as f64 * w, origin.y + row as f64 * h),
                        (w, h),
                    )
                })
            })
            .collect()
    }
}

/// The tile shape of `[set]`; required (reported when absent) when `needed`.
pub fn resolve_tile_shape(
    r: &mut Resolver<'_>,
    set: &Spanned<SetTable>,
    needed: bool,
) -> Option<TileShape> {
    let table = set.get_ref();
    if table.name.get_ref().trim().is_empty() {
        r.error(&table.name.span(), "the set has no name".into(), "give [set] a name");
    }
    let Some(shape) = &table.shape else {
        if needed {
            r.error(
                &set.span(),
                "the set has tiles or a rule but no tile `shape` and size".into(),
                "add e.g. shape = \"hexagon\" and edge_mm = 24.0 to [set]",
            );
        }
        return None;
    };
    let name = shape.get_ref().trim();
    let given = [
        ("edge_mm", table.edge_mm.is_some()),
        ("width_mm", table.width_mm.is_some()),
        ("height_mm", table.height_mm.is_some()),
        ("corner_radius_mm", table.corner_radius_mm.is_some()),
        ("cells", table.cells.is_some()),
        ("diameter_mm", table.diameter_mm.is_some()),
    ];
    let takes: &[&str] = match name {
        "rectangle" => &["width_mm", "height_mm", "corner_radius_mm", "cells"],
        "circle" => &["diameter_mm"],
        _ => &["edge_mm"],
    };
    let known =
        matches!(name, "rectangle" | "circle") || RegularPolygon::sides_for_name(name).is_some();
    let wrong = given.iter().filter(|(key, is_given)| known && *is_given && !takes.contains(key));
    for (key, _) in wrong {
        r.error(
            &shape.span(),
            format!("a {name} tile takes no `{key}`"),
            &format!("a {name} tile takes {}", takes.join(", ")),
        );
    }
    match name {
        "rectangle" => rectangle(r, set).map(TileShape::Rectangle),
        "circle" => {
            let diameter = required(r, set, table.diameter_mm.as_ref(), "diameter_mm", "a circle")?;
            Some(TileShape::Circle { diameter_mm: diameter })
        }
        _ => {
            let sides = RegularPolygon::sides_for_name(name).unwrap_or_else(|| {
                r.error(
                    &shape.span(),
                    format!("unknown tile shape `{name}`"),
                    "use `hexagon`, `square`, `triangle`, `rectangle` or `circle`",
                );
                6
            });
            let Some(edge) = &table.edge_mm else {
                r.error(
                    &set.span(),
                    "the set has a tile `shape` but no `edge_mm`".into(),
                    "add e.g. edge_mm = 24.0 to [set]",
                );
                return None;
            };
            let errors = r.diagnostics.len();
            let mut edge = r.length(edge, "the tile edge `edge_mm`", (1.0, MAX_SIDE_MM));
            if r.diagnostics.len() > errors {
                // Measure the rest against a typical tile, so that one mistake is one error.
                edge = 24.0;
            }
            Some(TileShape::Regular(RegularPolygon::new(sides, edge)))
        }
    }
}

/// A size key a shape needs: reported when absent, range-checked when given.
fn required(
    r: &mut Resolver<'_>,
    set: &Spanned<SetTable>,
    value: Option<&Spanned<f64>>,
    key: &str,
    what: &str,
) -> Option<f64> {
    let Some(value) = value else {
        r.error(
            &set.span(),
            format!("{what} tile needs `{key}`"),
            &format!("add `{key}` (in mm) to [set]"),
        );
        return None;
    };
    let errors = r.diagnostics.len();
    let length = r.length(value, &format!("`{key}`"), (1.0, MAX_SIDE_MM));
    (r.diagnostics.len() == errors).then_some(length)
}

/// Width, height, corner radius (at most half the shorter side) and the cell split.
fn rectangle(r: &mut Resolver<'_>, set: &Spanned<SetTable>) -> Option<RectangleTile> {
    let table = set.get_ref();
    let width = required(r, set, table.width_mm.as_ref(), "width_mm", "a rectangle");
    let height = required(r, set, table.height_mm.as_ref(), "height_mm", "a rectangle");
    let (width_mm, height_mm) = (width?, height?);
    let corner_radius_mm = match &table.corner_radius_mm {
        None => 0.0,
        Some(radius) => {
            let half = width_mm.min(height_mm) / 2.0;
            let errors = r.diagnostics.len();
            let value = r.length(radius, "`corner_radius_mm`", (0.0, half));
            if r.diagnostics.len() > errors {
                return None;
            }
            value
        }
    };
    let (columns, rows) = match &table.cells {
        None => (1, 1),
        Some(cells) => cell_split(r, cells, width_mm, height_mm)?,
    };
    Some(RectangleTile { width_mm, height_mm, corner_radius_mm, columns, rows })
}

/// `cells = [columns, rows]`: whole numbers from 1, each cell at least [`MIN_CELL_MM`].
fn cell_split(
    r: &mut Resolver<'_>,
    cells: &Spanned<Vec<i64>>,
    width_mm: f64,
    height_mm: f64,
) -> Option<(usize, usize)> {
    let help = format!(
        "write cells = [columns, rows], each a whole number from 1 to {MAX_CELLS_PER_SIDE}, \
         e.g. cells = [1, 2] for a domino's two halves"
    );
    let split = cells.get_ref();
    let [columns, rows] = split[..] else {
        r.error(
            &cells.span(),
            format!("`cells` has {} number(s); it takes two", split.len()),
            &help,
        );
        return None;
    };
    if !(1..=MAX_CELLS_PER_SIDE).contains(&columns) || !(1..=MAX_CELLS_PER_SIDE).contains(&rows) {
        r.error(&cells.span(), format!("`cells = [{columns}, {rows}]` cannot split a tile"), &help);
        return None;
    }
    let (cell_w, cell_h) = (width_mm / columns as f64, height_mm / rows as f64);
    if cell_w < MIN_CELL_MM || cell_h < MIN_CELL_MM {
        r.error(
            &cells.span(),
            format!(
                "`cells = [{columns}, {rows}]` makes cells of {:.2} × {:.2} mm",
                cell_w, cell_h
            ),
            &format!("split the tile into fewer cells, each at least {MIN_CELL_MM} mm a side"),
        );
        return None;
    }
    Some((columns as usize, rows as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domino_has_two_cells_stacked_and_an_outline_of_its_size() {
        let domino = TileShape::Rectangle(RectangleTile {
            width_mm: 25.0,
            height_mm: 50.0,
            corner_radius_mm: 0.0,
            columns: 1,
            rows: 2,
        });
        let cells = domino.cells();
        assert_eq!(
            cells,
            vec![Rect::new(-12.5, -25.0, 12.5, 0.0), Rect::new(-12.5, 0.0, 12.5, 25.0)]
        );
        let bounds = domino.outline().bounds();
        assert!((bounds.width() - 25.0).abs() < 1e-9 && (bounds.height() - 50.0).abs() < 1e-9);
        assert_eq!(domino.sides(), 4);
        assert!(TileShape::Circle { diameter_mm: 20.0 }.cells().is_empty());
    }
}
