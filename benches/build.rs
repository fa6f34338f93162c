//! Times building the shipped designs and diagrams: the real command line as a whole process
//! (Tantrix alone, Tantrix's `check`, Saltmarsh, the whole default build and issue 16's (its
//! four designs and their diagrams), the 1,000-card deck on A4 and Letter),
//! then in memory (each design alone, with and without the PNG previews, all of them on one
//! and two threads, the diagrams, a deck of 1,000 cards from a CSV).
//!
//! Run: `cargo bench --bench build` (`BENCH_RUNS=N` for more runs; the median is reported).
//! docs/performance.md has the numbers; `benches/peer.sh` adds peak memory and protograf.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{median, thousand_cards};
use tilepress::build::{build, build_sheets};
use tilepress::diagram::Figure;
use tilepress::diagram::files::figure_files;
use tilepress::diagram::load::load as load_diagram;
use tilepress::model::input::file_stem::file_stem;
use tilepress::model::{Design, load};

/// Every `*.toml` in the project's `folder`, sorted, read with `read`, by file stem.
fn loaded<T, E: std::fmt::Debug>(
    folder: &str,
    read: impl Fn(&Path) -> Result<T, E>,
) -> Vec<(String, T)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let item = read(path).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
            (file_stem(&path.file_stem().unwrap().to_string_lossy()), item)
        })
        .collect()
}

fn designs() -> Vec<(String, Design)> {
    loaded("designs", |path| load(path).map(|(_, design)| design))
}

fn diagrams() -> Vec<(String, Figure)> {
    loaded("diagrams", load_diagram)
}

/// Issue 16's default build, set up in `dir`: a project folder with the four designs it was
/// filed with (Saltmarsh, Lanterns of Keld, Wayfarers and Thornmere came later; the four use
/// no assets) and their diagrams (each named after its design).
fn issue_16_project(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let project = dir.join("issue-16");
    let copy_folder = |from: &Path, to: &Path, keep: &dyn Fn(&str) -> bool| {
        std::fs::create_dir_all(to).expect("scratch folder");
        for entry in std::fs::read_dir(from).expect("lists the folder").flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_file() && keep(&name) {
                std::fs::copy(entry.path(), to.join(&name)).expect("copies");
            }
        }
    };
    let first_four = ["tantrix", "triles", "tranglar", "trans-rabat"];
    let design = |n: &str| first_four.iter().any(|stem| n == format!("{stem}.toml"));
    let diagram = |n: &str| {
        n.ends_with(".toml") && first_four.iter().any(|stem| n.starts_with(&format!("{stem}-")))
    };
    copy_folder(&root.join("designs"), &project.join("designs"), &design);
    copy_folder(&root.join("diagrams"), &project.join("diagrams"), &diagram);
    project
}

/// The release binary as a whole process, run from the project folder (issue 16's build
/// from its own) into a scratch folder: wall time, median of `runs`.
fn command_line(runs: usize, deck: &Path, issue_16: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("tilepress-bench-{}", std::process::id()));
    let out_arg = out.to_string_lossy().into_owned();
    let deck = deck.to_string_lossy().into_owned();
    println!("the command line, whole process (wall, median of {runs})\n");
    for (what, args, folder) in [
        ("tantrix", vec!["build", "designs/tantrix.toml", "-o", &out_arg], root),
        ("tantrix -j 1", vec!["build", "designs/tantrix.toml", "-j", "1", "-o", &out_arg], root),
        ("tantrix check", vec!["check", "designs/tantrix.toml"], root),
        ("saltmarsh", vec!["build", "designs/saltmarsh.toml", "-o", &out_arg], root),
        ("default build", vec!["build", "-o", &out_arg], root),
        ("default -j 1", vec!["build", "-j", "1", "-o", &out_arg], root),
        ("issue 16's build", vec!["build", "-o", &out_arg], issue_16),
        ("1,000 cards A4", vec!["build", &deck, "--paper", "A4", "-o", &out_arg], root),
        ("1,000 cards Letter", vec!["build", &deck, "--paper", "Letter", "-o", &out_arg], root),
    ] {
        let time = median(runs, || {
            let status = Command::new(env!("CARGO_BIN_EXE_tilepress"))
                .args(&args)
                .current_dir(folder)
                .stdout(Stdio::null())
                .status()
                .expect("runs tilepress");
            assert!(status.success(), "{what}");
        });
        println!("{what:<18} {}", ms(time));
    }
    let _ = std::fs::remove_dir_all(&out);
}

