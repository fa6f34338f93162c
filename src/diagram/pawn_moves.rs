//! Pawn moves replayed and drawn: each `[[move]]` slides its pawn one edge (if asked) and tips
//! it with `validate::reach::tip_over`, and the board's `[board.moves]` rule says whether the
//! tip is allowed (the face coming down matches the cell, or the ball the dot). A tip that
//! matches both earns an extra move, which the diagram must claim with `extra = true`; a
//! player moves twice in a row only after such a tip.
//!
//! The figure is the board art of `compose::board` cut to the pawns' neighbourhood (by
//! `draw`, with the rest of the figure: nothing outside it is in the file), each
//! pawn drawn as its down face (a triangle of that colour with the three balls at its
//! corners and the player's disc in the middle) and the moves as arrows to dashed poses,
//! crossed out where the tip is not allowed.

use kurbo::{Affine, Circle, Point, Rect, Shape as _};

use super::legality::Violation;
use super::{Diagram, MarkShape};
use crate::compose::board::board_frame;
use crate::compose::net::polygon_path;
use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::geometry::triangle_grid::{Cell, STEPS};
use crate::scene::{Colour, Item, Role, Shape, Stroke};
use crate::validate::reach::{Pose, tip_over};

/// One replayed move: where the pawn was, where it slid to, where it landed.
#[derive(Clone, Copy, Debug)]
pub struct Replayed {
    pub pawn: usize,
    pub from: Pose,
    pub slid: Option<Pose>,
    pub landed: Option<Pose>,
    /// The tip is allowed by the board's move rule.
    pub legal: bool,
}

/// Replays the moves in order; every broken rule goes to `found`.
pub fn replay(diagram: &Diagram, found: &mut Vec<Violation>) -> Vec<Replayed> {
    let Some(board) = &diagram.design.board else { return Vec::new() };
    let rule = board.moves.as_ref();
    let mut poses: Vec<Pose> = diagram.pawns.iter().map(|p| p.pose).collect();
    let mut steps = Vec::new();
    let mut previous: Option<(String, bool)> = None;
    for m in &diagram.moves {
        let pawn = &diagram.pawns[m.pawn];
        let mut fail = |rule: &'static str, message: String| {
            found.push(Violation { rule, message, position: m.position });
        };
        if let Some((player, extra)) = &previous
            && *player == pawn.player
            && !extra
        {
            fail(
                "extra-move",
                format!("{} moves again after a move that earned no extra move", pawn.name),
            );
        }
        let from = poses[m.pawn];
        let mut at = from;
        let mut slid = None;
        if let Some(to) = m.slide_to {
            let step = STEPS.iter().find(|&&s| from.cell.shifted(s) == to);
            if rule.is_some_and(|r| !r.slide_first) {
                fail(
                    "slide",
                    format!("{} slides, but the board's moves allow no slide", pawn.name),
                );
            } else if step.is_none() {
                fail(
                    "slide",
                    format!(
                        "{} slides to a cell that is not one edge along a grid line",
                        pawn.name
                    ),
                );
            }
            at = Pose { cell: to, on: from.on };
            slid = Some(at);
        }
        let corners = at.cell.corners();
        let edge = (0..3).find(|&i| {
            at.cell.across(corners[i], corners[(i + 1) % 3]).is_some_and(|(c, _)| c == m.tip_to)
        });
        let tipped = edge.and_then(|i| tip_over(board, &pawn.pawn(), at, i));
        let Some(tipped) = tipped else {
            fail(
                "tip",
                format!(
                    "{} cannot tip onto that cell: it shares no edge with the pawn's cell",
                    pawn.name
                ),
            );
            steps.push(Replayed { pawn: m.pawn, from, slid, landed: None, legal: false });
            previous = Some((pawn.player.clone(), false));
            continue;
        };
        let face =
            &pawn.faces[pawn.solid.face_opposite(at.on[(edge.unwrap_or(0) + 2) % 3]).unwrap_or(0)];
        let cell_colour = board.cells.get(&m.tip_to).map_or("", |c| c.colour.as_str());
        let (by_face, by_ball) = rule.map_or((true, true), |r| (r.by_face, r.by_ball));
        let legal = (by_face && tipped.face) || (by_ball && tipped.ball);
        if !legal {
            fail(
                "tip",
                format!(
                    "{} tips its {face} face onto a {cell_colour} cell and its ball lands on a dot of another colour: nothing matches",
                    pawn.name
                ),
            );
        }
        let double = tipped.face && tipped.ball;
        if m.extra && !double {
            let matched = if tipped.face {
                "only the face"
            } else if tipped.ball {
                "only the ball"
            } else {
                "nothing"
            };
            fail(
                "extra-move",
                format!(
                    "the diagram says {}'s tip earns an extra move, but {matched} matches",
                    pawn.name
                ),
            );
        } else if double && !m.extra {
            fail(
                "extra-move",
                format!(
                    "{}'s tip matches face and ball, which earns an extra move: say extra = true",
                    pawn.name
                ),
            );
        }
        if let Some(other) =
            poses.iter().enumerate().position(|(k, p)| k != m.pawn && p.cell == tipped.pose.cell)
        {
            fail(
                "overlap",
                format!("{} lands on the cell of {}", pawn.name, diagram.pawns[other].name),
            );
        }
        poses[m.pawn] = tipped.pose;
        steps.push(Replayed { pawn: m.pawn, from, slid, landed: Some(tipped.pose), legal });
        previous = Some((pawn.player.clone(), double && legal));
    }
    steps
}

