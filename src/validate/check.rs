//! Checks a listed set against its rule: missing, duplicate and extra tiles, the count, and
//! tile numbers; one diagnostic per problem, pointing at the tile's TOML.

use std::collections::{BTreeMap, BTreeSet};

use super::describe::describe;
use super::enumerate::{TileKey, TooLarge, complete_set};
use super::face_key::{face_key, face_labels};
use super::rule::{corner_violations, violations};
use crate::geometry::canonical::{Placement, Symmetry, rotated};
use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::limits::{MAX_ENUMERATION_WORK, MAX_SHEETS, MAX_TILES};
use crate::model::input::source::Position;
use crate::model::print::work::WORK_HELP;
use crate::model::rules::set_rule::tile_description_key;
use crate::model::rules::tile_set::Tile;

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
    /// The layers marked `decorative`, whose contrast and size are not checked: printed by
    /// `check --verbose`.
    pub decorative: Vec<String>,
    /// What the design holds, one phrase per part (`56 tiles (the rule derives 56)`, …).
    pub contents: Vec<String>,
}

impl CheckReport {
    pub fn is_complete(&self) -> bool {
        self.problems.is_empty()
    }

    /// Whether some finding makes the design unusable as written (exit 2), not just
    /// incomplete: a card larger than the paper.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == crate::model::input::diagnostic::Severity::Error)
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
    if design.tile_shape.is_some() {
        let derived = report
            .derived
            .map_or(String::from("no rule to derive it from"), |n| format!("the rule derives {n}"));
        report.contents.push(format!("{} tiles ({derived})", report.tiles));
    }
    report.contents.extend(report.pieces.as_ref().map(super::pieces::PieceSummary::describe));
    report.contents.extend(parts.contents);
    report.problems.extend(parts.problems);
    report.problems.extend(design.face_problems.iter().cloned());
    report.problems.extend(super::colour_vision::colour_vision_problems(design, path));
    let legibility = super::legibility::legibility(design, path);
    report.problems.extend(legibility.problems);
    // What `build` refuses once it has laid the parts out, refused here too: the model's
    // estimate before composing is a lower bound (the paper's area over the items').
    if legibility.sheets as f64 > MAX_SHEETS {
        let message = format!(
            "the design makes {} sheets, more than the limit of {MAX_SHEETS} (MAX_SHEETS)",
            legibility.sheets
        );
        report.problems.push(Diagnostic::error(path, None, message).with_help(WORK_HELP));
    }
    report.decorative = legibility.decorative;
    report.info.extend(legibility.notes);
    report.problems.extend(super::decks::oversized_cards(design, path));
    report.problems.extend(super::decks::deck_problems(design, path));
    report.contents.extend(super::decks::deck_contents(design));
    report.info.extend(parts.info);
    report
}

