//! Second cues wherever a colour carries meaning (issue 49): a `hatch` on shapes filled from
//! data (cards, counters), on corner colours and on players' colours (start arrows, pawns'
//! discs, hats), accepted by the colour-vision check and measured in the PDF of the sheets
//! and the components page; several cues on one colour, one for each thing it is drawn as.

use crate::colour_vision::DECK;
use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::{Fill, StrokedPath, fills, strokes};
use common::{check_text, code, place_of, refused_in, root, scratch, text, tilepress};

/// The hatches of a page: strokes `width` mm wide in black or white, one hatch for the
/// strokes inside one clip (the PDF strokes each line on its own).
fn hatches(document: &lopdf::Document, page: u32, width: f64) -> Vec<StrokedPath> {
    let black_or_white = |c: [u8; 3]| c == [0, 0, 0] || c == [255, 255, 255];
    let hatch = |s: &StrokedPath| (s.width_mm - width).abs() < 1e-3 && black_or_white(s.colour);
    let mut found: Vec<StrokedPath> = Vec::new();
    for line in strokes(document, page).into_iter().filter(hatch) {
        match found.last_mut() {
            Some(last) if last.clip == line.clip => last.points.extend(line.points),
            _ => found.push(line),
        }
    }
    found
}

/// The spacing of a hatch's lines, measured across them: each segment lies on a line at
/// 45° (x − y or x + y constant), and successive lines' constants differ by the spacing
/// times √2.
fn spacings(hatch: &StrokedPath) -> Vec<f64> {
    let mut offsets: Vec<f64> = hatch
        .points
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            assert!(((x1 - x0).abs() - (y1 - y0).abs()).abs() < 1e-3, "at 45°: {pair:?}");
            if (x1 - x0) * (y1 - y0) > 0.0 { x0 - y0 } else { x0 + y0 }
        })
        .collect();
    offsets.sort_by(f64::total_cmp);
    offsets.windows(2).map(|w| (w[1] - w[0]) / 2f64.sqrt()).collect()
}

/// The middle of a hatch: the mean of its segments' midpoints (the lines run over its
/// area's bounds, so this lies at the middle of the area).
fn middle(hatch: &StrokedPath) -> (f64, f64) {
    let mids: Vec<(f64, f64)> = hatch
        .points
        .chunks(2)
        .map(|p| ((p[0].0 + p[1].0) / 2.0, (p[0].1 + p[1].1) / 2.0))
        .collect();
    let n = mids.len() as f64;
    (mids.iter().map(|m| m.0).sum::<f64>() / n, mids.iter().map(|m| m.1).sum::<f64>() / n)
}

/// Whether `point` lies in the bounds of `fill`.
fn inside(point: (f64, f64), fill: &Fill) -> bool {
    let (x0, y0, x1, y1) = common::pdf::bounds(&fill.points);
    (x0..=x1).contains(&point.0) && (y0..=y1).contains(&point.1)
}

/// Every hatch on the pages of `pdf`, drawn at `scale`, has lines 0.4 mm wide 2.5 mm apart
/// (times `scale`; lines no thinner than `least_mm`) and lies over a fill of `colour`; their
/// count.
fn hatches_over(pdf: &Path, colour: [u8; 3], scale: f64, least_mm: f64) -> usize {
    let document = lopdf::Document::load(pdf).unwrap();
    let mut count = 0;
    for page in 1..=document.get_pages().len() as u32 {
        let found = hatches(&document, page, (0.4 * scale).max(least_mm));
        let areas: Vec<Fill> =
            fills(&document, page).into_iter().filter(|f| f.colour == colour).collect();
        for hatch in &found {
            let apart = spacings(hatch);
            let spaced = |d: &f64| (d - 2.5 * scale).abs() < 0.01;
            assert!(!apart.is_empty() && apart.iter().all(spaced), "{apart:?} {hatch:?}");
            let at = middle(hatch);
            assert!(areas.iter().any(|a| inside(at, a)), "a hatch at {at:?} over no {colour:?}");
        }
        count += found.len();
    }
    count
}

