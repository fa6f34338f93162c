//! The command-line shell: argument parsing and the commands that call the library.

/// `println!` that never panics (see [`console`]).
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::console::out(format_args!($($arg)*)) };
}

/// `eprintln!` that never panics (see [`console`]).
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cli::console::err(format_args!($($arg)*)) };
}

pub mod args;
pub mod build;
pub mod commands;
pub mod components;
pub mod console;
pub mod diagram;
pub mod exit;
pub mod explain;
pub mod file_url;
pub mod inputs;
pub mod jobs;
pub mod new;
pub mod output_batch;
pub mod part_option;
pub mod press_options;
pub mod printing;
pub mod serve;
pub mod sheet_overrides;
