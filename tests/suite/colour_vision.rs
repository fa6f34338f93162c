//! The colour-vision check (issue 49): colours a player must tell apart — a rule's line
//! colours, colours from data, map terrains, players' colours — compared as dichromats see
//! them; second cues on lines measured in the PDF (tiles, diagrams, components page); bad
//! cues and thresholds refused at their key.

use crate::common;

use std::fs;
use std::path::Path;

use common::pdf::{PT_PER_MM, page_forms};
use common::{check_text, code, place_of, refused_in, root, scratch, text, tilepress};
use lopdf::content::Content;

/// Three straight lines through a hexagon in three colours: the rule derives two tiles.
fn straights(second: &str, extra: &str) -> String {
    format!(
        r##"[set]
name = "Straights"
shape = "hexagon"
edge_mm = 20.0

[style]
background = "black"
line_width_mm = 4.0

[palette]
black = "#000000"
red = "#d62828"
second = "{second}"
blue = "#1d5fd1"
{extra}
[rule]
colours = ["red", "second", "blue"]
slot_kinds = ["line"]
joins = "every"
join_spans = [3]
distinct_line_colours = true
symmetry = "rotation"

[[tiles]]
number = 1
edges = ["red", "second", "blue", "red", "second", "blue"]

[[tiles]]
number = 2
edges = ["red", "blue", "second", "red", "blue", "second"]
"##
    )
}

const GREEN: &str = "#1f9e45";
const YELLOW: &str = "#f7c600";

#[test]
fn red_and_green_rule_lines_are_reported_for_deuteranopes_at_the_palette_line() {
    let design = straights(GREEN, "");
    let (status, out) = check_text("cv-red-green", "d.toml", &design);
    assert_eq!(status, 1, "{out}");
    let at = place_of(&design, &format!("\"{GREEN}\""));
    let wanted =
        format!("d.toml:{at}: problem: red and second look alike to deuteranopes (ΔE 6.9 < 10)");
    assert!(out.contains(&wanted), "{out}");
    assert!(out.contains("help: give one a second cue ([cues] second = "), "{out}");
    assert_eq!(out.matches("look alike").count(), 1, "one problem per pair: {out}");
}

#[test]
fn red_yellow_and_blue_lines_pass() {
    let (status, out) = check_text("cv-red-yellow", "d.toml", &straights(YELLOW, ""));
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("complete and consistent"), "{out}");
}

#[test]
fn a_cue_on_one_of_two_alike_colours_passes_and_a_threshold_can_be_raised() {
    for cue in ["dashes", "stripe", "double", "dots"] {
        let extra = format!("\n[cues]\nsecond = \"{cue}\"\n");
        let (status, out) = check_text("cv-cued", "d.toml", &straights(GREEN, &extra));
        assert_eq!(status, 0, "{cue}: {out}");
    }
    // The same cue on both tells them apart no better.
    let both = "\n[cues]\nsecond = \"dots\"\nred = \"dots\"\n";
    let (status, out) = check_text("cv-cued-both", "d.toml", &straights(GREEN, both));
    assert_eq!(status, 1, "{out}");
    // Red and yellow pass the default; the largest threshold asks more than they give.
    let strict = "\n[check]\ncolour_difference = 50\n";
    let (status, out) = check_text("cv-strict", "d.toml", &straights(YELLOW, strict));
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("red and second look alike to") && out.contains("< 50)"), "{out}");
}

/// A deck whose fronts take their fill from the data's `kind`.
pub const DECK: &str = r##"[set]
name = "Deck"

[palette]
ink = "#ffffff"
red = "#d62828"
green = "#1f9e45"
blue = "#1d5fd1"

[faces.front]
layers = [{ shape = "rectangle", box_mm = [40, 60], fill = "{kind}" }]

[faces.back]
layers = [{ text = "back", size_mm = 4, colour = "#000000" }]

[[decks]]
name = "cards"
size = "poker"
front = "front"
back = "back"
data = "cards.csv"
"##;

