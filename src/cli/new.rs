//! `tilepress new`: a commented starter design (a tile set with a rule, a deck from a
//! spreadsheet, counters and a board) written into a new folder, ready to `check` and
//! `build` as written. It never writes into a folder that holds anything.

use std::fs::{self, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::exit::{BAD_INPUT, OK};

/// `new` arguments.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// What to start from.
    #[arg(value_enum, value_name = "STARTER")]
    pub starter: Starter,
    /// The folder to write it into: made if missing; refused if it holds anything. The
    /// design file is named after it (`my-game/my-game.toml`).
    #[arg(value_name = "FOLDER")]
    pub folder: PathBuf,
}

/// The starters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Starter {
    /// A tile set with a rule: square tiles, every pattern once up to rotation.
    Tiles,
    /// A deck from a spreadsheet (cards.csv): a front template, a back, rules text that fits.
    Deck,
    /// Two-sided counters, a square board with coordinates and a score track.
    Counters,
}

impl Starter {
    /// The starter's files: the design (named after the folder when written) and the rest.
    fn files(self) -> (&'static str, &'static [(&'static str, &'static str)]) {
        match self {
            Starter::Tiles => (include_str!("../../assets/starters/tiles/design.toml"), &[]),
            Starter::Deck => (
                include_str!("../../assets/starters/deck/design.toml"),
                &[("cards.csv", include_str!("../../assets/starters/deck/cards.csv"))],
            ),
            Starter::Counters => (include_str!("../../assets/starters/counters/design.toml"), &[]),
        }
    }
}

/// `new`: writes the starter, or says why not (exit 2, nothing written).
pub fn new(args: &NewArgs) -> u8 {
    match write_starter(args.starter, &args.folder) {
        Ok(design) => {
            let folder = args.folder.display();
            let file = design.file_name().map_or_else(String::new, |n| n.display().to_string());
            outln!("wrote {}", design.display());
            outln!("next:");
            outln!("  cd {folder}");
            outln!("  tilepress check {file}    prove it complete and readable");
            outln!("  tilepress build {file}    print files in output/");
            outln!("  tilepress serve {file}    live preview while you edit it");
            OK
        }
        Err((message, help)) => {
            errln!("error: {message}");
            errln!("  help: {help}; nothing was written");
            BAD_INPUT
        }
    }
}

/// Why a starter was not written, and what to do.
type Refusal = (String, &'static str);

/// Writes the starter's files into `folder` (made if missing), the design named after the
/// folder; returns the design's path. Refuses a folder that holds anything, and removes what
/// it wrote when a later file fails.
fn write_starter(starter: Starter, folder: &Path) -> Result<PathBuf, Refusal> {
    let stem = design_stem(folder)?;
    let made = prepare(folder)?;
    let (design, others) = starter.files();
    let design_path = folder.join(format!("{stem}.toml"));
    // Its comments name the file as written.
    let design = design.replace("design.toml", &format!("{stem}.toml"));
    let mut files: Vec<(PathBuf, &str)> = vec![(design_path.clone(), &design)];
    files.extend(others.iter().map(|(name, text)| (folder.join(name), *text)));
    let mut written: Vec<PathBuf> = Vec::new();
    for (path, text) in &files {
        if let Err(error) = write_new(path, text) {
            for done in &written {
                let _ = fs::remove_file(done);
            }
            if made {
                let _ = fs::remove_dir(folder);
            }
            return Err((
                format!("cannot write {}: {error}", path.display()),
                "check the folder's permissions and the free space",
            ));
        }
        written.push(path.clone());
    }
    Ok(design_path)
}

/// The design file's stem: the folder's own name.
fn design_stem(folder: &Path) -> Result<String, Refusal> {
    let name = folder.file_name().and_then(|n| n.to_str()).map(str::trim);
    match name {
        Some(name) if !name.is_empty() && !name.starts_with('.') => Ok(name.to_string()),
        _ => Err((
            format!("`{}` does not name a new folder", folder.display()),
            "give the new folder's name, e.g. `tilepress new deck my-game`",
        )),
    }
}

/// Makes `folder` if it is missing (`true`); accepts an empty one (`false`); refuses a
/// folder that holds anything, or a path that is not a folder.
fn prepare(folder: &Path) -> Result<bool, Refusal> {
    match fs::symlink_metadata(folder) {
        Ok(meta) if meta.is_dir() => {
            let mut entries = fs::read_dir(folder).map_err(|error| {
                (format!("cannot read {}: {error}", folder.display()), "check its permissions")
            })?;
            if entries.next().is_some() {
                return Err((
                    format!("{} exists and is not empty", folder.display()),
                    "give the name of a new folder (tilepress never writes over your files)",
                ));
            }
            Ok(false)
        }
        Ok(_) => Err((
            format!("{} exists and is not a folder", folder.display()),
            "give the name of a new folder",
        )),
        Err(_) => fs::create_dir_all(folder).map(|()| true).map_err(|error| {
            (
                format!("cannot make the folder {}: {error}", folder.display()),
                "check that its parent folder exists and can be written",
            )
        }),
    }
}

/// Writes a file that must not exist yet.
fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}
