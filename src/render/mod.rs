//! Backends that turn scene pages into bytes: SVG and PDF. They read only `scene`.

pub mod cut;
pub mod cut_file;
pub mod pdf;
pub mod pdf_symbols;
pub mod png;
pub mod svg;
