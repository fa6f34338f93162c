//! `[[decks]]`: decks of cards of one size — listed inline or one row per card in a data file
//! (CSV, .ods, .xlsx) — with rounded corners, bleed, and faces from face templates; and
//! `[[counters]]`, read the same way, in a shape of their own (circle, square, rectangle,
//! hexagon, triangle).

use crate::model::parts::deck_rule::*;
use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::data_colours::DataColour;
use crate::model::context::resolver::Resolver;
use crate::model::data::data_file::{DataTable, read_data_at};
use crate::model::face::Layer;
use crate::model::face::fields::{fields, substitute};
use crate::model::face::item_face::DataRowAt;
use crate::model::face::resolve::{FaceResolver, ItemFace};
use crate::model::face::schema::{FieldsTable, ItemFaceTables};
use crate::model::input::source::Position;
use crate::model::input::suggest::closest;
use crate::model::parts::card_background::{card_background, from_fields};
use crate::model::parts::card_numbers::{card_numbers, face_fields};
use crate::model::parts::counters::{CounterShape, counter_size};
use crate::model::parts::item_name::{item_name, item_name_template, item_words};
use crate::model::print::sheet_settings::SheetSettings;
use crate::model::print::sheet_template::{
    SheetTemplate, TEMPLATE_NO_FOLD, TEMPLATE_NO_FOLD_HELP, TEMPLATE_NO_REGISTRATION,
    TEMPLATE_NO_REGISTRATION_HELP, check_items_fit, resolve_sheet_template,
};
use crate::model::print::work::part_fits;
use crate::scene::Colour;

/// Most cards one deck may print.
pub const MAX_CARDS: usize = 100_000;

/// `[[decks]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckTable {
    /// Names the deck's files (`game-NAME.pdf`) and messages.
    pub name: Spanned<String>,
    /// `poker`, `bridge`, `mini`, `tarot`; or give `size_mm`.
    pub size: Option<Spanned<String>>,
    pub size_mm: Option<Spanned<Vec<f64>>>,
    /// `[[counters]]`: `circle` (default), `square`, `rectangle`, `hexagon` or `triangle`.
    pub shape: Option<Spanned<String>>,
    /// `[[counters]]`: a round counter's diameter (instead of a card size).
    pub diameter_mm: Option<Spanned<f64>>,
    /// `[[counters]]`: the edge of a square, hexagon or triangle counter.
    pub edge_mm: Option<Spanned<f64>>,
    pub corner_radius_mm: Option<Spanned<f64>>,
    pub bleed_mm: Option<Spanned<f64>>,
    pub gutter_mm: Option<Spanned<f64>>,
    /// The card's background colour (a palette name or `#rrggbb`, or `{field}`s each card
    /// fills), default white.
    pub background: Option<Spanned<String>>,
    /// The front template; may use `{field}`s.
    pub front: Spanned<String>,
    /// The back template (one for all, or with `{field}`s one per card); none: no backs.
    pub back: Option<Spanned<String>>,
    /// A CSV, .ods or .xlsx file beside the design, one row per card.
    pub data: Option<Spanned<String>>,
    /// The workbook sheet to read (default the first).
    pub sheet: Option<Spanned<String>>,
    /// The column holding how many copies of a row's card to print (default `count`, when
    /// the data has it).
    pub count_column: Option<Spanned<String>>,
    /// How each card is named (`model::parts::item_name`): a field, or a `{field}` template.
    pub item_name: Option<Spanned<String>>,
    /// `false`: the part keeps sheets of its own (`[sheet] share` for the whole design).
    pub share: Option<bool>,
    /// Cards written in the design, after the data file's.
    #[serde(default)]
    pub cards: Vec<Spanned<CardTable>>,
    /// What the complete deck is, for `check`.
    pub rule: Option<Spanned<DeckRuleTable>>,
    /// A die-cut card sheet or label sheet to print into: a shipped template's name or a
    /// `.toml` file beside the design (`model::sheet_template`).
    pub sheet_template: Option<Spanned<String>>,
}

