//! `tilepress explain`: the simplest rule behind a bare list of tiles — rules proposed over
//! what the list shows, each derived by the enumerator `check` uses, ranked by constraints
//! plus differences.

pub mod candidates;
pub mod compare;
pub mod distribution;
pub mod observe;
pub mod print;
pub mod rank;
pub mod readings;
pub mod values;

use std::path::Path;

use compare::{Differences, compare};
use rank::Scored;
use readings::{List, ListReading, Listed};

use crate::geometry::polygon::RegularPolygon;
use crate::model::design::resolve::resolve;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::limits::{MAX_ENUMERATION_WORK, count_text};
use crate::model::input::source::read_source;
use crate::model::parts::tiles::TileReading;
use crate::model::rules::set_rule::tile_description_key;
use crate::model::rules::tile_set::SetRule;
use crate::validate::enumerate::{TooLarge, complete_set, enumeration_work};

/// The enumeration work all the rules of one explanation may cost together: four times
/// what `check` allows one rule.
pub const EXPLAIN_WORK: f64 = 4.0 * MAX_ENUMERATION_WORK;

/// How many of the best-scored rules are derived again and compared tile by tile.
const VERIFIED: usize = 6;

/// A rule explain proposes, derived and compared with the list as read for it.
#[derive(Clone, Debug)]
pub struct Proposal {
    /// The rule, with `copies`, `copies_of` and `count` as the list has them.
    pub rule: SetRule,
    pub constraints: usize,
    pub differences: Differences,
    /// How the list is read under this rule (which joins its tiles take from the rule).
    pub reading: TileReading,
}

impl Proposal {
    /// Constraints plus differences, then fewer differences, then fewer constraints.
    pub fn rank(&self) -> (usize, usize, usize) {
        let differences = self.differences.count();
        (self.constraints + differences, differences, self.constraints)
    }
}

/// What explain found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The design's own rule derives its list exactly: this many tiles.
    Exact(usize),
    /// The simplest rule, and the runner-up when it is close.
    Found { best: Box<Proposal>, runner_up: Option<Box<Proposal>> },
    /// No rule searched costs less than the list itself; the closest, if any was derived.
    NotCovered { closest: Option<Box<Proposal>> },
}

/// An explanation of a list.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub set_name: String,
    pub shape: RegularPolygon,
    pub slots_per_edge: usize,
    /// Whether the tiles have two faces: the rule derives faces, two to a tile.
    pub two_faced: bool,
    /// Distinct tiles listed (faces, when two-faced) (as the best rule's symmetry tells them apart, else by rotation).
    pub listed: usize,
    /// Rules derived, and filter combinations scored on them.
    pub derived: usize,
    pub scored: usize,
    /// Rules not derived, each with why (the work estimate or the tile limit).
    pub skipped: Vec<String>,
    /// Readings of the list that do not load, each with the first error.
    pub unread: Vec<String>,
    pub outcome: Outcome,
    /// The number the first added tile takes (after the list's highest).
    pub next_number: u32,
}

/// explain's answer for a design: a rule over slots, or over values.
#[derive(Clone, Debug)]
pub enum Answer {
    Slots(Explanation),
    Values(Box<values::ValueExplanation>),
}

impl Answer {
    /// The answer's lines, as `explain` prints them (`path` locates listed tiles).
    pub fn report(&self, path: &Path) -> Vec<String> {
        match self {
            Answer::Slots(explanation) => print::report(explanation, path),
            Answer::Values(explanation) => values::value_report(explanation, path),
        }
    }

    /// Whether a rule explains the list (or the design's own rule derives it exactly).
    pub fn explained(&self) -> bool {
        match self {
            Answer::Slots(explanation) => {
                !matches!(explanation.outcome, Outcome::NotCovered { .. })
            }
            Answer::Values(explanation) => {
                explanation.exact.is_some() || (explanation.covered && !explanation.designed)
            }
        }
    }
}

