//! The legibility check: every text, pip and icon layer on every side of every cutout of a
//! design, measured on the scene items that print (fit, safe area, smallest size, WCAG
//! contrast, collisions, missing glyphs), each cause reported once with the items it is on.

mod contrast;
mod examine;
mod pixels;
mod report;

pub use contrast::{luminance, ratio};
pub use report::items_text;

use std::path::Path;

use crate::cutout::{Cutout, DrawnLayer};
use crate::model::design::Design;
use crate::model::diagnostic::Diagnostic;
use crate::model::legibility::CARD_SAFE_MM;
use crate::render::raster::ImageCache;
use crate::scene::Item;
use crate::sources::parts;
use examine::{Side, examine};
use report::{Finding, Findings};

/// What the check found on a design: its problems, and the layers it measured only in
/// part (`decorative = true`), for the report.
#[derive(Debug, Default)]
pub struct LegibilityReport {
    pub problems: Vec<Diagnostic>,
    pub decorative: Vec<String>,
}

/// Checks every face of every part of `design` (read from `path`).
pub fn legibility(design: &Design, path: &Path) -> LegibilityReport {
    let mut findings = Findings::default();
    let mut decorative: Vec<String> = Vec::new();
    let mut images = ImageCache::default();
    for part in parts(design) {
        let noun = part.noun.unwrap_or("tile");
        let safe_mm = design.legibility.safe_mm.unwrap_or(match noun {
            "card" | "counter" => CARD_SAFE_MM,
            _ => 0.0,
        });
        let mut previous: Option<(&Cutout, Vec<Vec<Finding>>)> = None;
        for cutout in &part.cutouts {
            let sides = sides_of(cutout);
            // Copies of one item (`copies`, `count`) are measured once.
            let found = match &previous {
                Some((last, found)) if same_faces(last, cutout) => found.clone(),
                _ => sides
                    .iter()
                    .map(|(_, items, layers)| {
                        let side = Side { items, layers, safe_mm, noun };
                        let measured = layers
                            .iter()
                            .map(|drawn| examine(&side, drawn, &design.legibility, &mut images));
                        measured.flatten().collect()
                    })
                    .collect(),
            };
            for ((label, _, layers), side_found) in sides.iter().zip(&found) {
                let item = format!("{label}{}", cutout.label);
                for finding in side_found {
                    findings.add(finding.clone(), &item);
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
            previous = Some((cutout, found));
        }
    }
    LegibilityReport { problems: findings.diagnostics(path), decorative }
}

/// A cutout's sides with layers: how its items are named, its items and its drawn layers.
fn sides_of(cutout: &Cutout) -> Vec<(&'static str, &[Item], &[DrawnLayer])> {
    let mut sides = vec![("", cutout.front.as_slice(), cutout.front_layers.as_slice())];
    if let Some(back) = &cutout.back {
        sides.push(("the back of ", back.as_slice(), cutout.back_layers.as_slice()));
    }
    sides.retain(|(_, _, layers)| !layers.is_empty());
    sides
}

/// Whether two cutouts print the same faces (copies of one item).
fn same_faces(a: &Cutout, b: &Cutout) -> bool {
    a.front_layers == b.front_layers
        && a.back_layers == b.back_layers
        && a.front == b.front
        && a.back == b.back
}
