//! The `components` command: a design's components page and list, written into a folder of tilepress's.

use std::path::PathBuf;

use clap::Args;
use tilepress::components::files::components_files;
use tilepress::model::file_stem::file_stem;
use tilepress::output::publish_more;
use tilepress::render::png::DPI_RANGE;

use super::commands::load_or_report;
use super::exit::{BAD_INPUT, OK, publish_failed};

/// Options of `components`.
#[derive(Debug, Args)]
pub struct ComponentsArgs {
    /// Design file.
    #[arg(value_name = "DESIGN")]
    pub design: PathBuf,
    /// Output folder, shared by every design's components (their files are named after the
    /// design).
    #[arg(short, long, value_name = "DIR", default_value = "output/components")]
    pub output: PathBuf,
    /// PNG resolution in dots per inch.
    #[arg(long, default_value_t = 300.0)]
    pub dpi: f64,
}

/// `components`: the design's page(s) and list into `OUT/`.
pub fn components(args: &ComponentsArgs) -> u8 {
    let (low, high) = DPI_RANGE;
    if !(low..=high).contains(&args.dpi) {
        errln!("error: --dpi {} is not from {low} to {high}", args.dpi);
        return BAD_INPUT;
    }
    let path = &args.design;
    let Some(design) = load_or_report(path) else { return BAD_INPUT };
    let stem = path.file_stem().map_or_else(|| "design".into(), |s| file_stem(&s.to_string_lossy()));
    let files = match components_files(&design, &stem, args.dpi) {
        Ok(files) => files,
        Err(message) => {
            errln!("{}: error: {message}", path.display());
            return BAD_INPUT;
        }
    };
    if let Err(error) = publish_more(&args.output, &files, std::slice::from_ref(path)) {
        for line in publish_failed(&path.display().to_string(), &args.output, &error) {
            errln!("{line}");
        }
        return BAD_INPUT;
    }
    outln!("{}: → {} ({} files)", design.name, args.output.display(), files.len());
    OK
}