#[test]
fn colours_from_data_are_reported_at_the_data_row() {
    let dir = scratch("cv-data");
    fs::write(dir.join("d.toml"), DECK).unwrap();
    fs::write(dir.join("cards.csv"), "name,kind\nfire,red\nwater,blue\nleaf,green\nember,red\n")
        .unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "{out}{err}");
    let all = format!("{out}{err}");
    // `green` first comes on line 4 of the file, in its second column.
    let at = place_of(DECK, "\"{kind}\"");
    let wanted = format!(
        "cards.csv:4:2: problem: green and red look alike to deuteranopes (ΔE 6.9 < 10) (values of `fill` at line {}, column {} of the design, from data)",
        at.split(':').next().unwrap(),
        at.split(':').nth(1).unwrap()
    );
    assert!(all.contains(&wanted), "{all}");
    // A face that also writes its field tells the two apart by more than colour.
    let named = DECK.replace(
        "fill = \"{kind}\" }]",
        "fill = \"{kind}\" }, { text = \"{name}\", size_mm = 4, colour = \"ink\" }]",
    );
    fs::write(dir.join("d.toml"), named).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
}

#[test]
fn map_terrains_are_compared() {
    let design = &HATCHED_MAP.replace("[cues]\nforest = \"hatch\"\n", "");
    let dir = scratch("cv-map");
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join("terrain.csv"), "cell,terrain\nA1,wood\nB1,sand\nC2,sea\n").unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    assert_eq!(code(&check), 1, "{out}{err}");
    let at = place_of(design, "\"#d62828\"");
    let wanted = format!("d.toml:{at}: problem: desert and forest look alike to deuteranopes");
    assert!(format!("{out}{err}").contains(&wanted), "{out}{err}");
    let help = "help: give one a second cue ([cues] desert = \"hatch\" on its areas) or change one";
    assert!(format!("{out}{err}").contains(help), "{out}{err}");
}

#[test]
fn players_colours_are_compared() {
    // Trans-Rabat's players are white, black and orange; a cream player would look like
    // the white one to everyone.
    let shipped = fs::read_to_string(root().join("designs/trans-rabat.toml")).unwrap();
    let cream = shipped.replace("orange = \"#f08a24\"", "orange = \"#f4efe4\"");
    assert_ne!(cream, shipped);
    let (status, out) = check_text("cv-players", "trans-rabat.toml", &cream);
    assert_eq!(status, 1, "{out}");
    let at = place_of(&cream, "\"#f4efe4\"");
    assert!(
        out.contains(&format!("trans-rabat.toml:{at}: problem: white and orange look alike")),
        "{out}"
    );
}

#[test]
fn every_shipped_design_tells_its_colours_apart() {
    for design in ["tantrix", "triles", "tranglar", "trans-rabat", "saltmarsh", "lanterns-of-keld"]
    {
        let check = tilepress(&root(), &["check", &format!("designs/{design}.toml")]);
        let (out, err) = text(&check);
        assert!(!format!("{out}{err}").contains("look alike"), "{design}: {out}{err}");
    }
}

/// Every stroke on page 1 of `pdf` and its forms: (colour 0–255, width, dash), in pt.
fn strokes(pdf: &Path) -> Vec<([u8; 3], f64, Vec<f64>)> {
    strokes_on(pdf, 1)
}

/// Every stroke on page `number` of `pdf` and its forms: (colour 0–255, width, dash), in pt.
fn strokes_on(pdf: &Path, number: u32) -> Vec<([u8; 3], f64, Vec<f64>)> {
    let document = lopdf::Document::load(pdf).unwrap();
    let page = document.get_pages()[&number];
    let mut streams = vec![document.get_page_content(page)];
    streams.extend(page_forms(&document, page).into_iter().filter_map(|(_, form)| form));
    let mut found = Vec::new();
    for stream in streams {
        let (mut colour, mut width, mut dash) = ([0u8; 3], 0.0, Vec::new());
        for op in Content::decode(&stream).unwrap().operations {
            let numbers: Vec<f64> = op.operands.iter().map(common::pdf::number_or_nan).collect();
            match op.operator.as_str() {
                "RG" => colour = [0, 1, 2].map(|i| (numbers[i] * 255.0).round() as u8),
                "w" => width = numbers[0],
                "d" => {
                    let lengths = op.operands[0].as_array().unwrap();
                    dash = lengths.iter().map(common::pdf::number).collect();
                }
                "S" => found.push((colour, width, dash.clone())),
                _ => {}
            }
        }
    }
    found
}

const GREEN_RGB: [u8; 3] = [0x1f, 0x9e, 0x45];

/// The widths of Tantrix's green lines and of the black stripes between their halves.
fn green_and_middles(strokes: &[([u8; 3], f64, Vec<f64>)]) -> (Vec<f64>, Vec<f64>) {
    let green: Vec<f64> = strokes.iter().filter(|s| s.0 == GREEN_RGB).map(|s| s.1).collect();
    let line = green.iter().copied().fold(0.0, f64::max);
    let middles = strokes
        .iter()
        .filter(|s| s.0 == [0, 0, 0] && (s.1 * 3.0 - line).abs() < 0.01 * line)
        .map(|s| s.1)
        .collect();
    (green, middles)
}

