//! Reading a font or image file a design names: a regular file (links checked at their target), its size checked against the limit before a byte of it is read.

use std::path::Path;

use crate::model::input::input_file::{InputRefusal, Used, read_input_inside};

/// Why a font or image file cannot be used.
#[derive(Debug)]
pub struct AssetRefusal {
    /// Why, as a clause ("it is a FIFO, not a regular file").
    pub why: String,
    /// Whether it was refused for lying outside what the design may read (`model::reach`),
    /// which has its own help.
    pub outside: bool,
}

impl From<String> for AssetRefusal {
    fn from(why: String) -> Self {
        AssetRefusal { why, outside: false }
    }
}

impl From<&str> for AssetRefusal {
    fn from(why: &str) -> Self {
        why.to_string().into()
    }
}

/// The bytes of the file at `path` used by a design in `design_folder`, at most `limit` of
/// them, and where the file opened lies; refused when that is outside what the design may
/// read.
pub fn read_asset(
    path: &Path,
    limit: u64,
    design_folder: &Path,
) -> Result<Used<Vec<u8>>, AssetRefusal> {
    read_input_inside(path, limit, design_folder).map_err(|refusal| AssetRefusal {
        why: refusal.reason(),
        outside: matches!(refusal, InputRefusal::Outside(_)),
    })
}
