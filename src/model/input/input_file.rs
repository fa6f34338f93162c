//! Opening a file a design reads (the design itself, data files, images, fonts): opened once, checked to be a regular file, its size checked before a byte is read, read with a bound.
//!
//! The file is opened without blocking (a FIFO opened for reading would wait for a writer)
//! and the *opened* file is checked with `fstat`, so a symbolic link is checked at its
//! target and nothing can be swapped in between the check and the read: a link to
//! `/dev/zero`, a FIFO or a socket is refused at once, a sparse file over the limit before
//! it is read, and a file that grows while it is read is cut at the limit and refused.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why an input file cannot be read.
#[derive(Debug)]
pub enum InputRefusal {
    /// It cannot be opened (missing, no permission).
    Open(std::io::Error),
    /// It is a folder.
    Folder,
    /// It is a pipe, device or socket (the kind, e.g. "a FIFO").
    Special(&'static str),
    /// It has more bytes than the limit (the size found, and the limit).
    TooLarge { bytes: u64, limit: u64 },
    /// Reading it failed.
    Read(std::io::Error),
    /// What was opened lies outside the folders the design may read (why, from
    /// `model::reach`).
    Outside(String),
}

impl InputRefusal {
    /// The refusal as a short clause, e.g. "it is a FIFO, not a regular file".
    pub fn reason(&self) -> String {
        match self {
            Self::Open(error) if error.kind() == std::io::ErrorKind::NotFound => {
                "there is no such file".into()
            }
            Self::Open(error) => format!("cannot open it: {error}"),
            Self::Folder => "it is a folder, not a file".into(),
            Self::Special(kind) => {
                format!("it is {kind}, not a regular file: tilepress reads only regular files")
            }
            Self::TooLarge { bytes, limit } => {
                format!("it is {bytes} bytes, over the limit of {limit} bytes")
            }
            Self::Read(error) => format!("cannot read it: {error}"),
            Self::Outside(why) => why.clone(),
        }
    }
}

/// What was read from a file a design uses, and where the opened file really lies (links
/// resolved by the system from the open descriptor): the path a design's file list records.
#[derive(Debug)]
pub struct Used<T> {
    pub value: T,
    pub real_path: PathBuf,
}

impl<T> Used<T> {
    /// The same file's `f(value)`.
    pub fn map<U, E>(self, f: impl FnOnce(T) -> Result<U, E>) -> Result<Used<U>, E> {
        Ok(Used { value: f(self.value)?, real_path: self.real_path })
    }
}

/// An opened regular file of at most `limit` bytes.
#[derive(Debug)]
pub struct InputFile {
    file: File,
    limit: u64,
    /// Its size when it was opened.
    pub len: u64,
}

impl InputFile {
    /// Opens `path` (following symbolic links) and checks what was opened: a regular file of
    /// at most `limit` bytes.
    pub fn open(path: &Path, limit: u64) -> Result<Self, InputRefusal> {
        let file = open_without_blocking(path).map_err(|error| {
            // A socket cannot be opened at all: say what it is rather than the error.
            match std::fs::metadata(path) {
                Ok(meta) if !meta.is_file() && !meta.is_dir() => {
                    InputRefusal::Special(special_kind(&meta))
                }
                _ => InputRefusal::Open(error),
            }
        })?;
        let meta = file.metadata().map_err(InputRefusal::Open)?;
        if meta.is_dir() {
            return Err(InputRefusal::Folder);
        }
        if !meta.is_file() {
            return Err(InputRefusal::Special(special_kind(&meta)));
        }
        if meta.len() > limit {
            return Err(InputRefusal::TooLarge { bytes: meta.len(), limit });
        }
        Ok(Self { file, limit, len: meta.len() })
    }

    /// Opens `path` like [`Self::open`] for a design in `design_folder`, checked against what
    /// the design may read (`model::reach`) twice: by its name before it is opened, so
    /// nothing outside is ever opened (opening a device or FIFO can act on it), and by the
    /// real path of the *open* file, so a link swapped in between cannot lead out of the
    /// folder. Every file a design uses is checked here, and only here.
    pub fn open_inside(
        path: &Path,
        limit: u64,
        design_folder: &Path,
    ) -> Result<Used<Self>, InputRefusal> {
        let reach = crate::model::input::reach::allowed();
        reach.check(design_folder, path).map_err(InputRefusal::Outside)?;
        let opened = Self::open(path, limit)?;
        let real_path = opened
            .real_path()
            .or_else(|| path.canonicalize().ok())
            .unwrap_or_else(|| path.to_path_buf());
        reach.check(design_folder, &real_path).map_err(InputRefusal::Outside)?;
        Ok(Used { value: opened, real_path })
    }

