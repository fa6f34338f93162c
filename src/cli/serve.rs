//! The `serve` command: options, the warning for non-loopback addresses, and the address
//! to open; the library's `serve` module does the work.

use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};

use clap::Args;
use tilepress::serve::{ServeOptions, start};

use super::exit::{BAD_INPUT, OK};
use super::inputs::designs_in;

/// Options of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The design to preview (default: every `*.toml` in `designs/`, with a list to pick from).
    #[arg(value_name = "DESIGN")]
    pub design: Option<PathBuf>,
    /// Port to listen on; 0 picks a free one (the address printed says which).
    #[arg(long, default_value_t = 7070)]
    pub port: u16,
    /// Address to listen on. Anything but 127.0.0.1 lets other machines see the design and
    /// press the build button: use it only on a network you trust.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// Where the page's build button writes (`OUT/<name>/`, as `build -o OUT`).
    #[arg(short, long, value_name = "DIR", default_value = "output")]
    pub output: PathBuf,
    /// Folder of diagram files; those whose `design` is a served design are shown
    /// (default: `diagrams/` beside the design, or else in the working folder).
    #[arg(long, value_name = "DIR")]
    pub diagrams: Option<PathBuf>,
}

/// `serve`: runs until stopped; returns only when it cannot start.
pub fn serve(args: &ServeArgs) -> u8 {
    let designs = match &args.design {
        Some(design) if design.is_file() => vec![design.clone()],
        Some(design) => {
            errln!("error: {}: not a design file", design.display());
            errln!("  help: give the path of a .toml design, e.g. designs/tantrix.toml");
            return BAD_INPUT;
        }
        None => match designs_in(Path::new("designs")) {
            Ok(found) => found,
            Err(message) => {
                errln!("error: {message}");
                return BAD_INPUT;
            }
        },
    };
    if !args.host.is_loopback() {
        errln!(
            "warning: listening on {}: other machines on the network can see the designs \
             and press the build button",
            args.host
        );
    }
    let options = ServeOptions {
        designs,
        diagrams_folder: args.diagrams.clone(),
        host: args.host,
        port: args.port,
        output: args.output.clone(),
    };
    let running = match start(&options) {
        Ok(running) => running,
        Err(message) => {
            errln!("error: {message}");
            if args.port != 0 {
                errln!("  help: another program may use the port; try --port 0 for a free one");
            }
            return BAD_INPUT;
        }
    };
    outln!("{}", running.url);
    outln!(
        "Serving {} design(s); the page updates on every save. Stop with Ctrl+C.",
        options.designs.len()
    );
    match running.run() {
        Ok(()) => OK,
        Err(message) => {
            errln!("error: {message}");
            BAD_INPUT
        }
    }
}
