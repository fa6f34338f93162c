//! Turns a parsed design file into the resolved model: defaults, colour look-ups, range checks.
//!
//! Every problem is collected with the place it comes from; resolving never stops at the
//! first one, so a user sees all their mistakes at once.

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use super::design::{
    Backs, Design, Duplex, EMPTY_SLOT, FoldLine, JoinRule, Orientation, Palette, RegionJoinRule,
    SetRule, SheetSettings, SlotKind, Style, Symmetry,
};
use super::schema::{BacksTable, DesignFile, RuleTable, SheetTable, StyleTable};
use crate::geometry::polygon::RegularPolygon;
use crate::model::face::items::{piece_faces, tile_faces};
use crate::model::face::part_faces::{board_cell_faces, net_faces};
use crate::model::face::resolve::FaceResolver;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::diagnostic::number_text;
use crate::model::input::input_file::Used;
use crate::model::input::source::SourceFile;
use crate::model::input::suggest::{closest, quoted_words};
use crate::model::parts::board_table::{BoardKind, board_kind};
use crate::model::parts::pieces::{PieceTables, resolve_pieces};
use crate::model::parts::tiles::{TileKinds, TileReading, resolve_tiles};
use crate::model::print::paper::parse_paper;
use crate::model::rules::region_joins::region_groups;
use crate::model::rules::slot_style::slot_style;
use crate::model::rules::tile_shape::{TileShape, resolve_tile_shape};
use crate::model::rules::values::{Values, resolve_value_rule, resolve_values, value_layers};
use crate::scene::Colour;

/// Most copies of one tile accepted (a sheet of copies beyond this is a typo).
const MAX_COPIES: u32 = 10_000;

/// Reads a design's text into the resolved model, or every error found in it.
pub fn resolve(source: &SourceFile) -> Result<Design, Vec<Diagnostic>> {
    resolve_reading(source, None)
}

