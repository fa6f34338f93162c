//! `[cues]`: a second cue beside a palette colour — a pattern drawn wherever the colour carries meaning, so that players who cannot tell two colours apart can tell their patterns apart.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::source::Position;
use crate::model::input::suggest::closest;

/// The thinnest line that prints cleanly, in mm: no part of a cue may be finer (the same
/// floor as the diagrams' house style).
pub const PRINTABLE_LINE_MM: f64 = 0.25;

/// A pattern drawn on a colour's lines, or on its regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    /// The line broken into dashes 1.5 line widths long, half a width apart.
    Dashes,
    /// A centre stripe a quarter of the line wide, in black or white (whichever stands out
    /// more from the colour).
    Stripe,
    /// Two lines: the middle third of the line in the face's background colour.
    Double,
    /// A row of round dots, each as wide as the line, a line width apart.
    Dots,
    /// On regions: diagonal lines [`HATCH_WIDTH_MM`] wide, [`HATCH_SPACING_MM`] apart, in
    /// black or white (whichever stands out more from the colour).
    Hatch,
    /// On dots: a smaller dot [`BULLSEYE_SHARE`] as wide in its middle, in black or white.
    Bullseye,
    /// On dots: the colour name's first letter, [`LETTER_SHARE`] of the dot's radius tall,
    /// in black or white (a glyph: `G` on green dots, `R` on red ones).
    Letter,
}

/// How tall a dot's letter is (its capitals), as a share of the dot's radius: it fits in a
/// half-dot on a tile's edge as in a whole dot.
pub const LETTER_SHARE: f64 = 0.5;

/// The letter the `letter` cue draws on the dots of the colour `name`: its first letter or
/// digit, as a capital.
pub fn letter_of(name: &str) -> Option<char> {
    let first = name.chars().find(|c| c.is_ascii_alphanumeric())?;
    Some(first.to_ascii_uppercase())
}

/// How wide a bullseye's middle is, as a share of its dot's diameter.
pub const BULLSEYE_SHARE: f64 = 0.45;

/// The width of a hatch's lines, in mm (above the printable floor).
pub const HATCH_WIDTH_MM: f64 = 0.4;
/// From one hatch line to the next, in mm.
pub const HATCH_SPACING_MM: f64 = 2.5;

/// What a cue is drawn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CueOn {
    /// Tile lines and rings.
    Lines,
    /// Tile regions, map terrains, board cells.
    Regions,
    /// Tile dots (half-discs) and a painted board's dots.
    Dots,
}

impl CueOn {
    /// What the colour is drawn as, for messages: `lines`, `areas`, `dots`.
    pub fn drawn_as(self) -> &'static str {
        match self {
            CueOn::Lines => "lines",
            CueOn::Regions => "areas",
            CueOn::Dots => "dots",
        }
    }
}

impl Cue {
    pub const ALL: [Cue; 7] =
        [Cue::Dashes, Cue::Stripe, Cue::Double, Cue::Dots, Cue::Hatch, Cue::Bullseye, Cue::Letter];

    /// What the cue is drawn on.
    pub fn on(self) -> CueOn {
        match self {
            Cue::Hatch => CueOn::Regions,
            Cue::Bullseye | Cue::Letter => CueOn::Dots,
            Cue::Dashes | Cue::Stripe | Cue::Double | Cue::Dots => CueOn::Lines,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Cue::Dashes => "dashes",
            Cue::Stripe => "stripe",
            Cue::Double => "double",
            Cue::Dots => "dots",
            Cue::Hatch => "hatch",
            Cue::Bullseye => "bullseye",
            Cue::Letter => "letter",
        }
    }

    /// The finest part of the cue on a line `width_mm` wide: a gap, a stripe or a dot.
    pub fn finest_mm(self, width_mm: f64) -> f64 {
        match self {
            Cue::Dashes => width_mm / 2.0,
            Cue::Stripe => width_mm / 4.0,
            Cue::Double => width_mm / 3.0,
            Cue::Dots => width_mm,
            Cue::Hatch => HATCH_WIDTH_MM,
            Cue::Bullseye => width_mm * BULLSEYE_SHARE,
            Cue::Letter => width_mm / 2.0 * LETTER_SHARE,
        }
    }

    /// What tells this cue on the colour `name` from another: its name, and for a letter
    /// the letter (a `G` on green does not tell it from a `G` on grey).
    pub fn identity(self, name: &str) -> String {
        match (self, letter_of(name)) {
            (Cue::Letter, Some(letter)) => format!("letter {letter}"),
            _ => self.name().to_string(),
        }
    }
}

/// A palette colour's cue and where it is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColourCue {
    pub cue: Cue,
    pub position: Position,
}

/// `[cues]` as written: palette colour name → a cue name, or a list of them (one for each
/// thing the colour is drawn as: its lines, its areas, its dots).
pub type CuesTable = BTreeMap<String, Spanned<toml::Value>>;

