//! Peak memory and time of `check` and `build` on every shipped design and on the largest
//! designs the limits allow (docs/performance.md): each under 500 MB and 10 s.
//!
//! The largest designs take minutes in a debug build, so they run on request:
//! `cargo test --release --test peak_memory -- --ignored --nocapture` prints the table.

mod common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use common::{code, root, scratch, text, tilepress_watched};
use tilepress::model::design::{JoinRule, SetRule, SlotKind};
use tilepress::model::limits::{
    MAX_BOARD_CELLS, MAX_ENUMERATION_WORK, MAX_NET_COPIES, MAX_PIECES, MAX_TILES,
};
use tilepress::validate::enumerate::enumeration_work;

/// Peak resident memory allowed, in kB.
const MAX_PEAK_KB: u64 = 500 * 1024;
/// Longest run allowed (release build).
const MAX_TIME: Duration = Duration::from_secs(10);

/// Runs `tilepress` and returns its exit code, peak resident memory (the last VmHWM read
/// while it ran, in kB) and wall time.
fn measured(dir: &Path, args: &[&str]) -> (i32, u64, Duration) {
    let mut peak_kb = 0;
    let run = tilepress_watched(dir, args, 6 * MAX_TIME, |pid| {
        let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let hwm = status.lines().find_map(|l| l.strip_prefix("VmHWM:"));
        if let Some(kb) = hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok()) {
            peak_kb = peak_kb.max(kb);
        }
    });
    let (output, elapsed) = run.unwrap_or_else(|| panic!("{args:?} ran past {:?}", 6 * MAX_TIME));
    assert_ne!(code(&output), 101, "{args:?} panicked: {}", text(&output).1);
    (code(&output), peak_kb, elapsed)
}

/// The most colours a rule of one-colour tiles (every join optional, no symmetry: 76 tiles
/// per colour) may have within the enumeration limit.
fn largest_rule_colours() -> usize {
    let rule = |colours: usize| SetRule {
        colours: (0..colours).map(|i| format!("c{i}")).collect(),
        slot_kinds: vec![SlotKind::Line],
        joins: JoinRule::Optional,
        join_spans: vec![1, 2, 3],
        exclude_spans: Vec::new(),
        distinct_line_colours: false,
        min_colours: 1,
        max_colours: 1,
        min_slot_kinds: 1,
        symmetry: tilepress::model::design::Symmetry::None,
        count: None,
        position: Default::default(),
    };
    (2..40).take_while(|&n| enumeration_work(&rule(n), 6) <= MAX_ENUMERATION_WORK).last().unwrap()
}

/// 2 000 hexagonal tiles with backs on A4, near the sheet limit, and a rule as costly to
/// derive as the enumeration limit allows.
fn largest_tiles() -> String {
    let colours = largest_rule_colours();
    let names: Vec<String> = (0..colours).map(|i| format!("\"c{i}\"")).collect();
    let palette: String =
        (0..colours).map(|i| format!("c{i} = \"#{:02x}4080\"\n", i * 9)).collect();
    let mut design = format!(
        "[set]\nname = \"Largest tiles\"\nshape = \"hexagon\"\nedge_mm = 28.0\n\n\
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

/// 1 000 nets of a 100-sided prism (200 vertices, 102 polygons), as many as allowed.
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
         [[nets]]\nname = \"drum\"\nvertices = [{}]\npolygons = [{}]\ncolour = \"red\"\ncount = {MAX_NET_COPIES}\n",
        vertices.join(", "),
        polygons.join(", ")
    )
}

/// Runs `check` and `build` on each design, printing a row per run; fails past the bounds.
fn measure_all(designs: &[(String, String)], dir: &Path) {
    println!("| design | command | exit | peak memory | wall time |\n|---|---|---|---|---|");
    let mut over = Vec::new();
    for (name, path) in designs {
        for command in ["check", "build"] {
            let args: Vec<&str> = match command {
                "check" => vec!["check", path],
                _ => vec!["build", path, "-o", "out"],
            };
            let (exit, peak_kb, elapsed) = measured(dir, &args);
            let mb = peak_kb as f64 / 1024.0;
            println!(
                "| {name} | `{command}` | {exit} | {mb:.1} MB | {:.2} s |",
                elapsed.as_secs_f64()
            );
            if peak_kb >= MAX_PEAK_KB || elapsed >= MAX_TIME {
                over.push(format!("{name} {command}: {mb:.1} MB, {elapsed:?}"));
            }
        }
    }
    assert!(over.is_empty(), "over the bounds: {over:?}");
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
    measure_all(&designs, &dir);
}

#[test]
#[ignore = "minutes in a debug build: run with --release -- --ignored"]
fn the_largest_designs_the_limits_allow_stay_under_500_mb_and_10_s() {
    let dir = scratch("peak-largest");
    let mut designs = Vec::new();
    for (name, text) in [
        ("largest-tiles", largest_tiles()),
        ("largest-pieces", largest_pieces()),
        ("largest-nets", largest_nets()),
    ] {
        let path = dir.join(format!("{name}.toml"));
        fs::write(&path, text).unwrap();
        designs.push((name.to_string(), path.display().to_string()));
    }
    measure_all(&designs, &dir);
}
