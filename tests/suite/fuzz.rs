//! Fuzzing with a bounded budget: shipped and test designs and diagrams mutated line by line
//! (lines deleted, doubled or swapped; numbers turned into 0, -1, NaN, 1e9…; texts replaced;
//! lines inserted, such as empty net polyhedra) and driven through the library — resolve,
//! check, build in memory; load, check and draw a diagram — must never panic nor hang. A
//! sweep mutates a value in every top-level table of both file kinds.
//!
//! `FUZZ_CASES=2000 cargo test --release --test fuzz` runs a longer campaign.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{OnceLock, mpsc};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};
use tilepress::build::build;
use tilepress::diagram::files::{check_figure, figure_files};
use tilepress::model::SourceFile;
use tilepress::model::design::resolve::resolve;
use tilepress::validate::check_design;

/// The designs mutated: every kind (tiles, pieces, painted boards, nets).
const SEEDS: [&str; 6] = [
    include_str!("../../designs/tantrix.toml"),
    include_str!("../../designs/triles.toml"),
    include_str!("../../designs/tranglar.toml"),
    include_str!("../../designs/trans-rabat.toml"),
    include_str!("../designs/mini-hex.toml"),
    include_str!("../fixtures/tiny-rabat.toml"),
];

/// The diagrams mutated: between them every top-level table of a diagram file.
const DIAGRAM_SEEDS: [&str; 4] = [
    include_str!("../../diagrams/tantrix-forced-space-filled.toml"),
    include_str!("../../diagrams/tantrix-forbidden-controlled-side.toml"),
    include_str!("../../diagrams/trans-rabat-double-match.toml"),
    include_str!("../../diagrams/tranglar-capture.toml"),
];

/// Every top-level table of a design file (`model::schema::DesignFile`).
const DESIGN_TABLES: [&str; 15] = [
    "set",
    "style",
    "palette",
    "rule",
    "backs",
    "sheet",
    "tiles",
    "grid",
    "piece_groups",
    "pieces",
    "board",
    "players",
    "nets",
    "play",
    "cues",
];

/// Every top-level table of a diagram file (`diagram::schema::DiagramFile`).
const DIAGRAM_TABLES: [&str; 7] =
    ["diagram", "place", "mark", "arrow", "label", "highlight", "move"];

/// Lines inserted whole: empty and broken polyhedra, huge places and sizes.
const LINES: [&str; 10] = [
    "vertices = []",
    "polygons = []",
    "polygons = [[1, 2, 3]]",
    "vertices = [[0.0, 0.0, 0.0]]",
    "cone = { radius_mm = 0.0, height_mm = 1.0 }",
    "at = [1000000, -1000000]",
    "turn = 99",
    "width_mm = 1000.0",
    "dpi = 1200",
    "cells = [\"0..1000 0..1000 NESW\"]",
];

/// Numbers put in place of a number.
const NUMBERS: [&str; 12] =
    ["0", "-1", "nan", "inf", "-inf", "1e9", "1e-9", "4294967295", "3", "0.5", "-0.0", "1e308"];

/// Texts put in place of a quoted text.
const TEXTS: [&str; 10] =
    ["", "x", "red ring", "0..1000 0..1000", "é", "[[", "1x1", "player", "0 0 NESW", "  "];

