//! Polyform pieces and boards in a design: the `[grid]`, `[[piece_groups]]`, `[[pieces]]` and
//! `[board]` tables as written, their resolved form, and the resolving.
//!
//! Cells are written as `"X Y QUARTERS"`: `X` and `Y` pick grid squares (an integer or an
//! inclusive range `a..b`), `QUARTERS` the quarters of each square on the tetrakis grid
//! (letters of `NESW`, all four when left out; nothing on the square grid). On the hex grid
//! `X` and `Y` are a hexagon's column and row (odd rows shifted half a hexagon right); on the
//! triangle grid a triangle's column (half an edge apart) and row.

use std::collections::BTreeSet;

use serde::Deserialize;
use toml::Spanned;

use crate::geometry::grid::{Cell, Grid, GridKind, QUARTER_NAMES, cell_written_at};
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::limits::{MAX_BOARD_CELLS, MAX_MARK_CHARS};
use crate::model::input::source::Position;
use crate::model::rules::tile_set::Symmetry;
use crate::scene::Colour;

/// `[grid]`: the grid pieces and boards are made on.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridTable {
    /// `tetrakis`, `square`, `hex` or `triangle`.
    pub kind: Spanned<String>,
    /// Side of one grid square in mm (square and tetrakis grids).
    pub square_mm: Option<Spanned<f64>>,
    /// Edge of one hexagon or triangle in mm (hex and triangle grids).
    pub edge_mm: Option<Spanned<f64>>,
}

/// A piece face as written: `{ colour = "acid", outline = "grey", mark = "A" }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceTable {
    pub colour: Spanned<String>,
    /// Colour of a line drawn along the outline (none when absent: the cut is the outline).
    pub outline: Option<Spanned<String>>,
    /// Colour of the faint lines between cells (default: the face colour, slightly darker).
    pub lines: Option<Spanned<String>>,
    /// Short text printed in the middle of the face.
    pub mark: Option<Spanned<String>>,
    pub mark_colour: Option<Spanned<String>>,
    /// A face template drawn on this face.
    pub template: Option<Spanned<String>>,
    /// Layers added to the face (or replacing a template layer of the same `id`).
    #[serde(default)]
    pub layers: Vec<Spanned<crate::model::face::schema::LayerTable>>,
}

/// `[[piece_groups]]`: pieces that belong together (one player's, the neutral ones) and the
/// rule they follow.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceGroupTable {
    pub name: Spanned<String>,
    /// How many times the group's pieces are made (e.g. once per player); default 1.
    pub copies: Option<Spanned<u32>>,
    /// How many pieces one copy of the group has.
    pub count: Option<Spanned<u32>>,
    /// `[least, most]` cells of a piece.
    pub cells: Option<Spanned<Vec<usize>>>,
    /// `[least, most]` sides of a piece's outline.
    pub sides: Option<Spanned<Vec<usize>>>,
    /// Every shape the cell and side ranges allow is in the group (at least once).
    pub complete: Option<bool>,
    /// Which copies are the same shape: `rotation+reflection` (default), `rotation`, `none`.
    pub symmetry: Option<Spanned<String>>,
    pub front: Option<Spanned<FaceTable>>,
    pub back: Option<Spanned<FaceTable>>,
    /// Fields every piece of the group has for its faces' templates (a piece's own field
    /// of the same name wins).
    pub fields: Option<Spanned<crate::model::face::schema::FieldsTable>>,
}

/// `[[pieces]]`: one shape of piece and how many are made.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceTable {
    /// A short unique code such as `T1`.
    pub code: Spanned<String>,
    pub name: Option<String>,
    pub group: Spanned<String>,
    /// Pieces of this shape in one copy of the group; default 1.
    pub count: Option<Spanned<u32>>,
    pub cells: Spanned<Vec<Spanned<String>>>,
    pub front: Option<Spanned<FaceTable>>,
    pub back: Option<Spanned<FaceTable>>,
    /// Values for `{name}` in the faces' templates (over the group's `fields`).
    pub fields: Option<Spanned<crate::model::face::schema::FieldsTable>>,
}

