//! Which parts of a design share sheets: neighbouring parts whose items are placed on sheets (not one item split over several, not a sheet template) joined wherever printing them together takes fewer sheets than printing them apart, and the one part they then print as.

use std::ops::Range;

use crate::cutout::Cutout;
use crate::impose::Packing;
use crate::impose::arrange::{Arrangement, arrange};
use crate::impose::packing::SharedPart;
use crate::impose::seal::{Sealing, sealing};
use crate::model::design::Design;
use crate::model::print::laminate::Laminate;
use crate::sources::{Part, Summary};

/// The parts in runs that print together, in print order: a run of one part prints on
/// sheets of its own (as it always has), a longer run on shared sheets. With `[sheet] share
/// = false` or registration marks, each part is a run of its own.
pub fn share_runs(design: &Design, parts: &[Part]) -> Vec<Range<usize>> {
    let alone = |index: usize| index..index + 1;
    if !shares_sheets(design) {
        return (0..parts.len()).map(alone).collect();
    }
    let laminate = design.sheet.print.laminate;
    let mut runs: Vec<Range<usize>> = Vec::new();
    // The run being grown and the sheets it takes, counted once a part asks to join it (a
    // design with one part to share arranges nothing more).
    let mut open: Option<(Range<usize>, Option<usize>)> = None;
    for (index, part) in parts.iter().enumerate() {
        if !shareable(part, laminate) {
            runs.extend(open.take().map(|(run, _)| run));
            runs.push(alone(index));
            continue;
        }
        open = Some(match open.take() {
            None => (alone(index), None),
            Some((run, taken)) => {
                let taken = taken.or_else(|| sheets(design, &parts[run.clone()]));
                let own = sheets(design, std::slice::from_ref(part));
                let longer = run.start..index + 1;
                let together = || sheets(design, &parts[longer.clone()]);
                match (taken, own) {
                    (Some(taken), Some(own)) => match together() {
                        Some(together) if together < taken + own => (longer, Some(together)),
                        _ => {
                            runs.push(run);
                            (alone(index), Some(own))
                        }
                    },
                    _ => {
                        runs.push(run);
                        (alone(index), own)
                    }
                }
            }
        });
    }
    runs.extend(open.map(|(run, _)| run));
    runs
}

/// Whether the design's sheets may be shared: asked (the default), without registration
/// marks (only tile sheets keep their band clear).
fn shares_sheets(design: &Design) -> bool {
    design.sheet.print.share && !design.sheet.print.registration_marks
}

/// Whether a part's items are placed on sheets by a packing that can print in a room of a
/// shared sheet; on sealed sheets, by one that seals its items.
fn shareable(part: &Part, laminate: Laminate) -> bool {
    let packed = matches!(
        part.packing,
        Packing::Lattice(_)
            | Packing::Polyform { .. }
            | Packing::NUp { .. }
            | Packing::Hexagonal { .. }
            | Packing::Shelves
    );
    let sealed = laminate == Laminate::Sheet || sealing(&part.packing) == Sealing::Sealed;
    part.share && packed && sealed && !part.cutouts.is_empty()
}

/// How many sheets `parts` take together (on shared sheets when more than one); `None` when
/// they cannot be packed so.
fn sheets(design: &Design, parts: &[Part]) -> Option<usize> {
    let front_and_back = parts.iter().any(|part| part.front_and_back);
    let arranged = match parts {
        [one] => arrange(&one.packing, &one.cutouts, &design.sheet, "item", front_and_back),
        _ => {
            let packing = Packing::Shared(shared_parts(parts));
            let bare = parts.iter().flat_map(|part| part.cutouts.iter().map(Cutout::bare));
            let cutouts: Vec<Cutout> = bare.collect();
            arrange(&packing, &cutouts, &design.sheet, "item", front_and_back)
        }
    };
    match arranged.ok()? {
        Arrangement::Sheets(packed) => Some(packed.sheets.len()),
        Arrangement::Split(_) => None,
    }
}

/// Each part's place among the joined cutouts, its packing and its name.
fn shared_parts(parts: &[Part]) -> Vec<SharedPart> {
    let mut start = 0;
    parts
        .iter()
        .map(|part| {
            let range = start..start + part.cutouts.len();
            start = range.end;
            SharedPart {
                range,
                packing: part.packing.clone(),
                name: part.name().to_string(),
                noun: part.noun,
            }
        })
        .collect()
}

/// The parts of a run joined into one part on shared sheets, their cutouts moved into it
/// (the parts keep none until [`give_back`]); its files are named after the first part.
pub fn joined_part(parts: &mut [Part]) -> Part {
    let shared = shared_parts(parts);
    let summary = Summary::Shared(
        parts.iter().map(|part| (part.summary.clone(), part.cutouts.len())).collect(),
    );
    let cutouts = parts.iter_mut().flat_map(|part| std::mem::take(&mut part.cutouts)).collect();
    Part {
        suffix: parts.first().map_or(String::new(), |part| part.suffix.clone()),
        noun: None,
        front_and_back: parts.iter().any(|part| part.front_and_back),
        cutouts,
        packing: Packing::Shared(shared),
        summary,
        share: true,
    }
}

/// Gives the joined part's cutouts back to the parts it was made of, in order.
pub fn give_back(joined: Part, parts: &mut [Part]) {
    let Packing::Shared(shared) = &joined.packing else { return };
    let mut cutouts = joined.cutouts.into_iter();
    for (part, shared) in parts.iter_mut().zip(shared) {
        part.cutouts = cutouts.by_ref().take(shared.range.len()).collect();
    }
}
