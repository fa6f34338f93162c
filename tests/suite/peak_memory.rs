//! Peak memory and time of `check` and `build` on every shipped design and on the largest
//! designs the limits allow (docs/performance.md): each under 500 MB and 10 s.
//!
//! The largest designs take minutes in a debug build, so they run on request:
//! `cargo test --release --test suite peak_memory -- --ignored --nocapture` prints the table.

use crate::common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use common::{code, root, scratch, text, tilepress_watched};
use tilepress::model::input::limits::{
    MAX_BOARD_CELLS, MAX_ENUMERATION_WORK, MAX_NET_FACES, MAX_PIECES, MAX_TILES,
};
use tilepress::model::rules::tile_set::{JoinRule, RegionJoinRule, SetRule, SlotKind};
use tilepress::validate::enumerate::enumeration_work;

/// Peak resident memory allowed, in kB.
const MAX_PEAK_KB: u64 = 500 * 1024;
/// Longest run allowed (release build).
const MAX_TIME: Duration = Duration::from_secs(10);

/// One measured run: exit code, peak resident memory (the last VmHWM read while it ran, in
/// kB), processor time (user + system, the last read) and wall time.
struct Run {
    code: i32,
    peak_kb: u64,
    cpu: Duration,
    wall: Duration,
}

/// Runs `tilepress` and measures it from `/proc/PID/status` and `/proc/PID/stat`.
fn measured(dir: &Path, args: &[&str]) -> Run {
    let (mut peak_kb, mut ticks) = (0, 0);
    let run = tilepress_watched(dir, args, 12 * MAX_TIME, |pid| {
        let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:"));
        if let Some(kb) = hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()) {
            peak_kb = peak_kb.max(kb);
        }
        // Fields after the command name: utime and stime are the 12th and 13th, in ticks.
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let fields: Vec<&str> =
            stat.rsplit_once(')').map_or("", |(_, f)| f).split_whitespace().collect();
        let tick = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        ticks = ticks.max(tick(11) + tick(12));
    });
    let (output, wall) = run.unwrap_or_else(|| panic!("{args:?} ran past {:?}", 12 * MAX_TIME));
    assert_ne!(code(&output), 101, "{args:?} panicked: {}", text(&output).1);
    // Linux counts processor time in ticks of 1/100 s (USER_HZ).
    Run { code: code(&output), peak_kb, cpu: Duration::from_millis(ticks * 10), wall }
}

/// The most colours a rule of one-colour tiles (every join optional, no symmetry: 76 tiles
/// per colour) may have within the enumeration limit.
fn largest_rule_colours() -> usize {
    let rule = |colours: usize| SetRule {
        colours: (0..colours).map(|i| format!("c{i}")).collect(),
        slots_per_edge: 1,
        edges: Vec::new(),
        slot_kinds: vec![SlotKind::Line],
        kinds_of: std::collections::BTreeMap::new(),
        joins: JoinRule::Optional,
        region_joins: RegionJoinRule::Never,
        corner_colours: Vec::new(),
        join_spans: vec![1, 2, 3],
        exclude_spans: Vec::new(),
        distinct_line_colours: false,
        min_colours: 1,
        max_colours: 1,
        min_slot_kinds: 1,
        symmetry: tilepress::model::rules::tile_set::Symmetry::None,
        count: None,
        copies: 1,
        copies_of: Vec::new(),
        values: None,
        position: Default::default(),
        key_positions: Default::default(),
    };
    (2..40).take_while(|&n| enumeration_work(&rule(n), 6) <= MAX_ENUMERATION_WORK).last().unwrap()
}

/// 2 000 hexagonal tiles with backs on A4 (112 sheets: larger ones pack 15 a sheet, 134
/// sheets, over the sheet limit), and a rule as costly to derive as the enumeration limit
/// allows.
fn largest_tiles() -> String {
    let colours = largest_rule_colours();
    let names: Vec<String> = (0..colours).map(|i| format!("\"c{i}\"")).collect();
    let palette: String =
        (0..colours).map(|i| format!("c{i} = \"#{:02x}4080\"\n", i * 9)).collect();
    let mut design = format!(
        "[set]\nname = \"Largest tiles\"\nshape = \"hexagon\"\nedge_mm = 30.5\n\n\
         [rule]\ncolours = [{}]\njoins = \"optional\"\nmax_colours = 1\nsymmetry = \"none\"\n\n\
         [palette]\n{palette}white = \"#ffffff\"\n\n[sheet]\npaper = \"A4\"\nduplex = \"long-edge\"\n\n",
        names.join(", ")
    );
    for number in 1..=MAX_TILES {
        let colour = format!("\"c{}\"", number % colours);
        let edges = [colour.as_str(); 6].join(", ");
        design.push_str(&format!(
            "[[tiles]]\nnumber = {number}\nedges = [{edges}]\njoins = [[1, 2], [3, 4], [5, 6]]\nback = \"white\"\n"
        ));
    }
    design
}