#[test]
fn tantrix_green_lines_are_double_on_tiles_diagrams_and_the_components_page() {
    let dir = scratch("cv-tantrix-double");
    let build = tilepress(
        &root(),
        &[
            "build",
            "designs/tantrix.toml",
            "-o",
            dir.join("out").to_str().unwrap(),
            "--format",
            "pdf",
        ],
    );
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let sheet = strokes(&dir.join("out/tantrix/tantrix.pdf"));
    let (green, middles) = green_and_middles(&sheet);
    // On the sheet, at full size: 4.8 mm lines, their middle third (1.6 mm) black.
    assert!(!green.is_empty());
    for width in &green {
        assert!((width / PT_PER_MM - 4.8).abs() < 0.01, "{width}");
    }
    assert_eq!(middles.len(), green.len(), "every green line doubled");
    assert!((middles[0] / PT_PER_MM - 1.6).abs() < 0.01, "{}", middles[0]);
    // The same on a diagram and the components page, at their own scale.
    let diagram = tilepress(
        &root(),
        &["diagram", "diagrams/tantrix-forced-space.toml", "-o", dir.join("d").to_str().unwrap()],
    );
    assert_eq!(code(&diagram), 0, "{}", text(&diagram).1);
    let components = tilepress(
        &root(),
        &["components", "designs/tantrix.toml", "-o", dir.join("c").to_str().unwrap()],
    );
    assert_eq!(code(&components), 0, "{}", text(&components).1);
    for pdf in
        [dir.join("d/tantrix-forced-space.pdf"), dir.join("c/tantrix/tantrix-components.pdf")]
    {
        // Scaled: the lines thinner than on the sheet, their middles a third as wide.
        let (green, middles) = green_and_middles(&strokes(&pdf));
        assert!(!green.is_empty() && !middles.is_empty(), "{}", pdf.display());
        let line = green[0];
        assert!(green.iter().all(|w| (w - line).abs() < 1e-3), "{green:?}");
        assert!(line < 4.8 * PT_PER_MM, "{line}");
    }
}

