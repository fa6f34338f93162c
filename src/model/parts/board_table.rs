//! The one `[board]` table of a design file, and how it splits into the two kinds of board:
//! a painted board on a grid of its own (`grid = "triangle"`, per-cell colours, dots, box),
//! or a board made of cells of the pieces' `[grid]` (no `grid` key, uniform fill).
//!
//! Users write a single `[board]`; which keys it has says which kind it is, and a key of the
//! other kind is reported at its line.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::parts::parts_schema::{self, BoxTable, MovesTable};
use crate::model::parts::pieces;

/// `[board]` as written: the keys of both kinds, all but `cells` optional.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// Painted boards: the board's own grid (`triangle`); absent for a board on `[grid]`.
    pub grid: Option<Spanned<String>>,
    pub region: Option<Spanned<String>>,
    pub size: Option<Spanned<u32>>,
    pub edge_mm: Option<Spanned<f64>>,
    pub symmetry: Option<Spanned<u32>>,
    pub key: Option<Spanned<BTreeMap<String, Spanned<String>>>>,
    pub dots: Option<Spanned<Vec<Spanned<String>>>>,
    pub overlap_mm: Option<Spanned<f64>>,
    #[serde(rename = "box")]
    pub tray: Option<Spanned<BoxTable>>,
    pub moves: Option<Spanned<MovesTable>>,
    /// Both kinds: the cells (rows of colour letters, or cell ranges on `[grid]`).
    pub cells: Spanned<Vec<Spanned<String>>>,
    /// Both kinds: colour of the grid lines.
    pub lines: Option<Spanned<String>>,
    /// Boards on `[grid]`: the cells' colour and the grid lines' width.
    pub fill: Option<Spanned<String>>,
    pub line_width_mm: Option<Spanned<f64>>,
    /// Both kinds: the face template drawn on every cell (`face::items::board_cell_faces`).
    pub template: Option<Spanned<String>>,
}

/// Which kind of board a `[board]` table is.
#[derive(Debug)]
pub enum BoardKind {
    Painted(Box<Spanned<parts_schema::BoardTable>>),
    OnPieceGrid(Spanned<pieces::BoardTable>),
}

/// Sorts `[board]` into its kind; keys of the other kind, or missing keys, are reported.
pub fn board_kind(resolver: &mut Resolver<'_>, table: &Spanned<BoardTable>) -> Option<BoardKind> {
    let t = table.get_ref();
    let span = table.span();
    match &t.grid {
        Some(grid) => {
            reject(
                resolver,
                "fill",
                t.fill.as_ref().map(Spanned::span),
                "a board with its own `grid`",
            );
            let width = t.line_width_mm.as_ref().map(Spanned::span);
            reject(resolver, "line_width_mm", width, "a board with its own `grid`");
            let (Some(region), Some(size), Some(edge_mm), Some(key)) =
                (t.region.clone(), t.size.clone(), t.edge_mm.clone(), t.key.clone())
            else {
                resolver.error(
                    &span,
                    "a `[board]` with its own `grid` needs `region`, `size`, `edge_mm` and `key`".into(),
                    "add the missing keys, or remove `grid` to build the board from the pieces' [grid]",
                );
                return None;
            };
            Some(BoardKind::Painted(Box::new(Spanned::new(
                span,
                parts_schema::BoardTable {
                    grid: grid.clone(),
                    region,
                    size,
                    edge_mm,
                    symmetry: t.symmetry.clone(),
                    lines: t.lines.clone(),
                    key,
                    cells: t.cells.clone(),
                    dots: t.dots.clone(),
                    overlap_mm: t.overlap_mm.clone(),
                    tray: t.tray.clone(),
                    moves: t.moves.clone(),
                },
            ))))
        }
        None => {
            let own_grid = [
                ("region", t.region.as_ref().map(Spanned::span)),
                ("size", t.size.as_ref().map(Spanned::span)),
                ("edge_mm", t.edge_mm.as_ref().map(Spanned::span)),
                ("symmetry", t.symmetry.as_ref().map(Spanned::span)),
                ("key", t.key.as_ref().map(Spanned::span)),
                ("dots", t.dots.as_ref().map(Spanned::span)),
                ("overlap_mm", t.overlap_mm.as_ref().map(Spanned::span)),
                ("box", t.tray.as_ref().map(Spanned::span)),
                ("moves", t.moves.as_ref().map(Spanned::span)),
            ];
            for (key, found) in own_grid {
                reject(
                    resolver,
                    key,
                    found,
                    "a board with its own `grid` (e.g. grid = \"triangle\")",
                );
            }
            Some(BoardKind::OnPieceGrid(Spanned::new(
                span,
                pieces::BoardTable {
                    cells: t.cells.clone(),
                    fill: t.fill.clone(),
                    lines: t.lines.clone(),
                    line_width_mm: t.line_width_mm.clone(),
                },
            )))
        }
    }
}

/// Reports `key` (if present) as belonging to another kind of board.
fn reject(resolver: &mut Resolver<'_>, key: &str, found: Option<Range<usize>>, kind: &str) {
    if let Some(span) = found {
        resolver.error(
            &span,
            format!("`{key}` does not belong in this [board]"),
            &format!("`{key}` is for {kind}; remove it or change the board's kind"),
        );
    }
}