/// [`resolve`] with the tiles' joins derived as `reading` says instead of as the rule says
/// (for `explain`, which proposes rules that read a list differently).
pub fn resolve_reading(
    source: &SourceFile,
    reading: Option<TileReading>,
) -> Result<Design, Vec<Diagnostic>> {
    let mut resolver = Resolver::new(source);
    let read = crate::model::input::toml_read::read_toml::<DesignFile>(&source.text);
    for mistake in &read.mistakes {
        let deep = || crate::model::input::source::too_deep(&source.text).map(|at| at..at);
        let span = mistake.span.clone().or_else(deep).unwrap_or(0..0);
        resolver.error(&span, mistake.message.clone(), &syntax_help(&mistake.message));
    }
    // Unknown keys are left out and the rest read on, for its own mistakes; other TOML
    // mistakes stop here.
    let Some(file) = read.value else {
        return Err(resolver.diagnostics);
    };
    if !crate::model::input::limits::counts_fit(&mut resolver, &file) {
        return Err(resolver.diagnostics);
    }
    let mut palette = resolver.palette(&file.palette);
    palette.cues =
        crate::model::rules::cues::resolve_cues(&mut resolver, file.cues.as_ref(), &palette);
    let needs_shape = !file.tiles.is_empty() || file.rule.is_some();
    let tile_shape = resolve_tile_shape(&mut resolver, &file.set, needs_shape);
    let shape = tile_shape.and_then(TileShape::regular);
    // Styles and rules are measured against the tile; without tiles any size will do.
    let measure = tile_shape.map_or(RegularPolygon::new(6, 24.0), measuring_polygon);
    let mut style = resolver.style(file.style.as_ref().map(Spanned::get_ref), &palette, measure);
    let with_values = file.tiles.iter().any(|tile| tile.get_ref().values.is_some());
    let values =
        resolve_values(&mut resolver, file.values.as_ref(), &palette, tile_shape, with_values);
    let set_table = file.set.get_ref();
    let slots_per_edge = crate::model::rules::edge_slots::slots_per_edge(
        &mut resolver,
        set_table.slots_per_edge.as_ref(),
    );
    let rule = file
        .rule
        .as_ref()
        .map(|rule| resolver.rule(rule, &palette, (measure, slots_per_edge), values.as_ref()));
    let sheet = resolver.sheet(file.sheet.as_ref().map(Spanned::get_ref));
    let mut tiles = match tile_shape {
        Some(tile_shape) => {
            let kinds = TileKinds { shape: tile_shape, values: values.as_ref(), slots_per_edge };
            resolve_tiles(&mut resolver, &file.tiles, &palette, kinds, rule.as_ref(), reading)
        }
        None => Vec::new(),
    };
    style.region_dividers = match &rule {
        Some(rule) => rule.region_joins == RegionJoinRule::Optional,
        None => tiles.iter().any(|tile| !region_groups(&tile.slots, &tile.joins).is_empty()),
    };
    let backs_table = file.backs.as_ref().map(Spanned::get_ref);
    let backs = resolver.backs(backs_table, &palette, &style, measure, &tiles);
    let face_errors = resolver.diagnostics.len();
    let templates = file.faces.as_ref().map(Spanned::get_ref);
    crate::model::face::extends::check_extends(&mut resolver, templates);
    let mut faces = FaceResolver::new(templates, source.path());
    let (fonts, icons) = (file.fonts.as_ref(), file.icons.as_ref());
    faces.read_design_tables(
        &mut resolver,
        &palette,
        fonts.map(Spanned::get_ref),
        icons.map(Spanned::get_ref),
    );
    if let Some(tile_shape) = tile_shape {
        tile_faces(&mut resolver, &mut faces, &file, &palette, tile_shape, &backs, &mut tiles);
        if let Some(values) = &values {
            for tile in &mut tiles {
                let layers = value_layers(values, &tile.values, tile_shape, tile.position);
                tile.faces.front.extend(layers);
            }
        }
    }
    let board_kind = file.board.as_ref().and_then(|b| board_kind(&mut resolver, b));
    let (painted, on_grid) = match board_kind {
        Some(BoardKind::Painted(table)) => (Some(*table), None),
        Some(BoardKind::OnPieceGrid(table)) => (None, Some(table)),
        None => (None, None),
    };
    let (mut pieces, grid_board) =
        resolve_pieces(&mut resolver, piece_tables(&file, on_grid.as_ref()), &palette);
    if let Some(set) = pieces.as_mut() {
        piece_faces(&mut resolver, &mut faces, &file, &palette, set);
    }
    let mut decks = crate::model::parts::cards::resolve_decks(
        &mut resolver,
        &mut faces,
        &file.decks,
        &palette,
        false,
        &sheet,
    );
    let mut counters = crate::model::parts::cards::resolve_decks(
        &mut resolver,
        &mut faces,
        &file.counters,
        &palette,
        true,
        &sheet,
    );
    let cards = decks.iter_mut().chain(counters.iter_mut());
    crate::model::face::share::share_layers(&mut tiles, pieces.as_mut(), cards);
    let tracks = crate::model::parts::tracks::resolve_tracks(
        &mut resolver,
        &mut faces,
        &file.tracks,
        &palette,
        &sheet,
    );
    let maps = crate::model::parts::maps::resolve_maps(
        &mut resolver,
        &mut faces,
        &file.maps,
        &palette,
        &sheet,
    );
    // Pieces share their cuts on the grid: they cannot be spaced apart.
    let sheet_gap = file.sheet.as_ref().and_then(|t| t.get_ref().gap_mm.as_ref());
    if let Some(gap) = sheet_gap.filter(|g| pieces.is_some() && *g.get_ref() > 0.0) {
        resolver.error(
            &gap.span(),
            format!("pieces cannot be spaced apart (gap_mm = {} mm)", gap.get_ref()),
            "pieces are packed on their grid and share their cut lines: set `gap_mm = 0`",
        );
    }
    let every_deck = || decks.iter().chain(&counters);
    let sheet_table = file.sheet.as_ref().map(Spanned::get_ref);
    let bleed = sheet_table.and_then(|table| table.bleed_mm.as_ref());
    let items = crate::model::print::laminate::item_sizes(tile_shape, every_deck());
    crate::model::print::bleed_limit::check_bleed_key(&mut resolver, bleed, &items);
    // A deck printed into a sheet template comes cut: it is not sealed.
    let sealed = every_deck().filter(|deck| deck.sheet_template.is_none());
    let items = crate::model::print::laminate::item_sizes(tile_shape, sealed);
    crate::model::print::laminate::check_sealed(
        &mut resolver,
        sheet_table,
        sheet.print.laminate,
        (pieces.is_some(), !file.nets.is_empty()),
        &items,
    );
    let players =
        crate::model::parts::board::resolve_players(&mut resolver, &file.players, &palette);
    let mut board = painted
        .as_ref()
        .map(|b| crate::model::parts::board::resolve_board(&mut resolver, b, &palette));
    let mut grid_board = grid_board;
    board_cell_faces(
        &mut resolver,
        &mut faces,
        &file,
        &palette,
        board.as_mut(),
        grid_board.as_mut(),
    );
    let mut nets = crate::model::parts::nets::resolve_nets(&mut resolver, &file.nets, &palette);
    net_faces(&mut resolver, &mut faces, &file, &palette, &mut nets);
    // A template's mistake is found once per item that uses it: say it once.
    let mut seen = Vec::new();
    let found = resolver.diagnostics.split_off(face_errors);
    for diagnostic in found {
        if !seen.contains(&diagnostic) {
            seen.push(diagnostic);
        }
    }
    resolver.diagnostics.extend(seen);
    let play = file.play.as_ref().map_or_else(Default::default, |table| {
        crate::model::rules::play::resolve_play(&mut resolver, table.get_ref())
    });
    let legibility = crate::model::print::legibility::resolve_legibility(
        &mut resolver,
        file.check.as_ref().map(Spanned::get_ref),
    );
    let figure_style = crate::model::print::figure_style::resolve_figures(
        &mut resolver,
        file.figures.as_ref().map(Spanned::get_ref),
    );
    let design = Design {
        figure_style,
        icons: faces.icons(),
        fallback_fonts: faces.fallback_fonts(),
        name: file.set.get_ref().name.get_ref().trim().to_string(),
        description: file.set.get_ref().description.clone(),
        shape,
        tile_shape,
        slots_per_edge,
        values,
        style,
        palette,
        rule,
        backs,
        sheet,
        tiles,
        pieces,
        grid_board,
        players,
        board,
        nets,
        decks,
        counters,
        tracks,
        maps,
        play,
        legibility,
        files: std::mem::take(&mut resolver.files),
        data_colours: std::mem::take(&mut resolver.data_colours).into_values().collect(),
        face_problems: crate::model::face::when::unmatched(&resolver),
    };
    let lines =
        crate::model::rules::cues::line_colours(&design.tiles, design.rule.as_ref(), &design.style);
    let mut regions = crate::model::rules::cues::region_colours(&design);
    regions.extend(std::mem::take(&mut resolver.filled_colours));
    let cues = &design.palette.cues;
    let dots = crate::model::rules::cues::dot_colours(&design);
    let min_text_mm = design.legibility.min_text_mm;
    let drawn = (&lines, &regions, &dots);
    crate::model::rules::cues::check_cue_lines(
        &mut resolver,
        file.cues.as_ref(),
        cues,
        drawn,
        min_text_mm,
    );
    crate::model::parts::part_names::part_names_differ(&mut resolver, &file);
    crate::model::input::limits::design_fits(&mut resolver, &file, &design);
    if !resolver.diagnostics.is_empty() {
        return Err(resolver.diagnostics);
    }
    Ok(design)
}

