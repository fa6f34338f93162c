//! Fold-up pieces resolved from `[[nets]]`: a polyhedron or a cone, its face, ball and disc
//! colours, and how many copies each player gets.

use toml::Spanned;

use crate::geometry::polyhedron::{Polyhedron, SolidError};
use crate::geometry::unfold::ConeNet;
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::input::source::Position;
use crate::model::parts::parts_schema::NetTable;

/// A colour that is either fixed or the colour of the player the copy is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceColour {
    Player,
    Named(String),
}

impl PieceColour {
    /// The palette name for a copy belonging to a player of colour `player`.
    pub fn for_player<'a>(&'a self, player: Option<&'a str>) -> Option<&'a str> {
        match self {
            PieceColour::Player => player,
            PieceColour::Named(name) => Some(name),
        }
    }
}

/// The solid a net folds into.
#[derive(Clone, Debug, PartialEq)]
pub enum NetSolid {
    Polyhedron(Polyhedron),
    Cone(ConeNet),
}

/// One kind of fold-up piece.
#[derive(Clone, Debug, PartialEq)]
pub struct NetPiece {
    pub name: String,
    pub solid: NetSolid,
    /// One colour per face (polyhedra); empty for a cone.
    pub faces: Vec<PieceColour>,
    /// One ball colour per vertex, or empty.
    pub balls: Vec<PieceColour>,
    pub disc: Option<PieceColour>,
    pub colour: PieceColour,
    pub per_player: Option<u32>,
    pub count: Option<u32>,
    pub distinct_faces: bool,
    pub tab_mm: f64,
    pub position: Position,
    /// Each face's layers (`templates`), one list per face; empty without templates.
    pub face_layers: Vec<Vec<crate::model::face::Layer>>,
}

impl NetPiece {
    /// How many copies are printed for a game of `players` players.
    pub fn copies(&self, players: usize) -> usize {
        match (self.per_player, self.count) {
            (Some(each), _) => each as usize * players.max(1),
            (None, Some(count)) => count as usize,
            (None, None) => 1,
        }
    }
}

/// Resolves every `[[nets]]` entry.
pub fn resolve_nets(
    r: &mut Resolver<'_>,
    tables: &[Spanned<NetTable>],
    palette: &Palette,
) -> Vec<NetPiece> {
    tables.iter().map(|table| resolve_net(r, table, palette)).collect()
}

fn resolve_net(r: &mut Resolver<'_>, table: &Spanned<NetTable>, palette: &Palette) -> NetPiece {
    let t = table.get_ref();
    let solid = solid(r, table);
    let colour = t
        .colour
        .as_ref()
        .map_or(PieceColour::Named(first_colour(palette)), |c| piece_colour(r, c, palette));
    let list = |r: &mut Resolver<'_>,
                values: &Option<Spanned<Vec<Spanned<String>>>>,
                want: usize,
                what: &str| {
        let Some(values) = values else { return Vec::new() };
        if values.get_ref().len() != want {
            let help = format!("give one colour per {what}: {want}");
            r.error(
                &values.span(),
                format!("{} {what} colours for a solid with {want}", values.get_ref().len()),
                &help,
            );
        }
        values.get_ref().iter().map(|v| piece_colour(r, v, palette)).collect()
    };
    let (face_count, vertex_count) = match &solid {
        NetSolid::Polyhedron(p) => (p.faces.len(), p.vertices.len()),
        NetSolid::Cone(_) => (0, 0),
    };
    let faces = list(r, &t.faces, face_count, "face");
    let balls = list(r, &t.balls, vertex_count, "vertex");
    let tab_mm = t.tab_mm.as_ref().map_or(6.0, |x| r.length(x, "`tab_mm`", (2.0, 30.0)));
    NetPiece {
        name: t.name.get_ref().trim().to_string(),
        solid,
        faces,
        balls,
        disc: t.disc.as_ref().map(|d| piece_colour(r, d, palette)),
        colour,
        per_player: t.per_player.as_ref().map(|p| *p.get_ref()),
        count: t.count.as_ref().map(|c| *c.get_ref()),
        distinct_faces: t.distinct_faces.unwrap_or(false),
        tab_mm,
        position: r.source.start_of(&table.span()),
        face_layers: Vec::new(),
    }
}