/// One card written in the design.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardTable {
    pub fields: Option<Spanned<FieldsTable>>,
    pub count: Option<Spanned<u32>>,
}

/// A resolved deck.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    pub name: String,
    /// `[[counters]]` and their shape (`width_mm` is a circle's diameter); `None` for cards.
    pub counter: Option<CounterShape>,
    pub width_mm: f64,
    pub height_mm: f64,
    pub corner_radius_mm: f64,
    /// Its own `bleed_mm`, if written ([`Deck::bleed_mm`] is the bleed it prints with).
    pub own_bleed_mm: Option<f64>,
    pub gutter_mm: f64,
    pub cards: Vec<Card>,
    /// Where the deck is written.
    pub position: Position,
    /// Where its size is written (`size`, `size_mm`, `diameter_mm` or `edge_mm`).
    pub size_at: Position,
    pub rule: Option<DeckRule>,
    /// The sheet template its items print into, instead of n-up rows.
    pub sheet_template: Option<SheetTemplate>,
    /// The safe area a print shop's preset gives it (`build --preset`), in mm.
    pub safe_mm: Option<f64>,
    /// Whether it may share sheets with other parts (`share`, default true).
    pub share: bool,
}

impl Deck {
    /// How many items the deck prints: every card's `count` added up.
    pub fn printed(&self) -> u64 {
        self.cards.iter().map(|card| u64::from(card.count)).sum()
    }

    /// The paper one item takes on `sheet`, in mm² ([`item_area_mm2`]).
    pub fn item_area_mm2(&self, sheet: &SheetSettings) -> f64 {
        let bleed = self.bleed_mm(sheet);
        item_area_mm2(self.counter, self.width_mm, self.height_mm, bleed, self.gutter_mm)
    }

    /// The bleed its cards or counters print with on `sheet`: the design's one bleed where
    /// `--bleed` gives it, else the deck's own `bleed_mm`, else `[sheet] bleed_mm`, else none;
    /// a deck printed into a sheet template keeps its own (its slots say how much room there
    /// is); hexagon and triangle counters, which share their cuts on a lattice as tiles do,
    /// never more than half the sheet's gap.
    pub fn bleed_mm(&self, sheet: &SheetSettings) -> f64 {
        let print = &sheet.print;
        let design = print.bleed_mm.filter(|_| self.sheet_template.is_none());
        let bleed = match (print.bleed_for_every_part, self.own_bleed_mm) {
            (false, Some(own)) => own,
            (_, own) => design.or(own).unwrap_or(0.0),
        };
        match self.counter {
            Some(CounterShape::Polygon(_)) => bleed.min(sheet.gap_mm / 2.0).max(0.0),
            _ => bleed,
        }
    }
}

/// The paper one card or counter takes at least, in mm²: its box grown by its bleed and
/// gutter; a circle in staggered rows √3/2 of its square, a hexagon or triangle its own area
/// (they tile the sheet).
pub fn item_area_mm2(
    counter: Option<CounterShape>,
    width_mm: f64,
    height_mm: f64,
    bleed_mm: f64,
    gutter_mm: f64,
) -> f64 {
    let grow = 2.0 * bleed_mm + gutter_mm;
    let rectangle = (width_mm + grow) * (height_mm + grow);
    match counter {
        None | Some(CounterShape::Rectangle) => rectangle,
        Some(CounterShape::Circle) => rectangle * 3f64.sqrt() / 2.0,
        Some(CounterShape::Polygon(polygon)) => polygon.area_mm2(),
    }
}

/// One card (printed `count` times).
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// Where it is written: `cards.csv row 4` or `line 30`.
    pub origin: String,
    /// Its name from the deck's `item_name`, when it has one.
    pub name: Option<String>,
    /// The file and place it is written at (a data file's row, or the design's line).
    pub at: (PathBuf, Position),
    pub fields: BTreeMap<String, String>,
    pub count: u32,
    pub front: Vec<Layer>,
    pub back: Option<Vec<Layer>>,
    /// Its background (the deck's, or its own from the deck's `{field}`s), to the bleed.
    pub background: Colour,
}

