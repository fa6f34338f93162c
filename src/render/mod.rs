//! Backends that turn scene pages into bytes: SVG and PDF. They read only `scene`.

pub mod pdf;
pub mod svg;
