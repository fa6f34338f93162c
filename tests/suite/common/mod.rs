//! Shared helpers for the integration tests: run the real binary, make scratch folders.
#![allow(dead_code)]

pub mod attack;
pub mod cuts;
pub mod ghostscript;
pub mod orbits;
pub mod outlines;
pub mod pdf;
pub mod png_file;
pub mod png_image;
pub mod poppler;
pub mod server;
pub mod svg_tree;
pub mod tools;
pub mod workbooks;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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

/// Copies `from` into `to`, sub-folders (a design's `assets/`) too.
pub fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, target).unwrap();
        }
    }
}

/// A fresh, empty scratch folder unique to this test. The folders of earlier test processes
/// that have ended are removed the first time (scratch folders outlive their test so a
/// failure can be looked at; without this they piled up in the temp folder run after run).
pub fn scratch(name: &str) -> PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(remove_ended_runs_scratch);
    let dir = std::env::temp_dir().join(format!("tilepress-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch folder");
    dir
}

/// Removes `tilepress-test-<pid>-…` folders whose process no longer runs (Linux: no
/// `/proc/<pid>`; elsewhere nothing is removed).
fn remove_ended_runs_scratch() {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("tilepress-test-")) else {
            continue;
        };
        let Some(pid) = rest.split('-').next().filter(|p| p.parse::<u32>().is_ok()) else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
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
    if !tools::required("qpdf", "qpdf", "qpdf --check") {
        return;
    }
    let output = Command::new("qpdf").arg("--check").arg(pdf).output().expect("run qpdf");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "qpdf --check {}: {report}", pdf.display());
    assert!(report.contains("No syntax or stream encoding errors"), "{report}");
}

/// Runs `tilepress` with `args` in `dir`, calling `watch` with the child's process id every
/// 2 ms while it runs; kills it after `limit` and returns `None` then.
pub fn tilepress_watched(
    dir: &Path,
    args: &[&str],
    limit: Duration,
    mut watch: impl FnMut(u32),
) -> Option<(Output, Duration)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilepress"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tilepress");
    // Drain both pipes while it runs, so a chatty run never blocks on a full pipe.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for tilepress") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        watch(child.id());
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = started.elapsed();
    let stdout = stdout.join().expect("stdout");
    let stderr = stderr.join().expect("stderr");
    Some((Output { status, stdout, stderr }, elapsed))
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

/// Builds `design` in `dir` into `out` with `args`: the exit code and everything printed
/// (standard output, then standard error).
pub fn built(dir: &Path, design: &str, args: &[&str]) -> (i32, String) {
    let mut all = vec!["build", design, "-o", "out"];
    all.extend(args);
    let output = tilepress(dir, &all);
    let (out, err) = text(&output);
    (code(&output), format!("{out}{err}"))
}

/// The 1-based line of the first occurrence of `needle` in `text`.
pub fn line_of(text: &str, needle: &str) -> usize {
    text[..text.find(needle).expect(needle)].lines().count() + 1
}

/// Runs `check` and `build` on `bad.toml` in `dir`: both must exit 2 and write nothing, and
/// the messages must give a hint; returns the messages of `check`.
pub fn refused_in(dir: &Path) -> String {
    let check = tilepress(dir, &["check", "bad.toml"]);
    let (_, err) = text(&check);
    assert_eq!(code(&check), 2, "check: {err}");
    let build = tilepress(dir, &["build", "bad.toml", "-o", "out"]);
    assert_eq!(code(&build), 2, "build: {}", text(&build).1);
    assert!(!dir.join("out").exists(), "build wrote output for a bad design");
    assert!(err.contains("help:"), "no hint: {err}");
    err
}

/// `line:column` (1-based) of the first occurrence of `needle` in `text`.
pub fn place_of(text: &str, needle: &str) -> String {
    let offset = text.find(needle).unwrap_or_else(|| panic!("`{needle}` not in the design"));
    let line = text[..offset].matches('\n').count() + 1;
    let column = text[..offset].rsplit('\n').next().unwrap().chars().count() + 1;
    format!("{line}:{column}")
}

/// The first TOML example of `docs/format.md` after the text `marker`.
pub fn doc_example(marker: &str) -> String {
    doc_block(marker, "```toml\n")
}

/// The first `text` block of docs/format.md after `marker`: an output the docs show.
pub fn shown_output(marker: &str) -> String {
    doc_block(marker, "```text\n")
}

/// The first block opened by `fence` in docs/format.md after `marker`.
fn doc_block(marker: &str, fence: &str) -> String {
    let doc = std::fs::read_to_string(root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find(marker).unwrap_or_else(|| panic!("{marker:?} in the docs"))..];
    let start = section.find(fence).expect("a block") + fence.len();
    section[start..start + section[start..].find("```").unwrap()].to_string()
}

/// Checks and builds `example` in a scratch folder named `name`; the check's standard output
/// (both must succeed) and the folder.
pub fn check_and_build(name: &str, example: &str) -> (String, PathBuf) {
    let dir = scratch(name);
    std::fs::write(dir.join("example.toml"), example).unwrap();
    let check = tilepress(&dir, &["check", "example.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 0, "{out}{err}");
    let build = tilepress(&dir, &["build", "example.toml", "-o", "out"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    (out, dir)
}

/// Every entry name in a folder, hidden ones too, sorted.
pub fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
