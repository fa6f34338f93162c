//! The list as each proposed rule would read it: lines joined by colour or not, neighbouring
//! regions joined by colour or not (a tile without `joins` takes them from the rule).

use std::path::Path;

use crate::geometry::polygon::RegularPolygon;
use crate::model::design::Design;
use crate::model::design::resolve::{resolve, resolve_reading};
use crate::model::input::diagnostic::Diagnostic;
use crate::model::input::source::{Position, read_source};
use crate::model::parts::tiles::TileReading;
use crate::model::rules::tile_set::{Slot, SlotKind};

/// One face of a `[[tiles]]` entry as explain sees it, and how many times it is listed: a
/// two-faced tile gives two, its front and its back, each with the tile's copies (the rule
/// derives faces, as `check` counts them).
#[derive(Clone, Debug)]
pub struct Listed {
    pub number: u32,
    /// Whether this is the back of a two-faced tile (`back_edges`).
    pub back: bool,
    pub slots: Vec<Slot>,
    pub joins: Vec<(usize, usize)>,
    pub corners: Vec<String>,
    pub copies: u32,
    pub position: Position,
}

/// The list read one way.
#[derive(Clone, Debug)]
pub struct ListReading {
    pub reading: TileReading,
    pub tiles: Vec<Listed>,
}

/// What explain works on: the design as written and the readings of its list that load.
#[derive(Debug)]
pub struct List {
    /// The design as written (its own rule, if any), or as first read when that fails.
    pub design: Design,
    pub shape: RegularPolygon,
    pub slots_per_edge: usize,
    pub readings: Vec<ListReading>,
    /// Whether the tiles have two faces, each a listed face.
    pub two_faced: bool,
    /// The readings that do not load, with the first error each gives.
    pub unread: Vec<(TileReading, String)>,
}

/// Reads the design at `path` and its list every way a rule could read it; the design's
/// errors when it cannot be read at all, or when it has nothing explain can explain.
pub fn read_list(path: &Path) -> Result<List, Vec<Diagnostic>> {
    let source = read_source(path, "design").map_err(|error| vec![error])?;
    let as_written = resolve(&source);
    let mut readings = Vec::new();
    let mut unread = Vec::new();
    let mut first_read: Option<Design> = None;
    // A way of reading joins matters only for the slots the list shows.
    let (mut lines, mut regions) = (true, true);
    if let Ok(design) = &as_written {
        let tiles = listed(design);
        (lines, regions) = (shows(&tiles, SlotKind::Line), shows(&tiles, SlotKind::Region));
    }
    for reading in [(true, false), (false, false), (true, true), (false, true)] {
        let reading = TileReading { lines: reading.0, regions: reading.1 };
        if (!reading.lines && !lines) || (reading.regions && !regions) {
            continue;
        }
        match resolve_reading(&source, Some(reading)) {
            Ok(design) => {
                readings.push(ListReading { reading, tiles: listed(&design) });
                first_read.get_or_insert(design);
            }
            Err(errors) => unread.push((reading, first_message(&errors))),
        }
    }
    let design = match (as_written, first_read) {
        (Ok(design), _) => design,
        (Err(_), Some(design)) => design,
        (Err(errors), None) => return Err(errors),
    };
    let refuse = |message: String, help: &str| {
        Err(vec![Diagnostic::error(path, None, message).with_help(help)])
    };
    let Some(shape) = design.shape else {
        return refuse(
            format!("{} has no triangle, square or hexagon tiles to explain", design.name),
            "explain proposes rules over edge and corner slots: give [set] a shape and list [[tiles]]",
        );
    };
    if design.tiles.is_empty() {
        return refuse(
            format!("{} lists no tiles to explain", design.name),
            "list the tiles you have as [[tiles]] entries, one per tile",
        );
    }
    if design.values.is_some() {
        return refuse(
            format!("{}'s tiles have values; explain reads edge and corner slots", design.name),
            "check derives sets over values from `[rule] values` (see docs/format.md)",
        );
    }
    // Readings differ only where a tile leaves its joins to the rule: keep distinct ones.
    let slots_per_edge = design.slots_per_edge.max(1);
    let two_faced = two_faced(&design);
    Ok(List { design, shape, slots_per_edge, readings, two_faced, unread })
}

/// The faces of a design's tiles as explain sees them: each tile's front, then its back
/// when it has one.
pub fn listed(design: &Design) -> Vec<Listed> {
    design
        .tiles
        .iter()
        .flat_map(|tile| {
            let front = Listed {
                number: tile.number,
                back: false,
                slots: tile.slots.clone(),
                joins: tile.joins.clone(),
                corners: tile.corners.clone(),
                copies: tile.copies,
                position: tile.position,
            };
            let back = tile.back_side.as_ref().map(|side| Listed {
                back: true,
                slots: side.slots.clone(),
                joins: side.joins.clone(),
                corners: Vec::new(),
                ..front.clone()
            });
            std::iter::once(front).chain(back)
        })
        .collect()
}

/// Whether the design's tiles show two faces (`back_edges`), so that the rule's faces are
/// printed two to a tile.
pub fn two_faced(design: &Design) -> bool {
    design.tiles.iter().any(|tile| tile.back_side.is_some())
}

/// The first error, located, without its help: why a reading does not load.
fn first_message(errors: &[Diagnostic]) -> String {
    let Some(error) = errors.first() else { return String::new() };
    match error.position {
        Some(at) => format!("line {}:{}: {}", at.line, at.column, error.message),
        None => error.message.clone(),
    }
}

/// Whether the list shows a slot of `kind`.
pub fn shows(tiles: &[Listed], kind: SlotKind) -> bool {
    tiles.iter().any(|tile| tile.slots.iter().any(|slot| slot.kind == kind))
}
