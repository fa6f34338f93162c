//! A whole design held to the resource bounds of `input::limits` before any work: how many
//! tiles, pieces, cells, nets and names it writes, and the sheets it would print.

use toml::Spanned;

use crate::geometry::polyhedron::{Vec3, add, cross, length};
use crate::model::context::resolver::Resolver;
use crate::model::design::Design;
use crate::model::design::file::DesignFile;
use crate::model::input::limits::*;
use crate::model::parts::cards::Deck;
use crate::model::parts::nets::NetSolid;
use crate::model::print::bleed_limit::bleed_past_half;
use crate::model::print::sheet_settings::margins_fit;
use crate::model::print::work::printable_area;
use crate::model::rules::tile_shape::TileShape;

/// Checks how many tiles the file's `[[tiles]]` and its data file's rows make; `false` (with
/// an error at the first tile over) when more than [`MAX_TILES`].
pub fn tiles_fit(r: &mut Resolver<'_>, file: &DesignFile) -> bool {
    let Some(tile) = file.tiles.get(MAX_TILES) else { return true };
    too_many(r, &tile.span(), &format!("more than {MAX_TILES} tiles"), "MAX_TILES");
    false
}

/// Checks the counts of the file as written; `false` (with an error recorded at the entry
/// that crosses a limit) when the design is too large to work on.
pub fn counts_fit(r: &mut Resolver<'_>, file: &DesignFile) -> bool {
    let before = r.diagnostics.len();
    names_fit(r, file);
    tiles_fit(r, file);
    let mut pieces = 0u64;
    for entry in &file.pieces {
        let piece = entry.get_ref();
        let copies = file
            .piece_groups
            .iter()
            .find(|g| g.get_ref().name.get_ref().trim() == piece.group.get_ref().trim())
            .and_then(|g| g.get_ref().copies.as_ref().map(|c| *c.get_ref()))
            .unwrap_or(1);
        let count = piece.count.as_ref().map_or(1, |c| *c.get_ref());
        pieces = pieces.saturating_add(u64::from(count) * u64::from(copies));
        if pieces > MAX_PIECES {
            let what = format!("more than {MAX_PIECES} pieces (counts × group copies)");
            too_many(r, &entry.span(), &what, "MAX_PIECES");
            break;
        }
    }
    let players = file.players.len().max(1) as u64;
    let mut nets = 0u64;
    let mut net_faces = 0u64;
    for entry in &file.nets {
        let net = entry.get_ref();
        let per_player = net.per_player.as_ref().map(|p| u64::from(*p.get_ref()) * players);
        let count = net.count.as_ref().map(|c| u64::from(*c.get_ref()));
        let copies = per_player.or(count).unwrap_or(1);
        nets = nets.saturating_add(copies);
        let faces = match (&net.polygons, &net.solid) {
            (Some(polygons), _) => polygons.get_ref().len() as u64,
            (None, Some(solid)) if solid.get_ref().trim() == "cube" => 6,
            (None, Some(_)) => 4,
            (None, None) => 1,
        };
        if nets > MAX_NET_COPIES {
            let what = format!("more than {MAX_NET_COPIES} nets (per_player × players, or count)");
            too_many(r, &entry.span(), &what, "MAX_NET_COPIES");
            break;
        }
        net_faces = net_faces.saturating_add(copies.saturating_mul(faces));
        if net_faces > MAX_NET_FACES {
            let what = format!(
                "more than {MAX_NET_FACES} printed net faces (copies × polygons of each net)"
            );
            too_many(r, &entry.span(), &what, "MAX_NET_FACES");
            break;
        }
        let lists = [net.vertices.as_ref().map(|v| (v.span(), v.get_ref().len()))]
            .into_iter()
            .chain([net.polygons.as_ref().map(|p| (p.span(), p.get_ref().len()))]);
        for (span, len) in lists.flatten() {
            if len > MAX_NET_POLYGONS {
                let what =
                    format!("a polyhedron of more than {MAX_NET_POLYGONS} vertices or polygons");
                too_many(r, &span, &what, "MAX_NET_POLYGONS");
            }
        }
    }
    r.diagnostics.len() == before
}

/// Refuses every name longer than [`MAX_NAME_CHARS`], at its key.
fn names_fit(r: &mut Resolver<'_>, file: &DesignFile) {
    let names = std::iter::once(&file.set.get_ref().name)
        .chain(file.decks.iter().chain(&file.counters).map(|d| &d.get_ref().name))
        .chain(file.tracks.iter().map(|t| &t.get_ref().name))
        .chain(file.maps.iter().map(|m| &m.get_ref().name))
        .chain(file.nets.iter().map(|n| &n.get_ref().name))
        .chain(file.players.iter().map(|p| &p.get_ref().name))
        .chain(file.piece_groups.iter().map(|g| &g.get_ref().name));
    for name in names {
        let chars = name.get_ref().chars().count();
        if chars > MAX_NAME_CHARS {
            r.error(
                &name.span(),
                format!(
                    "a name of {chars} characters, more than tilepress's limit of {MAX_NAME_CHARS} (MAX_NAME_CHARS in model/input/limits.rs)"
                ),
                "names are printed in every sheet's footer: give a short one",
            );
        }
    }
}

