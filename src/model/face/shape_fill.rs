//! A shape layer's fill as an area of its colour: kept for `[cues]` (a `hatch` needs an area of its colour), and hatched when the colour carries one, if the shape is large enough to show it.

use toml::Spanned;

use crate::model::colours::cues::{Cue, CueOn, HATCH_SPACING_MM};
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;

/// Whether a shape filled with the colour `name` (its smaller side `side_mm`) carries its
/// colour's `hatch`; the colour kept as drawn as an area (`Resolver::filled_colours`). A
/// hatch that would show fewer than two of its lines on the shape is refused at the fill.
pub fn filled_with_hatch(
    r: &mut Resolver<'_>,
    palette: &Palette,
    name: &Spanned<String>,
    side_mm: f64,
) -> Option<bool> {
    let colour = name.get_ref().trim();
    if !palette.colours.contains_key(colour) {
        return Some(false);
    }
    r.filled_colours.insert(colour.to_string());
    if palette.cue_on(colour, CueOn::Regions) != Some(Cue::Hatch) {
        return Some(false);
    }
    let least = 2.0 * HATCH_SPACING_MM;
    if side_mm < least {
        r.error(
            &name.span(),
            format!(
                "{colour} carries the cue `hatch`, whose lines, {HATCH_SPACING_MM} mm apart, a shape {side_mm} mm across would show fewer than two of"
            ),
            &format!(
                "make the shape at least {least} mm across, or fill it with a colour without a hatch"
            ),
        );
        return None;
    }
    Some(true)
}