/// `[board]`: a region of the grid printed as the playing surface.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    pub cells: Spanned<Vec<Spanned<String>>>,
    /// Colour of the board's cells (default white).
    pub fill: Option<Spanned<String>>,
    /// Colour of the grid lines (default black).
    pub lines: Option<Spanned<String>>,
    pub line_width_mm: Option<Spanned<f64>>,
}

/// How one face of a piece looks.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    pub colour: Colour,
    pub outline: Option<Colour>,
    pub lines: Colour,
    pub mark: Option<String>,
    /// Where the mark is written, for the legibility check's problems.
    pub mark_position: Position,
    pub mark_colour: Colour,
    /// Face layers (template and own), resolved by `face::items`.
    pub layers: Vec<crate::model::face::Layer>,
}

/// A group of pieces and its rule.
#[derive(Clone, Debug)]
pub struct PieceGroup {
    pub name: String,
    pub copies: u32,
    pub count: Option<u32>,
    /// Least and most cells of a piece.
    pub cells: (usize, usize),
    /// Least and most sides of a piece's outline, if limited.
    pub sides: Option<(usize, usize)>,
    pub complete: bool,
    pub symmetry: Symmetry,
    pub position: Position,
}

/// One shape of piece.
#[derive(Clone, Debug)]
pub struct Piece {
    pub code: String,
    pub name: Option<String>,
    /// Index into [`PieceSet::groups`].
    pub group: usize,
    /// Pieces of this shape per copy of the group.
    pub count: u32,
    /// The cells as written, sorted, without repeats.
    pub cells: Vec<Cell>,
    pub front: Face,
    pub back: Face,
    pub position: Position,
}

/// Every piece of a design, on its grid.
#[derive(Clone, Debug)]
pub struct PieceSet {
    pub grid: Grid,
    pub groups: Vec<PieceGroup>,
    pub pieces: Vec<Piece>,
}

/// A board: grid cells with a style.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    pub cells: Vec<Cell>,
    pub fill: Colour,
    pub lines: Colour,
    pub line_width_mm: f64,
    pub position: Position,
    /// Each cell's face layers (`[board] template`), in the order of `cells`; empty when
    /// the board has no template.
    pub cell_faces: Vec<Vec<crate::model::face::Layer>>,
}

/// What the piece tables of a file are, before resolving.
#[derive(Debug)]
pub struct PieceTables<'a> {
    pub grid: Option<&'a Spanned<GridTable>>,
    pub groups: &'a [Spanned<PieceGroupTable>],
    pub pieces: &'a [Spanned<PieceTable>],
    pub board: Option<&'a Spanned<BoardTable>>,
}

/// Resolves the grid, pieces and board; problems go to the resolver.
pub fn resolve_pieces(
    resolver: &mut Resolver<'_>,
    tables: PieceTables<'_>,
    palette: &Palette,
) -> (Option<PieceSet>, Option<Board>) {
    let uses_grid = !tables.pieces.is_empty() || tables.board.is_some();
    let Some(grid_table) = tables.grid else {
        if let Some(first) = tables.pieces.first() {
            let help = "add [grid] with kind = \"tetrakis\" and square_mm = 48.0";
            resolver.error(&first.span(), "pieces need a [grid]".into(), help);
        } else if let Some(board) = tables.board {
            let help = "add [grid] with kind = \"square\" and square_mm = 30.0";
            resolver.error(&board.span(), "a board needs a [grid]".into(), help);
        }
        return (None, None);
    };
    let Some(grid) = resolve_grid(resolver, grid_table) else { return (None, None) };
    let groups: Vec<PieceGroup> =
        tables.groups.iter().map(|g| resolve_group(resolver, g, grid.kind)).collect();
    let pieces = tables
        .pieces
        .iter()
        .filter_map(|p| resolve_piece(resolver, p, tables.groups, &groups, grid.kind, palette))
        .collect();
    let board = tables.board.map(|b| resolve_board(resolver, b, grid, palette));
    let set = (uses_grid && !tables.pieces.is_empty()).then_some(PieceSet { grid, groups, pieces });
    (set, board)
}

