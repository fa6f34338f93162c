//! Attacks on what a design may read: a data file, image or font outside the design's folder (`../`, an absolute path, `/etc/passwd`, a link out of the folder, a sub-folder linked out), each under `check` and `build`, refused with exit 2 at its key naming the resolved path and quoting nothing of the file; with `--allow-path` the same files are read.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::attack::{assert_held, attack};
use common::{root, scratch};

/// A deck in `project/design/d.toml` reading `data` and showing `image`, in `font`; the
/// font key is at line 8, column 66, the image key at line 9, column 13, `data` at line 15.
fn design(data: &str, image: &str, font: &str) -> String {
    format!(
        r##"[set]
name = "Attack"

[palette]
ink = "#000000"

[faces.front]
layers = [{{ text = "{{rank}}", size_mm = 4, colour = "ink", font = "{font}" }},
  {{ image = "{image}", size_mm = 10 }}]

[[decks]]
name = "cards"
size = "poker"
front = "front"
data = "{data}"
"##
    )
}

/// A project folder: `design/` with a good deck's files, and beside it `secret/` with a
/// CSV, an image and a font the design must not read.
fn project(name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let (design, secret) = (dir.join("design"), dir.join("secret"));
    fs::create_dir_all(&design).unwrap();
    fs::create_dir_all(&secret).unwrap();
    for folder in [&design, &secret] {
        fs::write(folder.join("cards.csv"), "rank\nTOKEN-1234\n").unwrap();
        fs::copy(root().join("tests/designs/faces/leaf.svg"), folder.join("leaf.svg")).unwrap();
        let font = root().join("designs/assets/fonts/DejaVuSerif-Bold.ttf");
        fs::copy(font, folder.join("font.ttf")).unwrap();
    }
    (design, secret)
}

/// `check` and `build` of `d.toml` (written by `design`) in `design_dir` are refused at
/// `key`, naming the resolved path `outside`, never quoting the secret file.
fn refused(name: &str, make: impl Fn(&Path, &Path) -> String, key: &str, outside: &str) {
    for command in ["check", "build"] {
        let (design_dir, secret) = project(&format!("attack-reach-{name}-{command}"));
        fs::write(design_dir.join("d.toml"), make(&design_dir, &secret)).unwrap();
        let args: &[&str] = if command == "check" {
            &["check", "d.toml"]
        } else {
            &["build", "d.toml", "-o", "out"]
        };
        let run = attack(&design_dir, args);
        let real = secret.canonicalize().unwrap().join(outside);
        let says = format!("it is {}, outside the design's folder", real.display());
        let what = format!("{command} {name}");
        assert_held(&what, &run, 2, &[key, &says, "--allow-path DIR"]);
        assert!(!run.output.contains("TOKEN-1234"), "{what}: quoted the secret: {}", run.output);
        assert!(!design_dir.join("out").exists(), "{what}: wrote files");
    }
}

#[test]
fn a_data_file_outside_the_folder_is_refused_at_data() {
    let key = "d.toml:15:8: error: `";
    refused(
        "data-up",
        |_, _| design("../secret/cards.csv", "leaf.svg", "font.ttf"),
        key,
        "cards.csv",
    );
    refused(
        "data-absolute",
        |_, secret| design(&secret.join("cards.csv").display().to_string(), "leaf.svg", "font.ttf"),
        key,
        "cards.csv",
    );
    refused(
        "data-link",
        |dir, secret| {
            std::os::unix::fs::symlink(secret.join("cards.csv"), dir.join("link.csv")).unwrap();
            design("link.csv", "leaf.svg", "font.ttf")
        },
        key,
        "cards.csv",
    );
    refused(
        "data-folder-link",
        |dir, secret| {
            std::os::unix::fs::symlink(secret, dir.join("assets")).unwrap();
            design("assets/cards.csv", "leaf.svg", "font.ttf")
        },
        key,
        "cards.csv",
    );
}

