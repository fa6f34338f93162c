//! The legibility check: every text, pip and icon layer on every side of every cutout of a
//! design, measured on the scene items that print (fit, safe area, smallest size, WCAG
//! contrast, collisions, missing glyphs), each cause reported once with the items it is on.

mod collisions;
mod contrast;
mod cover;
mod examine;
mod pixels;
mod report;
mod side;
mod text_rules;

pub use contrast::{luminance, ratio};
pub use report::items_text;

use std::borrow::Cow;
use std::path::Path;

use kurbo::Affine;

use crate::cutout::{Cutout, DrawnLayer, upright_on_page};
use crate::impose::arrange::{Arrangement, arrange};
use crate::impose::duplex::back_mirror;
use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::print::legibility::{CARD_SAFE_MM, Legibility};
use crate::model::print::sheet_settings::SheetSettings;
use crate::render::raster::ImageCache;
use crate::scene::Item;
use crate::sources::{Part, parts};
use crate::threads::{joined, spawned};
use examine::examine;
use report::{Finding, Findings};
use side::Side;

/// What the check found on a design: its problems, and the layers it measured only in
/// part (`decorative = true`), for the report.
#[derive(Debug, Default)]
pub struct LegibilityReport {
    pub problems: Vec<Diagnostic>,
    pub decorative: Vec<String>,
    /// Notes on texts that read but were shrunk a long way to fit (`file:line:col: note: …`).
    pub notes: Vec<String>,
    /// The sheets the parts are laid out on (what `build` counts against `MAX_SHEETS`).
    pub sheets: usize,
}

/// Checks every face of every part of `design` (read from `path`).
pub fn legibility(design: &Design, path: &Path) -> LegibilityReport {
    let mut findings = Findings::default();
    let mut decorative: Vec<String> = Vec::new();
    let mut sheets = 0;
    for part in parts(design) {
        let noun = part.noun.unwrap_or("tile");
        // A print shop's preset gives the decks it fits its safe area, where the design's
        // own is smaller.
        let preset_safe =
            crate::sources::item_names::part_deck(design, &part).and_then(|d| d.safe_mm);
        let safe_mm = match preset_safe {
            Some(safe) => design.legibility.safe_mm.unwrap_or(0.0).max(safe),
            None => design.legibility.safe_mm.unwrap_or(match noun {
                "card" | "counter" => CARD_SAFE_MM,
                _ => 0.0,
            }),
        };
        let (turns, part_sheets) = orientations(&part, &design.sheet);
        sheets += part_sheets;
        let measured = measured(&part, &turns, &design.legibility, safe_mm, noun);
        for (cutout, sides) in part.cutouts.iter().zip(measured) {
            for (label, layers, side_found) in sides {
                let item = format!("{label}{}", cutout.label);
                for finding in side_found {
                    findings.add(finding, &item);
                }
                for drawn in layers.iter().filter(|d| d.layer.decorative) {
                    let note = format!(
                        "{} (line {}) is decorative: its contrast and size are not checked",
                        drawn.layer.label, drawn.layer.position.line
                    );
                    if !decorative.contains(&note) {
                        decorative.push(note);
                    }
                }
            }
        }
    }
    // The build composes these faces again: a text laid out once here and once there is
    // not one to keep.
    crate::text::cache::forget_single_uses();
    let (problems, notes) = findings.problems_and_notes(path);
    LegibilityReport { problems, decorative, notes, sheets }
}

/// What the rules find on one printed side: how its items are named, its drawn layers,
/// the findings.
type SideFindings<'a> = (&'static str, &'a [DrawnLayer], Vec<Finding>);

/// What the rules find on each cutout of `part`, side by side ([`sides_of`]): the cutouts
/// shared out over two threads; copies of one item (`copies`, `count`, next to each other)
/// measured once.
fn measured<'a>(
    part: &'a Part,
    turns: &[(Affine, Option<Affine>)],
    legibility: &Legibility,
    safe_mm: f64,
    noun: &str,
) -> Vec<Vec<SideFindings<'a>>> {
    let measure_range = |range: std::ops::Range<usize>| {
        let mut images = ImageCache::default();
        let mut found: Vec<Vec<SideFindings<'a>>> = Vec::with_capacity(range.len());
        for index in range.clone() {
            let cutout = &part.cutouts[index];
            let copy = index > range.start
                && part.cutouts[index - 1].same_faces(cutout)
                && turns[index - 1] == turns[index];
            if let (true, Some(last)) = (copy, found.last()) {
                found.push(last.clone());
                continue;
            }
            let (front_turn, back_turn) = turns[index];
            let sides = sides_of(cutout, front_turn, back_turn);
            found.push(
                sides
                    .iter()
                    .map(|(label, items, layers)| {
                        let side = Side::new(items, layers, safe_mm, noun, true);
                        let measured = layers
                            .iter()
                            .map(|drawn| examine(&side, drawn, legibility, &mut images));
                        (*label, *layers, measured.flatten().collect())
                    })
                    .collect(),
            );
        }
        found
    };
    let count = part.cutouts.len();
    if count < 8 {
        return measure_range(0..count);
    }
    let half = count / 2;
    std::thread::scope(|scope| {
        let second = spawned(scope, "tp-legibility", || measure_range(half..count));
        let mut found = measure_range(0..half);
        found.extend(joined(second));
        found
    })
}

