//! Output folders that recover from anything, on the real binary: refusals decided before the first byte (build and serve's button), a user's folder never moved into a working folder, manifests with records trusted only while files match, broken leftovers of killed runs recovered.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use common::server::Server;
use common::{code, names_in, root, scratch, text, tilepress_watched};

/// How long one run of the binary may take before the test fails (debug builds are slow).
const LIMIT: Duration = Duration::from_secs(60);

/// Runs `tilepress ARGS` in `dir`, killed (and the test failed) after [`LIMIT`].
fn run(dir: &Path, args: &[&str]) -> Output {
    tilepress_watched(dir, args, LIMIT, |_| {}).unwrap_or_else(|| panic!("{args:?} hung")).0
}

/// A scratch project: `designs/mini.toml` (the small hex design) and `diagrams/one.toml`
/// drawing it, as a project folder holds them.
fn project(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::create_dir_all(dir.join("designs")).unwrap();
    fs::create_dir_all(dir.join("diagrams")).unwrap();
    fs::copy(root().join("tests/designs/mini-hex.toml"), dir.join("designs/mini.toml")).unwrap();
    fs::write(dir.join("diagrams/one.toml"), diagram_text("../designs/mini.toml")).unwrap();
    dir
}

fn diagram_text(design: &str) -> String {
    format!("[diagram]\ndesign = \"{design}\"\nlegal = true\n\n[[place]]\ntile = 6\nat = [0, 0]\n")
}

