//! Every shipped design and diagram builds to the same bytes twice over, with one job and with several,
//! and every SVG it writes is read by usvg without an error or a warning.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::sync::Mutex;

use common::{code, root, scratch, text, tilepress};
use resvg::usvg::{Options, Tree};
use tilepress::output::manifest::Record;

/// A stable 64-bit hash of a file's bytes: the one output manifests record.
fn hash(bytes: &[u8]) -> u64 {
    Record::of(bytes).hash
}

/// Every file under `folder`, by path relative to it, with its hash.
fn hashes(folder: &Path) -> BTreeMap<String, u64> {
    let mut found = BTreeMap::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.strip_prefix(folder).unwrap().to_string_lossy().into_owned();
                found.insert(name, hash(&fs::read(&path).unwrap()));
            }
        }
    }
    found
}

/// Builds every design in `designs/` into `dir/name` with `jobs`.
fn build_all(dir: &Path, name: &str, jobs: &str) -> BTreeMap<String, u64> {
    let out = dir.join(name);
    let output = tilepress(&root(), &["build", "-j", jobs, "-o", out.to_str().unwrap()]);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    hashes(&out)
}

#[test]
fn builds_are_byte_identical_with_one_job_and_with_several() {
    let dir = scratch("determinism");
    let one = build_all(&dir, "one", "1");
    let several = build_all(&dir, "several", "4");
    assert!(one.len() >= 30, "every design's files: {one:?}");
    for design in ["tantrix", "triles", "tranglar", "trans-rabat", "diagrams"] {
        assert!(one.keys().any(|k| k.starts_with(&format!("{design}/"))), "{design} built");
    }
    let differ: Vec<&String> =
        one.keys().filter(|name| one.get(*name) != several.get(*name)).collect();
    assert!(differ.is_empty(), "files differ between -j1 and -j4: {differ:?}");
    assert_eq!(one.len(), several.len(), "the same files");
    svgs_read_cleanly(&dir.join("one"), &one);
    pdfs_pass_qpdf(&dir.join("one"), &one);
    fs::remove_dir_all(&dir).unwrap();
}

/// Warnings usvg logs while reading, kept to fail the test.
static WARNINGS: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Collect;

impl log::Log for Collect {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            WARNINGS.lock().unwrap().push(format!("{}: {}", record.level(), record.args()));
        }
    }

    fn flush(&self) {}
}

fn svgs_read_cleanly(folder: &Path, files: &BTreeMap<String, u64>) {
    let _ = log::set_logger(&Collect);
    log::set_max_level(log::LevelFilter::Warn);
    // The collector must see what usvg complains about, or a clean run proves nothing.
    let broken = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="0" height="5"/></svg>"##;
    let _ = Tree::from_str(broken, &Options::default());
    assert!(!WARNINGS.lock().unwrap().is_empty(), "a zero-width rect is logged");
    let mut problems = Vec::new();
    let svgs: Vec<&String> = files.keys().filter(|name| name.ends_with(".svg")).collect();
    assert!(svgs.len() >= 20, "{svgs:?}");
    for name in svgs {
        let svg = fs::read_to_string(folder.join(name)).unwrap();
        WARNINGS.lock().unwrap().clear();
        if let Err(error) = Tree::from_str(&svg, &Options::default()) {
            problems.push(format!("{name}: {error}"));
        }
        problems.extend(WARNINGS.lock().unwrap().iter().map(|w| format!("{name}: {w}")));
    }
    assert!(problems.is_empty(), "usvg: {problems:#?}");
}

/// `qpdf --check` on every PDF.
fn pdfs_pass_qpdf(folder: &Path, files: &BTreeMap<String, u64>) {
    let pdfs: Vec<&String> = files.keys().filter(|name| name.ends_with(".pdf")).collect();
    assert!(pdfs.len() >= 6, "{pdfs:?}");
    for name in pdfs {
        common::qpdf_check(&folder.join(name));
    }
}
