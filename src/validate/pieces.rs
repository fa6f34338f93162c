//! Checks polyform pieces against their groups' rules: connected cells, cell and side counts,
//! every shape of a `complete` group present, group counts, and that each piece fits the board.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::geometry::grid::{Cell, GridKind, QUARTER_NAMES, symmetries, written_position};
use crate::geometry::polyform::{
    canonical_form, components, enumerate, normalised, side_count, transformed,
};
use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::Position;
use crate::model::parts::pieces::{Board, Piece, PieceGroup, PieceSet};

/// What the piece check counted, for the summary line.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSummary {
    /// Physical pieces per group copy, in group order (a group made twice appears twice).
    pub counts: Vec<u32>,
    /// Cells of all physical pieces, and their area in mm².
    pub piece_cells: usize,
    pub piece_area_mm2: f64,
    /// Cells of the board, if there is one.
    pub board_cells: Option<usize>,
}

impl PieceSummary {
    /// `42 pieces (17 + 17 + 8) and a board of 64 cells`.
    pub fn describe(&self) -> String {
        let total: u32 = self.counts.iter().sum();
        let parts: Vec<String> = self.counts.iter().map(u32::to_string).collect();
        let mut text = format!("{total} pieces ({})", parts.join(" + "));
        if let Some(board) = self.board_cells {
            text.push_str(&format!(" and a board of {board} cells"));
        }
        text.push_str(&format!(
            "; pieces cover {} cells ({:.0} cm²)",
            self.piece_cells,
            self.piece_area_mm2 / 100.0
        ));
        text
    }
}

/// Checks the design's pieces and board; `None` when it has neither.
pub fn check_pieces(design: &Design, path: &Path) -> Option<(PieceSummary, Vec<Diagnostic>)> {
    let set = design.pieces.as_ref();
    if set.is_none() && design.grid_board.is_none() {
        return None;
    }
    let mut problems = Vec::new();
    let mut problem = |position: Position, message: String, help: &str| {
        problems.push(Diagnostic::problem(path, Some(position), message).with_help(help));
    };
    let mut summary = PieceSummary {
        counts: Vec::new(),
        piece_cells: 0,
        piece_area_mm2: 0.0,
        board_cells: design.grid_board.as_ref().map(|b| b.cells.len()),
    };
    if let Some(board) = &design.grid_board
        && components(board.grid.kind, &board.cells).len() > 1
    {
        problem(board.position, "the board's cells are not connected".into(), "fill the gap");
    }
    let Some(set) = set else { return Some((summary, problems)) };
    let kind = set.grid.kind;
    for piece in &set.pieces {
        let group = &set.groups[piece.group];
        for (message, help) in piece_violations(kind, piece, group) {
            problem(piece.position, message, help);
        }
        if let Some(board) = &design.grid_board
            && !fits(kind, &piece.cells, board)
        {
            problem(
                piece.position,
                format!("piece {} does not fit on the board in any position", piece.code),
                "make the piece smaller or the board larger",
            );
        }
    }
    for (index, group) in set.groups.iter().enumerate() {
        let per_copy: u32 = set.pieces.iter().filter(|p| p.group == index).map(|p| p.count).sum();
        if let Some(count) = group.count.filter(|&c| c != per_copy) {
            problem(
                group.position,
                format!("group `{}` has {per_copy} pieces; its rule says {count}", group.name),
                "add or remove pieces, or correct the piece counts",
            );
        }
        summary.counts.extend((0..group.copies).map(|_| per_copy));
        if group.complete {
            for missing in missing_shapes(set, index) {
                problem(
                    group.position,
                    format!(
                        "group `{}` is missing a shape: {} cells, {} sides: cells = [{}]",
                        group.name,
                        missing.len(),
                        side_count(kind, &missing),
                        describe_cells(kind, &missing)
                    ),
                    "add a [[pieces]] entry for it",
                );
            }
        }
    }
    for (index, _) in set.groups.iter().enumerate() {
        let cells: u32 = set
            .pieces
            .iter()
            .filter(|p| p.group == index)
            .map(|p| p.count * p.cells.len() as u32)
            .sum();
        summary.piece_cells += (cells * set.groups[index].copies) as usize;
    }
    summary.piece_area_mm2 = summary.piece_cells as f64 * set.grid.cell_area_mm2();
    Some((summary, problems))
}

