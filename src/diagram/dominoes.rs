//! Dominoes in diagrams: rectangle tiles of two square cells (`cells = [1, 2]` or `[2, 1]`)
//! placed on a grid of those cells, a quarter turn at a time; no two on one cell, and
//! touching halves of neighbouring dominoes show equal values (or, with `match = "any"`,
//! one touching half of each domino does; wild values and tiles match every value).

use std::collections::BTreeMap;
use std::f64::consts::FRAC_PI_2;

use kurbo::Affine;

use super::legality::Violation;
use super::{Diagram, cell_name};
use crate::compose::face::layered_face;
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tile_grid::Cell;
use crate::model::design::Design;
use crate::model::input::source::Position;
use crate::model::rules::play::Matching;
use crate::model::rules::tile_set::Tile;
use crate::model::rules::tile_shape::{RectangleTile, TileShape};
use crate::model::rules::value_names::value_text;
use crate::scene::{Item, Shape, Stroke};

/// A domino on the grid.
#[derive(Clone, Debug)]
pub struct PlacedDomino {
    pub tile: Tile,
    /// The cell of each half, in the order of the tile's values.
    pub cells: [Cell; 2],
    /// Quarter turns clockwise about the first half's cell.
    pub turn: usize,
    /// Where the `[[place]]` entry is.
    pub position: Position,
}

/// The square cell a domino design's tiles are made of, when its tiles are rectangles of
/// two square cells.
pub fn domino_cell(design: &Design) -> Option<RegularPolygon> {
    let Some(TileShape::Rectangle(rect)) = design.tile_shape else { return None };
    let RectangleTile { width_mm, height_mm, columns, rows, .. } = rect;
    let (w, h) = (width_mm / columns as f64, height_mm / rows as f64);
    (columns * rows == 2 && (w - h).abs() < 1e-6).then(|| RegularPolygon::new(4, w))
}

/// The cells of the two halves of a domino of `design` with its first half on `at`.
pub fn halves(design: &Design, at: Cell, turn: usize) -> [Cell; 2] {
    let columns = match design.tile_shape {
        Some(TileShape::Rectangle(rect)) => rect.columns,
        _ => 1,
    };
    // Unturned, the second half lies below (one column) or to the right (two columns).
    let (mut di, mut dj) = if columns == 1 { (0, 1) } else { (1, 0) };
    for _ in 0..turn % 4 {
        // A quarter turn clockwise on the page (y down): below → left → above → right.
        (di, dj) = (-dj, di);
    }
    [at, Cell::new(at.i + di, at.j + dj, 0)]
}

/// Dominoes sharing a cell, and touching halves whose values differ.
pub fn violations(diagram: &Diagram) -> Vec<Violation> {
    let mut found = Vec::new();
    // Cell → (domino, half) of every half on it.
    let mut covering: BTreeMap<(i64, i64), Vec<(usize, usize)>> = BTreeMap::new();
    for (index, domino) in diagram.dominoes.iter().enumerate() {
        for (half, cell) in domino.cells.iter().enumerate() {
            let on = covering.entry((cell.i, cell.j)).or_default();
            if let Some(&(earlier, _)) = on.first() {
                let message = format!(
                    "tile {} and tile {} both cover cell {}",
                    diagram.dominoes[earlier].tile.number,
                    domino.tile.number,
                    cell_name(&diagram.grid, *cell)
                );
                found.push(Violation { rule: "overlap", message, position: domino.position });
            }
            on.push((index, half));
        }
    }
    if diagram.design.play.matching == Matching::Nothing {
        return found;
    }
    found.extend(half_violations(diagram, &covering));
    found
}

/// Touching halves whose values differ (neither wild, nor on a wild tile); with
/// `match = "any"`, each domino that touches others and matches none of them.
fn half_violations(
    diagram: &Diagram,
    covering: &BTreeMap<(i64, i64), Vec<(usize, usize)>>,
) -> Vec<Violation> {
    let play = &diagram.design.play;
    let half_text = |(index, half): (usize, usize)| {
        let tile = &diagram.dominoes[index].tile;
        let names = diagram.design.value_names();
        let value = tile.values.get(half).map_or("-".into(), |&v| value_text(v, names));
        format!("tile {} half {} ({value})", tile.number, half + 1)
    };
    let mut found = Vec::new();
    // With `any`: each domino's touching halves, described from its side, and whether one
    // matched.
    let mut touching: BTreeMap<usize, (bool, Vec<String>)> = BTreeMap::new();
    for (index, domino) in diagram.dominoes.iter().enumerate() {
        for (half, cell) in domino.cells.iter().enumerate() {
            // Each touching pair once: towards the right and downwards.
            for (i, j) in [(cell.i + 1, cell.j), (cell.i, cell.j + 1)] {
                for &(other, other_half) in covering.get(&(i, j)).into_iter().flatten() {
                    if other == index {
                        continue;
                    }
                    let value = domino.tile.values.get(half).copied();
                    let facing = diagram.dominoes[other].tile.values.get(other_half).copied();
                    let wild = play.wild_tile(domino.tile.number)
                        || play.wild_tile(diagram.dominoes[other].tile.number);
                    let matches = wild || play.values_match(value, facing);
                    let (a, b) = ((index, half), (other, other_half));
                    if play.matching == Matching::Any {
                        for (here, there) in [(a, b), (b, a)] {
                            let entry = touching.entry(here.0).or_default();
                            entry.0 |= matches;
                            entry.1.push(format!("{} meets {}", half_text(here), half_text(there)));
                        }
                    } else if !matches {
                        let message = format!("{} meets {}", half_text(a), half_text(b));
                        let position = diagram.dominoes[index.max(other)].position;
                        found.push(Violation { rule: "match", message, position });
                    }
                }
            }
        }
    }
    for (index, (matched, contacts)) in touching {
        if !matched {
            let domino = &diagram.dominoes[index];
            let message = format!(
                "tile {} matches none of the dominoes it touches: {}",
                domino.tile.number,
                contacts.join("; ")
            );
            found.push(Violation { rule: "match", message, position: domino.position });
        }
    }
    found
}

/// Each domino's printed front (as `sources::tiles` composes it) on its two cells, with a
/// thin seam around it.
pub fn domino_items(diagram: &Diagram, seam: Stroke) -> Vec<Item> {
    let design = &diagram.design;
    let Some(shape) = design.tile_shape else { return Vec::new() };
    let outline = shape.outline();
    let mut items = Vec::new();
    for domino in &diagram.dominoes {
        let [first, second] = domino.cells.map(|cell| diagram.grid.centre(cell));
        let centre = first.midpoint(second);
        let transform = Affine::translate(centre.to_vec2())
            * Affine::rotate(FRAC_PI_2 * (domino.turn % 4) as f64);
        let art = layered_face(
            &outline.path,
            design.style.background,
            &domino.tile.faces.front,
            &outline,
        );
        items.push(Item::Group(crate::scene::Group { transform, items: art.items }));
        items.push(Item::Shape(Shape::stroked(transform * outline.path.clone(), seam.clone())));
    }
    items
}
