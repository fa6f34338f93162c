//! A file of the last build sent from the build kept in memory: the body shares the build's bytes (held by an `Arc`), so a download copies nothing however large the file is and however many download it at once.

use std::sync::Arc;

use axum::body::{Body, Bytes};

use super::preview::Built;
use crate::build::OutputFile;

/// Which of a build's lists a file is in.
#[derive(Clone, Copy, Debug)]
pub enum BuiltList {
    /// The PDFs, sheet SVGs and cut files.
    Files,
    /// The diagrams' SVGs.
    Diagrams,
}

impl BuiltList {
    /// This list of `built`.
    fn of(self, built: &Built) -> &[OutputFile] {
        match self {
            BuiltList::Files => &built.files,
            BuiltList::Diagrams => &built.diagrams,
        }
    }
}

/// One built file, kept alive by the build it belongs to.
struct SharedFile {
    built: Arc<Built>,
    list: BuiltList,
    index: usize,
}

impl AsRef<[u8]> for SharedFile {
    fn as_ref(&self) -> &[u8] {
        self.list.of(&self.built).get(self.index).map_or(&[], |file| file.bytes.as_slice())
    }
}

/// The body sending the file called `name` in `list` of `built`; `None` when the build has
/// no such file.
pub fn built_body(built: &Arc<Built>, list: BuiltList, name: &str) -> Option<Body> {
    let index = list.of(built).iter().position(|file| file.name == name)?;
    let shared = SharedFile { built: Arc::clone(built), list, index };
    Some(Body::from(Bytes::from_owner(shared)))
}
