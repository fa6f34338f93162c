//! Attacks by small designs whose work explodes: integer ranges at the ends of i64, text layers of half a million characters, images whose header promises billions of pixels, tile copies, decks, counters, maps and tracks that expand past the sheets allowed, paper that holds millions of an item (built: only the items placed cost), more items than a part may place, a pieces' grid of millions of cells on a sheet, two decks that write one file, a deck with a header and no rows, a PNG too large for its dpi. Each runs under `check` and `build` (bounded in memory and time) and is refused with exit 2 at its key; `check` refuses what `build` refuses.

use crate::common;

use std::fs;
use std::path::Path;

use common::attack::{assert_held, attack};
use common::{root, scratch};

/// The start of every design: a name and a palette (4 lines, then a blank one).
const HEAD: &str = "[set]\nname = \"Attack\"\n\n[palette]\nink = \"#000000\"\n\n";

/// A face template `front` of one text layer (lines 7 and 8 after [`HEAD`]).
const FRONT: &str =
    "[faces.front]\nlayers = [{ text = \"{rank}\", size_mm = 4, colour = \"ink\" }]\n\n";

/// Writes `design` (after [`HEAD`]) and `files` into a folder and runs `check`, then
/// `build` with `build_args`; both must exit 2 saying each of `expected`.
fn refused(name: &str, design: &str, files: &[(&str, Vec<u8>)], expected: &[&str]) {
    refused_with(name, design, files, &[], expected);
}

fn refused_with(
    name: &str,
    design: &str,
    files: &[(&str, Vec<u8>)],
    build_args: &[&str],
    expected: &[&str],
) {
    let runs: [Vec<&str>; 2] =
        [vec!["check", "d.toml"], [&["build", "d.toml", "-o", "out"][..], build_args].concat()];
    for args in runs {
        // `check` has no print options: with them only `build` is asked.
        if args[0] == "check" && !build_args.is_empty() {
            continue;
        }
        let dir = scratch(&format!("attack-work-{name}-{}", args[0]));
        fs::write(dir.join("d.toml"), format!("{HEAD}{design}")).unwrap();
        for (file, bytes) in files {
            fs::write(dir.join(file), bytes).unwrap();
        }
        let run = attack(&dir, &args);
        assert_held(&format!("{} {name}", args[0]), &run, 2, expected);
        assert!(!dir.join("out").exists(), "{} {name}: wrote files", args[0]);
    }
}

fn track(from: &str, to: &str, cell_mm: u32) -> String {
    format!(
        "[faces.cell]\nlayers = [{{ text = \"{{number}}\", size_mm = 4 }}]\n\n[[tracks]]\nname = \"score\"\ncell_mm = {cell_mm}\ntemplate = \"cell\"\nfrom = {from}\nto = {to}\n"
    )
}

#[test]
fn track_ranges_at_the_ends_of_i64_are_refused_at_to() {
    // `to` is on line 15 of the design, its value at column 6.
    refused(
        "track-i64",
        &track("-9223372036854775808", "9223372036854775807", 20),
        &[],
        &[
            "d.toml:15:6: error: a track from -9223372036854775808 to 9223372036854775807 has no cells or more than 1000",
        ],
    );
    refused(
        "track-overflow",
        &track("-1", "9223372036854775806", 20),
        &[],
        &["d.toml:15:6: error: a track from -1 to 9223372036854775806 has no cells"],
    );
}

#[test]
fn a_track_of_a_thousand_large_cells_is_refused_before_its_faces_are_made() {
    refused(
        "track-sheets",
        &track("1", "1000", 200),
        &[],
        &["d.toml:10:1: error: track `score`: 1000 cells of 200 mm need about", "(MAX_SHEETS)"],
    );
}

/// A deck of the rows of `cards.csv`, front [`FRONT`]; its entry starts on line 10, its
/// `data` key on line 14.
fn deck(extra: &str) -> String {
    format!(
        "{FRONT}[[decks]]\nname = \"cards\"\nsize = \"poker\"\nfront = \"front\"\ndata = \"cards.csv\"\n{extra}"
    )
}

