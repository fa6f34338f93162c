//! Tabletop Simulator's units: how large a card and a custom tile are at scale 1, and the scales that give a design's millimetres.
//!
//! What the arithmetic relies on:
//! - A unit on Tabletop Simulator's table is about an inch: its knowledge base gives a custom
//!   token's thickness "in in-game units (about an inch)"
//!   (<https://kb.tabletopsimulator.com/custom-content/custom-token/>); its ruler and grid
//!   count in the same inches. So 1 unit = 25.4 mm here.
//! - A custom tile (`Custom_Tile`, stretched to its image) spans 2 units across its longer
//!   side at scale 1, as a tile that fills a known frame in a real mod shows (issue 48).
//! - A card at scale 1 is a standard 2.5 × 3.5 in card, 63.5 × 88.9 mm: its height is
//!   3.5 in whatever the sheet, its width follows the cell's proportions — measured on the
//!   Clank Legacy mod against the printed cards, two decks of 486 × 675 and 410 × 570 px
//!   cells both 2.5 × 3.5 in at scale 1, a landscape deck 5 × 3.5 in (frankieliu/tts-tools,
//!   docs/TTS_SCALING_SOLVED.md).

/// One Tabletop Simulator unit, in mm.
pub const UNIT_MM: f64 = 25.4;
/// Units a custom tile spans across its longer side at scale 1.
pub const TILE_UNITS: f64 = 2.0;
/// The standard card at scale 1, width × height in mm.
pub const STANDARD_CARD_MM: (f64, f64) = (63.5, 88.9);

/// Millimetres on the table in units.
pub fn units(mm: f64) -> f64 {
    mm / UNIT_MM
}

/// The scale of a card `height_mm` tall (its width follows from its sheet's cells).
pub fn card_scale(height_mm: f64) -> f64 {
    height_mm / STANDARD_CARD_MM.1
}

/// The scale of a custom tile whose image is `width_mm × height_mm`.
pub fn tile_scale(width_mm: f64, height_mm: f64) -> f64 {
    units(width_mm.max(height_mm)) / TILE_UNITS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standard_card_is_scale_one_and_two_and_a_half_by_three_and_a_half_units() {
        assert!((card_scale(88.9) - 1.0).abs() < 1e-12);
        let (width, height) = STANDARD_CARD_MM;
        assert!((units(width) - 2.5).abs() < 1e-12 && (units(height) - 3.5).abs() < 1e-12);
        // A tarot card (70 × 120 mm) is 1.35 standard cards tall.
        assert!((card_scale(120.0) - 1.349_831).abs() < 1e-6);
    }

    #[test]
    fn a_tile_two_inches_across_is_scale_one() {
        assert!((tile_scale(50.8, 50.8) - 1.0).abs() < 1e-12);
        // A 20 mm counter: 0.787 units across, scale 0.394 (a third of a card's width).
        assert!((units(20.0) - 0.787_402).abs() < 1e-6);
        assert!((tile_scale(20.0, 20.0) - 0.393_701).abs() < 1e-6);
        // A hexagon of 24 mm edges with flat top: 48 mm corner to corner, 41.6 mm high,
        // scaled by its longer side to 1.89 units wide.
        let (wide, high) = (48.0, 24.0 * 3f64.sqrt());
        let scale = tile_scale(wide, high);
        assert!((scale * TILE_UNITS - 1.889_764).abs() < 1e-6, "{scale}");
    }
}
