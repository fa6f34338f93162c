//! The one item model for everything printed and cut out: a tile, a piece, a board, a net —
//! an outline, a front, an optional back, and how it may be cut.
//!
//! Called `Cutout` rather than `Item` because `scene::Item` already names a display-list
//! entry (a shape or a group); a cutout *holds* scene items. Sources (`crate::sources`) make
//! cutouts from a design; a packing (`crate::impose::packing`) places them on sheets; the
//! one imposition path (`crate::impose::pages`) draws every page from them.

use std::borrow::Cow;

use kurbo::{Affine, BezPath, Point, Rect, Vec2};

use crate::geometry::outline::Outline;
use crate::model::face::Layer;
use crate::scene::frame::Frame;
use crate::scene::{Item, Role};

/// How a cutout may be cut from its sheet.
#[derive(Clone, Debug, PartialEq)]
pub enum Cut {
    /// Along its outline; where a neighbour shares an edge, one cut serves both (tiles on a
    /// lattice, pieces on a grid, a board alone). The packing draws these cuts. `bleed_mm`:
    /// how far the art reaches beyond the outline, under the neighbours' gap.
    Shared { bleed_mm: f64 },
    /// Along lines the cutout draws itself, standing apart from its neighbours (nets with
    /// glue tabs, a board with box walls): its own cut lines and fold lines, in its frame.
    Drawn { cuts: Vec<Item>, folds: Vec<Item> },
}

/// A face layer drawn upright (`turn = "upright"`): the index of its item among a face's
/// top-level items and its anchor point, so that a face turned on the page (by its packing,
/// or by the duplex flip for a back) can turn the layer back about its anchor to read
/// upright on the printed page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UprightLayer {
    pub index: usize,
    pub anchor: Point,
}

/// A face layer as drawn on one side of a cutout, for the legibility check to measure: the
/// top-level item it is drawn in (`index`; with `inner`, the child of that item's group),
/// the outline of the face it is placed on (in that group's frame, with `inner`), and the
/// layer as resolved (its key, its text). Items before `index` lie behind it, items after
/// it over it.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnLayer {
    pub index: usize,
    pub inner: Option<usize>,
    pub outline: BezPath,
    pub layer: Layer,
}

/// One thing cut out of the paper, everything in its own frame (mm, y down).
#[derive(Clone, Debug, PartialEq)]
pub struct Cutout {
    /// What it is, for reports: `tile 7`, `piece Bishop`, `net Cube`, `board`.
    pub label: String,
    /// Its outline with the anchors face layers use (centre, corners, edges).
    pub outline: Outline,
    /// The rectangle everything it prints occupies (the outline, plus any tabs or walls).
    pub extent: Rect,
    /// The composed front art, drawn by the face compositor (`crate::compose`).
    pub front: Vec<Item>,
    /// The composed back art, if the cutout has a back.
    pub back: Option<Vec<Item>>,
    /// The map from the back art's frame to the front's: the identity when compose drew the
    /// back as seen through the front (pieces), a left–right flip when it drew it upright
    /// (tiles, whose outlines that flip keeps).
    pub back_frame: Affine,
    pub cut: Cut,
    /// The upright layers among the front's items.
    pub front_upright: Vec<UprightLayer>,
    /// The upright layers among the back's items.
    pub back_upright: Vec<UprightLayer>,
    /// The face layers drawn on the front, where they are among its items.
    pub front_layers: Vec<DrawnLayer>,
    /// The face layers drawn on the back.
    pub back_layers: Vec<DrawnLayer>,
}

impl Cutout {
    /// A cutout with a front only, cut along its outline with neighbours sharing edges, no
    /// bleed; set the other fields with `..Cutout::shared(…)`.
    pub fn shared(label: impl Into<String>, outline: Outline, front: Vec<Item>) -> Cutout {
        Cutout {
            label: label.into(),
            extent: outline.bounds(),
            outline,
            front,
            back: None,
            back_frame: Affine::IDENTITY,
            cut: Cut::Shared { bleed_mm: 0.0 },
            front_upright: Vec::new(),
            back_upright: Vec::new(),
            front_layers: Vec::new(),
            back_layers: Vec::new(),
        }
    }

    /// Its label, outline, extent, cut and back frame without its art (a back, when it has
    /// one, kept empty): what a packing reads, to try arrangements without copying faces.
    pub fn bare(&self) -> Cutout {
        Cutout {
            back: self.back.as_ref().map(|_| Vec::new()),
            back_frame: self.back_frame,
            cut: self.cut.clone(),
            extent: self.extent,
            ..Cutout::shared(self.label.clone(), self.outline.clone(), Vec::new())
        }
    }

