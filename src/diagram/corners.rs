//! Corner matching in diagrams: every tile with corner slots that meets others at a vertex
//! of the grid must show the same corner colour there (tiles meeting only at that vertex,
//! diagonally, too).

use std::collections::BTreeMap;

use super::Diagram;
use super::legality::Violation;
use crate::model::play::Matching;

/// Positions closer than this (mm) are one vertex.
const SAME_VERTEX_MM: f64 = 1e-3;

/// One violation per vertex where the placed tiles' corner colours differ.
pub fn corner_violations(diagram: &Diagram) -> Vec<Violation> {
    if diagram.design.play.matching == Matching::Nothing {
        return Vec::new();
    }
    let shape = diagram.grid.shape;
    // Vertex (in grid units of SAME_VERTEX_MM) → (place, corner) of every tile there.
    let mut vertices: BTreeMap<(i64, i64), Vec<(usize, usize)>> = BTreeMap::new();
    for (index, place) in diagram.places.iter().enumerate() {
        if place.tile.corners.len() != shape.sides {
            continue;
        }
        let transform = diagram.grid.placement(place.cell, place.turn).transform();
        for corner in 0..shape.sides {
            let at = transform * shape.corner(corner);
            let key =
                ((at.x / SAME_VERTEX_MM).round() as i64, (at.y / SAME_VERTEX_MM).round() as i64);
            vertices.entry(key).or_default().push((index, corner));
        }
    }
    let mut found = Vec::new();
    for meeting in vertices.values() {
        let colour =
            |&(place, corner): &(usize, usize)| diagram.places[place].tile.corners[corner].as_str();
        let Some(first) = meeting.first() else { continue };
        if meeting.iter().all(|m| colour(m) == colour(first)) {
            continue;
        }
        let named: Vec<String> = meeting
            .iter()
            .map(|m @ &(place, corner)| {
                let number = diagram.places[place].tile.number;
                format!("tile {number} corner {} ({})", corner + 1, colour(m))
            })
            .collect();
        let last = meeting.iter().map(|&(place, _)| place).max().unwrap_or(0);
        found.push(Violation {
            rule: "match",
            message: format!("corners meeting at one vertex differ: {}", named.join(", ")),
            position: diagram.places[last].position,
        });
    }
    found
}
