//! Sheet templates: a die-cut card sheet or a label sheet as the slots on its paper (each slot's place, size and turn), from a TOML file beside the design or one that tilepress ships; every mistake reported at its line.
//!
//! A template names its paper and lists `[[slots]]`, each `at_mm` (the slot's top-left
//! corner on the page, mm from the paper's top-left corner), `size_mm` and `turn` (how the
//! item is turned in it: 0, 90, 180 or 270 degrees clockwise); `repeat = [columns, rows]`
//! with `pitch_mm` makes a grid of slots from one entry, in reading order. The shape of
//! Squib's sprues, in tilepress's units.

use std::path::{Path, PathBuf};

use kurbo::Rect;
use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::input::diagnostic::{Diagnostic, number_text as number};
use crate::model::input::input_file::read_input_inside;
use crate::model::input::reach::REACH_HELP;
use crate::model::input::similar_file::did_you_mean;
use crate::model::input::source::{Position, SourceFile};
use crate::model::input::suggest::closest;
use crate::model::print::paper::parse_paper;

/// Why a sheet template cannot be folded over or carry registration marks, and what to do.
pub const TEMPLATE_NO_FOLD: &str = "a sheet template fixes where each item prints on the whole sheet: it cannot be a fold-over sheet";
pub const TEMPLATE_NO_FOLD_HELP: &str = "print the template's sheets duplex (long-edge or short-edge) or one-sided (`duplex = \"none\"`)";
pub const TEMPLATE_NO_REGISTRATION: &str = "a sheet template's sheets come cut: they take no registration marks, which could land on its labels";
pub const TEMPLATE_NO_REGISTRATION_HELP: &str =
    "leave out registration marks for a design that prints into a sheet template";

/// The help for a build refusal of a sheet template's sheets, or `None` for another refusal.
pub fn template_refusal_help(message: &str) -> Option<&'static str> {
    if message.contains(TEMPLATE_NO_FOLD) {
        Some(TEMPLATE_NO_FOLD_HELP)
    } else if message.contains(TEMPLATE_NO_REGISTRATION) {
        Some(TEMPLATE_NO_REGISTRATION_HELP)
    } else {
        None
    }
}

/// Largest template file read, in bytes.
pub const MAX_TEMPLATE_BYTES: u64 = 1 << 20;
/// Most slots one template holds.
pub const MAX_SLOTS: usize = 2000;
/// Most mistakes reported for one template (the rest would repeat them).
const MAX_REPORTED: usize = 10;
/// Tolerance when comparing sizes and places, in mm.
const EPSILON_MM: f64 = 1e-6;

/// The templates tilepress ships, by the name a design gives (`sheet_template =
/// "avery-l7160"`), each citing its measurements in the file.
pub const SHIPPED: [(&str, &str); 3] = [
    ("avery-5160", include_str!("../../../assets/sheet-templates/avery-5160.toml")),
    ("avery-l7160", include_str!("../../../assets/sheet-templates/avery-l7160.toml")),
    ("avery-l7651", include_str!("../../../assets/sheet-templates/avery-l7651.toml")),
];

/// A template file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TemplateFile {
    name: Spanned<String>,
    paper: Spanned<String>,
    #[serde(default)]
    slots: Vec<Spanned<SlotTable>>,
}

/// One `[[slots]]` entry: a slot, or a grid of them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SlotTable {
    at_mm: Spanned<Vec<f64>>,
    size_mm: Spanned<Vec<f64>>,
    turn: Option<Spanned<i64>>,
    repeat: Option<Spanned<Vec<i64>>>,
    pitch_mm: Option<Spanned<Vec<f64>>>,
}

/// A sheet template, read and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetTemplate {
    pub name: String,
    pub paper_name: String,
    /// The paper, as the template lays it: width and height in mm.
    pub paper_mm: (f64, f64),
    /// Every slot, in the order items fill them.
    pub slots: Vec<Slot>,
}

/// One slot of a sheet template.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    /// Where it lies on the page (mm, y down).
    pub rect: Rect,
    /// How the item is turned in it, in quarter turns clockwise.
    pub quarter_turns: u8,
    /// Its number, from 1 in fill order.
    pub number: usize,
    /// Where mistakes about it are reported: the template file's line of its entry, or,
    /// for a shipped template, the design's `sheet_template` key.
    pub file: PathBuf,
    pub at: Position,
}