    /// A cutout from a composed frame of art, fold and cut layers (a net, a painted board):
    /// it is cut along its own lines, and `outline` gives its anchors.
    pub fn from_frame(label: impl Into<String>, outline: Outline, frame: Frame) -> Cutout {
        let of = |role: Role| -> Vec<Item> {
            let layers = frame.layers.iter().filter(|layer| layer.role == role);
            layers.flat_map(|layer| layer.items.iter().cloned()).collect()
        };
        Cutout {
            label: label.into(),
            outline,
            extent: frame.bounds,
            front: of(Role::Art),
            back: None,
            back_frame: Affine::IDENTITY,
            cut: Cut::Drawn { cuts: of(Role::Cut), folds: of(Role::Fold) },
            front_upright: Vec::new(),
            back_upright: Vec::new(),
            front_layers: Vec::new(),
            back_layers: Vec::new(),
        }
    }

    /// Whether `other` is a copy of this cutout: the same composed faces (copies of one item
    /// are consecutive cutouts of a part).
    pub fn same_faces(&self, other: &Cutout) -> bool {
        self.front_layers == other.front_layers
            && self.back_layers == other.back_layers
            && self.front == other.front
            && self.back == other.back
    }

    /// The front's items as placed on a page by `placement`: its upright layers turned back
    /// so that they read upright on the page.
    pub fn placed_front(&self, placement: Affine) -> Vec<Item> {
        upright_on_page(&self.front, &self.front_upright, placement).into_owned()
    }

    /// The back's items (if any) as placed on the back page by `placement` (which includes
    /// the duplex mirror and `back_frame`): upright layers read upright on the back page.
    pub fn placed_back(&self, placement: Affine) -> Option<Vec<Item>> {
        Some(upright_on_page(self.back.as_ref()?, &self.back_upright, placement).into_owned())
    }

    /// How far its print reaches beyond its outline on the side where it reaches least (its
    /// bleed, when its extent is the outline grown by one), in mm.
    pub fn bleed_mm(&self) -> f64 {
        let (cut, extent) = (self.outline.bounds(), self.extent);
        (cut.x0 - extent.x0).min(cut.y0 - extent.y0).min(extent.x1 - cut.x1).min(extent.y1 - cut.y1)
    }

    /// The cut lines it draws itself (none when the packing cuts along its outline).
    pub fn own_cuts(&self) -> &[Item] {
        match &self.cut {
            Cut::Shared { .. } => &[],
            Cut::Drawn { cuts, .. } => cuts,
        }
    }

    /// The fold lines it draws itself.
    pub fn folds(&self) -> &[Item] {
        match &self.cut {
            Cut::Shared { .. } => &[],
            Cut::Drawn { folds, .. } => folds,
        }
    }

    /// The cutout as one frame (art, folds, cuts) over its extent, for packings that cut a
    /// frame into parts; a cutout cut along its outline gets that outline as its cut line.
    pub fn frame(&self, outline_cut: impl Fn(kurbo::BezPath) -> Item) -> Frame {
        let cuts = match &self.cut {
            Cut::Shared { .. } => vec![outline_cut(self.outline.path.clone())],
            Cut::Drawn { cuts, .. } => cuts.clone(),
        };
        Frame::new(
            vec![
                (Role::Art, self.front.clone()),
                (Role::Fold, self.folds().to_vec()),
                (Role::Cut, cuts),
            ],
            self.extent,
        )
    }
}

/// `items` (borrowed when nothing turns) with each upright layer turned about its anchor so that, once `placement` is
/// applied, the layer's axes are the page's. A mirroring placement (a back drawn as seen
/// through the front) comes with layers drawn mirrored, so the turn undoes the rest.
pub fn upright_on_page<'a>(
    items: &'a [Item],
    upright: &[UprightLayer],
    placement: Affine,
) -> Cow<'a, [Item]> {
    match upright_turn(upright, placement) {
        None => Cow::Borrowed(items),
        Some(back) => Cow::Owned(turned_upright(items.to_vec(), upright, back)),
    }
}

/// [`upright_on_page`] on items of its own: turned in place, never copied.
pub fn upright_on_page_owned(
    items: Vec<Item>,
    upright: &[UprightLayer],
    placement: Affine,
) -> Vec<Item> {
    match upright_turn(upright, placement) {
        None => items,
        Some(back) => turned_upright(items, upright, back),
    }
}

/// The angle upright layers turn back by under `placement`, or `None` when they need not.
fn upright_turn(upright: &[UprightLayer], placement: Affine) -> Option<f64> {
    let [a, b, c, d, _, _] = placement.as_coeffs();
    let mirrored = a * d - b * c < 0.0;
    // The angle the placement turns the layer's x axis by (a mirrored layer's axis is drawn
    // flipped, so the placement sends its x axis to the image of -x).
    let x_axis = if mirrored { Vec2::new(-a, -b) } else { Vec2::new(a, b) };
    let turn = x_axis.atan2();
    if turn.abs() < 1e-12 || upright.is_empty() {
        return None;
    }
    Some(if mirrored { turn } else { -turn })
}