#[test]
fn a_text_layer_of_half_a_million_characters_is_refused_at_its_key() {
    let long = "x".repeat(500_000);
    let design = deck("").replace("{rank}", &long);
    refused(
        "text-long",
        &design,
        &[("cards.csv", b"rank\nq\n".to_vec())],
        &[
            "d.toml:8:20: error: card cards.csv row 2: a text of 500000 characters, more than tilepress's limit of 2000",
        ],
    );
    // Two fields within the cell limit that make a text over it.
    let design = deck("").replace("{rank}", "{a}{b}");
    let row = format!("a,b\n{},{}\n", "y".repeat(1500), "z".repeat(1500));
    refused(
        "text-fields",
        &design,
        &[("cards.csv", row.into_bytes())],
        &["d.toml:8:20: error: card cards.csv row 2: a text of 3000 characters"],
    );
}

#[test]
fn names_of_half_a_million_characters_are_refused_at_their_key() {
    // The set's name is printed in every footer: 47 s and 880 MB to build before its limit.
    for command in ["check", "build"] {
        let dir = scratch(&format!("attack-work-long-name-{command}"));
        let long = "N".repeat(500_000);
        let head = HEAD.replace("name = \"Attack\"", &format!("name = \"{long}\""));
        fs::write(dir.join("d.toml"), format!("{head}{}", deck(""))).unwrap();
        fs::write(dir.join("cards.csv"), "rank\nq\n").unwrap();
        let args: &[&str] = if command == "check" {
            &["check", "d.toml"]
        } else {
            &["build", "d.toml", "-o", "out"]
        };
        let run = attack(&dir, args);
        let expected =
            "d.toml:2:8: error: a name of 500000 characters, more than tilepress's limit of 100";
        assert_held(&format!("{command} long set name"), &run, 2, &[expected]);
    }
    let design = deck("").replace("name = \"cards\"", &format!("name = \"{}\"", "c".repeat(101)));
    refused(
        "long-deck-name",
        &design,
        &[("cards.csv", b"rank\nq\n".to_vec())],
        &["d.toml:11:8: error: a name of 101 characters, more than tilepress's limit of 100"],
    );
}

#[test]
fn a_deck_of_a_hundred_thousand_cards_is_refused_at_the_deck_before_its_faces() {
    let rows = format!("rank,count\n{}", "q,1000\n".repeat(100));
    refused(
        "deck-sheets",
        &deck("count_column = \"count\"\n"),
        &[("cards.csv", rows.into_bytes())],
        &["d.toml:10:1: error: deck `cards`: 100000 cards of 63 × 88 mm need about"],
    );
}

#[test]
fn a_deck_that_lays_out_on_more_sheets_than_allowed_is_refused_by_check_too() {
    // 1,100 poker cards: 106 sheets by area (what the model estimates before composing),
    // 123 once laid out 9 a sheet, over the limit of 120.
    let rows: String = (1..=1100).map(|n| format!("{n}\n")).collect();
    refused(
        "deck-laid-out",
        &deck(""),
        &[("cards.csv", format!("rank\n{rows}").into_bytes())],
        &["d.toml: error: the design makes 123 sheets, more than the limit of 120 (MAX_SHEETS)"],
    );
}

#[test]
fn a_deck_with_a_header_and_no_rows_is_refused_by_check_too() {
    refused(
        "deck-empty",
        &deck(""),
        &[("cards.csv", b"rank\n".to_vec())],
        &["d.toml:14:8: error: deck `cards` has no cards: `cards.csv` has no rows"],
    );
}

#[test]
fn two_decks_whose_names_make_one_file_name_are_refused_by_check_too() {
    let second = "\n[[decks]]\nname = \"Cards!\"\nsize = \"poker\"\nfront = \"front\"\ndata = \"cards.csv\"\n";
    refused(
        "deck-names",
        &deck(second),
        &[("cards.csv", b"rank\nq\n".to_vec())],
        &[
            "d.toml:17:8: error: deck `Cards!` and deck `cards` would write the same files (`…-cards.pdf`)",
        ],
    );
    let board =
        "\n[[tracks]]\nname = \"Cards\"\ncell_mm = 20\ntemplate = \"front\"\nfrom = 1\nto = 3\n";
    refused(
        "deck-track-names",
        &deck(board),
        &[("cards.csv", b"rank\nq\n".to_vec())],
        &["d.toml:17:8: error: track `Cards` and deck `cards` would write the same files"],
    );
}

