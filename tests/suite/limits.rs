//! Small inputs that asked for gigabytes or minutes are refused before the work, naming the
//! limit, the key and its line; each run's peak memory (VmHWM) and time are measured.

use crate::common;

use std::fs;
use std::path::Path;
use std::process::Output;
use std::time::Duration;

use common::{code, root, scratch, text, tilepress_watched};

/// Peak resident memory allowed for any run, in kB.
const MAX_PEAK_KB: u64 = 500 * 1024;
/// Longest any run may take.
const MAX_TIME: Duration = Duration::from_secs(10);

/// Runs `tilepress`, polling the child's high-water mark of resident memory (VmHWM, which
/// only grows) until it exits; fails past twice [`MAX_TIME`].
fn measured(dir: &Path, args: &[&str]) -> (Output, u64, Duration) {
    let mut peak_kb = 0;
    let run = tilepress_watched(dir, args, 2 * MAX_TIME, |pid| {
        let status = fs::read_to_string(format!("/proc/{pid}/status")).ok();
        if let Some(kb) = status.and_then(|s| vm_hwm_kb(&s)) {
            peak_kb = peak_kb.max(kb);
        }
    });
    let (output, elapsed) = run.unwrap_or_else(|| panic!("{args:?} runs on and on"));
    (output, peak_kb, elapsed)
}

