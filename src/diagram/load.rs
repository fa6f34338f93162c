//! Reads a diagram file and resolves it against its design: tiles looked up by number, cells
//! and sides range-checked, colours taken from the design's palette or written as `#rrggbb`.
//! Every problem is collected with its file:line:column.

use std::path::Path;
use std::sync::Arc;

use toml::Spanned;

use super::designs::Designs;
use super::house_style::{CAPTION_INK, DEFAULT_CAPTION_MM, DEFAULT_LABEL_MM, TEXT_MM_RANGE};
use super::schema::{DiagramFile, DiagramTable};
use super::{Arrow, Diagram, Figure, Highlight, Label, Mark, MarkShape, Placed, Spot};
use crate::geometry::polygon::RegularPolygon;
use crate::geometry::tile_grid::{Cell, Grid};
use crate::model::Diagnostic;
use crate::model::context::resolver::Resolver;
use crate::model::design::Design;
use crate::model::design::resolve::syntax_help;
use crate::model::input::limits::MAX_TEXT_CHARS;
use crate::model::input::toml_read::read_toml;
use crate::model::rules::play::RULE_NAMES;
use crate::scene::Colour;

/// Default printed width: a column of text.
pub const DEFAULT_WIDTH_MM: f64 = 80.0;
/// Default PNG resolution.
pub const DEFAULT_DPI: f64 = 300.0;
/// Rulebook red, the default colour of marks, arrows and highlights.
pub const RULEBOOK_RED: Colour = Colour { r: 0xe3, g: 0x00, b: 0x1b };
/// Names a diagram's `breaks` may use besides the design's rule kinds.
pub const BASIC_CHECKS: [&str; 7] =
    ["overlap", "same-tile", "match", "off-board", "tip", "slide", "extra-move"];

/// Reads and resolves a diagram file (one figure, or a series of steps); every error found
/// when it cannot be used.
pub fn load(path: &Path) -> Result<Figure, Vec<Diagnostic>> {
    load_with(path, &Designs::default())
}

/// [`load`], taking its design from `designs` (read there on its first use in the run).
pub fn load_with(path: &Path, designs: &Designs) -> Result<Figure, Vec<Diagnostic>> {
    let source =
        crate::model::input::source::read_source(path, "diagram").map_err(|error| vec![error])?;
    // Every unknown key and wrong value of the file at once; unknown keys are left out and
    // the rest read on.
    let read = read_toml::<DiagramFile>(&source.text);
    let mut mistakes: Vec<Diagnostic> = (read.mistakes.iter())
        .map(|mistake| {
            let deep = || crate::model::input::source::too_deep(&source.text).map(|at| at..at);
            let position = mistake.span.clone().or_else(deep).map(|span| source.start_of(&span));
            let help = match syntax_help(&mistake.message) {
                help if help.contains("did you mean") => help,
                _ => "docs/format.md (section Diagrams) lists every key".into(),
            };
            Diagnostic::error(path, position, mistake.message.clone()).with_help(help)
        })
        .collect();
    let Some(file) = read.value else { return Err(mistakes) };
    let table = file.diagram.get_ref();
    let design_path = path.parent().unwrap_or(Path::new("")).join(table.design.get_ref());
    let design = match designs.load(&design_path) {
        Ok(design) => design,
        Err(found) => {
            let position = source.start_of(&table.design.span());
            mistakes.push(
                Diagnostic::error(path, Some(position), "the design cannot be used".into())
                    .with_help("the path is relative to the diagram file; fix the design first"),
            );
            mistakes.extend(found);
            return Err(mistakes);
        }
    };
    let mut resolver = Resolver::new(&source);
    let step_files = super::series::step_files(&mut resolver, &file);
    let mut diagrams = Vec::new();
    for step_file in &step_files {
        let diagram = resolve(&mut resolver, step_file, design.clone(), design_path.clone());
        diagrams.extend(diagram);
    }
    // What is wrong with the position before the steps is found once per step: said once.
    let mut diagnostics: Vec<Diagnostic> = mistakes;
    for diagnostic in resolver.diagnostics {
        if !diagnostics.contains(&diagnostic) {
            diagnostics.push(diagnostic);
        }
    }
    if !diagnostics.is_empty() || diagrams.len() != step_files.len() {
        return Err(diagnostics);
    }
    let series = !file.step.is_empty();
    if series {
        super::series::fit_series(&mut diagrams);
    }
    Ok(Figure { diagrams, series })
}