/// Named card sizes, width × height in mm.
///
/// `poker` is the metric 63 × 88 mm; `poker-us` the 2.5 × 3.5 in (63.5 × 88.9 mm) card the
/// print-on-demand services print, whose 1/8 in bleed makes 825 × 1125 px at 300 dpi
/// (DriveThruCards' card specification asks 1/8 in bleed on all four sides and nothing
/// important within 1/8 in of the cut:
/// <https://help.drivethrupartners.com/hc/de/articles/12780748203543>).
const SIZES: [(&str, (f64, f64)); 5] = [
    ("poker", (63.0, 88.0)),
    ("poker-us", (63.5, 88.9)),
    ("bridge", (57.0, 89.0)),
    ("mini", (44.0, 63.0)),
    ("tarot", (70.0, 120.0)),
];

/// Every `[[decks]]` entry, with its cards' faces resolved.
/// Each deck's cards × their size is checked against the sheets `sheet` allows before a
/// face is resolved.
pub fn resolve_decks(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    tables: &[Spanned<DeckTable>],
    palette: &Palette,
    round: bool,
    sheet: &SheetSettings,
) -> Vec<Deck> {
    let kind = DeckKind { round, sheet };
    tables.iter().filter_map(|table| resolve_deck(r, faces, table, palette, kind)).collect()
}

/// Cards or counters, and the paper they are checked against.
#[derive(Clone, Copy)]
struct DeckKind<'a> {
    round: bool,
    sheet: &'a SheetSettings,
}

