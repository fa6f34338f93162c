//! Can every pawn reach its goal? A breadth-first search over pawn poses (cell + which pawn
//! vertex stands on which cell corner) using the board's move rule.
//!
//! A pawn is a tetrahedron standing on a triangular cell. A tip turns it over one edge of
//! its cell onto the neighbouring cell: the two vertices on that edge stay, the top vertex
//! comes down on the neighbour's far corner, and the face that held the edge and the top
//! vertex becomes the bottom face. The tip is legal when that face's colour matches the
//! cell (`by_face`) or the ball coming down matches the dot there (`by_ball`). With
//! `slide_first`, a move may first slide the pawn by one edge along a grid line.

use std::collections::{BTreeMap, VecDeque};

use crate::geometry::polyhedron::Polyhedron;
use crate::geometry::triangle_grid::{Cell, STEPS};
use crate::model::parts::board::{Board, Moves};

/// A pawn's colours: one per face (face order of the solid) and one ball per vertex.
#[derive(Clone, Debug)]
pub struct Pawn<'a> {
    pub solid: &'a Polyhedron,
    pub faces: Vec<String>,
    pub balls: Vec<String>,
}

/// Where a pawn stands and how it is turned: the pawn vertex on each cell corner, in the
/// order of `Cell::corners` (clockwise on the page).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pose {
    pub cell: Cell,
    pub on: [usize; 3],
}

/// What the search found for one start cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The goal side is reached in this many moves at best.
    Reaches(usize),
    /// No pose on the cell matches its colour and dots, so no pawn can start there.
    NoStart,
    /// Every pose reachable from the start (this many) is off the goal side.
    CutOff(usize),
}

impl Pawn<'_> {
    /// Whether the solid is a tetrahedron with triangular faces, which the search needs.
    pub fn is_tetrahedron(solid: &Polyhedron) -> bool {
        solid.vertices.len() == 4
            && solid.faces.len() == 4
            && solid.faces.iter().all(|f| f.len() == 3)
    }

    pub fn face_colour_without(&self, v: usize) -> Option<&str> {
        self.solid.face_opposite(v).and_then(|f| self.faces.get(f)).map(String::as_str)
    }

    pub fn ball(&self, v: usize) -> Option<&str> {
        self.balls.get(v).map(String::as_str)
    }
}

/// The poses in which a pawn may start on `cell`: its bottom face has the cell's colour
/// and every bottom ball the colour of the dot it stands on (where there is a dot).
pub fn start_poses(board: &Board, pawn: &Pawn<'_>, cell: Cell) -> Vec<Pose> {
    let Some(cell_colour) = board.cells.get(&cell).map(|m| m.colour.as_str()) else {
        return Vec::new();
    };
    let corners = cell.corners();
    let mut poses = Vec::new();
    for (f, face) in pawn.solid.faces.iter().enumerate() {
        if pawn.faces.get(f).map(String::as_str) != Some(cell_colour) {
            continue;
        }
        // Seen from above, a bottom face's outside order runs clockwise on the page.
        for k in 0..3 {
            let on = [face[k], face[(k + 1) % 3], face[(k + 2) % 3]];
            let balls_match = (0..3).all(|i| {
                board.dots.get(&corners[i]).is_none_or(|dot| pawn.ball(on[i]) == Some(&dot.colour))
            });
            if balls_match {
                poses.push(Pose { cell, on });
            }
        }
    }
    poses
}

/// Every pose one move away from `pose`.
pub fn moves_from(board: &Board, pawn: &Pawn<'_>, rule: &Moves, pose: Pose) -> Vec<Pose> {
    let mut from = vec![pose];
    if rule.slide_first {
        for step in STEPS {
            let cell = pose.cell.shifted(step);
            if board.cells.contains_key(&cell) {
                from.push(Pose { cell, on: pose.on });
            }
        }
    }
    let mut next = Vec::new();
    for p in from {
        for i in 0..3 {
            if let Some(landed) = tip(board, pawn, rule, p, i) {
                next.push(landed);
            }
        }
    }
    next.sort();
    next.dedup();
    next
}