/// 2 000 pieces of four triangles and a board of 20 000 triangles, on the tetrakis grid.
fn largest_pieces() -> String {
    let side = ((MAX_BOARD_CELLS / 4) as f64).sqrt() as usize;
    let mut design = format!(
        "[set]\nname = \"Largest pieces\"\n\n[grid]\nkind = \"tetrakis\"\nsquare_mm = 10.0\n\n\
         [palette]\nacid = \"#b5c21a\"\npetrol = \"#00606b\"\nwhite = \"#ffffff\"\nblack = \"#000000\"\n\n\
         [sheet]\npaper = \"A4\"\n\n[[piece_groups]]\nname = \"player\"\ncopies = 2\ncount = {}\ncells = [1, 4]\n\
         front = {{ colour = \"acid\", mark = \"AB\" }}\nback = {{ colour = \"petrol\" }}\n\n",
        MAX_PIECES / 2
    );
    for (code, cells) in [("S", "0 0"), ("T", "0 0 NE"), ("L", "0 0 NES"), ("W", "0 0 N")] {
        let count = MAX_PIECES / 2 / 4;
        design.push_str(&format!(
            "[[pieces]]\ncode = \"{code}\"\ngroup = \"player\"\ncount = {count}\ncells = [\"{cells}\"]\n\n"
        ));
    }
    design.push_str(&format!(
        "[board]\ncells = [\"0..{} 0..{}\"]\nfill = \"white\"\nlines = \"black\"\n",
        side - 1,
        side - 1
    ));
    design
}

/// As many nets of a 100-sided prism (200 vertices, 102 polygons) as the limit on printed
/// net faces allows.
fn largest_nets() -> String {
    let sides = 100;
    let radius = 15.0;
    let mut vertices = Vec::new();
    for z in [0.0, 8.0] {
        for k in 0..sides {
            let angle = std::f64::consts::TAU * k as f64 / sides as f64;
            vertices.push(format!(
                "[{:.4}, {:.4}, {z:?}]",
                radius * angle.cos(),
                radius * angle.sin()
            ));
        }
    }
    let mut polygons = Vec::new();
    polygons.push(format!(
        "[{}]",
        (1..=sides).rev().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
    ));
    polygons.push(format!(
        "[{}]",
        (sides + 1..=2 * sides).map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
    ));
    for k in 1..=sides {
        let next = k % sides + 1;
        polygons.push(format!("[{k}, {next}, {}, {}]", next + sides, k + sides));
    }
    format!(
        "[set]\nname = \"Largest nets\"\n\n[palette]\nred = \"#d62828\"\n\n[sheet]\npaper = \"A3\"\n\n\
         [[nets]]\nname = \"drum\"\nvertices = [{}]\npolygons = [{}]\ncolour = \"red\"\ncount = {}\n",
        vertices.join(", "),
        polygons.join(", "),
        MAX_NET_FACES / (sides as u64 + 2)
    )
}

/// Runs `check` and `build` on each design, printing a row per run; fails past 500 MB or
/// `max_cpu`. Time is judged by processor time: the machine is shared, so wall time also
/// counts the waiting for a core.
fn measure_all(designs: &[(String, String)], dir: &Path, max_cpu: Duration) {
    println!("| design | command | exit | peak memory | processor time | wall time |");
    println!("|---|---|---|---|---|---|");
    let mut over = Vec::new();
    for (name, path) in designs {
        for command in ["check", "build"] {
            let args: Vec<&str> = match command {
                "check" => vec!["check", path],
                _ => vec!["build", "-j", "1", path, "-o", "out"],
            };
            let run = measured(dir, &args);
            let mb = run.peak_kb as f64 / 1024.0;
            let (cpu, wall) = (run.cpu.as_secs_f64(), run.wall.as_secs_f64());
            println!(
                "| {name} | `{command}` | {} | {mb:.1} MB | {cpu:.2} s | {wall:.2} s |",
                run.code
            );
            if run.peak_kb >= MAX_PEAK_KB || run.cpu >= max_cpu {
                over.push(format!("{name} {command}: {mb:.1} MB, {cpu:.2} s"));
            }
        }
    }
    assert!(over.is_empty(), "over the bounds: {over:?}");
}