    /// Where the open file lies, resolved by the system from the open descriptor (Linux);
    /// `None` where the system cannot say.
    fn real_path(&self) -> Option<PathBuf> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            std::fs::read_link(format!("/proc/self/fd/{}", self.file.as_raw_fd())).ok()
        }
        #[cfg(not(target_os = "linux"))]
        {
            None
        }
    }

    /// A reader of at most the limit's bytes (a file that grew since it was opened is cut
    /// there).
    pub fn into_reader(self) -> std::io::Take<File> {
        self.file.take(self.limit)
    }

    /// Every byte, at most the limit: a file that grew past it since it was opened is
    /// refused, not read on.
    pub fn read_all(self) -> Result<Vec<u8>, InputRefusal> {
        let capacity = usize::try_from(self.len).unwrap_or(0);
        let mut bytes = Vec::with_capacity(capacity);
        let limit = self.limit;
        self.file
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(InputRefusal::Read)?;
        if bytes.len() as u64 > limit {
            return Err(InputRefusal::TooLarge { bytes: bytes.len() as u64, limit });
        }
        Ok(bytes)
    }
}

/// Opens and reads `path` whole: a regular file of at most `limit` bytes.
pub fn read_input(path: &Path, limit: u64) -> Result<Vec<u8>, InputRefusal> {
    InputFile::open(path, limit)?.read_all()
}

/// Like [`read_input`] for a file a design in `design_folder` uses: refused when the file
/// opened lies outside what the design may read ([`InputFile::open_inside`]).
pub fn read_input_inside(
    path: &Path,
    limit: u64,
    design_folder: &Path,
) -> Result<Used<Vec<u8>>, InputRefusal> {
    InputFile::open_inside(path, limit, design_folder)?.map(InputFile::read_all)
}

#[cfg(target_os = "linux")]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let nonblock = rustix::fs::OFlags::NONBLOCK.bits();
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(i32::try_from(nonblock).unwrap_or_default())
        .open(path)
}

/// Elsewhere the path is checked first, so a FIFO is refused before it is opened.
#[cfg(not(target_os = "linux"))]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    File::open(path)
}

#[cfg(unix)]
fn special_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::Metadata) -> &'static str {
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tilepress-input-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn reads_a_regular_file_within_the_limit_and_refuses_one_over_it() {
        let dir = folder("size");
        let path = dir.join("a.txt");
        std::fs::write(&path, b"12345").unwrap();
        assert_eq!(read_input(&path, 5).unwrap(), b"12345");
        let refusal = read_input(&path, 4).unwrap_err();
        assert!(matches!(refusal, InputRefusal::TooLarge { bytes: 5, limit: 4 }), "{refusal:?}");
        assert!(refusal.reason().contains("5 bytes, over the limit of 4"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_sparse_file_over_the_limit_is_refused_before_it_is_read() {
        let dir = folder("sparse");
        let path = dir.join("huge.ttf");
        let file = File::create(&path).unwrap();
        file.set_len(3 << 30).unwrap();
        let started = std::time::Instant::now();
        let refusal = read_input(&path, 1 << 20).unwrap_err();
        assert!(matches!(refusal, InputRefusal::TooLarge { .. }), "{refusal:?}");
        assert!(started.elapsed().as_secs() < 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_links_to_them_folders_and_missing_files_are_refused() {
        let dir = folder("special");
        let link = dir.join("zero.png");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let refusal = read_input(&link, 1 << 20).unwrap_err();
        assert!(refusal.reason().contains("a device, not a regular file"), "{refusal:?}");
        assert!(matches!(read_input(&dir, 10), Err(InputRefusal::Folder)));
        let missing = read_input(&dir.join("missing"), 10).unwrap_err();
        assert_eq!(missing.reason(), "there is no such file");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = folder("fifo");
        let fifo = dir.join("pipe.csv");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let started = std::time::Instant::now();
        let refusal = read_input(&fifo, 1 << 20).unwrap_err();
        assert!(refusal.reason().contains("a FIFO"), "{refusal:?}");
        assert!(started.elapsed().as_secs() < 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_file_opened_is_checked_where_it_lies_not_where_its_name_points() {
        let dir = folder("inside");
        let (design, outside) = (dir.join("design"), dir.join("outside"));
        std::fs::create_dir_all(design.join("assets")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(design.join("assets/a.csv"), b"a").unwrap();
        std::fs::write(outside.join("secret.csv"), b"s").unwrap();
        // A name inside the folder that leads out of it once opened.
        let link = design.join("assets/link.csv");
        std::os::unix::fs::symlink(outside.join("secret.csv"), &link).unwrap();
        let inside = read_input_inside(&design.join("assets/../assets/a.csv"), 10, &design);
        let inside = inside.unwrap();
        assert_eq!(inside.value, b"a");
        assert_eq!(inside.real_path, design.join("assets/a.csv").canonicalize().unwrap());
        let refusal = read_input_inside(&link, 10, &design).unwrap_err();
        assert!(matches!(refusal, InputRefusal::Outside(_)), "{refusal:?}");
        assert!(refusal.reason().contains("outside the design's folder"), "{refusal:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
