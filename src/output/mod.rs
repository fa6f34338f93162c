//! Writes files into output folders tilepress owns, atomically and without touching anything
//! it did not write.
//!
//! A folder is tilepress's when it holds a [`manifest::MANIFEST`] listing the files tilepress
//! wrote there (or when it is new or empty). A new build is written whole into a hidden
//! staging folder beside the target — the new files, plus a second link to every file of the
//! user's that the old folder held — and then swapped with the old folder in one rename
//! (`RENAME_EXCHANGE` on Linux), so at every moment the folder holds either the complete old
//! or the complete new output. The parent folder is locked (an advisory lock) from the first
//! look at the old folder to the removal of the old build, so two processes writing the same
//! folder take turns.
//!
//! A folder of the user's (or a FIFO, socket or device) inside the output folder cannot be
//! carried into a new build without moving it, so then the folder is not swapped: each new
//! file is written beside it under a hidden name and renamed into place, the manifest
//! rewritten, the dropped files removed, and the user's entry left where it was (the
//! publish says so: [`Published::untouched`]).

mod in_place;
pub mod manifest;
mod swap;
mod verified;

use std::collections::BTreeSet;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use crate::build::OutputFile;
use manifest::{
    Entries, EntryKind, MANIFEST, Record, list_folder, remove_working_folder, write_manifest,
};

/// Why files were not written.
#[derive(Debug)]
pub enum PublishError {
    /// Writing would delete or overwrite something that is not tilepress's, or write where a
    /// source lives: why, and what to do.
    Refused { why: String, help: String },
    /// The file system failed.
    Io(io::Error),
}

impl PublishError {
    fn refused(why: String, help: &str) -> PublishError {
        PublishError::Refused { why, help: help.to_string() }
    }

    /// What to do about it.
    pub fn help(&self) -> &str {
        match self {
            PublishError::Refused { help, .. } => help,
            PublishError::Io(_) => {
                "check that the output folder is writable and the disk not full, or choose another with -o"
            }
        }
    }
}

impl fmt::Display for PublishError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublishError::Refused { why, .. } => write!(f, "{why}"),
            PublishError::Io(error) => write!(f, "{error}"),
        }
    }
}

impl From<io::Error> for PublishError {
    fn from(error: io::Error) -> PublishError {
        PublishError::Io(error)
    }
}

/// What happens to the files tilepress wrote earlier in the folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// They are replaced by the new files: the folder's tilepress files become exactly these.
    Replace,
    /// The new files are added beside them (replacing those of the same name).
    Add,
}

/// Makes `folder` hold exactly `files` of tilepress's (and every file of the user's it held
/// before). Refuses a folder that is not tilepress's, a folder holding one of `sources`, and
/// a new file whose name a user's file already has.
pub fn publish(
    folder: &Path,
    files: &[OutputFile],
    sources: &[PathBuf],
) -> Result<Published, PublishError> {
    publish_with(folder, files, sources, Mode::Replace)
}

/// What a publish did beside writing the files.
#[derive(Debug, Default)]
pub struct Published {
    /// The folders and special files of the user's in the output folder, left where they
    /// were, each said as a sentence (`out/game/notes is a folder of yours: left where it
    /// was …`).
    pub untouched: Vec<String>,
}

/// Adds `files` to `folder`, keeping the other files tilepress wrote there (one diagram into
/// a folder of diagrams); otherwise like [`publish`].
pub fn publish_more(
    folder: &Path,
    files: &[OutputFile],
    sources: &[PathBuf],
) -> Result<Published, PublishError> {
    publish_with(folder, files, sources, Mode::Add)
}

/// Checks, without writing anything, that [`publish`] (or [`publish_more`]) into `folder`
/// would not be refused: the folder holds no source, is tilepress's (or new, or empty), and
/// no leftover working folder holds anything of the user's. With `files`, also that no file,
/// folder or special file of the user's has the name of a new one.
/// A command that writes several folders checks them all first, so that a refusal leaves
/// everything as it was.
pub fn check_writable(
    folder: &Path,
    files: Option<&[OutputFile]>,
    sources: &[PathBuf],
) -> Result<(), PublishError> {
    let names = match files {
        Some(files) => Some(new_names(files)?),
        None => None,
    };
    let Some((parent, name)) = locate(folder, false)? else {
        return Ok(());
    };
    let parent_dir = File::open(&parent)?;
    parent_dir.lock()?;
    check_locked(&parent, &name, names.as_ref(), sources, Mode::Add)?;
    Ok(())
}