fn resolve_grid(resolver: &mut Resolver<'_>, entry: &Spanned<GridTable>) -> Option<Grid> {
    let table = entry.get_ref();
    let kind = match table.kind.get_ref().trim() {
        "tetrakis" => GridKind::Tetrakis,
        "square" => GridKind::Square,
        "hex" => GridKind::Hex,
        "triangle" => GridKind::Triangle,
        other => {
            resolver.error(
                &table.kind.span(),
                format!("unknown grid `{other}`"),
                "use `tetrakis`, `square`, `hex` or `triangle`",
            );
            return None;
        }
    };
    // The square grids are sized by their squares, hexagons and triangles by their edge.
    let (wanted, key, unwanted, other_key, what) = match kind {
        GridKind::Square | GridKind::Tetrakis => {
            (&table.square_mm, "square_mm", &table.edge_mm, "edge_mm", "the grid square")
        }
        GridKind::Hex | GridKind::Triangle => {
            (&table.edge_mm, "edge_mm", &table.square_mm, "square_mm", "a cell's edge")
        }
    };
    if let Some(extra) = unwanted {
        resolver.error(
            &extra.span(),
            format!("the {} grid has no `{other_key}`", kind.name()),
            &format!("size it with `{key}` ({what} in mm)"),
        );
        return None;
    }
    let Some(size) = wanted else {
        resolver.error(
            &entry.span(),
            format!("the {} grid needs `{key}`", kind.name()),
            &format!("add `{key} = 20.0` ({what} in mm)"),
        );
        return None;
    };
    let square_mm = resolver.length(size, &format!("{what} `{key}`"), (1.0, 1000.0));
    Some(Grid { kind, square_mm })
}

fn resolve_group(
    resolver: &mut Resolver<'_>,
    entry: &Spanned<PieceGroupTable>,
    kind: GridKind,
) -> PieceGroup {
    let table = entry.get_ref();
    let cells = table.cells.as_ref().map_or((1, usize::MAX), |c| range(resolver, c, "cells"));
    let sides = table.sides.as_ref().map(|s| range(resolver, s, "sides"));
    let symmetry = resolver.symmetry(table.symmetry.as_ref(), Symmetry::RotationReflection);
    let complete = table.complete.unwrap_or(false);
    if complete && (cells.1 == usize::MAX) {
        resolver.error(
            &entry.span(),
            format!("group `{}` is `complete` but has no `cells` range", table.name.get_ref()),
            "give the shapes' sizes, e.g. cells = [1, 4]",
        );
    }
    let most = max_complete_cells(kind);
    if let Some(range) = table.cells.as_ref().filter(|_| complete && cells.1 > most) {
        resolver.error(
            &range.span(),
            format!(
                "a `complete` group on the {} grid derives shapes of at most {most} cells (MAX_COMPLETE_HEX_CELLS in model/parts/pieces.rs): larger ones are too many to enumerate",
                kind.name()
            ),
            &format!("lower the largest size to {most}, or leave out `complete`"),
        );
    }
    PieceGroup {
        name: table.name.get_ref().trim().to_string(),
        copies: table.copies.as_ref().map_or(1, |c| *c.get_ref()),
        count: table.count.as_ref().map(|c| *c.get_ref()),
        cells,
        sides,
        complete,
        symmetry,
        position: resolver.source.start_of(&entry.span()),
    }
}

/// Most cells of a shape a `complete` group on the hex grid derives: there are 70 863 fixed
/// polyhexes of 9 cells (a few seconds to enumerate), 312 074 of 10 and 6 million of 12.
const MAX_COMPLETE_HEX_CELLS: usize = 9;

/// Most cells of a shape a `complete` group on `kind` derives.
fn max_complete_cells(kind: GridKind) -> usize {
    match kind {
        GridKind::Hex => MAX_COMPLETE_HEX_CELLS,
        GridKind::Square | GridKind::Tetrakis | GridKind::Triangle => MAX_PIECE_CELLS,
    }
}

