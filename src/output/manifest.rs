//! The marker of an output folder tilepress owns: `.tilepress-manifest`, listing the files it wrote there with each one's size and content hash, and the careful removal that deletes only what a manifest record (or a second link) vouches for.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::SystemTime;

use xxhash_rust::xxh3::{Xxh3, xxh3_64};

use super::PublishError;
use super::verified::{Seen, remember, verified_before};

/// The manifest's file name inside an output folder.
pub const MANIFEST: &str = ".tilepress-manifest";
/// Where the manifest is written before it is renamed into place (so a manifest is whole or
/// absent, whenever tilepress is killed).
pub const MANIFEST_PARTIAL: &str = ".tilepress-manifest.partial";
/// The manifest's first line: its format and version.
const FORMAT_LINE: &str = "tilepress-manifest 3";
/// The first line of the manifests of tilepress versions that hashed with FNV-1a (read, and
/// their files verified with it, never written).
const FORMAT_LINE_2: &str = "tilepress-manifest 2";
/// The first line of the manifests of older tilepress versions: names only, no records.
const FORMAT_LINE_1: &str = "tilepress-manifest 1";
const COMMENT: &str = "# Files tilepress wrote in this folder: size in bytes, XXH3 64-bit hash, name. It replaces or removes a file only while it still matches.";
/// Marks a hash of a version 2 manifest kept in a newer one (a file an added build kept).
const FNV_PREFIX: &str = "fnv1a:";

/// What tilepress wrote under one name: its size and a hash of its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub size: u64,
    pub hash: u64,
    /// The function `hash` was computed with.
    pub hasher: Hasher,
}

/// The hash function of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hasher {
    /// XXH3, 64 bits: what tilepress records.
    Xxh3,
    /// FNV-1a, 64 bits: what manifests of version 2 recorded.
    Fnv1a,
}

impl Record {
    /// The record of `bytes`.
    pub fn of(bytes: &[u8]) -> Record {
        Record { size: bytes.len() as u64, hash: xxh3_64(bytes), hasher: Hasher::Xxh3 }
    }

    /// Whether the regular file at `path` (with metadata `meta`) still holds what this
    /// record describes: its size first, then its bytes, read in pieces into `buffer` —
    /// unless this process read them before and the metadata is unchanged since
    /// (`output::verified`).
    fn matches(&self, path: &Path, meta: &fs::Metadata, buffer: &mut [u8]) -> io::Result<bool> {
        if !meta.is_file() || meta.len() != self.size {
            return Ok(false);
        }
        let seen = Seen::of(meta);
        if verified_before(self, &seen) {
            return Ok(true);
        }
        let settled = seen.settled(SystemTime::now());
        #[cfg(test)]
        tests::READS.with(|reads| reads.set(reads.get() + 1));
        let mut file = File::open(path)?;
        let mut hash = Digest::new(self.hasher);
        let mut read = 0u64;
        loop {
            let n = file.read(buffer)?;
            if n == 0 {
                break;
            }
            read += n as u64;
            hash.add(&buffer[..n]);
        }
        let matched = read == self.size && hash.value() == self.hash;
        if matched && settled {
            remember(*self, seen);
        }
        Ok(matched)
    }
}

/// A hash being computed over bytes that come in pieces.
enum Digest {
    Xxh3(Box<Xxh3>),
    Fnv1a(Fnv1a),
}

impl Digest {
    fn new(hasher: Hasher) -> Digest {
        match hasher {
            Hasher::Xxh3 => Digest::Xxh3(Box::default()),
            Hasher::Fnv1a => Digest::Fnv1a(Fnv1a::default()),
        }
    }

    fn add(&mut self, bytes: &[u8]) {
        match self {
            Digest::Xxh3(hash) => hash.update(bytes),
            Digest::Fnv1a(hash) => hash.add(bytes),
        }
    }

    fn value(&self) -> u64 {
        match self {
            Digest::Xxh3(hash) => hash.digest(),
            Digest::Fnv1a(hash) => hash.0,
        }
    }
}

/// The 64-bit FNV-1a hash of version 2 manifests (not a defence against someone forging
/// files on purpose, nor is XXH3: a record tells tilepress's own files from files that
/// replaced, edited or never were them).
#[derive(Debug)]
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The files a manifest lists, by name: each with its record, or `None` for an entry of an
/// older manifest (version 1, names only) that cannot be verified.
pub type Entries = BTreeMap<String, Option<Record>>;