fn vm_hwm_kb(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `args` and checks: exit 2 (or `want`), the message names `says` at `place`, within
/// the memory and time bounds.
fn refused(dir: &Path, args: &[&str], want: i32, says: &str, place: &str) {
    let (output, peak_kb, elapsed) = measured(dir, args);
    let (out, err) = text(&output);
    let all = format!("{out}{err}");
    assert_eq!(code(&output), want, "{args:?}: {all}");
    let line = all.lines().find(|l| l.contains(says));
    let line = line.unwrap_or_else(|| panic!("{args:?} never says `{says}`: {all}"));
    assert!(line.contains(place), "{args:?}: `{line}` is not at `{place}`");
    assert!(peak_kb < MAX_PEAK_KB, "{args:?} peaked at {peak_kb} kB");
    assert!(elapsed < MAX_TIME, "{args:?} took {elapsed:?}");
}

fn pieces_design(board_cells: &str, mark: &str) -> String {
    let broken =
        fs::read_to_string(root().join("tests/broken/42-pieces-bad-quarter.toml")).unwrap();
    let body = broken.split_once('\n').unwrap().1;
    body.replace("\"0 0 NX\"", "\"0 0 NE\"")
        .replace("cells = [\"0..1 0..1\"]", &format!("cells = [\"{board_cells}\"]"))
        .replace(
            "front = { colour = \"acid\" }",
            &format!("front = {{ colour = \"acid\", mark = \"{mark}\" }}"),
        )
}

#[test]
fn a_cell_spec_of_sixty_thousand_quarters_is_refused_at_its_line() {
    let dir = scratch("limits-cells");
    let flood = format!("0..99 0..99 {}", "NESW".repeat(15_000));
    fs::write(dir.join("flood.toml"), pieces_design(&flood, "A")).unwrap();
    refused(&dir, &["check", "flood.toml"], 2, "MAX_BOARD_CELLS", "flood.toml:37:10:");
    // The same letter many times is one quarter: 10 000 squares, one cell each.
    let one = format!("0..99 0..99 {}", "N".repeat(60_000));
    fs::write(dir.join("one.toml"), pieces_design(&one, "A")).unwrap();
    let (output, peak_kb, elapsed) = measured(&dir, &["check", "one.toml"]);
    assert!(code(&output) != 101 && peak_kb < MAX_PEAK_KB && elapsed < MAX_TIME);
}

#[test]
fn a_long_piece_mark_is_refused_at_its_place() {
    let dir = scratch("limits-mark");
    fs::write(dir.join("mark.toml"), pieces_design("0..1 0..1", &"W".repeat(1000))).unwrap();
    refused(&dir, &["build", "mark.toml", "-o", "out"], 2, "MAX_MARK_CHARS", "mark.toml:22:35:");
    assert!(!dir.join("out").exists());
}

#[test]
fn a_rule_too_costly_to_enumerate_is_refused_from_its_estimate() {
    let dir = scratch("limits-rule");
    let broken = fs::read_to_string(root().join("tests/broken/39-rule-too-large.toml")).unwrap();
    let colours: Vec<String> = (0..13).map(|i| format!("\"c{i}\"")).collect();
    let palette: String = (0..13).map(|i| format!("c{i} = \"#{:02x}0000\"\n", i * 16)).collect();
    let design = broken
        .split_once('\n')
        .unwrap()
        .1
        .replace(
            "colours = [\"red\", \"yellow\", \"blue\", \"white\", \"black\"]\nslot_kinds = [\"line\", \"ring\", \"dot\"]",
            &format!("colours = [{}]\njoins = \"optional\"", colours.join(", ")),
        )
        .replace("[palette]\n", &format!("[palette]\n{palette}"));
    fs::write(dir.join("rule.toml"), design).unwrap();
    refused(&dir, &["check", "rule.toml"], 1, "MAX_ENUMERATION_WORK", "rule.toml:6:1:");
}

#[test]
fn rasters_past_the_pixel_budget_are_refused_before_drawing() {
    let dir = scratch("limits-raster");
    fs::copy(root().join("tests/designs/mini-hex.toml"), dir.join("mini.toml")).unwrap();
    let args = ["build", "mini.toml", "--png", "--dpi", "1200", "--paper", "A3", "-o", "out"];
    refused(&dir, &args, 2, "MAX_RASTER_PIXELS", "mini.toml: error: --png at 1200 dpi on A3");
    assert!(!dir.join("out").exists());
    let diagram =
        "[diagram]\ndesign = \"mini.toml\"\nlegal = true\n\n[[place]]\ntile = 6\nat = [0, 0]\n";
    fs::write(dir.join("figure.toml"), diagram).unwrap();
    let args = ["diagram", "figure.toml", "--width", "1000", "--dpi", "1200", "-o", "figs"];
    refused(&dir, &args, 2, "MAX_RASTER_PIXELS", "figure.toml: error:");
    assert!(!dir.join("figs").exists());
    let too_fine = diagram.replace("legal = true", "legal = true\ndpi = 2400");
    fs::write(dir.join("fine.toml"), too_fine).unwrap();
    refused(&dir, &["diagram", "fine.toml", "-o", "figs"], 2, "dpi is 2400", "fine.toml:4:7:");
}

fn many_tiles(count: usize, edge_mm: f64, sheet: &str) -> String {
    let mut design = format!(
        "[set]\nname = \"Many\"\nshape = \"square\"\nedge_mm = {edge_mm:?}\n\n[palette]\nred = \"#d62828\"\nblue = \"#1d5fd1\"\n\n{sheet}\n"
    );
    for number in 1..=count {
        design.push_str(&format!(
            "[[tiles]]\nnumber = {number}\nedges = [\"red\", \"red\", \"blue\", \"blue\"]\n"
        ));
    }
    design
}

#[test]
fn huge_files_and_too_many_tiles_are_refused_before_parsing_them_all() {
    let dir = scratch("limits-tiles");
    fs::write(dir.join("huge.toml"), many_tiles(40_000, 10.0, "")).unwrap();
    refused(&dir, &["check", "huge.toml"], 2, "MAX_INPUT_BYTES", "huge.toml: error:");
    fs::write(dir.join("many.toml"), many_tiles(15_000, 10.0, "")).unwrap();
    assert!(fs::metadata(dir.join("many.toml")).unwrap().len() < 1 << 20);
    refused(&dir, &["check", "many.toml"], 2, "MAX_TILES", "many.toml:");
}

#[test]
fn sheets_count_the_gap_between_tiles() {
    let dir = scratch("limits-gap");
    let sheet = "[sheet]\npaper = \"A5\"\ngap_mm = 100.0";
    fs::write(dir.join("gap.toml"), many_tiles(2_000, 1.0, sheet)).unwrap();
    refused(&dir, &["build", "gap.toml", "-o", "out"], 2, "MAX_SHEETS", "gap.toml:");
    fs::write(dir.join("nogap.toml"), many_tiles(2_000, 1.0, "[sheet]\npaper = \"A5\"")).unwrap();
    let args = ["build", "nogap.toml", "--gap", "100", "-o", "out"];
    refused(&dir, &args, 2, "MAX_SHEETS", "nogap.toml:");
    assert!(!dir.join("out").exists());
}

/// `100000` as the docs write it: `100 000`.
fn spaced(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[test]
fn the_documented_input_and_work_limits_are_the_tools() {
    use tilepress::model::input::limits::{
        MAX_CELL_CHARS, MAX_DATA_BYTES, MAX_DATA_CELLS, MAX_DATA_COLUMNS, MAX_DATA_ROWS,
        MAX_IMAGE_PIXELS, MAX_NAME_CHARS, MAX_TEXT_CHARS, MAX_WORKBOOK_BYTES,
    };
    use tilepress::model::print::work::{MAX_PART_ITEMS, MAX_SHEET_CELLS};
    let doc = fs::read_to_string(common::root().join("docs/format.md")).unwrap();
    let section = &doc[doc.find("## Limits").unwrap()..doc.find("## Output folders").unwrap()];
    let rows = [
        ("MAX_DATA_BYTES", format!("{} MiB", MAX_DATA_BYTES >> 20)),
        ("MAX_WORKBOOK_BYTES", format!("{} MiB", MAX_WORKBOOK_BYTES >> 20)),
        ("MAX_DATA_ROWS", spaced(MAX_DATA_ROWS as u64)),
        ("MAX_DATA_COLUMNS", spaced(MAX_DATA_COLUMNS as u64)),
        ("MAX_CELL_CHARS", spaced(MAX_CELL_CHARS as u64)),
        ("MAX_DATA_CELLS", spaced(MAX_DATA_CELLS as u64)),
        ("MAX_IMAGE_PIXELS", spaced(MAX_IMAGE_PIXELS)),
        ("MAX_TEXT_CHARS", spaced(MAX_TEXT_CHARS as u64)),
        ("MAX_NAME_CHARS", spaced(MAX_NAME_CHARS as u64)),
        ("MAX_PART_ITEMS", spaced(MAX_PART_ITEMS as u64)),
        ("MAX_SHEET_CELLS", spaced(MAX_SHEET_CELLS as u64)),
    ];
    for (name, value) in rows {
        let row = section.lines().find(|line| line.contains(&format!("`{name}`")));
        let row = row.unwrap_or_else(|| panic!("docs/format.md's limits do not name {name}"));
        assert!(row.contains(&format!("| {value} (`{name}`")), "{name} is {value}: {row}");
    }
}
