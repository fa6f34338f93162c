//! Checks a listed set against its rule: missing, duplicate and extra tiles, the count, and
//! tile numbers; one diagnostic per problem, pointing at the tile's TOML.

use std::collections::BTreeMap;

use super::describe::describe;
use super::enumerate::{MAX_ASSIGNMENTS, TileKey, complete_set};
use super::rule::violations;
use crate::geometry::canonical::{canonical, edge_labels};
use crate::model::design::{Design, Tile};
use crate::model::diagnostic::Diagnostic;
use crate::model::source::Position;

/// What `check` found.
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub set_name: String,
    pub tiles: usize,
    /// Size of the set derived from the rule, when the design has one.
    pub derived: Option<usize>,
    pub problems: Vec<Diagnostic>,
    /// What the piece and board check counted, when the design has pieces or a board.
    pub pieces: Option<super::pieces::PieceSummary>,
    /// Lines of information printed before the summary (e.g. how pawns reach their goal).
    pub info: Vec<String>,
    /// What the design holds, one phrase per part (`56 tiles (the rule derives 56)`, …).
    pub contents: Vec<String>,
}

impl CheckReport {
    pub fn is_complete(&self) -> bool {
        self.problems.is_empty()
    }

    /// One line: the set, what it holds, and the verdict.
    pub fn summary(&self) -> String {
        let verdict = match self.problems.len() {
            0 => String::from("complete and consistent"),
            1 => String::from("1 problem"),
            n => format!("{n} problems"),
        };
        let contents = if self.contents.is_empty() {
            String::from("nothing")
        } else {
            self.contents.join("; ")
        };
        format!("{}: {contents}; {verdict}", self.set_name)
    }
}

/// Checks every tile of `design` (read from `path`) against the set's rule.
pub fn check_design(design: &Design, path: &std::path::Path) -> CheckReport {
    let parts = super::board::check_parts(design, path);
    let (pieces, piece_problems) = super::pieces::check_pieces(design, path).unzip();
    let mut report = check_tiles(design, path);
    report.pieces = pieces;
    let mut problems = piece_problems.unwrap_or_default();
    problems.append(&mut report.problems);
    report.problems = problems;
    if design.shape.is_some() {
        let derived = report
            .derived
            .map_or(String::from("no rule to derive it from"), |n| format!("the rule derives {n}"));
        report.contents.push(format!("{} tiles ({derived})", report.tiles));
    }
    report.contents.extend(report.pieces.as_ref().map(super::pieces::PieceSummary::describe));
    report.contents.extend(parts.contents);
    report.problems.extend(parts.problems);
    report.problems.extend(crate::face::check::face_problems(design, path));
    report.problems.extend(super::decks::deck_problems(design, path));
    report.contents.extend(super::decks::deck_contents(design));
    report.info.extend(parts.info);
    report
}

/// Checks the tiles of `design` against the set's rule.
fn check_tiles(design: &Design, path: &std::path::Path) -> CheckReport {
    let mut problems = Vec::new();
    let mut problem = |position: Position, message: String, help: &str| {
        problems.push(Diagnostic::problem(path, Some(position), message).with_help(help));
    };
    let mut numbers: BTreeMap<u32, &Tile> = BTreeMap::new();
    for tile in &design.tiles {
        if let Some(first) = numbers.insert(tile.number, tile) {
            problem(
                tile.position,
                format!(
                    "tile number {} is used twice (also at line {})",
                    tile.number, first.position.line
                ),
                "give every tile its own number",
            );
        }
    }
    let (Some(rule), Some(shape)) = (&design.rule, design.shape) else {
        return tile_report(design, None, problems);
    };
    let complete = match complete_set(rule, shape) {
        Ok(set) => set,
        Err(total) => {
            problem(
                rule.position,
                format!(
                    "the rule allows {total} slot assignments; tilepress enumerates at most {MAX_ASSIGNMENTS}"
                ),
                "use fewer colours or slot kinds",
            );
            return tile_report(design, None, problems);
        }
    };
    let mut seen: BTreeMap<TileKey, &Tile> = BTreeMap::new();
    for tile in &design.tiles {
        let (key, placement) = canonical(&edge_labels(&tile.slots, &tile.joins), rule.symmetry);
        if let Some(first) = seen.get(&key) {
            let (_, first_placement) =
                canonical(&edge_labels(&first.slots, &first.joins), rule.symmetry);
            let turn = (placement.rotation + shape.sides - first_placement.rotation) % shape.sides;
            let how = match (turn, placement.reflected != first_placement.reflected) {
                (0, false) => String::from("the same tile"),
                (0, true) => String::from("its mirror image"),
                (t, false) => format!("the same tile turned clockwise by {t} edge(s)"),
                (t, true) => format!("its mirror image turned clockwise by {t} edge(s)"),
            };
            problem(
                tile.position,
                format!(
                    "tile {} duplicates tile {} (line {}): {how}",
                    tile.number, first.number, first.position.line
                ),
                "remove one of the two, or change it into the missing tile",
            );
            continue;
        }
        seen.insert(key.clone(), tile);
        if !complete.contains_key(&key) {
            let reasons = violations(rule, shape, &tile.slots, &tile.joins);
            problem(
                tile.position,
                format!("tile {} is not in the set: {}", tile.number, reasons.join("; ")),
                "change or remove the tile, or widen the rule",
            );
        }
    }
    for (key, missing) in &complete {
        if !seen.contains_key(key) {
            problem(
                rule.position,
                format!("missing tile: {}", describe(shape, &missing.slots, &missing.joins)),
                "add a [[tiles]] entry for it",
            );
        }
    }
    if let Some(count) = rule.count {
        if count != complete.len() {
            problem(
                rule.position,
                format!("the rule says `count = {count}` but derives {} tiles", complete.len()),
                "correct `count` or the rule",
            );
        }
        if design.tiles.len() != count {
            problem(
                rule.position,
                format!("the design lists {} tiles; the set has {count}", design.tiles.len()),
                "add or remove tiles",
            );
        }
    }
    tile_report(design, Some(complete.len()), problems)
}

/// The report of the tile check; pieces, parts and contents are added by the caller.
fn tile_report(design: &Design, derived: Option<usize>, problems: Vec<Diagnostic>) -> CheckReport {
    CheckReport {
        set_name: design.name.clone(),
        tiles: design.tiles.len(),
        derived,
        problems,
        pieces: None,
        info: Vec::new(),
        contents: Vec::new(),
    }
}
