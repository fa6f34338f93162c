//! Boards and players: a grid region with coloured cells and dots, start arrows, an optional
//! tray, and the move rule, resolved from `[board]` and `[[players]]`.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::geometry::triangle_grid::{Cell, HexRegion, Vertex};
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::source::Position;
use crate::model::parts::parts_schema::{BoardTable, MovesTable, PlayerTable};
use crate::scene::Colour;

/// A resolved board.
#[derive(Clone, Debug)]
pub struct Board {
    pub region: HexRegion,
    pub edge_mm: f64,
    /// Turns (of 360°/symmetry) that must leave the colouring unchanged; 1 = none declared.
    pub symmetry: u32,
    pub lines: Colour,
    pub cells: BTreeMap<Cell, Mark>,
    pub dots: BTreeMap<Vertex, Mark>,
    pub overlap_mm: f64,
    pub tray: Option<Tray>,
    pub moves: Option<Moves>,
    pub position: Position,
    /// Each cell's face layers (`[board] template`), for the cells that have any.
    pub cell_faces: BTreeMap<Cell, Vec<crate::model::face::Layer>>,
}

/// A cell's or dot's colour, where it is written, and its row and column (from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub colour: String,
    pub row: usize,
    pub column: usize,
    pub position: Position,
}

impl Mark {
    /// `row 3, cell 5` / `row 3, dot 5`: how users find it in the design file.
    pub fn name(&self, what: &str) -> String {
        format!("row {}, {what} {}", self.row, self.column)
    }
}

/// Wall flaps that turn the board into the floor of a tray.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tray {
    pub wall_mm: f64,
    pub tab_mm: f64,
}

/// The move rule for the reachability check.
#[derive(Clone, Debug, PartialEq)]
pub struct Moves {
    pub piece: String,
    pub by_face: bool,
    pub by_ball: bool,
    pub slide_first: bool,
    pub position: Position,
}

/// A player: colour, start side and goal side (0-based, clockwise from the top).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    pub colour: String,
    pub start_side: usize,
    pub goal_side: usize,
    pub position: Position,
}

/// Default glue strip between sheets of a board, in mm.
pub const DEFAULT_OVERLAP_MM: f64 = 12.0;

/// Resolves `[[players]]`.
pub fn resolve_players(
    r: &mut Resolver<'_>,
    tables: &[Spanned<PlayerTable>],
    palette: &Palette,
) -> Vec<Player> {
    let mut players = Vec::new();
    for table in tables {
        let t = table.get_ref();
        let colour = r.colour_name(&t.colour, palette).unwrap_or_default();
        let start_side = side(r, &t.start_side);
        let goal_side = t.goal_side.as_ref().map_or((start_side + 3) % 6, |g| side(r, g));
        players.push(Player {
            name: t.name.get_ref().trim().to_string(),
            colour,
            start_side,
            goal_side,
            position: r.source.start_of(&table.span()),
        });
    }
    players
}

/// A side number 1–6 as 0–5.
fn side(r: &mut Resolver<'_>, value: &Spanned<u32>) -> usize {
    let v = *value.get_ref();
    if (1..=6).contains(&v) {
        v as usize - 1
    } else {
        r.error(
            &value.span(),
            format!("side {v} does not exist"),
            "number sides 1–6 clockwise from the top side",
        );
        0
    }
}