/// Checks the resolved design: board cells and the sheets it needs on its own paper.
pub fn design_fits(r: &mut Resolver<'_>, file: &DesignFile, design: &Design) {
    let at = file.sheet.as_ref().map_or_else(|| file.set.span(), Spanned::span);
    if let Some(board) = &design.grid_board
        && board.cells.len() > MAX_BOARD_CELLS
    {
        let span = file.board.as_ref().map_or_else(|| file.set.span(), Spanned::span);
        let what = format!("a board of {} cells, more than {MAX_BOARD_CELLS}", board.cells.len());
        too_many(r, &span, &what, "MAX_BOARD_CELLS");
    }
    if let Err(message) = margins_fit(&design.sheet) {
        r.error(&at, message, SHEETS_HELP);
        return;
    }
    let before = r.diagnostics.len();
    if !design.tiles.is_empty() && design.shape.is_some() {
        let copies: f64 = design.tiles.iter().map(|tile| f64::from(tile.copies)).sum();
        let what = format!("{copies} tiles (every entry's copies)");
        let span = file.tiles.first().map_or_else(|| at.clone(), Spanned::span);
        let room = grown_tile_area(design);
        crate::model::print::work::part_fits(r, &span, &design.sheet, &what, copies, room);
    }
    if r.diagnostics.len() > before {
        return;
    }
    if let Err(message) = sheets_fit(design) {
        let help = if is_raster_refusal(&message) { RASTER_HELP } else { SHEETS_HELP };
        r.error(&at, message, help);
    }
}

/// What to do about too many sheets.
pub const SHEETS_HELP: &str =
    "use larger paper, smaller tiles or fewer of them, or split the design into several files";

/// `Err` naming the limit when the design needs more than [`MAX_SHEETS`] sheets of its paper.
pub fn sheets_fit(design: &Design) -> Result<(), String> {
    margins_fit(&design.sheet)?;
    let (w, h) = design.sheet.paper_mm;
    if let Some(dpi) = design.sheet.print.sheet_png_dpi {
        raster_fits(w, h, dpi).map_err(|why| {
            format!("--png at {dpi} dpi on {} paper: {why}", design.sheet.paper_name)
        })?;
    }
    if let Some(set) = &design.pieces {
        crate::model::print::work::cells_fit(&design.sheet, cell_area(set.grid))?;
    }
    let sheets = estimated_sheets(design);
    if sheets > MAX_SHEETS {
        return Err(format!(
            "the design needs about {sheets:.0} sheets of {} paper, more than the limit of {MAX_SHEETS} (MAX_SHEETS)",
            design.sheet.paper_name
        ));
    }
    Ok(())
}

/// At least how many sheets the design needs: each part's printed area over the paper's
/// printable area, rounded up part by part; tiles count with the gap around them, nets with
/// the area of their faces.
pub fn estimated_sheets(design: &Design) -> f64 {
    let printable = printable_area(&design.sheet);
    let mut areas = Vec::new();
    let mut tile_sheets = 0.0;
    if design.shape.is_some() {
        // Tiles `gap` apart: each tile grown by half the gap all round covers its own area
        // (no two overlap), on the printable area grown by half the gap at every edge.
        let grown = grown_tile_area(design);
        let (w, h) = design.sheet.paper_mm;
        let (m, gap) = (2.0 * design.sheet.margin_mm, design.sheet.gap_mm.max(0.0));
        let room = ((w - m + gap).max(1.0) * (h - m + gap).max(1.0)).max(1.0);
        let tiles: f64 = design.tiles.iter().map(|tile| f64::from(tile.copies)).sum();
        tile_sheets = (grown * tiles / room).ceil();
    }
    if let Some(set) = &design.pieces {
        let cell = cell_area(set.grid);
        let copies = |group: usize| set.groups.get(group).map_or(1, |g| g.copies);
        let cells: f64 = set
            .pieces
            .iter()
            .map(|p| p.cells.len() as f64 * f64::from(p.count) * f64::from(copies(p.group)))
            .sum();
        areas.push(cells * cell);
    }
    if let Some(board) = &design.grid_board {
        areas.push(board.cells.len() as f64 * cell_area(board.grid));
    }
    let players = design.players.len();
    let nets: f64 =
        design.nets.iter().map(|net| net_area(&net.solid) * net.copies(players) as f64).sum();
    if nets > 0.0 {
        areas.push(nets);
    }
    for deck in design.decks.iter().chain(&design.counters) {
        areas.push(deck.printed() as f64 * deck.item_area_mm2(&design.sheet));
    }
    for track in &design.tracks {
        areas.push(track.cells.len() as f64 * track.cell_mm * track.cell_mm);
    }
    for map in &design.maps {
        let bounds = map.grid.bounds();
        areas.push(bounds.width() * bounds.height());
    }
    if let Some(board) = &design.board {
        let side = f64::from(board.region.side) * board.edge_mm;
        let wall = board.tray.as_ref().map_or(0.0, |t| 2.0 * (t.wall_mm + t.tab_mm));
        areas.push((2.0 * side + wall) * (3f64.sqrt() * side + wall));
    }
    tile_sheets + areas.iter().map(|area| (area / printable).ceil()).sum::<f64>()
}

