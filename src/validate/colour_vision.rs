//! Colours a player must tell apart, as players with a colour-vision deficiency see them: every pair of a rule's slot colours (per slot kind), corner colours, players' colours, a map's terrains, a board's cells and the colours faces take from data, simulated (`scene::vision`) and compared by CIEDE2000 (`scene::delta_e`); a pair too close for a deficiency is a problem at the palette line (or the data cell), unless the pair differs by a second cue.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::model::colours::cues::CueOn;
use crate::model::design::Design;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::Position;
use crate::model::rules::tile_set::{EMPTY_SLOT, SlotKind};
use crate::scene::Colour;
use crate::scene::delta_e::seen_difference;
use crate::scene::vision::Deficiency;

/// A colour that means something: how messages name it, its colour, where a problem with
/// it is reported, and the second cue it comes with where the group is drawn (a pattern
/// on lines, a field's value the face also shows).
#[derive(Clone, Debug, PartialEq)]
struct Meaningful {
    name: String,
    colour: Colour,
    at: (PathBuf, Option<Position>),
    cue: Option<String>,
}

/// Colours that tell players different things, each of which must look different from
/// every other one in it.
struct Group {
    colours: Vec<Meaningful>,
    /// What the colours mean, for the message when it is not the palette's (`the values of
    /// `fill` (line 30)`).
    what: Option<String>,
    /// What the colours are drawn as, when `[cues]` patterns can tell them apart there.
    cued_on: Option<CueOn>,
}

/// Every pair of colours a player must tell apart that some deficiency sees as alike.
pub fn colour_vision_problems(design: &Design, path: &Path) -> Vec<Diagnostic> {
    let threshold = design.legibility.colour_difference;
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut problems = Vec::new();
    for group in groups(design, path) {
        for (i, one) in group.colours.iter().enumerate() {
            for two in &group.colours[i + 1..] {
                if one.colour == two.colour || one.cue != two.cue {
                    continue;
                }
                let alike: Vec<(Deficiency, f64)> = Deficiency::ALL
                    .into_iter()
                    .map(|d| (d, seen_difference(one.colour, two.colour, Some(d))))
                    .filter(|&(_, difference)| difference < threshold)
                    .collect();
                if alike.is_empty() {
                    continue;
                }
                let pair = (
                    one.name.clone().min(two.name.clone()),
                    one.name.clone().max(two.name.clone()),
                );
                if !seen.insert(pair) {
                    continue;
                }
                problems.push(problem(one, two, &alike, threshold, &group));
            }
        }
    }
    problems
}

