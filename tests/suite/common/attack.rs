//! Running `tilepress` as an attack: under an address-space limit (`prlimit --as`), killed after a time limit, its peak resident memory measured (GNU `time`'s maximum RSS).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The address space an attacked run may map: large allocations past it fail at once
/// instead of swapping (the program's own mappings, threads' stacks and arenas need ~1 GiB).
pub const ADDRESS_SPACE: u64 = 2 << 30;
/// Most resident memory an attack may take, in KiB.
pub const MAX_PEAK_KIB: u64 = 200 * 1024;
/// Longest an attack may run (a debug build; the bound, kept with room to spare: the
/// slowest attack takes 1.4 s).
pub const MAX_TIME: Duration = Duration::from_secs(5);

/// One attacked run: exit code (-1 when killed), standard output and error (in that
/// order), peak resident memory (KiB) and wall time.
#[derive(Debug)]
pub struct Attacked {
    pub code: i32,
    pub output: String,
    pub peak_kib: u64,
    pub wall: Duration,
}

/// Runs `tilepress args` in `dir` bounded in memory and time.
pub fn attack(dir: &Path, args: &[&str]) -> Attacked {
    let peak_file = dir.join(format!(".peak-{}", std::process::id()));
    let started = Instant::now();
    let output = Command::new("timeout")
        .args(["-s", "KILL", &MAX_TIME.as_secs().to_string(), "/usr/bin/time", "-f", "%M", "-o"])
        .arg(&peak_file)
        .args(["prlimit", &format!("--as={ADDRESS_SPACE}"), "--"])
        .arg(env!("CARGO_BIN_EXE_tilepress"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run timeout, time and prlimit");
    let wall = started.elapsed();
    let peak = std::fs::read_to_string(&peak_file).unwrap_or_default();
    let _ = std::fs::remove_file(&peak_file);
    // GNU time writes "Command exited with non-zero status N" before the figure.
    let peak_kib = peak.lines().last().and_then(|l| l.trim().parse().ok()).unwrap_or(u64::MAX);
    Attacked {
        code: output.status.code().unwrap_or(-1),
        output: format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
        peak_kib,
        wall,
    }
}

/// Asserts that `run` was refused with exit code `code`, its output containing every one
/// of `expected`, within the memory and time limits.
pub fn assert_held(what: &str, run: &Attacked, code: i32, expected: &[&str]) {
    // The figures of docs/format.md ("Attacks held"): `-- --nocapture` prints them.
    println!(
        "attack: {what}: exit {}, {} KiB, {} ms",
        run.code,
        run.peak_kib,
        run.wall.as_millis()
    );
    assert_eq!(run.code, code, "{what}: exit code {} ({:?}): {}", run.code, run.wall, run.output);
    for needle in expected {
        assert!(run.output.contains(needle), "{what}: no `{needle}` in: {}", run.output);
    }
    assert!(!run.output.contains("panicked"), "{what}: {}", run.output);
    assert!(run.peak_kib <= MAX_PEAK_KIB, "{what}: peak {} KiB", run.peak_kib);
    assert!(run.wall < MAX_TIME, "{what}: {:?}", run.wall);
}
