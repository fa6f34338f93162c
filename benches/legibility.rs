//! Times the legibility check of issue 24's target: a deck of 1,000 cards from a CSV (issue
//! 14's deck, Saltmarsh's faces: five text layers a card and a common back) — the check
//! alone and the whole `check` of the design (the set's rule, the deck's, and legibility).
//!
//! Run: `cargo bench --bench legibility` (`BENCH_RUNS=N` for more runs; the median is
//! reported). docs/performance.md has the numbers.

mod common;

use common::{median, thousand_cards};
use tilepress::model::load;
use tilepress::validate::check_design;
use tilepress::validate::legibility::legibility;

fn main() {
    let runs = std::env::var("BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let scratch = std::env::temp_dir().join(format!("tilepress-legibility-{}", std::process::id()));
    let path = thousand_cards(&scratch);
    let (_, deck) = load(&path).expect("the 1,000-card deck loads");
    let report = legibility(&deck, &path);
    let alone = median(runs, || {
        legibility(&deck, &path);
    });
    let whole = median(runs, || {
        check_design(&deck, &path);
    });
    println!(
        "median of {runs} runs, 1,000 cards from a CSV ({} problems found)",
        report.problems.len()
    );
    println!("legibility check:   {:8.1} ms", alone.as_secs_f64() * 1000.0);
    println!("whole check:        {:8.1} ms", whole.as_secs_f64() * 1000.0);
    let _ = std::fs::remove_dir_all(&scratch);
}
