//! The components files of a design: `<stem>-components.md`, the page(s) as `<stem>-components.svg` and `.png` (`-components-2.svg`, … when several) and all pages in one `<stem>-components.pdf`.

use super::markdown::components_markdown;
use super::page::components_pages;
use crate::build::OutputFile;
use crate::model::design::Design;
use crate::render::pdf::document_to_pdf;
use crate::render::png::{Paper, page_to_png};
use crate::render::svg::page_to_svg;
use crate::scene::Document;

/// The files of `design`'s components, named after `stem`, PNGs at `dpi`.
pub fn components_files(design: &Design, stem: &str, dpi: f64) -> Result<Vec<OutputFile>, String> {
    let components = super::components(design);
    let pages = components_pages(&components);
    let mut files = vec![OutputFile {
        name: format!("{stem}-components.md"),
        bytes: components_markdown(&components).into_bytes(),
    }];
    for page in &pages {
        let name = format!("{stem}-{}", page.label);
        files.push(OutputFile {
            name: format!("{name}.svg"),
            bytes: page_to_svg(page).into_bytes(),
        });
        // Every page draws its own white paper: its PNG is opaque.
        files.push(OutputFile {
            name: format!("{name}.png"),
            bytes: page_to_png(page, dpi, Paper::White)?,
        });
    }
    let title = format!("{}: components", components.name);
    let pdf = document_to_pdf(&Document { title, pages });
    files.push(OutputFile { name: format!("{stem}-components.pdf"), bytes: pdf });
    Ok(files)
}