/// Each design written into `dir` as `<name>.toml`: its name and path.
fn written<const N: usize>(dir: &Path, designs: [(&str, String); N]) -> Vec<(String, String)> {
    let mut written = Vec::new();
    for (name, text) in designs {
        let path = dir.join(format!("{name}.toml"));
        fs::write(&path, text).unwrap();
        written.push((name.to_string(), path.display().to_string()));
    }
    written
}

#[test]
fn the_shipped_designs_stay_small() {
    let dir = scratch("peak-shipped");
    let designs: Vec<(String, String)> = ["tantrix", "triles", "tranglar", "trans-rabat"]
        .iter()
        .map(|name| {
            (name.to_string(), root().join(format!("designs/{name}.toml")).display().to_string())
        })
        .collect();
    measure_all(&designs, &dir, MAX_TIME);
}

#[test]
#[ignore = "minutes in a debug build: run with --release -- --ignored"]
fn the_largest_designs_the_limits_allow_stay_under_500_mb_and_10_s() {
    let dir = scratch("peak-largest");
    let designs = written(
        &dir,
        [
            ("largest-tiles", largest_tiles()),
            ("largest-pieces", largest_pieces()),
            ("largest-nets", largest_nets()),
        ],
    );
    measure_all(&designs, &dir, MAX_TIME);
}

/// One 1 mm tile of `shape` (with `edges` edges) on 2 000 × 2 000 mm paper.
fn one_tiny_tile(shape: &str, edges: usize) -> String {
    format!(
        "[set]\nname = \"One {shape}\"\nshape = \"{shape}\"\nedge_mm = 1\n\n[palette]\nink = \"#000000\"\n\n\
         [sheet]\npaper = \"2000x2000\"\n\n[[tiles]]\nnumber = 1\nedges = [{}]\n",
        vec!["\"-\""; edges].join(", ")
    )
}

/// 100 000 cards of 5 × 5 mm, each with its letter, on 2 000 × 2 000 mm paper (the data
/// file `cards.csv` beside it: one row counted 100 000 times).
fn many_small_cards() -> String {
    "[set]\nname = \"Small cards\"\n\n[palette]\nink = \"#000000\"\n\n[sheet]\npaper = \"2000x2000\"\n\n\
     [check]\nsafe_mm = 1\nmin_text_mm = 1\n\n[faces.front]\nlayers = [{ text = \"{rank}\", size_mm = 2, colour = \"ink\" }]\n\n\
     [[decks]]\nname = \"cards\"\nsize_mm = [5, 5]\nfront = \"front\"\ndata = \"cards.csv\"\ncount_column = \"count\"\n"
        .to_string()
}

#[test]
#[ignore = "release build: run with --release -- --ignored"]
fn one_tiny_tile_on_two_metre_paper_builds_under_500_mb_and_5_s() {
    let dir = scratch("peak-large-paper");
    let designs = written(
        &dir,
        [
            ("one-1mm-triangle", one_tiny_tile("triangle", 3)),
            ("one-1mm-square", one_tiny_tile("square", 4)),
        ],
    );
    measure_all(&designs, &dir, Duration::from_secs(5));
}

#[test]
#[ignore = "release build: run with --release -- --ignored"]
fn a_hundred_thousand_small_cards_on_two_metre_paper_build_under_500_mb_and_5_s() {
    let dir = scratch("peak-small-cards");
    fs::write(dir.join("cards.csv"), "rank,count\nq,100000\n").unwrap();
    let path = dir.join("cards.toml");
    fs::write(&path, many_small_cards()).unwrap();
    let designs = [("100000-cards-of-5mm".to_string(), path.display().to_string())];
    measure_all(&designs, &dir, Duration::from_secs(5));
}