/// Whether `text` (`what`: "the caption") has at most [`MAX_TEXT_CHARS`] characters; if not,
/// an error at its key (a caption of 500 000 characters took minutes and gigabytes to draw).
fn text_fits(resolver: &mut Resolver<'_>, text: &Spanned<String>, what: &str) -> bool {
    let chars = text.get_ref().chars().count();
    if chars > MAX_TEXT_CHARS {
        resolver.error(
            &text.span(),
            format!(
                "{what} has {chars} characters, more than tilepress's limit of {MAX_TEXT_CHARS} (MAX_TEXT_CHARS in model/input/limits.rs)"
            ),
            "shorten it",
        );
    }
    chars <= MAX_TEXT_CHARS
}

/// A cap height in printed mm from `key`, within [`TEXT_MM_RANGE`] (an error at the key with
/// the range when not); `default` when absent.
fn text_size(
    resolver: &mut Resolver<'_>,
    value: Option<&Spanned<f64>>,
    key: &str,
    default: f64,
) -> f64 {
    value.map_or(default, |size| resolver.length(size, key, TEXT_MM_RANGE))
}

fn resolve(
    resolver: &mut Resolver<'_>,
    file: &DiagramFile,
    design: Arc<Design>,
    design_path: std::path::PathBuf,
) -> Option<Diagram> {
    let table = file.diagram.get_ref();
    let piece_grid =
        design.grid_board.as_ref().map(|b| b.grid).or(design.pieces.as_ref().map(|s| s.grid));
    if let Some(grid) = piece_grid.filter(|g| g.kind.on_triangle_lattice()) {
        resolver.error(
            &table.design.span(),
            format!(
                "diagrams of pieces and boards on the {} grid are not implemented yet",
                grid.kind.name()
            ),
            "diagrams draw pieces on `square` and `tetrakis` grids; show these with the built sheets",
        );
        return None;
    }
    // Polyform pieces are placed on the board's squares; annotations use the square grid.
    let squares = design.pieces.as_ref().map(|set| RegularPolygon::new(4, set.grid.square_mm));
    let triangles = design.board.as_ref().map(|board| RegularPolygon::new(3, board.edge_mm));
    let domino_cell = super::dominoes::domino_cell(&design);
    if let Some(shape) =
        design.tile_shape.filter(|s| s.regular().is_none() && domino_cell.is_none())
    {
        resolver.error(
            &table.design.span(),
            format!("diagrams of {} tiles are not supported", shape.name()),
            "diagrams place hexagon, square or triangle tiles on their lattice, and dominoes \
             (rectangles of two square cells: `cells = [1, 2]` or `[2, 1]`) on their cells",
        );
        return None;
    }
    let tile_grid = design.shape.or(domino_cell);
    let Some(grid) = tile_grid.or(squares).or(triangles).and_then(Grid::new) else {
        resolver.error(
            &table.design.span(),
            "the design has no tiles that tile the plane".into(),
            "diagrams place hexagon, square or triangle tiles",
        );
        return None;
    };
    let mut places = Vec::new();
    let mut dominoes = Vec::new();
    let mut counters = Vec::new();
    for entry in &file.place {
        let place = entry.get_ref();
        if place.counter.is_some() {
            let at = cell(resolver, &grid, &place.at);
            counters.extend(super::counters::placed_counter(resolver, &design, entry, at));
            continue;
        }
        if place.piece.is_some() || place.net.is_some() {
            continue;
        }
        let Some(number) = &place.tile else {
            resolver.error(
                &entry.span(),
                "a [[place]] without `tile` or `piece`".into(),
                "name a tile number, a piece code or a counter of the design",
            );
            continue;
        };
        let tile = design.tiles.iter().find(|t| t.number == *number.get_ref());
        if tile.is_none() {
            resolver.error(
                &number.span(),
                format!("the design has no tile {}", number.get_ref()),
                "use a tile number from the design's [[tiles]]",
            );
        }
        let cell = cell(resolver, &grid, &place.at);
        let turn = place.turn.as_ref().map_or(0, |turn| {
            let sides = grid.shape.sides;
            if *turn.get_ref() >= sides {
                resolver.error(
                    &turn.span(),
                    format!("turn {} on a {}", turn.get_ref(), grid.shape.shape_name()),
                    &format!("give a turn from 0 to {} edge steps", sides - 1),
                );
            }
            *turn.get_ref()
        });
        if let (Some(tile), Some(cell)) = (tile, cell) {
            let position = resolver.source.start_of(&entry.span());
            let new = place.new.unwrap_or(false);
            if domino_cell.is_some() {
                let cells = super::dominoes::halves(&design, cell, turn);
                let tile = tile.clone();
                dominoes.push(super::dominoes::PlacedDomino { tile, cells, turn, position });
                continue;
            }
            places.push(Placed { tile: tile.clone(), cell, turn, new, position });
        }
    }
    let marks = file
        .mark
        .iter()
        .filter_map(|entry| {
            let mark = entry.get_ref();
            let shape = match mark.shape.get_ref().trim() {
                "dot" => MarkShape::Dot,
                "ring" => MarkShape::Ring,
                "cross" => MarkShape::Cross,
                other => {
                    resolver.error(
                        &mark.shape.span(),
                        format!("unknown mark `{other}`"),
                        "use `dot`, `ring` or `cross`",
                    );
                    return None;
                }
            };
            let spot = spot(resolver, &grid, &mark.at, mark.edge.as_ref())?;
            Some(Mark { shape, spot, colour: colour(resolver, &design, mark.colour.as_ref()) })
        })
        .collect();
    let arrows = file
        .arrow
        .iter()
        .filter_map(|entry| {
            let arrow = entry.get_ref();
            let (from, to) = (cell(resolver, &grid, &arrow.from), cell(resolver, &grid, &arrow.to));
            let colour = colour(resolver, &design, arrow.colour.as_ref());
            Some(Arrow { from: from?, to: to?, colour })
        })
        .collect();
    let labels = file
        .label
        .iter()
        .filter_map(|entry| {
            let label = entry.get_ref();
            let spot = spot(resolver, &grid, &label.at, label.edge.as_ref());
            let colour = label
                .colour
                .as_ref()
                .map_or(Colour::WHITE, |name| colour(resolver, &design, Some(name)));
            let default = design.figure_style.label_mm.unwrap_or(DEFAULT_LABEL_MM);
            let size_mm = text_size(resolver, label.size_mm.as_ref(), "`size_mm`", default);
            text_fits(resolver, &label.text, "a label").then_some(())?;
            let position = resolver.source.start_of(&label.text.span());
            let (text, marked) = text_markup(resolver, &design, &label.text, "a label")?;
            Some(Label { text, spot: spot?, colour, size_mm, position, marked })
        })
        .collect();
    let highlights = file
        .highlight
        .iter()
        .filter_map(|entry| {
            let highlight = entry.get_ref();
            let spot = spot(resolver, &grid, &highlight.at, highlight.edge.as_ref());
            let colour = colour(resolver, &design, highlight.colour.as_ref());
            Some(Highlight { spot: spot?, colour })
        })
        .collect();
    let mover = table.mover.as_ref().and_then(|name| resolver.colour_name(name, &design.palette));
    let pieces = super::board_pieces::resolve_pieces(resolver, file, &design);
    let captures = super::board_pieces::resolve_captures(resolver, file, &design, &pieces);
    let pawns = super::pawns::resolve_pawns(resolver, file, &design);
    let moves = super::pawns::resolve_moves(resolver, file, &design, &pawns);
    let needs_mover = design.play.rules.iter().any(crate::model::rules::play::needs_mover);
    let moved = places.iter().any(|p: &Placed| p.new) || pieces.iter().any(|p| p.new || p.replaced);
    if table.mover.is_none() && needs_mover && moved {
        resolver.error(
            &file.diagram.span(),
            "the design's move rules need the mover's colour".into(),
            "add e.g. mover = \"black\" to [diagram], or mark no tile `new`",
        );
    }
    let breaks = breaks(resolver, table);
    let caption_marked = table.caption.as_ref().map(|caption| {
        text_fits(resolver, caption, "the caption");
        text_markup(resolver, &design, caption, "the caption")
    });
    let caption_colour = table
        .caption_colour
        .as_ref()
        .map_or(CAPTION_INK, |name| colour(resolver, &design, Some(name)));
    // A caption with wrong markup is reported: the diagram is not drawn.
    let (caption, caption_marked) = match caption_marked {
        None => (None, None),
        Some(read) => {
            let (text, marked) = read?;
            (Some(text), marked)
        }
    };
    Some(Diagram {
        path: resolver.source.path.clone(),
        design_path,
        caption,
        caption_marked,
        caption_colour,
        caption_position: table
            .caption
            .as_ref()
            .map_or_else(Default::default, |c| resolver.source.start_of(&c.span())),
        caption_mm: text_size(
            resolver,
            table.caption_mm.as_ref(),
            "`caption_mm`",
            design.figure_style.caption_mm.unwrap_or(DEFAULT_CAPTION_MM),
        ),
        legal: *table.legal.get_ref(),
        legal_position: resolver.source.start_of(&table.legal.span()),
        breaks,
        mover,
        mark_forced: table.mark_forced.unwrap_or(false),
        empty_cells: table.empty_cells.unwrap_or(true),
        width_mm: table
            .width_mm
            .as_ref()
            .map_or(DEFAULT_WIDTH_MM, |w| resolver.length(w, "`width_mm`", (10.0, 1000.0))),
        dpi: table.dpi.as_ref().map_or(DEFAULT_DPI, |dpi| {
            let value = *dpi.get_ref();
            let (low, high) = crate::render::png::DPI_RANGE;
            if !(low..=high).contains(&value) {
                let shown = crate::model::input::diagnostic::number_text(value);
                resolver.error(
                    &dpi.span(),
                    format!("dpi is {shown}"),
                    &format!("give {low} to {high}"),
                );
            }
            value
        }),
        design,
        grid,
        places,
        dominoes,
        counters,
        marks,
        arrows,
        labels,
        highlights,
        pieces,
        captures,
        pawns,
        moves,
        frame: None,
        step: None,
    })
}

