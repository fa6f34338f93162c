//! Which parts of a design a print shop's preset applies to: a preset for one card size (a poker deck) to the decks cut at that size, the other parts keeping their own settings; a preset without one to every part.

use crate::model::design::Design;
use crate::model::design::part_choice::fixed_parts;
use crate::model::input::diagnostic::number_text;
use crate::model::print::print_presets::PrintPreset;

/// The parts `preset` applies to in a design.
#[derive(Debug, PartialEq)]
pub enum PresetFit {
    /// Every part (the preset has no card size).
    Every,
    /// The decks (by index in `Design::decks`) cut at the preset's size; `others` names the
    /// parts that keep their own settings (`counters `punts``, `the tiles`), empty when none.
    Decks { decks: Vec<usize>, others: Vec<String> },
}

/// The parts of `design` that `preset` applies to; `Err` saying why it applies to none: a
/// preset for one card size and no deck of that size.
pub fn preset_fit(preset: &PrintPreset, design: &Design) -> Result<PresetFit, String> {
    let Some((width, height)) = preset.card_mm else { return Ok(PresetFit::Every) };
    let near = |a: f64, b: f64| (a - b).abs() < 0.05;
    let fits = |i: &usize| {
        let deck = &design.decks[*i];
        near(deck.width_mm, width) && near(deck.height_mm, height)
    };
    let (decks, other_decks): (Vec<usize>, Vec<usize>) = (0..design.decks.len()).partition(fits);
    let cut_at = format!(
        "{} are cut at {} × {} mm",
        preset.service,
        number_text(width),
        number_text(height)
    );
    if decks.is_empty() {
        let Some(deck) = design.decks.first() else {
            return Err(format!("{cut_at}, and the design has no deck"));
        };
        return Err(format!(
            "{cut_at}, and deck `{}` is {} × {} mm",
            deck.name,
            number_text(deck.width_mm),
            number_text(deck.height_mm)
        ));
    }
    let mut others: Vec<String> = fixed_parts(design).map(|name| format!("the {name}")).collect();
    others.extend(other_decks.iter().map(|i| format!("deck `{}`", design.decks[*i].name)));
    others.extend(design.counters.iter().map(|deck| format!("counters `{}`", deck.name)));
    others.extend(design.tracks.iter().map(|track| format!("track `{}`", track.name)));
    others.extend(design.maps.iter().map(|map| format!("map `{}`", map.name)));
    Ok(PresetFit::Decks { decks, others })
}
