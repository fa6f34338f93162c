//! The files this process has already read and found to match their manifest records, by device and inode, so that a later look finding their metadata unchanged need not read them again.
//!
//! A build looks at its old output folder several times: before it starts, under the lock
//! before it writes, and after the swap before it removes the old build. Between those looks
//! only a write could change a file, and a write sets the file's change time (`ctime`),
//! which no user can set back. A file whose size, modification time and change time are
//! what they were when its bytes were read still holds those bytes, unless it was written
//! again within the same tick of the file system's clock as the write that set them: so a
//! file is remembered only when that write is older than [`SETTLED`] when its bytes are
//! read (as git treats files changed in the same second as its index as "racily clean").

use std::collections::HashMap;
use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::manifest::Record;

/// How long before a file's bytes are read its last change must be for its metadata to
/// vouch for them later: far more than the tick of a file system's clock (at most 10 ms on
/// Linux, whose clocks stamp files with the kernel's coarse time).
pub const SETTLED: Duration = Duration::from_millis(50);

/// What a file's metadata said when its bytes were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    device: u64,
    inode: u64,
    size: u64,
    modified: (i64, i64),
    changed: (i64, i64),
}

impl Seen {
    pub fn of(meta: &Metadata) -> Seen {
        Seen {
            device: meta.dev(),
            inode: meta.ino(),
            size: meta.len(),
            modified: (meta.mtime(), meta.mtime_nsec()),
            changed: (meta.ctime(), meta.ctime_nsec()),
        }
    }

    /// Whether the file's last change was at least [`SETTLED`] before `now`.
    pub fn settled(&self, now: SystemTime) -> bool {
        let Ok(now) = now.duration_since(UNIX_EPOCH) else { return false };
        let (seconds, nanos) = self.changed;
        let Ok(seconds) = u64::try_from(seconds) else { return true };
        let changed = Duration::new(seconds, nanos.clamp(0, 999_999_999) as u32);
        changed + SETTLED <= now
    }
}

/// Files read and found to match a record, by (device, inode), each with the record and
/// its metadata then.
#[derive(Debug, Default)]
struct Files(HashMap<(u64, u64), (Record, Seen)>);

impl Files {
    fn vouches_for(&self, record: &Record, seen: &Seen) -> bool {
        (self.0.get(&(seen.device, seen.inode)))
            .is_some_and(|(was, then)| was == record && then == seen)
    }

    fn remember(&mut self, record: Record, seen: Seen) {
        if self.0.len() >= MOST_REMEMBERED {
            self.0.clear();
        }
        self.0.insert((seen.device, seen.inode), (record, seen));
    }
}

/// How many files are remembered at most: a long `serve` session forgets them all when it
/// reaches this many (the next look reads them again), so memory stays bounded.
const MOST_REMEMBERED: usize = 4096;

static VERIFIED: Mutex<Option<Files>> = Mutex::new(None);

/// Whether the file `seen` describes was read earlier in this process and found to match
/// `record`, its metadata the same since.
pub fn verified_before(record: &Record, seen: &Seen) -> bool {
    let verified = VERIFIED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    verified.as_ref().is_some_and(|files| files.vouches_for(record, seen))
}

/// Remembers that the file `seen` describes matched `record` when read (only a settled
/// file: see [`Seen::settled`], judged before the read began).
pub fn remember(record: Record, seen: Seen) {
    let mut verified = VERIFIED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    verified.get_or_insert_with(Files::default).remember(record, seen);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen_changed_at(seconds: i64, nanos: i64) -> Seen {
        Seen { device: 1, inode: 2, size: 3, modified: (0, 0), changed: (seconds, nanos) }
    }

    #[test]
    fn a_file_is_settled_once_its_last_change_is_older_than_the_margin() {
        let now = UNIX_EPOCH + Duration::new(1_000, 0);
        assert!(seen_changed_at(999, 950_000_000).settled(now), "exactly the margin");
        assert!(!seen_changed_at(999, 950_000_001).settled(now), "just inside it");
        assert!(!seen_changed_at(1_000, 0).settled(now), "changed now");
        assert!(!seen_changed_at(2_000, 0).settled(now), "changed in the future");
        assert!(seen_changed_at(-5, 0).settled(now), "before 1970");
    }

    #[test]
    fn only_the_same_record_and_metadata_are_vouched_for() {
        let record = Record::of(b"abc");
        let seen = Seen { device: 7, inode: 8_000_001, ..seen_changed_at(10, 0) };
        assert!(!verified_before(&record, &seen), "never read");
        remember(record, seen);
        assert!(verified_before(&record, &seen));
        assert!(!verified_before(&Record::of(b"abd"), &seen), "another record");
        let changed = Seen { changed: (10, 1), ..seen };
        assert!(!verified_before(&record, &changed), "changed since");
        let modified = Seen { modified: (0, 1), ..seen };
        assert!(!verified_before(&record, &modified), "modified since");
    }

    #[test]
    fn memory_stays_bounded() {
        let (record, mut files) = (Record::of(b"x"), Files::default());
        let seen = |inode| Seen { inode, ..seen_changed_at(10, 0) };
        for inode in 0..MOST_REMEMBERED as u64 + 10 {
            files.remember(record, seen(inode));
        }
        assert_eq!(files.0.len(), 10, "forgotten at the bound, then the last ten");
        assert!(files.vouches_for(&record, &seen(MOST_REMEMBERED as u64 + 9)));
        assert!(!files.vouches_for(&record, &seen(0)), "read again");
    }
}