/// Checks the tiles of `design` against the set's rule.
fn check_tiles(design: &Design, path: &std::path::Path) -> CheckReport {
    let mut problems = Vec::new();
    let mut problem =
        |(file, position): (&std::path::Path, Position), message: String, help: &str| {
            problems.push(Diagnostic::problem(file, Some(position), message).with_help(help));
        };
    let mut numbers: BTreeMap<u32, &Tile> = BTreeMap::new();
    for tile in &design.tiles {
        if let Some(first) = numbers.insert(tile.number, tile) {
            problem(
                tile.written_at(path),
                format!(
                    "tile number {} is used twice (also at {})",
                    tile.number,
                    first.line_text()
                ),
                "give every tile its own number",
            );
        }
    }
    // Tiles with values are told apart, and checked against the rule, by their values.
    if design.values.is_some() {
        let derived = super::values::value_problems(design, path, &mut problems);
        return tile_report(design, derived, problems);
    }
    let Some(shape) = design.shape else {
        return tile_report(design, None, problems);
    };
    let rule = design.rule.as_ref();
    // Separate entries that are the same tile are duplicates with or without a rule:
    // intended repeats are written `copies = N`. The rule's symmetry, else rotation.
    let symmetry = rule.map_or(Symmetry::Rotation, |rule| rule.symmetry);
    let mut seen: BTreeMap<TileKey, &Tile> = BTreeMap::new();
    let mut distinct: Vec<(&Tile, TileKey)> = Vec::new();
    // With a rule, a tile is its edges: entries with the same edges whose own art differs
    // are copies of one tile (counted with the first), not duplicates.
    let mut variants: BTreeMap<TileKey, Vec<&Tile>> = BTreeMap::new();
    for tile in &design.tiles {
        // Without a rule, face layers (a name, a number, a picture) tell tiles apart.
        let has_art = !tile.faces.front.is_empty() || tile.faces.back.is_some();
        if rule.is_none() && has_art {
            continue;
        }
        let (key, placement) = tile_key(tile, design.slots_per_edge, symmetry);
        if let Some(first) = seen.get(&key) {
            if rule.is_some() && tile.faces.printed_apart(&first.faces) {
                variants.entry(key).or_default().push(tile);
                continue;
            }
            let (_, first_placement) = tile_key(first, design.slots_per_edge, symmetry);
            let turn = (placement.rotation + shape.sides - first_placement.rotation) % shape.sides;
            let (same, other) = match tile.back_side {
                Some(_) => ("the same tile", "the same tile turned over"),
                None => ("the same tile", "its mirror image"),
            };
            let how = match (turn, placement.reflected != first_placement.reflected) {
                (0, false) => same.to_string(),
                (0, true) => other.to_string(),
                (t, false) => format!("{same} turned clockwise by {t} edge(s)"),
                (t, true) => format!("{other}, turned clockwise by {t} edge(s)"),
            };
            problem(
                tile.written_at(path),
                format!(
                    "tile {} duplicates tile {} ({}): {how}",
                    tile.number,
                    first.number,
                    first.line_text()
                ),
                "remove one of the two, or change it into the missing tile; for intended \
                 repeats write `copies = N` on one entry",
            );
            continue;
        }
        seen.insert(key.clone(), tile);
        distinct.push((tile, key));
    }
    let Some(rule) = rule else {
        return tile_report(design, None, problems);
    };
    let complete = match complete_set(rule, shape) {
        Ok(set) => set,
        Err(too_large) => {
            let message = match too_large {
                TooLarge::Work(work) => format!(
                    "deriving the complete set would visit about {} slot assignments and joins, more than tilepress's limit of {MAX_ENUMERATION_WORK} (MAX_ENUMERATION_WORK)",
                    crate::model::input::limits::count_text(work)
                ),
                TooLarge::Tiles => format!(
                    "the rule allows more than {MAX_TILES} distinct tiles, more than a design may hold (MAX_TILES)"
                ),
            };
            problem(
                (path, rule.position),
                message,
                "use fewer colours or slot kinds, joins = \"every\" or \"never\", or a symmetry",
            );
            return tile_report(design, None, problems);
        }
    };
    if complete.is_empty() {
        let (why, key) = super::empty_rule::why_empty(rule, shape)
            .unwrap_or_else(|_| ("the rule allows no tile".to_string(), None));
        // At the key that emptied it where the rule writes one, else at `[rule]`.
        let at = key.and_then(|key| rule.key_positions.get(key)).copied();
        problem(
            (path, at.unwrap_or(rule.position)),
            format!("the rule derives no tiles: {why}"),
            "loosen the constraint named, or fix the rule's colours and kinds",
        );
    }
    // How many times each derived tile comes: `copies`, or its own count in `copies_of`
    // (each entry matched once against the derived tiles' descriptions).
    let description_of =
        |key: &TileKey| complete.get(key).map(|t| describe(shape, &t.slots, &t.joins, &t.corners));
    // Described only when `copies_of` names some: a rule without it needs no description
    // of every derived tile.
    let by_name: BTreeMap<String, &TileKey> = match rule.copies_of.is_empty() {
        true => BTreeMap::new(),
        false => (complete.keys())
            .filter_map(|key| Some((tile_description_key(&description_of(key)?), key)))
            .collect(),
    };
    let mut own: BTreeMap<&TileKey, u32> = BTreeMap::new();
    for (name, copies, position) in &rule.copies_of {
        match by_name.get(name) {
            Some(key) => {
                own.insert(key, *copies);
            }
            None => problem(
                (path, *position),
                format!("`copies_of` names a tile the rule does not derive: {name}"),
                "write the tile as `check` describes it (e.g. from a `missing tile:` line), \
                 or remove the entry",
            ),
        }
    }
    let copies_of_key = |key: &TileKey| own.get(key).copied().unwrap_or(rule.copies);
    // The rule derives faces: a two-faced tile shows two of them.
    let mut shown: BTreeSet<TileKey> = BTreeSet::new();
    for (tile, tile_key) in &distinct {
        let others = variants.get(tile_key).map_or(&[][..], Vec::as_slice);
        let copies = tile.copies + others.iter().map(|t| t.copies).sum::<u32>();
        let mut in_set = true;
        let mut front_key = None;
        let back = tile.back_side.as_ref().map(|side| (" (back)", &side.slots, &side.joins));
        let front = ("", &tile.slots, &tile.joins);
        for (which, slots, joins) in std::iter::once(front).chain(back) {
            let corners: &[String] = if which.is_empty() { &tile.corners } else { &[] };
            let key = face_key(slots, design.slots_per_edge, joins, corners, rule.symmetry).0;
            if !complete.contains_key(&key) {
                in_set = false;
                let mut reasons = violations(rule, shape, slots, joins);
                reasons.extend(corner_violations(rule, corners));
                problem(
                    tile.written_at(path),
                    format!(
                        "tile {}{which} is not in the set: {}",
                        tile.number,
                        reasons.join("; ")
                    ),
                    "change or remove the tile, or widen the rule",
                );
            }
            if which.is_empty() {
                front_key = Some(key.clone());
            }
            shown.insert(key);
        }
        let wanted_copies = front_key.as_ref().map_or(rule.copies, copies_of_key);
        if in_set && copies != wanted_copies {
            let has_own = front_key.as_ref().is_some_and(|key| own.contains_key(key));
            let (says, help) = match has_own {
                true => (
                    format!("the rule's `copies_of` says it comes {wanted_copies} time(s)"),
                    "set `copies` on the tile to its count in `copies_of`".to_string(),
                ),
                false => (
                    format!("the rule says each tile comes {wanted_copies} time(s)"),
                    match front_key.as_ref().and_then(description_of) {
                        Some(description) => format!(
                            "set `copies` on the tile to the rule's `copies`, or give it its own \
                             count in the rule: copies_of = {{ \"{description}\" = {} }}",
                            copies
                        ),
                        None => "set `copies` on the tile to the rule's `copies`".to_string(),
                    },
                ),
            };
            problem(
                tile.written_at(path),
                format!(
                    "tile {} comes {copies} time(s){}; {says}",
                    tile.number,
                    art_variants(others)
                ),
                &help,
            );
        }
    }
    for (key, missing) in &complete {
        if !shown.contains(key) {
            problem(
                (path, rule.position),
                format!(
                    "missing tile: {}",
                    describe(shape, &missing.slots, &missing.joins, &missing.corners)
                ),
                "add a [[tiles]] entry for it",
            );
        }
    }
    if let Some(count) = rule.count {
        if count != complete.len() {
            problem(
                (path, rule.position),
                format!("the rule says `count = {count}` but derives {} tiles", complete.len()),
                "correct `count` or the rule",
            );
        }
        let wanted = printed_of_rule(&complete, count, copies_of_key) / faces_per_tile(design);
        let listed = physical_tiles(design);
        if listed != wanted {
            problem(
                (path, rule.position),
                format!("the design lists {listed} tiles; the set has {wanted}"),
                "add or remove tiles",
            );
        }
    }
    let derived =
        printed_of_rule(&complete, complete.len(), copies_of_key) / faces_per_tile(design);
    tile_report(design, Some(derived), problems)
}

