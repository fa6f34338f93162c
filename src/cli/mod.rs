//! The command-line shell: argument parsing and the commands that call the library.

pub mod args;
pub mod commands;
pub mod diagram;
pub mod jobs;
pub mod printing;
pub mod serve;
