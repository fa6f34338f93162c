//! Shared helpers for the integration tests: run the real binary, make scratch folders.
#![allow(dead_code)]

pub mod pdf;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The project's root folder (where `designs/` lives).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `tilepress` with `args` in `dir`.
pub fn tilepress(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tilepress"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run tilepress")
}

/// A fresh, empty scratch folder unique to this test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tilepress-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    dir
}

/// Standard output and error as text.
pub fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The exit code (panics if the process was killed by a signal, which counts as a crash).
pub fn code(output: &Output) -> i32 {
    output.status.code().expect("tilepress was killed by a signal")
}

/// Asserts that `qpdf --check` finds no error in `pdf`; qpdf is required in CI (`.ci/run`
/// installs it) and optional elsewhere.
pub fn qpdf_check(pdf: &Path) {
    match Command::new("qpdf").arg("--check").arg(pdf).output() {
        Ok(output) => {
            let report = String::from_utf8_lossy(&output.stdout);
            assert!(output.status.success(), "qpdf --check {}: {report}", pdf.display());
            assert!(report.contains("No syntax or stream encoding errors"), "{report}");
        }
        Err(_) if std::env::var_os("CI").is_none() => eprintln!("qpdf not installed; skipped"),
        Err(error) => panic!("qpdf is required in CI: {error}"),
    }
}

/// Runs `check` on `toml` written to `file` in a scratch folder named `name`; returns the
/// exit code and everything printed.
pub fn check_text(name: &str, file: &str, toml: &str) -> (i32, String) {
    let dir = scratch(name);
    std::fs::write(dir.join(file), toml).expect("write the design");
    let output = tilepress(&dir, &["check", file]);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
pub fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect(needle)].lines().count() + 1
}