/// Where a template's text came from, for its messages.
struct Origin<'a> {
    source: SourceFile,
    /// `Some(position of the key)` for a shipped template: mistakes go there.
    shipped_at: Option<(&'a Path, Position)>,
}

impl Origin<'_> {
    /// The file and place of `span` of the template's text.
    fn place(&self, span: &std::ops::Range<usize>) -> (PathBuf, Position) {
        match self.shipped_at {
            Some((path, at)) => (path.to_path_buf(), at),
            None => (self.source.path().to_path_buf(), self.source.start_of(span)),
        }
    }
}

/// The template `value` names: a shipped one by name, or a `.toml` file beside the design;
/// `None` (with the mistakes reported) when it cannot be read or is wrong.
pub fn resolve_sheet_template(
    r: &mut Resolver<'_>,
    value: &Spanned<String>,
) -> Option<SheetTemplate> {
    let written = value.get_ref().trim();
    let key_at = r.source.start_of(&value.span());
    let design = r.source.path().to_path_buf();
    let is_file = written.ends_with(".toml") || written.contains(['/', '\\']);
    let (text, origin) = if is_file {
        let folder = design.parent().map(Path::to_path_buf).unwrap_or_default();
        let path = folder.join(written);
        match read_input_inside(&path, MAX_TEMPLATE_BYTES, &folder) {
            Ok(read) => {
                let bytes = r.uses(read);
                let Ok(text) = String::from_utf8(bytes) else {
                    r.error(
                        &value.span(),
                        format!("`sheet_template`: {written} is not UTF-8 text"),
                        "save the template as a UTF-8 TOML file",
                    );
                    return None;
                };
                let source = SourceFile::new(path, text.clone());
                (text, Origin { source, shipped_at: None })
            }
            Err(refusal) => {
                let (reason, help) = match &refusal {
                    crate::model::input::input_file::InputRefusal::Outside(_) => {
                        (refusal.reason(), REACH_HELP)
                    }
                    _ => (
                        format!("{}{}", refusal.reason(), did_you_mean(&path, written)),
                        "give the path of a template file relative to the design, or a shipped template's name",
                    ),
                };
                r.error(&value.span(), format!("`sheet_template`: {written}: {reason}"), help);
                return None;
            }
        }
    } else {
        let Some((name, text)) =
            SHIPPED.iter().find(|(name, _)| name.eq_ignore_ascii_case(written))
        else {
            let names: Vec<&str> = SHIPPED.iter().map(|(name, _)| *name).collect();
            let guess = closest(&written.to_ascii_lowercase(), names.iter().copied())
                .map_or(String::new(), |name| format!(" (did you mean `{name}`?)"));
            r.error(
                &value.span(),
                format!("unknown sheet template `{written}`{guess}"),
                &format!(
                    "use one of the shipped templates ({}) or the path of a .toml template file beside the design",
                    names.join(", ")
                ),
            );
            return None;
        };
        let source = SourceFile::new(format!("{name}.toml"), (*text).to_string());
        ((*text).to_string(), Origin { source, shipped_at: Some((design.as_path(), key_at)) })
    };
    let mut found = Vec::new();
    let template = read_template(&text, &origin, &mut found);
    let failed = !found.is_empty();
    r.diagnostics.extend(found.into_iter().take(MAX_REPORTED));
    template.filter(|_| !failed)
}

