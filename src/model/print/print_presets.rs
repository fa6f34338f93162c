//! Print shops' templates chosen with one option (`build --preset NAME`): each service's card size, bleed, safe area, resolution and the files it takes, with the service's published specification cited.

use crate::model::input::suggest::closest;

/// Millimetres in an inch.
const INCH_MM: f64 = 25.4;

/// The files a service takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresetFiles {
    /// One PNG per face at the preset's dpi, bleed included (`--format faces`).
    FaceImages,
    /// One PDF of the faces a page, each front before its back (`--format face-pages`).
    FacePages,
    /// Whole sheets of the preset's paper, as PDF and as PNG at the preset's dpi.
    SheetImages,
}

/// One service's template.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrintPreset {
    /// What `--preset` calls it.
    pub name: &'static str,
    /// The service and the product, as the docs and the build name it.
    pub service: &'static str,
    /// The card size (width, height in mm) every deck must have, when the product has one.
    pub card_mm: Option<(f64, f64)>,
    /// The bleed on every part, in mm.
    pub bleed_mm: f64,
    /// The safe area (the legibility check's inset on every part), in mm, when the service
    /// states one.
    pub safe_mm: Option<f64>,
    /// Resolution of the images, in dots per inch.
    pub dpi: f64,
    pub files: PresetFiles,
    /// The paper of the sheets, when the service prints whole sheets: its name and portrait
    /// size in mm (printed portrait).
    pub paper: Option<(&'static str, (f64, f64))>,
    /// Where the numbers come from.
    pub source: &'static str,
}

/// The presets, by name.
pub const PRESETS: [PrintPreset; 3] = [
    // The Game Crafter's poker card: 2.5 × 3.5 in cut, its template 825 × 1125 px at 300 dpi
    // (1/8 in bleed each side), the safe zone 675 × 975 px (1/8 in inside the cut); cards
    // uploaded as one image per face. Templates linked from the product page (Poker Deck:
    // PNG, Photoshop, Illustrator, SVG), per The Game Crafter FAQ,
    // https://www.fairway3games.com/the-game-crafter-faqs/; the same numbers in Squib's
    // poker layout for it (cut 750 × 1050 px from 37.5 px in, safe 675 × 975 px from 75 px),
    // https://gist.github.com/andymeneely/3c60c13b25f525abd037db4055abf35c.
    PrintPreset {
        name: "gamecrafter-poker",
        service: "The Game Crafter poker cards",
        card_mm: Some((2.5 * INCH_MM, 3.5 * INCH_MM)),
        bleed_mm: INCH_MM / 8.0,
        safe_mm: Some(INCH_MM / 8.0),
        dpi: 300.0,
        files: PresetFiles::FaceImages,
        paper: None,
        source: "https://www.fairway3games.com/the-game-crafter-faqs/ (templates on the Poker Deck page); https://gist.github.com/andymeneely/3c60c13b25f525abd037db4055abf35c",
    },
    // Redprinting's cards: "enter the bleed value as a cut margin (e.g. 2 mm for each
    // business card)", and "the PDF must be saved in the order of 1 front, 1 back, 2 front,
    // 2 back", one artboard (page) per side at the working size (cut + bleed),
    // https://www.redprinting.co.kr/en/product/guide/program/03. Vector pages: no dpi.
    PrintPreset {
        name: "redprinting-cards",
        service: "Redprinting cards",
        card_mm: None,
        bleed_mm: 2.0,
        safe_mm: None,
        dpi: 300.0,
        files: PresetFiles::FacePages,
        paper: None,
        source: "https://www.redprinting.co.kr/en/product/guide/program/03",
    },
    // Print & Play's cards: "card files need to be saved in portrait orientation, 12″ x 18″
    // at 300 dpi", "at least 2mm of bleed", "do not put text or important icons within 2mm
    // of the card edge"; fronts and backs on two pages, the backs lined up behind the
    // fronts, https://www.printplaygames.com/prototypes/formatting-guidelines/card-formatting-templates/.
    PrintPreset {
        name: "printplay-sheets",
        service: "Print & Play card sheets",
        card_mm: None,
        bleed_mm: 2.0,
        safe_mm: Some(2.0),
        dpi: 300.0,
        files: PresetFiles::SheetImages,
        paper: Some(("12x18in", (304.8, 457.2))),
        source: "https://www.printplaygames.com/prototypes/formatting-guidelines/card-formatting-templates/",
    },
];

/// The preset called `name` (any case), or a message naming the presets and the nearest.
pub fn find_preset(name: &str) -> Result<&'static PrintPreset, String> {
    let wanted = name.trim().to_ascii_lowercase();
    if let Some(preset) = PRESETS.iter().find(|preset| preset.name == wanted) {
        return Ok(preset);
    }
    let names: Vec<&str> = PRESETS.iter().map(|preset| preset.name).collect();
    let nearest = closest(&wanted, names.iter().copied())
        .map_or(String::new(), |near| format!("; did you mean `{near}`?"));
    Err(format!("unknown preset `{}`{nearest} (presets: {})", name.trim(), names.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_crafters_poker_card_is_825_by_1125_px_with_its_bleed() {
        let preset = find_preset("GameCrafter-Poker").unwrap();
        let (width, height) = preset.card_mm.unwrap();
        let pixels = |mm: f64| (mm / INCH_MM * preset.dpi).round();
        let bleed = 2.0 * preset.bleed_mm;
        assert_eq!((pixels(width + bleed), pixels(height + bleed)), (825.0, 1125.0));
        let safe = 2.0 * preset.safe_mm.unwrap();
        assert_eq!((pixels(width - safe), pixels(height - safe)), (675.0, 975.0));
    }

    #[test]
    fn an_unknown_preset_names_the_nearest_and_every_preset() {
        let message = find_preset("gamecrafter-pokr").unwrap_err();
        assert!(message.contains("did you mean `gamecrafter-poker`?"), "{message}");
        assert!(
            message.contains("presets: gamecrafter-poker, redprinting-cards, printplay-sheets")
        );
        assert!(!find_preset("nothing-like-it").unwrap_err().contains("did you mean"));
    }

    #[test]
    fn print_and_play_sheets_are_12_by_18_inches() {
        let preset = find_preset("printplay-sheets").unwrap();
        assert_eq!(preset.paper.map(|p| p.1), Some((304.8, 457.2)));
    }
}