/// A label's or caption's text as printed and its markup (`what` names it in errors): the
/// markup when it has styles or icons or holds characters the outline font lacks (drawn
/// then in the bundled family and the design's fallback fonts), else `None` and the text
/// with its escapes read; `None` when the markup is wrong (an error at the text).
fn text_markup(
    resolver: &mut Resolver<'_>,
    design: &Design,
    text: &Spanned<String>,
    what: &str,
) -> Option<(String, Option<Arc<crate::text::markup::Marked>>)> {
    let written = text.get_ref().trim();
    let outline_draws = |text: &str| crate::text::outline_font().missing_chars(text).is_empty();
    if crate::text::markup::is_plain(written) && outline_draws(written) {
        return Some((written.to_string(), None));
    }
    let marked = match crate::text::markup::parse(written) {
        Ok(marked) => marked,
        Err(error) => {
            resolver.error(&text.span(), format!("{what}: {}", error.message), &error.help);
            return None;
        }
    };
    let faces = super::label_faces(design);
    let problems = crate::model::face::rich_text::markup_problems(&marked, &faces, &design.icons);
    for (message, help) in &problems {
        resolver.error(&text.span(), format!("{what}: {message}"), help);
    }
    if !problems.is_empty() {
        return None;
    }
    let printed = marked.plain_text();
    if !marked.is_rich() && outline_draws(&printed) {
        return Some((printed, None));
    }
    Some((printed, Some(Arc::new(marked))))
}