/// Resolves `[board]`.
pub fn resolve_board(
    r: &mut Resolver<'_>,
    table: &Spanned<BoardTable>,
    palette: &Palette,
) -> Board {
    let t = table.get_ref();
    if t.grid.get_ref().trim() != "triangle" {
        r.error(
            &t.grid.span(),
            format!("unknown grid `{}`", t.grid.get_ref()),
            "use grid = \"triangle\"",
        );
    }
    if t.region.get_ref().trim() != "hexagon" {
        let help = "use region = \"hexagon\" (a triangle grid's hexagon of `size` cells a side)";
        r.error(&t.region.span(), format!("unknown region `{}`", t.region.get_ref()), help);
    }
    let size = *t.size.get_ref();
    // A hexagon of side s has 2s rows of cells: read the rows with the size they imply when
    // `size` itself is wrong, so that one mistake is one error.
    let rows = (t.cells.get_ref().len() / 2).clamp(1, 20) as u32;
    let side = if (1..=20).contains(&size) { size } else { rows };
    let region = HexRegion { side: side as i32 };
    if !(1..=20).contains(&size) {
        r.error(&t.size.span(), format!("a board of size {size}"), "give a size from 1 to 20");
    }
    let edge_mm = r.length(&t.edge_mm, "the board's `edge_mm`", (5.0, 200.0));
    let symmetry = t.symmetry.as_ref().map_or(1, |s| {
        let v = *s.get_ref();
        if [1, 2, 3, 6].contains(&v) {
            v
        } else {
            r.error(
                &s.span(),
                format!("symmetry {v} is impossible on a hexagon"),
                "use 1, 2, 3 or 6",
            );
            1
        }
    });
    let lines = t
        .lines
        .as_ref()
        .and_then(|l| r.colour_name(l, palette))
        .map_or(Colour::BLACK, |n| palette.colour(&n));
    let mut key: BTreeMap<char, String> = BTreeMap::new();
    for (letter, colour) in t.key.get_ref() {
        let mut chars = letter.chars();
        match (chars.next(), chars.next(), r.colour_name(colour, palette)) {
            (Some(c), None, Some(name)) if c != '.' && !c.is_whitespace() => {
                key.insert(c, name);
            }
            (_, _, Some(_)) => r.error(
                &colour.span(),
                format!("key `{letter}` is not one letter"),
                "use one letter per colour, e.g. r = \"red\"",
            ),
            _ => {}
        }
    }
    let cells = marks(r, &t.cells, &region.cell_rows(), &key, "cell");
    let dots = match &t.dots {
        Some(rows) => marks(r, rows, &region.vertex_rows(), &key, "dot"),
        None => BTreeMap::new(),
    };
    let overlap_mm = t
        .overlap_mm
        .as_ref()
        .map_or(DEFAULT_OVERLAP_MM, |o| r.length(o, "`overlap_mm`", (0.0, 50.0)));
    let tray = t.tray.as_ref().map(|b| {
        let b = b.get_ref();
        let wall_mm = r.length(&b.wall_mm, "the box's `wall_mm`", (3.0, 200.0));
        let tab_mm = b.tab_mm.as_ref().map_or((wall_mm * 0.5).min(12.0), |x| {
            r.length(x, "the box's `tab_mm`", (2.0, wall_mm))
        });
        Tray { wall_mm, tab_mm }
    });
    let moves = t.moves.as_ref().map(|m| moves(r, m));
    Board {
        region,
        edge_mm,
        symmetry,
        lines,
        cells,
        dots,
        overlap_mm,
        tray,
        moves,
        position: r.source.start_of(&table.span()),
        cell_faces: BTreeMap::new(),
    }
}

fn moves(r: &mut Resolver<'_>, table: &Spanned<MovesTable>) -> Moves {
    let t = table.get_ref();
    let (mut by_face, mut by_ball) = (false, false);
    for when in t.tip_when.get_ref() {
        match when.get_ref().trim() {
            "face" => by_face = true,
            "ball" => by_ball = true,
            other => r.error(
                &when.span(),
                format!("unknown tip condition `{other}`"),
                "use `face` and/or `ball`",
            ),
        }
    }
    Moves {
        piece: t.piece.get_ref().trim().to_string(),
        by_face,
        by_ball,
        slide_first: t.slide_first.unwrap_or(false),
        position: r.source.start_of(&table.span()),
    }
}

/// Reads rows of key letters (spaces ignored, `.` = nothing) onto the places of `expected`.
fn marks<T: Ord + Copy>(
    r: &mut Resolver<'_>,
    rows: &Spanned<Vec<Spanned<String>>>,
    expected: &[Vec<T>],
    key: &BTreeMap<char, String>,
    what: &str,
) -> BTreeMap<T, Mark> {
    let mut found = BTreeMap::new();
    if rows.get_ref().len() != expected.len() {
        let help = format!("write one text per row, {} rows", expected.len());
        r.error(
            &rows.span(),
            format!("{} rows of {what}s for a board with {}", rows.get_ref().len(), expected.len()),
            &help,
        );
        return found;
    }
    for (row, (text, places)) in rows.get_ref().iter().zip(expected).enumerate() {
        let letters: Vec<(usize, char)> =
            text.get_ref().char_indices().filter(|(_, c)| !c.is_whitespace()).collect();
        if letters.len() != places.len() {
            let help =
                format!("row {} needs {} letters (spaces are ignored)", row + 1, places.len());
            r.error(&text.span(), format!("row {} has {} {what}s", row + 1, letters.len()), &help);
            continue;
        }
        for (column, ((offset, letter), &place)) in letters.into_iter().zip(places).enumerate() {
            let at = text.span().start + 1 + offset;
            if letter == '.' {
                continue;
            }
            let Some(colour) = key.get(&letter) else {
                let known: String = key.keys().collect();
                r.error(
                    &(at..at + 1),
                    format!("`{letter}` is not in the board's key"),
                    &format!("use one of `{known}` or `.`, or add `{letter}` to [board.key]"),
                );
                continue;
            };
            let position = r.source.start_of(&(at..at + 1));
            found.insert(
                place,
                Mark { colour: colour.clone(), row: row + 1, column: column + 1, position },
            );
        }
    }
    found
}