#[test]
fn counters_maps_and_tile_copies_past_the_sheets_are_refused_at_their_key() {
    let counters = format!(
        "{FRONT}[[counters]]\nname = \"punts\"\ndiameter_mm = 180\nfront = \"front\"\ndata = \"cards.csv\"\ncount_column = \"count\"\n"
    );
    let rows = format!("rank,count\n{}", "q,1000\n".repeat(100));
    refused(
        "counters-sheets",
        &counters,
        &[("cards.csv", rows.into_bytes())],
        &["d.toml:10:1: error: deck `punts`: 100000 counters of 180 × 180 mm need about"],
    );
    let map =
        "[[maps]]\nname = \"big\"\ngrid = \"hex\"\ncolumns = 100\nrows = 100\ncell_mm = 500\n";
    refused(
        "map-sheets",
        map,
        &[],
        &["d.toml:7:1: error: map `big`: 100 × 100 cells of 500 mm need about 114102 sheets"],
    );
    let huge = map.replace("columns = 100", "columns = 9223372036854775807");
    refused(
        "map-overflow",
        &huge,
        &[],
        &[
            "d.toml:10:11: error: a map of 9223372036854775807 × 100 cells is empty or has more than 10000",
        ],
    );
    let tiles: String = (1..=2000)
        .map(|n| format!("\n[[tiles]]\nnumber = {n}\nedges = [\"-\", \"-\", \"-\", \"-\", \"-\", \"-\"]\ncopies = 50\n"))
        .collect();
    refused_tiles(
        "tiles-copies",
        "shape = \"hexagon\"\nedge_mm = 20\n",
        &tiles,
        &["error: 100000 tiles (every entry's copies) need about"],
    );
}

/// Like [`refused`] with `shape` lines added to `[set]`.
fn refused_tiles(name: &str, shape: &str, design: &str, expected: &[&str]) {
    for command in ["check", "build"] {
        let dir = scratch(&format!("attack-work-{name}-{command}"));
        let head = HEAD.replace("name = \"Attack\"\n", &format!("name = \"Attack\"\n{shape}"));
        fs::write(dir.join("d.toml"), format!("{head}{design}")).unwrap();
        let args: &[&str] = if command == "check" {
            &["check", "d.toml"]
        } else {
            &["build", "d.toml", "-o", "out"]
        };
        let run = attack(&dir, args);
        assert_held(&format!("{command} {name}"), &run, 2, expected);
        assert!(!dir.join("out").exists(), "{command} {name}: wrote files");
    }
}

/// Writes `design` (after [`HEAD`], with `shape` lines added to `[set]`) and `files`, and
/// builds it under the attack bounds: it must succeed.
fn built_within_bounds(name: &str, shape: &str, design: &str, files: &[(&str, &[u8])]) {
    let dir = scratch(&format!("attack-work-{name}"));
    let head = HEAD.replace("name = \"Attack\"\n", &format!("name = \"Attack\"\n{shape}"));
    fs::write(dir.join("d.toml"), format!("{head}{design}")).unwrap();
    for (file, bytes) in files {
        fs::write(dir.join(file), bytes).unwrap();
    }
    let run = attack(&dir, &["build", "d.toml", "-o", "out"]);
    assert_held(&format!("build {name}"), &run, 0, &["on 1 sheet(s) of 2000x2000mm"]);
}

#[test]
fn paper_that_holds_millions_costs_only_the_items_placed_and_too_many_items_are_refused() {
    // What a sheet could hold costs nothing: one 3 mm counter, one 1 mm square and one 1 mm
    // triangle on 2 m paper build within the attack's bounds.
    let big = "[sheet]\npaper = \"2000x2000\"\n\n";
    let counter = format!(
        "{big}{FRONT}[[counters]]\nname = \"dots\"\nshape = \"square\"\nedge_mm = 3\nfront = \"front\"\ndata = \"cards.csv\"\n"
    );
    built_within_bounds("tiny-counter", "", &counter, &[("cards.csv", b"rank\nq\n")]);
    for (shape, edges) in [("square", 4), ("triangle", 3)] {
        let tile =
            format!("{big}[[tiles]]\nnumber = 1\nedges = [{}]\n", vec!["\"-\""; edges].join(", "));
        let set = format!("shape = \"{shape}\"\nedge_mm = 1\n");
        built_within_bounds(&format!("tiny-{shape}"), &set, &tile, &[]);
    }
    // The items themselves are bounded: 110 000 tiles of 1 mm fit on one such sheet, but
    // are more than one part may place.
    let tiles: String = (1..=11)
        .map(|n| {
            format!(
                "[[tiles]]\nnumber = {n}\nedges = [\"-\", \"-\", \"-\", \"-\"]\ncopies = 10000\n\n"
            )
        })
        .collect();
    refused_tiles(
        "tiny-tiles",
        "shape = \"square\"\nedge_mm = 1\n",
        &format!("{big}{tiles}"),
        &[
            "d.toml:12:1: error: 110000 tiles (every entry's copies): more than tilepress's limit of 100000 items one part places (MAX_PART_ITEMS in model/print/work.rs)",
        ],
    );
    // The pieces' packing scans the cells of a sheet: 1 mm cells on 2 m paper are refused.
    let pieces = format!(
        "{big}[grid]\nkind = \"square\"\nsquare_mm = 1.0\n\n[[piece_groups]]\nname = \"one\"\nfront = {{ colour = \"ink\" }}\nback = {{ colour = \"ink\" }}\n\n[[pieces]]\ncode = \"A\"\ngroup = \"one\"\ncells = [\"0 0\"]\n"
    );
    refused(
        "tiny-cells",
        &pieces,
        &[],
        &[
            "d.toml:7:1: error: the pieces' grid: one sheet of 2000x2000mm paper holds about 3960100 of its cells, more than tilepress's limit of 100000 (MAX_SHEET_CELLS in model/print/work.rs)",
        ],
    );
}

