//! Checks boards, players and nets: piece counts, nets that fold shut with matching corner
//! colours, the board colouring's declared symmetry, and that every pawn can reach its goal.

use super::describe::counted;
use std::path::Path;

use super::reach::{Outcome, Pawn, reach};
use crate::geometry::polyhedron::Vec3;
use crate::geometry::unfold::{distance, fold, fold_gap, unfold};
use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::Position;
use crate::model::parts::board::{Board, Moves, Player};
use crate::model::parts::nets::{NetPiece, NetSolid};

/// How far apart folded corners of one vertex may be, in mm.
pub const FOLD_TOLERANCE_MM: f64 = 0.01;

/// Problems with the design's board and nets, and lines of information (reachability).
#[derive(Clone, Debug, Default)]
pub struct PartsCheck {
    pub problems: Vec<Diagnostic>,
    pub info: Vec<String>,
    /// What was checked, for the summary: `a board of 96 cells and 61 dots`, `9 pawns`…
    pub contents: Vec<String>,
}

/// Checks every board, player and net of `design`.
pub fn check_parts(design: &Design, path: &Path) -> PartsCheck {
    let mut check = PartsCheck::default();
    let mut problem = |position: Position, message: String, help: &str| {
        check.problems.push(Diagnostic::problem(path, Some(position), message).with_help(help));
    };
    for net in &design.nets {
        check_net(net, design.players.len(), &mut problem);
        check.contents.push(counted(net.copies(design.players.len()), &net.name));
    }
    if let Some(board) = &design.board {
        check.contents.push(format!(
            "a board of {} cells and {} dots",
            board.cells.len(),
            board.dots.len()
        ));
        check_symmetry(board, &design.players, &mut problem);
        if let Some(rule) = &board.moves {
            check_reach(design, board, rule, &mut problem, &mut check.info);
        }
    }
    check
}

fn check_net(net: &NetPiece, players: usize, problem: &mut impl FnMut(Position, String, &str)) {
    if let (Some(each), Some(count)) = (net.per_player, net.count)
        && each as usize * players != count as usize
    {
        problem(
            net.position,
            format!(
                "{} `{}` pieces declared, but {each} per player × {players} players make {}",
                count,
                net.name,
                each as usize * players
            ),
            "correct `count`, `per_player` or [[players]]",
        );
    }
    if net.distinct_faces {
        for (i, a) in net.faces.iter().enumerate() {
            if let Some(j) = net.faces[..i].iter().position(|b| b == a) {
                problem(
                    net.position,
                    format!("`{}` faces {} and {} have the same colour", net.name, j + 1, i + 1),
                    "give every face its own colour, or drop `distinct_faces`",
                );
            }
        }
    }
    let NetSolid::Polyhedron(solid) = &net.solid else { return };
    let folded = fold(&unfold(solid, net.tab_mm));
    let gap = fold_gap(solid, &folded);
    if gap > FOLD_TOLERANCE_MM {
        problem(
            net.position,
            format!(
                "the net of `{}` does not fold shut: corners of one vertex end {gap:.3} mm apart",
                net.name
            ),
            "describe a convex solid whose polygons are flat",
        );
        return;
    }
    if net.balls.is_empty() {
        return;
    }
    // Corners that meet in space must carry the same ball colour.
    let mut corners: Vec<(Vec3, &crate::model::parts::nets::PieceColour)> = Vec::new();
    for (face, points) in solid.faces.iter().zip(&folded) {
        for (&v, &p) in face.iter().zip(points) {
            if let Some(ball) = net.balls.get(v) {
                corners.push((p, ball));
            }
        }
    }
    for (i, (p, ball)) in corners.iter().enumerate() {
        if corners[..i]
            .iter()
            .any(|(q, other)| distance(*p, *q) < FOLD_TOLERANCE_MM && other != ball)
        {
            problem(
                net.position,
                format!("folded `{}` shows two ball colours at one vertex", net.name),
                "give each vertex one ball colour",
            );
            break;
        }
    }
}