/// The regular polygon sizes are measured against: the tile itself, or a square of a
/// rectangle's shorter side or inside a circle.
fn measuring_polygon(shape: TileShape) -> RegularPolygon {
    match shape {
        TileShape::Regular(polygon) => polygon,
        TileShape::Rectangle(rect) => RegularPolygon::new(4, rect.width_mm.min(rect.height_mm)),
        TileShape::Circle { diameter_mm } => RegularPolygon::new(4, diameter_mm / 2f64.sqrt()),
    }
}

/// The piece and board tables of a file.
fn piece_tables<'a>(
    file: &'a DesignFile,
    board: Option<&'a Spanned<crate::model::parts::pieces::BoardTable>>,
) -> PieceTables<'a> {
    PieceTables {
        grid: file.grid.as_ref(),
        groups: &file.piece_groups,
        pieces: &file.pieces,
        board,
    }
}

/// A hint for TOML syntax and type errors, naming the likely key for a misspelt one.
pub fn syntax_help(message: &str) -> String {
    if message.contains("unknown field") {
        let words = quoted_words(message);
        match words.split_first().and_then(|(typo, known)| closest(typo, known.iter().copied())) {
            Some(key) => format!("did you mean `{key}`? (docs/format.md lists every key)"),
            None => "remove the key or correct its spelling; docs/format.md lists every key".into(),
        }
    } else if message.contains("missing field") {
        "add the missing key; docs/format.md lists the required keys".into()
    } else if message.contains("invalid type") {
        "give the value the type docs/format.md names (text in quotes, numbers without)".into()
    } else if message.contains("invalid value") {
        "give a value docs/format.md allows here (counts and numbers are whole and not negative)"
            .into()
    } else if message.contains("duplicate key") {
        "this key or table is given twice: keep one".into()
    } else if message.contains("recursion limit") {
        "the TOML nests too deep here (dotted keys, tables or lists): a design needs only a few levels".into()
    } else {
        "fix the TOML syntax at this place".into()
    }
}