/// A real PNG of `width × height` pixels, one bit a pixel, all black.
fn black_png(width: u32, height: u32) -> Vec<u8> {
    let pixels = vec![0; width.div_ceil(8) as usize * height as usize];
    common::png_file::png_file(
        width,
        height,
        png::ColorType::Grayscale,
        png::BitDepth::One,
        &pixels,
    )
}

/// A deck whose front shows `image` (its key on line 8, column 13).
fn image_deck(image: &str) -> String {
    deck("").replace(
        "{ text = \"{rank}\", size_mm = 4, colour = \"ink\" }",
        &format!("{{ image = \"{image}\", size_mm = 20 }}"),
    )
}

#[test]
fn images_over_the_pixel_budget_are_refused_from_their_header() {
    let huge = fs::read(root().join("tests/fixtures/attacks/huge.png")).unwrap();
    refused(
        "png-16000",
        &image_deck("huge.png"),
        &[("huge.png", huge), ("cards.csv", b"rank\nq\n".to_vec())],
        &[
            "d.toml:8:21: error: image file `huge.png` cannot be used: it is 16000 × 16000 = 256000000 pixels, over the 12000000 pixels left",
        ],
    );
    // A JPEG whose header says 16000 × 16000 (the frame header of a 40 × 30 photo).
    let mut jpeg = fs::read(root().join("tests/designs/faces/sky.jpg")).unwrap();
    jpeg[163..167].copy_from_slice(&[0x3e, 0x80, 0x3e, 0x80]);
    refused(
        "jpeg-16000",
        &image_deck("sky.jpg"),
        &[("sky.jpg", jpeg), ("cards.csv", b"rank\nq\n".to_vec())],
        &[
            "d.toml:8:21: error: image file `sky.jpg` cannot be used: it is 16000 × 16000 = 256000000 pixels",
        ],
    );
    // Two images of 7.5 million pixels: each within the budget, the second over what is left.
    let design = image_deck("{art}");
    let files = [
        ("a.png", black_png(3000, 2500)),
        ("b.png", black_png(3000, 2500)),
        ("cards.csv", b"rank,art\nq,a.png\nk,b.png\n".to_vec()),
    ];
    refused(
        "png-budget",
        &design,
        &files,
        &[
            "image file `b.png` cannot be used: it is 3000 × 2500 = 7500000 pixels, over the 4500000 pixels left of the design's budget of 12000000",
        ],
    );
}

#[test]
fn the_pixel_budget_holds_one_image_of_exactly_twelve_million_pixels_and_not_one_row_more() {
    // At the budget's edge (docs/format.md, Limits): 4000 × 3000 pixels is all of it, and
    // builds within the attacks' bounds; 4000 × 3001 is refused from its header.
    let cards = ("cards.csv", b"rank\nq\n".to_vec());
    let dir = scratch("attack-work-png-edge");
    fs::write(dir.join("d.toml"), format!("{HEAD}{}", image_deck("edge.png"))).unwrap();
    fs::write(dir.join(cards.0), &cards.1).unwrap();
    fs::write(dir.join("edge.png"), black_png(4000, 3000)).unwrap();
    assert_held("check png-edge", &attack(&dir, &["check", "d.toml"]), 0, &["1 cards"]);
    // The build takes 3 s and 173 MiB in a debug build, too near the attacks' bounds when
    // the suite shares two cores: run without them (docs/format.md has its release figure).
    let built = common::tilepress(&dir, &["build", "d.toml", "-o", "out"]);
    assert_eq!(common::code(&built), 0, "{}", common::text(&built).1);
    assert!(dir.join("out/d/d-cards.pdf").is_file());
    refused(
        "png-edge-over",
        &image_deck("edge.png"),
        &[("edge.png", black_png(4000, 3001)), cards],
        &[
            "d.toml:8:21: error: image file `edge.png` cannot be used: it is 4000 × 3001 = 12004000 pixels, over the 12000000 pixels left of the design's budget of 12000000 (MAX_IMAGE_PIXELS in model/input/limits.rs); scale it down",
        ],
    );
}

