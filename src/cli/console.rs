//! Standard output and error that never panic: a closed stdout (`| head -1`) ends the output
//! quietly, a full one (`> /dev/full`) is one error line and exit 2 — for `--help` and
//! `--version` too.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;

/// The first error writing to standard output; nothing more is written after it.
static STDOUT_FAILED: Mutex<Option<io::Error>> = Mutex::new(None);

/// Writes one line to standard output, unless an earlier line could not be written.
pub fn out(line: fmt::Arguments<'_>) {
    write_out(|stdout| writeln!(stdout, "{line}"));
}

/// Writes `text` as it is (no line added) to standard output, unless an earlier write failed.
pub fn out_text(text: &str) {
    write_out(|stdout| stdout.write_all(text.as_bytes()));
}

/// Runs `write` on standard output unless an earlier write failed; keeps its error.
fn write_out(write: impl FnOnce(&mut io::StdoutLock<'static>) -> io::Result<()>) {
    let mut failed = STDOUT_FAILED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if failed.is_some() {
        return;
    }
    if let Err(error) = write(&mut io::stdout().lock()) {
        *failed = Some(error);
    }
}

/// What the arguments could not be parsed into: `--help` and `--version` are written to
/// standard output through [`out_text`] (exit 0, or 2 from [`finish`] when the write fails);
/// a usage error goes to standard error as clap writes it (exit 2).
pub fn parse_error(error: &clap::Error) -> u8 {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let rendered = error.render();
            let text = if io::stdout().is_terminal() {
                rendered.ansi().to_string()
            } else {
                rendered.to_string()
            };
            out_text(&text);
            super::exit::OK
        }
        _ => {
            let _ = error.print();
            u8::try_from(error.exit_code()).unwrap_or(super::exit::BAD_INPUT)
        }
    }
}

/// Writes one line to standard error; a closed standard error is ignored.
pub fn err(line: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// The exit code once everything is printed: `code`, or 2 (after one line on standard
/// error) when standard output failed for any reason but being closed by its reader.
pub fn finish(code: u8) -> u8 {
    let flushed = io::stdout().lock().flush();
    let mut failed = STDOUT_FAILED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    match failed.take().or(flushed.err()) {
        Some(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            err(format_args!("error: cannot write to standard output: {error}"));
            code.max(super::exit::BAD_INPUT)
        }
        _ => code,
    }
}
