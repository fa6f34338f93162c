//! Parallel builds (`build -j N`): designs and diagrams built on scoped threads, their messages kept and printed in order.
//!
//! Each design's build only reads its own design, and every folder is written once all are
//! made (`output_batch`), so the files are the same whatever the number of jobs; only the
//! messages need ordering, and they are collected in a [`Log`] per job and printed in order.

use std::fmt::Display;
use std::sync::Mutex;
use std::thread;

/// Where a logged line goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stream {
    Out,
    Err,
}

/// The messages of one command run, in the order they were written.
#[derive(Debug, Default)]
pub struct Log {
    lines: Vec<(Stream, String)>,
}

impl Log {
    /// A line for standard output.
    pub fn out(&mut self, line: impl Display) {
        self.lines.push((Stream::Out, line.to_string()));
    }

    /// A line for standard error.
    pub fn err(&mut self, line: impl Display) {
        self.lines.push((Stream::Err, line.to_string()));
    }

    /// Appends `other`'s lines.
    pub fn extend(&mut self, other: &Log) {
        self.lines.extend(other.lines.iter().cloned());
    }

    /// Prints every line to its stream, in order.
    pub fn print(&self) {
        for (stream, line) in &self.lines {
            match stream {
                Stream::Out => outln!("{line}"),
                Stream::Err => errln!("{line}"),
            }
        }
    }
}

/// How many designs to build at once: `requested`, or the machine's cores, never more than
/// there are designs and never fewer than one.
pub fn job_count(requested: Option<usize>, designs: usize) -> usize {
    let cores = thread::available_parallelism().map_or(1, usize::from);
    requested.unwrap_or(cores).min(designs).max(1)
}

/// Runs `work` on every item with `jobs` threads, each taking the next item when it is
/// done; what each gave and its log, in item order.
pub fn run_all<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T, &mut Log) -> R + Sync,
) -> Vec<(R, Log)> {
    let results: Vec<Mutex<Option<(R, Log)>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let next = Mutex::new(0usize);
    let take = || {
        let mut next = next.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let index = *next;
        *next += 1;
        index
    };
    let worker = || {
        loop {
            let index = take();
            let Some(item) = items.get(index) else { break };
            let mut log = Log::default();
            let code = work(item, &mut log);
            *results[index].lock().unwrap_or_else(|poisoned| poisoned.into_inner()) =
                Some((code, log));
        }
    };
    if jobs <= 1 {
        worker();
    } else {
        thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(worker);
            }
        });
    }
    results
        .into_iter()
        .filter_map(|slot| slot.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_item_order_whatever_the_jobs() {
        let items: Vec<u8> = (0..9).collect();
        for jobs in [1, 2, 4] {
            let seen = Mutex::new(Vec::new());
            let results = run_all(&items, jobs, |&item, log| {
                log.out(item);
                seen.lock().unwrap().push(item);
                item % 3
            });
            let logged: Vec<String> =
                results.iter().map(|(_, log)| log.lines[0].1.clone()).collect();
            let expected: Vec<String> = items.iter().map(u8::to_string).collect();
            assert_eq!(logged, expected, "logs in item order with {jobs} jobs");
            let codes: Vec<u8> = results.iter().map(|(code, _)| *code).collect();
            assert_eq!(codes, items.iter().map(|i| i % 3).collect::<Vec<_>>());
            let mut seen = seen.into_inner().unwrap();
            seen.sort_unstable();
            assert_eq!(seen, items, "every item ran once with {jobs} jobs");
        }
    }

    #[test]
    fn job_counts_stay_between_one_and_the_designs() {
        assert_eq!(job_count(Some(8), 4), 4);
        assert_eq!(job_count(Some(0), 4), 1);
        assert_eq!(job_count(Some(1), 4), 1);
        assert!(job_count(None, 100) >= 1);
    }
}