/// Explains the design at `path`, over values when its tiles carry them, else over slots.
pub fn answer(path: &Path) -> Result<Answer, Vec<Diagnostic>> {
    let source = read_source(path, "design").map_err(|error| vec![error])?;
    if let Ok(design) = resolve(&source)
        && design.values.is_some()
    {
        if design.tiles.is_empty() {
            let message = format!("{} lists no tiles to explain", design.name);
            let help = "list the tiles you have as [[tiles]] entries, one per tile";
            return Err(vec![Diagnostic::error(path, None, message).with_help(help)]);
        }
        return Ok(Answer::Values(Box::new(values::explain_values(&design))));
    }
    explain(path).map(Answer::Slots)
}

/// Explains the design at `path`: its errors when it cannot be read or holds no list of
/// tiles with edge or corner slots (a two-faced tile's front and back both listed faces).
pub fn explain(path: &Path) -> Result<Explanation, Vec<Diagnostic>> {
    let list = readings::read_list(path)?;
    let next_number = list.design.tiles.iter().map(|t| t.number).max().unwrap_or(0) + 1;
    let unread = list
        .unread
        .iter()
        .map(|(reading, error)| format!("{}: {error}", reading_text(*reading)))
        .collect();
    let mut explanation = Explanation {
        set_name: list.design.name.clone(),
        shape: list.shape,
        slots_per_edge: list.slots_per_edge,
        two_faced: list.two_faced,
        listed: 0,
        derived: 0,
        scored: 0,
        skipped: Vec::new(),
        unread,
        outcome: Outcome::NotCovered { closest: None },
        next_number,
    };
    if let Some(derived) = own_rule_exact(&list) {
        explanation.listed = derived;
        explanation.outcome = Outcome::Exact(derived);
        return Ok(explanation);
    }
    let mut scored: Vec<(Scored, usize)> = Vec::new();
    let mut work_left = EXPLAIN_WORK;
    for (index, reading) in list.readings.iter().enumerate() {
        let observed = observe::observe(&reading.tiles, &list.design.palette, list.slots_per_edge);
        let geometry = (list.shape.sides, list.slots_per_edge);
        let listed = reading.tiles.len();
        for base in candidates::bases(&observed, reading.reading, listed, geometry) {
            let work = enumeration_work(&base.rule, list.shape.sides);
            let what = || base_text(&base.rule, reading.reading);
            if work > work_left {
                explanation.skipped.push(format!(
                    "{}: about {} steps, more than the {} left of explain's budget",
                    what(),
                    count_text(work),
                    count_text(work_left.max(0.0))
                ));
                continue;
            }
            match complete_set(&base.rule, list.shape) {
                Ok(derived) => {
                    work_left -= work;
                    explanation.derived += 1;
                    let best =
                        rank::best_filters(&base, &derived, &reading.tiles, &observed, list.shape);
                    explanation.scored += candidates::filter_families(&observed, &base.rule)
                        .iter()
                        .map(|f| f.len() + 1)
                        .product::<usize>();
                    scored.extend(best.into_iter().map(|s| (s, index)));
                }
                Err(TooLarge::Work(work)) => explanation.skipped.push(format!(
                    "{}: about {} steps, more than the limit of {}",
                    what(),
                    count_text(work),
                    count_text(MAX_ENUMERATION_WORK)
                )),
                Err(TooLarge::Tiles) => {
                    work_left -= work;
                    explanation.skipped.push(format!(
                        "{}: more than {} tiles",
                        what(),
                        crate::model::input::limits::MAX_TILES
                    ))
                }
            }
        }
    }
    scored.sort_by_key(|(s, _)| s.rank());
    let mut proposals: Vec<Proposal> = scored
        .iter()
        .take(VERIFIED)
        .filter_map(|(s, index)| verified(s, &list.readings[*index], list.shape))
        .filter(|p| p.differences.derived > p.differences.added.len())
        .collect();
    proposals.sort_by_key(Proposal::rank);
    let Some(best) = proposals.first().cloned() else {
        if let Some(reading) = list.readings.first() {
            let rotation = crate::geometry::canonical::Symmetry::Rotation;
            explanation.listed =
                compare::keyed(&reading.tiles, list.slots_per_edge, rotation).len();
        }
        return Ok(explanation);
    };
    let tiles =
        &list.readings.iter().find(|r| r.reading == best.reading).expect("its reading").tiles;
    let distinct = compare::listed_keys(&best.rule, tiles).len();
    explanation.listed = distinct;
    let total = best.rank().0;
    if best.differences.count() >= distinct {
        explanation.outcome = Outcome::NotCovered { closest: Some(Box::new(best)) };
        return Ok(explanation);
    }
    let best_text = print::rule_table(&best.rule, &best.differences, list.shape.sides);
    let runner_up = proposals
        .into_iter()
        .skip(1)
        .find(|p| print::rule_table(&p.rule, &p.differences, list.shape.sides) != best_text)
        .filter(|p| p.rank().0 <= total + 2);
    explanation.outcome =
        Outcome::Found { best: Box::new(best), runner_up: runner_up.map(Box::new) };
    Ok(explanation)
}