/// A tile's area grown by half the sheet's gap all round, in mm²: the room it takes among
/// others `gap_mm` apart.
pub fn grown_tile_area(design: &Design) -> f64 {
    let Some(shape) = design.shape else { return 0.0 };
    let n = shape.sides as f64;
    let gap = design.sheet.gap_mm.max(0.0);
    shape.area_mm2() + n * shape.edge_mm * gap / 2.0 + std::f64::consts::PI * gap * gap / 4.0
}

/// The paper a net covers at least: its faces (a polyhedron) or its sector (a cone).
fn net_area(solid: &NetSolid) -> f64 {
    match solid {
        NetSolid::Cone(cone) => cone.angle / 2.0 * cone.slant_mm * cone.slant_mm,
        NetSolid::Polyhedron(solid) => solid
            .faces
            .iter()
            .map(|face| {
                let corners: Vec<Vec3> =
                    face.iter().filter_map(|&v| solid.vertices.get(v).copied()).collect();
                let doubled = corners
                    .iter()
                    .zip(corners.iter().cycle().skip(1))
                    .fold([0.0; 3], |sum, (&p, &q)| add(sum, cross(p, q)));
                length(doubled) / 2.0
            })
            .sum(),
    }
}

/// Area of one cell of a pieces grid, in mm².
fn cell_area(grid: crate::geometry::grid::Grid) -> f64 {
    grid.cell_area_mm2()
}

fn too_many(r: &mut Resolver<'_>, span: &std::ops::Range<usize>, what: &str, name: &str) {
    r.error(
        span,
        format!("the design asks for {what}: tilepress's limit ({name} in model/input/limits.rs)"),
        "make the counts smaller, or split the set over several design files",
    );
}

/// The items cut out one by one, each named with its width and height: a tile of the
/// design's shape, a card or counter of each of `decks`.
pub fn item_sizes<'a>(
    tile_shape: Option<TileShape>,
    decks: impl Iterator<Item = &'a Deck>,
) -> Vec<(String, (f64, f64))> {
    let tile = tile_shape.map(|shape| {
        let bounds = shape.outline().bounds();
        ("a tile".to_string(), (bounds.width(), bounds.height()))
    });
    let decks = decks.map(|deck| {
        let noun = if deck.counter.is_some() { "counter" } else { "card" };
        (format!("a {noun} of `{}`", deck.name), (deck.width_mm, deck.height_mm))
    });
    tile.into_iter().chain(decks).collect()
}

/// [`bleed_past_half`] on every item of `design` cut out one by one (a tile, a card or
/// counter of each deck): what `--bleed` is held to.
pub fn design_bleed_past_half(design: &Design, bleed_mm: f64) -> Option<String> {
    let decks = design.decks.iter().chain(&design.counters);
    bleed_past_half(bleed_mm, &crate::model::design::limits::item_sizes(design.tile_shape, decks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFile;
    use crate::model::design::resolve::resolve;

    fn tantrix() -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(root.join("designs/tantrix.toml")).unwrap()
    }

    #[test]
    fn nets_count_with_the_area_of_their_faces() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(root.join("tests/fixtures/tiny-rabat.toml")).unwrap();
        let design = resolve(&SourceFile::new("r.toml", text)).unwrap();
        let mut more = design.clone();
        for net in &mut more.nets {
            net.per_player = None;
            net.count = Some(1000);
        }
        assert!(estimated_sheets(&more) > estimated_sheets(&design));
        let cube = NetSolid::Polyhedron(crate::geometry::polyhedron::Polyhedron::cube(10.0));
        assert!((net_area(&cube) - 600.0).abs() < 1e-9);
    }

    #[test]
    fn tantrix_needs_two_a4_sheets_and_many_a5_ones() {
        let design = resolve(&SourceFile::new("t.toml", tantrix())).unwrap();
        assert_eq!(estimated_sheets(&design), 2.0, "56 hexes of 24 mm fill under two A4 sheets");
        let mut small = design.clone();
        small.sheet.paper_mm = (50.0, 50.0);
        small.sheet.margin_mm = 20.0;
        assert!(estimated_sheets(&small) > MAX_SHEETS);
        assert!(sheets_fit(&small).unwrap_err().contains("MAX_SHEETS"));
    }

    #[test]
    fn too_many_tiles_are_refused_at_the_first_one_over() {
        let text = tantrix();
        let tile = "\n[[tiles]]\nnumber = 1\nedges = [\"red\", \"red\", \"blue\", \"blue\", \"green\", \"green\"]\n";
        let many = text + &tile.repeat(MAX_TILES);
        let errors = resolve(&SourceFile::new("t.toml", many)).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].message.contains(&format!("more than {MAX_TILES} tiles")));
    }
}