/// `items` with each upright layer turned by `back` about its anchor.
fn turned_upright(mut items: Vec<Item>, upright: &[UprightLayer], back: f64) -> Vec<Item> {
    for layer in upright {
        let Some(item) = items.get_mut(layer.index) else { continue };
        let about = Affine::translate(layer.anchor.to_vec2())
            * Affine::rotate(back)
            * Affine::translate(-layer.anchor.to_vec2());
        turn_layer(item, about);
    }
    items
}

/// A layer's item turned by `about` (applied after its own transform).
fn turn_layer(item: &mut Item, about: Affine) {
    match item {
        Item::Group(group) => group.transform = about * group.transform,
        Item::Use(used) => used.transform = about * used.transform,
        // A clipped layer turns inside its clip, which stays on the face.
        Item::Clip(clip) => clip.items.iter_mut().for_each(|inner| turn_layer(inner, about)),
        // A translucent layer turns inside its veil.
        Item::Translucent(veil) => veil.items.iter_mut().for_each(|inner| turn_layer(inner, about)),
        Item::Shape(_) | Item::Image(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Colour, Group, Shape, Stroke};
    use kurbo::{BezPath, Point};

    fn line(width: f64) -> Item {
        let mut path = BezPath::new();
        path.move_to(Point::ORIGIN);
        path.line_to((10.0, 0.0));
        Item::Shape(Shape::stroked(path, Stroke::solid(Colour::BLACK, width)))
    }

    #[test]
    fn a_frame_round_trips_through_a_drawn_cutout() {
        let frame = Frame::new(
            vec![
                (Role::Art, vec![line(1.0)]),
                (Role::Fold, vec![line(2.0)]),
                (Role::Cut, vec![line(3.0)]),
            ],
            Rect::new(-5.0, -5.0, 15.0, 5.0),
        );
        let cutout = Cutout::from_frame("net", Outline::rectangle(20.0, 10.0), frame.clone());
        assert_eq!(cutout.own_cuts(), &[line(3.0)]);
        assert_eq!(cutout.folds(), &[line(2.0)]);
        assert_eq!(cutout.frame(|_| line(9.0)), frame);
    }

    #[test]
    fn a_shared_cutout_is_cut_along_its_outline() {
        let cutout = Cutout::shared("board", Outline::rectangle(20.0, 10.0), vec![line(1.0)]);
        assert!(cutout.own_cuts().is_empty() && cutout.folds().is_empty());
        assert_eq!(cutout.extent, Rect::new(-10.0, -5.0, 10.0, 5.0));
        let frame = cutout.frame(|path| Item::Shape(Shape::filled(path, Colour::BLACK)));
        let cut = frame.layers.iter().find(|l| l.role == Role::Cut).expect("a cut layer");
        let Item::Shape(shape) = &cut.items[0] else { panic!("not a shape") };
        assert_eq!(shape.path, cutout.outline.path);
    }

    #[test]
    fn upright_layers_turn_back_about_their_anchors_and_others_keep_the_turn() {
        let anchor = Point::new(3.0, -4.0);
        let layer = |x: f64| {
            let transform = Affine::translate((x, -4.0)) * Affine::rotate(0.25);
            Item::Group(Group { transform, items: vec![line(1.0)] })
        };
        let items = vec![line(2.0), layer(3.0), layer(5.0)];
        let upright = [UprightLayer { index: 1, anchor }];
        let linear = |item: &Item| {
            let Item::Group(group) = item else { panic!("a group") };
            group.transform
        };
        for placement in [
            Affine::translate((50.0, 60.0)) * Affine::rotate(std::f64::consts::FRAC_PI_2),
            Affine::translate((50.0, 60.0)) * Affine::rotate(std::f64::consts::PI) * Affine::FLIP_X,
        ] {
            let mirrored = placement.determinant() < 0.0;
            let inner = if mirrored { Affine::FLIP_X } else { Affine::IDENTITY };
            let placed = upright_on_page(&items, &upright, placement);
            assert_eq!(placed[0], items[0], "edge art is untouched");
            assert_eq!(placed[2], items[2], "a layer turned with the item keeps the turn");
            // On the page, the upright layer has only its own rotation left (reversed on a
            // face drawn mirrored, which mirrors the whole layer about its anchor), and its
            // anchor stays where the placement puts it.
            let on_page = placement * linear(&placed[1]) * inner;
            let expected = Affine::rotate(if mirrored { -0.25 } else { 0.25 });
            let [a, b, c, d, _, _] = on_page.as_coeffs();
            let [e, f, g, h, _, _] = expected.as_coeffs();
            assert!([a - e, b - f, c - g, d - h].iter().all(|v| v.abs() < 1e-9), "{on_page:?}");
            assert!((on_page * Point::ORIGIN).distance(placement * anchor) < 1e-9);
        }
    }
}
