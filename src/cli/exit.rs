//! Exit codes (0 fine, 1 set problems, 2 unreadable input or unwritable output) and the
//! message for an output folder that was not written, shared by every command.

use std::path::Path;

use tilepress::output::PublishError;

pub const OK: u8 = 0;
pub const SET_PROBLEMS: u8 = 1;
pub const BAD_INPUT: u8 = 2;

/// The two lines that say why an output folder was not written.
pub fn publish_failed(label: &str, folder: &Path, error: &PublishError) -> [String; 2] {
    let folder = folder.display();
    let first = match error {
        PublishError::Refused { .. } => format!("{label}: error: {folder} not written: {error}"),
        PublishError::Io(_) => format!("{label}: error: cannot write {folder}: {error}"),
    };
    [first, format!("  help: {}", error.help())]
}
