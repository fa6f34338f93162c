//! A board as one frame at real size: coloured cells, grid lines, dots, start arrows in the
//! players' colours, and with a box the wall flaps, glue tabs and valley folds of its tray.

use kurbo::{BezPath, Circle, Point, Shape as _, Vec2};

use super::net::{FoldKind, TAB_TINT, bounds, fold_stroke, polygon_path, segments_path};
use crate::compose::layers::draw::push_face_layers;
use crate::cutout::DrawnLayer;
use crate::geometry::edge_line::CURVE_TOLERANCE_MM;
use crate::geometry::outline::Outline;
use crate::model::colours::cues::{BOARD_DOT_SHARE, Cue, CueOn};
use crate::model::colours::palette::Palette;
use crate::model::face::Level;
use crate::model::parts::board::{Board, Player, Tray};
use crate::scene::cut_style::cut_stroke_beside;
use crate::scene::frame::Frame;
use crate::scene::{Colour, Item, Role, Shape, Stroke};

/// Colour of the walls' inside, under the arrows.
const WALL_COLOUR: Colour = Colour { r: 0xf4, g: 0xf1, b: 0xe8 };

/// One wall flap: the hexagon side `from`–`to`, its outward normal and height.
#[derive(Clone, Copy, Debug)]
struct Wall {
    from: Point,
    to: Point,
    out: Vec2,
    height: f64,
}

impl Wall {
    fn corners(self) -> [Point; 4] {
        [self.from, self.to, self.to + self.out * self.height, self.from + self.out * self.height]
    }

    /// The glue tab on the wall's clockwise end, inside the 60° gap to the next wall.
    fn tab(self, depth: f64) -> [Point; 4] {
        let beyond = (self.to - self.from).normalize();
        let (a, b) = (self.to, self.to + self.out * self.height);
        let depth = depth.min(self.height * 0.6);
        [b, a, a + self.out * depth + beyond * depth, b + beyond * depth - self.out * (0.4 * depth)]
    }
}