/// One change to a design's text, chosen by indices into its lines and the tables above.
#[derive(Clone, Debug)]
enum Mutation {
    Delete(usize),
    Duplicate(usize),
    Swap(usize, usize),
    Number(usize, usize),
    Text(usize, usize),
    Truncate(usize),
    Insert(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let line = 0..400usize;
    prop_oneof![
        1 => line.clone().prop_map(Mutation::Delete),
        1 => line.clone().prop_map(Mutation::Duplicate),
        1 => (line.clone(), line.clone()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        3 => (line.clone(), 0..NUMBERS.len()).prop_map(|(l, n)| Mutation::Number(l, n)),
        2 => (line.clone(), 0..TEXTS.len()).prop_map(|(l, t)| Mutation::Text(l, t)),
        1 => (0..20_000usize).prop_map(Mutation::Truncate),
        1 => (line.clone(), 0..LINES.len()).prop_map(|(l, k)| Mutation::Insert(l, k)),
    ]
}

/// The design's text after the mutations (line indices wrap around the line count).
fn mutated(seed: &str, mutations: &[Mutation]) -> String {
    let mut lines: Vec<String> = seed.lines().map(str::to_string).collect();
    for m in mutations {
        let n = lines.len().max(1);
        match *m {
            Mutation::Delete(l) if !lines.is_empty() => {
                lines.remove(l % n);
            }
            Mutation::Duplicate(l) if !lines.is_empty() => {
                lines.insert(l % n, lines[l % n].clone())
            }
            Mutation::Swap(a, b) if !lines.is_empty() => lines.swap(a % n, b % n),
            Mutation::Number(l, k) if !lines.is_empty() => {
                lines[l % n] = replace_number(&lines[l % n], NUMBERS[k]);
            }
            Mutation::Text(l, k) if !lines.is_empty() => {
                lines[l % n] = replace_text(&lines[l % n], TEXTS[k]);
            }
            Mutation::Insert(l, k) => lines.insert(l % (lines.len() + 1), LINES[k].to_string()),
            Mutation::Truncate(at) => {
                let text = lines.join("\n");
                let cut = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i));
                lines = text[..cut.unwrap_or(0)].lines().map(str::to_string).collect();
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// The line with its first number (a run of digits, `.`, `-`) replaced.
fn replace_number(line: &str, by: &str) -> String {
    let Some(start) = line.find(|c: char| c.is_ascii_digit()) else { return line.to_string() };
    let start = if line[..start].ends_with('-') { start - 1 } else { start };
    let end = line[start + 1..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e'))
        .map_or(line.len(), |i| start + 1 + i);
    format!("{}{by}{}", &line[..start], &line[end..])
}

/// The line with its first quoted text replaced.
fn replace_text(line: &str, by: &str) -> String {
    let mut parts = line.splitn(3, '"');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(before), Some(_), Some(after)) => format!("{before}\"{by}\"{after}"),
        _ => line.to_string(),
    }
}

/// Resolve, check and build one text in memory; `Ok` whatever the verdict, as long as
/// nothing panics. The outcome names how far it went.
fn drive(text: String) -> &'static str {
    let source = SourceFile::new("fuzz.toml", text);
    let Ok(design) = resolve(&source) else { return "refused" };
    let _ = check_design(&design, Path::new("fuzz.toml"));
    match build(&design, "fuzz") {
        Ok(_) => "built",
        Err(_) => "not printable",
    }
}

/// A scratch copy of the shipped designs, where mutated diagrams are written beside a
/// `diagrams/` folder so that their `../designs/…` paths resolve.
fn diagram_folder() -> &'static Path {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("tilepress-fuzz-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("diagrams")).unwrap();
        std::fs::create_dir_all(root.join("designs")).unwrap();
        let designs = Path::new(env!("CARGO_MANIFEST_DIR")).join("designs");
        common::copy_folder(&designs, &root.join("designs"));
        root.join("diagrams")
    })
}

/// Load, check and draw one diagram text (written to a file of its own); the outcome names
/// how far it went.
fn drive_diagram(text: String) -> &'static str {
    static CASE: AtomicUsize = AtomicUsize::new(0);
    let path = diagram_folder().join(format!("case-{}.toml", CASE.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&path, text).unwrap();
    let outcome = match tilepress::diagram::load::load(&path) {
        Err(_) => "refused",
        Ok(figure) if !check_figure(&figure).problems.is_empty() => "not as stated",
        Ok(figure) => match figure_files(&figure, "fuzz") {
            Ok(_) => "built",
            Err(_) => "not drawable",
        },
    };
    let _ = std::fs::remove_file(&path);
    outcome
}

/// Longest a single case may take before it counts as a hang (debug builds are slow).
const CASE_LIMIT: Duration = Duration::from_secs(30);

/// Runs `work` on `text` on its own thread; a panic or a case over [`CASE_LIMIT`] fails.
fn watchdog(text: String, work: fn(String) -> &'static str) -> Result<&'static str, TestCaseError> {
    let (send, receive) = mpsc::channel();
    let copy = text.clone();
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(|| work(copy));
        let _ = send.send(outcome);
    });
    match receive.recv_timeout(CASE_LIMIT) {
        Ok(Ok(outcome)) => Ok(outcome),
        Ok(Err(_)) => Err(TestCaseError::fail(format!("panicked on:\n{text}"))),
        Err(_) => Err(TestCaseError::fail(format!("hung (> {CASE_LIMIT:?}) on:\n{text}"))),
    }
}