/// `file` in `dir` checks clean and builds its PDFs into `dir/out`.
fn clean_and_built(dir: &Path, file: &str) {
    let check = tilepress(dir, &["check", file]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let build = tilepress(dir, &["build", file, "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
}

const GREEN: [u8; 3] = [0x1f, 0x9e, 0x45];

const CARDS: &str = "name,kind\nfire,red\nwater,blue\nleaf,green\nember,red\nmoss,green\n";

#[test]
fn a_hatch_tells_colours_from_data_apart_on_sheets_and_the_components_page() {
    let dir = scratch("cue-data-fill");
    fs::write(dir.join("cards.csv"), CARDS).unwrap();
    fs::write(dir.join("d.toml"), DECK).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "{out}{err}");
    let help = "give one a second cue ([cues] green = \"hatch\" on the shapes it fills)";
    assert!(format!("{out}{err}").contains(help), "{out}{err}");
    let cued = DECK.replace("[faces.front]", "[cues]\ngreen = \"hatch\"\n\n[faces.front]");
    fs::write(dir.join("d.toml"), &cued).unwrap();
    clean_and_built(&dir, "d.toml");
    // Two green cards of five, each hatched over its green shape; red and blue plain.
    assert_eq!(hatches_over(&dir.join("out/d/d-cards.pdf"), GREEN, 1.0, 0.0), 2);
    // The components page draws each distinct card once (leaf and moss are one), at its
    // scale (the green shape's width over its 40 mm): the green card hatched, the hatch
    // scaled with it, its lines widened to the page's 0.25 mm floor as every line there is.
    let components = tilepress(&dir, &["components", "d.toml", "-o", "comp"]);
    assert_eq!(code(&components), 0, "{}", text(&components).1);
    let page = dir.join("comp/d/d-components.pdf");
    let shapes = fills(&lopdf::Document::load(&page).unwrap(), 1);
    let green = shapes.iter().find(|f| f.colour == GREEN).expect("a green card");
    let (x0, _, x1, _) = common::pdf::bounds(&green.points);
    let scale = (x1 - x0) / 40.0;
    assert!(scale < 0.5, "{scale}");
    assert_eq!(hatches_over(&page, GREEN, scale, 0.25), 1);
}

#[test]
fn corner_colours_are_compared_and_a_hatch_tells_them_apart() {
    let shipped = fs::read_to_string(root().join("tests/designs/wang-corners.toml")).unwrap();
    let red_green =
        shipped.replace("sea = \"#2c6fbb\"", "sea = \"#1f9e45\"").replace("#e9c46a", "#d62828");
    let (status, out) = check_text("cue-corners", "w.toml", &red_green);
    assert_eq!(status, 1, "{out}");
    let at = place_of(&red_green, "\"#d62828\"");
    let wanted = format!("w.toml:{at}: problem: sea and land look alike to deuteranopes");
    assert!(out.contains(&wanted), "{out}");
    assert!(out.contains("[cues] land = \"hatch\" on its areas"), "{out}");
    let cued = red_green.replace("[style]", "[cues]\nsea = \"hatch\"\n\n[style]");
    let dir = scratch("cue-corners-hatched");
    fs::write(dir.join("w.toml"), &cued).unwrap();
    clean_and_built(&dir, "w.toml");
    // Sixteen tiles, every colouring of four corners: 32 sea corners, each hatched.
    assert_eq!(hatches_over(&dir.join("out/w/w.pdf"), GREEN, 1.0, 0.0), 32);
}

#[test]
fn a_hatch_on_a_players_colour_is_drawn_on_its_arrow_discs_and_hats() {
    // Trans-Rabat with a cream player beside the white one: alike to everyone until the
    // cream player's colour is hatched.
    let shipped = fs::read_to_string(root().join("designs/trans-rabat.toml")).unwrap();
    let cream = shipped.replace("orange = \"#f08a24\"", "orange = \"#f4efe4\"");
    let (status, out) = check_text("cue-players", "trans-rabat.toml", &cream);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("[cues] orange = \"hatch\" on its areas"), "{out}");
    let cued = cream.replace("[sheet]", "[cues]\norange = \"hatch\"\n\n[sheet]");
    let dir = scratch("cue-players-hatched");
    fs::write(dir.join("trans-rabat.toml"), &cued).unwrap();
    clean_and_built(&dir, "trans-rabat.toml");
    let cream_rgb = [0xf4, 0xef, 0xe4];
    let folder = dir.join("out/trans-rabat");
    let mut by_file = Vec::new();
    for entry in fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pdf") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            by_file.push((name, hatches_over(&path, cream_rgb, 1.0, 0.0)));
        }
    }
    by_file.sort();
    let count = |part: &str| {
        by_file.iter().filter(|(n, _)| n.contains(part)).map(|(_, c)| c).sum::<usize>()
    };
    // The board's start arrow; the orange player's three pawns (a disc on each of four
    // faces) and three hats.
    assert_eq!(count("board"), 1, "{by_file:?}");
    assert_eq!(count("nets"), 3 * 4 + 3, "{by_file:?}");
}

