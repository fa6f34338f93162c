//! Turns a parsed design file into the resolved model: defaults, colour look-ups, range checks.
//!
//! Every problem is collected with the place it comes from; resolving never stops at the
//! first one, so a user sees all their mistakes at once.

use crate::model::parts::tile_rows::{ListSizes, tiles_from_data};
use toml::Spanned;

use crate::geometry::polygon::RegularPolygon;
use crate::model::context::resolver::Resolver;
use crate::model::design::Design;
use crate::model::design::file::DesignFile;
use crate::model::design::item_faces::{piece_faces, tile_faces};
use crate::model::design::part_faces::{board_cell_faces, net_faces};
use crate::model::face::resolve::FaceResolver;
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::SourceFile;
use crate::model::input::suggest::{closest, quoted_words};
use crate::model::parts::board_table::{BoardKind, board_kind};
use crate::model::parts::pieces::{PieceTables, resolve_pieces};
use crate::model::parts::tiles::{TileKinds, TileReading, resolve_tiles};
use crate::model::rules::region_joins::region_groups;
use crate::model::rules::tile_set::RegionJoinRule;
use crate::model::rules::tile_shape::{TileShape, resolve_tile_shape};
use crate::model::rules::values::{resolve_values, value_layers};

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
    let Some(mut file) = read.value else {
        return Err(resolver.diagnostics);
    };
    if !crate::model::design::limits::counts_fit(&mut resolver, &file) {
        return Err(resolver.diagnostics);
    }
    resolver.column_types = crate::model::context::column_types::resolve_column_types(
        &mut resolver,
        file.columns.as_ref(),
    );
    let mut palette = resolver.palette(&file.palette);
    palette.cues =
        crate::model::colours::cues::resolve_cues(&mut resolver, file.cues.as_ref(), &palette);
    let from_data = file.set.get_ref().data.is_some();
    let needs_shape = !file.tiles.is_empty() || file.rule.is_some() || from_data;
    let tile_shape = resolve_tile_shape(&mut resolver, &file.set, needs_shape);
    if let Some(shape) = tile_shape.filter(|_| from_data) {
        let at = file
            .values
            .as_ref()
            .and_then(|v| v.get_ref().at.as_ref())
            .map(|at| at.get_ref().trim());
        let on_cells = matches!(shape, TileShape::Rectangle(_)) && at != Some("corners");
        let values = if on_cells { shape.cells().len() } else { shape.sides() };
        let sizes = ListSizes { edges: shape.sides(), values };
        file.tiles.extend(tiles_from_data(&mut resolver, file.set.get_ref(), sizes));
        if !crate::model::design::limits::tiles_fit(&mut resolver, &file) {
            return Err(resolver.diagnostics);
        }
    }
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
        let value_names = values.as_ref().map_or(&[][..], |v| &v.names[..]);
        let look = (tile_shape, value_names);
        tile_faces(&mut resolver, &mut faces, &file, &palette, look, &backs, &mut tiles);
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
    crate::model::design::printed_layers::share_layers(&mut tiles, pieces.as_mut(), cards);
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
    let items = crate::model::design::limits::item_sizes(tile_shape, every_deck());
    crate::model::print::bleed_limit::check_bleed_key(&mut resolver, bleed, &items);
    // A deck printed into a sheet template comes cut: it is not sealed.
    let sealed = every_deck().filter(|deck| deck.sheet_template.is_none());
    let items = crate::model::design::limits::item_sizes(tile_shape, sealed);
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
        let value_rule = rule.as_ref().and_then(|rule| rule.values.as_ref());
        let names = values.as_ref().map_or(&[][..], |v| &v.names[..]);
        let set = crate::model::rules::play::PlaySet { tiles: &tiles, value_rule, names };
        crate::model::rules::play::resolve_play(&mut resolver, table.get_ref(), set)
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
    let lines = crate::model::design::drawn_colours::line_colours(
        &design.tiles,
        design.rule.as_ref(),
        &design.style,
    );
    let mut regions = crate::model::design::drawn_colours::region_colours(&design);
    regions.extend(std::mem::take(&mut resolver.filled_colours));
    let cues = &design.palette.cues;
    let dots = crate::model::design::drawn_colours::dot_colours(&design);
    let min_text_mm = design.legibility.min_text_mm;
    let drawn = (&lines, &regions, &dots);
    crate::model::colours::cues::check_cue_lines(
        &mut resolver,
        file.cues.as_ref(),
        cues,
        drawn,
        min_text_mm,
    );
    crate::model::design::part_names::part_names_differ(&mut resolver, &file);
    crate::model::design::limits::design_fits(&mut resolver, &file, &design);
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