/// The text of a manifest listing `entries`; an unverified entry is written as `- - NAME`.
pub fn manifest_text(entries: &Entries) -> String {
    let mut text = format!("{FORMAT_LINE}\n{COMMENT}\n");
    for (name, record) in entries {
        match record {
            Some(record) => {
                let prefix = match record.hasher {
                    Hasher::Xxh3 => "",
                    Hasher::Fnv1a => FNV_PREFIX,
                };
                text.push_str(&format!("{} {prefix}{:016x} {name}\n", record.size, record.hash))
            }
            None => text.push_str(&format!("- - {name}\n")),
        }
    }
    text
}

/// The entries a manifest lists; `None` when the text is not a whole tilepress manifest.
pub fn parse_manifest(text: &str) -> Option<Entries> {
    let mut lines = text.lines();
    let version = match lines.next()? {
        FORMAT_LINE => 3,
        FORMAT_LINE_2 => 2,
        FORMAT_LINE_1 => 1,
        _ => return None,
    };
    let mut entries = BTreeMap::new();
    for line in lines.filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (name, record) = if version == 1 { (line, None) } else { parse_line(line, version)? };
        if !is_plain_name(name) {
            return None;
        }
        entries.insert(name.to_string(), record);
    }
    Some(entries)
}

/// One line of a manifest of version 2 or 3: `SIZE HASH NAME`, or `- - NAME` unverified.
/// Version 3's hashes are XXH3, or FNV-1a after [`FNV_PREFIX`]; version 2's are FNV-1a.
fn parse_line(line: &str, version: u8) -> Option<(&str, Option<Record>)> {
    let mut parts = line.splitn(3, ' ');
    let (size, hash, name) = (parts.next()?, parts.next()?, parts.next()?);
    if size == "-" && hash == "-" {
        return Some((name, None));
    }
    let (hasher, hash) = match hash.strip_prefix(FNV_PREFIX) {
        Some(fnv) if version == 3 => (Hasher::Fnv1a, fnv),
        _ if version == 2 => (Hasher::Fnv1a, hash),
        _ => (Hasher::Xxh3, hash),
    };
    if hash.len() != 16 || !size.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hash = u64::from_str_radix(hash, 16).ok()?;
    let record = Record { size: size.parse().ok()?, hash, hasher };
    Some((name, Some(record)))
}

/// Writes the manifest of `folder` atomically: the whole text into [`MANIFEST_PARTIAL`],
/// synced to disk, then renamed to [`MANIFEST`] (and the folder synced).
pub fn write_manifest(folder: &Path, entries: &Entries) -> io::Result<()> {
    let partial = folder.join(MANIFEST_PARTIAL);
    let mut file = OpenOptions::new().write(true).create_new(true).open(&partial)?;
    file.write_all(manifest_text(entries).as_bytes())?;
    file.sync_all()?;
    drop(file);
    fs::rename(&partial, folder.join(MANIFEST))?;
    File::open(folder)?.sync_all()
}

/// A file name with no folder part that is neither tilepress's own nor empty.
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && name != MANIFEST
        && name != MANIFEST_PARTIAL
        && !name.contains(['/', '\\', '\n', '\r', '\0'])
}

/// What is in a folder, read without following symbolic links.
#[derive(Debug, Default)]
pub struct Listing {
    /// The files its manifest lists that are still what tilepress wrote (a matching record),
    /// or regular files listed without a record (an older manifest); `None` when it has no
    /// manifest.
    pub owned: Option<Entries>,
    /// Every other entry by name, with whether it is a regular file or a symbolic link
    /// (the only kinds tilepress can keep across a swap): the user's files, and listed names
    /// that no longer hold what tilepress wrote.
    pub others: Vec<(String, EntryKind)>,
    /// The names among `others` that the manifest lists (changed, replaced by a folder…).
    pub changed: BTreeSet<String>,
    /// The manifest could not be read as one (only in a working folder's listing).
    pub broken_manifest: bool,
    /// Everything the manifest lists, as it lists it (empty without a manifest).
    pub listed: Entries,
}

/// The kind of a folder entry tilepress did not list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    File,
    Symlink,
    /// A folder, FIFO, socket or device: cannot be carried into a new build.
    Other,
}

impl EntryKind {
    fn of(kind: fs::FileType) -> EntryKind {
        if kind.is_symlink() {
            EntryKind::Symlink
        } else if kind.is_file() {
            EntryKind::File
        } else {
            EntryKind::Other
        }
    }
}