/// Every refusal, decided with the parent folder locked and nothing written: the sources,
/// the leftover working folders (as the next publish would clear them), and the target
/// (see [`inspect`], whose answer it returns).
fn check_locked(
    parent: &Path,
    name: &str,
    names: Option<&BTreeSet<String>>,
    sources: &[PathBuf],
    mode: Mode,
) -> Result<Option<Kept>, PublishError> {
    let target = parent.join(name);
    refuse_sources(&target, sources)?;
    let (staging, retired) = working_folders(parent, name);
    let missing =
        matches!(fs::symlink_metadata(&target), Err(e) if e.kind() == io::ErrorKind::NotFound);
    // A run killed between two renames left the old build at the retired name: the next
    // publish puts it back first, so that is the folder to look at.
    let looked = if missing && fs::symlink_metadata(&retired).is_ok_and(|m| m.is_dir()) {
        &retired
    } else {
        &target
    };
    remove_working_folder(&staging, looked, true)?;
    if looked == &target {
        remove_working_folder(&retired, &target, true)?;
    }
    inspect(looked, names, mode)
}

/// The hidden working folders of the target `name` in `parent`: where a new build is staged,
/// and where the old one waits while two renames swap them.
fn working_folders(parent: &Path, name: &str) -> (PathBuf, PathBuf) {
    (
        parent.join(format!(".{name}.tilepress-staging")),
        parent.join(format!(".{name}.tilepress-retired")),
    )
}

fn publish_with(
    folder: &Path,
    files: &[OutputFile],
    sources: &[PathBuf],
    mode: Mode,
) -> Result<Published, PublishError> {
    let names = new_names(files)?;
    let (parent, name) = locate(folder, true)?.ok_or_else(|| io::Error::other("no folder"))?;
    let target = parent.join(&name);
    let parent_dir = File::open(&parent)?;
    parent_dir.lock()?;
    let staging_name = format!(".{name}.tilepress-staging");
    let (staging, retired) = working_folders(&parent, &name);
    swap::recover(&target, &retired)?;
    // Everything that can refuse is decided before anything is removed or written.
    let old = check_locked(&parent, &name, Some(&names), sources, mode)?;
    remove_working_folder(&staging, &target, false)?;
    remove_working_folder(&retired, &target, false)?;
    let listed = new_manifest(files, old.as_ref());
    if let Some(kept) = old.as_ref().filter(|kept| kept.manifest_whole && kept.owned == listed) {
        // The folder holds this very build already, every file as it would be written and
        // its manifest listing just these: nothing is written, nothing removed.
        return Ok(Published { untouched: kept.untouched.clone() });
    }
    if let Some(kept) = old.as_ref().filter(|kept| !kept.untouched.is_empty()) {
        in_place::write_beside(&target, files, kept)?;
        return Ok(Published { untouched: kept.untouched.clone() });
    }
    fs::create_dir(&staging)?;
    if let Err(error) = fill(&staging, &target, files, &listed, old.as_ref()) {
        let _ = remove_working_folder(&staging, &target, false);
        return Err(error.into());
    }
    let swapped = swap::swap_in(&parent_dir, &staging_name, &name, &retired, old.is_some());
    if let Err(error) = swapped {
        let _ = remove_working_folder(&staging, &target, false);
        return Err(error.into());
    }
    // The old build is now under the staging name (exchanged) or the retired one. A file the
    // user saved into the folder while the new build was staged is put back first.
    manifest::retire_old_build(&staging, &target)?;
    manifest::retire_old_build(&retired, &target)?;
    Ok(Published::default())
}

