//! Backends that turn scene pages into bytes: SVG, PDF, cut files and PNG. They read only `scene`.

pub mod contact_sheet;
mod coverage;
pub mod cut;
pub mod cut_file;
mod decimal;
pub mod flatten_painter;
pub mod item_reach;
pub mod pdf;
pub mod pdf_boxes;
pub mod pdf_content;
pub mod pdf_groups;
pub mod pdf_names;
pub mod pdf_number;
pub mod pdf_symbols;
pub mod pdf_x;
pub mod png;
pub mod png_dpi;
pub mod png_rows;
pub mod raster;
pub mod strips;
pub mod svg;
pub mod svg_xml;
pub mod vision_filters;