/// A tip over one edge: where the pawn lands and what matches there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tip {
    pub pose: Pose,
    /// The face that comes down has the landing cell's colour.
    pub face: bool,
    /// The ball that comes down has the colour of the dot it lands on.
    pub ball: bool,
}

/// Tips the pawn over the edge from corner `i` to corner `i + 1` of its cell, if legal.
fn tip(board: &Board, pawn: &Pawn<'_>, rule: &Moves, pose: Pose, i: usize) -> Option<Pose> {
    let tipped = tip_over(board, pawn, pose, i)?;
    ((rule.by_face && tipped.face) || (rule.by_ball && tipped.ball)).then_some(tipped.pose)
}

/// Turns the pawn over the edge from corner `i` to corner `i + 1` of its cell, legal or not;
/// `None` off the board.
pub fn tip_over(board: &Board, pawn: &Pawn<'_>, pose: Pose, i: usize) -> Option<Tip> {
    let corners = pose.cell.corners();
    let (p, q) = (corners[i], corners[(i + 1) % 3]);
    let (cell, far) = pose.cell.across(p, q)?;
    let target = board.cells.get(&cell)?;
    let apex = (0..4).find(|v| !pose.on.contains(v))?;
    let lifted = pose.on[(i + 2) % 3];
    let face = pawn.face_colour_without(lifted) == Some(target.colour.as_str());
    let ball = board.dots.get(&far).is_some_and(|dot| pawn.ball(apex) == Some(dot.colour.as_str()));
    let mut on = [0; 3];
    for (slot, corner) in cell.corners().iter().enumerate() {
        on[slot] = if *corner == p {
            pose.on[i]
        } else if *corner == q {
            pose.on[(i + 1) % 3]
        } else {
            apex
        };
    }
    Some(Tip { pose: Pose { cell, on }, face, ball })
}

