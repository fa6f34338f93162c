//! Joining a scoped thread with a panic in it passed on to the joining thread, as if the work had run there.

use std::thread::ScopedJoinHandle;

/// What the scoped thread returned; its panic, if it panicked, resumed here.
pub fn joined<T>(handle: ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}