/// Lists an output folder: its manifest (an unreadable one is an `InvalidData` error naming
/// it), each listed file checked against its record, and the rest.
pub fn list_folder(folder: &Path) -> io::Result<Listing> {
    read_listing(folder, None)
}

/// Lists `folder`; with a `keeper` (`folder` is a working folder, which only tilepress
/// makes, and `keeper` the output folder beside it), a manifest that is empty, cut short or
/// not a manifest at all is noted instead of refused, and a listed file that is the very file
/// of that name in the keeper is listed among the others without being read.
fn read_listing(folder: &Path, keeper: Option<&Path>) -> io::Result<Listing> {
    let lenient = keeper.is_some();
    let mut listing = Listing::default();
    let mut entries = Vec::new();
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type()?;
        entries.push((name, kind));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut listed = None;
    if let Some((_, kind)) = entries.iter().find(|(name, _)| name == MANIFEST) {
        let bytes = if kind.is_file() { fs::read(folder.join(MANIFEST))? } else { Vec::new() };
        match parse_manifest(&String::from_utf8_lossy(&bytes)) {
            Some(parsed) => listed = Some(parsed),
            None if lenient => {
                listing.broken_manifest = true;
                listed = Some(Entries::new());
            }
            None => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is not a tilepress manifest", folder.join(MANIFEST).display()),
                ));
            }
        }
    }
    // The pieces files are read in, one for the whole folder.
    let mut buffer = vec![0u8; 64 * 1024];
    for (name, kind) in entries {
        if name == MANIFEST {
            continue;
        }
        let kind = EntryKind::of(kind);
        if let Some(Some(record)) = listed.as_ref().map(|l| l.get(&name)) {
            let path = folder.join(&name);
            // A file carried into the keeper is not read: removing this name of it removes no
            // bytes (the sorting below finds it the keeper's).
            if kind == EntryKind::File
                && keeper.is_some_and(|keeper| same_entry(&path, &keeper.join(&name), kind))
            {
                listing.others.push((name, kind));
                continue;
            }
            let still_ours = match (kind, record) {
                (EntryKind::File, Some(record)) => {
                    record.matches(&path, &fs::symlink_metadata(&path)?, &mut buffer)?
                }
                (EntryKind::File, None) => true,
                _ => false,
            };
            if still_ours {
                let owned = listing.owned.get_or_insert_with(Entries::new);
                owned.insert(name, *record);
            } else {
                listing.changed.insert(name.clone());
                listing.others.push((name, kind));
            }
            continue;
        }
        listing.others.push((name, kind));
    }
    if let Some(listed) = listed {
        listing.owned.get_or_insert_with(Entries::new);
        listing.listed = listed;
    }
    Ok(listing)
}

/// The names the manifest of `folder` lists (none when it has none or cannot be read).
fn listed_names(folder: &Path) -> BTreeSet<String> {
    let text = fs::read(folder.join(MANIFEST)).unwrap_or_default();
    parse_manifest(&String::from_utf8_lossy(&text)).unwrap_or_default().into_keys().collect()
}

/// Removes a working folder of tilepress's (a staging folder, or an old build after a swap;
/// it has tilepress's hidden name, so a manifest that is empty or cut short there is its own
/// too). Removed are: the files its manifest lists that still match their records; entries
/// that are the very same file or link as the entry of that name in `keeper` (the user's
/// files carried across by a second link); a file listed without a record (an older
/// manifest) whose name `keeper` lists (a new file replaced it); a listed file of one link
/// shorter than its record (a write cut short by a kill or a full disk); the manifest and its
/// partial copy. Anything else is the user's: nothing is removed then, and the refusal names
/// it and says what to do. With `dry_run`, only says whether it could.
pub fn remove_working_folder(
    folder: &Path,
    keeper: &Path,
    dry_run: bool,
) -> Result<(), PublishError> {
    let Some((remove, left)) = sort_out(folder, keeper)? else { return Ok(()) };
    refuse_left(folder, &left)?;
    if dry_run {
        return Ok(());
    }
    remove_sorted(folder, &remove)
}

