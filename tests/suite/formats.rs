//! `build --format`: only the kinds of file asked for are written, the same bytes as a full build, and a bad list is refused before anything is built.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{code, root, scratch, text, tilepress};

/// Every file tilepress wrote in `folder` with its bytes (not its hidden manifest).
fn files(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .map(|path| (path.file_name().unwrap().to_string_lossy().into_owned(), path))
        .filter(|(name, _)| !name.starts_with('.'))
        .map(|(name, path)| (name, std::fs::read(&path).unwrap()))
        .collect()
}

/// Builds Tantrix into `dir/out-<name>` with `extra` options; its files.
fn build(dir: &Path, name: &str, extra: &[&str]) -> (BTreeMap<String, Vec<u8>>, String) {
    let design = root().join("designs/tantrix.toml");
    let out = format!("out-{name}");
    let mut args = vec!["build", design.to_str().unwrap(), "-o", &out];
    args.extend_from_slice(extra);
    let output = tilepress(dir, &args);
    assert_eq!(code(&output), 0, "{:?}", text(&output));
    (files(&dir.join(&out).join("tantrix")), text(&output).0)
}

#[test]
fn only_the_formats_asked_for_are_written_with_the_same_bytes() {
    let dir = scratch("formats");
    let (all, all_report) = build(&dir, "all", &[]);
    let kinds = |files: &BTreeMap<String, Vec<u8>>| {
        let mut kinds: Vec<&str> = files
            .keys()
            .map(|name| match name.as_str() {
                n if n.ends_with(".pdf") => "pdf",
                n if n.ends_with("-preview.png") => "preview",
                n if n.ends_with(".png") => "png",
                n if n.contains("-cut-") => "cut",
                _ => "svg",
            })
            .collect();
        kinds.dedup();
        kinds.sort_unstable();
        kinds.dedup();
        kinds
    };
    assert_eq!(kinds(&all), ["cut", "pdf", "preview", "svg"], "the default: all but png");
    assert!(all_report.contains("cut:"), "{all_report}");
    let (some, report) = build(&dir, "some", &["--format", "pdf, preview"]);
    assert_eq!(kinds(&some), ["pdf", "preview"]);
    assert!(!report.contains("cut:"), "no cut report without cut files: {report}");
    for (name, bytes) in &some {
        assert!(all.get(name) == Some(bytes), "{name} differs from the full build's");
    }
    let (cut_and_png, _) = build(&dir, "png", &["--format", "cut", "--png", "--dpi", "20"]);
    assert_eq!(kinds(&cut_and_png), ["cut", "png"], "--png adds png to the list");
    let (svg, _) = build(&dir, "svg", &["--format", "svg,png", "--dpi", "20"]);
    assert_eq!(kinds(&svg), ["png", "svg"]);
    assert_eq!(svg.len(), 8, "four sheet sides, an SVG and a PNG each: {:?}", svg.keys());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_format_is_refused_before_building() {
    let dir = scratch("formats-bad");
    let design = root().join("designs/tantrix.toml");
    for list in ["pdf,jpeg", "", "pdf,,svg"] {
        let output =
            tilepress(&dir, &["build", design.to_str().unwrap(), "-o", "out", "--format", list]);
        assert_eq!(code(&output), 2, "{list:?}: {:?}", text(&output));
        let stderr = text(&output).1;
        assert!(
            stderr.contains("--format") && stderr.contains("pdf, svg, cut, png, preview"),
            "{stderr}"
        );
        assert!(!dir.join("out").exists(), "nothing written for {list:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