/// Why a piece breaks its group's rule (message and help), if it does.
fn piece_violations(
    kind: GridKind,
    piece: &Piece,
    group: &PieceGroup,
) -> Vec<(String, &'static str)> {
    let mut found = Vec::new();
    let parts = components(kind, &piece.cells);
    if parts.len() > 1 {
        let listed: Vec<String> =
            parts.iter().map(|p| format!("[{}]", describe_cells(kind, p))).collect();
        found.push((
            format!(
                "piece {} is not connected: its cells fall into {} parts {}",
                piece.code,
                parts.len(),
                listed.join(" and ")
            ),
            "cells of a piece must share sides; fix the cell list",
        ));
        return found;
    }
    let (least, most) = group.cells;
    let n = piece.cells.len();
    if n < least || n > most {
        found.push((
            format!(
                "piece {} is not a shape of group `{}`: it has {n} cells ({least}–{most} allowed)",
                piece.code, group.name
            ),
            "change the piece or the group's `cells` range",
        ));
    }
    if let Some((least, most)) = group.sides {
        let sides = side_count(kind, &piece.cells);
        if sides < least || sides > most {
            found.push((
                format!(
                    "piece {} is not a shape of group `{}`: it has {sides} sides ({least}–{most} allowed)",
                    piece.code, group.name
                ),
                "change the piece or the group's `sides` range",
            ));
        }
    }
    found
}

/// Every shape the group's rule allows (connected, cells and sides in range), as canonical
/// forms under the group's symmetry.
pub fn rule_shapes(kind: GridKind, group: &PieceGroup) -> BTreeSet<Vec<Cell>> {
    let (least, most) = group.cells;
    (least..=most.min(12))
        .flat_map(|size| enumerate(kind, size, group.symmetry))
        .filter(|form| {
            group.sides.is_none_or(|(lo, hi)| (lo..=hi).contains(&side_count(kind, form)))
        })
        .collect()
}

/// The rule's shapes that no piece of the group has.
fn missing_shapes(set: &PieceSet, group: usize) -> Vec<Vec<Cell>> {
    let kind = set.grid.kind;
    let symmetry = set.groups[group].symmetry;
    let present: BTreeSet<Vec<Cell>> = set
        .pieces
        .iter()
        .filter(|p| p.group == group && p.count > 0)
        .map(|p| canonical_form(kind, &p.cells, symmetry).0)
        .collect();
    rule_shapes(kind, &set.groups[group]).into_iter().filter(|s| !present.contains(s)).collect()
}

/// Whether some turn or flip of the cells, moved by whole grid positions, lies on the board.
pub fn fits(kind: GridKind, cells: &[Cell], board: &Board) -> bool {
    let on_board: BTreeSet<Cell> = board.cells.iter().copied().collect();
    let span = |coordinate: fn(&Cell) -> i64| {
        let values = on_board.iter().map(coordinate);
        (values.clone().min().unwrap_or(0), values.max().unwrap_or(-1))
    };
    let ((min_x, max_x), (min_y, max_y)) = (span(|c| c.x), span(|c| c.y));
    symmetries(kind, true).into_iter().any(|s| {
        let form = normalised(&transformed(kind, cells, s));
        (min_y..=max_y).any(|dy| {
            (min_x..=max_x).any(|dx| form.iter().all(|c| on_board.contains(&c.shifted(dx, dy))))
        })
    })
}

/// Cells in the design-file notation, one text per square: `0 0 NE, 1 0 W`.
pub fn describe_cells(kind: GridKind, cells: &[Cell]) -> String {
    let mut squares: BTreeMap<(i64, i64), String> = BTreeMap::new();
    for cell in cells {
        let (x, y) = written_position(kind, *cell);
        let quarters = squares.entry((y, x)).or_default();
        if kind == GridKind::Tetrakis {
            quarters.push(QUARTER_NAMES[usize::from(cell.q % 4)]);
        }
    }
    let texts: Vec<String> = squares
        .into_iter()
        .map(|((y, x), q)| match q.as_str() {
            "" | "NESW" => format!("\"{x} {y}\""),
            _ => format!("\"{x} {y} {q}\""),
        })
        .collect();
    texts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::canonical::Symmetry;

    fn group(cells: (usize, usize), sides: Option<(usize, usize)>) -> PieceGroup {
        PieceGroup {
            name: "player".into(),
            copies: 2,
            count: None,
            cells,
            sides,
            complete: true,
            symmetry: Symmetry::RotationReflection,
            position: Position::default(),
        }
    }

    #[test]
    fn one_to_four_triangles_with_three_to_five_sides_are_nine_shapes() {
        let shapes = rule_shapes(GridKind::Tetrakis, &group((1, 4), Some((3, 5))));
        assert_eq!(shapes.len(), 9);
        // Without the side limit the two six-sided tetrakis forms of four cells join in.
        assert_eq!(rule_shapes(GridKind::Tetrakis, &group((1, 4), None)).len(), 11);
    }

    #[test]
    fn cells_are_described_as_written_in_designs() {
        let cells = [Cell::new(0, 0, 0), Cell::new(0, 0, 1), Cell::new(1, 0, 3)];
        assert_eq!(describe_cells(GridKind::Tetrakis, &cells), "\"0 0 NE\", \"1 0 W\"");
        let square: Vec<Cell> = (0..4).map(|q| Cell::new(2, 1, q)).collect();
        assert_eq!(describe_cells(GridKind::Tetrakis, &square), "\"2 1\"");
    }
}
