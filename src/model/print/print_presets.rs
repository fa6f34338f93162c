//! Print shops' templates chosen with one option (`build --preset NAME`): each service's card size, bleed, safe area, resolution, the files it takes and the PDF/X and ink it asks for, with the service's published specification cited.

use crate::model::input::suggest::closest;
use crate::model::print::pdf_x::PdfX;

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
    /// The PDF/X the service takes, when it asks for one: its version, its total ink limit
    /// in percent, and the printing condition it names for the output profile.
    pub press: Option<PresetPress>,
    /// Where the numbers come from.
    pub source: &'static str,
}

/// What a service asks of a PDF/X file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PresetPress {
    pub pdf_x: PdfX,
    /// The most ink a colour may lay down, in percent of one ink.
    pub ink_limit: f64,
    /// The printing condition whose CMYK output profile the service names (tilepress ships
    /// none: the user gives it with `--icc`).
    pub condition: &'static str,
}

/// The presets, by name.
pub const PRESETS: [PrintPreset; 4] = [
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
        press: None,
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
        press: None,
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
        press: None,
        source: "https://www.printplaygames.com/prototypes/formatting-guidelines/card-formatting-templates/",
    },
    // DriveThruCards' poker card (OneBookshelf, its publisher service): "all files need to be
    // PDF/X-1a:2003", converted "for the following viewing or printing condition: US Web
    // Coated (SWOP) v2"; a bleed of 1/8 in on all four sides, "for the U.S. Poker-sized cards
    // (2.5" x 3.5") your final layout size should be 2.75" x 3.75" with the bleed" (a page per
    // face); no text closer than 1/8 in to a finished edge,
    // https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-Card-Prep-Issues-Solutions.
    // OneBookshelf's print-on-demand limit of 240 % total ink and its PDF/X-1a:2003 or
    // 2003, https://tatoskok.com/2019/08/13/lessons-learned-from-my-first-dmsguild-pod
    // (the same 240 % Lightning Source, its printer, publishes:
    // https://help.lightningsource.com/hc/en-us/articles/360021155692-Ink-Coverage-Exceeds-240-CMYK).
    // The order of the pages (each front before its back) is tilepress's `face-pages`.
    PrintPreset {
        name: "drivethrucards-poker",
        service: "DriveThruCards poker cards",
        card_mm: Some((2.5 * INCH_MM, 3.5 * INCH_MM)),
        bleed_mm: INCH_MM / 8.0,
        safe_mm: Some(INCH_MM / 8.0),
        dpi: 300.0,
        files: PresetFiles::FacePages,
        paper: None,
        press: Some(PresetPress {
            pdf_x: PdfX::X1a,
            ink_limit: 240.0,
            condition: "US Web Coated (SWOP) v2",
        }),
        source: "https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867607-Common-Card-Prep-Issues-Solutions; https://tatoskok.com/2019/08/13/lessons-learned-from-my-first-dmsguild-pod",
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
        assert!(message.contains(
            "presets: gamecrafter-poker, redprinting-cards, printplay-sheets, drivethrucards-poker"
        ));
        assert!(!find_preset("nothing-like-it").unwrap_err().contains("did you mean"));
    }

    #[test]
    fn print_and_play_sheets_are_12_by_18_inches() {
        let preset = find_preset("printplay-sheets").unwrap();
        assert_eq!(preset.paper.map(|p| p.1), Some((304.8, 457.2)));
    }

    #[test]
    fn drivethrucards_asks_for_pdf_x_1a_at_240_percent_on_a_poker_card_with_its_bleed() {
        let preset = find_preset("drivethrucards-poker").unwrap();
        let press = preset.press.unwrap();
        assert_eq!((press.pdf_x, press.ink_limit), (PdfX::X1a, 240.0));
        let (width, height) = preset.card_mm.unwrap();
        let inches = |mm: f64| (mm / INCH_MM * 1000.0).round() / 1000.0;
        let bleed = 2.0 * preset.bleed_mm;
        assert_eq!((inches(width + bleed), inches(height + bleed)), (2.75, 3.75));
        assert_eq!(preset.files, PresetFiles::FacePages);
    }
}