#[test]
fn etc_passwd_is_never_parsed_as_a_data_file() {
    for command in ["check", "build"] {
        let (design_dir, _) = project(&format!("attack-reach-passwd-{command}"));
        fs::write(design_dir.join("d.toml"), design("/etc/passwd", "leaf.svg", "font.ttf"))
            .unwrap();
        let args: &[&str] = if command == "check" {
            &["check", "d.toml"]
        } else {
            &["build", "d.toml", "-o", "out"]
        };
        let run = attack(&design_dir, args);
        let expected =
            "d.toml:15:8: error: `/etc/passwd`: it is /etc/passwd, outside the design's folder";
        assert_held(&format!("{command} /etc/passwd"), &run, 2, &[expected]);
        assert!(!run.output.contains("root:"), "{}", run.output);
    }
}

#[test]
fn images_and_fonts_outside_the_folder_are_refused_at_their_key() {
    let image = "d.toml:9:13: error: image file `";
    refused(
        "image-up",
        |_, _| design("cards.csv", "../secret/leaf.svg", "font.ttf"),
        image,
        "leaf.svg",
    );
    refused(
        "image-link",
        |dir, secret| {
            std::os::unix::fs::symlink(secret.join("leaf.svg"), dir.join("sun.svg")).unwrap();
            design("cards.csv", "sun.svg", "font.ttf")
        },
        image,
        "leaf.svg",
    );
    let font = "d.toml:8:66: error: font file `";
    refused(
        "font-up",
        |_, _| design("cards.csv", "leaf.svg", "../secret/font.ttf"),
        font,
        "font.ttf",
    );
    refused(
        "font-absolute",
        |_, secret| design("cards.csv", "leaf.svg", &secret.join("font.ttf").display().to_string()),
        font,
        "font.ttf",
    );
}

#[test]
fn allow_path_lets_the_design_read_the_folder_it_names_and_no_other() {
    let (design_dir, secret) = project("attack-reach-allowed");
    let text = design("../secret/cards.csv", "../secret/leaf.svg", "../secret/font.ttf");
    fs::write(design_dir.join("d.toml"), text).unwrap();
    let allowed = secret.display().to_string();
    let run = attack(&design_dir, &["build", "d.toml", "-o", "out", "--allow-path", &allowed]);
    assert_held("build --allow-path", &run, 0, &["1 cards"]);
    // Allowing another folder does not allow this one.
    let other = design_dir.display().to_string();
    let run = attack(&design_dir, &["check", "--allow-path", &other, "d.toml"]);
    assert_held("check --allow-path elsewhere", &run, 2, &["outside the design's folder"]);
    // The option is in the help of the commands that read designs.
    for command in ["build", "check", "serve"] {
        let help = common::tilepress(&design_dir, &[command, "--help"]);
        let text = String::from_utf8_lossy(&help.stdout);
        assert!(text.contains("--allow-path <DIR>"), "{command} --help: {text}");
        assert!(text.contains("inside its own folder"), "{command} --help: {text}");
    }
    // A folder that is not there is refused before any design is read.
    let run = attack(&design_dir, &["check", "--allow-path", "nowhere", "d.toml"]);
    assert_held("--allow-path nowhere", &run, 2, &["error: --allow-path nowhere: No such file"]);
}

#[test]
fn a_design_records_the_files_it_read_where_they_lie() {
    // `serve` answers and watches only these paths: each is the opened file's own, so a
    // name linked to another file of the folder records that file, once.
    let (design_dir, _) = project("attack-reach-recorded");
    fs::create_dir_all(design_dir.join("assets")).unwrap();
    fs::rename(design_dir.join("leaf.svg"), design_dir.join("assets/leaf.svg")).unwrap();
    std::os::unix::fs::symlink("assets/leaf.svg", design_dir.join("sun.svg")).unwrap();
    let text = design("./cards.csv", "sun.svg", "assets/../font.ttf");
    fs::write(design_dir.join("d.toml"), text).unwrap();
    let (_, loaded) = tilepress::model::load(&design_dir.join("d.toml")).expect("it resolves");
    let real = |name: &str| design_dir.join(name).canonicalize().unwrap();
    let expected = [real("font.ttf"), real("assets/leaf.svg"), real("cards.csv")];
    let mut files = loaded.files.clone();
    files.sort();
    let mut sorted = expected.to_vec();
    sorted.sort();
    assert_eq!(files, sorted);
}
