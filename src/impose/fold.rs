//! Fold-over sheets: fronts on one half of a page and their backs mirrored on the other, so that folding the printed sheet along its middle puts every back behind its front without a duplex printer — which half the fronts use, the fold line with its marks, and the footer that says how to fold and where to cut.

use kurbo::{Affine, BezPath, Point, Rect};

use super::duplex::back_mirror;
use crate::compose::net::{FoldKind, fold_stroke};
use crate::model::print::sheet_settings::{Duplex, FoldLine, SheetSettings};
use crate::scene::{Colour, Item, Shape, Stroke};

/// Art keeps this far from the fold line on each side, in mm: a fold a little off the
/// line creases no art, and the strip between the halves is cut away.
pub const FOLD_CLEAR_MM: f64 = 3.0;
/// The solid mark at each end of the fold line, in mm: where to line up the fold.
const FOLD_MARK_MM: f64 = 5.0;
const FOLD_MARK_WIDTH_MM: f64 = 0.3;

/// The ways `sheet` may print a part, as packings try them: single-sided for a part
/// without `backs` (it has nothing to turn over or fold for), a fold-over sheet on either
/// fold line when it names none (the packing keeps the one that fits more), otherwise the
/// sheet as it is.
pub fn fold_choices(sheet: &SheetSettings, backs: bool) -> Vec<SheetSettings> {
    let with = |duplex: Duplex| SheetSettings { duplex, ..sheet.clone() };
    match sheet.duplex {
        _ if !backs => vec![with(Duplex::None)],
        Duplex::Fold(FoldLine::Either) => {
            vec![with(Duplex::Fold(FoldLine::Long)), with(Duplex::Fold(FoldLine::Short))]
        }
        _ => vec![sheet.clone()],
    }
}

/// The reflection across the fold line of a fold-over page (which takes each front to
/// where its back is printed); `None` unless `duplex` folds.
pub fn fold_mirror(duplex: Duplex, (width, height): (f64, f64)) -> Option<Affine> {
    matches!(duplex, Duplex::Fold(_)).then(|| back_mirror(duplex, width, height)).flatten()
}

/// Where a fold-over page of `width × height` mm folds: `Some(true)` for a vertical fold
/// line (halves left and right), `Some(false)` for a horizontal one; `None` unless `duplex`
/// folds.
fn vertical_fold(duplex: Duplex, page: (f64, f64)) -> Option<bool> {
    fold_mirror(duplex, page).map(|mirror| mirror.as_coeffs()[0] < 0.0)
}

/// The part of `area` the fronts of a fold-over page use: on the first side of the fold
/// (left of a vertical fold, above a horizontal one), [`FOLD_CLEAR_MM`] from it, and only
/// where its mirror image across the fold lies in `area` too, so every back has the room
/// its front has. `area` itself unless the page folds.
pub fn front_half(area: Rect, duplex: Duplex, page: (f64, f64)) -> Rect {
    let Some(mirror) = fold_mirror(duplex, page) else { return area };
    let both = area.intersect(mirror.transform_rect_bbox(area));
    match vertical_fold(duplex, page) {
        Some(true) => Rect { x1: both.x1.min(page.0 / 2.0 - FOLD_CLEAR_MM), ..both },
        _ => Rect { y1: both.y1.min(page.1 / 2.0 - FOLD_CLEAR_MM), ..both },
    }
}

/// `guides` (where long trimmer cuts run to) on a fold-over page: up to the fold line,
/// which is the folded sheet's edge. `guides` itself unless the page folds.
pub fn front_guides(guides: Rect, duplex: Duplex, page: (f64, f64)) -> Rect {
    match vertical_fold(duplex, page) {
        Some(true) => Rect { x1: guides.x1.min(page.0 / 2.0), ..guides },
        Some(false) => Rect { y1: guides.y1.min(page.1 / 2.0), ..guides },
        None => guides,
    }
}

/// The fold line across `area` (the items' area of the whole page, clear of the footer),
/// dash-dot as a mountain fold seen from the printed side, with a solid mark at each end;
/// nothing unless the page folds.
pub fn fold_marks(duplex: Duplex, page: (f64, f64), area: Rect) -> Vec<Item> {
    let Some(vertical) = vertical_fold(duplex, page) else { return Vec::new() };
    let (start, end) = if vertical {
        (Point::new(page.0 / 2.0, area.y0), Point::new(page.0 / 2.0, area.y1))
    } else {
        (Point::new(area.x0, page.1 / 2.0), Point::new(area.x1, page.1 / 2.0))
    };
    let along = (end - start).normalize() * FOLD_MARK_MM.min((end - start).hypot() / 3.0);
    let mut line = BezPath::new();
    line.move_to(start + along);
    line.line_to(end - along);
    let mut marks = BezPath::new();
    for (from, to) in [(start, start + along), (end - along, end)] {
        marks.move_to(from);
        marks.line_to(to);
    }
    vec![
        Item::Shape(Shape::stroked(line, fold_stroke(FoldKind::Mountain))),
        Item::Shape(Shape::stroked(marks, Stroke::solid(Colour::BLACK, FOLD_MARK_WIDTH_MM))),
    ]
}