fn ms(d: Duration) -> String {
    format!("{:8.1} ms", d.as_secs_f64() * 1000.0)
}

/// Builds every design, `with_png` or not; the bytes written.
fn build_all(designs: &[(String, Design)], with_png: bool) -> usize {
    designs.iter().map(|(stem, design)| build_one(stem, design, with_png)).sum()
}

fn build_one(stem: &str, design: &Design, with_png: bool) -> usize {
    let result = if with_png { build(design, stem) } else { build_sheets(design, stem) };
    result.expect("builds").files.iter().map(|f| f.bytes.len()).sum()
}

/// Builds the designs on two threads, as `build -j 2` does.
fn build_parallel(designs: &[(String, Design)], with_png: bool) {
    let (first, second) = designs.split_at(designs.len() / 2);
    std::thread::scope(|scope| {
        scope.spawn(|| build_all(first, with_png));
        scope.spawn(|| build_all(second, with_png));
    });
}

fn main() {
    let runs = std::env::var("BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let scratch = std::env::temp_dir().join(format!("tilepress-deck-{}", std::process::id()));
    let deck_path = thousand_cards(&scratch);
    // The whole processes first, while this benchmark is small: launching them from a
    // process that has grown to ~90 MB (the in-memory builds below) added ~3 ms to each.
    command_line(runs, &deck_path, &issue_16_project(&scratch));
    let designs = designs();
    println!("\nmedian of {runs} runs, in memory (no disk writes)\n");
    println!("{:<14} {:>11} {:>11} {:>10}", "design", "no PNG", "with PNG", "bytes");
    for (stem, design) in &designs {
        let sheets = median(runs, || {
            build_one(stem, design, false);
        });
        let full = median(runs, || {
            build_one(stem, design, true);
        });
        let bytes = build_one(stem, design, true);
        println!("{stem:<14} {} {} {bytes:>10}", ms(sheets), ms(full));
    }
    let serial = median(runs, || {
        build_all(&designs, false);
    });
    let serial_png = median(runs, || {
        build_all(&designs, true);
    });
    println!("{:<14} {} {}", "all, 1 thread", ms(serial), ms(serial_png));
    let parallel = median(runs, || build_parallel(&designs, false));
    let parallel_png = median(runs, || build_parallel(&designs, true));
    println!("{:<14} {} {}", "all, 2 threads", ms(parallel), ms(parallel_png));
    let diagrams = diagrams();
    let drawn = median(runs, || {
        for (stem, diagram) in &diagrams {
            figure_files(diagram, stem).expect("draws");
        }
    });
    println!("{:<14} {}  ({} diagrams, one thread)", "diagrams", ms(drawn), diagrams.len());
    let (_, deck) = load(&deck_path).expect("the 1,000-card deck loads");
    let deck_time = median(runs, || {
        build_one("thousand-cards", &deck, true);
    });
    println!("{:<14} {}  (1,000 cards from a CSV, 112 A4 sheets)", "deck", ms(deck_time));
    let _ = std::fs::remove_dir_all(&scratch);
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(peak) = status.lines().find(|l| l.starts_with("VmHWM"))
    {
        println!("\npeak memory of this benchmark: {}", peak.trim_start_matches("VmHWM:").trim());
    }
}