/// Collects diagnostics while resolving one file.
#[derive(Debug)]
pub struct Resolver<'a> {
    pub source: &'a SourceFile,
    pub diagnostics: Vec<Diagnostic>,
    /// The files the design uses (data files, images, fonts), resolved, in the order read.
    pub files: Vec<std::path::PathBuf>,
    /// The colours faces took from data, each (key, value) once, first item first.
    pub data_colours: crate::model::input::data_colours::DataColours,
    /// What the face being resolved took from data so far (see `FaceResolver::face`).
    pub face_colours: crate::model::input::data_colours::FaceColours,
    /// The palette colours shape layers are filled with, as written or from data: areas a
    /// `hatch` cue is drawn on.
    pub filled_colours: std::collections::BTreeSet<String>,
    /// Every layer's `when` field tested on an item, with the values the items had.
    pub when_uses: super::face::when::WhenUses,
}

impl<'a> Resolver<'a> {
    /// A resolver of `source` with nothing found yet.
    pub fn new(source: &'a SourceFile) -> Resolver<'a> {
        Resolver {
            source,
            diagnostics: Vec::new(),
            files: Vec::new(),
            data_colours: Default::default(),
            face_colours: Default::default(),
            filled_colours: Default::default(),
            when_uses: Default::default(),
        }
    }

    /// Records the file `used` was read from in [`Resolver::files`] (once), and gives what
    /// was read.
    pub fn uses<T>(&mut self, used: Used<T>) -> T {
        if !self.files.contains(&used.real_path) {
            self.files.push(used.real_path);
        }
        used.value
    }

    /// Records an error at a span, with a hint.
    pub fn error(&mut self, span: &Range<usize>, message: String, help: &str) {
        let position = Some(self.source.start_of(span));
        self.diagnostics
            .push(Diagnostic::error(self.source.path(), position, message).with_help(help));
    }

    /// Looks up a palette colour name, reporting it if unknown.
    pub fn colour_name(&mut self, name: &Spanned<String>, palette: &Palette) -> Option<String> {
        let key = name.get_ref().trim().to_string();
        if palette.colours.contains_key(&key) {
            Some(key)
        } else {
            let known: Vec<&str> = palette.colours.keys().map(String::as_str).collect();
            let help = match closest(&key, known.iter().copied()) {
                Some(near) => format!("did you mean `{near}`? Or add `{key}` to [palette]"),
                None => format!(
                    "use a colour from [palette] ({}) or add `{key}` there",
                    known.join(", ")
                ),
            };
            self.error(&name.span(), format!("unknown colour `{key}`"), &help);
            None
        }
    }

    /// A length in mm that must be finite and within `range` (inclusive).
    pub fn length(&mut self, value: &Spanned<f64>, what: &str, range: (f64, f64)) -> f64 {
        let v = *value.get_ref();
        if v.is_finite() && v >= range.0 && v <= range.1 {
            v
        } else {
            self.error(
                &value.span(),
                format!("{what} is {} mm", number_text(v)),
                &format!(
                    "give a number of millimetres from {} to {}",
                    number_text(range.0),
                    number_text(range.1)
                ),
            );
            range.0.max(f64::MIN_POSITIVE)
        }
    }

    fn palette(&mut self, table: &Spanned<BTreeMap<String, Spanned<String>>>) -> Palette {
        let mut palette = Palette::default();
        for (name, value) in table.get_ref() {
            match Colour::from_hex(value.get_ref().trim()) {
                Some(colour) => {
                    palette.colours.insert(name.clone(), colour);
                    palette.lines.insert(name.clone(), self.source.start_of(&value.span()));
                }
                None => self.error(
                    &value.span(),
                    format!("colour `{name}` is `{}`, not a colour", value.get_ref()),
                    "write colours as \"#rrggbb\", e.g. \"#d62828\"",
                ),
            }
        }
        if table.get_ref().is_empty() {
            self.error(&table.span(), "the palette is empty".into(), "name at least one colour");
        }
        palette
    }

    fn style(
        &mut self,
        table: Option<&StyleTable>,
        palette: &Palette,
        shape: RegularPolygon,
    ) -> Style {
        let default = StyleTable::default();
        let table = table.unwrap_or(&default);
        let background = match &table.background {
            Some(name) => {
                self.colour_name(name, palette).map_or(Colour::BLACK, |n| palette.colour(&n))
            }
            None => Colour::BLACK,
        };
        let half_edge = shape.edge_mm / 2.0;
        let line_width_mm = table
            .line_width_mm
            .as_ref()
            .map_or(shape.edge_mm / 5.0, |w| self.length(w, "`line_width_mm`", (0.05, half_edge)));
        let casing_mm = table
            .casing_mm
            .as_ref()
            .map_or(line_width_mm / 6.0, |w| self.length(w, "`casing_mm`", (0.0, half_edge)));
        let slots = slot_style(self, table, shape, line_width_mm);
        Style { background, line_width_mm, casing_mm, slots, region_dividers: false }
    }

    fn rule(
        &mut self,
        table: &Spanned<RuleTable>,
        palette: &Palette,
        (shape, slots_per_edge): (RegularPolygon, usize),
        values: Option<&Values>,
    ) -> SetRule {
        let rule = table.get_ref();
        let value_rule = rule.values.as_ref().and_then(|v| resolve_value_rule(self, v, values));
        let colours: Vec<String> = match (&rule.colours, &rule.values, &rule.corners) {
            (Some(colours), Some(_), _) => {
                self.error(
                    &colours.span(),
                    "the rule is over values and edge colours at once".into(),
                    "a rule derives a set from values or from edges: drop `colours` or `values`",
                );
                Vec::new()
            }
            (Some(colours), None, _) => {
                self.slot_colours(colours, palette, "the rule names no colours")
            }
            // A rule of corners or values alone: every edge is empty.
            (None, Some(_), _) | (None, None, Some(_)) => vec![EMPTY_SLOT.to_string()],
            (None, None, None) => {
                self.error(
                    &table.span(),
                    "the rule has no `colours` (and no `corners` or `values`)".into(),
                    "list the slot colours (`colours = [\"red\", …]`), the corner colours \
                     (`corners = […]`) or give `values = {…}`",
                );
                Vec::new()
            }
        };
        let corner_colours = rule.corners.as_ref().map_or_else(Vec::new, |corners| {
            self.slot_colours(corners, palette, "the rule names no corner colours")
        });
        let region_joins = self.region_join_rule(rule.region_joins.as_ref());
        let slot_kinds = match &rule.slot_kinds {
            None => vec![SlotKind::Line],
            Some(kinds) => kinds.get_ref().iter().filter_map(|kind| self.slot_kind(kind)).collect(),
        };
        let joins = match rule.joins.as_ref() {
            None => JoinRule::Every,
            Some(joins) => match joins.get_ref().as_str() {
                "every" => JoinRule::Every,
                "optional" => JoinRule::Optional,
                "none" => JoinRule::Never,
                other => {
                    self.error(
                        &joins.span(),
                        format!("unknown join rule `{other}`"),
                        "use `every`, `optional` or `none`",
                    );
                    JoinRule::Every
                }
            },
        };
        // Spans count slots: with one slot per edge, edges.
        let max_span = shape.sides * slots_per_edge / 2;
        let join_spans = match &rule.join_spans {
            None => (1..=max_span).collect(),
            Some(spans) => self.spans(spans, max_span, |s| s.to_vec()),
        };
        let exclude_spans = match &rule.exclude_spans {
            None => Vec::new(),
            Some(sets) => {
                let all: Vec<usize> = sets.get_ref().iter().flatten().copied().collect();
                self.spans(&Spanned::new(sets.span(), all), max_span, |_| ());
                sets.get_ref()
                    .iter()
                    .map(|set| {
                        let mut sorted = set.clone();
                        sorted.sort_unstable();
                        sorted
                    })
                    .collect()
            }
        };
        let symmetry = self.symmetry(rule.symmetry.as_ref(), Symmetry::Rotation);
        let kinds_of = rule.kinds_of.as_ref().map_or_else(BTreeMap::new, |table| {
            crate::model::rules::rule_kinds::kinds_of(self, table, &colours, &slot_kinds)
        });
        let edges = rule.edges.as_ref().map_or_else(Vec::new, |edges| {
            let allowed = crate::model::rules::rule_edges::Allowed {
                colours: &colours,
                slot_kinds: &slot_kinds,
                kinds_of: &kinds_of,
            };
            crate::model::rules::rule_edges::rule_edges(
                self,
                edges,
                palette,
                slots_per_edge,
                allowed,
            )
        });
        if let Some(corners) = rule.corners.as_ref().filter(|_| slots_per_edge > 1) {
            self.error(
                &corners.span(),
                "corner slots are not drawn on tiles with several slots per edge".into(),
                "leave `corners` out, or set `slots_per_edge = 1`",
            );
        }
        SetRule {
            slots_per_edge,
            edges,
            kinds_of,
            min_colours: rule.min_colours.as_ref().map_or(0, |n| *n.get_ref()),
            max_colours: rule.max_colours.as_ref().map_or(usize::MAX, |n| *n.get_ref()),
            min_slot_kinds: rule.min_slot_kinds.as_ref().map_or(0, |n| *n.get_ref()),
            distinct_line_colours: rule
                .distinct_line_colours
                .as_ref()
                .is_some_and(|d| *d.get_ref()),
            key_positions: crate::model::rules::rule_keys::rule_key_positions(self.source, rule),
            count: rule.count.as_ref().map(|c| *c.get_ref()),
            copies: rule.copies.as_ref().map_or(1, |copies| self.copies(copies)),
            copies_of: (rule.copies_of.iter().flatten())
                .map(|(tile, copies)| {
                    let at = self.source.start_of(&copies.span());
                    (tile_description_key(tile), self.copies(copies), at)
                })
                .collect(),
            values: value_rule,
            position: self.source.start_of(&table.span()),
            colours,
            slot_kinds,
            joins,
            region_joins,
            corner_colours,
            join_spans,
            exclude_spans,
            symmetry,
        }
    }

    /// Palette colours (or `"-"`, nothing) a rule lists for slots or corners.
    fn slot_colours(
        &mut self,
        names: &Spanned<Vec<Spanned<String>>>,
        palette: &Palette,
        empty_message: &str,
    ) -> Vec<String> {
        if names.get_ref().is_empty() {
            self.error(&names.span(), empty_message.into(), "list the colours");
        }
        names
            .get_ref()
            .iter()
            .filter_map(|name| {
                if name.get_ref().trim() == EMPTY_SLOT {
                    Some(EMPTY_SLOT.to_string())
                } else {
                    self.colour_name(name, palette)
                }
            })
            .collect()
    }

    /// `region_joins`: `none` (default), `optional` or `same-colour`.
    fn region_join_rule(&mut self, name: Option<&Spanned<String>>) -> RegionJoinRule {
        let Some(name) = name else { return RegionJoinRule::Never };
        match name.get_ref().trim() {
            "none" => RegionJoinRule::Never,
            "optional" => RegionJoinRule::Optional,
            "same-colour" => RegionJoinRule::SameColour,
            other => {
                self.error(
                    &name.span(),
                    format!("unknown region join rule `{other}`"),
                    "use `none`, `optional` or `same-colour`",
                );
                RegionJoinRule::Never
            }
        }
    }

    /// Checks that every span is from 1 to `max`, then maps the list.
    fn spans<T>(
        &mut self,
        spans: &Spanned<Vec<usize>>,
        max: usize,
        map: impl Fn(&[usize]) -> T,
    ) -> T {
        if let Some(bad) = spans.get_ref().iter().find(|&&s| s == 0 || s > max) {
            self.error(
                &spans.span(),
                format!("join span {bad} is impossible on this tile"),
                &format!(
                    "a span counts edges (with several slots per edge, slots) between the \
                     joined ones, from 1 to {max}"
                ),
            );
        }
        map(spans.get_ref())
    }

    /// Which copies count as the same: `rotation`, `rotation+reflection` or `none`;
    /// `default` when absent, reported and `default` when unknown.
    pub fn symmetry(&mut self, name: Option<&Spanned<String>>, default: Symmetry) -> Symmetry {
        let Some(name) = name else { return default };
        match name.get_ref().trim() {
            "rotation" => Symmetry::Rotation,
            "rotation+reflection" => Symmetry::RotationReflection,
            "none" => Symmetry::None,
            other => {
                self.error(
                    &name.span(),
                    format!("unknown symmetry `{other}`"),
                    "use `rotation`, `rotation+reflection` or `none`",
                );
                default
            }
        }
    }

    /// A `copies = N` value: a whole number of at least 1 (reported, and 1, otherwise).
    pub fn copies(&mut self, copies: &Spanned<i64>) -> u32 {
        match u32::try_from(*copies.get_ref()) {
            Ok(n) if (1..=MAX_COPIES).contains(&n) => n,
            _ => {
                self.error(
                    &copies.span(),
                    format!("`copies = {}` is not a number of copies", copies.get_ref()),
                    &format!("write a whole number from 1 to {MAX_COPIES} (leave it out for one)"),
                );
                1
            }
        }
    }

    /// A slot kind by name.
    pub fn slot_kind(&mut self, name: &Spanned<String>) -> Option<SlotKind> {
        let kind = SlotKind::from_name(name.get_ref().trim());
        if kind.is_none() {
            self.error(
                &name.span(),
                format!("unknown slot kind `{}`", name.get_ref()),
                "use `line`, `ring`, `dot` or `region`",
            );
        }
        kind
    }

    fn backs(
        &mut self,
        table: Option<&BacksTable>,
        palette: &Palette,
        style: &Style,
        shape: RegularPolygon,
        tiles: &[super::design::Tile],
    ) -> Backs {
        let default = BacksTable::default();
        let table = table.unwrap_or(&default);
        let background = match &table.background {
            Some(name) => {
                self.colour_name(name, palette).map_or(style.background, |n| palette.colour(&n))
            }
            None => style.background,
        };
        Backs {
            enabled: table.enabled.unwrap_or_else(|| {
                table.template.is_some()
                    || !table.layers.is_empty()
                    || tiles.iter().any(|t| t.back.is_some() || t.back_side.is_some())
            }),
            background,
            text_height_mm: table.text_height_mm.as_ref().map_or(shape.apothem() * 0.7, |h| {
                self.length(h, "`text_height_mm`", (1.0, 2.0 * shape.apothem()))
            }),
            mark_upside_down_numbers: table.mark_upside_down_numbers.unwrap_or(true),
        }
    }

    fn sheet(&mut self, table: Option<&SheetTable>) -> SheetSettings {
        let default = SheetTable::default();
        let table = table.unwrap_or(&default);
        let (paper_name, paper_mm) = match &table.paper {
            None => ("A4".to_string(), (210.0, 297.0)),
            Some(paper) => parse_paper(paper.get_ref()).unwrap_or_else(|message| {
                self.error(&paper.span(), message, "e.g. paper = \"A4\" or paper = \"300x400\"");
                ("A4".to_string(), (210.0, 297.0))
            }),
        };
        let orientation = match &table.orientation {
            None => Orientation::Auto,
            Some(name) => parse_orientation(name.get_ref()).unwrap_or_else(|| {
                self.error(
                    &name.span(),
                    format!("unknown orientation `{}`", name.get_ref()),
                    "use `auto`, `portrait` or `landscape`",
                );
                Orientation::Auto
            }),
        };
        let duplex = match &table.duplex {
            None => Duplex::LongEdge,
            Some(name) => parse_duplex(name.get_ref()).unwrap_or_else(|| {
                self.error(
                    &name.span(),
                    format!("unknown duplex flip `{}`", name.get_ref()),
                    &format!("use one of {DUPLEX_CHOICES}"),
                );
                Duplex::LongEdge
            }),
        };
        let margin_mm = table
            .margin_mm
            .as_ref()
            .map_or(DEFAULT_MARGIN_MM, |m| self.length(m, "`margin_mm`", (0.0, 100.0)));
        let gap_mm =
            table.gap_mm.as_ref().map_or(0.0, |g| self.length(g, "`gap_mm`", (0.0, 100.0)));
        let print = crate::model::print::corrections::resolve_print(self, table);
        if let (Duplex::Fold(_), Some(name)) = (duplex, &table.duplex)
            && print.registration_marks
        {
            self.error(
                &name.span(),
                crate::model::print::corrections::FOLD_WITH_REGISTRATION.into(),
                crate::model::print::corrections::FOLD_WITH_REGISTRATION_HELP,
            );
        }
        SheetSettings { paper_mm, paper_name, orientation, margin_mm, gap_mm, duplex, print }
    }
}

/// Default margin between the paper's edge and anything printed, in mm.
pub const DEFAULT_MARGIN_MM: f64 = 5.0;

/// `auto`, `portrait` or `landscape`.
pub fn parse_orientation(text: &str) -> Option<Orientation> {
    match text.trim().to_ascii_lowercase().as_str() {
        "auto" => Some(Orientation::Auto),
        "portrait" => Some(Orientation::Portrait),
        "landscape" => Some(Orientation::Landscape),
        _ => None,
    }
}

/// The ways of printing backs, as `duplex` and `--duplex` name them ([`parse_duplex`]).
pub const DUPLEX_CHOICES: &str = "long-edge, short-edge, fold, fold-long, fold-short or none";

/// `long-edge`, `short-edge`, `fold` (`fold-long`, `fold-short`) or `none`.
pub fn parse_duplex(text: &str) -> Option<Duplex> {
    match text.trim().to_ascii_lowercase().as_str() {
        "long-edge" | "long" => Some(Duplex::LongEdge),
        "short-edge" | "short" => Some(Duplex::ShortEdge),
        "fold" => Some(Duplex::Fold(FoldLine::Either)),
        "fold-long" => Some(Duplex::Fold(FoldLine::Long)),
        "fold-short" => Some(Duplex::Fold(FoldLine::Short)),
        "none" => Some(Duplex::None),
        _ => None,
    }
}

/// A tile's description as `copies_of` and `check` compare it: words separated by single
/// spaces, a hyphen between two numbers (`1-4`) read as the en dash `check` prints.
pub fn tile_description_key(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let chars: Vec<char> = words.join(" ").chars().collect();
    let digit = |k: Option<&char>| k.is_some_and(char::is_ascii_digit);
    (0..chars.len())
        .map(|k| match chars[k] {
            '-' if k > 0 && digit(chars.get(k - 1)) && digit(chars.get(k + 1)) => '–',
            c => c,
        })
        .collect()
}
