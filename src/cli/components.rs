//! The `components` command: a design's components page and list (of the parts `--part` names, or all), written into `OUT/<stem>/`, a folder of tilepress's.

use std::path::PathBuf;

use clap::Args;
use tilepress::components::files::components_files;
use tilepress::model::input::file_stem::file_stem;
use tilepress::output::publish;
use tilepress::render::png::DPI_RANGE;

use super::commands::load_or_report;
use super::exit::{BAD_INPUT, OK, publish_failed};
use super::jobs::Log;
use super::part_option::choose;

/// Options of `components`.
#[derive(Debug, Args)]
pub struct ComponentsArgs {
    /// Design file.
    #[arg(value_name = "DESIGN")]
    pub design: PathBuf,
    /// Output folder; the design's components go to a sub-folder named after its file.
    #[arg(short, long, value_name = "DIR", default_value = "output/components")]
    pub output: PathBuf,
    /// PNG resolution in dots per inch.
    #[arg(long, default_value_t = 300.0)]
    pub dpi: f64,
    /// Only this part (repeat for several): `tiles`, `pieces`, `board`, `nets`, or a deck's,
    /// counters', track's or map's name as its files spell it (`royal-decrees`): the page
    /// and list show only those parts. A name the design lacks is an error (exit 2).
    #[arg(long = "part", value_name = "NAME")]
    pub parts: Vec<String>,
}

/// `components`: the design's page(s) and list into `OUT/`.
pub fn components(args: &ComponentsArgs) -> u8 {
    let (low, high) = DPI_RANGE;
    if !(low..=high).contains(&args.dpi) {
        errln!("error: --dpi {} is not from {low} to {high}", args.dpi);
        return BAD_INPUT;
    }
    let path = &args.design;
    let Some(mut design) = load_or_report(path) else { return BAD_INPUT };
    let mut log = Log::default();
    let chosen = choose(&mut design, path, &args.parts, true, &mut Vec::new(), &mut log);
    log.print();
    if chosen.is_err() {
        return BAD_INPUT;
    }
    let stem =
        path.file_stem().map_or_else(|| "design".into(), |s| file_stem(&s.to_string_lossy()));
    let files = match components_files(&design, &stem, args.dpi) {
        Ok(files) => files,
        Err(message) => {
            errln!("{}: error: {message}", path.display());
            return BAD_INPUT;
        }
    };
    // A folder of its own, which holds exactly this run's files: pages of an earlier, longer
    // drawing do not stay behind.
    let folder = args.output.join(&stem);
    match publish(&folder, &files, std::slice::from_ref(path)) {
        Ok(published) => {
            for note in published.untouched {
                errln!("{}: note: {note}", path.display());
            }
        }
        Err(error) => {
            for line in publish_failed(&path.display().to_string(), &folder, &error) {
                errln!("{line}");
            }
            return BAD_INPUT;
        }
    }
    outln!("{}: → {} ({} files)", design.name, folder.display(), files.len());
    OK
}