fn resolve_deck(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    entry: &Spanned<DeckTable>,
    palette: &Palette,
    kind: DeckKind<'_>,
) -> Option<Deck> {
    let round = kind.round;
    let table = entry.get_ref();
    let name = table.name.get_ref().trim().to_string();
    let (counter, (width_mm, height_mm)) = if round {
        let (shape, size) = counter_size(r, table)?;
        (Some(shape), size)
    } else {
        (None, card_size(r, table)?)
    };
    let corner_radius_mm = table
        .corner_radius_mm
        .as_ref()
        .map_or(0.0, |v| r.length(v, "`corner_radius_mm`", (0.0, width_mm.min(height_mm) / 2.0)));
    let own_bleed_mm = table.bleed_mm.as_ref().map(|v| r.length(v, "`bleed_mm`", (0.0, 10.0)));
    // The design's bleed where the deck has none of its own (not into a sheet template).
    let design_bleed = kind.sheet.print.bleed_mm.filter(|_| table.sheet_template.is_none());
    let bleed_mm = own_bleed_mm.or(design_bleed).unwrap_or(0.0);
    let noun = if round { "counter" } else { "card" };
    let item = [(format!("a {noun} of `{name}`"), (width_mm, height_mm))];
    let bleed = table.bleed_mm.as_ref().filter(|v| (0.0..=10.0).contains(v.get_ref()));
    crate::model::print::bleed_limit::check_bleed_key(r, bleed, &item);
    let gutter_mm =
        table.gutter_mm.as_ref().map_or(0.0, |v| r.length(v, "`gutter_mm`", (0.0, 100.0)));
    let per_card = from_fields(table.background.as_ref());
    let background = match &table.background {
        Some(colour) if !per_card => {
            r.colour_name(colour, palette).map_or(Colour::WHITE, |c| palette.colour(&c))
        }
        _ => Colour::WHITE,
    };
    let sheet_template = table.sheet_template.as_ref().and_then(|value| {
        let template = resolve_sheet_template(r, value)?;
        let what = format!("a {noun} of `{name}`");
        check_items_fit(r, &template, &what, (width_mm, height_mm), bleed_mm);
        template_fits_sheet(r, value, kind.sheet, table.back.is_some());
        Some(template)
    });
    // Rows that cannot be read are reported and left out; the others are read on, so that
    // one run finds the mistakes of every row.
    let errors_before_rows = r.diagnostics.len();
    let mut rows = Vec::new();
    if let Some(data) = &table.data {
        let read = read_data_at(r, data, table.sheet.as_ref())?;
        rows = data_rows(r, table, &read)?;
    }
    let rows_left_out = r.diagnostics.len() > errors_before_rows;
    let deck_position = r.source.start_of(&entry.span());
    for card in &table.cards {
        let position = r.source.start_of(&card.span());
        let fields = fields(r, &[], card.get_ref().fields.as_ref());
        let count = card.get_ref().count.as_ref().map_or(1, |c| *c.get_ref());
        let origin = format!("line {}", position.line);
        let at = (r.source.path().to_path_buf(), position);
        rows.push(RowCard { origin, fields, count, position, at, data: None });
    }
    let total: u64 = rows.iter().map(|c| u64::from(c.count)).sum();
    if total == 0 && rows_left_out {
        return None;
    }
    if total == 0 {
        let (span, why) = match &table.data {
            Some(data) => (data.span(), format!("`{}` has no rows", data.get_ref().trim())),
            None => (entry.span(), "it has no `data` and no [[decks.cards]]".to_string()),
        };
        r.error(
            &span,
            format!("deck `{name}` has no cards: {why}"),
            "give the data file one row per card below its header row, or add [[decks.cards]]",
        );
        return None;
    }
    if total > MAX_CARDS as u64 {
        r.error(
            &entry.span(),
            format!("deck `{name}` has {total} cards, more than {MAX_CARDS}"),
            "print fewer cards (model/parts/cards.rs: MAX_CARDS)",
        );
        return None;
    }
    let noun = if round { "counters" } else { "cards" };
    let what = format!("deck `{name}`: {total} {noun} of {width_mm} × {height_mm} mm");
    let item = item_area_mm2(counter, width_mm, height_mm, bleed_mm, gutter_mm);
    if !part_fits(r, &entry.span(), kind.sheet, &what, total as f64, item) {
        return None;
    }
    let fields: Vec<_> = rows.iter().map(|row| &row.fields).collect();
    let template = table.item_name.as_ref().and_then(|w| item_name_template(r, w, &fields));
    let numbers = card_numbers(rows.iter().map(|row| &row.fields));
    let mut cards = Vec::with_capacity(rows.len());
    let mut failed = rows_left_out;
    for (mut row, number) in rows.into_iter().zip(numbers.iter().copied()) {
        let name = item_name(template.as_deref(), &row.fields);
        let noun = if round { "counter" } else { "card" };
        let what = format!("{noun} {}", item_words(name.as_deref(), &row.origin));
        let outline = match counter {
            Some(shape) => (shape.corners(), "a counter"),
            None => (4, "a card"),
        };
        // A background from the card's data, kept for the colour-vision check with what its
        // front shows (`FaceColours`).
        let background = match (&table.background, per_card) {
            (Some(written), true) => {
                let Some(colour) =
                    card_background(r, palette, written, (&row.fields, row.data.as_ref()), &what)
                else {
                    failed = true;
                    continue;
                };
                let name = substitute(written.get_ref(), &row.fields).unwrap_or_default();
                let found = DataColour::taken(
                    (r.source.start_of(&written.span()), "background"),
                    (name.trim(), colour),
                    (&what, row.position),
                    row.data.as_ref().and_then(|data| data.file_cell_of(written.get_ref())),
                );
                r.face_colours.colours.push(found);
                colour
            }
            _ => background,
        };
        // The faces read `{number}` and `{label}` too; the card keeps its data's fields.
        let data_fields = std::mem::take(&mut row.fields);
        row.fields = face_fields(&data_fields, number, &numbers);
        let front =
            card_face(r, faces, palette, (&table.front, "front"), &row, what.clone(), outline);
        let back = table.back.as_ref().map(|back| {
            let what = format!("the back of {what}");
            card_face(r, faces, palette, (back, "back"), &row, what, outline)
        });
        let (Some(front), Some(back)) = (front, back.map_or(Some(None), |b| b.map(Some))) else {
            failed = true;
            continue;
        };
        let (origin, fields, count, at) = (row.origin, data_fields, row.count, row.at);
        cards.push(Card { origin, name, at, fields, count, front, back, background });
    }
    if failed {
        return None;
    }
    let size_span = [
        table.size.as_ref().map(Spanned::span),
        table.size_mm.as_ref().map(Spanned::span),
        table.diameter_mm.as_ref().map(Spanned::span),
        table.edge_mm.as_ref().map(Spanned::span),
    ]
    .into_iter()
    .flatten()
    .next()
    .unwrap_or(entry.span());
    Some(Deck {
        name,
        counter,
        size_at: r.source.start_of(&size_span),
        width_mm,
        height_mm,
        corner_radius_mm,
        own_bleed_mm,
        gutter_mm,
        cards,
        position: deck_position,
        rule: table.rule.as_ref().map(|rule| {
            // A product range that gives no values is one error at the rule.
            for (field, values) in &rule.get_ref().product {
                if let Some(mistake) = values.mistake() {
                    let help = "write product = { field = { range = [smallest, largest] } }";
                    let deck = table.name.get_ref().trim();
                    r.error(&rule.span(), format!("deck `{deck}`: `{field}`: {mistake}"), help);
                }
            }
            deck_rule(rule.get_ref())
        }),
        sheet_template,
        safe_mm: None,
        share: table.share.unwrap_or(true),
    })
}