/// The problems of a figure's texts (a diagram's labels and caption) drawn among `items`,
/// as `texts` says, held to `legibility` with no safe area (read from `path`).
pub fn figure_problems(
    items: &[Item],
    texts: &[DrawnLayer],
    legibility: &Legibility,
    path: &Path,
) -> Vec<Diagnostic> {
    let mut findings = Findings::default();
    let mut images = ImageCache::default();
    let side = Side::new(items, texts, 0.0, "figure", false);
    for drawn in texts {
        for finding in examine(&side, drawn, legibility, &mut images) {
            findings.add(finding, "the figure");
        }
    }
    findings.diagnostics(path)
}

/// One printed side: how its items are named, its items as they read on the sheet, and
/// where its layers are drawn among them.
type PrintedSide<'a> = (&'static str, Cow<'a, [Item]>, &'a [DrawnLayer]);

/// A cutout's printed sides with layers, each as it reads on its page (its upright layers
/// turned as the page turns them): how its items are named, its items, its drawn layers.
fn sides_of(
    cutout: &Cutout,
    front_turn: Affine,
    back_turn: Option<Affine>,
) -> Vec<PrintedSide<'_>> {
    let mut sides = vec![(
        "",
        upright_on_page(&cutout.front, &cutout.front_upright, front_turn),
        cutout.front_layers.as_slice(),
    )];
    if let (Some(turn), Some(back)) = (back_turn, &cutout.back) {
        let items = upright_on_page(back, &cutout.back_upright, turn);
        sides.push(("the back of ", items, &cutout.back_layers));
    }
    sides.retain(|(_, _, layers)| !layers.is_empty());
    sides
}

/// How each cutout of `part` is placed on its first sheet, front and back (the back when
/// the sheets print double-sided): the identity when the part does not pack (the build
/// says why) or is one item split over sheets; and how many sheets the part takes.
fn orientations(part: &Part, sheet: &SheetSettings) -> (Vec<(Affine, Option<Affine>)>, usize) {
    let count = part.cutouts.len();
    let printed_back = |c: &Cutout, mirror: Option<Affine>, t: Affine| {
        let mirror = mirror.filter(|_| part.front_and_back && c.back.is_some())?;
        Some(mirror * t * c.back_frame)
    };
    let identity = |c: &Cutout| {
        let mirror = back_mirror(sheet.duplex, 1.0, 2.0);
        (Affine::IDENTITY, printed_back(c, mirror, Affine::IDENTITY))
    };
    let noun = part.noun.unwrap_or("tile");
    let mut turns: Vec<Option<(Affine, Option<Affine>)>> = vec![None; count];
    let arranged = arrange(&part.packing, &part.cutouts, sheet, noun, part.front_and_back);
    let sheets = match &arranged {
        Ok(Arrangement::Sheets(packed)) => packed.sheets.len(),
        Ok(Arrangement::Split(plan)) => plan.rows * plan.columns,
        Err(_) => 0,
    };
    if let Ok(Arrangement::Sheets(packed)) = arranged {
        let (width, height) = packed.page_mm;
        let mirror = back_mirror(packed.duplex, width, height);
        for (index, placement) in packed.sheets.iter().flat_map(|s| &s.placed) {
            if let (Some(slot), Some(cutout)) = (turns.get_mut(*index), part.cutouts.get(*index))
                && slot.is_none()
            {
                *slot = Some((*placement, printed_back(cutout, mirror, *placement)));
            }
        }
    }
    let turns = (turns.into_iter().zip(&part.cutouts))
        .map(|(turn, cutout)| turn.unwrap_or_else(|| identity(cutout)))
        .collect();
    (turns, sheets)
}
