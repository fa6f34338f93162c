//! Attacks on the files a design reads: a data file, an image (named in the template and named by a data field) and a font replaced by a link to `/dev/zero`, a FIFO, a socket, a sparse 3 GB file or a folder; each run by `check` and by `build` under an address-space limit, each refused with exit 2 at the key that names the file, fast and small, nothing written.

use crate::common;

use std::fs;
use std::path::Path;

use common::attack::{assert_held, attack};
use common::{root, scratch};

/// A deck whose front uses a font, an image named by the `art` column and an image named in
/// the template; the lines of the keys that name them are 9, 10, 11 and 18.
const DESIGN: &str = r##"[set]
name = "Attack"

[palette]
ink = "#000000"

[faces.front]
layers = [
  { text = "{rank}", size_mm = 4, colour = "ink", font = "font.ttf" },
  { image = "{art}", size_mm = 20 },
  { image = "compass.png", size_mm = 10, at = "corner 1", inset_mm = 8 },
]

[[decks]]
name = "cards"
size = "poker"
front = "front"
data = "cards.csv"
"##;

/// A folder holding the design and every file it uses, readable.
fn project(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), DESIGN).unwrap();
    fs::write(dir.join("cards.csv"), "rank,art\nace,leaf.svg\nking,leaf.svg\n").unwrap();
    let faces = root().join("tests/designs/faces");
    fs::copy(faces.join("compass.png"), dir.join("compass.png")).unwrap();
    fs::copy(faces.join("leaf.svg"), dir.join("leaf.svg")).unwrap();
    fs::copy(root().join("designs/assets/fonts/DejaVuSerif-Bold.ttf"), dir.join("font.ttf"))
        .unwrap();
    dir
}

/// What a file of the design is replaced by.
#[derive(Clone, Copy, Debug)]
enum Hostile {
    LinkToDevZero,
    Fifo,
    Socket,
    Sparse3Gb,
    Folder,
}

impl Hostile {
    fn plant(self, path: &Path) {
        fs::remove_file(path).unwrap();
        match self {
            Hostile::LinkToDevZero => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
            Hostile::Fifo => {
                let made = std::process::Command::new("mkfifo").arg(path).status().unwrap();
                assert!(made.success());
            }
            Hostile::Socket => {
                // The listener is dropped; the socket file stays.
                std::os::unix::net::UnixListener::bind(path).unwrap();
            }
            Hostile::Sparse3Gb => fs::File::create(path).unwrap().set_len(3 << 30).unwrap(),
            Hostile::Folder => fs::create_dir(path).unwrap(),
        }
    }

    /// What the refusal says.
    fn says(self) -> &'static str {
        match self {
            Hostile::LinkToDevZero => "it is a device, not a regular file",
            Hostile::Fifo => "it is a FIFO (named pipe), not a regular file",
            Hostile::Socket => "it is a socket, not a regular file",
            Hostile::Sparse3Gb => "it is 3221225472 bytes, over the limit of",
            Hostile::Folder => "it is a folder, not a file",
        }
    }
}

/// Every hostile file in place of `file` (named at `key`, `d.toml:LINE:COL`), under `check`
/// and `build`: 10 attacks. `/dev` is allowed (`--allow-path`), so that a link to
/// `/dev/zero` reaches the file check rather than the reach check (which refuses it first
/// otherwise: [`a_link_out_of_the_folder_is_refused_first_by_reach`]).
fn attack_file(file: &str, key: &str) {
    for hostile in [
        Hostile::LinkToDevZero,
        Hostile::Fifo,
        Hostile::Socket,
        Hostile::Sparse3Gb,
        Hostile::Folder,
    ] {
        for command in ["check", "build"] {
            let what = format!("{command} with {file} as {hostile:?}");
            let dir = project(&format!("attack-{file}-{hostile:?}-{command}"));
            hostile.plant(&dir.join(file));
            let all = [command, "d.toml", "--allow-path", "/dev", "-o", "out"];
            let run = attack(&dir, &all[..if command == "check" { 4 } else { 6 }]);
            assert_held(&what, &run, 2, &[key, file, hostile.says()]);
            assert!(!dir.join("out").exists(), "{what}: wrote files");
        }
    }
}

#[test]
fn a_data_file_that_is_not_a_regular_file_or_too_large_is_refused_at_data() {
    attack_file("cards.csv", "d.toml:18:8: error: `cards.csv`");
}

#[test]
fn an_image_named_in_the_template_is_refused_at_its_key() {
    attack_file("compass.png", "d.toml:11:13: error: image file `compass.png` cannot be used");
}

#[test]
fn an_image_named_by_a_data_field_is_refused_at_its_cell() {
    attack_file(
        "leaf.svg",
        "cards.csv:2:2: error: card cards.csv row 2: image file `leaf.svg` cannot be used",
    );
}

#[test]
fn a_font_is_refused_at_its_key() {
    attack_file("font.ttf", "d.toml:9:58: error: font file `font.ttf` cannot be used");
}

#[test]
fn a_link_out_of_the_folder_is_refused_first_by_reach() {
    for (file, key) in
        [("cards.csv", "d.toml:18:8: error: `cards.csv`"), ("font.ttf", "d.toml:9:58")]
    {
        for command in ["check", "build"] {
            let dir = project(&format!("attack-{file}-reach-{command}"));
            Hostile::LinkToDevZero.plant(&dir.join(file));
            let all = [command, "d.toml", "-o", "out"];
            let run = attack(&dir, &all[..if command == "check" { 2 } else { 4 }]);
            let what = format!("{command} with {file} linked to /dev/zero");
            assert_held(&what, &run, 2, &[key, "it is /dev/zero, outside the design's folder"]);
        }
    }
}

#[test]
fn the_untouched_project_builds_within_the_same_bounds() {
    // The control: without an attack the same run succeeds under the same limits, so the
    // refusals above are the attacks', not the limits'.
    let dir = project("attack-control");
    let run = attack(&dir, &["build", "d.toml", "-o", "out"]);
    assert_held("the control build", &run, 0, &["2 cards"]);
    assert!(dir.join("out/d/d-cards.pdf").is_file());
}
