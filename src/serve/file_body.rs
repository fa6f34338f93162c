//! A file of the design's folder sent as it is read, 64 KiB at a time, so a download holds one chunk in memory however large the file is and however many download it at once.

use std::io::Read;

use axum::body::{Body, Bytes};
use futures_util::stream;

use crate::model::input::input_file::InputFile;

/// How much of a file one chunk carries.
const CHUNK: usize = 64 * 1024;

/// The body of a response sending `file` (at most its limit) in chunks. The reads block for
/// the moment a chunk takes from a local disk; an error ends the body early.
pub fn file_body(file: InputFile) -> Body {
    let chunks = stream::unfold(Some(file.into_reader()), |reader| async move {
        let mut reader = reader?;
        let mut buffer = vec![0; CHUNK];
        match reader.read(&mut buffer) {
            Ok(0) => None,
            Ok(read) => {
                buffer.truncate(read);
                Some((Ok::<_, std::io::Error>(Bytes::from(buffer)), Some(reader)))
            }
            Err(error) => Some((Err(error), None)),
        }
    });
    Body::from_stream(chunks)
}