/// The footer lines of a fold-over page: `counter` and which half holds what, then how to
/// print, fold and cut — or, on a sealed sheet, the `sealed` steps after folding.
pub fn fold_footer(
    counter: &str,
    duplex: Duplex,
    page: (f64, f64),
    sealed: Option<&str>,
) -> [String; 2] {
    let (fronts, backs) = if vertical_fold(duplex, page) == Some(true) {
        ("left", "right")
    } else {
        ("top", "bottom")
    };
    [
        format!(
            "{counter} · fronts {fronts}, backs {backs} · print one side at 100 %: the square is 10 mm outside"
        ),
        match sealed {
            Some(steps) => format!("fold on the dash-dot line, printed sides out, glue; {steps}"),
            None => format!(
                "fold on the dash-dot line, printed sides out; glue or laminate; cut on the {fronts} half's lines through both layers"
            ),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const A4: (f64, f64) = (210.0, 297.0);

    #[test]
    fn the_fronts_use_one_half_clear_of_the_fold_and_their_mirror_fits_the_other() {
        let area = Rect::new(5.0, 5.0, 205.0, 279.0);
        let long = Duplex::Fold(FoldLine::Long);
        let half = front_half(area, long, A4);
        assert_eq!(half, Rect::new(5.0, 5.0, 105.0 - FOLD_CLEAR_MM, 279.0));
        let short = Duplex::Fold(FoldLine::Short);
        // Above a horizontal fold, and as far from the top as the footer band's mirror.
        let half = front_half(area, short, A4);
        assert_eq!(half, Rect::new(5.0, 18.0, 205.0, 148.5 - FOLD_CLEAR_MM));
        let mirror = fold_mirror(short, A4).unwrap();
        let behind = mirror.transform_rect_bbox(half);
        assert_eq!(behind.union(area), area, "the backs' half lies in the area");
        assert_eq!(front_half(area, Duplex::LongEdge, A4), area);
        assert!(fold_mirror(Duplex::ShortEdge, A4).is_none());
    }

    #[test]
    fn fold_tries_both_lines_and_a_part_without_backs_prints_single_sided() {
        let mut sheet = crate::impose::packing::a4_sheet(
            crate::model::print::sheet_settings::Orientation::Auto,
        );
        sheet.duplex = Duplex::Fold(FoldLine::Either);
        let lines: Vec<Duplex> = fold_choices(&sheet, true).iter().map(|s| s.duplex).collect();
        assert_eq!(lines, [Duplex::Fold(FoldLine::Long), Duplex::Fold(FoldLine::Short)]);
        assert_eq!(fold_choices(&sheet, false)[0].duplex, Duplex::None);
        sheet.duplex = Duplex::ShortEdge;
        assert_eq!(fold_choices(&sheet, true)[0].duplex, Duplex::ShortEdge);
        assert_eq!(fold_choices(&sheet, false)[0].duplex, Duplex::None);
    }

    #[test]
    fn a_fold_along_the_long_edges_of_a_landscape_page_is_horizontal() {
        let landscape = (297.0, 210.0);
        let long = Duplex::Fold(FoldLine::Long);
        assert_eq!(vertical_fold(long, landscape), Some(false));
        assert_eq!(vertical_fold(Duplex::Fold(FoldLine::Short), landscape), Some(true));
        let mirror = fold_mirror(long, landscape).unwrap();
        assert_eq!(mirror * Point::new(10.0, 20.0), Point::new(10.0, 190.0));
        let guides = front_guides(Rect::new(2.0, 2.0, 295.0, 190.0), long, landscape);
        assert_eq!(guides.y1, 105.0);
    }

    #[test]
    fn the_fold_line_runs_across_the_area_with_a_mark_at_each_end() {
        let area = Rect::new(5.0, 5.0, 205.0, 279.0);
        let items = fold_marks(Duplex::Fold(FoldLine::Long), A4, area);
        let [Item::Shape(line), Item::Shape(marks)] = &items[..] else { panic!("{items:?}") };
        assert!(!line.stroke.as_ref().unwrap().dash_mm.is_empty(), "the line is dashed");
        let bounds = kurbo::Shape::bounding_box(&marks.path);
        assert_eq!((bounds.x0, bounds.y0, bounds.y1), (105.0, 5.0, 279.0));
        assert!(fold_marks(Duplex::None, A4, area).is_empty());
    }
}