/// The names of the new files: plain names, each once.
fn new_names(files: &[OutputFile]) -> Result<BTreeSet<String>, PublishError> {
    let mut names = BTreeSet::new();
    for file in files {
        let problem = if !manifest::is_plain_name(&file.name) {
            "cannot be an output file name (empty, or a path)"
        } else if !names.insert(file.name.clone()) {
            "would be written twice (a diagram series `x` writes `x-1` … as well as `x`: rename \
             one of the diagram files)"
        } else {
            continue;
        };
        return Err(PublishError::Io(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{}` {problem}", file.name),
        )));
    }
    Ok(names)
}

/// The target's parent folder (resolved, without symbolic links) and its name. With
/// `create`, a missing parent is made; without, a missing parent is `None` (nothing is
/// there to refuse).
fn locate(folder: &Path, create: bool) -> Result<Option<(PathBuf, String)>, PublishError> {
    let named = match folder.components().next_back() {
        Some(Component::Normal(name)) => Some(name.to_string_lossy().into_owned()),
        _ => None,
    };
    let (parent, name) = match named {
        Some(name) => {
            let parent = folder.parent().filter(|p| !p.as_os_str().is_empty());
            let parent = parent.unwrap_or(Path::new("."));
            if create {
                fs::create_dir_all(parent)?;
            } else if fs::metadata(parent).is_err() {
                return Ok(None);
            }
            (fs::canonicalize(parent)?, name)
        }
        None => {
            let whole = fs::canonicalize(folder)?;
            let name = whole.file_name().map(|n| n.to_string_lossy().into_owned());
            let parent = whole.parent().map(Path::to_path_buf);
            let (Some(parent), Some(name)) = (parent, name) else {
                return Err(PublishError::refused(
                    format!("{} cannot be an output folder", folder.display()),
                    "choose a folder of its own with -o, e.g. -o output",
                ));
            };
            (parent, name)
        }
    };
    Ok(Some((parent, name)))
}

/// Refuses a target folder that holds (or is) one of the sources.
fn refuse_sources(target: &Path, sources: &[PathBuf]) -> Result<(), PublishError> {
    for source in sources {
        let Ok(source) = fs::canonicalize(source) else { continue };
        if source.starts_with(target) {
            let why = if source == target {
                format!("the output {} would replace the source file itself", target.display())
            } else {
                format!(
                    "the output folder {} holds the source {}; writing there could replace it",
                    target.display(),
                    source.display()
                )
            };
            return Err(PublishError::refused(
                why,
                "choose an output folder that holds no design or diagram files, e.g. -o output",
            ));
        }
    }
    Ok(())
}

/// What an existing target folder holds that the new one must keep.
#[derive(Debug, Default)]
struct Kept {
    /// Files tilepress wrote earlier that stay, with their records ([`Mode::Add`]; in either
    /// mode the unverified ones of an older manifest that the new build does not replace).
    ours: Vec<(String, Option<Record>)>,
    /// Every file tilepress wrote earlier that is still as it wrote them, with its record:
    /// one whose bytes a new file of that name repeats is carried into the new build (a
    /// second link to the same file) instead of written again.
    owned: Entries,
    /// Whether every file the folder's manifest lists is among `owned`: then a new build
    /// whose manifest would be `owned` finds its files already there.
    manifest_whole: bool,
    /// The user's files and links.
    theirs: Vec<(String, EntryKind)>,
    /// The files tilepress wrote earlier that the new build drops (they go with the old
    /// folder, or are removed when the folder is written in place).
    dropped: Vec<String>,
    /// The user's folders and special files (none of them a name of the new files): the
    /// folder is then written in place, each said in a sentence.
    untouched: Vec<String>,
}

/// Looks at the target: `None` when it does not exist; refuses anything not tilepress's, and
/// (with `names`, the new files) a file of the user's that a new file would replace.
fn inspect(
    target: &Path,
    names: Option<&BTreeSet<String>>,
    mode: Mode,
) -> Result<Option<Kept>, PublishError> {
    let meta = match fs::symlink_metadata(target) {
        Ok(meta) => meta,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error.into()),
    };
    let shown = target.display();
    if meta.is_symlink() {
        return Err(PublishError::refused(
            format!("{shown} is a symbolic link, not an output folder tilepress made"),
            "tilepress writes only into real folders: remove the link, or choose another folder with -o",
        ));
    }
    if !meta.is_dir() {
        return Err(PublishError::refused(
            format!("{shown} is a file, where the output folder should be"),
            "move the file away, or choose another output folder with -o",
        ));
    }
    let mut listing = list_folder(target).map_err(|error| match error.kind() {
        io::ErrorKind::InvalidData => PublishError::refused(
            format!("{error}, so {shown} may not be tilepress's"),
            "remove the folder yourself if it holds nothing you need, or choose another with -o",
        ),
        _ => error.into(),
    })?;
    let Some(owned) = listing.owned.take() else {
        if listing.others.is_empty() {
            return Ok(Some(Kept::default()));
        }
        let some: Vec<&str> = listing.others.iter().take(3).map(|(n, _)| n.as_str()).collect();
        return Err(PublishError::refused(
            format!(
                "{shown} is not a tilepress output folder (it has no {MANIFEST}) and holds {}{}",
                some.join(", "),
                if listing.others.len() > 3 { ", …" } else { "" }
            ),
            "tilepress writes only into new, empty or its own folders: choose another with -o, or move the folder away (delete it yourself if it holds an old build only)",
        ));
    };
    let new = |name: &str| names.is_some_and(|names| names.contains(name));
    let mut untouched = Vec::new();
    for (name, kind) in &listing.others {
        let listed = listing.changed.contains(name);
        if *kind == EntryKind::Other && !new(name) {
            let said = if listed { ", though the folder's manifest lists it" } else { "" };
            untouched.push(format!(
                "{shown}/{name} is a folder or special file of yours{said}: left where it was, and the new files written beside it one by one"
            ));
            continue;
        }
        if *kind == EntryKind::Other {
            let why = if listed {
                format!(
                    "{shown}/{name} is a folder or special file of yours where tilepress once wrote a file"
                )
            } else {
                format!("{shown}/{name} is a folder or special file tilepress did not make")
            };
            return Err(PublishError::refused(
                why,
                "tilepress keeps your files in its output folders but never moves a folder of yours: move it out of the output folder (or choose another with -o), then build again",
            ));
        }
        if new(name) {
            let why = if listed {
                format!(
                    "{shown}/{name} was changed since tilepress wrote it (its size or content differs from the manifest's record), and the new output has a file of that name"
                )
            } else {
                format!(
                    "{shown}/{name} is not a file tilepress wrote, and the new output has a file of that name"
                )
            };
            return Err(PublishError::refused(
                why,
                "move or rename your file (delete it yourself if you do not need it), or choose another output folder with -o",
            ));
        }
    }
    let kept = |record: &Option<Record>| mode == Mode::Add || record.is_none();
    let ours = owned
        .iter()
        .filter(|(name, record)| !new(name) && kept(record))
        .map(|(name, record)| (name.clone(), *record))
        .collect();
    let dropped = owned.iter().filter(|(name, record)| !new(name) && !kept(record));
    let dropped = dropped.map(|(n, _)| n.clone()).collect();
    // What is owned is listed, so the manifest is whole when it lists nothing else.
    let manifest_whole = listing.listed.len() == owned.len();
    let theirs = listing.others.into_iter().filter(|(_, kind)| *kind != EntryKind::Other);
    Ok(Some(Kept { ours, owned, manifest_whole, theirs: theirs.collect(), dropped, untouched }))
}

/// What the new folder's manifest lists: the new files and those kept of tilepress's.
fn new_manifest(files: &[OutputFile], kept: Option<&Kept>) -> Entries {
    let mut listed: Entries =
        files.iter().map(|f| (f.name.clone(), Some(Record::of(&f.bytes)))).collect();
    listed.extend(kept.iter().flat_map(|k| k.ours.iter().cloned()));
    listed
}

/// Fills the staging folder: the manifest first, whole (so a leftover can be cleaned up),
/// the new files (each one the old folder already holds, byte for byte, carried over as it
/// is), then second links to what the old folder keeps.
fn fill(
    staging: &Path,
    target: &Path,
    files: &[OutputFile],
    listed: &Entries,
    kept: Option<&Kept>,
) -> io::Result<()> {
    write_manifest(staging, listed)?;
    for file in files {
        let path = staging.join(&file.name);
        let record = listed.get(&file.name).copied().flatten();
        if !carried_unchanged(target, &path, &file.name, record, kept) {
            write_new(&path, &file.bytes)?;
        }
    }
    let Some(kept) = kept else { return Ok(()) };
    for (name, _) in &kept.ours {
        fs::hard_link(target.join(name), staging.join(name))?;
    }
    for (name, kind) in &kept.theirs {
        match kind {
            EntryKind::File => fs::hard_link(target.join(name), staging.join(name))?,
            EntryKind::Symlink => {
                std::os::unix::fs::symlink(fs::read_link(target.join(name))?, staging.join(name))?;
            }
            EntryKind::Other => {
                let shown = target.join(name);
                return Err(io::Error::other(format!("cannot keep {}", shown.display())));
            }
        }
    }
    Ok(())
}

/// Links the old folder's file `name` to `path` when it holds the new file's bytes: its
/// record (size and hash, checked against the file under the lock) is the new file's. An
/// unchanged file then stays the same file, its modification time too, and costs no writing
/// (nor, when the old build is removed, freeing its blocks). `false` when there is none to
/// carry or the link fails (a file system without hard links): the file is written instead.
fn carried_unchanged(
    target: &Path,
    path: &Path,
    name: &str,
    record: Option<Record>,
    kept: Option<&Kept>,
) -> bool {
    let old = kept.and_then(|kept| kept.owned.get(name).copied().flatten());
    record.is_some() && old == record && fs::hard_link(target.join(name), path).is_ok()
}

/// Creates a new file (failing if anything, a link included, has the name) and writes it.
fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> OutputFile {
        OutputFile { name: name.into(), bytes: text.as_bytes().to_vec() }
    }

    fn scratch(name: &str) -> PathBuf {
        let root = std::env::temp_dir()
            .join(format!("tilepress-output-test-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        root
    }

    /// The files tilepress lists in `folder`, then everything else in it.
    fn entries(folder: &Path) -> (Vec<String>, Vec<String>) {
        let listing = list_folder(folder).unwrap();
        let owned = listing.owned.unwrap_or_default().into_keys().collect();
        (owned, listing.others.into_iter().map(|(name, _)| name).collect())
    }

    #[test]
    fn a_new_build_replaces_the_old_files_and_keeps_the_users() {
        let root = scratch("replace");
        let folder = root.join("set");
        publish(&folder, &[file("a.svg", "1"), file("b.svg", "2")], &[]).unwrap();
        fs::write(folder.join("notes.txt"), "mine").unwrap();
        publish(&folder, &[file("a.svg", "3")], &[]).unwrap();
        assert_eq!(fs::read_to_string(folder.join("a.svg")).unwrap(), "3");
        assert_eq!(fs::read_to_string(folder.join("notes.txt")).unwrap(), "mine");
        assert_eq!(entries(&folder), (vec!["a.svg".into()], vec!["notes.txt".into()]));
        assert_eq!(entries(&root).1, ["set"], "no working folder is left");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn an_unchanged_file_is_carried_over_and_a_changed_one_written_anew() {
        use std::os::unix::fs::MetadataExt;
        let root = scratch("carry");
        let folder = root.join("set");
        publish(&folder, &[file("same.svg", "1"), file("new.svg", "2")], &[]).unwrap();
        let inode = |name: &str| fs::metadata(folder.join(name)).unwrap().ino();
        let (same, changed) = (inode("same.svg"), inode("new.svg"));
        publish(&folder, &[file("same.svg", "1"), file("new.svg", "3")], &[]).unwrap();
        assert_eq!(inode("same.svg"), same, "the very same file");
        assert_ne!(inode("new.svg"), changed, "written anew");
        assert_eq!(fs::read_to_string(folder.join("new.svg")).unwrap(), "3");
        let links = fs::metadata(folder.join("same.svg")).unwrap().nlink();
        assert_eq!(links, 1, "the old build's name for it is gone");
        assert_eq!(entries(&folder), (vec!["new.svg".into(), "same.svg".into()], vec![]));
        assert_eq!(entries(&root).1, ["set"], "no working folder is left");
        // The same bytes under another name, or a file the user changed back by hand after
        // tilepress wrote it (a new file, not the one tilepress wrote): written anew.
        publish(&folder, &[file("other.svg", "1"), file("new.svg", "3")], &[]).unwrap();
        assert_ne!(fs::metadata(folder.join("other.svg")).unwrap().ino(), same);
        let written = inode("new.svg");
        fs::remove_file(folder.join("new.svg")).unwrap();
        fs::write(folder.join("new.svg"), "3").unwrap();
        let by_hand = inode("new.svg");
        publish(&folder, &[file("other.svg", "1"), file("new.svg", "3")], &[]).unwrap();
        assert_eq!(inode("new.svg"), by_hand, "the same bytes: carried, whoever wrote them");
        assert_ne!(by_hand, written);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_folder_that_holds_the_build_already_is_left_as_it_is() {
        use std::os::unix::fs::MetadataExt;
        let root = scratch("current");
        let folder = root.join("set");
        let build = [file("a.svg", "1"), file("b.svg", "2")];
        publish(&folder, &build, &[]).unwrap();
        let inode = |name: &str| fs::metadata(folder.join(name)).unwrap().ino();
        let inodes = || ["", "a.svg", "b.svg", MANIFEST].map(inode);
        let before = inodes();
        // A killed run's staging folder is still cleaned up.
        let staging = root.join(".set.tilepress-staging");
        fs::create_dir(&staging).unwrap();
        publish(&folder, &build, &[]).unwrap();
        assert_eq!(inodes(), before, "the folder, its files and its manifest untouched");
        assert_eq!(entries(&root).1, ["set"], "no working folder is left");
        // A listed file gone missing: written again.
        fs::remove_file(folder.join("b.svg")).unwrap();
        publish(&folder, &build, &[]).unwrap();
        assert_eq!(fs::read_to_string(folder.join("b.svg")).unwrap(), "2");
        assert_ne!(inode(""), before[0], "a new build swapped in");
        // A listed file the user changed, which the new build drops: no longer listed.
        fs::write(folder.join("b.svg"), "mine").unwrap();
        publish(&folder, &build[..1], &[]).unwrap();
        assert_eq!(entries(&folder), (vec!["a.svg".into()], vec!["b.svg".into()]));
        let (listed, a) = (inode(MANIFEST), inode("a.svg"));
        publish(&folder, &build[..1], &[]).unwrap();
        assert_eq!((inode(MANIFEST), inode("a.svg")), (listed, a), "and then current");
        // Adding a file that is there already, as it is: nothing to do either.
        publish_more(&folder, &build[..1], &[]).unwrap();
        assert_eq!(inode(MANIFEST), listed);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn adding_keeps_the_earlier_files() {
        let root = scratch("add");
        let folder = root.join("diagrams");
        publish_more(&folder, &[file("a.svg", "1")], &[]).unwrap();
        publish_more(&folder, &[file("b.svg", "2")], &[]).unwrap();
        assert_eq!(entries(&folder), (vec!["a.svg".into(), "b.svg".into()], vec![]));
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn folders_that_are_not_tilepress_s_are_refused_untouched() {
        let root = scratch("refuse");
        let folder = root.join("game");
        fs::create_dir_all(folder.join("src")).unwrap();
        fs::write(folder.join("README"), "mine").unwrap();
        let refused = publish(&folder, &[file("a.svg", "1")], &[]).unwrap_err();
        assert!(matches!(refused, PublishError::Refused { .. }), "{refused}");
        assert_eq!(entries(&folder).1, ["README", "src"]);
        fs::write(root.join("plain"), "mine").unwrap();
        assert!(publish(&root.join("plain"), &[file("a.svg", "1")], &[]).is_err());
        assert_eq!(fs::read_to_string(root.join("plain")).unwrap(), "mine");
        assert_eq!(entries(&root).1, ["game", "plain"]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_users_folder_stays_where_it_is_and_the_files_are_written_beside_it() {
        let root = scratch("in-place");
        let folder = root.join("diagrams");
        publish_more(&folder, &[file("a.svg", "1"), file("b.svg", "2")], &[]).unwrap();
        fs::create_dir(folder.join("mine")).unwrap();
        fs::write(folder.join("mine/keep.txt"), "kept").unwrap();
        let published = publish_more(&folder, &[file("b.svg", "3")], &[]).unwrap();
        assert_eq!(published.untouched.len(), 1, "{:?}", published.untouched);
        assert!(
            published.untouched[0].contains("diagrams/mine is a folder or special file of yours")
        );
        assert_eq!(fs::read_to_string(folder.join("b.svg")).unwrap(), "3");
        assert_eq!(fs::read_to_string(folder.join("mine/keep.txt")).unwrap(), "kept");
        assert_eq!(entries(&folder), (vec!["a.svg".into(), "b.svg".into()], vec!["mine".into()]));
        // Replacing drops a.svg; a new file with the folder's name is refused, untouched.
        publish(&folder, &[file("b.svg", "4")], &[]).unwrap();
        assert_eq!(entries(&folder), (vec!["b.svg".into()], vec!["mine".into()]));
        assert!(publish(&folder, &[file("mine", "5")], &[]).is_err());
        assert_eq!(fs::read_to_string(folder.join("mine/keep.txt")).unwrap(), "kept");
        assert_eq!(entries(&root).1, ["diagrams"], "no working folder is left");
        fs::remove_dir_all(&root).unwrap();
    }
}