/// ` (with tiles 8 and 9: the same tile in other art)` for a tile's art variants, or nothing.
fn art_variants(others: &[&Tile]) -> String {
    if others.is_empty() {
        return String::new();
    }
    let numbers: Vec<String> = others.iter().map(|t| t.number.to_string()).collect();
    let (noun, list) = match numbers.as_slice() {
        [one] => ("tile", one.clone()),
        [rest @ .., last] => ("tiles", format!("{} and {last}", rest.join(", "))),
        [] => ("", String::new()),
    };
    format!(" (with {noun} {list}: the same tile in other art)")
}

/// The faces a set of `count` derived tiles prints, each as often as `copies` says: when
/// `count` is what the rule derives, the sum of its tiles' copies; else (a `count` that the
/// check reports as wrong) `count` times the copies of a tile on average.
fn printed_of_rule<T>(
    complete: &BTreeMap<TileKey, T>,
    count: usize,
    copies: impl Fn(&TileKey) -> u32,
) -> usize {
    let printed: usize = complete.keys().map(|key| copies(key) as usize).sum();
    if count == complete.len() || complete.is_empty() {
        return printed;
    }
    (count * printed).div_ceil(complete.len())
}

/// 2 when the tiles are two-faced (their backs carry edge art), so that a derived set of
/// faces is printed on half as many tiles; else 1.
fn faces_per_tile(design: &Design) -> usize {
    if design.tiles.iter().any(|tile| tile.back_side.is_some()) { 2 } else { 1 }
}

