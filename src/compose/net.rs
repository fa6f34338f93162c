//! Fold-up pieces as frames: a polyhedron's net (coloured faces, centre discs, corner balls,
//! tinted glue tabs) or a cone's sector, with cut lines on the outline and dashed folds.

use std::collections::BTreeSet;

use kurbo::{Arc, BezPath, Circle, Point, Rect, Shape as _, Vec2};

use crate::compose::layers::draw::push_face_layers;
use crate::cutout::DrawnLayer;
use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::geometry::outline::Outline;
use crate::geometry::polyhedron::Polyhedron;
use crate::geometry::unfold::{ConeNet, centre, inradius, unfold};
use crate::model::colours::cues::{BALL_SHARE, Cue, CueOn};
use crate::model::colours::palette::Palette;
use crate::model::face::Level;
use crate::model::parts::nets::{NetPiece, NetSolid, PieceColour};
use crate::scene::frame::Frame;
use crate::scene::{Colour, Item, Role, Shape, Stroke};

/// Which way the paper bends at a fold, seen from the printed side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    /// The crease points at the reader: the paper folds away, behind the print.
    Mountain,
    /// The crease points away: the paper folds up, towards the reader.
    Valley,
}

/// Width of fold lines, in mm.
pub const LINE_MM: f64 = 0.25;
const _: () = assert!(crate::scene::cut_style::CUT_WIDTH_MM >= LINE_MM, "cuts outweigh folds");
/// The light tint of glue tabs.
pub const TAB_TINT: Colour = Colour { r: 0xe4, g: 0xe4, b: 0xe4 };

/// Mountain folds are dash-dot, valley folds plain dashes.
pub fn fold_stroke(kind: FoldKind) -> Stroke {
    let dash_mm = match kind {
        FoldKind::Mountain => vec![4.0, 1.5, 0.8, 1.5],
        FoldKind::Valley => vec![2.5, 1.5],
    };
    Stroke { dash_mm, ..Stroke::solid(crate::scene::cut_style::FOLD_COLOUR, LINE_MM) }
}

/// The stroke of cut lines, the same on every sheet.
pub use crate::scene::cut_style::cut_stroke;

/// A closed polygon.
pub fn polygon_path(points: &[Point]) -> BezPath {
    let mut path = BezPath::new();
    for (k, &p) in points.iter().enumerate() {
        if k == 0 { path.move_to(p) } else { path.line_to(p) }
    }
    path.close_path();
    path
}

/// Separate straight segments as one path.
pub fn segments_path(segments: &[(Point, Point)]) -> BezPath {
    let mut path = BezPath::new();
    for &(a, b) in segments {
        path.move_to(a);
        path.line_to(b);
    }
    path
}

/// A disc filled with `colour` and outlined thinly, so white discs show on white faces.
/// A disc of the colour `name` outlined in black, with its colour's cue: a hatch over a disc
/// of a player's colour, a bullseye or a letter on a ball whose colour carries one.
fn disc(centre: Point, radius: f64, (name, colour): (&str, Colour), cue: Option<Cue>) -> Vec<Item> {
    let path = Circle::new(centre, radius).to_path(CURVE_TOLERANCE_MM);
    let hatch = super::region_cues::region_cue(&path, colour, cue);
    let stroke = Some(Stroke::solid(Colour::BLACK, 0.15));
    let mut items = vec![Item::Shape(Shape { path, fill: Some(colour), stroke })];
    items.extend(hatch);
    if cue == Some(Cue::Bullseye) {
        items.push(super::region_cues::bullseye_middle(centre, radius, colour));
    }
    let up = Vec2::new(0.0, -1.0);
    items.extend(super::dot_letters::dot_letter(name, colour, (centre, radius), up, cue));
    items
}