#[test]
fn svg_images_too_large_or_of_too_many_paths_are_refused_at_their_key() {
    let svg = |squares: usize| {
        let square = r##"<rect x="1" y="1" width="2" height="2" fill="#ff0000"/>"##;
        let body = square.repeat(squares);
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{body}</svg>"#)
            .into_bytes()
    };
    let cards = ("cards.csv", b"rank\nq\n".to_vec());
    // 22 MB of 400 000 squares took 12 s and 500 MB to read before its size was bounded.
    refused(
        "svg-size",
        &image_deck("many.svg"),
        &[("many.svg", svg(400_000)), cards.clone()],
        &[
            "d.toml:8:21: error: image file `many.svg` cannot be used: it is 22000071 bytes, over the limit of 4194304 bytes",
        ],
    );
    refused(
        "svg-paths",
        &image_deck("many.svg"),
        &[("many.svg", svg(60_000)), cards],
        &[
            "d.toml:8:21: error: image file `many.svg` cannot be used: it draws 60000 paths, more than tilepress's limit of 20000",
        ],
    );
}

#[test]
fn a_png_too_large_for_its_dpi_is_told_to_lower_the_dpi() {
    let files = [("cards.csv", b"rank\nq\n".to_vec())];
    refused_with(
        "png-dpi",
        &deck(""),
        &files,
        &["--png", "--dpi", "1200"],
        &[
            "a PNG of 9921 × 14031 pixels, more than tilepress's limit",
            "help: lower the dpi (--dpi), or leave out --png",
        ],
    );
}

#[test]
fn the_deck_builds_within_the_same_bounds() {
    // The control: the deck every attack above starts from builds under the same limits.
    let dir = scratch("attack-work-control");
    fs::write(dir.join("d.toml"), format!("{HEAD}{}", deck(""))).unwrap();
    fs::write(dir.join("cards.csv"), "rank\nq\nk\n").unwrap();
    let run = attack(&dir, &["build", "d.toml", "-o", "out"]);
    assert_held("the control", &run, 0, &["2 cards"]);
    assert!(Path::new(&dir.join("out/d/d-cards.pdf")).is_file());
}

#[test]
fn a_diagram_caption_or_label_of_half_a_million_characters_is_refused_at_its_key() {
    // A 500 000-character caption ran past 60 s and 1.6 GB before it was bounded.
    let diagram =
        fs::read_to_string(root().join("diagrams/tantrix-forbidden-controlled-side.toml")).unwrap();
    let long = "C".repeat(500_000);
    let caption = "caption = \"Forbidden: B on a controlled side while A is open\"";
    let cases = [
        (
            "caption",
            diagram.replace(caption, &format!("caption = \"{long}\"")),
            "6:11: error: the caption has 500000 characters",
        ),
        (
            "label",
            format!("{diagram}\n[[label]]\ntext = \"{long}\"\nat = [0, -1]\n"),
            "error: a label has 500000 characters, more than tilepress's limit of 2000",
        ),
    ];
    for (name, text, expected) in cases {
        let dir = scratch(&format!("attack-work-diagram-{name}"));
        fs::create_dir_all(dir.join("designs")).unwrap();
        fs::create_dir_all(dir.join("diagrams")).unwrap();
        fs::copy(root().join("designs/tantrix.toml"), dir.join("designs/tantrix.toml")).unwrap();
        fs::write(dir.join("diagrams/long.toml"), text).unwrap();
        let run = attack(&dir, &["diagram", "diagrams/long.toml", "-o", "out"]);
        assert_held(&format!("diagram {name}"), &run, 2, &["diagrams/long.toml:", expected]);
        assert!(!dir.join("out").exists(), "diagram {name}: wrote files");
    }
}
