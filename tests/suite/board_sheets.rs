//! Geometry of a board split over sheets: sheets laid on each other's alignment marks put
//! every printed cell back where the board has it, at 100 %; and pages have the paper size.

use kurbo::{PathEl, Point, Rect, Shape as _};
use tilepress::compose::board::board_frame;
use tilepress::impose::tiled_board::{MARK_RADIUS_MM, plan, tile_frame};
use tilepress::model::load;
use tilepress::scene::{Item, Page, Role};

use crate::common;

/// Filled triangles on a page (cells wholly on it), as their three corners.
fn triangles(page: &Page) -> Vec<[Point; 3]> {
    let mut found = Vec::new();
    for layer in page.layers.iter().filter(|l| l.role == Role::Art) {
        for item in &layer.items {
            let Item::Shape(shape) = item else { continue };
            if shape.fill.is_none() || shape.stroke.is_some() {
                continue;
            }
            let points: Vec<Point> = shape
                .path
                .elements()
                .iter()
                .filter_map(|e| match e {
                    PathEl::MoveTo(p) | PathEl::LineTo(p) => Some(*p),
                    _ => None,
                })
                .collect();
            if let [a, b, c] = points[..] {
                found.push([a, b, c]);
            }
        }
    }
    found
}

/// The colour printed at `p`: the fill of the topmost art shape holding it.
fn colour_at(page: &Page, p: Point) -> Option<tilepress::scene::Colour> {
    let mut colour = None;
    for layer in page.layers.iter().filter(|l| l.role == Role::Art) {
        for item in &layer.items {
            if let Item::Shape(s) = item
                && s.fill.is_some()
                && s.path.contains(p)
            {
                colour = s.fill;
            }
        }
    }
    colour
}

/// Centres of the alignment marks' circles on a page.
fn marks(page: &Page) -> Vec<Point> {
    let mut found: Vec<Point> = page
        .layers
        .iter()
        .filter(|l| l.role == Role::Marks)
        .flat_map(|l| l.items.iter())
        .filter_map(|item| match item {
            Item::Shape(s) => Some(s.path.bounding_box()),
            _ => None,
        })
        .filter(|b| {
            (b.width() - 2.0 * MARK_RADIUS_MM).abs() < 1e-6
                && (b.height() - 2.0 * MARK_RADIUS_MM).abs() < 1e-6
        })
        .map(|b| b.center())
        .collect();
    found.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    found
}

#[test]
fn sheets_laid_on_their_marks_rebuild_the_board_at_full_size() {
    let (_, design) = load(&common::root().join("designs/trans-rabat.toml")).expect("design loads");
    let board = design.board.as_ref().expect("a board");
    let (frame, _) = board_frame(board, &design.players, &design.palette);
    let plan = plan(frame.bounds, &design.sheet, board.overlap_mm).expect("a plan");
    let document = tile_frame(&design.name, "board", &frame, None, &plan, design.sheet.margin_mm);
    assert_eq!(document.pages.len(), plan.sheets());
    assert!(plan.sheets() >= 2, "a 320 mm board does not fit one A4 sheet");
    for page in &document.pages {
        let (w, h) = (page.width_mm.min(page.height_mm), page.width_mm.max(page.height_mm));
        assert_eq!((w, h), (210.0, 297.0), "{}", page.label);
    }
    // Whole cells print at the board's size.
    // (Pieces cut at the edge of what a sheet shows have a corner on it and are left out.)
    let on_edge = |p: &Point, a: Rect| {
        [p.x - a.x0, a.x1 - p.x, p.y - a.y0, a.y1 - p.y].iter().any(|d| d.abs() < 1e-6)
    };
    let mut cells: Vec<[Point; 3]> = Vec::new();
    for (index, page) in document.pages.iter().enumerate() {
        let (row, column) = (index / plan.columns, index % plan.columns);
        let shown = plan.placement(frame.bounds, row, column).transform_rect_bbox(plan.window(
            frame.bounds,
            row,
            column,
        ));
        cells.extend(triangles(page).into_iter().filter(|t| !t.iter().any(|p| on_edge(p, shown))));
    }
    assert!(cells.len() > 50, "{} whole cells", cells.len());
    for t in &cells {
        for i in 0..3 {
            let edge = t[i].distance(t[(i + 1) % 3]);
            assert!((edge - board.edge_mm).abs() < 1e-6, "a cell edge prints {edge} mm");
        }
    }
    let mut seams = 0;
    for row in 0..plan.rows {
        for column in 0..plan.columns {
            let here = &document.pages[row * plan.columns + column];
            let neighbours = [
                (column + 1 < plan.columns).then(|| row * plan.columns + column + 1),
                (row + 1 < plan.rows).then(|| (row + 1) * plan.columns + column),
            ];
            for next in neighbours.into_iter().flatten() {
                let there = &document.pages[next];
                // The marks of this seam: the ones both sheets carry, in the same order.
                let (a, b) = (marks(here), marks(there));
                let shifts: Vec<kurbo::Vec2> =
                    a.iter().flat_map(|p| b.iter().map(move |q| *p - *q)).collect();
                // The shift that takes at least two marks of `there` onto marks of `here`
                // (not zero: sheets of equal pieces print their other seams' marks at the
                // same page points, but a neighbour lies a piece away).
                let shift = shifts
                    .iter()
                    .filter(|s| s.hypot() > 1.0)
                    .find(|s| shifts.iter().filter(|t| (**t - **s).hypot() < 1e-6).count() >= 2)
                    .copied()
                    .unwrap_or_else(|| {
                        panic!("no two marks of {} land on {}", there.label, here.label)
                    });
                seams += 1;
                // Around every mark (inside the overlap strip) both sheets print the same
                // colour at the same board point.
                let mut matched = 0;
                for m in a.iter().filter(|m| b.iter().any(|q| (*q + shift).distance(**m) < 1e-6)) {
                    for i in -10..=10 {
                        for j in -10..=10 {
                            let p = *m + kurbo::Vec2::new(f64::from(i) * 0.5, f64::from(j) * 0.5);
                            assert_eq!(colour_at(here, p), colour_at(there, p - shift), "at {p:?}");
                            matched += 1;
                        }
                    }
                }
                assert!(matched > 0, "no mark of {} lands on {}", there.label, here.label);
            }
        }
    }
    assert_eq!(seams, plan.rows * (plan.columns - 1) + plan.columns * (plan.rows - 1));
    // The sheets' windows cover the whole board.
    let covered = (0..plan.rows).flat_map(|r| (0..plan.columns).map(move |c| (r, c))).fold(
        Rect::ZERO,
        |acc, (r, c)| {
            let w = plan.window(frame.bounds, r, c);
            if acc == Rect::ZERO { w } else { acc.union(w) }
        },
    );
    assert!((covered.area() - frame.bounds.area()).abs() < 1e-6);
}

#[test]
fn the_tranglar_sized_board_on_a5_needs_more_sheets_than_on_a3() {
    let (_, mut design) =
        load(&common::root().join("designs/trans-rabat.toml")).expect("design loads");
    let board = design.board.clone().expect("a board");
    let (frame, _) = board_frame(&board, &design.players, &design.palette);
    let count = |design: &tilepress::model::Design| {
        plan(frame.bounds, &design.sheet, board.overlap_mm).map(|p| p.sheets())
    };
    let a4 = count(&design);
    design.sheet.paper_mm = (148.0, 210.0);
    let a5 = count(&design);
    design.sheet.paper_mm = (297.0, 420.0);
    let a3 = count(&design);
    assert!(a5 > a4 && a4 > a3, "{a5:?} {a4:?} {a3:?}");
}