/// `red and green look alike to deuteranopes (ΔE 6.9 < 10): …`, at the later of the two.
fn problem(
    one: &Meaningful,
    two: &Meaningful,
    alike: &[(Deficiency, f64)],
    threshold: f64,
    group: &Group,
) -> Diagnostic {
    let who: Vec<String> = alike
        .iter()
        .map(|(d, difference)| format!("{} (ΔE {difference:.1} < {threshold})", d.people()))
        .collect();
    let who = match who.as_slice() {
        [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => who.join(""),
    };
    let later = if (&two.at.0, two.at.1) >= (&one.at.0, one.at.1) { two } else { one };
    let what = group.what.as_ref().map_or(String::new(), |w| format!(" ({w})"));
    let message = format!("{} and {} look alike to {who}{what}", one.name, two.name);
    let help = match (group.cued_on, &group.what) {
        (Some(CueOn::Lines), _) => format!(
            "give one a second cue ([cues] {} = \"dashes\", \"stripe\", \"double\" or \"dots\" on its lines) or change one",
            later.name
        ),
        (Some(CueOn::Dots), _) => format!(
            "give one a second cue ([cues] {} = \"bullseye\" or \"letter\" on its dots) or change one",
            later.name
        ),
        (Some(CueOn::Regions), None) => format!(
            "give one a second cue ([cues] {} = \"hatch\" on its areas) or change one",
            later.name
        ),
        (Some(CueOn::Regions), Some(_)) => format!(
            "give one a second cue ([cues] {} = \"hatch\" on the shapes it fills), show a field \
             that tells them apart on the face too (a text or an image from the item's fields), \
             or change one",
            later.name
        ),
        (None, Some(_)) => "change one, or show a field that tells them apart on the face too (a \
                             text or an image from the item's fields)"
            .to_string(),
        (None, None) => "change one, so that the two differ in lightness too".to_string(),
    };
    Diagnostic::problem(later.at.0.clone(), later.at.1, message).with_help(help)
}

/// The groups of colours of `design` that a player must tell apart.
fn groups(design: &Design, path: &Path) -> Vec<Group> {
    let palette = &design.palette;
    let named = |names: &[String], cued_on: Option<CueOn>| -> Group {
        let mut colours: Vec<Meaningful> = Vec::new();
        for name in names {
            if name == EMPTY_SLOT || colours.iter().any(|c| &c.name == name) {
                continue;
            }
            let Some(&colour) = palette.colours.get(name) else { continue };
            let at = (path.to_path_buf(), palette.lines.get(name).copied());
            let cue = cued_on.and_then(|on| palette.cue_on(name, on));
            let cue = cue.map(|c| c.identity(name));
            colours.push(Meaningful { name: name.clone(), colour, at, cue });
        }
        Group { colours, what: None, cued_on }
    };
    let mut groups = Vec::new();
    // A rule's colours, per slot kind: the colours a slot of that kind may have, with the
    // tiles' own (a set without a rule).
    let mut by_kind: BTreeMap<SlotKind, Vec<String>> = BTreeMap::new();
    if let Some(rule) = &design.rule {
        for colour in &rule.colours {
            for &kind in rule.kinds_for(colour) {
                by_kind.entry(kind).or_default().push(colour.clone());
            }
        }
        groups.push(named(&rule.corner_colours, Some(CueOn::Regions)));
    }
    for tile in &design.tiles {
        let back = tile.back_side.iter().flat_map(|side| &side.slots);
        for slot in tile.slots.iter().chain(back) {
            by_kind.entry(slot.kind).or_default().push(slot.colour.clone());
        }
    }
    by_kind.remove(&SlotKind::Empty);
    for (kind, colours) in &by_kind {
        let cued_on = match kind {
            SlotKind::Line | SlotKind::Ring => Some(CueOn::Lines),
            SlotKind::Region => Some(CueOn::Regions),
            SlotKind::Dot => Some(CueOn::Dots),
            SlotKind::Empty => None,
        };
        groups.push(named(colours, cued_on));
    }
    let corners: Vec<String> = design.tiles.iter().flat_map(|t| t.corners.clone()).collect();
    groups.push(named(&corners, Some(CueOn::Regions)));
    let players: Vec<String> = design.players.iter().map(|p| p.colour.clone()).collect();
    groups.push(named(&players, Some(CueOn::Regions)));
    for map in &design.maps {
        groups.push(named(&map.terrains, Some(CueOn::Regions)));
    }
    if let Some(board) = &design.board {
        let cells: Vec<String> = board.cells.values().map(|m| m.colour.clone()).collect();
        groups.push(named(&cells, Some(CueOn::Regions)));
        let dots: Vec<String> = board.dots.values().map(|m| m.colour.clone()).collect();
        groups.push(named(&dots, Some(CueOn::Dots)));
    }
    for net in &design.nets {
        let faces: Vec<String> =
            net.faces.iter().filter_map(|c| c.for_player(None)).map(str::to_string).collect();
        groups.push(named(&faces, Some(CueOn::Regions)));
    }
    groups.extend(data_groups(design, path));
    groups
}

/// The colours each template key took from data, one group per key; a shape's `fill`
/// carries its colour's `hatch` too.
fn data_groups(design: &Design, path: &Path) -> Vec<Group> {
    let mut by_key: BTreeMap<Position, Group> = BTreeMap::new();
    for found in &design.data_colours {
        let group = by_key.entry(found.key).or_insert_with(|| Group {
            colours: Vec::new(),
            what: Some(format!(
                "values of `{}` at line {}, column {} of the design, from data",
                found.key_name, found.key.line, found.key.column
            )),
            cued_on: (found.key_name == "fill").then_some(CueOn::Regions),
        });
        let at = match &found.cell {
            Some((file, cell)) => (file.clone(), Some(*cell)),
            None => (path.to_path_buf(), Some(found.item_position)),
        };
        let hatch = group.cued_on.and_then(|on| design.palette.cue_on(&found.name, on));
        let hatch = hatch.map(|cue| cue.identity(&found.name));
        let cue = match (hatch, &found.cue) {
            (Some(hatch), Some(shown)) => Some(format!("{hatch}, {shown}")),
            (Some(hatch), None) => Some(hatch),
            (None, shown) => shown.clone(),
        };
        let (name, colour) = (found.name.clone(), found.colour);
        group.colours.push(Meaningful { name, colour, at, cue });
    }
    by_key.into_values().collect()
}
