//! The corpus of broken designs (`tests/broken/NN-what.toml`): every file is run through
//! `check` and `build --strict`, and each must fail as its first line says, with a clear
//! message at the right place, a help line, no panic and no output written.
//!
//! First line of each file: `# expect: CODE "FRAGMENT" at LINE:COLUMN` — both commands exit
//! with CODE and print FRAGMENT on a line starting `FILE:LINE:COLUMN:` (`at …` left out when
//! the problem has no place in the file). `# expect build: …` is a design that checks
//! clean (exit 0) but cannot be printed: only `build` fails.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{code, root, scratch, text, tilepress};

/// What a corpus file's first line promises.
#[derive(Debug)]
struct Expectation {
    build_only: bool,
    code: i32,
    fragment: String,
    place: Option<(usize, usize)>,
}

fn expectation(path: &Path) -> Expectation {
    let bytes = fs::read(path).unwrap();
    let first = String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap()).into_owned();
    let first = first.trim_start_matches('\u{feff}');
    let (build_only, rest) = if let Some(rest) = first.strip_prefix("# expect build: ") {
        (true, rest)
    } else {
        let rest = first.strip_prefix("# expect: ");
        (false, rest.unwrap_or_else(|| panic!("{}: no `# expect:` line", path.display())))
    };
    let (code, rest) = rest.split_once(" \"").expect("CODE \"FRAGMENT\"");
    let (fragment, place) = rest.rsplit_once('"').expect("closing quote");
    let place = place.trim().strip_prefix("at ").map(|at| {
        let (line, column) = at.split_once(':').expect("LINE:COLUMN");
        (line.parse().unwrap(), column.parse().unwrap())
    });
    Expectation {
        build_only,
        code: code.parse().expect("exit code"),
        fragment: fragment.replace("\\\"", "\""),
        place,
    }
}

/// Checks one command's output against the expectation; returns what went wrong.
fn judge(
    path: &Path,
    what: &str,
    output: &std::process::Output,
    want: &Expectation,
) -> Vec<String> {
    let (out, err) = text(output);
    let all = format!("{err}{out}");
    let mut wrong = Vec::new();
    if all.contains("panicked") || output.status.code().is_none() {
        wrong.push(format!("{what} crashed: {all}"));
        return wrong;
    }
    if code(output) != want.code {
        wrong.push(format!("{what} exited {} instead of {}: {all}", code(output), want.code));
    }
    let Some(line) = all.lines().find(|line| line.contains(&want.fragment)) else {
        wrong.push(format!("{what} never says `{}`: {all}", want.fragment));
        return wrong;
    };
    if let Some((l, c)) = want.place {
        let prefix = format!("{}:{l}:{c}: ", path.display());
        if !line.starts_with(&prefix) {
            wrong.push(format!("{what}: `{line}` does not start with `{prefix}`"));
        }
    } else if !line.starts_with(&format!("{}: ", path.display())) {
        wrong.push(format!("{what}: `{line}` does not name the file"));
    }
    if !all.lines().any(|line| line.starts_with("  help: ")) {
        wrong.push(format!("{what} gives no help line: {all}"));
    }
    wrong
}

fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(root().join("tests/broken"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_broken_design_fails_clearly_and_writes_nothing() {
    let files = corpus();
    assert!(files.len() >= 40, "the corpus has {} designs", files.len());
    let dir = scratch("broken");
    let out = dir.join("out");
    let mut wrong = Vec::new();
    for path in &files {
        let want = expectation(path);
        let name = path.to_str().unwrap();
        let check = tilepress(&dir, &["check", name]);
        if want.build_only {
            if code(&check) != 0 {
                wrong.push(format!("{name}: check exited {}: {:?}", code(&check), text(&check)));
            }
        } else {
            wrong.extend(judge(path, "check", &check, &want));
        }
        let build = tilepress(&dir, &["build", "--strict", name, "-o", out.to_str().unwrap()]);
        wrong.extend(judge(path, "build", &build, &want));
        if out.exists() {
            wrong.push(format!("{name}: build wrote {}", out.display()));
            let _ = fs::remove_dir_all(&out);
        }
    }
    assert!(wrong.is_empty(), "{} failure(s):\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn the_corpus_covers_every_kind_of_design() {
    let texts: Vec<String> =
        corpus().iter().map(|p| String::from_utf8_lossy(&fs::read(p).unwrap()).into()).collect();
    for table in ["[[tiles]]", "[[pieces]]", "[board]", "[[nets]]"] {
        assert!(
            texts.iter().filter(|t| t.contains(table)).count() >= 5,
            "fewer than five broken designs with {table}"
        );
    }
    let codes: Vec<i32> = corpus().iter().map(|p| expectation(p).code).collect();
    assert!(codes.contains(&1) && codes.contains(&2), "both exit codes are covered");
}

#[test]
fn a_missing_file_a_folder_and_an_unwritable_output_are_refused() {
    let dir = scratch("broken-paths");
    let design = root().join("tests/designs/mini-hex.toml");
    fs::write(dir.join("a-file"), "not a folder").unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["check", "nowhere.toml"], "nowhere.toml: error: cannot read the design"),
        (&["build", "nowhere.toml", "-o", "out"], "nowhere.toml: error: cannot read the design"),
        (&["build", ".", "-o", "out"], ".: error: is a folder, not a design file"),
        (
            &["build", design.to_str().unwrap(), "-o", "a-file/out"],
            "error: cannot write a-file/out/mini-hex",
        ),
    ];
    for (args, says) in cases {
        let output = tilepress(&dir, args);
        let (_, err) = text(&output);
        assert_eq!(code(&output), 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(err.contains("  help: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!dir.join("out").exists(), "{args:?} wrote output");
    }
}
