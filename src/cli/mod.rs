//! The command-line shell: argument parsing and the commands that call the library.

pub mod args;
pub mod calibrate;
pub mod commands;
pub mod print_args;
