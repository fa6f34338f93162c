//! `[cues]`: a second cue beside a palette colour — a pattern drawn wherever the colour carries meaning, so that players who cannot tell two colours apart can tell their patterns apart.

use std::collections::BTreeMap;

use toml::Spanned;

use super::design::{Palette, SlotKind, Style, Tile};
use super::resolve::Resolver;
use super::source::Position;
use super::suggest::closest;

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

impl Cue {
    pub const ALL: [Cue; 6] =
        [Cue::Dashes, Cue::Stripe, Cue::Double, Cue::Dots, Cue::Hatch, Cue::Bullseye];

    /// What the cue is drawn on.
    pub fn on(self) -> CueOn {
        match self {
            Cue::Hatch => CueOn::Regions,
            Cue::Bullseye => CueOn::Dots,
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
        }
    }
}

/// A palette colour's cue and where it is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColourCue {
    pub cue: Cue,
    pub position: Position,
}

/// `[cues]` as written: palette colour name → cue name.
pub type CuesTable = BTreeMap<String, Spanned<String>>;

/// `[cues]` resolved: every name a palette colour, every cue known.
pub fn resolve_cues(
    r: &mut Resolver<'_>,
    table: Option<&Spanned<CuesTable>>,
    palette: &Palette,
) -> BTreeMap<String, ColourCue> {
    let mut cues = BTreeMap::new();
    let Some(table) = table else { return cues };
    for (colour, value) in table.get_ref() {
        let position = r.source.start_of(&value.span());
        let key = Spanned::new(value.span(), colour.clone());
        let Some(colour) = r.colour_name(&key, palette) else { continue };
        let written = value.get_ref().trim();
        match Cue::ALL.into_iter().find(|cue| cue.name() == written) {
            Some(cue) => {
                cues.insert(colour, ColourCue { cue, position });
            }
            None => {
                let names = Cue::ALL.map(Cue::name);
                let help = match closest(written, names) {
                    Some(near) => format!("did you mean `{near}`?"),
                    None => format!("use one of {}", names.join(", ")),
                };
                r.error(&value.span(), format!("unknown cue `{written}`"), &help);
            }
        }
    }
    cues
}

/// Every cue on a colour that draws lines, and not finer than prints at the lines' width;
/// the rest reported at the cue.
pub fn check_cue_lines(
    r: &mut Resolver<'_>,
    table: Option<&Spanned<CuesTable>>,
    cues: &BTreeMap<String, ColourCue>,
    lines: &BTreeMap<String, f64>,
    regions: &std::collections::BTreeSet<String>,
    dots: &BTreeMap<String, f64>,
) {
    let Some(table) = table else { return };
    for (colour, value) in table.get_ref() {
        let Some(cue) = cues.get(colour.trim()) else { continue };
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
                "a bullseye is drawn on a colour's dots (tile dots, a board's dots): remove it, \
                 or give the colour a cue for what it is drawn as",
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
        if finest < PRINTABLE_LINE_MM {
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

/// The colours drawn as areas: tile regions (or that the rule lets draw them), map
/// terrains, painted board cells, the faces of nets.
pub fn region_colours(design: &super::design::Design) -> std::collections::BTreeSet<String> {
    let mut regions = std::collections::BTreeSet::new();
    for tile in &design.tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        let slots = tile.slots.iter().chain(back);
        regions.extend(slots.filter(|s| s.kind == SlotKind::Region).map(|s| s.colour.clone()));
    }
    if let Some(rule) = &design.rule {
        let drawn = rule.colours.iter().filter(|c| rule.kinds_for(c).contains(&SlotKind::Region));
        regions.extend(drawn.cloned());
    }
    for map in &design.maps {
        regions.extend(map.terrains.iter().cloned());
    }
    if let Some(board) = &design.board {
        regions.extend(board.cells.values().map(|mark| mark.colour.clone()));
    }
    for net in &design.nets {
        let faces = net.faces.iter().chain([&net.colour]);
        regions.extend(faces.filter_map(|c| c.for_player(None)).map(str::to_string));
    }
    regions
}

/// The colours drawn as dots — tile dots (or that the rule lets draw them), a painted
/// board's dots — each with the smallest diameter it is drawn at.
pub fn dot_colours(design: &super::design::Design) -> BTreeMap<String, f64> {
    let mut dots: BTreeMap<String, f64> = BTreeMap::new();
    let mut add = |colour: &str, diameter: f64| {
        let entry = dots.entry(colour.to_string()).or_insert(diameter);
        *entry = entry.min(diameter);
    };
    let tile_dot = 2.0 * design.style.slots.dot_radius_mm;
    for tile in &design.tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        for slot in tile.slots.iter().chain(back).filter(|s| s.kind == SlotKind::Dot) {
            add(&slot.colour, tile_dot);
        }
    }
    if let Some(rule) = &design.rule {
        for colour in rule.colours.iter().filter(|c| rule.kinds_for(c).contains(&SlotKind::Dot)) {
            add(colour, tile_dot);
        }
    }
    if let Some(board) = &design.board {
        let diameter = 2.0 * board.edge_mm * BOARD_DOT_SHARE;
        for mark in board.dots.values() {
            add(&mark.colour, diameter);
        }
    }
    dots
}

/// A painted board's dot radius, as a share of its cells' edge.
pub const BOARD_DOT_SHARE: f64 = 0.09;

/// The colours drawn as lines on the design's tiles (or that the rule lets draw them), each
/// with the thinnest width it is drawn at.
pub fn line_colours(
    tiles: &[Tile],
    rule: Option<&super::design::SetRule>,
    style: &Style,
) -> BTreeMap<String, f64> {
    let width = |kind: SlotKind| match kind {
        SlotKind::Line => Some(style.line_width_mm),
        SlotKind::Ring => Some(style.slots.ring_width_mm),
        _ => None,
    };
    let mut lines: BTreeMap<String, f64> = BTreeMap::new();
    let mut add = |colour: &str, kind: SlotKind| {
        if let Some(w) = width(kind) {
            let entry = lines.entry(colour.to_string()).or_insert(w);
            *entry = entry.min(w);
        }
    };
    for tile in tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        for slot in tile.slots.iter().chain(back) {
            add(&slot.colour, slot.kind);
        }
    }
    if let Some(rule) = rule {
        for colour in &rule.colours {
            for &kind in rule.kinds_for(colour) {
                add(colour, kind);
            }
        }
    }
    lines
}
