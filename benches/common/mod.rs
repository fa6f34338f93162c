//! What the benchmarks share: the median of repeated timings.

use std::time::{Duration, Instant};

/// The median of `runs` timings of `work`.
pub fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}