/// Most cells of one piece a group's `cells` range may ask for.
const MAX_PIECE_CELLS: usize = 12;

/// `[least, most]` with 1 ≤ least ≤ most ≤ [`MAX_PIECE_CELLS`].
fn range(resolver: &mut Resolver<'_>, value: &Spanned<Vec<usize>>, what: &str) -> (usize, usize) {
    match value.get_ref()[..] {
        [least, most] if 1 <= least && least <= most && most <= MAX_PIECE_CELLS => (least, most),
        _ => {
            let why = match value.get_ref()[..] {
                [_, most] if most > MAX_PIECE_CELLS => {
                    format!(": a piece has at most {MAX_PIECE_CELLS} cells")
                }
                _ => String::new(),
            };
            resolver.error(
                &value.span(),
                format!("`{what}` is {:?}, not a range [least, most]{why}", value.get_ref()),
                &format!(
                    "give two numbers from 1 to {MAX_PIECE_CELLS}, the smaller first, e.g. [1, 4]"
                ),
            );
            (1, 1)
        }
    }
}

fn resolve_piece(
    resolver: &mut Resolver<'_>,
    entry: &Spanned<PieceTable>,
    group_tables: &[Spanned<PieceGroupTable>],
    groups: &[PieceGroup],
    kind: GridKind,
    palette: &Palette,
) -> Option<Piece> {
    let table = entry.get_ref();
    let code = table.code.get_ref().trim().to_string();
    let errors_before = resolver.diagnostics.len();
    let group = groups.iter().position(|g| g.name == table.group.get_ref().trim());
    if group.is_none() {
        let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
        resolver.error(
            &table.group.span(),
            format!("piece {code}: unknown group `{}`", table.group.get_ref()),
            &format!("use a [[piece_groups]] name ({})", names.join(", ")),
        );
    }
    let cells = parse_cells(resolver, &table.cells, kind);
    if cells.is_empty() && resolver.diagnostics.len() == errors_before {
        resolver.error(
            &table.cells.span(),
            format!("piece {code} has no cells"),
            "list its cells, e.g. cells = [\"0 0 NE\"]",
        );
    }
    let group_table = group.map(|g| group_tables[g].get_ref());
    let mut face = |own: &Option<Spanned<FaceTable>>, side: &str| {
        let table = own.as_ref().or(group_table.and_then(|g| match side {
            "front" => g.front.as_ref(),
            _ => g.back.as_ref(),
        }));
        match table {
            Some(face) => resolve_face(resolver, face.get_ref(), palette),
            // An unknown group is already reported; its faces are unknown, not missing.
            None if group.is_none() => None,
            None => {
                resolver.error(
                    &entry.span(),
                    format!("piece {code} has no {side} face"),
                    &format!("give the piece or its group `{side} = {{ colour = \"…\" }}`"),
                );
                None
            }
        }
    };
    let front = face(&table.front, "front");
    let back = face(&table.back, "back");
    if resolver.diagnostics.len() > errors_before {
        return None;
    }
    Some(Piece {
        code,
        name: table.name.clone(),
        group: group?,
        count: table.count.as_ref().map_or(1, |c| *c.get_ref()),
        cells,
        front: front?,
        back: back?,
        position: resolver.source.start_of(&entry.span()),
    })
}

