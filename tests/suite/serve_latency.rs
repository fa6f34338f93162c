//! From saving a design to the page getting its new state: the time from the save to the
//! pushed event, for each shipped design (a scratch copy), on the real binary.
//!
//! The budget is 300 ms in a release build (`cargo test --release --test serve_latency --
//! --nocapture` prints the figures for docs/performance.md); an unoptimised debug build is
//! several times slower, so there the test only checks a loose bound.

use crate::common;

use std::time::{Duration, Instant};

use common::server::{Server, project_copy, save};

const SAVES: usize = 5;

fn budget() -> Duration {
    if cfg!(debug_assertions) { Duration::from_secs(5) } else { Duration::from_millis(300) }
}

#[test]
fn a_save_reaches_the_page_within_the_budget() {
    let mut report = Vec::new();
    for (stem, name) in [
        ("tantrix", "Tantrix"),
        ("tranglar", "Tranglar"),
        ("trans-rabat", "Trans-Rabat"),
        ("triles", "Triles"),
    ] {
        let dir = project_copy(&format!("latency-{stem}"));
        let design = dir.join(format!("designs/{stem}.toml"));
        let text = std::fs::read_to_string(&design).unwrap();
        let server = Server::start(&dir, &[&format!("designs/{stem}.toml")]);
        let events = server.events(stem);
        events.built();
        let mut times: Vec<Duration> = (0..SAVES)
            .map(|i| {
                let edited = format!("{name} {i}");
                let from = format!("name = \"{name}\"");
                assert!(text.contains(&from), "{stem}: {from}");
                let saved = Instant::now();
                save(&design, &text.replacen(&from, &format!("name = \"{edited}\""), 1));
                let (arrived, _) =
                    events.wait_for(&edited, |s| s["built"]["name"] == edited.as_str());
                arrived.duration_since(saved)
            })
            .collect();
        times.sort();
        let median = times[SAVES / 2];
        let max = times[SAVES - 1];
        println!("{stem}: median {median:.0?}, slowest {max:.0?} of {SAVES} saves");
        report.push((stem, median, max));
    }
    for (stem, median, _) in &report {
        assert!(*median < budget(), "{stem}: {median:?} from save to page (budget {:?})", budget());
    }
}
