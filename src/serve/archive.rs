//! Zip archives of built files for the page's download buttons, deflated, with fixed dates
//! so the same files always give the same archive.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipWriter};

use crate::build::OutputFile;

/// A zip holding `files` under `folder/` (their names may hold `/` for sub-folders).
pub fn zip_files(folder: &str, files: &[OutputFile]) -> Result<Vec<u8>, String> {
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644);
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for file in files {
        zip.start_file(format!("{folder}/{}", file.name), options)
            .map_err(|e| format!("cannot zip {}: {e}", file.name))?;
        zip.write_all(&file.bytes).map_err(|e| format!("cannot zip {}: {e}", file.name))?;
    }
    let cursor = zip.finish().map_err(|e| format!("cannot finish the zip: {e}"))?;
    Ok(cursor.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zips_unpack_to_the_same_files() {
        let files = vec![
            OutputFile { name: "a.svg".into(), bytes: b"<svg/>".repeat(100) },
            OutputFile { name: "diagrams/b.svg".into(), bytes: b"b".to_vec() },
        ];
        let bytes = zip_files("set", &files).unwrap();
        assert_eq!(bytes, zip_files("set", &files).unwrap(), "deterministic");
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
        assert_eq!(archive.len(), 2);
        let mut text = String::new();
        std::io::Read::read_to_string(&mut archive.by_name("set/a.svg").unwrap(), &mut text)
            .unwrap();
        assert_eq!(text.as_bytes(), files[0].bytes.as_slice());
        assert_eq!(
            archive.by_name("set/a.svg").unwrap().compression(),
            CompressionMethod::Deflated
        );
    }
}
