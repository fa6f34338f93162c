//! `--part NAME` on `build`, `check` and `list`: each design cut down to the parts named, a design without any of them passed over, and a name no design of the run has refused with did-you-mean.

use std::path::Path;

use tilepress::build::OutputFile;
use tilepress::model::Design;
use tilepress::model::design::part_choice::{keep_parts, known_part, part_names, unknown_part};
use tilepress::scene::vision::Deficiency;

use super::jobs::Log;

/// The help of `--part`, shared by the commands that take it.
pub const PART_HELP: &str = "give a part's name as `tilepress list` heads it: tiles, pieces, board, nets, or a deck's, counters', track's or map's name";

/// What `--part` made of one design.
#[derive(Debug, PartialEq, Eq)]
pub enum Chosen {
    /// No `--part` (empty), or the design has some of the parts named: cut down to them,
    /// their names as [`part_names`] gives them.
    Kept(Vec<String>),
    /// The design has none of the parts named (another design of the run may): passed over.
    None,
}

/// Cuts `design` (read from `path`) down to the parts `asked` names, adding the design's
/// part names to `seen`. `alone`: the design is the run's only one, so a name it lacks is
/// an error at once (logged, `Err`); otherwise that is decided once every design is read
/// ([`unknown_in_run`]).
pub fn choose(
    design: &mut Design,
    path: &Path,
    asked: &[String],
    alone: bool,
    seen: &mut Vec<String>,
    log: &mut Log,
) -> Result<Chosen, ()> {
    if asked.is_empty() {
        return Ok(Chosen::Kept(Vec::new()));
    }
    let known = part_names(design);
    let mut chosen: Vec<String> = Vec::new();
    for name in asked.iter().filter_map(|name| known_part(name, &known)) {
        if !chosen.contains(&name) {
            chosen.push(name);
        }
    }
    for name in &known {
        if !seen.contains(name) {
            seen.push(name.clone());
        }
    }
    if alone && let Some(missing) = asked.iter().find(|name| known_part(name, &known).is_none()) {
        log.err(format_args!(
            "{}: error: {}",
            path.display(),
            unknown_part(missing, &known, "the design's")
        ));
        log.err(format_args!("  help: {PART_HELP}"));
        return Err(());
    }
    if chosen.is_empty() {
        let names = asked.iter().map(|name| format!("`{name}`")).collect::<Vec<_>>().join(", ");
        log.err(format_args!("{}: note: no part named {names}; passed over", path.display()));
        return Ok(Chosen::None);
    }
    keep_parts(design, &chosen);
    Ok(Chosen::Kept(chosen))
}

/// With `--part`, the files that show the whole design built — the preview
/// (`<stem>-preview.png`) and the Tabletop Simulator save (`<stem>-tts.json`) — named after
/// the parts `chosen` (`<stem>-cards-preview.png`), so they do not replace the whole
/// design's.
pub fn name_after_parts(files: &mut [OutputFile], stem: &str, chosen: &[String]) {
    if chosen.is_empty() {
        return;
    }
    let parts = chosen.join("-");
    for file in files {
        let Some(rest) = file.name.strip_prefix(stem) else { continue };
        // The preview as printed or as a player with a colour-vision deficiency sees it.
        let seen = Deficiency::ALL.map(|deficiency| format!("-preview-{}.png", deficiency.name()));
        let whole = (seen.iter().map(String::as_str))
            .chain(["-preview.png", "-tts.json"])
            .any(|whole| rest == whole);
        if whole {
            file.name = format!("{stem}-{parts}{rest}");
        }
    }
}

/// The error lines for each name of `asked` that no design of the run has (`seen` holds
/// every design's part names); empty when each names some design's part.
pub fn unknown_in_run(asked: &[String], seen: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for name in asked.iter().filter(|name| known_part(name, seen).is_none()) {
        lines.push(format!("error: {}", unknown_part(name, seen, "the designs'")));
        lines.push(format!("  help: {PART_HELP}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(names: &[&str], chosen: &[&str]) -> Vec<String> {
        let mut files: Vec<OutputFile> = (names.iter())
            .map(|name| OutputFile { name: name.to_string(), bytes: Vec::new() })
            .collect();
        let chosen: Vec<String> = chosen.iter().map(|name| name.to_string()).collect();
        name_after_parts(&mut files, "game", &chosen);
        files.into_iter().map(|file| file.name).collect()
    }

    #[test]
    fn the_whole_design_files_are_named_after_the_parts_chosen() {
        let names = ["game-preview.png", "game-preview-deutan.png", "game-tts.json"];
        let renamed = named(&names, &["cards", "punts"]);
        let expected = [
            "game-cards-punts-preview.png",
            "game-cards-punts-preview-deutan.png",
            "game-cards-punts-tts.json",
        ];
        assert_eq!(renamed, expected);
        // A part's own files keep their names; without `--part`, nothing is renamed.
        let own = ["game-cards.pdf", "game-cards-tts-deck-1.png", "game-tts-001.png"];
        assert_eq!(named(&own, &["cards"]), own);
        assert_eq!(named(&names, &[]), names);
    }
}