/// Builds `designs/mini.toml` into `out/mini/`, which must succeed.
fn build_mini(dir: &Path) -> Output {
    let output = run(dir, &["build", "designs/mini.toml", "-o", "out"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    output
}

/// A scratch [`project`] with `designs/mini.toml` built: the project and its `out/mini`.
fn built(name: &str) -> (PathBuf, PathBuf) {
    let dir = project(name);
    build_mini(&dir);
    let folder = dir.join("out/mini");
    (dir, folder)
}

/// Asserts exit 2 with a message that says `says`, names `path` and gives a help line.
fn assert_refused(output: &Output, says: &str, path: &str) -> String {
    let (_, err) = text(output);
    assert_eq!(code(output), 2, "{err}");
    assert!(err.contains(says), "expected `{says}` in: {err}");
    assert!(err.contains(path), "expected the path `{path}` in: {err}");
    assert!(err.contains("  help: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn build_into_the_project_folder_is_refused_before_any_design_is_written() {
    let dir = project("dot");
    let before = names_in(&dir);
    let output = run(&dir, &["build", "-o", "."]);
    let err = assert_refused(&output, "holds the source", "diagrams");
    assert!(err.contains("nothing was written"), "{err}");
    assert_eq!(names_in(&dir), before, "no design folder was written into the project");
    assert_eq!(names_in(&dir.join("diagrams")), ["one.toml"]);
}

#[test]
fn a_refused_folder_of_one_design_stops_the_others_before_writing() {
    let dir = project("second-refused");
    fs::copy(dir.join("designs/mini.toml"), dir.join("designs/zeta.toml")).unwrap();
    fs::create_dir_all(dir.join("out/zeta")).unwrap();
    fs::write(dir.join("out/zeta/README"), "my notes").unwrap();
    let output = run(&dir, &["build", "designs/mini.toml", "designs/zeta.toml", "-o", "out"]);
    assert_refused(&output, "is not a tilepress output folder", "out/zeta");
    assert_eq!(names_in(&dir.join("out")), ["zeta"], "mini was not written first");
    assert_eq!(fs::read_to_string(dir.join("out/zeta/README")).unwrap(), "my notes");
}

#[test]
fn diagrams_with_one_output_name_stop_the_build_before_writing() {
    let dir = project("diagram-stems");
    fs::write(dir.join("diagrams/One.toml"), diagram_text("../designs/mini.toml")).unwrap();
    let output = run(&dir, &["build", "-o", "out"]);
    assert_refused(&output, "would both write", "One.toml");
    assert!(!dir.join("out").exists(), "the designs were not built and written first");
}

#[test]
fn the_build_button_with_the_project_as_output_writes_nothing() {
    let dir = project("serve-dot");
    let before = names_in(&dir);
    let server = Server::start(&dir, &["designs/mini.toml", "-o", "."]);
    server.events("mini").built();
    let reply = server.request("POST", "/d/mini/build", &[("X-Tilepress-Build", "1")]);
    let body = reply.text();
    assert_eq!(reply.status, 409, "{body}");
    assert!(body.contains("holds the source") && body.contains("diagrams"), "{body}");
    assert!(body.contains("help: ") && body.contains("nothing was written"), "{body}");
    assert_eq!(names_in(&dir), before, "the design's folder was not written first");
}

#[test]
fn a_users_folder_where_tilepress_wrote_a_file_is_refused_and_left_in_place() {
    let dir = project("user-folder");
    build_mini(&dir);
    let pdf = dir.join("out/mini/mini.pdf");
    fs::remove_file(&pdf).unwrap();
    fs::create_dir(&pdf).unwrap();
    fs::write(pdf.join("mine.txt"), "my file").unwrap();
    for _ in 0..2 {
        let output = run(&dir, &["build", "designs/mini.toml", "-o", "out"]);
        let err =
            assert_refused(&output, "is a folder or special file of yours", "out/mini/mini.pdf");
        assert!(err.contains("move it out"), "{err}");
        assert_eq!(fs::read_to_string(pdf.join("mine.txt")).unwrap(), "my file");
        assert_eq!(names_in(&dir.join("out")), ["mini"], "no hidden working folder is left");
    }
    // Moved away, the next build writes the folder again.
    fs::rename(&pdf, dir.join("kept")).unwrap();
    build_mini(&dir);
    assert!(pdf.is_file());
    assert_eq!(fs::read_to_string(dir.join("kept/mine.txt")).unwrap(), "my file");
}

#[test]
fn the_build_button_refuses_a_users_folder_and_moves_nothing() {
    let dir = project("serve-user-folder");
    build_mini(&dir);
    let pdf = dir.join("out/mini/mini.pdf");
    fs::remove_file(&pdf).unwrap();
    fs::create_dir(&pdf).unwrap();
    fs::write(pdf.join("mine.txt"), "my file").unwrap();
    let server = Server::start(&dir, &["designs/mini.toml", "-o", "out"]);
    server.events("mini").built();
    let reply = server.request("POST", "/d/mini/build", &[("X-Tilepress-Build", "1")]);
    let body = reply.text();
    assert_eq!(reply.status, 409, "{body}");
    assert!(body.contains("out/mini/mini.pdf is a folder or special file of yours"), "{body}");
    assert!(body.contains("nothing was written"), "{body}");
    assert_eq!(fs::read_to_string(pdf.join("mine.txt")).unwrap(), "my file");
    assert_eq!(names_in(&dir.join("out")), ["mini"], "no hidden working folder is left");
}

#[test]
fn a_forged_manifest_listing_a_users_folder_moves_nothing_and_the_next_build_succeeds() {
    let (dir, folder) = built("forged-manifest");
    // The user's folder, a FIFO and a file beside the build, and the manifest made to list
    // the folder as tilepress's.
    fs::create_dir(folder.join("sub")).unwrap();
    fs::write(folder.join("sub/mine.txt"), "my file").unwrap();
    fs::write(folder.join("notes.txt"), "my notes").unwrap();
    assert!(Command::new("mkfifo").arg(folder.join("pipe")).status().unwrap().success());
    let manifest = folder.join(".tilepress-manifest");
    let forged = fs::read_to_string(&manifest).unwrap() + "- - sub\n";
    fs::write(&manifest, forged).unwrap();
    let untouched = |err: &str, name: &str, listed: bool| {
        let path = format!("out/mini/{name} is a folder or special file of yours");
        let said = if listed { ", though the folder's manifest lists it" } else { "" };
        let note = format!("{path}{said}: left where it was");
        assert!(err.contains(&note), "expected `{note}` in: {err}");
    };
    // Only the PDF this time: the other files of the last build are dropped.
    let output = run(&dir, &["build", "designs/mini.toml", "-o", "out", "--format", "pdf"]);
    let (_, err) = text(&output);
    assert_eq!(code(&output), 0, "{err}");
    untouched(&err, "sub", true);
    untouched(&err, "pipe", false);
    let mine = || fs::read_to_string(folder.join("sub/mine.txt")).unwrap();
    assert_eq!(mine(), "my file");
    assert_eq!(fs::read_to_string(folder.join("notes.txt")).unwrap(), "my notes");
    assert_eq!(names_in(&dir.join("out")), ["mini"], "no hidden working folder");
    let names = names_in(&folder);
    let expected = [".tilepress-manifest", "mini.pdf", "notes.txt", "pipe", "sub"];
    assert_eq!(names, expected, "the dropped files removed, nothing hidden left");
    let listed: Vec<String> =
        manifest_lines(&folder).iter().map(|l| l.rsplit(' ').next().unwrap().into()).collect();
    assert_eq!(listed, ["mini.pdf"], "the manifest lists only what tilepress wrote");
    // The next builds succeed, every format again, and say the same of the user's entries.
    for _ in 0..2 {
        let output = build_mini(&dir);
        let (_, err) = text(&output);
        untouched(&err, "sub", false);
        untouched(&err, "pipe", false);
        assert_eq!(mine(), "my file");
        assert!(folder.join("mini-sheet-01-front.svg").is_file());
        assert_eq!(names_in(&dir.join("out")), ["mini"], "no hidden working folder");
    }
}

#[test]
fn a_users_folder_left_in_a_working_folder_by_an_older_run_is_named_not_deleted() {
    let dir = project("stuck-working");
    build_mini(&dir);
    // What tilepress before this fix left behind: the user's folder inside the old build,
    // under the hidden staging name.
    let stuck = dir.join("out/.mini.tilepress-staging");
    fs::create_dir_all(stuck.join("mini.pdf")).unwrap();
    fs::write(stuck.join("mini.pdf/mine.txt"), "my file").unwrap();
    fs::write(stuck.join(".tilepress-manifest"), "tilepress-manifest 1\nmini.pdf\n").unwrap();
    let output = run(&dir, &["build", "designs/mini.toml", "-o", "out"]);
    let err = assert_refused(&output, "hidden working folder", ".mini.tilepress-staging");
    assert!(err.contains("mini.pdf (a folder or special file)") && err.contains("move"), "{err}");
    assert_eq!(fs::read_to_string(stuck.join("mini.pdf/mine.txt")).unwrap(), "my file");
    fs::rename(stuck.join("mini.pdf"), dir.join("rescued")).unwrap();
    build_mini(&dir);
    assert_eq!(names_in(&dir.join("out")), ["mini"], "the rest of the leftover is removed");
}

/// The `SIZE HASH NAME` lines of a folder's manifest.
fn manifest_lines(folder: &Path) -> Vec<String> {
    let manifest = fs::read_to_string(folder.join(".tilepress-manifest")).unwrap();
    let mut lines = manifest.lines();
    assert_eq!(lines.next(), Some("tilepress-manifest 3"), "{manifest}");
    lines.filter(|l| !l.starts_with('#')).map(String::from).collect()
}

/// The names the manifest of `folder` lists, in its order.
fn listed_names(folder: &Path) -> Vec<String> {
    let lines = manifest_lines(folder);
    lines.iter().map(|l| l.splitn(3, ' ').nth(2).unwrap().to_string()).collect()
}

#[test]
fn the_manifest_records_each_files_size_and_hash() {
    let (_, folder) = built("records");
    let lines = manifest_lines(&folder);
    assert!(!lines.is_empty());
    for line in &lines {
        let mut parts = line.splitn(3, ' ');
        let (size, hash, name) =
            (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
        assert_eq!(size.parse::<u64>().unwrap(), fs::metadata(folder.join(name)).unwrap().len());
        assert_eq!(hash.len(), 16, "{line}");
        assert!(u64::from_str_radix(hash, 16).is_ok(), "{line}");
    }
    assert!(!names_in(&folder).contains(&".tilepress-manifest.partial".to_string()));
}

#[test]
fn a_listed_file_tilepress_never_wrote_is_kept() {
    let (dir, folder) = built("forged");
    fs::write(folder.join("notes.txt"), "my notes").unwrap();
    // A manifest that claims the user's file (copied from elsewhere, or edited).
    let manifest = fs::read_to_string(folder.join(".tilepress-manifest")).unwrap();
    fs::write(
        folder.join(".tilepress-manifest"),
        format!("{manifest}8 0123456789abcdef notes.txt\n"),
    )
    .unwrap();
    build_mini(&dir);
    assert_eq!(fs::read_to_string(folder.join("notes.txt")).unwrap(), "my notes");
    assert!(!manifest_lines(&folder).iter().any(|l| l.ends_with(" notes.txt")), "no longer listed");
    assert_eq!(names_in(&dir.join("out")), ["mini"]);
}

#[test]
fn an_edited_file_of_the_build_is_never_replaced() {
    let dir = project("edited");
    build_mini(&dir);
    let svg = fs::read_dir(dir.join("out/mini"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "svg"))
        .expect("an SVG sheet");
    let mut edited = fs::read(&svg).unwrap();
    edited.extend_from_slice(b"<!-- my edit -->");
    fs::write(&svg, &edited).unwrap();
    let output = run(&dir, &["build", "designs/mini.toml", "-o", "out"]);
    let shown = svg.file_name().unwrap().to_string_lossy().into_owned();
    assert_refused(&output, "was changed since tilepress wrote it", &shown);
    assert_eq!(fs::read(&svg).unwrap(), edited, "the edit is kept");
    assert_eq!(names_in(&dir.join("out")), ["mini"]);
}

#[test]
fn an_older_manifest_without_records_deletes_nothing_it_cannot_verify() {
    let (dir, folder) = built("version-1");
    let built = listed_names(&folder);
    fs::write(folder.join("notes.txt"), "my notes").unwrap();
    // What tilepress 1 wrote: names only; this one also (wrongly) lists the user's notes.
    let old = format!("tilepress-manifest 1\n{}\nnotes.txt\n", built.join("\n"));
    fs::write(folder.join(".tilepress-manifest"), old).unwrap();
    for _ in 0..2 {
        build_mini(&dir);
        assert_eq!(fs::read_to_string(folder.join("notes.txt")).unwrap(), "my notes");
        let lines = manifest_lines(&folder);
        assert!(lines.contains(&"- - notes.txt".to_string()), "kept, unverified: {lines:?}");
        for name in &built {
            assert!(lines.iter().any(|l| !l.starts_with('-') && l.ends_with(&format!(" {name}"))));
        }
    }
    assert_eq!(names_in(&dir.join("out")), ["mini"]);
}

/// FNV-1a, 64 bits: the hash of version 2 manifests.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn a_folder_of_a_version_2_manifest_is_verified_with_its_hash() {
    let (dir, folder) = built("version-2");
    let names = listed_names(&folder);
    // What the tilepress before XXH3 wrote: the same files, FNV-1a hashes.
    let version_2 = |folder: &Path| {
        let mut text = String::from("tilepress-manifest 2\n");
        for name in &names {
            let bytes = fs::read(folder.join(name)).unwrap();
            text.push_str(&format!("{} {:016x} {name}\n", bytes.len(), fnv1a(&bytes)));
        }
        fs::write(folder.join(".tilepress-manifest"), text).unwrap();
    };
    version_2(&folder);
    fs::write(folder.join("notes.txt"), "my notes").unwrap();
    build_mini(&dir);
    let lines = manifest_lines(&folder);
    assert_eq!(lines.len(), names.len(), "rewritten as version 3: {lines:?}");
    assert_eq!(fs::read_to_string(folder.join("notes.txt")).unwrap(), "my notes");
    // A file edited after a version 2 manifest recorded it is the user's now.
    version_2(&folder);
    let svg = names.iter().find(|n| n.ends_with(".svg")).expect("an SVG sheet");
    let mut edited = fs::read(folder.join(svg)).unwrap();
    edited.extend_from_slice(b"<!-- my edit -->");
    fs::write(folder.join(svg), &edited).unwrap();
    let output = run(&dir, &["build", "designs/mini.toml", "-o", "out"]);
    assert_refused(&output, "was changed since tilepress wrote it", svg);
    assert_eq!(fs::read(folder.join(svg)).unwrap(), edited);
    assert_eq!(names_in(&dir.join("out")), ["mini"]);
}

/// Files planted in a working folder: names and bytes.
type Planted = &'static [(&'static str, &'static [u8])];

#[test]
fn leftover_working_folders_with_broken_manifests_are_recovered() {
    let dir = project("leftovers");
    build_mini(&dir);
    let staging = dir.join("out/.mini.tilepress-staging");
    let retired = dir.join("out/.mini.tilepress-retired");
    let cases: [(&str, Planted); 5] = [
        ("an empty manifest", &[(".tilepress-manifest", b"")]),
        ("a manifest cut short", &[(".tilepress-manifest", b"tilepress-manif")]),
        ("a manifest cut mid-line", &[(".tilepress-manifest", b"tilepress-manifest 2\n12 abc")]),
        ("only the partial manifest", &[(".tilepress-manifest.partial", b"tilepress-mani")]),
        (
            "a file cut short",
            &[
                (".tilepress-manifest", b"tilepress-manifest 2\n1000 0123456789abcdef mini.pdf\n"),
                ("mini.pdf", b"%PDF-1.7\n"),
            ],
        ),
    ];
    for (what, files) in cases {
        for working in [&staging, &retired] {
            fs::create_dir_all(working).unwrap();
            for (name, bytes) in files {
                fs::write(working.join(name), bytes).unwrap();
            }
            let output = run(&dir, &["build", "designs/mini.toml", "-o", "out"]);
            assert_eq!(code(&output), 0, "{what}: {}", text(&output).1);
            assert_eq!(names_in(&dir.join("out")), ["mini"], "{what}: recovered");
        }
    }
}

/// Each entry of `folder` (hidden ones too) with its inode, and the folder's own as `.`.
fn inodes(folder: &Path) -> Vec<(String, u64)> {
    use std::os::unix::fs::MetadataExt;
    let mut entries: Vec<(String, u64)> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap())
        .map(|entry| {
            (entry.file_name().to_string_lossy().into_owned(), entry.metadata().unwrap().ino())
        })
        .collect();
    entries.push((".".into(), fs::metadata(folder).unwrap().ino()));
    entries.sort();
    entries
}

#[test]
fn a_rebuild_writes_only_the_files_that_changed() {
    let (dir, folder) = built("rebuild");
    let first = inodes(&folder);
    let bytes = |name: &str| fs::read(folder.join(name)).unwrap();
    let cut = bytes("mini-cut-01.svg");
    // The same design again: the folder holds this build already, and is left as it is.
    build_mini(&dir);
    assert_eq!(inodes(&folder), first, "nothing written, linked or removed");
    // Another red: the sheets, the PDF and the preview change, the cut file does not.
    let design = dir.join("designs/mini.toml");
    let text = fs::read_to_string(&design).unwrap();
    fs::write(&design, text.replace("#d62828", "#c62828")).unwrap();
    build_mini(&dir);
    let second = inodes(&folder);
    let inode = |entries: &[(String, u64)], name: &str| {
        entries.iter().find(|(entry, _)| entry == name).map(|(_, inode)| *inode)
    };
    assert_eq!(inode(&second, "mini-cut-01.svg"), inode(&first, "mini-cut-01.svg"), "kept");
    assert_eq!(bytes("mini-cut-01.svg"), cut);
    for name in ["mini.pdf", "mini-sheet-01-front.svg", "mini-preview.png", ".tilepress-manifest"] {
        assert_ne!(inode(&second, name), inode(&first, name), "{name} written anew");
    }
    assert_eq!(names_in(&dir.join("out")), ["mini"], "no working folder is left");
    // What was kept is listed as it is, and the next build finds it all in place.
    build_mini(&dir);
    assert_eq!(inodes(&folder), second);
}

#[test]
fn a_full_disk_at_the_manifest_then_a_build_that_succeeds() {
    let dir = project("full-disk");
    build_mini(&dir);
    // No byte can be written (like a full disk when the manifest is created), and the build
    // has something to write: on other paper its files differ from the folder's.
    let output = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 0; exec timeout 60 \"$0\" build designs/mini.toml --paper A5 -o out")
        .arg(env!("CARGO_BIN_EXE_tilepress"))
        .current_dir(&dir)
        .output()
        .unwrap();
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert!(err.contains("cannot write") && err.contains("help: "), "{err}");
    assert_eq!(names_in(&dir.join("out")), ["mini"]);
    build_mini(&dir);
    assert_eq!(names_in(&dir.join("out")), ["mini"]);
}
