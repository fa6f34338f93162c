//! Never lose a file: output folders tilepress does not own, sources, name collisions, planted
//! links, kills at random moments and concurrent builds, on the real binary with decoy files
//! whose survival is asserted.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{code, names_in, root, scratch, text, tilepress, tilepress_watched};

/// The regular files of a folder (not hidden ones but the manifest), with their bytes.
fn files_of(folder: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.file_type().unwrap().is_file())
        .map(|entry| {
            (entry.file_name().to_string_lossy().into_owned(), fs::read(entry.path()).unwrap())
        })
        .collect()
}

/// A scratch project: `mini.toml` (the small hex design), a `diagrams/` folder with one
/// diagram of it, and a decoy file.
fn project(name: &str) -> PathBuf {
    let dir = scratch(name);
    fs::copy(root().join("tests/designs/mini-hex.toml"), dir.join("mini.toml")).unwrap();
    fs::create_dir_all(dir.join("diagrams")).unwrap();
    fs::write(dir.join("diagrams/one.toml"), diagram_text("../mini.toml")).unwrap();
    dir
}

fn diagram_text(design: &str) -> String {
    format!("[diagram]\ndesign = \"{design}\"\nlegal = true\n\n[[place]]\ntile = 6\nat = [0, 0]\n")
}