/// The colouring must look the same after a turn by 360°/symmetry, and the turn must take
/// every player's start side to a start side.
fn check_symmetry(
    board: &Board,
    players: &[Player],
    problem: &mut impl FnMut(Position, String, &str),
) {
    if board.symmetry <= 1 {
        return;
    }
    let steps = 6 / board.symmetry;
    let degrees = 60 * steps;
    let help = format!(
        "colour the board so that turning it by {degrees}° changes nothing, or lower `symmetry`"
    );
    let turned_cells = board.cells.iter().map(|(c, m)| (m, board.cells.get(&c.turn(steps))));
    let turned_dots = board.dots.iter().map(|(v, m)| (m, board.dots.get(&v.turn(steps))));
    for (what, pairs) in
        [("cell", turned_cells.collect::<Vec<_>>()), ("dot", turned_dots.collect())]
    {
        for (mark, turned) in pairs {
            if turned.is_none_or(|t| t.colour != mark.colour) {
                let other = turned
                    .map_or(format!("no {what}"), |t| format!("{} ({})", t.name(what), t.colour));
                let name = mark.name(what);
                let message = format!(
                    "{name} is {} but turned by {degrees}° it lands on {other}",
                    mark.colour
                );
                problem(mark.position, message, &help);
            }
        }
    }
    for player in players {
        let turned = (player.start_side + steps as usize) % 6;
        if !players.iter().any(|p| p.start_side == turned) {
            problem(
                player.position,
                format!(
                    "{}'s start side {} turned by {degrees}° is side {}, where no player starts",
                    player.name,
                    player.start_side + 1,
                    turned + 1
                ),
                "start players on sides the board's symmetry maps onto each other",
            );
        }
    }
}

/// For every player and start cell, the shortest way to the goal side.
fn check_reach(
    design: &Design,
    board: &Board,
    rule: &Moves,
    problem: &mut impl FnMut(Position, String, &str),
    info: &mut Vec<String>,
) {
    let piece = design.nets.iter().find(|n| n.name == rule.piece);
    let Some((net, solid)) = piece.and_then(|n| match &n.solid {
        NetSolid::Polyhedron(p) if Pawn::is_tetrahedron(p) => Some((n, p)),
        _ => None,
    }) else {
        problem(
            rule.position,
            format!("the moving piece `{}` is not a tetrahedron in [[nets]]", rule.piece),
            "name a [[nets]] piece with solid = \"tetrahedron\"",
        );
        return;
    };
    for player in &design.players {
        let colour = |c: &crate::model::parts::nets::PieceColour| {
            c.for_player(Some(&player.colour)).unwrap_or_default().to_string()
        };
        let pawn = Pawn {
            solid,
            faces: net.faces.iter().map(colour).collect(),
            balls: net.balls.iter().map(colour).collect(),
        };
        let mut lengths = Vec::new();
        for start in board.region.side_cells(player.start_side) {
            let Some(mark) = board.cells.get(&start) else { continue };
            match reach(board, &pawn, rule, start, player.goal_side) {
                Outcome::Reaches(n) => lengths.push(n),
                Outcome::NoStart => problem(
                    mark.position,
                    format!(
                        "{}'s start cell ({}) fits no pawn pose: no face of its colour {} stands on its dots' colours",
                        player.name,
                        mark.name("cell"),
                        mark.colour
                    ),
                    "recolour the cell or its dots so that one pawn face and its three balls match",
                ),
                Outcome::CutOff(poses) => problem(
                    mark.position,
                    format!(
                        "{}'s start cell ({}) cannot reach goal side {}: the {poses} reachable poses never touch it",
                        player.name,
                        mark.name("cell"),
                        player.goal_side + 1
                    ),
                    "recolour cells or dots to open a way",
                ),
            }
        }
        let cells = board.region.side_cells(player.start_side).len();
        let summary = match (lengths.iter().min(), lengths.iter().max()) {
            (Some(low), Some(high)) => format!(
                "{} of {cells} start cells reach side {} in {low}–{high} moves (shortest paths)",
                lengths.len(),
                player.goal_side + 1
            ),
            _ => format!("no start cell reaches side {}", player.goal_side + 1),
        };
        info.push(format!("{} (start side {}): {summary}", player.name, player.start_side + 1));
    }
}