/// The scored rule derived again with the check's enumerator and compared tile by tile.
fn verified(scored: &Scored, reading: &ListReading, shape: RegularPolygon) -> Option<Proposal> {
    let mut rule = scored.rule.clone();
    let derived = complete_set(&rule, shape).ok()?;
    let differences = compare(&rule, shape, &derived, &reading.tiles);
    rule.copies = differences.copies;
    rule.count = Some(derived.len());
    Some(Proposal { rule, constraints: scored.constraints, differences, reading: reading.reading })
}

/// The number of tiles the design's own rule derives, when that is its list exactly (every
/// tile, none extra, each as many times as the rule says).
fn own_rule_exact(list: &List) -> Option<usize> {
    let rule = list.design.rule.as_ref()?;
    let tiles: Vec<Listed> = readings::listed(&list.design);
    let derived = complete_set(rule, list.shape).ok()?;
    let differences = compare(rule, list.shape, &derived, &tiles);
    if !differences.added.is_empty() || !differences.not_derived.is_empty() {
        return None;
    }
    let own: std::collections::BTreeMap<&str, u32> =
        rule.copies_of.iter().map(|(name, n, _)| (name.as_str(), *n)).collect();
    let listed = compare::listed_keys(rule, &tiles);
    let counts_right = differences.duplicates.is_empty()
        && listed.iter().all(|(key, entries)| {
            let tile = &derived[key];
            let text = crate::validate::describe::describe(
                list.shape,
                &tile.slots,
                &tile.joins,
                &tile.corners,
            );
            let wanted =
                own.get(tile_description_key(&text).as_str()).copied().unwrap_or(rule.copies);
            compare::times_listed(entries) == wanted
        });
    counts_right.then_some(derived.len())
}

/// `lines joined by colour` / `lines as written`, for a reading.
pub fn reading_text(reading: TileReading) -> String {
    let lines = match reading.lines {
        true => "lines joined by colour (joins = \"every\")",
        false => "joins as written",
    };
    match reading.regions {
        true => format!("{lines}, neighbouring regions joined by colour"),
        false => lines.to_string(),
    }
}

/// A base rule in a few words, for the list of rules not derived.
fn base_text(rule: &SetRule, reading: TileReading) -> String {
    let joins = match rule.joins {
        crate::model::rules::tile_set::JoinRule::Every => "every",
        crate::model::rules::tile_set::JoinRule::Optional => "optional",
        crate::model::rules::tile_set::JoinRule::Never => "none",
    };
    let _ = reading;
    format!(
        "colours {}, joins = \"{joins}\", symmetry = \"{}\"",
        rule.colours.join(" "),
        print::symmetry_name(rule.symmetry)
    )
}
