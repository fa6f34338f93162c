//! Font files a design names (`font = "…"` beside the design), read and checked once.

use std::path::Path;

use super::asset::{AssetRefusal, read_asset};
use crate::model::input::input_file::Used;
use crate::model::input::limits::MAX_ASSET_BYTES;
use crate::text::font::{FontData, font_from_bytes};

/// Reads and checks a TTF/OTF file, and says where the file opened lies.
pub fn read_font(
    path: &Path,
    name: &str,
    design_folder: &Path,
) -> Result<Used<FontData>, AssetRefusal> {
    Ok(read_asset(path, MAX_ASSET_BYTES, design_folder)?
        .map(|bytes| font_from_bytes(bytes, name))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_a_font_is_refused() {
        let dir = std::env::temp_dir().join(format!("tilepress-font-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("not-a-font.ttf");
        std::fs::write(&path, b"hello").unwrap();
        let error = read_font(&path, "not-a-font.ttf", &dir).unwrap_err();
        assert!(error.why.contains("not a TrueType") && !error.outside, "{error:?}");
        let missing = read_font(&dir.join("missing.ttf"), "x", &dir).unwrap_err();
        assert!(missing.why.contains("no such file"), "{missing:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
