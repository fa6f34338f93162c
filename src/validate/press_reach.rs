//! `check --pdf-x`: the palette colours (and the `#rrggbb` colours faces take from data) that the press of the design's output profile cannot reach — what it prints for them (`model::print::proof`) visibly apart — each a warning at its palette line (or data cell), with what it prints instead.

use std::collections::BTreeSet;
use std::path::Path;

use crate::model::design::Design;
use crate::model::input::diagnostic::{Diagnostic, counted, number_text};
use crate::model::input::source::Position;
use crate::model::print::proof::{OUT_OF_REACH, Proof, Proofed};
use crate::scene::Colour;

/// What pure black is on a press, and what to do.
const BLACK_HELP: &str = "pure black prints as black ink alone, so text and thin lines stay \
                          sharp, and no press's black ink is as dark as a screen's black: \
                          accept it (a large dark area can take a rich black, a colour just off \
                          pure black such as #0a0a0a, printed in four inks)";

/// A colour the press prints visibly apart: where it is written, how messages name it, the
/// colour and what the press prints for it.
struct Unreached<'a> {
    file: &'a Path,
    at: Option<Position>,
    what: String,
    colour: Colour,
    proofed: Proofed,
}

/// A warning for every colour of `design` (read from `path`) its PDF/X output profile cannot
/// print within [`OUT_OF_REACH`]; nothing when the design writes no PDF/X.
pub fn press_reach(design: &Design, path: &Path) -> Vec<Diagnostic> {
    match unreached(design, path) {
        Ok(Some((on, colours))) => colours
            .iter()
            .map(|c| warning(c.file, c.at, &c.what, c.colour, c.proofed, &on))
            .collect(),
        Ok(None) => Vec::new(),
        Err(unknown) => vec![unknown],
    }
}

/// What `build` says of the colours its PDF/X press cannot reach: how many, and which (`check`
/// says where); `None` when every colour is within reach, or no PDF/X is written.
pub fn unreached_note(design: &Design, path: &Path) -> Option<String> {
    let (_, colours) = unreached(design, path).ok()??;
    let (first, more) = colours.split_first()?;
    let names = more.iter().fold(first.what.clone(), |all, c| format!("{all}, {}", c.what));
    Some(format!(
        "press: {} the press prints visibly apart (more than {} ΔE2000): {names}; `tilepress check` with the same options says where",
        counted(colours.len(), "colour"),
        number_text(OUT_OF_REACH)
    ))
}

/// The colours of `design` out of its press's reach and the press they are proofed on
/// (`on "…" at 240 % ink at most`); `None` without PDF/X; a warning when the profile cannot
/// tell.
fn unreached<'a>(
    design: &'a Design,
    path: &'a Path,
) -> Result<Option<(String, Vec<Unreached<'a>>)>, Diagnostic> {
    let print = &design.sheet.print;
    let Some(pdf_x) = print.pdf_x_output() else { return Ok(None) };
    let on = match pdf_x.ink_limit {
        Some(limit) => {
            format!("on \"{}\" at {} % ink at most", pdf_x.profile.description, number_text(limit))
        }
        None => format!("on \"{}\"", pdf_x.profile.description),
    };
    let proof = Proof::new(pdf_x.profile).map_err(|why| {
        let message = format!(
            "which colours the press reaches cannot be told: the output profile \"{}\": {why}",
            pdf_x.profile.description
        );
        Diagnostic::warning(path, None, message)
            .with_help("give a profile with CMYK→PCS (A2B) tables to check its colours")
    })?;
    let mut colours = Vec::new();
    let mut written: Vec<(&Position, &String)> =
        design.palette.lines.iter().map(|(name, at)| (at, name)).collect();
    written.sort();
    for (at, name) in written {
        let colour = design.palette.colour(name);
        let proofed = proof.colour(colour, pdf_x.ink_limit);
        if proofed.out_of_reach() {
            let what = format!("palette colour `{name}` ({})", colour.to_hex());
            colours.push(Unreached { file: path, at: Some(*at), what, colour, proofed });
        }
    }
    // The `#rrggbb` colours faces take from data, each once, at the cell it first comes from.
    let mut seen: BTreeSet<Colour> = BTreeSet::new();
    for found in &design.data_colours {
        if design.palette.colours.contains_key(&found.name) || !seen.insert(found.colour) {
            continue;
        }
        let proofed = proof.colour(found.colour, pdf_x.ink_limit);
        if proofed.out_of_reach() {
            let (file, at) = match &found.cell {
                Some((file, cell)) => (file.as_path(), *cell),
                None => (path, found.item_position),
            };
            let what = format!(
                "colour {} (`{}` of {}, from data)",
                found.colour.to_hex(),
                found.key_name,
                found.item
            );
            colours.push(Unreached { file, at: Some(at), what, colour: found.colour, proofed });
        }
    }
    Ok(Some((on, colours)))
}

/// `palette colour `sea` (#1f6fb2) is out of the press's reach: it prints as #2a6aa0
/// (ΔE2000 6.3 > 3.5) on "…"`.
fn warning(
    path: &Path,
    at: Option<Position>,
    what: &str,
    colour: Colour,
    proofed: Proofed,
    on: &str,
) -> Diagnostic {
    let message = format!(
        "{what} is out of the press's reach: it prints as {} (ΔE2000 {:.1} > {}) {on}",
        proofed.printed.to_hex(),
        proofed.difference,
        number_text(OUT_OF_REACH)
    );
    let help = if colour == Colour::BLACK {
        BLACK_HELP.to_string()
    } else {
        format!(
            "choose a colour nearer what the press prints (such as {}, what it prints instead), \
             or accept the shift",
            proofed.printed.to_hex()
        )
    };
    Diagnostic::warning(path, at, message).with_help(help)
}
