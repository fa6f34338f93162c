//! Times `tilepress explain` on each shipped tile set with its `[rule]` removed (issue 47's
//! target: under 1 s each, release), and says whether the rule found derives the list.
//!
//! Run: `cargo bench --bench explain` (`BENCH_RUNS=N` for more runs; the median is reported).
//! docs/performance.md has the numbers.

mod common;

use std::path::Path;

use common::median;
use tilepress::explain::answer;

/// The shipped designs whose tiles a rule derives.
const RULED: [&str; 4] = ["tantrix", "triles", "wayfarers", "thornmere"];

/// A design's text without its `[rule]` table and `[rule.…]` sub-tables.
fn without_rule(text: &str) -> String {
    let mut in_rule = false;
    let kept: Vec<&str> = (text.lines())
        .filter(|line| {
            if line.starts_with('[') {
                in_rule = *line == "[rule]" || line.starts_with("[rule.");
            }
            !in_rule
        })
        .collect();
    kept.join("\n") + "\n"
}

fn main() {
    let runs = std::env::var("BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder =
        std::env::temp_dir().join(format!("tilepress-bench-explain-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("scratch folder");
    println!("median of {runs} runs of explain on each shipped set with its rule removed");
    for name in RULED {
        let text = std::fs::read_to_string(root.join(format!("designs/{name}.toml"))).expect(name);
        let path = folder.join(format!("{name}.toml"));
        std::fs::write(&path, without_rule(&text)).expect("write the list");
        let found = answer(&path).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let exact = found.report(&path).iter().any(|line| line.ends_with("listed, exactly."));
        let time = median(runs, || {
            answer(&path).expect("explains");
        });
        println!(
            "{name:10} {:8.1} ms  {}",
            time.as_secs_f64() * 1000.0,
            if exact { "rule recovered: derives the list exactly" } else { "NOT recovered" }
        );
    }
    std::fs::remove_dir_all(&folder).ok();
}
