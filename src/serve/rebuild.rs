//! The rebuild state of one served design: file changes bump a generation, a background
//! thread rebuilds after a quiet spell (debounce), drops a result that a newer change has
//! made outdated, and publishes the page's state for every listener.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use serde::Serialize;

use super::preview::{Built, BuiltView, Message, Outcome, rebuild};

/// How long the files must stay quiet before a rebuild starts: editors save in several
/// writes (truncate, write, rename), and one rebuild should see the finished file.
pub const DEBOUNCE: Duration = Duration::from_millis(15);

/// One design being served.
#[derive(Debug)]
pub struct Served {
    pub path: PathBuf,
    pub stem: String,
    pub diagrams_folder: PathBuf,
    changes: Mutex<u64>,
    changed: Condvar,
    published: Mutex<Published>,
    updated: Condvar,
    /// The published version, for the event streams (async listeners).
    versions: tokio::sync::watch::Sender<u64>,
}

/// What the page shows now: the state as JSON and the last good build.
#[derive(Clone, Debug, Default)]
pub struct Published {
    /// Counts publications; 0 until the first rebuild finished.
    pub version: u64,
    pub json: Arc<String>,
    pub built: Option<Arc<Built>>,
}

/// The page's state, sent to it as JSON on every rebuild.
#[derive(Debug, Serialize)]
struct PageState<'a> {
    version: u64,
    design: String,
    stem: &'a str,
    source: &'a str,
    /// Why the design does not read or build now (the picture is the last good one).
    error: Option<&'a [Message]>,
    /// The last good build, if any.
    built: Option<&'a BuiltView>,
}

impl Served {
    pub fn new(path: PathBuf, stem: String, diagrams_folder: PathBuf) -> Served {
        Served {
            path,
            stem,
            diagrams_folder,
            changes: Mutex::new(1),
            changed: Condvar::new(),
            published: Mutex::new(Published::default()),
            updated: Condvar::new(),
            versions: tokio::sync::watch::Sender::new(0),
        }
    }

    /// A file the design uses changed: schedule a rebuild.
    pub fn mark_changed(&self) {
        *lock(&self.changes) += 1;
        self.changed.notify_all();
    }

    fn changes(&self) -> u64 {
        *lock(&self.changes)
    }

    /// The current publication.
    pub fn published(&self) -> Published {
        lock(&self.published).clone()
    }

    /// Tells of every new publication (its version).
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<u64> {
        self.versions.subscribe()
    }

    /// Waits until a publication newer than `seen` exists or `timeout` passes.
    pub fn wait_newer(&self, seen: u64, timeout: Duration) -> Option<Published> {
        let guard = lock(&self.published);
        let (guard, _) = self
            .updated
            .wait_timeout_while(guard, timeout, |p| p.version <= seen)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        (guard.version > seen).then(|| guard.clone())
    }

    /// Rebuilds whenever the files change, forever (run on its own thread).
    pub fn rebuild_forever(&self) {
        let mut built_changes = 0;
        loop {
            let mut target = self.wait_for_change(built_changes);
            loop {
                std::thread::sleep(DEBOUNCE);
                let now = self.changes();
                if now == target {
                    break;
                }
                target = now;
            }
            let outcome = self.rebuild_caught();
            if self.changes() != target {
                continue; // outdated before it finished: drop it and build the newer files
            }
            self.publish(outcome);
            built_changes = target;
        }
    }

    /// One rebuild; a panic in the library becomes an error on the page instead of ending
    /// the rebuild thread.
    fn rebuild_caught(&self) -> Outcome {
        let attempt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            rebuild(&self.path, &self.stem, &self.diagrams_folder)
        }));
        attempt.unwrap_or_else(|_| Outcome {
            source: std::fs::read_to_string(&self.path).unwrap_or_default(),
            result: Err(vec![Message::error(format!(
                "{}: error: tilepress failed while building this design (a bug: please report it \
                 with the design file)",
                self.path.display()
            ))]),
        })
    }

    fn wait_for_change(&self, built: u64) -> u64 {
        let guard = lock(&self.changes);
        let guard = self
            .changed
            .wait_while(guard, |changes| *changes <= built)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *guard
    }

    fn publish(&self, outcome: Outcome) {
        let mut published = lock(&self.published);
        let (error, built) = match outcome.result {
            Ok(built) => (None, Some(Arc::new(built))),
            Err(messages) => (Some(messages), published.built.clone()),
        };
        let version = published.version + 1;
        let state = PageState {
            version,
            design: self
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            stem: &self.stem,
            source: &outcome.source,
            error: error.as_deref(),
            built: built.as_ref().map(|b| &b.view),
        };
        let json = serde_json::to_string(&state).unwrap_or_default();
        *published = Published { version, json: Arc::new(json), built };
        self.updated.notify_all();
        self.versions.send_replace(version);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_rebuilt_and_published() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let served = Arc::new(Served::new(
            root.join("designs/triles.toml"),
            "triles".into(),
            root.join("diagrams"),
        ));
        let worker = Arc::clone(&served);
        std::thread::spawn(move || worker.rebuild_forever());
        let first = served.wait_newer(0, Duration::from_secs(60)).expect("first build");
        assert!(first.built.is_some());
        assert!(first.json.contains("\"stem\":\"triles\""));
        for _ in 0..10 {
            served.mark_changed(); // a burst of saves: one rebuild
        }
        let second = served.wait_newer(first.version, Duration::from_secs(60)).expect("rebuild");
        assert_eq!(second.version, first.version + 1);
        assert!(
            served.wait_newer(second.version, DEBOUNCE * 20).is_none(),
            "the burst gave one rebuild"
        );
    }
}
