//! Times building the shipped designs in memory: each design alone, all of them one after
//! the other and on two threads, with and without the PNG previews.
//!
//! Run: `cargo bench --bench build` (`BENCH_RUNS=N` for more runs; the median is reported).
//! docs/performance.md has the numbers and the wall-time and memory measurement of the CLI.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::median;
use tilepress::build::{build, build_sheets, file_stem};
use tilepress::model::{Design, load};

fn designs() -> Vec<(String, Design)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("designs");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("designs/")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let (_, design) = load(path).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
            (file_stem(&path.file_stem().unwrap().to_string_lossy()), design)
        })
        .collect()
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
    let designs = designs();
    println!("median of {runs} runs, in memory (no disk writes)\n");
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
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(peak) = status.lines().find(|l| l.starts_with("VmHWM"))
    {
        println!("\npeak memory of this benchmark: {}", peak.trim_start_matches("VmHWM:").trim());
    }
}