/// Two pawns on one cell before the moves, and every broken move rule.
pub fn violations(diagram: &Diagram) -> Vec<Violation> {
    let mut found = Vec::new();
    for (k, pawn) in diagram.pawns.iter().enumerate() {
        if let Some(other) = diagram.pawns[..k].iter().find(|o| o.pose.cell == pawn.pose.cell) {
            let message = format!("{} and {} stand on one cell", other.name, pawn.name);
            found.push(Violation { rule: "overlap", message, position: pawn.position });
        }
    }
    replay(diagram, &mut found);
    found
}

/// The area the figure shows: the pawns' cells and every cell next to them, in mm.
pub fn bounds(diagram: &Diagram) -> Option<Rect> {
    let board = diagram.design.board.as_ref()?;
    let steps = replay(diagram, &mut Vec::new());
    let mut cells: Vec<Cell> = diagram.pawns.iter().map(|p| p.pose.cell).collect();
    cells.extend(steps.iter().flat_map(|s| [s.slid, s.landed]).flatten().map(|p| p.cell));
    let points: Vec<Point> =
        cells.iter().flat_map(|c| c.corners()).map(|v| v.point(board.edge_mm)).collect();
    let first = *points.first()?;
    let rect = points.iter().fold(Rect::from_points(first, first), |r, &p| r.union_pt(p));
    Some(rect.inflate(board.edge_mm * 0.6, board.edge_mm * 0.6))
}

/// The board art, the pawns at their start, and each move as arrows to dashed poses.
pub fn pawn_items(diagram: &Diagram) -> Vec<Item> {
    let Some(board) = &diagram.design.board else { return Vec::new() };
    let design = &diagram.design;
    let (frame, _) = board_frame(board, &design.players, &design.palette);
    let mut items: Vec<Item> =
        frame.layers.into_iter().filter(|l| l.role == Role::Art).flat_map(|l| l.items).collect();
    for pawn in &diagram.pawns {
        items.extend(pawn_symbol(diagram, pawn.pose, pawn, false));
    }
    let s = board.edge_mm;
    let mut arrows = Vec::new();
    for step in replay(diagram, &mut Vec::new()) {
        let pawn = &diagram.pawns[step.pawn];
        let mut at = step.from;
        for next in [step.slid, step.landed].into_iter().flatten() {
            let (a, b) = (at.cell.centre(s), next.cell.centre(s));
            arrows.extend(super::draw::arrow_items(a, b, s * 0.6, super::load::RULEBOOK_RED));
            items.extend(pawn_symbol(diagram, next, pawn, true));
            at = next;
        }
        if let (Some(landed), false) = (step.landed, step.legal) {
            let (cross, red) = (MarkShape::Cross, super::load::RULEBOOK_RED);
            arrows.extend(super::draw::mark_items(cross, landed.cell.centre(s), s * 0.5, red));
        }
    }
    items.extend(arrows);
    items
}

/// A pawn seen from above: its down face's colour, the balls on the cell's corners, the
/// player's disc in the middle; dashed for a pose a move leads to.
fn pawn_symbol(
    diagram: &Diagram,
    pose: Pose,
    pawn: &super::pawns::PlacedPawn,
    dashed: bool,
) -> Vec<Item> {
    let Some(board) = &diagram.design.board else { return Vec::new() };
    let palette = &diagram.design.palette;
    let s = board.edge_mm;
    let centre = pose.cell.centre(s);
    let shrink = Affine::translate(centre.to_vec2())
        * Affine::scale(0.7)
        * Affine::translate(-centre.to_vec2());
    let corners: Vec<Point> = pose.cell.corners().iter().map(|v| shrink * v.point(s)).collect();
    let apex = (0..4).find(|v| !pose.on.contains(v)).unwrap_or(0);
    let down = pawn
        .solid
        .face_opposite(apex)
        .and_then(|f| pawn.faces.get(f))
        .map_or(Colour::WHITE, |c| palette.colour(c));
    let ink = Colour::BLACK;
    let outline = if dashed {
        Stroke { dash_mm: vec![s * 0.04, s * 0.03], ..Stroke::solid(ink, s * 0.02) }
    } else {
        Stroke::solid(ink, s * 0.02)
    };
    let mut items = vec![Item::Shape(Shape {
        path: polygon_path(&corners),
        fill: Some(down),
        stroke: Some(outline),
    })];
    let round = |at: Point, r: f64, colour: Colour| {
        let path = Circle::new(at, r).to_path(CURVE_TOLERANCE_MM);
        Item::Shape(Shape { path, fill: Some(colour), stroke: Some(Stroke::solid(ink, s * 0.012)) })
    };
    for (i, &corner) in corners.iter().enumerate() {
        let ball = pawn.balls.get(pose.on[i]).map_or(Colour::WHITE, |c| palette.colour(c));
        let inward = corner + (centre - corner) * 0.22;
        items.push(round(inward, s * 0.065, ball));
    }
    items.push(round(centre, s * 0.06, palette.colour(&pawn.player)));
    items
}
