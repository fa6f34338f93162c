//! The build report's notes about bleed: what a bleed costs an n-up sheet and the largest bleed (and margin) that keeps every card (`a 3 mm bleed leaves room for 6 cards a sheet where 9 fit without it; a 2 mm bleed with a 4 mm margin keeps 9`), and a part whose items print with less bleed than asked, and why (tiles closer than twice the bleed, pieces sharing their cuts, nets cut along their own lines, boards, maps and tracks printed to their cut).

use super::n_up::per_sheet;
use super::packing::Packing;
use crate::cutout::{Cut, Cutout};
use crate::model::input::diagnostic::number_text;
use crate::model::print::sheet_settings::SheetSettings;

/// Steps the bleed and margin are tried in, in mm.
const STEP_MM: f64 = 0.5;
/// The smallest margin suggested: most home printers leave 3 to 4 mm unprinted.
const SMALLEST_MARGIN_MM: f64 = 4.0;

/// The note for n-up `cutouts` (`noun`s, `gutter_mm` apart) when their bleed costs places
/// on the sheet; `None` when it costs none (or there is no bleed).
pub fn bleed_note(
    cutouts: &[Cutout],
    gutter_mm: f64,
    sheet: &SheetSettings,
    noun: &str,
) -> Option<String> {
    let largest = |size: fn(&Cutout) -> (f64, f64)| {
        cutouts.iter().map(size).fold((0.0, 0.0), |(w, h), (a, b)| (f64::max(w, a), f64::max(h, b)))
    };
    let (trim_w, trim_h) = largest(|c| (c.outline.bounds().width(), c.outline.bounds().height()));
    let bleed = cutouts.iter().map(Cutout::bleed_mm).fold(f64::INFINITY, f64::min);
    if !bleed.is_finite() || bleed < 1e-6 {
        return None;
    }
    let fits = |bleed: f64, sheet: &SheetSettings| {
        per_sheet((trim_w + 2.0 * bleed, trim_h + 2.0 * bleed), gutter_mm, bleed, sheet)
    };
    let with_bleed = fits(bleed, sheet);
    let without = fits(0.0, sheet);
    if with_bleed >= without {
        return None;
    }
    let bleeds = (1..).map(|k| bleed - STEP_MM * k as f64).take_while(|b| *b > 1e-6);
    // The margin as it is, then narrower ones down to the smallest suggested.
    let narrower = (1..)
        .map(|k| sheet.margin_mm - STEP_MM * k as f64)
        .take_while(|m| *m >= SMALLEST_MARGIN_MM - 1e-6);
    let margins: Vec<f64> = std::iter::once(sheet.margin_mm).chain(narrower).collect();
    let keeping = bleeds.into_iter().find_map(|b| {
        margins.iter().find_map(|&margin| {
            let narrower = SheetSettings { margin_mm: margin, ..sheet.clone() };
            (fits(b, &narrower) >= without).then_some((b, margin))
        })
    });
    let mm = |v: f64| format!("{} mm", number_text(v));
    let cost = format!(
        "a {} bleed leaves room for {with_bleed} {noun}s a sheet where {without} fit without it",
        mm(bleed)
    );
    let advice = match keeping {
        Some((b, margin)) if (margin - sheet.margin_mm).abs() < 1e-9 => {
            format!("a {} bleed keeps {without} (bleed_mm)", mm(b))
        }
        Some((b, margin)) => format!(
            "a {} bleed with a {} margin keeps {without} (bleed_mm, margin_mm or --margin)",
            mm(b),
            mm(margin)
        ),
        None => format!("only printing without bleed keeps {without}"),
    };
    Some(format!("{cost}; {advice}"))
}

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