/// The frame of one copy of `piece`, in the colours of `player` (a palette name) if any,
/// and where its faces' layers are drawn among its art.
pub fn net_frame(
    piece: &NetPiece,
    palette: &Palette,
    player: Option<&str>,
) -> (Frame, Vec<DrawnLayer>) {
    let name = |c: &PieceColour| c.for_player(player).unwrap_or_default().to_string();
    let colour = |c: &PieceColour| palette.colour(&name(c));
    let cue = |c: &PieceColour, on: CueOn| palette.cue_on(&name(c), on);
    match &piece.solid {
        NetSolid::Polyhedron(solid) => polyhedron_frame(solid, piece, &name, &colour, &cue),
        NetSolid::Cone(cone) => {
            let fill = (colour(&piece.colour), cue(&piece.colour, CueOn::Regions));
            (cone_frame(*cone, piece.tab_mm, fill), Vec::new())
        }
    }
}

fn polyhedron_frame(
    solid: &Polyhedron,
    piece: &NetPiece,
    name: &dyn Fn(&PieceColour) -> String,
    colour: &dyn Fn(&PieceColour) -> Colour,
    cue: &dyn Fn(&PieceColour, CueOn) -> Option<Cue>,
) -> (Frame, Vec<DrawnLayer>) {
    let net = unfold(solid, piece.tab_mm);
    let mut art = Vec::new();
    let mut drawn = Vec::new();
    let mut cut = Vec::new();
    let mut folds = Vec::new();
    for tab in &net.tabs {
        art.push(Item::Shape(Shape::filled(polygon_path(&tab.outline), TAB_TINT)));
        let [a, b, c, d] = tab.outline;
        cut.extend([(b, c), (c, d), (d, a)]);
        folds.push((a, b));
    }
    let hinged: BTreeSet<(usize, usize)> = net.hinges.iter().map(|h| h.edge).collect();
    for (f, (face, flat)) in solid.faces.iter().zip(&net.faces).enumerate() {
        let named = piece.faces.get(f).unwrap_or(&piece.colour);
        let (area, fill) = (polygon_path(&flat.corners), colour(named));
        let hatch = super::region_cues::region_cue(&area, fill, cue(named, CueOn::Regions));
        art.push(Item::Shape(Shape::filled(area, fill)));
        art.extend(hatch);
        let layers = piece.face_layers.get(f).filter(|l| !l.is_empty());
        let face_outline = layers.map(|_| Outline::polygon(flat.corners.clone()));
        if let (Some(layers), Some(outline)) = (layers, &face_outline) {
            push_face_layers(&mut art, &mut drawn, layers, outline, Level::Below);
        }
        let (middle, inradius) = (centre(&flat.corners), inradius(&flat.corners));
        if let Some(d) = &piece.disc {
            let fill = (name(d), colour(d));
            art.extend(disc(middle, 0.32 * inradius, (&fill.0, fill.1), cue(d, CueOn::Regions)));
        }
        for (&v, &corner) in face.iter().zip(&flat.corners) {
            if let Some(ball) = piece.balls.get(v) {
                let at = corner + (middle - corner) * 0.25;
                let fill = (name(ball), colour(ball));
                art.extend(disc(
                    at,
                    BALL_SHARE * inradius,
                    (&fill.0, fill.1),
                    cue(ball, CueOn::Dots),
                ));
            }
        }
        if let (Some(layers), Some(outline)) = (layers, &face_outline) {
            push_face_layers(&mut art, &mut drawn, layers, outline, Level::Above);
        }
        for i in 0..face.len() {
            let (p, q) = (face[i], face[(i + 1) % face.len()]);
            let edge = (p.min(q), p.max(q));
            let segment = (flat.corners[i], flat.corners[(i + 1) % face.len()]);
            // Hinges and a face's own tab edges are folds; every other edge is cut (the
            // face across a tab included: the tab glues under it).
            let own_tab = net.tabs.iter().any(|t| t.edge == edge && t.face == f);
            if !hinged.contains(&edge) && !own_tab {
                cut.push(segment);
            }
        }
    }
    folds.extend(net.hinges.iter().map(|h| (h.from, h.to)));
    let points: Vec<Point> = cut.iter().flat_map(|&(a, b)| [a, b]).collect();
    (finish(art, &cut, &folds, bounds(&points)), drawn)
}