#[test]
fn dashes_measure_one_and_a_half_line_widths_half_a_width_apart() {
    let shipped = fs::read_to_string(root().join("designs/tantrix.toml")).unwrap();
    let dashed = shipped.replace("green = \"double\"", "green = \"dashes\"");
    let dir = scratch("cv-dashes");
    fs::write(dir.join("t.toml"), dashed).unwrap();
    let build = tilepress(&dir, &["build", "t.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let sheet = strokes(&dir.join("out/t/t.pdf"));
    let green: Vec<_> = sheet.iter().filter(|s| s.0 == GREEN_RGB).collect();
    assert!(!green.is_empty());
    for (_, _, dash) in green {
        let mm: Vec<f64> = dash.iter().map(|d| d / PT_PER_MM).collect();
        assert!(
            mm.len() == 2 && (mm[0] - 7.2).abs() < 0.01 && (mm[1] - 2.4).abs() < 0.01,
            "{mm:?}"
        );
    }
    // Other colours stay solid.
    assert!(sheet.iter().filter(|s| s.0 == [0xd6, 0x28, 0x28]).all(|s| s.2.is_empty()));
}

#[test]
fn dashes_keep_their_proportions_on_a_diagram_and_the_components_page() {
    // Tantrix's green dashed: the diagram and the components page draw its lines smaller,
    // their dashes 1.5 and gaps 0.5 of the line's width as drawn there.
    let shipped = fs::read_to_string(root().join("designs/tantrix.toml")).unwrap();
    let dashed = shipped.replace("green = \"double\"", "green = \"dashes\"");
    let dir = crate::colour_cues_everywhere::diagram_and_components(
        "cv-dashes-scaled",
        "tantrix",
        &dashed,
        "tantrix-forced-space",
    );
    for pdf in
        [dir.join("d/tantrix-forced-space.pdf"), dir.join("c/tantrix/tantrix-components.pdf")]
    {
        let green: Vec<_> = strokes(&pdf).into_iter().filter(|s| s.0 == GREEN_RGB).collect();
        assert!(!green.is_empty(), "{}", pdf.display());
        for (_, width, dash) in green {
            assert!(width < 4.8 * PT_PER_MM, "drawn smaller than on the sheet: {width}");
            let of_width: Vec<f64> = dash.iter().map(|d| d / width).collect();
            assert!(
                of_width.len() == 2
                    && (of_width[0] - 1.5).abs() < 1e-3
                    && (of_width[1] - 0.5).abs() < 1e-3,
                "{}: {of_width:?}",
                pdf.display()
            );
        }
    }
}

#[test]
fn a_two_faced_tiles_back_carries_its_colours_cues() {
    // After Trax: curves on the front, crossing straights on the back, red dashed; the
    // back page (printed behind the front) draws the red straights dashed as the front's
    // curves, the white ones solid.
    let shipped = fs::read_to_string(root().join("tests/designs/two-faced-squares.toml")).unwrap();
    let dashed = shipped.replacen("[rule]", "[cues]\nred = \"dashes\"\n\n[rule]", 1);
    assert_ne!(dashed, shipped);
    let (status, out) = check_text("cv-two-faced", "t.toml", &dashed);
    assert_eq!(status, 0, "{out}");
    let dir = scratch("cv-two-faced-built");
    fs::write(dir.join("t.toml"), &dashed).unwrap();
    let build = tilepress(&dir, &["build", "t.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = dir.join("out/t/t.pdf");
    for (page, side) in [(1, "front"), (2, "back")] {
        let all = strokes_on(&pdf, page);
        let red: Vec<_> = all.iter().filter(|s| s.0 == [0xd6, 0x28, 0x28]).collect();
        assert!(!red.is_empty(), "red lines on the {side}");
        for (_, width, dash) in red {
            let mm: Vec<f64> = dash.iter().map(|d| d / PT_PER_MM).collect();
            let w = width / PT_PER_MM;
            assert!((w - 4.0).abs() < 0.01, "{side}: {w}");
            assert!(
                mm.len() == 2 && (mm[0] - 1.5 * w).abs() < 0.01 && (mm[1] - 0.5 * w).abs() < 0.01,
                "{side}: {mm:?}"
            );
        }
        assert!(
            all.iter()
                .filter(|s| s.0 == [255, 255, 255] && (s.1 / PT_PER_MM - 4.0).abs() < 0.01)
                .all(|s| s.2.is_empty()),
            "{side}: white lines solid"
        );
    }
}

#[test]
fn bad_cues_and_thresholds_are_refused_at_their_key() {
    let cases = [
        (
            "\n[cues]\nsecond = \"dahses\"\n",
            "\"dahses\"",
            "unknown cue `dahses`",
            "did you mean `dashes`?",
        ),
        (
            "\n[cues]\nsecnd = \"dots\"\n",
            "\"dots\"",
            "unknown colour `secnd`",
            "did you mean `second`?",
        ),
        (
            "\n[cues]\nblack = \"dots\"\n",
            "\"dots\"",
            "`black` carries the cue `dots`, but no line of the design is black",
            "a line cue is drawn on a colour's lines",
        ),
        (
            "\n[check]\ncolour_difference = 0.5\n",
            "0.5",
            "`colour_difference` is 0.5, out of range",
            "from 1",
        ),
        (
            "\n[check]\ncolour_difference = 80\n",
            "80",
            "`colour_difference` is 80, out of range",
            "to 50",
        ),
    ];
    for (extra, needle, message, help) in cases {
        let design = straights(GREEN, extra);
        let dir = scratch("cv-bad");
        fs::write(dir.join("bad.toml"), &design).unwrap();
        let err = refused_in(&dir);
        let at = place_of(&design, needle);
        assert!(err.contains(&format!("bad.toml:{at}: error: {message}")), "{extra}: {err}");
        assert!(err.contains(help), "{extra}: {err}");
    }
    // A stripe a quarter of 0.8 mm lines is 0.2 mm: finer than prints.
    let thin = straights(GREEN, "\n[cues]\nsecond = \"stripe\"\n")
        .replace("line_width_mm = 4.0", "line_width_mm = 0.8");
    let dir = scratch("cv-bad-thin");
    fs::write(dir.join("bad.toml"), &thin).unwrap();
    let err = refused_in(&dir);
    let at = place_of(&thin, "\"stripe\"");
    assert!(
        err.contains(&format!("bad.toml:{at}: error: the cue `stripe` on second's 0.8 mm lines has parts 0.20 mm wide, finer than the 0.25 mm that prints")),
        "{err}"
    );
}

#[test]
fn the_documented_example_checks_and_builds_with_double_green_lines() {
    let example = common::doc_example("Tantrix gives its green lines the `double` cue");
    let (out, dir) = common::check_and_build("cv-doc", &example);
    assert!(out.contains("complete and consistent"), "{out}");
    let (green, middles) = green_and_middles(&strokes(&dir.join("out/example/example.pdf")));
    assert!(!green.is_empty() && middles.len() == green.len(), "{green:?} {middles:?}");
    // Without the cue it is the problem the docs show.
    let bare = example.replace("[cues]\ngreen = \"double\"\n", "");
    let (status, out) = check_text("cv-doc-bare", "d.toml", &bare);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("red and green look alike to deuteranopes (ΔE 6.9 < 10)"), "{out}");
}

const HATCHED_MAP: &str = r##"[set]
name = "Map"

[palette]
forest = "#1f9e45"
desert = "#d62828"
water = "#7fb3d5"

[cues]
forest = "hatch"

[[maps]]
name = "land"
grid = "square"
columns = 3
rows = 2
cell_mm = 20
labels = false
terrain = { wood = "forest", sand = "desert", sea = "water" }
data = "terrain.csv"
"##;

#[test]
fn a_hatch_tells_terrains_apart_and_measures_in_the_pdf() {
    let dir = scratch("cv-hatch");
    fs::write(dir.join("d.toml"), HATCHED_MAP).unwrap();
    fs::write(dir.join("terrain.csv"), "cell,terrain\nA1,wood\nB1,sand\nC2,sea\n").unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    assert_eq!(code(&check), 0, "{}{}", text(&check).0, text(&check).1);
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    // The forest cell's hatch: black lines 0.4 mm wide, 2.5 mm apart across them, inside
    // the 20 mm cell; none on the desert or the sea.
    let document = lopdf::Document::load(dir.join("out/d/d-land.pdf")).unwrap();
    let page = document.get_pages()[&1];
    let content = Content::decode(&document.get_page_content(page)).unwrap();
    let (mut width, mut colour, mut starts) = (0.0, [0u8; 3], Vec::new());
    for op in &content.operations {
        let numbers: Vec<f64> = op.operands.iter().map(common::pdf::number_or_nan).collect();
        match op.operator.as_str() {
            "RG" => colour = [0, 1, 2].map(|i| (numbers[i] * 255.0).round() as u8),
            "w" => width = numbers[0],
            "m" if colour == [0, 0, 0] && (width / PT_PER_MM - 0.4).abs() < 1e-3 => {
                starts.push((numbers[0] / PT_PER_MM, numbers[1] / PT_PER_MM));
            }
            _ => {}
        }
    }
    // Every hatch line starts on the top of the cell's bounds (the clip's own corners are
    // moves too): successive starts a diagonal step apart along it.
    let top = starts.iter().map(|s| s.1).fold(f64::MIN, f64::max);
    starts.retain(|s| (s.1 - top).abs() < 1e-3);
    let mut offsets: Vec<f64> = starts.iter().map(|(x, _)| *x).collect();
    offsets.sort_by(f64::total_cmp);
    let spaced = offsets
        .windows(2)
        .filter(|pair| ((pair[1] - pair[0]) / 2f64.sqrt() - 2.5).abs() < 0.01)
        .count();
    assert!(spaced >= 4, "{offsets:?}");
    // Without the hatch the pair is a problem whose help offers it:
    // `map_terrains_are_compared`.
}

#[test]
fn a_cue_on_what_cannot_carry_it_is_refused() {
    // A hatch on a colour drawn only as lines; a line cue on a colour drawn only as terrain.
    let lines = straights(GREEN, "\n[cues]\nsecond = \"hatch\"\n");
    let dir = scratch("cv-bad-hatch");
    fs::write(dir.join("bad.toml"), &lines).unwrap();
    let err = refused_in(&dir);
    let at = place_of(&lines, "\"hatch\"");
    let wanted = format!(
        "bad.toml:{at}: error: `second` carries the cue `hatch`, but no region of the design is second"
    );
    assert!(err.contains(&wanted), "{err}");
    let terrain = HATCHED_MAP.replace("forest = \"hatch\"", "forest = \"dashes\"");
    let dir = scratch("cv-bad-dashes");
    fs::write(dir.join("bad.toml"), &terrain).unwrap();
    fs::write(dir.join("terrain.csv"), "cell,terrain\nA1,wood\n").unwrap();
    let err = refused_in(&dir);
    let at = place_of(&terrain, "\"dashes\"");
    assert!(err.contains(&format!("bad.toml:{at}: error: `forest` carries the cue `dashes`, but no line of the design is forest")), "{err}");
}

#[test]
fn a_decks_background_from_data_is_compared_unless_the_fronts_tell_the_cards_apart() {
    let design = r##"[set]
name = "Frames"

[palette]
ink = "#ffffff"
red = "#d62828"
green = "#1f9e45"

[faces.front]
layers = [{ text = "card", size_mm = 6, colour = "ink" }]

[[decks]]
name = "cards"
size = "poker"
background = "{frame}"
front = "front"

[[decks.cards]]
fields = { name = "Harbour", frame = "red" }

[[decks.cards]]
fields = { name = "Forest", frame = "green" }
"##;
    let (status, out) = check_text("cv-frames", "d.toml", design);
    assert_eq!(status, 1, "{out}");
    // At the second card's entry, the later of the two.
    let at = place_of(design, "[[decks.cards]]\nfields = { name = \"Forest\"");
    let line = at.split(':').next().unwrap();
    let wanted = format!("d.toml:{line}:1: problem: green and red look alike to deuteranopes");
    assert!(out.contains(&wanted), "{out}");
    assert!(out.contains("(values of `background` at line"), "{out}");
    // A front that writes the card's name tells the two apart by more than colour.
    let named = design.replace("text = \"card\"", "text = \"{name}\"");
    let (status, out) = check_text("cv-frames-named", "d.toml", &named);
    assert_eq!(status, 0, "{out}");
}

/// Two square tiles with a dot on each edge, red and green.
pub fn dotted(extra: &str) -> String {
    format!(
        r##"[set]
name = "Dots"
shape = "square"
edge_mm = 30.0

[style]
background = "black"

[palette]
black = "#000000"
red = "#d62828"
green = "#1f9e45"
{extra}
[[tiles]]
number = 1
edges = ["red dot", "green dot", "red dot", "green dot"]

[[tiles]]
number = 2
edges = ["red dot", "red dot", "green dot", "green dot"]
"##
    )
}

#[test]
fn a_bullseye_tells_dots_apart_and_measures_in_the_pdf() {
    let (status, out) = check_text("cv-dots-bare", "d.toml", &dotted(""));
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(
            "help: give one a second cue ([cues] green = \"bullseye\" or \"letter\" on its dots)"
        ),
        "{out}"
    );
    let design = dotted("\n[cues]\ngreen = \"bullseye\"\n");
    let (dir, out) = {
        let (status, out) = check_text("cv-dots", "d.toml", &design);
        assert_eq!(status, 0, "{out}");
        (scratch("cv-dots-build"), out)
    };
    assert!(out.contains("complete and consistent"), "{out}");
    fs::write(dir.join("d.toml"), &design).unwrap();
    let build = tilepress(&dir, &["build", "d.toml", "-o", "out", "--format", "pdf"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let pdf = lopdf::Document::load(dir.join("out/d/d.pdf")).unwrap();
    let fills = common::pdf::fills(&pdf, 1);
    let width = |colour: [u8; 3]| -> Vec<f64> {
        let of = fills.iter().filter(|f| f.colour == colour && f.points.len() > 4);
        of.map(|f| {
            let (x0, y0, x1, y1) = common::pdf::bounds(&f.points);
            (x1 - x0).max(y1 - y0)
        })
        .collect()
    };
    // Four green half-dots, each with a middle 0.45 of its width — white: black would stand
    // out more from green, but it is the face's colour, and the dot would read as a ring;
    // red ones without.
    let (green, red) = (width([0x1f, 0x9e, 0x45]), width([0xd6, 0x28, 0x28]));
    assert_eq!((green.len(), red.len()), (4, 4), "{green:?} {red:?}");
    let middles: Vec<f64> =
        width([255, 255, 255]).into_iter().filter(|w| *w < green[0] * 0.6).collect();
    assert_eq!(middles.len(), 4, "{middles:?}");
    for middle in middles {
        assert!((middle / green[0] - 0.45).abs() < 0.01, "{middle} of {}", green[0]);
    }
    // A bullseye on a colour with no dots is refused at the cue.
    let wrong = dotted("\n[cues]\nblack = \"bullseye\"\n");
    let dir = scratch("cv-bad-bullseye");
    fs::write(dir.join("bad.toml"), &wrong).unwrap();
    let err = refused_in(&dir);
    let at = place_of(&wrong, "\"bullseye\"");
    assert!(err.contains(&format!("bad.toml:{at}: error: `black` carries the cue `bullseye`, but no dot of the design is black")), "{err}");
}