/// After a swap: the old build in `folder` put away. First every entry of it that is the
/// user's and that `keeper` (the new build) has no entry of that name for — a file the user
/// saved into the folder while the new build was staged — is put back into `keeper`, so
/// that nothing of the user's is left in a working folder; then the folder is removed as
/// [`remove_working_folder`] removes it, refused (naming them) when entries `keeper`
/// already had a name for are left.
pub fn retire_old_build(folder: &Path, keeper: &Path) -> Result<(), PublishError> {
    let Some((remove, left)) = sort_out(folder, keeper)? else { return Ok(()) };
    let mut stuck = Vec::new();
    for (name, what) in left {
        match super::swap::rename_no_replace(&folder.join(&name), &keeper.join(&name)) {
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => stuck.push((name, what)),
            other => other?,
        }
    }
    refuse_left(folder, &stuck)?;
    remove_sorted(folder, &remove)
}

/// The refusal to remove a working folder that holds `left`, what tilepress cannot remove.
fn refuse_left(folder: &Path, left: &[(String, &str)]) -> Result<(), PublishError> {
    if left.is_empty() {
        return Ok(());
    }
    let named: Vec<String> = left.iter().map(|(name, what)| format!("{name} ({what})")).collect();
    Err(PublishError::Refused {
        why: format!(
            "{} is tilepress's hidden working folder, but holds {} that tilepress cannot remove",
            folder.display(),
            named.join(", ")
        ),
        help: format!(
            "they are yours: move them out of {} (then tilepress removes the rest), and build again",
            folder.display()
        ),
    })
}

/// Removes the entries `remove` of a working folder, its manifest and the folder.
fn remove_sorted(folder: &Path, remove: &[String]) -> Result<(), PublishError> {
    for name in remove {
        remove_entry(&folder.join(name))?;
    }
    remove_entry(&folder.join(MANIFEST))?;
    fs::remove_dir(folder)?;
    Ok(())
}

/// A working folder's entries: the names tilepress may remove, and the others with what each is.
type Sorted = (Vec<String>, Vec<(String, &'static str)>);

/// Sorts a working folder's entries (see [`remove_working_folder`]): those tilepress may
/// remove, and those it may not, each with what it is. `None` when there is no folder.
fn sort_out(folder: &Path, keeper: &Path) -> Result<Option<Sorted>, PublishError> {
    match fs::symlink_metadata(folder) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error.into()),
        Ok(meta) if !meta.is_dir() => {
            return Err(PublishError::Refused {
                why: format!(
                    "{} is in the way: tilepress uses that name for its working folder but did not make it",
                    folder.display()
                ),
                help: "remove it (or move it elsewhere), then build again".into(),
            });
        }
        Ok(_) => {}
    }
    let listing = match read_listing(folder, Some(keeper)) {
        Ok(listing) => listing,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error.into()),
    };
    let kept_names = listed_names(keeper);
    let owned = listing.owned.clone().unwrap_or_default();
    let mut remove = Vec::new();
    let mut left = Vec::new();
    for (name, record) in &owned {
        let path = folder.join(name);
        let carried = || same_entry(&path, &keeper.join(name), EntryKind::File);
        if record.is_some() || kept_names.contains(name) || carried() {
            remove.push(name.clone());
        } else {
            left.push((name.clone(), "listed without a record by an older tilepress"));
        }
    }
    for (name, kind) in &listing.others {
        let path = folder.join(name);
        let partial_manifest = name == MANIFEST_PARTIAL && *kind == EntryKind::File;
        if partial_manifest
            || same_entry(&path, &keeper.join(name), *kind)
            || (*kind == EntryKind::File && cut_short(&path, listing.listed.get(name)))
        {
            remove.push(name.clone());
        } else {
            let what = match kind {
                EntryKind::Other => "a folder or special file",
                _ if listing.changed.contains(name) => "changed since tilepress wrote it",
                _ => "not written by tilepress",
            };
            left.push((name.clone(), what));
        }
    }
    Ok(Some((remove, left)))
}

/// Whether `path` is a file tilepress began to write and did not finish: one link, shorter
/// than the record the manifest (written first) gives it.
fn cut_short(path: &Path, record: Option<&Option<Record>>) -> bool {
    let Some(Some(record)) = record else { return false };
    fs::symlink_metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.nlink() == 1 && meta.len() < record.size)
}

/// Removes one file or link (never what a link points to); a missing one is fine.
fn remove_entry(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::other(format!(
            "{} is a folder where tilepress wrote a file; it was left as it is",
            path.display()
        ))),
        Ok(_) => fs::remove_file(path),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