fn resolve_face(resolver: &mut Resolver<'_>, table: &FaceTable, palette: &Palette) -> Option<Face> {
    let mut colour_of =
        |name: &Spanned<String>| resolver.colour_name(name, palette).map(|n| palette.colour(&n));
    let colour = colour_of(&table.colour)?;
    let outline = match &table.outline {
        Some(name) => Some(colour_of(name)?),
        None => None,
    };
    let lines = match &table.lines {
        Some(name) => colour_of(name)?,
        None => faint(colour),
    };
    let mark_colour = match &table.mark_colour {
        Some(name) => colour_of(name)?,
        None => contrast(colour),
    };
    let mark = table.mark.as_ref().map(|mark| {
        let chars = mark.get_ref().chars().count();
        if chars > MAX_MARK_CHARS {
            resolver.error(
                &mark.span(),
                format!("the mark has {chars} characters, more than tilepress's limit of {MAX_MARK_CHARS} (MAX_MARK_CHARS in model/input/limits.rs)"),
                "a mark is a letter or a short code drawn on one cell of the piece",
            );
        }
        mark.get_ref().chars().take(MAX_MARK_CHARS).collect()
    });
    let mark_position =
        table.mark.as_ref().map(|m| resolver.source.start_of(&m.span())).unwrap_or_default();
    Some(Face { colour, outline, lines, mark, mark_position, mark_colour, layers: Vec::new() })
}

/// A colour a quarter of the way to black (to white for dark colours): faint lines on it.
pub fn faint(colour: Colour) -> Colour {
    let target = contrast(colour);
    let mix = |a: u8, b: u8| ((f64::from(a) * 3.0 + f64::from(b)) / 4.0).round() as u8;
    Colour { r: mix(colour.r, target.r), g: mix(colour.g, target.g), b: mix(colour.b, target.b) }
}

/// Black on light colours, white on dark ones.
fn contrast(colour: Colour) -> Colour {
    let luma =
        0.299 * f64::from(colour.r) + 0.587 * f64::from(colour.g) + 0.114 * f64::from(colour.b);
    if luma > 128.0 { Colour::BLACK } else { Colour::WHITE }
}

fn resolve_board(
    resolver: &mut Resolver<'_>,
    entry: &Spanned<BoardTable>,
    grid: Grid,
    palette: &Palette,
) -> Board {
    let table = entry.get_ref();
    let mut colour = |name: &Option<Spanned<String>>, default: Colour| match name {
        Some(name) => resolver.colour_name(name, palette).map_or(default, |n| palette.colour(&n)),
        None => default,
    };
    let fill = colour(&table.fill, Colour::WHITE);
    let lines = colour(&table.lines, Colour::BLACK);
    let line_width_mm = table.line_width_mm.as_ref().map_or(0.5, |w| {
        resolver.length(w, "the board's `line_width_mm`", (0.05, grid.square_mm / 4.0))
    });
    let errors = resolver.diagnostics.len();
    let cells = parse_cells(resolver, &table.cells, grid.kind);
    if cells.is_empty() && resolver.diagnostics.len() == errors {
        resolver.error(
            &table.cells.span(),
            "the board has no cells".into(),
            "e.g. cells = [\"0..3 0..3\"]",
        );
    }
    Board {
        grid,
        cells,
        fill,
        lines,
        line_width_mm,
        position: resolver.source.start_of(&entry.span()),
        cell_faces: Vec::new(),
    }
}

/// Every cell the texts name, sorted without repeats.
fn parse_cells(
    resolver: &mut Resolver<'_>,
    texts: &Spanned<Vec<Spanned<String>>>,
    kind: GridKind,
) -> Vec<Cell> {
    let mut cells = BTreeSet::new();
    for text in texts.get_ref() {
        match cells_of(text.get_ref(), kind) {
            Ok(found) => {
                cells.extend(found);
                if cells.len() > MAX_BOARD_CELLS {
                    resolver.error(
                        &text.span(),
                        format!("`cells` name more than {MAX_BOARD_CELLS} cells by here, tilepress's limit (MAX_BOARD_CELLS in model/input/limits.rs)"),
                        "name fewer cells, or split the board",
                    );
                    break;
                }
            }
            Err(message) => {
                let help = if message.contains("MAX_BOARD_CELLS") {
                    "name fewer cells, or split the board"
                } else {
                    "write \"X Y\" and, on the tetrakis grid, quarters, e.g. \"0 0 NE\" or \"0..3 0..3\""
                };
                let shown: String = text.get_ref().chars().take(40).collect();
                let more = if shown.len() < text.get_ref().len() { "…" } else { "" };
                resolver.error(&text.span(), format!("cells `{shown}{more}`: {message}"), help);
            }
        }
    }
    cells.into_iter().collect()
}

