//! Figure series: a diagram file with `[[step]]` entries is one figure per step, each the
//! position before it plus the step's own placements (its move, `new` unless said otherwise),
//! less what the step takes off, checked against the position before it.
//!
//! Each step becomes a diagram file of its own (`step_files`), resolved and checked as any
//! other; the steps then share one frame, so a tile stays where it is from figure to figure.

use toml::Spanned;

use super::schema::{DiagramFile, PlaceName, PlaceTable, StepTable};
use crate::model::context::resolver::Resolver;
use crate::text::markup::Piece;

/// The diagram files a file stands for: itself, or one per `[[step]]` (with problems of the
/// series itself reported to `resolver`).
pub fn step_files(resolver: &mut Resolver<'_>, file: &DiagramFile) -> Vec<DiagramFile> {
    if file.step.is_empty() {
        return vec![file.clone()];
    }
    refuse_whole_file_claims(resolver, file);
    let mut held: Vec<Spanned<PlaceTable>> =
        file.place.iter().map(|entry| with_new(entry, Some(false), None)).collect();
    let mut files = Vec::new();
    for (index, entry) in file.step.iter().enumerate() {
        let step = entry.get_ref();
        let number = index + 1;
        for name in &step.remove {
            if let Some(at) = find(resolver, &held, name, number, "remove") {
                held.remove(at);
            }
        }
        let replaced: Vec<usize> = step
            .replace
            .iter()
            .filter_map(|name| find(resolver, &held, name, number, "replace"))
            .collect();
        let mut place: Vec<Spanned<PlaceTable>> = held
            .iter()
            .enumerate()
            .map(|(at, entry)| {
                let replaced = replaced.contains(&at).then_some(true);
                with_new(entry, Some(false), replaced)
            })
            .collect();
        let own: Vec<Spanned<PlaceTable>> = step
            .place
            .iter()
            .map(|entry| with_new(entry, Some(entry.get_ref().new.unwrap_or(true)), None))
            .collect();
        place.extend(own.iter().cloned());
        files.push(step_file(file, entry, place));
        // What the next step starts from: this step's pieces laid, its replaced ones gone.
        let mut kept: Vec<Spanned<PlaceTable>> = held
            .into_iter()
            .enumerate()
            .filter(|(at, _)| !replaced.contains(at))
            .map(|(_, entry)| entry)
            .collect();
        kept.extend(own.iter().map(|entry| with_new(entry, Some(false), None)));
        held = kept;
    }
    files
}

/// A series' whole-file keys that belong to a step, and pawns (whose moves replay in one
/// figure), refused.
fn refuse_whole_file_claims(resolver: &mut Resolver<'_>, file: &DiagramFile) {
    let table = file.diagram.get_ref();
    let misplaced = [
        ("caption", table.caption.as_ref().map(Spanned::span)),
        ("breaks", table.breaks.as_ref().map(Spanned::span)),
        ("captures", table.captures.as_ref().map(Spanned::span)),
    ];
    for (key, span) in misplaced {
        if let Some(span) = span {
            resolver.error(
                &span,
                format!("`{key}` in the [diagram] of a series"),
                &format!(
                    "each figure of a series is a [[step]]: give `{key}` to the step it is about"
                ),
            );
        }
    }
    let pawn = file.place.iter().find(|entry| entry.get_ref().net.is_some());
    let pawn_span = pawn.map(Spanned::span).or(file.moves.first().map(Spanned::span));
    if let Some(span) = pawn_span {
        resolver.error(
            &span,
            "pawns in a series: a pawn diagram's [[move]] entries already replay in order".into(),
            "draw the pawn's moves in one figure without [[step]], or write one diagram file per step",
        );
    }
}

/// The index in `held` of the placement `name` names; an error at the name when there is
/// none (naming what is on the table).
fn find(
    resolver: &mut Resolver<'_>,
    held: &[Spanned<PlaceTable>],
    name: &Spanned<PlaceName>,
    step: usize,
    key: &str,
) -> Option<usize> {
    let wanted = name.get_ref().to_string();
    let found = held.iter().position(|entry| place_name(entry.get_ref()) == wanted);
    if found.is_none() {
        let on_table: Vec<String> = held.iter().map(|entry| place_name(entry.get_ref())).collect();
        let help = if on_table.is_empty() {
            "nothing is on the table before this step".to_string()
        } else {
            format!("on the table before this step: {}", on_table.join(", "))
        };
        resolver.error(
            &name.span(),
            format!(
                "step {step}: `{key}` names {wanted}, which is not on the table before this step"
            ),
            &help,
        );
    }
    found
}

/// How `remove` and `replace` name a placement: a tile by its number, a piece by its name
/// (default its code).
fn place_name(place: &PlaceTable) -> String {
    if let Some(name) = &place.name {
        return name.get_ref().trim().to_string();
    }
    if let Some(tile) = &place.tile {
        return tile.get_ref().to_string();
    }
    place.piece.as_ref().map_or_else(String::new, |code| code.get_ref().trim().to_string())
}

/// `entry` with its `new` (and `replaced`) claim set.
fn with_new(
    entry: &Spanned<PlaceTable>,
    new: Option<bool>,
    replaced: Option<bool>,
) -> Spanned<PlaceTable> {
    let mut place = entry.get_ref().clone();
    place.new = new;
    place.replaced = replaced;
    Spanned::new(entry.span(), place)
}

/// One step as a diagram file: the `[diagram]` with the step's claims, the placements, and
/// the whole file's annotations with the step's own.
fn step_file(
    file: &DiagramFile,
    entry: &Spanned<StepTable>,
    place: Vec<Spanned<PlaceTable>>,
) -> DiagramFile {
    let step = entry.get_ref();
    let mut table = file.diagram.get_ref().clone();
    table.caption = step.caption.clone();
    table.breaks = step.breaks.clone();
    table.captures = step.captures.clone();
    if let Some(legal) = &step.legal {
        table.legal = legal.clone();
    }
    table.mover = step.mover.clone().or(table.mover);
    table.mark_forced = step.mark_forced.or(table.mark_forced);
    DiagramFile {
        diagram: Spanned::new(entry.span(), table),
        place,
        mark: [&file.mark[..], &step.mark[..]].concat(),
        arrow: [&file.arrow[..], &step.arrow[..]].concat(),
        label: [&file.label[..], &step.label[..]].concat(),
        highlight: [&file.highlight[..], &step.highlight[..]].concat(),
        moves: Vec::new(),
        step: Vec::new(),
    }
}

/// Makes the diagrams steps of one series: numbers their captions (`2. The tile that fills
/// it`, or `2` alone) and gives each the frame around them all.
pub fn fit_series(steps: &mut [super::Diagram]) {
    for (index, step) in steps.iter_mut().enumerate() {
        step.step = Some(index + 1);
    }
    let frame = steps.iter().map(super::draw::content_bounds).reduce(|all, own| all.union(own));
    for (index, step) in steps.iter_mut().enumerate() {
        let number = index + 1;
        step.caption = Some(match step.caption.as_deref().filter(|c| !c.is_empty()) {
            Some(caption) => format!("{number}. {caption}"),
            None => number.to_string(),
        });
        if let Some(marked) = &mut step.caption_marked
            && let Some(first) = std::sync::Arc::make_mut(marked).lines.first_mut()
        {
            first
                .insert(0, Piece::Text { text: format!("{number}. "), bold: false, italic: false });
        }
        step.frame = frame;
    }
}