/// The board's frame, vertex (0, 0) of the grid at the origin, and where its cells' layers
/// are drawn among its art.
pub fn board_frame(
    board: &Board,
    players: &[Player],
    palette: &Palette,
) -> (Frame, Vec<DrawnLayer>) {
    let edge = board.edge_mm;
    let mut art = Vec::new();
    let corners = board.region.corner_points(edge);
    let band = board.tray.map_or(edge * 0.5, |t| t.wall_mm);
    let walls: Vec<Wall> = (0..6)
        .map(|k| {
            let (from, to) = (corners[k], corners[(k + 1) % 6]);
            let d = (to - from).normalize();
            Wall { from, to, out: Vec2::new(d.y, -d.x), height: band }
        })
        .collect();
    let mut cut = Vec::new();
    let mut folds = Vec::new();
    let mut extent: Vec<Point> = corners.clone();
    if let Some(Tray { tab_mm, .. }) = board.tray {
        for wall in &walls {
            let tab = wall.tab(tab_mm);
            art.push(Item::Shape(Shape::filled(polygon_path(&tab), TAB_TINT)));
            art.push(Item::Shape(Shape::filled(polygon_path(&wall.corners()), WALL_COLOUR)));
            let [_, to, top_to, top_from] = wall.corners();
            cut.extend([(top_to, top_from), (tab[0], tab[3]), (tab[3], tab[2]), (tab[2], tab[1])]);
            cut.push((top_from, wall.from));
            folds.push((wall.from, wall.to));
            folds.push((to, top_to));
            extent.extend(wall.corners());
            extent.extend(tab);
        }
    } else {
        cut.extend((0..6).map(|k| (corners[k], corners[(k + 1) % 6])));
        extent.extend(walls.iter().flat_map(|w| w.corners()));
    }
    for (cell, mark) in &board.cells {
        let points = cell.corners().map(|v| v.point(edge));
        let (area, colour) = (polygon_path(&points), palette.colour(&mark.colour));
        let hatch = super::region_cues::region_cue(
            &area,
            colour,
            palette.cue_on(&mark.colour, CueOn::Regions),
        );
        art.push(Item::Shape(Shape::filled(area, colour)));
        art.extend(hatch);
    }
    // Cell layers: below the grid lines and dots, or above them (and the arrows).
    let mut drawn = Vec::new();
    let cell_layers = |art: &mut Vec<Item>, drawn: &mut Vec<DrawnLayer>, level: Level| {
        for (cell, layers) in &board.cell_faces {
            let outline = Outline::polygon(cell.corners().map(|v| v.point(edge)).to_vec());
            push_face_layers(art, drawn, layers, &outline, level);
        }
    };
    cell_layers(&mut art, &mut drawn, Level::Below);
    let mut grid = Vec::new();
    for cell in board.cells.keys() {
        let [p, q, r] = cell.corners().map(|v| v.point(edge));
        grid.extend([(p, q), (q, r), (r, p)]);
    }
    let grid_line_mm = edge * 0.012;
    art.push(Item::Shape(Shape::stroked(
        segments_path(&grid),
        Stroke::solid(board.lines, grid_line_mm),
    )));
    for (vertex, mark) in &board.dots {
        let (centre, radius) = (vertex.point(edge), edge * BOARD_DOT_SHARE);
        let path = Circle::new(centre, radius).to_path(CURVE_TOLERANCE_MM);
        let stroke = Stroke::solid(board.lines, edge * 0.008);
        let colour = palette.colour(&mark.colour);
        art.push(Item::Shape(Shape { path, fill: Some(colour), stroke: Some(stroke) }));
        let cue = palette.cue_on(&mark.colour, CueOn::Dots);
        if cue == Some(Cue::Bullseye) {
            art.push(super::region_cues::bullseye_middle(centre, radius, colour));
        }
        let up = Vec2::new(0.0, -1.0);
        art.extend(super::dot_letters::dot_letter(&mark.colour, colour, (centre, radius), up, cue));
    }
    for player in players {
        let wall = walls[player.start_side % 6];
        let middle = wall.from.midpoint(wall.to) + wall.out * (band / 2.0);
        let (path, colour) = (arrow(middle, -wall.out, band * 0.7), palette.colour(&player.colour));
        let cue = palette.cue_on(&player.colour, CueOn::Regions);
        let hatch = super::region_cues::region_cue(&path, colour, cue);
        let stroke = Stroke::solid(Colour::BLACK, 0.3);
        art.push(Item::Shape(Shape { path, fill: Some(colour), stroke: Some(stroke) }));
        art.extend(hatch);
    }
    cell_layers(&mut art, &mut drawn, Level::Above);
    // Without a box the hexagon is cut out and the arrows sit on the paper around it.
    let fold_kind = FoldKind::Valley;
    let frame = Frame::new(
        vec![
            (Role::Art, art),
            (
                Role::Fold,
                vec![Item::Shape(Shape::stroked(segments_path(&folds), fold_stroke(fold_kind)))],
            ),
            // The grid lines run beside the outline cut: the cut is heavier.
            (
                Role::Cut,
                vec![Item::Shape(Shape::stroked(
                    segments_path(&cut),
                    cut_stroke_beside(grid_line_mm),
                ))],
            ),
        ],
        bounds(&extent),
    );
    (frame, drawn)
}

/// The outline of an arrow `length` long centred on `at`, pointing along `towards`.
fn arrow(at: Point, towards: Vec2, length: f64) -> BezPath {
    let ahead = towards.normalize();
    let side = Vec2::new(-ahead.y, ahead.x) * 1.4;
    let local = [
        (0.0, 0.5),
        (0.45, 0.0),
        (0.18, 0.0),
        (0.18, -0.5),
        (-0.18, -0.5),
        (-0.18, 0.0),
        (-0.45, 0.0),
    ];
    let points: Vec<Point> =
        local.iter().map(|&(x, y)| at + (side * x + ahead * y) * length).collect();
    polygon_path(&points)
}