/// The cells of one `"X Y QUARTERS"` text.
pub fn cells_of(text: &str, kind: GridKind) -> Result<Vec<Cell>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (xs, ys, quarters) = match words[..] {
        [x, y] => (span(x)?, span(y)?, None),
        [x, y, q] => (span(x)?, span(y)?, Some(q)),
        _ => return Err("expected two coordinates and optional quarters".into()),
    };
    let qs: BTreeSet<u8> = match (kind, quarters) {
        (GridKind::Square | GridKind::Hex | GridKind::Triangle, Some(_)) => {
            return Err(format!("the {} grid has no quarters", kind.name()));
        }
        (GridKind::Square | GridKind::Hex | GridKind::Triangle, None) => BTreeSet::from([0]),
        (GridKind::Tetrakis, None) => BTreeSet::from([0, 1, 2, 3]),
        (GridKind::Tetrakis, Some(q)) => q
            .chars()
            .map(|c| {
                QUARTER_NAMES
                    .iter()
                    .position(|&n| n == c.to_ascii_uppercase())
                    .map(|i| i as u8)
                    .ok_or(format!("`{c}` is not a quarter (N, E, S or W)"))
            })
            .collect::<Result<_, _>>()?,
    };
    let squares = (xs.1 - xs.0 + 1) * (ys.1 - ys.0 + 1);
    if squares as u64 * qs.len() as u64 > MAX_BOARD_CELLS as u64 {
        return Err(format!(
            "more than {MAX_BOARD_CELLS} cells, tilepress's limit (MAX_BOARD_CELLS in model/input/limits.rs)"
        ));
    }
    let mut cells = Vec::new();
    for y in ys.0..=ys.1 {
        for x in xs.0..=xs.1 {
            cells.extend(qs.iter().map(|&q| cell_written_at(kind, x, y, q)));
        }
    }
    Ok(cells)
}

/// `5` or `0..3` (inclusive), each within ±1000.
fn span(word: &str) -> Result<(i64, i64), String> {
    let number = |w: &str| {
        w.parse::<i64>()
            .ok()
            .filter(|v| v.abs() <= 1000)
            .ok_or(format!("`{w}` is not a whole number from -1000 to 1000"))
    };
    match word.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            if a > b { Err(format!("range `{word}` runs backwards")) } else { Ok((a, b)) }
        }
        None => number(word).map(|v| (v, v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_texts_name_squares_ranges_and_quarters() {
        assert_eq!(
            cells_of("0 0 NE", GridKind::Tetrakis).unwrap(),
            vec![Cell::new(0, 0, 0), Cell::new(0, 0, 1)]
        );
        assert_eq!(cells_of("0..3 0..3", GridKind::Tetrakis).unwrap().len(), 64);
        assert_eq!(cells_of("-1 2", GridKind::Square).unwrap(), vec![Cell::new(-1, 2, 0)]);
        assert!(cells_of("0 0 N", GridKind::Square).is_err());
        assert!(cells_of("0 0 X", GridKind::Tetrakis).unwrap_err().contains("not a quarter"));
        assert!(cells_of("3..1 0", GridKind::Tetrakis).unwrap_err().contains("backwards"));
        assert!(cells_of("0", GridKind::Tetrakis).is_err());
        // Hexagons in offset rows: row 2 starts one axial column to the left.
        assert_eq!(cells_of("0 2", GridKind::Hex).unwrap(), vec![Cell::new(-1, 2, 0)]);
        assert!(cells_of("0 0 N", GridKind::Hex).unwrap_err().contains("no quarters"));
    }

    #[test]
    fn faint_lines_lean_towards_the_contrast() {
        let green = Colour { r: 0xb5, g: 0xc2, b: 0x1a };
        let line = faint(green);
        assert!(line.r < green.r && line.g < green.g);
        let petrol = Colour { r: 0x00, g: 0x60, b: 0x6b };
        assert!(faint(petrol).g > petrol.g);
    }
}