/// The first palette colour by name: a default that is always defined.
fn first_colour(palette: &Palette) -> String {
    palette.colours.keys().next().cloned().unwrap_or_default()
}

fn piece_colour(r: &mut Resolver<'_>, value: &Spanned<String>, palette: &Palette) -> PieceColour {
    if value.get_ref().trim() == "player" {
        PieceColour::Player
    } else {
        PieceColour::Named(r.colour_name(value, palette).unwrap_or_else(|| first_colour(palette)))
    }
}

/// Exactly one of `solid` + `edge_mm`, `vertices` + `polygons`, or `cone`.
fn solid(r: &mut Resolver<'_>, table: &Spanned<NetTable>) -> NetSolid {
    let t = table.get_ref();
    let fallback = NetSolid::Polyhedron(Polyhedron::tetrahedron(10.0));
    let given = [t.solid.is_some(), t.vertices.is_some() || t.polygons.is_some(), t.cone.is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        r.error(&table.span(), "a net needs exactly one of `solid`, `vertices` with `polygons`, or `cone`".into(), "e.g. solid = \"tetrahedron\" with edge_mm = 40.0, or cone = { radius_mm = 10.0, height_mm = 18.0 }");
        return fallback;
    }
    if let Some(cone) = &t.cone {
        let c = cone.get_ref();
        let radius = r.length(&c.radius_mm, "the cone's `radius_mm`", (1.0, 200.0));
        let height = r.length(&c.height_mm, "the cone's `height_mm`", (1.0, 400.0));
        return NetSolid::Cone(ConeNet::new(radius, height));
    }
    if let Some(name) = &t.solid {
        let Some(edge) = &t.edge_mm else {
            r.error(
                &name.span(),
                "a named solid needs `edge_mm`".into(),
                "add e.g. edge_mm = 40.0",
            );
            return fallback;
        };
        let edge = r.length(edge, "the net's `edge_mm`", (5.0, 300.0));
        return Polyhedron::named(name.get_ref().trim(), edge).map_or_else(
            || {
                r.error(
                    &name.span(),
                    format!("unknown solid `{}`", name.get_ref()),
                    "use `tetrahedron` or `cube`, or give `vertices` and `polygons`",
                );
                fallback.clone()
            },
            NetSolid::Polyhedron,
        );
    }
    let (Some(vertices), Some(polygons)) = (&t.vertices, &t.polygons) else {
        r.error(
            &table.span(),
            "`vertices` and `polygons` go together".into(),
            "give both, or use `solid`",
        );
        return fallback;
    };
    if let Some(message) = crate::model::input::limits::unusable_vertex(vertices.get_ref()) {
        r.error(&vertices.span(), message, "give each vertex three finite coordinates in mm");
        return fallback;
    }
    let faces: Vec<Vec<usize>> =
        polygons.get_ref().iter().map(|f| f.iter().map(|&v| v.wrapping_sub(1)).collect()).collect();
    let solid = Polyhedron { vertices: vertices.get_ref().clone(), faces };
    match solid.check() {
        Ok(()) => NetSolid::Polyhedron(solid),
        Err(error) => {
            let message = match error {
                SolidError::NoFaces => {
                    "`polygons` is empty: a solid needs at least 4 polygons".into()
                }
                SolidError::BadFace(f) => {
                    format!("polygon {} has fewer than 3 corners or names a missing vertex", f + 1)
                }
                SolidError::OpenEdge(p, q) => format!(
                    "the edge from vertex {} to {} is not shared by two polygons in opposite directions",
                    p + 1,
                    q + 1
                ),
                SolidError::Disconnected => "the polygons do not hang together".into(),
            };
            r.error(&polygons.span(), message, "list each polygon's vertices counter-clockwise seen from outside, so the polygons close into one solid");
            fallback
        }
    }
}
