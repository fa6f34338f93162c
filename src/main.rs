//! The `tilepress` command: parses arguments and runs a command; the library does the work.

mod cli;

use std::process::ExitCode;

use clap::Parser;

use cli::args::{Cli, Command};
use cli::{build, commands};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help` and `--version` go through the console too, so a failed write is reported.
        Err(error) => {
            return ExitCode::from(cli::console::finish(cli::console::parse_error(&error)));
        }
    };
    if let Err(message) = tilepress::model::input::reach::allow_paths(&cli.allow_path) {
        cli::console::err(format_args!("error: {message}"));
        cli::console::err(format_args!("  help: give --allow-path the path of an existing folder"));
        return ExitCode::from(cli::console::finish(cli::exit::BAD_INPUT));
    }
    let code = match &cli.command {
        Command::Build(args) => build::build_all(args),
        Command::Check { designs, verbose, parts, preset, press } => {
            commands::check(designs, *verbose, parts, preset.as_deref(), press)
        }
        Command::List { design, parts } => commands::list(design, parts),
        Command::Explain { design } => cli::explain::explain(design),
        Command::New(args) => cli::new::new(args),
        Command::Calibrate(args) => cli::printing::calibrate(args),
        Command::Diagram(args) => cli::diagram::diagram(args),
        Command::Components(args) => cli::components::components(args),
        Command::Serve(args) => cli::serve::serve(args),
    };
    ExitCode::from(cli::console::finish(code))
}