/// The cone's sector, apex at the top, with a glue tab on its left edge; its fill with its
/// colour's cue (a hatch).
fn cone_frame(cone: ConeNet, tab_mm: f64, (fill, cue): (Colour, Option<Cue>)) -> Frame {
    let apex = Point::ORIGIN;
    let start = std::f64::consts::FRAC_PI_2 - cone.angle / 2.0;
    let arc = Arc::new(apex, Vec2::new(cone.slant_mm, cone.slant_mm), start, cone.angle, 0.0);
    let rim = |angle: f64| apex + Vec2::from_angle(angle) * cone.slant_mm;
    let (first, last) = (rim(start), rim(start + cone.angle));
    let mut sector = BezPath::new();
    sector.move_to(apex);
    sector.line_to(first);
    arc.to_cubic_beziers(CURVE_TOLERANCE_MM, |a, b, c| sector.curve_to(a, b, c));
    sector.close_path();
    // The tab hangs on the last straight edge, outside the sector.
    let along = (last - apex).normalize();
    // Beyond the sector: the direction in which the angle grows past `last`.
    let out = Vec2::new(-along.y, along.x);
    let inset = tab_mm.min(cone.slant_mm * 0.3);
    let tab =
        [apex, last, last + out * tab_mm - along * inset, apex + out * tab_mm + along * inset];
    let mut art = vec![
        Item::Shape(Shape::filled(polygon_path(&tab), TAB_TINT)),
        Item::Shape(Shape::filled(sector.clone(), fill)),
    ];
    art.extend(super::region_cues::region_cue(&sector, fill, cue));
    let mut cut_path = BezPath::new();
    cut_path.move_to(apex);
    cut_path.line_to(first);
    arc.to_cubic_beziers(CURVE_TOLERANCE_MM, |a, b, c| cut_path.curve_to(a, b, c));
    cut_path.line_to(tab[2]);
    cut_path.line_to(tab[3]);
    cut_path.line_to(apex);
    let mut box_points = vec![apex, first, last, tab[2], tab[3]];
    box_points.extend((0..=16).map(|k| rim(start + cone.angle * f64::from(k) / 16.0)));
    let bounds = bounds(&box_points);
    Frame::new(
        vec![
            (Role::Art, art),
            (
                Role::Fold,
                vec![Item::Shape(Shape::stroked(
                    segments_path(&[(apex, last)]),
                    fold_stroke(FoldKind::Mountain),
                ))],
            ),
            (Role::Cut, vec![Item::Shape(Shape::stroked(cut_path, cut_stroke()))]),
        ],
        bounds,
    )
}

/// The frame from art, cut segments and (mountain) fold segments.
fn finish(art: Vec<Item>, cut: &[(Point, Point)], folds: &[(Point, Point)], bounds: Rect) -> Frame {
    Frame::new(
        vec![
            (Role::Art, art),
            (
                Role::Fold,
                vec![Item::Shape(Shape::stroked(
                    segments_path(folds),
                    fold_stroke(FoldKind::Mountain),
                ))],
            ),
            (Role::Cut, vec![Item::Shape(Shape::stroked(segments_path(cut), cut_stroke()))]),
        ],
        bounds,
    )
}

/// The smallest rectangle holding every point.
pub fn bounds(points: &[Point]) -> Rect {
    let mut rect = Rect::new(f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for &p in points {
        rect = Rect::new(rect.x0.min(p.x), rect.y0.min(p.y), rect.x1.max(p.x), rect.y1.max(p.y));
    }
    if rect.x0.is_finite() { rect } else { Rect::ZERO }
}