/// The rule names a diagram says it breaks, each a known name.
fn breaks(
    resolver: &mut Resolver<'_>,
    table: &DiagramTable,
) -> Vec<(String, crate::model::input::source::Position)> {
    let Some(list) = &table.breaks else { return Vec::new() };
    if *table.legal.get_ref() {
        resolver.error(
            &list.span(),
            "`breaks` with legal = true".into(),
            "remove `breaks`, or set legal = false",
        );
    }
    let known: Vec<&str> = BASIC_CHECKS.iter().chain(RULE_NAMES.iter()).copied().collect();
    known_names(resolver, list.get_ref(), &known, "unknown rule", "use one of")
}

/// The names of `list` that are in `known`, each with where it is written; an unknown one is
/// an error `{unknown} `name`` with the help `{help}: known, …`.
pub fn known_names(
    resolver: &mut Resolver<'_>,
    list: &[Spanned<String>],
    known: &[&str],
    unknown: &str,
    help: &str,
) -> Vec<(String, crate::model::input::source::Position)> {
    list.iter()
        .filter_map(|name| {
            let text = name.get_ref().trim();
            if known.contains(&text) {
                Some((text.to_string(), resolver.source.start_of(&name.span())))
            } else {
                resolver.error(
                    &name.span(),
                    format!("{unknown} `{text}`"),
                    &format!("{help}: {}", known.join(", ")),
                );
                None
            }
        })
        .collect()
}

