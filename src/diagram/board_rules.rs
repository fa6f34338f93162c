//! Whether a position of polyform pieces on a board is allowed: every piece on the board, no
//! two on one cell, and the design's piece rules (`capture-surrounded`,
//! `no-surrounded-placement`, `replace`) for the move the diagram shows.
//!
//! A piece belongs to the player whose colour its face up shows; a piece whose two faces are
//! alike is neutral. "Surrounded" means every cell of the board that shares a side with the
//! piece (and is not part of it) is covered by pieces of the one colour: the board's edge
//! walls a piece in.

use std::collections::{BTreeMap, BTreeSet};

use super::Diagram;
use super::board_pieces::{BoardPiece, cell_text};
use super::legality::Violation;
use crate::geometry::grid::{Cell, GridKind, neighbours};
use crate::geometry::polyform::is_connected;
use crate::model::rules::play::{PlayRule, rule_name};
use crate::scene::Colour;

/// Every rule the diagram's pieces break, in a fixed order.
pub fn violations(diagram: &Diagram) -> Vec<Violation> {
    let Some(board) = &diagram.design.grid_board else { return Vec::new() };
    let position = Position::new(diagram, board.cells.iter().copied().collect());
    let mut found = position.basic();
    let mover = diagram.mover.as_deref().map(|name| diagram.design.palette.colour(name));
    let Some(mover) = mover else { return found };
    let captured = position.captured(mover);
    for rule in &diagram.design.play.rules {
        let name = rule_name(rule);
        match rule {
            PlayRule::CaptureSurrounded => {
                found.extend(position.capture_claims(diagram, &captured, mover, name));
            }
            PlayRule::NoSurroundedPlacement => {
                found.extend(position.surrounded_placement(mover, &captured, name));
            }
            PlayRule::Replace => found.extend(position.replacement(mover, name)),
            _ => {}
        }
    }
    found
}

/// The pieces and who covers which cell.
struct Position<'a> {
    pieces: &'a [BoardPiece],
    board: BTreeSet<Cell>,
    /// Cell → the piece on it (pieces being replaced cover nothing).
    covered: BTreeMap<Cell, usize>,
    kind: GridKind,
}