/// Errors at `sheet_template` for sheet settings a template cannot print with: a fold-over
/// sheet (for items with backs; others print single-sided) or registration marks.
fn template_fits_sheet(
    r: &mut Resolver<'_>,
    value: &Spanned<String>,
    sheet: &SheetSettings,
    backs: bool,
) {
    if backs && matches!(sheet.duplex, crate::model::print::sheet_settings::Duplex::Fold(_)) {
        r.error(&value.span(), TEMPLATE_NO_FOLD.into(), TEMPLATE_NO_FOLD_HELP);
    }
    if sheet.print.registration_marks {
        r.error(&value.span(), TEMPLATE_NO_REGISTRATION.into(), TEMPLATE_NO_REGISTRATION_HELP);
    }
}

/// One card before its faces are resolved.
struct RowCard {
    origin: String,
    fields: BTreeMap<String, String>,
    count: u32,
    position: Position,
    at: (PathBuf, Position),
    /// The data file's row its fields come from.
    data: Option<DataRowAt>,
}

/// The card size from `size` or `size_mm`.
fn card_size(r: &mut Resolver<'_>, table: &DeckTable) -> Option<(f64, f64)> {
    let counter_keys = [
        table.diameter_mm.as_ref().map(|s| (s.span(), "diameter_mm")),
        table.edge_mm.as_ref().map(|s| (s.span(), "edge_mm")),
        table.shape.as_ref().map(|s| (s.span(), "shape")),
    ];
    if let Some((span, key)) = counter_keys.into_iter().flatten().next() {
        let help = "give cards a size or size_mm; counters go in [[counters]]";
        r.error(&span, format!("cards have no `{key}`"), help);
        return None;
    }
    match (&table.size, &table.size_mm) {
        (Some(size), None) => {
            let wanted = size.get_ref().trim().to_lowercase();
            let found = SIZES.iter().find(|(name, _)| *name == wanted).map(|(_, s)| *s);
            if found.is_none() {
                let known: Vec<&str> = SIZES.iter().map(|(n, _)| *n).collect();
                let near = closest(&wanted, known.iter().copied())
                    .map_or(String::new(), |n| format!("did you mean `{n}`? "));
                r.error(
                    &size.span(),
                    format!("unknown card size `{wanted}`"),
                    &format!(
                        "{near}use one of {}, or give size_mm = [width, height]",
                        known.join(", ")
                    ),
                );
            }
            found
        }
        (None, Some(size)) => match size.get_ref()[..] {
            [w, h]
                if w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0 && w.max(h) <= 1000.0 =>
            {
                Some((w, h))
            }
            _ => {
                r.error(
                    &size.span(),
                    "`size_mm` must be [width, height], each above 0 and at most 1000 mm".into(),
                    "write size_mm = [63, 88]",
                );
                None
            }
        },
        (Some(size), Some(_)) => {
            r.error(&size.span(), "give `size` or `size_mm`, not both".into(), "keep one");
            None
        }
        (None, None) => {
            r.error(
                &table.name.span(),
                "a deck needs a card size".into(),
                "add size = \"poker\" (or bridge, mini, tarot) or size_mm = [63, 88]",
            );
            None
        }
    }
}

