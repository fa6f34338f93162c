//! The one step that puts a staged build in place of the old folder: an exchange of the two
//! folders in one rename on Linux, two renames (with recovery on the next run) elsewhere or
//! where the file system cannot exchange.

use std::fs::{self, File};
use std::io;
use std::path::Path;

/// Puts the folder `staging_name` (in the locked `parent_dir`) at `name`. With `exists`, the
/// old folder ends up under the staging name (exchanged) or at `retired` (two renames).
pub fn swap_in(
    parent_dir: &File,
    staging_name: &str,
    name: &str,
    retired: &Path,
    exists: bool,
) -> io::Result<()> {
    match exchange(parent_dir, staging_name, name, exists) {
        Err(error) if unsupported(&error) => two_renames(staging_name, name, retired, exists),
        other => other,
    }
}

#[cfg(target_os = "linux")]
fn exchange(parent_dir: &File, staging_name: &str, name: &str, exists: bool) -> io::Result<()> {
    use rustix::fs::{RenameFlags, renameat_with};
    let flags = if exists { RenameFlags::EXCHANGE } else { RenameFlags::NOREPLACE };
    renameat_with(parent_dir, staging_name, parent_dir, name, flags).map_err(io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &File, _: &str, _: &str, _: bool) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Renames `from` to `to` unless something has the name `to` (then `AlreadyExists`): in one
/// step on Linux, a look and a rename elsewhere or where the file system cannot.
pub fn rename_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        match renameat_with(CWD, from, CWD, to, RenameFlags::NOREPLACE).map_err(io::Error::from) {
            Err(error) if unsupported(&error) => {}
            other => return other,
        }
    }
    if fs::symlink_metadata(to).is_ok() {
        return Err(io::ErrorKind::AlreadyExists.into());
    }
    fs::rename(from, to)
}

/// Whether the file system (or system) has no atomic exchange.
fn unsupported(error: &io::Error) -> bool {
    const EINVAL: i32 = 22;
    const ENOSYS: i32 = 38;
    const EOPNOTSUPP: i32 = 95;
    error.kind() == io::ErrorKind::Unsupported
        || matches!(error.raw_os_error(), Some(EINVAL | ENOSYS | EOPNOTSUPP))
}

/// The fallback: old folder aside to `retired`, staged folder in; a kill between the two
/// leaves the old build at `retired`, which [`recover`] puts back on the next run.
fn two_renames(staging_name: &str, name: &str, retired: &Path, exists: bool) -> io::Result<()> {
    let Some(parent) = retired.parent() else { return Err(io::ErrorKind::NotFound.into()) };
    let target = parent.join(name);
    if exists {
        fs::rename(&target, retired)?;
    }
    if let Err(error) = fs::rename(parent.join(staging_name), &target) {
        if exists {
            let _ = fs::rename(retired, &target);
        }
        return Err(error);
    }
    Ok(())
}

/// After a run killed between the two renames of [`two_renames`]: puts the old build back.
pub fn recover(target: &Path, retired: &Path) -> io::Result<()> {
    let missing =
        matches!(fs::symlink_metadata(target), Err(e) if e.kind() == io::ErrorKind::NotFound);
    if missing && fs::symlink_metadata(retired).is_ok_and(|m| m.is_dir()) {
        fs::rename(retired, target)?;
    }
    Ok(())
}
