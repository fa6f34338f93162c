//! `--help`, `--version` and `build --help` to a full standard output report the failed write and exit 2, like every other command; to a working one they print and exit 0.

use crate::common;

use std::fs::File;
use std::process::{Command, Output, Stdio};

use common::{code, scratch, text, tilepress_watched};

/// Runs `tilepress ARGS` with standard output on `/dev/full`, bounded in time.
fn to_full_stdout(args: &[&str]) -> Output {
    let dir = scratch("full-stdout");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilepress"))
        .args(args)
        .current_dir(&dir)
        .stdout(File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{args:?} hung");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

const ASKED: [&[&str]; 5] =
    [&["--help"], &["-h"], &["--version"], &["build", "--help"], &["serve", "--help"]];

#[test]
fn help_and_version_to_a_full_stdout_exit_2_with_one_line() {
    for args in ASKED {
        let output = to_full_stdout(args);
        let (_, err) = text(&output);
        assert_eq!(code(&output), 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: cannot write to standard output"), "{args:?}: {err}");
    }
}

#[test]
fn help_and_version_still_print_and_exit_0() {
    let dir = scratch("help-prints");
    for args in ASKED {
        let (output, _) = tilepress_watched(&dir, args, std::time::Duration::from_secs(30), |_| {})
            .unwrap_or_else(|| panic!("{args:?} hung"));
        let (out, err) = text(&output);
        assert_eq!(code(&output), 0, "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
        let expected = if args[0] == "--version" { "tilepress " } else { "Usage:" };
        assert!(out.contains(expected), "{args:?}: {out}");
        assert!(!out.contains("\x1b["), "no colour codes into a pipe: {out}");
    }
    // A usage error still goes to standard error, exit 2.
    let (output, _) = tilepress_watched(
        &dir,
        &["build", "--no-such-flag"],
        std::time::Duration::from_secs(30),
        |_| {},
    )
    .expect("ran");
    assert_eq!(code(&output), 2);
    assert!(text(&output).1.contains("--no-such-flag"), "{}", text(&output).1);
}
