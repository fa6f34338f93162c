//! The programs some tests run beside tilepress (pdftoppm, qpdf, rsvg-convert, chromium): found on `PATH`; CI must have them, elsewhere a test without one skips, saying so.

use std::path::PathBuf;

/// Where `program` is on `PATH`, if it is.
pub fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(program)).find(|file| file.is_file())
}

/// Whether CI runs the tests (`.ci/run` sets `CI`, and installs every program below).
pub fn in_ci() -> bool {
    std::env::var_os("CI").is_some()
}

/// Whether `test`, which needs `program` (from the Debian package `package`), can run: true
/// when `program` is on `PATH`; false, printing that `test` is skipped, when it is not and
/// CI is unset; a panic when CI is set and `program` is missing.
pub fn required(program: &str, package: &str, test: &str) -> bool {
    if on_path(program).is_some() {
        return true;
    }
    assert!(!in_ci(), "{test} needs {program}, which CI must have (.ci/run installs {package})");
    println!("SKIPPED {test}: {program} is not installed (apt-get install {package})");
    false
}