/// Runs `cases` (default) mutated copies of `seeds` through `work` within `seconds`
/// (default; `FUZZ_CASES` and `FUZZ_SECONDS` override both), deterministically; fails on a
/// panic or hang and when no case was refused or none built. `what` names the run.
fn campaign(
    what: &str,
    seeds: &[&str],
    cases: u32,
    seconds: u64,
    work: fn(String) -> &'static str,
) {
    let cases = std::env::var("FUZZ_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(cases);
    let budget = Duration::from_secs(
        std::env::var("FUZZ_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(seconds),
    );
    let config = Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        max_shrink_iters: 16,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let started = Instant::now();
    let outcomes = std::sync::Mutex::new(std::collections::BTreeMap::<&str, usize>::new());
    let strategy = (0..seeds.len(), prop::collection::vec(mutation(), 1..4));
    let result = runner.run(&strategy, |(seed, mutations)| {
        if started.elapsed() > budget {
            return Ok(()); // Time is up: the remaining cases pass unrun.
        }
        let outcome = watchdog(mutated(seeds[seed], &mutations), work)?;
        *outcomes.lock().unwrap().entry(outcome).or_default() += 1;
        Ok(())
    });
    let outcomes = outcomes.into_inner().unwrap();
    eprintln!("{what} fuzz: {outcomes:?} in {:.1} s", started.elapsed().as_secs_f64());
    if let Err(error) = result {
        panic!("{error}");
    }
    assert!(outcomes.get("refused").is_some_and(|&n| n > 0), "some mutated {what}s are refused");
    assert!(outcomes.get("built").is_some_and(|&n| n > 0), "some mutated {what}s still build");
}

#[test]
fn mutated_designs_never_panic_nor_hang() {
    campaign("design", &SEEDS, 128, 45, drive);
}

#[test]
fn mutated_diagrams_never_panic_nor_hang() {
    campaign("diagram", &DIAGRAM_SEEDS, 64, 20, drive_diagram);
}

/// The top-level table a line belongs to: the last header above it, up to its first dot.
fn table_of(lines: &[&str], index: usize) -> Option<String> {
    lines[..=index].iter().rev().find_map(|line| {
        let header = line.trim().strip_prefix('[')?.trim_start_matches('[');
        let name = header.split([']', '.']).next()?.trim();
        Some(name.to_string())
    })
}

/// Mutates the first number or text of every top-level table found in the seeds, one
/// mutation at a time, and drives each; returns the tables mutated.
fn sweep(seeds: &[&str], work: fn(String) -> &'static str) -> BTreeSet<String> {
    let mut covered = BTreeSet::new();
    let mut done = BTreeSet::new();
    for seed in seeds {
        let lines: Vec<&str> = seed.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            let Some(table) = table_of(&lines, index) else { continue };
            let candidates = [
                ("number", replace_number(line, NUMBERS[(index + 1) % NUMBERS.len()])),
                ("text", replace_text(line, TEXTS[index % TEXTS.len()])),
            ];
            for (_, changed) in candidates {
                if changed == *line || !done.insert(table.clone()) {
                    continue;
                }
                let mut text: Vec<&str> = lines.clone();
                text[index] = &changed;
                if let Err(error) = watchdog(text.join("\n"), work) {
                    panic!("table [{table}], line {}: {error}", index + 1);
                }
                covered.insert(table.clone());
            }
        }
    }
    covered
}

#[test]
fn every_top_level_table_is_mutated() {
    let covered = sweep(&SEEDS, drive);
    let expected: BTreeSet<String> = DESIGN_TABLES.iter().map(|t| t.to_string()).collect();
    assert_eq!(covered, expected, "design tables mutated");
    let covered = sweep(&DIAGRAM_SEEDS, drive_diagram);
    let expected: BTreeSet<String> = DIAGRAM_TABLES.iter().map(|t| t.to_string()).collect();
    assert_eq!(covered, expected, "diagram tables mutated");
}

#[test]
fn mutations_change_what_they_say() {
    assert_eq!(replace_number("edge_mm = 24.0", "nan"), "edge_mm = nan");
    assert_eq!(replace_number("x = -3, 4", "1e9"), "x = 1e9, 4");
    assert_eq!(replace_text("a = \"red\" # c", ""), "a = \"\" # c");
    let seed = "a = 1\nb = \"x\"\nc = 3";
    assert_eq!(mutated(seed, &[Mutation::Delete(1)]), "a = 1\nc = 3");
    assert_eq!(mutated(seed, &[Mutation::Swap(0, 5)]), "c = 3\nb = \"x\"\na = 1");
    assert_eq!(mutated(seed, &[Mutation::Truncate(3)]), "a =");
    assert_eq!(mutated("a = 1", &[Mutation::Insert(7, 0)]), "a = 1\nvertices = []");
    let lines = ["[set]", "a = 1", "[board.moves]", "b = 2", "[[nets]]"];
    assert_eq!(table_of(&lines, 1).as_deref(), Some("set"));
    assert_eq!(table_of(&lines, 3).as_deref(), Some("board"));
    assert_eq!(table_of(&lines, 4).as_deref(), Some("nets"));
}