impl<'a> Position<'a> {
    fn new(diagram: &'a Diagram, board: BTreeSet<Cell>) -> Position<'a> {
        let mut covered = BTreeMap::new();
        for (index, piece) in diagram.pieces.iter().enumerate().filter(|(_, p)| !p.replaced) {
            for &cell in &piece.cells {
                covered.entry(cell).or_insert(index);
            }
        }
        let kind = diagram.design.pieces.as_ref().map_or(GridKind::Tetrakis, |s| s.grid.kind);
        Position { pieces: &diagram.pieces, board, covered, kind }
    }

    fn violation(&self, rule: &'static str, piece: usize, message: String) -> Violation {
        Violation { rule, message, position: self.pieces[piece].position }
    }

    /// Pieces off the board, and two pieces on one cell.
    fn basic(&self) -> Vec<Violation> {
        let mut found = Vec::new();
        for (index, piece) in self.pieces.iter().enumerate() {
            if let Some(&off) = piece.cells.iter().find(|c| !self.board.contains(c)) {
                let message =
                    format!("{}: cell {} is off the board", piece.describe(), cell_text(off));
                found.push(self.violation("off-board", index, message));
            }
            if piece.replaced {
                continue;
            }
            let on = piece.cells.iter().find(|c| self.covered.get(c).is_some_and(|&o| o != index));
            if let Some(&cell) = on {
                let other = &self.pieces[self.covered[&cell]];
                let message = format!(
                    "{} and {} both cover cell {}",
                    other.describe(),
                    piece.describe(),
                    cell_text(cell)
                );
                found.push(self.violation("overlap", index, message));
            }
        }
        found
    }

    /// The board cells sharing a side with the piece, outside it.
    fn around(&self, index: usize) -> Vec<Cell> {
        let own: BTreeSet<Cell> = self.pieces[index].cells.iter().copied().collect();
        let mut cells: BTreeSet<Cell> = BTreeSet::new();
        for &cell in &own {
            for next in neighbours(self.kind, cell) {
                if !own.contains(&next) && self.board.contains(&next) {
                    cells.insert(next);
                }
            }
        }
        cells.into_iter().collect()
    }

    /// The first cell around the piece not covered by a piece showing `colour` (with
    /// `captured` pieces counted as the mover's), if any.
    fn gap(&self, index: usize, owner: impl Fn(usize) -> bool) -> Option<Cell> {
        self.around(index).into_iter().find(|c| !self.covered.get(c).is_some_and(|&o| owner(o)))
    }

    fn shows(&self, index: usize, colour: Colour) -> bool {
        let piece = &self.pieces[index];
        !piece.neutral && piece.face.colour == colour
    }

    /// The opponent's pieces the move captures: surrounded by the mover's pieces, at least
    /// one of them new.
    fn captured(&self, mover: Colour) -> BTreeSet<usize> {
        (0..self.pieces.len())
            .filter(|&i| {
                let piece = &self.pieces[i];
                !piece.neutral && !piece.replaced && !piece.new && piece.face.colour != mover
            })
            .filter(|&i| self.gap(i, |o| self.shows(o, mover)).is_none())
            .filter(|&i| self.around(i).iter().any(|c| self.pieces[self.covered[c]].new))
            .collect()
    }

    /// `captures` must name exactly the captured pieces.
    fn capture_claims(
        &self,
        diagram: &Diagram,
        captured: &BTreeSet<usize>,
        mover: Colour,
        rule: &'static str,
    ) -> Vec<Violation> {
        let claims = diagram.captures.as_deref().unwrap_or_default();
        let mut found = Vec::new();
        for &index in captured {
            let piece = &self.pieces[index];
            if !claims.iter().any(|(name, _)| name == &piece.name) {
                let message = format!(
                    "{} is surrounded by the mover's pieces and captured, but `captures` does \
                     not name it",
                    piece.describe()
                );
                found.push(self.violation(rule, index, message));
            }
        }
        for (name, position) in claims {
            let Some(index) = self.pieces.iter().position(|p| &p.name == name) else { continue };
            if captured.contains(&index) {
                continue;
            }
            let piece = &self.pieces[index];
            let why = if piece.neutral || piece.face.colour == mover || piece.new || piece.replaced
            {
                "it is not an opponent's piece that was already on the board".to_string()
            } else if let Some(cell) = self.gap(index, |o| self.shows(o, mover)) {
                format!("its neighbouring cell {} is not covered by the mover", cell_text(cell))
            } else {
                "no new piece of the move closes it in".to_string()
            };
            let message = format!("`captures` names {}, but {why}", piece.describe());
            found.push(Violation { rule, message, position: *position });
        }
        found
    }

    /// No new piece (outside a replacement) where the opponent's pieces surround it; the
    /// pieces the move captures count as the mover's.
    fn surrounded_placement(
        &self,
        mover: Colour,
        captured: &BTreeSet<usize>,
        rule: &'static str,
    ) -> Vec<Violation> {
        if self.pieces.iter().any(|p| p.replaced) {
            return Vec::new();
        }
        let opponent = |o: usize| {
            let piece = &self.pieces[o];
            !piece.neutral && piece.face.colour != mover && !captured.contains(&o)
        };
        (0..self.pieces.len())
            .filter(|&i| self.pieces[i].new && !self.around(i).is_empty())
            .filter(|&i| self.gap(i, opponent).is_none())
            .map(|i| {
                let message = format!(
                    "the new {} goes where the opponent's pieces surround it",
                    self.pieces[i].describe()
                );
                self.violation(rule, i, message)
            })
            .collect()
    }

    /// The replaced pieces (all the mover's) and the new ones cover the same cells: one for
    /// two or more new, or two or more adjacent ones for one new.
    fn replacement(&self, mover: Colour, rule: &'static str) -> Vec<Violation> {
        let old: Vec<usize> = (0..self.pieces.len()).filter(|&i| self.pieces[i].replaced).collect();
        let Some(&first) = old.first() else { return Vec::new() };
        let new: Vec<usize> = (0..self.pieces.len()).filter(|&i| self.pieces[i].new).collect();
        let mut found = Vec::new();
        for &i in old.iter().chain(&new) {
            if !self.shows(i, mover) {
                let message =
                    format!("{} in a replacement is not the mover's", self.pieces[i].describe());
                found.push(self.violation(rule, i, message));
            }
        }
        let cells = |list: &[usize]| -> BTreeSet<Cell> {
            list.iter().flat_map(|&i| self.pieces[i].cells.iter().copied()).collect()
        };
        let (before, after) = (cells(&old), cells(&new));
        if let Some(cell) = before.symmetric_difference(&after).next() {
            let (has, lacks) =
                if before.contains(cell) { ("replaced", "new") } else { ("new", "replaced") };
            let message = format!(
                "cell {} is covered by the {has} pieces but not by the {lacks} ones: a \
                 replacement covers exactly the same area",
                cell_text(*cell)
            );
            found.push(self.violation(rule, first, message));
        }
        let shape_ok = match (old.len(), new.len()) {
            (1, n) => n >= 2,
            (_, 1) => is_connected(self.kind, &before.iter().copied().collect::<Vec<_>>()),
            _ => false,
        };
        if !shape_ok {
            let message = format!(
                "{} pieces replaced by {}: replace one piece by two or more, or two or more \
                 adjacent pieces by one",
                old.len(),
                new.len()
            );
            found.push(self.violation(rule, first, message));
        }
        found
    }
}