/// Whether `a` and `b` are the same file (same device and inode) or equal symbolic links.
fn same_entry(a: &Path, b: &Path, kind: EntryKind) -> bool {
    let (Ok(meta_a), Ok(meta_b)) = (fs::symlink_metadata(a), fs::symlink_metadata(b)) else {
        return false;
    };
    match kind {
        EntryKind::File => {
            meta_b.is_file() && meta_a.dev() == meta_b.dev() && meta_a.ino() == meta_b.ino()
        }
        EntryKind::Symlink => {
            meta_b.is_symlink()
                && fs::read_link(a).ok().zip(fs::read_link(b).ok()).is_some_and(|(x, y)| x == y)
        }
        EntryKind::Other => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::path::PathBuf;
    use std::time::Duration;

    thread_local! {
        /// How many files this test's thread has read to check them against a record.
        pub static READS: Cell<usize> = const { Cell::new(0) };
    }

    /// Whether `path` matches `record`, and whether its bytes were read to tell.
    fn checked(record: &Record, path: &Path) -> (bool, bool) {
        let before = READS.with(Cell::get);
        let meta = fs::symlink_metadata(path).unwrap();
        let matched = record.matches(path, &meta, &mut [0; 16]).unwrap();
        (matched, READS.with(Cell::get) > before)
    }

    #[test]
    fn a_settled_file_is_read_once_and_any_write_since_is_seen() {
        let root = std::env::temp_dir().join(format!("tilepress-verified-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        let (fresh, settled) = (root.join("fresh.svg"), root.join("settled.svg"));
        let record = Record::of(b"<svg>1</svg>");
        fs::write(&settled, "<svg>1</svg>").unwrap();
        std::thread::sleep(super::super::verified::SETTLED + Duration::from_millis(20));
        fs::write(&fresh, "<svg>1</svg>").unwrap();
        assert_eq!(checked(&record, &settled), (true, true), "read the first time");
        assert_eq!(checked(&record, &settled), (true, false), "vouched for by its metadata");
        // Just written: read every time, as a second write in the same tick of the clock
        // would leave its times as they were.
        assert_eq!(checked(&record, &fresh), (true, true));
        assert_eq!(checked(&record, &fresh), (true, true));
        // Rewritten in place with bytes of the same size, its modification time set back:
        // its change time moved, so it is read, and found changed.
        let modified = fs::metadata(&settled).unwrap().modified().unwrap();
        fs::write(&settled, "<svg>2</svg>").unwrap();
        File::options().write(true).open(&settled).unwrap().set_modified(modified).unwrap();
        assert_eq!(checked(&record, &settled), (false, true));
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_manifest_reads_back_what_it_lists() {
        let entries: Entries =
            [("a.svg".to_string(), Some(Record::of(b"<svg/>"))), ("b c.pdf".to_string(), None)]
                .into();
        assert_eq!(parse_manifest(&manifest_text(&entries)), Some(entries));
        assert_eq!(parse_manifest("something else\na.svg\n"), None);
        assert_eq!(parse_manifest("tilepress-manifest 1\n../escape\n"), None);
        assert_eq!(parse_manifest("tilepress-manifest 2\n12 zz a.svg\n"), None);
        assert_eq!(parse_manifest(""), None, "an empty manifest is not one");
        let old = parse_manifest("tilepress-manifest 1\na.svg\n").unwrap();
        assert_eq!(old.get("a.svg"), Some(&None), "version 1: names only, unverified");
    }

    /// A fresh scratch folder holding empty folders `old` (a retired build) and `new` (the
    /// build that replaced it).
    fn old_and_new(name: &str) -> (PathBuf, PathBuf, PathBuf) {
        let root = std::env::temp_dir().join(format!("tilepress-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let (old, new) = (root.join("old"), root.join("new"));
        fs::create_dir_all(&old).unwrap();
        fs::create_dir_all(&new).unwrap();
        (root, old, new)
    }

    #[test]
    fn a_file_saved_into_the_old_build_during_a_swap_is_put_back() {
        let (root, old, new) = old_and_new("strays");
        let entries: Entries = [("a.svg".to_string(), Some(Record::of(b"1")))].into();
        for folder in [&old, &new] {
            write_manifest(folder, &entries).unwrap();
            fs::write(folder.join("a.svg"), "1").unwrap();
        }
        fs::write(old.join("saved.txt"), "mine").unwrap();
        let refused = remove_working_folder(&old, &new, true).unwrap_err();
        assert!(refused.to_string().contains("saved.txt (not written by tilepress)"), "{refused}");
        retire_old_build(&old, &new).unwrap();
        assert_eq!(fs::read_to_string(new.join("saved.txt")).unwrap(), "mine");
        assert!(!old.exists());
        // A saved file whose name the new build has stays, and is named.
        for folder in [&old, &new] {
            fs::create_dir_all(folder).unwrap();
            write_manifest(folder, &entries).unwrap();
            fs::write(folder.join("a.svg"), "1").unwrap();
        }
        fs::write(old.join("saved.txt"), "mine too").unwrap();
        let refused = retire_old_build(&old, &new).unwrap_err();
        assert!(refused.to_string().contains("saved.txt (not written by tilepress)"), "{refused}");
        assert_eq!(fs::read_to_string(old.join("saved.txt")).unwrap(), "mine too");
        assert_eq!(fs::read_to_string(new.join("saved.txt")).unwrap(), "mine");
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn an_old_build_s_file_carried_into_the_new_one_is_not_read_to_remove_it() {
        let (root, old, new) = old_and_new("carried");
        let entries: Entries = [
            ("carried.svg".to_string(), Some(Record::of(b"1"))),
            ("dropped.svg".to_string(), Some(Record::of(b"2"))),
        ]
        .into();
        write_manifest(&old, &entries).unwrap();
        write_manifest(&new, &entries).unwrap();
        fs::write(old.join("carried.svg"), "1").unwrap();
        fs::write(old.join("dropped.svg"), "2").unwrap();
        fs::hard_link(old.join("carried.svg"), new.join("carried.svg")).unwrap();
        let before = READS.with(Cell::get);
        retire_old_build(&old, &new).unwrap();
        assert_eq!(READS.with(Cell::get) - before, 1, "only the file that is not carried is read");
        assert!(!old.exists());
        assert_eq!(fs::read_to_string(new.join("carried.svg")).unwrap(), "1");
        // A file of the old build that is not the new one's, changed since it was written, is
        // still the user's, though a file of that name was carried.
        fs::create_dir_all(&old).unwrap();
        write_manifest(&old, &entries).unwrap();
        fs::write(old.join("carried.svg"), "changed").unwrap();
        let refused = retire_old_build(&old, &new).unwrap_err();
        assert!(refused.to_string().contains("carried.svg (changed since"), "{refused}");
        fs::remove_dir_all(&root).unwrap();
    }

    /// The hash of `bytes` by `hasher`, given in three pieces.
    fn pieces(hasher: Hasher, bytes: &[u8]) -> u64 {
        let mut digest = Digest::new(hasher);
        let (a, rest) = bytes.split_at(bytes.len() / 3);
        let (b, c) = rest.split_at(rest.len() / 2);
        [a, b, c].into_iter().for_each(|piece| digest.add(piece));
        digest.value()
    }

    #[test]
    fn the_hash_is_xxh3_64_and_version_2_s_fnv1a_64() {
        // The reference implementation's XXH3_64bits of the empty input (seed 0), and the
        // published test vectors of FNV-1a, 64 bits.
        assert_eq!(Record::of(b"").hash, 0x2d06_8005_38d3_94c2);
        let long: Vec<u8> = (0..1000u32).map(|n| (n * 7 % 251) as u8).collect();
        for bytes in [&b""[..], b"a", b"foobar", &long] {
            assert_eq!(pieces(Hasher::Xxh3, bytes), Record::of(bytes).hash, "in pieces");
        }
        assert_eq!(pieces(Hasher::Fnv1a, b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(pieces(Hasher::Fnv1a, b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(pieces(Hasher::Fnv1a, b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn older_manifests_read_with_their_hash() {
        let v2 = parse_manifest("tilepress-manifest 2\n6 85944171f73967e8 a.svg\n").unwrap();
        let record = v2["a.svg"].unwrap();
        assert_eq!((record.hasher, record.hash), (Hasher::Fnv1a, 0x8594_4171_f739_67e8));
        // A kept file of a version 2 manifest is written into version 3 with its hash.
        let text = manifest_text(&v2);
        assert!(text.starts_with("tilepress-manifest 3\n"), "{text}");
        assert!(text.contains("6 fnv1a:85944171f73967e8 a.svg"), "{text}");
        assert_eq!(parse_manifest(&text), Some(v2));
        assert_eq!(parse_manifest("tilepress-manifest 2\n6 fnv1a:85944171f73967e8 a.svg\n"), None);
        let v3 = parse_manifest(&manifest_text(&[("b.pdf".into(), Some(Record::of(b"x")))].into()));
        assert_eq!(v3.unwrap()["b.pdf"].unwrap().hasher, Hasher::Xxh3);
    }
}