/// The template in `text`, its mistakes added to `found`.
fn read_template(
    text: &str,
    origin: &Origin<'_>,
    found: &mut Vec<Diagnostic>,
) -> Option<SheetTemplate> {
    let mut error = |span: &std::ops::Range<usize>, message: String, help: &str| {
        let (file, at) = origin.place(span);
        found.push(Diagnostic::error(file, Some(at), message).with_help(help));
    };
    let file: TemplateFile = match toml::from_str(text) {
        Ok(file) => file,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            error(
                &span,
                e.message().trim().to_string(),
                "docs/format.md, *Sheet templates*, lists the keys",
            );
            return None;
        }
    };
    let (paper_name, paper_mm) = match parse_paper(file.paper.get_ref()) {
        Ok(paper) => paper,
        Err(message) => {
            error(&file.paper.span(), message, "e.g. paper = \"A4\" or paper = \"216x279\"");
            return None;
        }
    };
    let mut slots: Vec<Slot> = Vec::new();
    for entry in &file.slots {
        let (place_file, at) = origin.place(&entry.span());
        let Some(grid) = entry_slots(entry.get_ref(), &mut error) else { continue };
        if slots.len() + grid.len() > MAX_SLOTS {
            error(
                &entry.span(),
                format!("the template holds more than {MAX_SLOTS} slots (MAX_SLOTS)"),
                "split it into templates of fewer slots",
            );
            return None;
        }
        for (rect, quarter_turns) in grid {
            let number = slots.len() + 1;
            slots.push(Slot { rect, quarter_turns, number, file: place_file.clone(), at });
        }
    }
    if slots.is_empty() && found.is_empty() {
        let (file, at) = origin.place(&(0..0));
        let help = "add [[slots]] entries: at_mm, size_mm (and repeat, pitch_mm for a grid)";
        found.push(
            Diagnostic::error(file, Some(at), "the template has no slots".into()).with_help(help),
        );
    }
    let (width, height) = paper_mm;
    for slot in &slots {
        let r = slot.rect;
        if r.x0 < -EPSILON_MM
            || r.y0 < -EPSILON_MM
            || r.x1 > width + EPSILON_MM
            || r.y1 > height + EPSILON_MM
        {
            found.push(
                Diagnostic::error(&slot.file, Some(slot.at), format!(
                    "slot {} ({} × {} mm at {}, {}) reaches outside the {paper_name} paper ({} × {} mm)",
                    slot.number, number(r.width()), number(r.height()), number(r.x0), number(r.y0),
                    number(width), number(height)
                ))
                .with_help("measure the slot from the paper's top-left corner; at_mm is the slot's top-left corner"),
            );
        }
    }
    overlaps(&slots, found);
    Some(SheetTemplate {
        name: file.name.get_ref().trim().to_string(),
        paper_name,
        paper_mm,
        slots,
    })
}

/// The slots of one entry: a slot, or `repeat` columns × rows of them `pitch_mm` apart,
/// row by row; `None` (with the mistakes told to `error`) when a key is wrong.
fn entry_slots(
    entry: &SlotTable,
    error: &mut impl FnMut(&std::ops::Range<usize>, String, &str),
) -> Option<Vec<(Rect, u8)>> {
    let pair = |value: &Spanned<Vec<f64>>,
                key: &str,
                positive: bool,
                error: &mut dyn FnMut(&std::ops::Range<usize>, String, &str)| {
        match value.get_ref().as_slice() {
            [x, y]
                if x.is_finite()
                    && y.is_finite()
                    && (!positive || (*x > 0.0 && *y > 0.0))
                    && x.abs() <= 10_000.0
                    && y.abs() <= 10_000.0 =>
            {
                Some((*x, *y))
            }
            _ => {
                let what = if positive {
                    "two numbers of millimetres above 0"
                } else {
                    "two numbers of millimetres"
                };
                error(
                    &value.span(),
                    format!("`{key}` must be {what}, x then y"),
                    &format!("e.g. `{key} = [7.25, 15.15]`"),
                );
                None
            }
        }
    };
    let at = pair(&entry.at_mm, "at_mm", false, error);
    let size = pair(&entry.size_mm, "size_mm", true, error);
    let quarter_turns = match &entry.turn {
        None => Some(0),
        Some(turn) => match *turn.get_ref() {
            0 => Some(0),
            90 => Some(1),
            180 => Some(2),
            270 => Some(3),
            other => {
                error(
                    &turn.span(),
                    format!("`turn` is {other}"),
                    "turn an item in its slot by 0, 90, 180 or 270 degrees (clockwise)",
                );
                None
            }
        },
    };
    let repeat = match &entry.repeat {
        None => Some((1, 1)),
        Some(repeat) => match repeat.get_ref().as_slice() {
            [c, r] if (1..=MAX_SLOTS as i64).contains(c) && (1..=MAX_SLOTS as i64).contains(r) => {
                Some((*c as usize, *r as usize))
            }
            _ => {
                error(
                    &repeat.span(),
                    "`repeat` must be two whole numbers from 1, columns then rows".into(),
                    "e.g. `repeat = [3, 7]`",
                );
                None
            }
        },
    };
    let pitch = match (&entry.pitch_mm, repeat) {
        (Some(pitch), _) => pair(pitch, "pitch_mm", true, error),
        (None, Some((1, 1))) => Some((0.0, 0.0)),
        (None, _) => {
            let span = entry.repeat.as_ref().map_or(0..0, Spanned::span);
            error(
                &span,
                "`repeat` needs `pitch_mm`: how far apart the slots' corners are".into(),
                "e.g. `pitch_mm = [66.0, 38.1]`",
            );
            None
        }
    };
    let ((x, y), (w, h), turns, (columns, rows), (dx, dy)) =
        (at?, size?, quarter_turns?, repeat?, pitch?);
    if columns * rows > MAX_SLOTS {
        error(
            &entry.repeat.as_ref().map_or(0..0, Spanned::span),
            format!("`repeat` makes more than {MAX_SLOTS} slots (MAX_SLOTS)"),
            "split it into templates of fewer slots",
        );
        return None;
    }
    let mut slots = Vec::with_capacity(columns * rows);
    for row in 0..rows {
        for column in 0..columns {
            let (x0, y0) = (x + column as f64 * dx, y + row as f64 * dy);
            slots.push((Rect::new(x0, y0, x0 + w, y0 + h), turns));
        }
    }
    Some(slots)
}

