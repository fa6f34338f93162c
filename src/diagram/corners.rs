//! Corner matching in diagrams: every tile with corner slots (or values at its corners) that
//! meets others at a vertex of the grid must show the same corner colour (and value) there
//! (tiles meeting only at that vertex, diagonally, too); a wild tile's corners and a wild
//! value agree with every other (`[play] wild_tiles`, `wild_values`).

use std::collections::BTreeMap;

use super::legality::Violation;
use super::{Diagram, Placed};
use crate::model::rules::play::Matching;
use crate::model::rules::value_names::value_text;
use crate::model::rules::values::ValueAt;

/// Positions closer than this (mm) are one vertex.
const SAME_VERTEX_MM: f64 = 1e-3;

/// A tile's corner at a vertex: (place, corner, what it shows there).
type CornerMark = (usize, usize, String);

/// One violation per vertex where the placed tiles' corner colours differ.
pub fn corner_violations(diagram: &Diagram) -> Vec<Violation> {
    let sides = diagram.grid.shape.sides;
    let wild = |place: &Placed| diagram.design.play.wild_tile(place.tile.number);
    let colour_of = |place: &Placed, corner: usize| {
        (place.tile.corners.len() == sides && !wild(place))
            .then(|| place.tile.corners[corner].clone())
    };
    differing_at_vertices(diagram, "corners", colour_of)
}

/// One violation per vertex where the values at the placed tiles' corners differ
/// (`[values] at = "corners"`).
pub fn corner_value_violations(diagram: &Diagram) -> Vec<Violation> {
    let at_corners =
        diagram.design.values.as_ref().is_some_and(|values| values.at == ValueAt::Corners);
    if !at_corners {
        return Vec::new();
    }
    let sides = diagram.grid.shape.sides;
    let play = &diagram.design.play;
    // A wild value, or a wild tile's corner, agrees with every value: left out of the vertex.
    let value_of = |place: &Placed, corner: usize| {
        let value = *place.tile.values.get(corner).filter(|_| place.tile.values.len() == sides)?;
        let wild = play.wild_value(value) || play.wild_tile(place.tile.number);
        (!wild).then(|| value_text(value, diagram.design.value_names()))
    };
    differing_at_vertices(diagram, "corner values", value_of)
}

/// Groups every placed tile's corners by the grid vertex they lie on, and names each vertex
/// where `mark` (a corner's colour or value; `None`: the tile has none) is not the same for
/// every tile there: "{what} meeting at one vertex differ: tile 1 corner 3 (sea), …".
fn differing_at_vertices(
    diagram: &Diagram,
    what: &str,
    mark: impl Fn(&Placed, usize) -> Option<String>,
) -> Vec<Violation> {
    if diagram.design.play.matching == Matching::Nothing {
        return Vec::new();
    }
    let shape = diagram.grid.shape;
    // Vertex (in grid units of SAME_VERTEX_MM) → (place, corner, mark) of every tile there.
    let mut vertices: BTreeMap<(i64, i64), Vec<CornerMark>> = BTreeMap::new();
    for (index, place) in diagram.places.iter().enumerate() {
        let transform = diagram.grid.placement(place.cell, place.turn).transform();
        for corner in 0..shape.sides {
            let Some(shown) = mark(place, corner) else { continue };
            let at = transform * shape.corner(corner);
            let key =
                ((at.x / SAME_VERTEX_MM).round() as i64, (at.y / SAME_VERTEX_MM).round() as i64);
            vertices.entry(key).or_default().push((index, corner, shown));
        }
    }
    let mut found = Vec::new();
    for meeting in vertices.values() {
        let Some((_, _, first)) = meeting.first() else { continue };
        if meeting.iter().all(|(_, _, shown)| shown == first) {
            continue;
        }
        let named: Vec<String> = meeting
            .iter()
            .map(|(place, corner, shown)| {
                let number = diagram.places[*place].tile.number;
                format!("tile {number} corner {} ({shown})", corner + 1)
            })
            .collect();
        let last = meeting.iter().map(|&(place, _, _)| place).max().unwrap_or(0);
        found.push(Violation {
            rule: "match",
            message: format!("{what} meeting at one vertex differ: {}", named.join(", ")),
            position: diagram.places[last].position,
        });
    }
    found
}