fn assert_refused(output: &std::process::Output, says: &str) {
    let (_, err) = text(output);
    assert_eq!(code(output), 2, "{err}");
    assert!(err.contains(says), "expected `{says}` in: {err}");
    assert!(err.contains("  help: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn build_into_the_project_folder_keeps_the_diagram_sources() {
    let dir = project("out-dot");
    fs::create_dir_all(dir.join("designs")).unwrap();
    fs::rename(dir.join("mini.toml"), dir.join("designs/mini.toml")).unwrap();
    fs::write(dir.join("diagrams/one.toml"), diagram_text("../designs/mini.toml")).unwrap();
    let before = files_of(&dir.join("diagrams"));
    let output = tilepress(&dir, &["build", "-o", "."]);
    assert_refused(&output, "holds the source");
    assert_eq!(files_of(&dir.join("diagrams")), before, "the diagram sources are untouched");
    assert!(dir.join("designs/mini.toml").is_file());
}

#[test]
fn a_folder_tilepress_did_not_make_is_refused_and_kept_whole() {
    let dir = project("not-owned");
    fs::create_dir_all(dir.join("mini/src")).unwrap();
    fs::write(dir.join("mini/README"), "my game").unwrap();
    fs::write(dir.join("mini/src/main.rs"), "fn main() {}").unwrap();
    let output = tilepress(&dir, &["build", "mini.toml", "-o", "."]);
    assert_refused(&output, "is not a tilepress output folder");
    assert_eq!(names_in(&dir.join("mini")), ["README", "src"]);
    assert_eq!(fs::read_to_string(dir.join("mini/src/main.rs")).unwrap(), "fn main() {}");
    // An empty folder is fine to write into.
    fs::create_dir_all(dir.join("empty/mini")).unwrap();
    let output = tilepress(&dir, &["build", "mini.toml", "-o", "empty"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
}

#[test]
fn a_users_file_in_an_owned_folder_survives_every_rebuild() {
    let dir = project("owned-extra");
    let build = || tilepress(&dir, &["build", "mini.toml", "-o", "out"]);
    assert_eq!(code(&build()), 0);
    fs::write(dir.join("out/mini/notes.txt"), "keep me").unwrap();
    std::os::unix::fs::symlink("../../mini.toml", dir.join("out/mini/design-link")).unwrap();
    for _ in 0..2 {
        let output = build();
        assert_eq!(code(&output), 0, "{}", text(&output).1);
        assert_eq!(fs::read_to_string(dir.join("out/mini/notes.txt")).unwrap(), "keep me");
        let link = fs::read_link(dir.join("out/mini/design-link")).unwrap();
        assert_eq!(link, Path::new("../../mini.toml"));
    }
    assert_eq!(names_in(&dir.join("out")), ["mini"], "no working folder is left");
    // A file of the user's with the name of a new output file is never overwritten.
    fs::remove_file(dir.join("out/mini/mini.pdf")).unwrap();
    let manifest = fs::read_to_string(dir.join("out/mini/.tilepress-manifest")).unwrap();
    let unlisted: String = manifest
        .lines()
        .filter(|l| !l.ends_with(" mini.pdf"))
        .map(|l| l.to_owned() + "\n")
        .collect();
    fs::write(dir.join("out/mini/.tilepress-manifest"), unlisted).unwrap();
    fs::write(dir.join("out/mini/mini.pdf"), "my own pdf").unwrap();
    assert_refused(&build(), "is not a file tilepress wrote");
    assert_eq!(fs::read_to_string(dir.join("out/mini/mini.pdf")).unwrap(), "my own pdf");
}

#[test]
fn a_clash_found_in_the_last_folder_writes_none_of_them() {
    let dir = project("late-clash");
    fs::copy(dir.join("mini.toml"), dir.join("later.toml")).unwrap();
    let build = || tilepress(&dir, &["build", "-j1", "mini.toml", "later.toml", "-o", "out"]);
    assert_eq!(code(&build()), 0);
    // Only the file names of the new build show the clash: the user edited a built file of
    // the design built last, and the first design's folder is gone.
    fs::write(dir.join("out/later/later.pdf"), "my edits").unwrap();
    fs::remove_dir_all(dir.join("out/mini")).unwrap();
    let output = build();
    assert_refused(&output, "was changed since tilepress wrote it");
    assert!(text(&output).1.contains("nothing was written"), "{}", text(&output).1);
    assert!(!dir.join("out/mini").exists(), "the first design's folder was written");
    assert_eq!(fs::read_to_string(dir.join("out/later/later.pdf")).unwrap(), "my edits");
    // The same for the diagrams, which are written after every design.
    fs::create_dir_all(dir.join("project/designs")).unwrap();
    fs::create_dir_all(dir.join("project/diagrams")).unwrap();
    fs::copy(dir.join("mini.toml"), dir.join("project/designs/mini.toml")).unwrap();
    let one = diagram_text("../designs/mini.toml");
    fs::write(dir.join("project/diagrams/one.toml"), one).unwrap();
    let project = dir.join("project");
    assert_eq!(code(&tilepress(&project, &["build", "-o", "out"])), 0);
    let diagram = names_in(&project.join("out/diagrams"))
        .into_iter()
        .find(|name| name.ends_with(".svg"))
        .expect("a diagram's SVG");
    fs::write(project.join("out/diagrams").join(&diagram), "my drawing").unwrap();
    fs::remove_dir_all(project.join("out/mini")).unwrap();
    let output = tilepress(&project, &["build", "-o", "out"]);
    assert_refused(&output, "was changed since tilepress wrote it");
    assert!(!project.join("out/mini").exists(), "the design's folder was written");
}

#[test]
fn designs_with_one_output_name_are_refused_before_anything_is_written() {
    let dir = project("collisions");
    for name in ["a b.toml", "a-b.toml", "A_B.toml"] {
        fs::copy(dir.join("mini.toml"), dir.join(name)).unwrap();
    }
    for args in [
        &["build", "a b.toml", "a-b.toml", "-o", "out"][..],
        &["build", "-j3", "a b.toml", "a-b.toml", "A_B.toml", "-o", "out"],
        &["build", "a-b.toml", "a-b.toml", "-o", "out"],
    ] {
        let output = tilepress(&dir, args);
        let (_, err) = text(&output);
        let twice = args[1] == args[2];
        assert_refused(&output, if twice { "is given twice" } else { "would both write" });
        if !twice {
            assert!(err.contains("a b.toml and a-b.toml"), "names both files: {err}");
        }
        assert!(!dir.join("out").exists(), "{args:?} wrote something");
    }
    fs::write(dir.join("diagrams/One.toml"), diagram_text("../mini.toml")).unwrap();
    let output =
        tilepress(&dir, &["diagram", "diagrams/one.toml", "diagrams/One.toml", "-o", "figs"]);
    assert_refused(&output, "would both write");
    assert!(!dir.join("figs").exists());
}

#[test]
fn a_file_where_the_output_folder_goes_is_refused_before_writing() {
    let dir = project("file-in-the-way");
    fs::create_dir_all(dir.join("out")).unwrap();
    fs::write(dir.join("out/mini"), "a file of mine").unwrap();
    for _ in 0..2 {
        assert_refused(&tilepress(&dir, &["build", "mini.toml", "-o", "out"]), "is a file");
        assert_eq!(fs::read_to_string(dir.join("out/mini")).unwrap(), "a file of mine");
        assert_eq!(names_in(&dir.join("out")), ["mini"], "nothing hidden left behind");
    }
    fs::remove_file(dir.join("out/mini")).unwrap();
    assert_eq!(code(&tilepress(&dir, &["build", "mini.toml", "-o", "out"])), 0);
}

#[test]
fn a_planted_link_at_a_working_name_is_never_written_through() {
    let dir = project("planted-link");
    let outside = dir.join("outside");
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("precious.txt"), "mine").unwrap();
    fs::create_dir_all(dir.join("figs")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join(".figs.tilepress-staging")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("figs/.one.svg.partial")).unwrap();
    let output = tilepress(&dir, &["diagram", "diagrams/one.toml", "-o", "figs"]);
    assert_refused(&output, "is in the way");
    assert_eq!(names_in(&outside), ["precious.txt"]);
    fs::remove_file(dir.join(".figs.tilepress-staging")).unwrap();
    // The old `.partial` link is a file of the user's now: kept, never followed.
    let output = tilepress(&dir, &["diagram", "diagrams/one.toml", "-o", "figs"]);
    assert_refused(&output, "is not a tilepress output folder");
    fs::remove_file(dir.join("figs/.one.svg.partial")).unwrap();
    let output = tilepress(&dir, &["diagram", "diagrams/one.toml", "-o", "figs"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    assert_eq!(names_in(&outside), ["precious.txt"]);
    assert_eq!(
        names_in(&dir.join("figs")),
        [".tilepress-manifest", "one.pdf", "one.png", "one.svg"]
    );
}

#[test]
fn a_diagram_is_not_written_over_its_own_sources() {
    let dir = project("diagram-sources");
    let output = tilepress(&dir, &["diagram", "diagrams/one.toml", "-o", "diagrams"]);
    assert_refused(&output, "holds the source");
    let output = tilepress(&dir, &["diagram", "diagrams/one.toml", "-o", "."]);
    assert_refused(&output, "holds the source");
    assert_eq!(names_in(&dir.join("diagrams")), ["one.toml"]);
}

/// Two versions of one design with the same output name, built once each for reference.
struct Versions {
    dir: PathBuf,
    old: BTreeMap<String, Vec<u8>>,
    new: BTreeMap<String, Vec<u8>>,
}

fn versions(name: &str) -> Versions {
    let dir = scratch(name);
    let mini = fs::read_to_string(root().join("tests/designs/mini-hex.toml")).unwrap();
    for (version, paper) in [("old", "120x120"), ("new", "A4")] {
        fs::create_dir_all(dir.join(version)).unwrap();
        let design = mini.replace("paper = \"120x120\"", &format!("paper = \"{paper}\""));
        fs::write(dir.join(version).join("game.toml"), design).unwrap();
        let reference = format!("ref-{version}");
        let output = tilepress(&dir, &["build", &format!("{version}/game.toml"), "-o", &reference]);
        assert_eq!(code(&output), 0, "{}", text(&output).1);
    }
    let old = files_of(&dir.join("ref-old/game"));
    let new = files_of(&dir.join("ref-new/game"));
    assert_ne!(old, new);
    Versions { dir, old, new }
}

/// The output folder holds exactly the old or the new build, plus the decoy.
fn assert_whole(v: &Versions, folder: &Path, moment: &str) {
    let mut found = files_of(folder);
    assert_eq!(found.remove("decoy.txt").as_deref(), Some(&b"mine"[..]), "{moment}: decoy lost");
    assert!(found == v.old || found == v.new, "{moment}: a mixed folder: {:?}", found.keys());
}

#[test]
fn a_build_killed_at_any_moment_leaves_the_old_or_the_new_output_whole() {
    let v = versions("sigkill");
    let out = v.dir.join("out");
    let reset = || {
        let _ = fs::remove_dir_all(&out);
        let output = tilepress(&v.dir, &["build", "old/game.toml", "-o", "out"]);
        assert_eq!(code(&output), 0);
        fs::write(out.join("game/decoy.txt"), "mine").unwrap();
    };
    reset();
    let started = Instant::now();
    assert_eq!(code(&tilepress(&v.dir, &["build", "new/game.toml", "-o", "out"])), 0);
    let full = started.elapsed();
    let mut seed: u64 = 0x5eed_1234;
    let (mut saw_old, mut saw_new) = (false, false);
    for round in 0..24 {
        reset();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let fraction = (seed >> 33) as f64 / (1u64 << 31) as f64;
        // From a tenth of one calibrating build to twice it: under a changing load a build
        // may take several times the calibration, and the kills must still land on both
        // sides of the swap.
        let delay = full.mul_f64(0.1 + 1.9 * fraction);
        let mut child = Command::new(env!("CARGO_BIN_EXE_tilepress"))
            .args(["build", "new/game.toml", "-o", "out"])
            .current_dir(&v.dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill(); // SIGKILL
        child.wait().unwrap();
        let moment = format!("round {round}, killed after {delay:?} of {full:?}");
        assert_whole(&v, &out.join("game"), &moment);
        if files_of(&out.join("game")).len() == v.new.len() + 1 && {
            let mut f = files_of(&out.join("game"));
            f.remove("decoy.txt");
            f == v.new
        } {
            saw_new = true;
        } else {
            saw_old = true;
        }
        // The next run cleans up whatever the killed one left, and builds.
        let output = tilepress(&v.dir, &["build", "new/game.toml", "-o", "out"]);
        assert_eq!(code(&output), 0, "{moment}: {}", text(&output).1);
        assert_eq!(names_in(&out), ["game"], "{moment}: working folders left");
        assert_whole(&v, &out.join("game"), &moment);
    }
    assert!(saw_old && saw_new, "kills landed both before and after the swap");
}

#[test]
fn a_write_that_fails_midway_leaves_the_old_output_and_nothing_else() {
    let v = versions("write-fails");
    let out = v.dir.join("out");
    assert_eq!(code(&tilepress(&v.dir, &["build", "old/game.toml", "-o", "out"])), 0);
    fs::write(out.join("game/decoy.txt"), "mine").unwrap();
    // Files past 4 KB cannot be written (like a full disk): the write fails with EFBIG.
    let output = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 8; exec \"$0\" build new/game.toml -o out")
        .arg(env!("CARGO_BIN_EXE_tilepress"))
        .current_dir(&v.dir)
        .output()
        .unwrap();
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert!(err.contains("cannot write"), "{err}");
    assert_whole(&v, &out.join("game"), "after a failed write");
    assert_eq!(files_of(&out.join("game")).len(), v.old.len() + 1, "{err}");
    assert_eq!(names_in(&out), ["game"], "the staging folder is removed");
}

#[test]
fn two_builds_into_one_folder_take_turns() {
    let v = versions("concurrent");
    let out = v.dir.join("out");
    for round in 0..10 {
        let _ = fs::remove_dir_all(&out);
        fs::create_dir_all(out.join("game")).unwrap();
        fs::write(out.join("game/.tilepress-manifest"), "tilepress-manifest 1\n").unwrap();
        fs::write(out.join("game/decoy.txt"), "mine").unwrap();
        let spawn = |version: &str| {
            Command::new(env!("CARGO_BIN_EXE_tilepress"))
                .args(["build", &format!("{version}/game.toml"), "-o", "out"])
                .current_dir(&v.dir)
                .output()
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| spawn("old").unwrap());
            let b = s.spawn(|| spawn("new").unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!(code(&a), 0, "round {round}: {}", text(&a).1);
        assert_eq!(code(&b), 0, "round {round}: {}", text(&b).1);
        assert_whole(&v, &out.join("game"), &format!("round {round}"));
        assert_eq!(names_in(&out), ["game"]);
    }
}

#[test]
fn two_diagram_commands_into_one_folder_keep_both() {
    let dir = project("concurrent-diagrams");
    fs::write(
        dir.join("diagrams/two.toml"),
        diagram_text("../mini.toml").replace("tile = 6", "tile = 9"),
    )
    .unwrap();
    for round in 0..5 {
        let _ = fs::remove_dir_all(dir.join("figs"));
        let spawn = |name: &str| {
            Command::new(env!("CARGO_BIN_EXE_tilepress"))
                .args(["diagram", &format!("diagrams/{name}.toml"), "-o", "figs"])
                .current_dir(&dir)
                .output()
                .unwrap()
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| spawn("one"));
            let b = s.spawn(|| spawn("two"));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!((code(&a), code(&b)), (0, 0), "round {round}: {:?} {:?}", text(&a), text(&b));
        let names = names_in(&dir.join("figs"));
        let expected = [
            ".tilepress-manifest",
            "one.pdf",
            "one.png",
            "one.svg",
            "two.pdf",
            "two.png",
            "two.svg",
        ];
        assert_eq!(names, expected, "round {round}");
    }
}

#[test]
fn pipes_and_devices_are_refused_at_once() {
    let dir = project("fifo");
    let status = Command::new("mkfifo").arg(dir.join("pipe.toml")).status().unwrap();
    assert!(status.success());
    fs::write(dir.join("via-pipe.toml"), diagram_text("pipe.toml")).unwrap();
    for args in [
        &["check", "pipe.toml"][..],
        &["build", "pipe.toml", "-o", "out"],
        &["check", "/dev/zero"],
        &["diagram", "via-pipe.toml", "-o", "figs"],
        &["diagram", "pipe.toml", "-o", "figs"],
    ] {
        let (output, _) = tilepress_watched(&dir, args, Duration::from_secs(10), |_| {})
            .unwrap_or_else(|| panic!("{args:?} hung"));
        assert_refused(&output, "is not a regular file");
    }
}

#[test]
fn a_closed_or_full_stdout_ends_without_a_panic() {
    let dir = project("stdout");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilepress"))
        .args(["list", "mini.toml"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // like `| head -0`: the reader is gone
    let output = child.wait_with_output().unwrap();
    let (_, err) = text(&output);
    assert_eq!(code(&output), 0, "{err}");
    assert!(err.is_empty(), "ends quietly: {err}");
    let full = fs::File::create("/dev/full").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tilepress"))
        .args(["check", "mini.toml"])
        .current_dir(&dir)
        .stdout(full)
        .output()
        .unwrap();
    let (_, err) = text(&output);
    assert_eq!(code(&output), 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot write to standard output"), "{err}");
}