/// A cell from `[i, j]` or `[i, j, m]`.
pub fn cell(resolver: &mut Resolver<'_>, grid: &Grid, at: &Spanned<Vec<i64>>) -> Option<Cell> {
    let motifs = grid.motifs();
    let values = at.get_ref();
    let cell = match values.as_slice() {
        [i, j] if motifs == 1 => Some(Cell::new(*i, *j, 0)),
        [i, j, m] if (0..motifs as i64).contains(m) => Some(Cell::new(*i, *j, *m as usize)),
        _ => None,
    };
    if cell.is_none() {
        let help = if motifs == 1 {
            "write a cell as [i, j]".to_string()
        } else {
            format!("write a cell as [i, j, m] with m from 0 to {}", motifs - 1)
        };
        resolver.error(&at.span(), format!("`{values:?}` is not a cell of this grid"), &help);
    }
    cell
}

/// A cell, or a side of it (written from 1).
fn spot(
    resolver: &mut Resolver<'_>,
    grid: &Grid,
    at: &Spanned<Vec<i64>>,
    edge: Option<&Spanned<usize>>,
) -> Option<Spot> {
    let cell = cell(resolver, grid, at);
    let sides = grid.shape.sides;
    let side = match edge {
        Some(edge) if !(1..=sides).contains(edge.get_ref()) => {
            resolver.error(
                &edge.span(),
                format!("edge {} of a {}", edge.get_ref(), grid.shape.shape_name()),
                &format!("number edges from 1 to {sides}"),
            );
            return None;
        }
        Some(edge) => Some(edge.get_ref() - 1),
        None => None,
    };
    Some(Spot { cell: cell?, side })
}

/// A palette colour of the design, or `#rrggbb`; rulebook red when absent.
fn colour(resolver: &mut Resolver<'_>, design: &Design, name: Option<&Spanned<String>>) -> Colour {
    let Some(name) = name else { return RULEBOOK_RED };
    if let Some(colour) = Colour::from_hex(name.get_ref().trim()) {
        return colour;
    }
    resolver
        .colour_name(name, &design.palette)
        .map_or(RULEBOOK_RED, |known| design.palette.colour(&known))
}
