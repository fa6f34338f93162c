//! Whether a design can be printed with a print shop's preset: its decks cut at the size the
//! product is cut at.

use crate::model::design::Design;
use crate::model::input::diagnostic::number_text;
use crate::model::print::print_presets::PrintPreset;

/// Why `design` cannot be printed with `preset`: a deck whose cards are not the size the
/// product is cut at; `None` when every deck is.
pub fn preset_mismatch(preset: &PrintPreset, design: &Design) -> Option<String> {
    let (width, height) = preset.card_mm?;
    let near = |a: f64, b: f64| (a - b).abs() < 0.05;
    let deck = design
        .decks
        .iter()
        .find(|deck| !(near(deck.width_mm, width) && near(deck.height_mm, height)))?;
    Some(format!(
        "{} are cut at {} × {} mm, and deck `{}` is {} × {} mm",
        preset.service,
        number_text(width),
        number_text(height),
        deck.name,
        number_text(deck.width_mm),
        number_text(deck.height_mm)
    ))
}