#[test]
fn a_colour_carries_a_cue_for_its_lines_and_one_for_its_areas() {
    // Green lines on tiles, and green cards: double on the lines, hatched on the cards (the
    // documented example).
    let design = &common::doc_example("A colour drawn as more than one thing carries one cue");
    let (status, out) = check_text("cue-both", "d.toml", design);
    assert_eq!(status, 0, "{out}");
    let dir = scratch("cue-both-built");
    fs::write(dir.join("d.toml"), design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    // The cards share the tiles' sheet (`[sheet] share`).
    assert_eq!(hatches_over(&dir.join("out/d/d.pdf"), GREEN, 1.0, 0.0), 1);
    // The tiles' green lines are double: a black middle a third of the line's width.
    let document = lopdf::Document::load(dir.join("out/d/d.pdf")).unwrap();
    let all = strokes(&document, 1);
    let green = all.iter().filter(|s| s.colour == GREEN && (s.width_mm - 4.0).abs() < 1e-3).count();
    let middles = all
        .iter()
        .filter(|s| s.colour == [0, 0, 0] && (s.width_mm - 4.0 / 3.0).abs() < 1e-3)
        .count();
    assert!(green > 0 && middles == green, "{green} green lines, {middles} middles");
    // Without the hatch, the cards' red and green are a problem; without the double, the
    // lines' (one cue does not stand for the other).
    for (one, other) in [("[\"double\"]", "fill"), ("[\"hatch\"]", "lines")] {
        let fewer = design.replace("[\"double\", \"hatch\"]", one);
        let (status, out) = check_text("cue-one-of-two", "d.toml", &fewer);
        assert_eq!(status, 1, "{one}: {out}");
        assert!(
            out.contains("red and green look alike") || out.contains("green and red look alike"),
            "{other}: {out}"
        );
    }
}

#[test]
fn two_cues_for_one_thing_a_cue_that_is_not_a_name_and_a_hatch_on_a_small_shape_are_refused() {
    let cases = [
        (
            "green = [\"dashes\", \"double\"]",
            "`green` has two cues for its lines: `dashes` and `double`",
        ),
        ("green = 3", "a cue is a name or a list of names"),
        ("green = [\"hatch\", \"stripey\"]", "unknown cue `stripey`"),
    ];
    let base = DECK;
    for (cue, wanted) in cases {
        let bad = base.replace("[faces.front]", &format!("[cues]\n{cue}\n\n[faces.front]"));
        let dir = scratch("cue-bad");
        fs::write(dir.join("cards.csv"), CARDS).unwrap();
        fs::write(dir.join("bad.toml"), &bad).unwrap();
        let err = refused_in(&dir);
        let at = place_of(&bad, &cue[cue.find('=').unwrap() + 2..]);
        assert!(err.contains(&format!("bad.toml:{at}: error: {wanted}")), "{cue}: {err}");
    }
    // A hatch on a shape smaller than two of its lines' spacing: at the fill.
    let small = DECK
        .replace("[faces.front]", "[cues]\ngreen = \"hatch\"\n\n[faces.front]")
        .replace("box_mm = [40, 60]", "box_mm = [4, 60]");
    let dir = scratch("cue-bad-small");
    fs::write(dir.join("cards.csv"), CARDS).unwrap();
    fs::write(dir.join("bad.toml"), &small).unwrap();
    let err = refused_in(&dir);
    let at = place_of(&small, "\"{kind}\"");
    let wanted = format!(
        "bad.toml:{at}: error: green carries the cue `hatch`, whose lines, 2.5 mm apart, a shape 4 mm across would show fewer than two of"
    );
    assert!(err.contains(&wanted), "{err}");
}

/// `design` (a shipped design's text, as `name`.toml) and the shipped diagram `diagram` of
/// it in a scratch project of the same layout; the diagram and the components page built.
pub fn diagram_and_components(
    scratch_name: &str,
    name: &str,
    design: &str,
    diagram: &str,
) -> std::path::PathBuf {
    let dir = scratch(scratch_name);
    fs::create_dir_all(dir.join("designs")).unwrap();
    fs::create_dir_all(dir.join("diagrams")).unwrap();
    fs::write(dir.join(format!("designs/{name}.toml")), design).unwrap();
    let shipped = root().join(format!("diagrams/{diagram}.toml"));
    fs::copy(shipped, dir.join(format!("diagrams/{diagram}.toml"))).unwrap();
    let check = tilepress(&dir, &["check", &format!("designs/{name}.toml")]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let drawn = tilepress(&dir, &["diagram", &format!("diagrams/{diagram}.toml"), "-o", "d"]);
    assert_eq!(code(&drawn), 0, "{}", text(&drawn).1);
    let components = tilepress(&dir, &["components", &format!("designs/{name}.toml"), "-o", "c"]);
    assert_eq!(code(&components), 0, "{}", text(&components).1);
    dir
}

#[test]
fn a_hatch_measures_on_a_diagram_and_the_components_page_at_their_scale() {
    // Thornmere's burghs hatched: on the laying diagram (one burgh across two tiles) and
    // on the components page, each at its own scale: the tile's 40 mm meadow ground as
    // drawn there.
    let shipped = fs::read_to_string(root().join("designs/thornmere.toml")).unwrap();
    let hatched = shipped.replacen("[style]", "[cues]\nburgh = \"hatch\"\n\n[style]", 1);
    assert_ne!(hatched, shipped);
    let dir =
        diagram_and_components("cue-hatch-diagram", "thornmere", &hatched, "thornmere-laying");
    let (meadow, burgh) = ([0x7f, 0xae, 0x4e], [0x8a, 0x4b, 0x2a]);
    let scale_of = |pdf: &Path| {
        let document = lopdf::Document::load(pdf).unwrap();
        let widest = fills(&document, 1)
            .iter()
            .filter(|f| f.colour == meadow)
            .map(|f| {
                let (x0, _, x1, _) = common::pdf::bounds(&f.points);
                x1 - x0
            })
            .fold(0.0, f64::max);
        widest / 40.0
    };
    let diagram = dir.join("d/thornmere-laying.pdf");
    let scale = scale_of(&diagram);
    assert!(scale > 0.2 && scale < 1.0, "{scale}");
    // The burgh's two halves, one on each tile, hatched 2.5 mm × the scale apart.
    assert_eq!(hatches_over(&diagram, burgh, scale, 0.25), 2);
    let page = dir.join("c/thornmere/thornmere-components.pdf");
    let scale = scale_of(&page);
    assert!(scale > 0.1 && scale < 1.0, "{scale}");
    assert!(hatches_over(&page, burgh, scale, 0.25) > 0);
}