/// Searches from every start pose on `start` for a cell with an edge on side `goal`.
pub fn reach(board: &Board, pawn: &Pawn<'_>, rule: &Moves, start: Cell, goal: usize) -> Outcome {
    let starts = start_poses(board, pawn, start);
    if starts.is_empty() {
        return Outcome::NoStart;
    }
    let at_goal = |pose: &Pose| {
        pose.cell.corners().iter().filter(|&&v| board.region.on_side(v, goal)).count() == 2
    };
    let mut distance: BTreeMap<Pose, usize> = BTreeMap::new();
    let mut queue = VecDeque::new();
    for pose in starts {
        distance.insert(pose, 0);
        queue.push_back(pose);
    }
    while let Some(pose) = queue.pop_front() {
        let d = distance.get(&pose).copied().unwrap_or(0);
        if at_goal(&pose) {
            return Outcome::Reaches(d);
        }
        for next in moves_from(board, pawn, rule, pose) {
            if let std::collections::btree_map::Entry::Vacant(slot) = distance.entry(next) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    Outcome::CutOff(distance.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::triangle_grid::{HexRegion, Pointing, Vertex};
    use crate::model::input::source::Position;
    use crate::model::parts::board::Mark;
    use crate::scene::Colour;

    const COLOURS: [&str; 4] = ["red", "yellow", "blue", "green"];

    fn mark(colour: &str) -> Mark {
        Mark { colour: colour.into(), row: 1, column: 1, position: Position { line: 1, column: 1 } }
    }

    /// A board of side 2 whose cell and dot colours come from simple formulas.
    fn board(cell: impl Fn(Cell) -> usize, dot: impl Fn(Vertex) -> usize) -> Board {
        let region = HexRegion { side: 2 };
        Board {
            region,
            edge_mm: 40.0,
            symmetry: 1,
            lines: Colour::BLACK,
            cells: region
                .cell_rows()
                .into_iter()
                .flatten()
                .map(|c| (c, mark(COLOURS[cell(c) % 4])))
                .collect(),
            dots: region
                .vertex_rows()
                .into_iter()
                .flatten()
                .map(|v| (v, mark(COLOURS[dot(v) % 4])))
                .collect(),
            overlap_mm: 10.0,
            tray: None,
            moves: None,
            position: Position { line: 1, column: 1 },
            cell_faces: Default::default(),
        }
    }

    fn rule(slide_first: bool) -> Moves {
        Moves {
            piece: "pawn".into(),
            by_face: true,
            by_ball: true,
            slide_first,
            position: Position { line: 1, column: 1 },
        }
    }

    fn pawn(solid: &Polyhedron) -> Pawn<'_> {
        let names: Vec<String> = COLOURS.iter().map(|s| s.to_string()).collect();
        Pawn { solid, faces: names.clone(), balls: names }
    }

    #[test]
    fn a_tip_keeps_the_pawn_a_rigid_body() {
        let solid = Polyhedron::tetrahedron(40.0);
        let pawn = pawn(&solid);
        // Every cell and dot accepts every face: tips are always legal.
        let everything = board(|_| 0, |_| 0);
        let rule = Moves { by_face: false, by_ball: false, ..rule(false) };
        let cell = Cell { a: 0, b: 0, pointing: Pointing::Down };
        let face = &solid.faces[0];
        let pose = Pose { cell, on: [face[0], face[1], face[2]] };
        assert!(moves_from(&everything, &pawn, &rule, pose).is_empty(), "no condition, no move");
        let rule = Moves { by_face: true, ..rule };
        let all_red = board(|_| 0, |_| 0);
        for i in 0..3 {
            let Some(next) = tip(
                &all_red,
                &Pawn { faces: vec!["red".into(); 4], ..pawn.clone() },
                &rule,
                pose,
                i,
            ) else {
                panic!("tip {i} refused")
            };
            // The new bottom face, read clockwise from above, is a face in its outside order.
            let bottom = solid
                .face_opposite((0..4).find(|v| !next.on.contains(v)).unwrap_or(0))
                .unwrap_or(0);
            let f = &solid.faces[bottom];
            let k = f.iter().position(|&v| v == next.on[0]).unwrap_or(0);
            assert_eq!(
                next.on,
                [f[k], f[(k + 1) % 3], f[(k + 2) % 3]],
                "tip {i} mirrored the pawn"
            );
        }
    }

    /// Makes `cell` a start cell for the pose with face 0 down in its outside order.
    fn fit_start(board: &mut Board, solid: &Polyhedron, cell: Cell) {
        let face = &solid.faces[0];
        if let Some(m) = board.cells.get_mut(&cell) {
            m.colour = COLOURS[0].into();
        }
        for (i, corner) in cell.corners().iter().enumerate() {
            if let Some(m) = board.dots.get_mut(corner) {
                m.colour = COLOURS[face[i]].into();
            }
        }
    }

    #[test]
    fn an_open_board_is_crossed_and_a_walled_one_is_not() {
        let solid = Polyhedron::tetrahedron(40.0);
        let pawn = pawn(&solid);
        let mut open = board(
            |c| (c.a * 3 + c.b * 5 + c.pointing as i32 * 7).rem_euclid(4) as usize,
            |v| (v.a + 2 * v.b).rem_euclid(4) as usize,
        );
        let region = open.region;
        let start = region.side_cells(0)[1];
        fit_start(&mut open, &solid, start);
        assert_eq!(start_poses(&open, &pawn, start).len(), 1);
        match reach(&open, &pawn, &rule(true), start, 3) {
            Outcome::Reaches(n) => assert!(n >= 3, "the far side is 4 rows away, {n} moves"),
            other => panic!("the open board is not crossed: {other:?}"),
        }
        // Cells and dots of a colour no ball or face has: nothing moves.
        let mut walled = open.clone();
        for (cell, m) in walled.cells.iter_mut() {
            if *cell != start {
                m.colour = "grey".into();
            }
        }
        for (vertex, m) in walled.dots.iter_mut() {
            if !start.corners().contains(vertex) {
                m.colour = "grey".into();
            }
        }
        assert_eq!(reach(&walled, &pawn, &rule(true), start, 3), Outcome::CutOff(1));
        walled.cells.insert(start, mark("grey"));
        assert_eq!(reach(&walled, &pawn, &rule(true), start, 3), Outcome::NoStart);
    }
}
