//! The note for a part whose items print with less bleed than the sheet asks (`--bleed`, `[sheet] bleed_mm`): tiles closer than twice the bleed, pieces sharing their cuts, nets cut along their own lines, boards, maps and tracks printed to their cut.

use super::Packing;
use crate::cutout::{Cut, Cutout};
use crate::model::input::diagnostic::number_text;

/// How much less than the bleed asked counts as less, in mm.
const LESS_MM: f64 = 1e-6;

/// What the build says when `cutouts`, packed by `packing` and called `noun`s (`None`:
/// tiles), give less than `asked_mm` of bleed: how much they give and why; `None` when
/// every one gives it all, or for cards and counters, whose bleed is their deck's
/// (`bleed_mm` of the deck) and for items printed into a sheet template's slots.
pub fn bleed_shortfall_note(
    cutouts: &[Cutout],
    packing: &Packing,
    noun: Option<&str>,
    asked_mm: f64,
) -> Option<String> {
    if matches!(noun, Some("card" | "counter")) || matches!(packing, Packing::Slots(_)) {
        return None;
    }
    let given = (cutouts.iter())
        .map(|cutout| match cutout.cut {
            Cut::Shared { bleed_mm } => bleed_mm,
            Cut::Drawn { .. } => 0.0,
        })
        .fold(f64::INFINITY, f64::min);
    if !given.is_finite() || given > asked_mm - LESS_MM {
        return None;
    }
    let mm = |v: f64| format!("{} mm", number_text(v));
    let items = match (noun, cutouts.len()) {
        (Some(noun), 1) => format!("the {noun} prints"),
        (Some(noun), _) => format!("{noun}s print"),
        (None, _) => "tiles print".to_string(),
    };
    let gives = match given > LESS_MM {
        true => format!("{items} with a {} bleed, not the {} asked", mm(given), mm(asked_mm)),
        false => format!("{items} without bleed, not the {} asked", mm(asked_mm)),
    };
    let why = match packing {
        Packing::Lattice(_) | Packing::NUp { .. } | Packing::Hexagonal { .. } => format!(
            "a tile's bleed is at most half the gap between tiles, so that it never reaches \
             its neighbour; a {} gap gives it all (--gap, [sheet] gap_mm)",
            mm(2.0 * asked_mm)
        ),
        Packing::Polyform { .. } => {
            "pieces share their cuts with their neighbours on the grid, edge to edge".to_string()
        }
        Packing::Shelves => "each is cut along its own lines, its glue tabs beside it".to_string(),
        Packing::Shared(_) => {
            "its parts share their sheets, each keeping its own packing's bleed".to_string()
        }
        Packing::Centred | Packing::Tiled { .. } | Packing::Slots(_) => {
            "it is printed to its cut, its art ending there".to_string()
        }
    };
    Some(format!("{gives}: {why}"))
}