/// What makes two entries the same tile, and how the tile was turned to reach it: the
/// face's canonical form; for a two-faced tile the least (front, back) pair over every
/// turn — the back turning the other way as seen from behind — and turning over (front and
/// back swapped; `reflected` then means turned over).
fn tile_key(tile: &Tile, per_edge: usize, symmetry: Symmetry) -> (TileKey, Placement) {
    let Some(side) = &tile.back_side else {
        return face_key(&tile.slots, per_edge, &tile.joins, &tile.corners, symmetry);
    };
    let front = face_labels(&tile.slots, &tile.joins, &tile.corners);
    let back = face_labels(&side.slots, &side.joins, &[]);
    let pair = |a: &[_], b: &[_], turn: usize| {
        let n = a.len().max(1);
        let mut key = rotated(a, turn % n);
        key.extend(rotated(b, (n - turn % n) % n));
        key
    };
    let mut best = (pair(&front, &back, 0), Placement::default());
    if symmetry == Symmetry::None {
        return best;
    }
    for (over, (a, b)) in [(false, (&front, &back)), (true, (&back, &front))] {
        for turn in 0..front.len() {
            let candidate = pair(a, b, turn);
            if candidate < best.0 {
                best = (candidate, Placement { rotation: turn, reflected: over });
            }
        }
    }
    best
}

/// Tiles printed: every entry as many times as its `copies`.
fn physical_tiles(design: &Design) -> usize {
    design.tiles.iter().map(|tile| tile.copies as usize).sum()
}

/// The report of the tile check; pieces, parts and contents are added by the caller.
fn tile_report(design: &Design, derived: Option<usize>, problems: Vec<Diagnostic>) -> CheckReport {
    CheckReport {
        set_name: design.name.clone(),
        tiles: physical_tiles(design),
        derived,
        problems,
        pieces: None,
        info: Vec::new(),
        decorative: Vec::new(),
        contents: Vec::new(),
    }
}