/// Errors for slots that overlap an earlier slot (each reported once, at its entry).
fn overlaps(slots: &[Slot], found: &mut Vec<Diagnostic>) {
    for (k, slot) in slots.iter().enumerate() {
        let earlier = slots[..k].iter().find(|other| {
            let overlap = other.rect.intersect(slot.rect);
            overlap.width() > EPSILON_MM && overlap.height() > EPSILON_MM
        });
        if let Some(other) = earlier {
            found.push(
                Diagnostic::error(
                    &slot.file,
                    Some(slot.at),
                    format!(
                        "slot {} overlaps slot {} (line {})",
                        slot.number, other.number, other.at.line
                    ),
                )
                .with_help("move the slots apart: pitch_mm at least as large as size_mm"),
            );
            if found.len() >= MAX_REPORTED {
                return;
            }
        }
    }
}

/// Errors, at the template's slot, for a slot too small for `what` (`a card of \`deck\``,
/// `width × height` mm as printed unturned) or where the item's bleed reaches into another
/// slot; each slot entry reported once.
pub fn check_items_fit(
    r: &mut Resolver<'_>,
    template: &SheetTemplate,
    what: &str,
    (width, height): (f64, f64),
    bleed_mm: f64,
) {
    let mut reported: Vec<(PathBuf, Position)> = Vec::new();
    for slot in &template.slots {
        let place = (slot.file.clone(), slot.at);
        if reported.contains(&place) {
            continue;
        }
        let (w, h) = if slot.quarter_turns % 2 == 1 { (height, width) } else { (width, height) };
        let (sw, sh) = (slot.rect.width(), slot.rect.height());
        let message = if w > sw + EPSILON_MM || h > sh + EPSILON_MM {
            Some((
                format!(
                    "slot {} of `{}` ({} × {} mm) is smaller than {what} ({} × {} mm{})",
                    slot.number,
                    template.name,
                    number(sw),
                    number(sh),
                    number(w),
                    number(h),
                    if slot.quarter_turns % 2 == 1 { ", turned a quarter" } else { "" }
                ),
                "use a template whose slots are at least as large as the items, or make the items smaller",
            ))
        } else {
            let extent = Rect::from_center_size(
                slot.rect.center(),
                (w + 2.0 * bleed_mm, h + 2.0 * bleed_mm),
            );
            template.slots.iter().find(|other| {
                let overlap = other.rect.intersect(extent);
                other.number != slot.number && overlap.width() > EPSILON_MM && overlap.height() > EPSILON_MM
            }).map(|other| (
                format!(
                    "{what} with its {} mm bleed reaches from slot {} into slot {} of `{}`",
                    number(bleed_mm), slot.number, other.number, template.name
                ),
                "give the items a smaller bleed_mm (label sheets take 0 to 1 mm), or use a template with more space between its slots",
            ))
        };
        if let Some((message, help)) = message {
            r.diagnostics
                .push(Diagnostic::error(&slot.file, Some(slot.at), message).with_help(help));
            reported.push(place);
            if reported.len() >= MAX_REPORTED {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_template_reads_without_a_mistake() {
        for (name, text) in SHIPPED {
            let origin = Origin {
                source: SourceFile::new(format!("{name}.toml"), text.to_string()),
                shipped_at: None,
            };
            let mut found = Vec::new();
            let template = read_template(text, &origin, &mut found).expect(name);
            assert!(found.is_empty(), "{name}: {found:?}");
            assert!(template.slots.len() >= 21, "{name}");
        }
    }
}
