//! The folders one run writes, held until all are made, checked together, then written: a refusal of any leaves every folder as it was.
//!
//! `build` makes every design's files and the diagrams' before it writes any: what would
//! refuse a folder (a source inside it, a file of the user's with the name of a new one, a
//! folder that is not tilepress's) is found for all of them first, so "nothing was written"
//! holds whatever the order of the designs. The price is memory: the run's files are held
//! at once (`docs/performance.md`).

use std::path::{Path, PathBuf};

use tilepress::build::OutputFile;
use tilepress::output::{check_writable, publish, publish_more};

use super::exit::{BAD_INPUT, OK, publish_failed};
use super::jobs::{Log, run_all};

/// One output folder's new files, and what to say once they are written.
#[derive(Debug)]
pub struct Ready {
    /// Who made them, for messages: the design's path, or "diagrams".
    pub label: String,
    pub folder: PathBuf,
    pub files: Vec<OutputFile>,
    /// The lines printed when the folder is written.
    pub written: Log,
    /// Whether the files are added to the folder's others (`build --part`), rather than
    /// replacing them.
    pub add: bool,
}

/// What [`publish_all`] did.
#[derive(Debug)]
pub enum Published {
    /// Nothing was written: why each refused folder was refused, ending with "nothing was
    /// written".
    Refused(Log),
    /// Every folder was written (or failed on its own): the exit code, and a log per folder
    /// in the order given.
    Written(u8, Vec<Log>),
}

/// Checks every folder of `ready` against its new files, then (when none is refused) writes
/// each with `jobs` threads.
pub fn publish_all(ready: Vec<Ready>, sources: &[PathBuf], jobs: usize) -> Published {
    let refusals = refused_folders(
        (ready.iter()).map(|folder| {
            (folder.label.as_str(), folder.folder.as_path(), Some(&folder.files[..]))
        }),
        sources,
    );
    if !refusals.is_empty() {
        let mut log = Log::default();
        for line in refusals {
            log.err(line);
        }
        return Published::Refused(log);
    }
    let written = run_all(&ready, jobs, |folder, log| write(folder, sources, log));
    let code = written.iter().map(|(code, _)| *code).max().unwrap_or(OK);
    Published::Written(code, written.into_iter().map(|(_, log)| log).collect())
}

/// Why each of `folders` (label, folder, and its new files when they are made) would be
/// refused, ending with "nothing was written"; empty when none is.
pub fn refused_folders<'a>(
    folders: impl Iterator<Item = (&'a str, &'a Path, Option<&'a [OutputFile]>)>,
    sources: &[PathBuf],
) -> Vec<String> {
    let mut lines = Vec::new();
    for (label, folder, files) in folders {
        if let Err(error) = check_writable(folder, files, sources) {
            lines.extend(publish_failed(label, folder, &error));
        }
    }
    if !lines.is_empty() {
        lines.push("build: nothing was written (every output folder is checked first)".to_string());
    }
    lines
}

/// Writes one folder, logging its lines or why it failed (a disk that filled since the check,
/// or another process that changed the folder meanwhile).
fn write(folder: &Ready, sources: &[PathBuf], log: &mut Log) -> u8 {
    let publish = if folder.add { publish_more } else { publish };
    match publish(&folder.folder, &folder.files, sources) {
        Ok(published) => {
            for note in published.untouched {
                log.err(format!("{}: note: {note}", folder.label));
            }
        }
        Err(error) => {
            for line in publish_failed(&folder.label, &folder.folder, &error) {
                log.err(line);
            }
            return BAD_INPUT;
        }
    }
    log.extend(&folder.written);
    OK
}

/// The folder `OUT/diagrams/` with every diagram's files, or `None` (logged) when one failed.
pub fn diagrams_ready(
    output: &Path,
    drawn: Vec<super::diagram::Drawn>,
    sources: &mut Vec<PathBuf>,
    log: &mut Log,
) -> Result<Ready, u8> {
    let count = drawn.len();
    let mut code = OK;
    let mut files: Vec<OutputFile> = Vec::new();
    for result in drawn {
        match result {
            Ok((drawn_files, design)) => {
                files.extend(drawn_files);
                sources.push(design);
            }
            Err(failed) => code = code.max(failed),
        }
    }
    let folder = output.join("diagrams");
    if code != OK {
        log.err(format_args!("diagrams: not written ({} left as it was)", folder.display()));
        return Err(code);
    }
    let mut written = Log::default();
    written.out(format_args!(
        "Diagrams: → {} ({count} diagrams, {} files)",
        folder.display(),
        files.len()
    ));
    Ok(Ready { label: "diagrams".to_string(), folder, files, written, add: false })
}