/// The data file's rows as cards: every column a field, the count column a count (a row
/// whose count is wrong is reported and left out).
fn data_rows(r: &mut Resolver<'_>, table: &DeckTable, data: &DataTable) -> Option<Vec<RowCard>> {
    let count_column = match &table.count_column {
        Some(name) => match data.column(name.get_ref()) {
            Some(index) => Some(index),
            None => {
                r.error(
                    &name.span(),
                    format!("`{}` has no column `{}`", data.path.display(), name.get_ref().trim()),
                    &format!("use one of its columns: {}", data.columns.join(", ")),
                );
                return None;
            }
        },
        None => data.column("count"),
    };
    let file = data.path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let columns = std::sync::Arc::new(data.columns.clone());
    let position = r.source.start_of(&table.name.span());
    let mut cards = Vec::with_capacity(data.rows.len());
    for row in &data.rows {
        let mut count = 1;
        if let Some(index) = count_column {
            let text = row.values.get(index).map_or("", String::as_str);
            match text.parse::<u32>() {
                Ok(n) if n > 0 => count = n,
                _ => {
                    let message = format!(
                        "the count `{text}` of row {} is not a positive whole number",
                        row.line
                    );
                    r.diagnostics.push(
                        data.error_at(row.line, index, message)
                            .with_help("give how many copies to print: 1, 2, 3, …"),
                    );
                    continue;
                }
            }
        }
        let fields = data.columns.iter().cloned().zip(row.values.iter().cloned()).collect();
        let origin = format!("{file} row {}", row.line);
        let at = (data.path.clone(), Position { line: row.line, column: 1 });
        let data =
            Some(DataRowAt { path: data.path.clone(), line: row.line, columns: columns.clone() });
        cards.push(RowCard { origin, fields, count, position, at, data });
    }
    Some(cards)
}

/// One face of a card: the template `name` (with the card's fields filled in) and its
/// layers.
fn card_face(
    r: &mut Resolver<'_>,
    faces: &mut FaceResolver<'_>,
    palette: &Palette,
    (name, key): (&Spanned<String>, &str),
    card: &RowCard,
    what: String,
    (corners, outline_name): (usize, &str),
) -> Option<Vec<Layer>> {
    let template = match substitute(name.get_ref(), &card.fields) {
        Ok(done) => Spanned::new(name.span(), done),
        Err(_) => {
            let mut known: Vec<&str> = card.fields.keys().map(String::as_str).collect();
            known.sort_unstable();
            r.error(
                &name.span(),
                format!("{what} cannot fill in the template name `{}`", name.get_ref()),
                &format!("use {{field}}s it has: {}", known.join(", ")),
            );
            return None;
        }
    };
    let wanted = template.get_ref().trim();
    if name.get_ref().contains('{') && !faces.has_template(wanted) {
        // A name from the card's fields: reported at the cell it comes from, or naming the
        // card.
        let problem = format!("unknown face template `{wanted}`");
        let help = faces.template_help(wanted);
        let at_cell = (card.data.as_ref())
            .is_some_and(|data| data.report_cell(r, (name, key), (&what, &problem), &help));
        if !at_cell {
            r.error(&name.span(), format!("{what}: {problem}"), &help);
        }
        return None;
    }
    let before = r.diagnostics.len();
    let item = ItemFace {
        what,
        position: card.position,
        tables: ItemFaceTables { template: Some(&template), layers: &[] },
        fields: card.fields.clone(),
        corners,
        outline_name: outline_name.into(),
        data: card.data.clone(),
    };
    let layers = faces.face(r, palette, &item);
    (r.diagnostics.len() == before).then_some(layers)
}