/// `[cues]` resolved: every name a palette colour, every cue known, at most one cue for
/// each thing a colour is drawn as.
pub fn resolve_cues(
    r: &mut Resolver<'_>,
    table: Option<&Spanned<CuesTable>>,
    palette: &Palette,
) -> BTreeMap<String, Vec<ColourCue>> {
    let mut cues = BTreeMap::new();
    let Some(table) = table else { return cues };
    for (colour, value) in table.get_ref() {
        let position = r.source.start_of(&value.span());
        let key = Spanned::new(value.span(), colour.clone());
        let Some(colour) = r.colour_name(&key, palette) else { continue };
        let Some(written) = cue_names(r, value) else { continue };
        let mut found: Vec<ColourCue> = Vec::new();
        for written in written {
            let Some(cue) = Cue::ALL.into_iter().find(|cue| cue.name() == written) else {
                let names = Cue::ALL.map(Cue::name);
                let help = match closest(&written, names) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("use one of {}", names.join(", ")),
                };
                r.error(&value.span(), format!("unknown cue `{written}`"), &help);
                continue;
            };
            if let Some(before) = found.iter().find(|c| c.cue.on() == cue.on()) {
                r.error(
                    &value.span(),
                    format!(
                        "`{colour}` has two cues for its {}: `{}` and `{}`",
                        cue.on().drawn_as(),
                        before.cue.name(),
                        cue.name()
                    ),
                    "keep one: a colour carries one cue for each thing it is drawn as (one on \
                     its lines, one on its areas, one on its dots)",
                );
                continue;
            }
            found.push(ColourCue { cue, position });
        }
        cues.insert(colour, found);
    }
    cues
}

/// The cue names of one `[cues]` value: a name, or a list of names; anything else reported.
fn cue_names(r: &mut Resolver<'_>, value: &Spanned<toml::Value>) -> Option<Vec<String>> {
    let names = match value.get_ref() {
        toml::Value::String(name) => Some(vec![name.trim().to_string()]),
        toml::Value::Array(list) if !list.is_empty() => list
            .iter()
            .map(|v| v.as_str().map(|name| name.trim().to_string()))
            .collect::<Option<Vec<String>>>(),
        _ => None,
    };
    if names.is_none() {
        r.error(
            &value.span(),
            "a cue is a name or a list of names".into(),
            "write e.g. green = \"double\", or green = [\"double\", \"hatch\"] for a colour drawn \
             as lines and as areas",
        );
    }
    names
}

/// The colours a design draws as lines (with their thinnest width), as areas, and as dots
/// (with their smallest diameter).
pub type Drawn<'d> =
    (&'d BTreeMap<String, f64>, &'d std::collections::BTreeSet<String>, &'d BTreeMap<String, f64>);

/// Every cue on a colour drawn as what the cue is drawn on, and not finer than prints at
/// its size there (a letter no smaller than `min_text_mm`); the rest reported at the cue.
pub fn check_cue_lines(
    r: &mut Resolver<'_>,
    table: Option<&Spanned<CuesTable>>,
    cues: &BTreeMap<String, Vec<ColourCue>>,
    (lines, regions, dots): Drawn<'_>,
    min_text_mm: f64,
) {
    let Some(table) = table else { return };
    let written = table.get_ref().iter();
    let each = written.flat_map(|(colour, value)| {
        cues.get(colour.trim()).into_iter().flatten().map(move |cue| (colour, value, cue))
    });
    for (colour, value, cue) in each {
        let name = cue.cue.name();
        let trimmed = colour.trim();
        // What the cue is drawn on: the thinnest width it is drawn at there, and the help.
        let (drawn, what, help, finer) = match cue.cue.on() {
            CueOn::Lines => (
                lines.get(trimmed).copied(),
                "line",
                "a line cue is drawn on a colour's lines (tile lines and rings): remove it, give \
                 it to a colour that draws lines, or hatch a colour's regions (`hatch`)",
                "widen the lines (`line_width_mm`, `ring_width_mm`) or choose a coarser cue \
                 (dots, dashes)",
            ),
            CueOn::Dots => (
                dots.get(trimmed).copied(),
                "dot",
                "a dot cue (bullseye, letter) is drawn on a colour's dots (tile dots, a board's \
                 dots): remove it, or give the colour a cue for what it is drawn as",
                "make the dots larger (`dot_radius_mm`)",
            ),
            CueOn::Regions => (
                regions.contains(trimmed).then_some(f64::INFINITY),
                "region",
                "a hatch is drawn on a colour's regions (tile regions, map terrains, board \
                 cells, net faces): remove it, or give the colour's lines a line cue (dashes, \
                 stripe, double, dots)",
                "",
            ),
        };
        let Some(width) = drawn else {
            r.error(
                &value.span(),
                format!(
                    "`{colour}` carries the cue `{name}`, but no {what} of the design is {colour}"
                ),
                help,
            );
            continue;
        };
        let finest = cue.cue.finest_mm(width);
        if cue.cue == Cue::Letter {
            if letter_of(trimmed).is_none() {
                r.error(
                    &value.span(),
                    format!("`{colour}` has no letter or digit for the cue `letter` to draw"),
                    "give the colour a name that starts with a letter, or choose `bullseye`",
                );
            } else if finest + 1e-9 < min_text_mm {
                r.error(
                    &value.span(),
                    format!(
                        "the cue `letter` on {colour}'s {} mm dots draws a letter {finest:.2} mm tall, under the smallest text size ({min_text_mm} mm)",
                        crate::model::input::diagnostic::number_text(width)
                    ),
                    &format!(
                        "make the dots larger (a tile's `dot_radius_mm`, a board's or a net's \
                         size: the letter is {LETTER_SHARE} of a dot's radius), choose \
                         `bullseye`, or lower `[check] min_text_mm`"
                    ),
                );
            }
        } else if finest < PRINTABLE_LINE_MM {
            r.error(
                &value.span(),
                format!(
                    "the cue `{name}` on {colour}'s {width} mm {what}s has parts {finest:.2} mm wide, finer than the {PRINTABLE_LINE_MM} mm that prints"
                ),
                finer,
            );
        }
    }
}

/// A ball's radius on a net's face, as a share of the face's inradius.
pub const BALL_SHARE: f64 = 0.2;

/// A painted board's dot radius, as a share of its cells' edge.
pub const BOARD_DOT_SHARE: f64 = 0.09;
