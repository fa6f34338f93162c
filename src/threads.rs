//! Scoped threads of CPU-bound work: spawned with room made for them, and joined with a panic in one passed on to the joining thread, as if the work had run there.

use std::thread::{Scope, ScopedJoinHandle};

/// `work` on a thread of `scope` named `name` (as profilers and panic messages show it),
/// the spawner then making room for it ([`make_room`]). Like [`Scope::spawn`], it panics
/// when the system cannot start a thread.
pub fn spawned<'scope, T: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    name: &str,
    work: impl FnOnce() -> T + Send + 'scope,
) -> ScopedJoinHandle<'scope, T> {
    let builder = std::thread::Builder::new().name(name.to_string());
    let handle = builder.spawn_scoped(scope, work).expect("failed to spawn thread");
    make_room();
    handle
}

/// What the scoped thread returned; its panic, if it panicked, resumed here.
pub fn joined<T>(handle: ScopedJoinHandle<'_, T>) -> T {
    handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Moves the calling thread to another CPU it may run on, then lets it run on any of them
/// again: done right after spawning a thread of CPU-bound work, so that the new thread
/// has the spawner's CPU at once. Some kernels (virtual machines that pack work onto the
/// fewest virtual CPUs) queue a new thread behind its spawner while another CPU idles.
/// Nothing moves when more threads are runnable than there are CPUs the thread may use
/// (each CPU is busy anyway).
fn make_room() {
    #[cfg(target_os = "linux")]
    {
        use rustix::thread::{CpuSet, sched_getaffinity, sched_setaffinity};
        let Ok(allowed) = sched_getaffinity(None) else { return };
        // With more runnable threads than CPUs, moving makes no room: it only moves the
        // spawner onto a busy CPU (a build of several designs at once: 4 % slower).
        if allowed.count() < 2 || runnable().is_none_or(|running| running > allowed.count()) {
            return;
        }
        let Some(here) = current_cpu() else { return };
        let other = (1..CpuSet::MAX_CPU)
            .map(|step| (here + step) % CpuSet::MAX_CPU)
            .find(|&cpu| allowed.is_set(cpu));
        let Some(other) = other else { return };
        let mut only = CpuSet::new();
        only.set(other);
        if sched_setaffinity(None, &only).is_ok() {
            let _ = sched_setaffinity(None, &allowed);
        }
    }
}

/// The CPU the calling thread last ran on: the 39th field of `/proc/thread-self/stat`
/// (rustix's `sched_getcpu` reads the vDSO, which valgrind does not map).
#[cfg(target_os = "linux")]
fn current_cpu() -> Option<usize> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold anything.
    let after_name = &stat[stat.rfind(')')? + 1..];
    // `state` is field 3, so field 39 is the 37th after the name.
    after_name.split_whitespace().nth(36)?.parse().ok()
}

/// How many threads the system has runnable now, the calling one included (the fourth
/// field of `/proc/loadavg`, `runnable/total`); `None` when it cannot be read.
#[cfg(target_os = "linux")]
fn runnable() -> Option<u32> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().nth(3)?.split('/').next()?.parse().ok()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use rustix::thread::{CpuSet, sched_getaffinity, sched_setaffinity};

    /// The CPUs of `set`, in order.
    fn cpus(set: &CpuSet) -> Vec<usize> {
        (0..CpuSet::MAX_CPU).filter(|&cpu| set.is_set(cpu)).collect()
    }

    #[test]
    fn the_current_cpu_is_one_the_thread_may_use() {
        let cpu = current_cpu().expect("read");
        assert!(cpus(&sched_getaffinity(None).unwrap()).contains(&cpu), "{cpu}");
    }

    #[test]
    fn the_runnable_threads_count_the_caller() {
        assert!(runnable().is_some_and(|running| running >= 1), "{:?}", runnable());
    }

    #[test]
    fn making_room_leaves_the_thread_free_to_run_where_it_could() {
        // On a thread of its own, so no other test's thread is moved.
        std::thread::spawn(|| {
            let before = sched_getaffinity(None).unwrap();
            make_room();
            assert_eq!(cpus(&sched_getaffinity(None).unwrap()), cpus(&before));
            // A thread held to one CPU stays held to it.
            let mut one = CpuSet::new();
            one.set(cpus(&sched_getaffinity(None).unwrap())[0]);
            sched_setaffinity(None, &one).unwrap();
            make_room();
            assert_eq!(cpus(&sched_getaffinity(None).unwrap()), cpus(&one));
        })
        .join()
        .unwrap();
    }
}
