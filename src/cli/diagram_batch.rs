//! `build`'s diagrams as their jobs draw them: kept until the last is drawn, then written into `OUT/diagrams/` as a whole by the job that drew it, while the other jobs go on.
//!
//! The folder is replaced as a whole, or left as it was when one diagram failed; the
//! messages are kept for the end of the run, after every diagram's own, so the output reads
//! the same whatever the number of jobs and whichever diagram is drawn last.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use tilepress::build::OutputFile;
use tilepress::output::publish;

use super::diagram::Drawn;
use super::exit::{BAD_INPUT, OK, publish_failed};
use super::jobs::Log;

/// The diagrams drawn so far, and what writing them gave once all were drawn.
#[derive(Debug)]
pub struct DiagramBatch<'a> {
    output: &'a Path,
    /// The build's designs and diagram files, which the output must not replace.
    sources: Vec<PathBuf>,
    /// Each diagram's drawing, by its place in the build, as its job gives it.
    drawn: Mutex<Vec<Option<Drawn>>>,
    /// The exit code and messages of writing them.
    written: Mutex<Option<(u8, Log)>>,
}

impl<'a> DiagramBatch<'a> {
    /// A batch of `count` diagrams for `OUT/diagrams/`.
    pub fn new(output: &'a Path, count: usize, sources: Vec<PathBuf>) -> DiagramBatch<'a> {
        DiagramBatch {
            output,
            sources,
            drawn: Mutex::new((0..count).map(|_| None).collect()),
            written: Mutex::new(None),
        }
    }

    /// Keeps diagram `index`'s drawing; when it is the last one missing, writes them all.
    pub fn add(&self, index: usize, drawing: Drawn) {
        let complete = {
            let mut drawn = self.drawn.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Some(slot) = drawn.get_mut(index) {
                *slot = Some(drawing);
            }
            drawn.iter().all(Option::is_some).then(|| std::mem::take(&mut *drawn))
        };
        if let Some(all) = complete {
            self.write(all.into_iter().flatten().collect());
        }
    }

    /// What writing gave: its exit code and messages. A batch of no diagrams writes its (empty)
    /// folder now; one that never got all its diagrams (a job that panicked) writes nothing.
    pub fn finish(self) -> (u8, Log) {
        // Nothing left to draw and nothing written: a batch of no diagrams.
        let none_left = self.drawn.lock().is_ok_and(|drawn| drawn.is_empty());
        if none_left && self.written.lock().is_ok_and(|written| written.is_none()) {
            self.write(Vec::new());
        }
        let written = self.written.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
        written.unwrap_or_else(|| {
            let mut log = Log::default();
            log.err("diagrams: not written (not all were drawn)");
            (BAD_INPUT, log)
        })
    }

    fn write(&self, drawn: Vec<Drawn>) {
        let mut log = Log::default();
        let code = write_diagrams(self.output, drawn, &self.sources, &mut log);
        *self.written.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((code, log));
    }
}

/// All of `drawn` written into `OUT/diagrams/`, replaced as a whole, or none when one failed.
fn write_diagrams(output: &Path, drawn: Vec<Drawn>, sources: &[PathBuf], log: &mut Log) -> u8 {
    let count = drawn.len();
    let mut code = OK;
    let mut all: Vec<OutputFile> = Vec::new();
    let mut sources = sources.to_vec();
    for result in drawn {
        match result {
            Ok((files, design)) => {
                all.extend(files);
                sources.push(design);
            }
            Err(failed) => code = code.max(failed),
        }
    }
    let target = output.join("diagrams");
    if code != OK {
        log.err(format_args!("diagrams: not written ({} left as it was)", target.display()));
        return code;
    }
    if let Err(error) = publish(&target, &all, &sources) {
        for line in publish_failed("diagrams", &target, &error) {
            log.err(line);
        }
        return BAD_INPUT;
    }
    log.out(format_args!(
        "Diagrams: → {} ({count} diagrams, {} files)",
        target.display(),
        all.len()
    ));
    OK
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("tilepress-batch-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        folder
    }

    fn drawn(name: &str) -> Drawn {
        let file = OutputFile { name: format!("{name}.svg"), bytes: b"<svg/>".to_vec() };
        Ok((vec![file], PathBuf::from("designs/x.toml")))
    }

    #[test]
    fn the_last_diagram_in_writes_them_all_whatever_the_order() {
        let output = scratch("order");
        let batch = DiagramBatch::new(&output, 3, Vec::new());
        batch.add(2, drawn("c"));
        batch.add(0, drawn("a"));
        assert!(!output.join("diagrams").exists(), "nothing written before the last");
        batch.add(1, drawn("b"));
        assert!(output.join("diagrams/a.svg").is_file() && output.join("diagrams/c.svg").is_file());
        let (code, _) = batch.finish();
        assert_eq!(code, OK);
        std::fs::remove_dir_all(&output).unwrap();
    }

    #[test]
    fn one_failed_diagram_writes_none_and_a_missing_one_is_an_error() {
        let output = scratch("failed");
        let batch = DiagramBatch::new(&output, 2, Vec::new());
        batch.add(0, drawn("a"));
        batch.add(1, Err(BAD_INPUT));
        let (code, _) = batch.finish();
        assert_eq!(code, BAD_INPUT);
        assert!(!output.join("diagrams").exists());
        let unfinished = DiagramBatch::new(&output, 2, Vec::new());
        unfinished.add(0, drawn("a"));
        assert_eq!(unfinished.finish().0, BAD_INPUT);
        assert!(!output.join("diagrams").exists());
        // No diagrams at all: an empty folder of diagrams, as before.
        assert_eq!(DiagramBatch::new(&output, 0, Vec::new()).finish().0, OK);
        assert!(output.join("diagrams").is_dir());
        std::fs::remove_dir_all(&output).unwrap();
    }
}
