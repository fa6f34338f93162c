//! `when` beyond equality and held against the items (issue 51, item 5): `not`, empty and a number range draw a layer on the rows they name, measured in the PDF; a value no item has is a problem (exit 1) at the value, with "did you mean" from the values present, on every part kind; a condition written wrong is an error at its place (exit 2, nothing written).

use crate::common;
use crate::face_styles::{CARDS_CSV, HARBOUR, built, every_part_kind, harbour_cards_drawn, marks};

use std::fs;

use common::{code, place_of, refused_in, scratch, text, tilepress};

/// The Harbour cost layer's condition: drawn on the ship and the crew, not the storm.
const LISTED: &str = "when = { kind = [\"ship\", \"crew\"] }";
/// The mark layer of `every_part_kind`'s designs: drawn on items numbered 1 or 2.
const MARKED: &str = r##"
[faces.mark]
layers = [
  { shape = "rectangle", box_mm = ["{number}", "{number}"], fill = "#0a0b0c", when = { number = [1, 2] } },
]
"##;

#[test]
fn not_empty_and_a_range_draw_the_cost_on_the_ship_and_the_crew() {
    let noted = "name,kind,face,tint,size,note\nSloop,ship,card,sea,6,\nSquall,storm,storm-card,storm,8,wild\nMate,crew,card,moss,5,\n";
    for (name, when, csv) in [
        ("not", "when = { kind = { not = \"storm\" } }", CARDS_CSV),
        ("not-list", "when = { kind = { not = [\"storm\"] }, size = { not = 8 } }", CARDS_CSV),
        ("at-most", "when = { size = { max = 6 } }", CARDS_CSV),
        ("range", "when = { size = { min = 4.5, max = 6.5 } }", CARDS_CSV),
        ("empty", "when = { note = \"\" }", noted),
        ("not-empty-turned", "when = { note = { not = \"wild\" } }", noted),
    ] {
        let design = HARBOUR.replacen(LISTED, when, 1);
        assert_ne!(design, HARBOUR, "{name}");
        harbour_cards_drawn(&format!("when-{name}"), &design, csv);
    }
}

#[test]
fn a_range_draws_on_every_part_kind() {
    let ranged =
        MARKED.replacen("when = { number = [1, 2] }", "when = { number = { max = 2 } }", 1);
    assert_ne!(ranged, MARKED);
    for (name, design, pdf) in every_part_kind(&ranged) {
        let pdf = built(&format!("when-range-{name}"), &design, &[], pdf);
        assert_eq!(marks(&pdf), [100, 200], "{name}: a 1 mm and a 2 mm mark");
    }
}

/// `check` of `design` (and `data`, a file and its text) in a scratch folder: its exit code
/// and what it printed.
fn checked(name: &str, design: &str, (file, data): (&str, &str)) -> (i32, String) {
    let dir = scratch(name);
    fs::write(dir.join("d.toml"), design).unwrap();
    fs::write(dir.join(file), data).unwrap();
    let check = tilepress(&dir, &["check", "d.toml"]);
    let (out, err) = text(&check);
    (code(&check), out + &err)
}

#[test]
fn a_value_no_item_has_is_a_problem_at_the_value_on_every_part_kind() {
    let missing = "when = { number = [1, 2, 12] }";
    let twelve = MARKED.replacen("when = { number = [1, 2] }", missing, 1);
    for (name, design, _) in every_part_kind(&twelve) {
        let (status, err) = checked(&format!("when-none-{name}"), &design, ("cards.csv", ""));
        assert_eq!(status, 1, "{name}: {err}");
        let at = place_of(&design, "[1, 2, 12]");
        assert!(
            err.contains(&format!(
                "d.toml:{at}: problem: `when`: no item has `number` `12`: the layer is drawn for none"
            )),
            "{name}: {err}"
        );
        assert!(err.contains("the items this layer is tested on have `number` `1`, `2`"), "{err}");
    }
}

#[test]
fn a_misspelt_value_is_answered_with_the_nearest_present_on_cards_and_maps() {
    for (name, when, said, near) in [
        (
            "listed",
            "when = { kind = [\"ship\", \"crw\"] }",
            "no item has `kind` `crw`",
            "did you mean `crew`?",
        ),
        (
            "not",
            "when = { kind = { not = \"strom\" } }",
            "`not` `strom` leaves out no item: none has `kind` `strom`",
            "did you mean `storm`?",
        ),
        (
            "range",
            "when = { size = { min = 10 } }",
            "no item has `size` from 10",
            "have `size` `5`, `6`, `8`",
        ),
        ("empty", "when = { kind = \"\" }", "no item has `kind` empty", "have `kind` `crew`"),
    ] {
        let design = HARBOUR.replacen(LISTED, when, 1);
        let (status, err) =
            checked(&format!("when-near-{name}"), &design, ("cards.csv", CARDS_CSV));
        assert_eq!(status, 1, "{name}: {err}");
        let at = place_of(&design, &when["when = { ".len()..]);
        let at = &at[..at.find(':').unwrap()];
        assert!(err.contains(&format!("d.toml:{at}:")), "{name}: not at line {at}: {err}");
        assert!(err.contains(said) && err.contains(near), "{name}: {err}");
    }
    // A map's cells: the terrain `prt` is none of theirs.
    let map = crate::map_cells::design("template = \"cell\"").replacen(
        "when = { terrain = \"port\" }",
        "when = { terrain = \"prt\" }",
        1,
    );
    let (status, err) = checked("when-near-map", &map, ("coast.csv", crate::map_cells::COAST));
    assert_eq!(status, 1, "{err}");
    assert!(
        err.contains("no item has `terrain` `prt`") && err.contains("did you mean `port`?"),
        "{err}"
    );
}

#[test]
fn a_condition_written_wrong_is_refused_at_its_place() {
    for (name, when, said) in [
        (
            "key",
            "when = { kind = { nott = \"storm\" } }",
            "has the key `nott`, which a condition does not take",
        ),
        ("nearest", "when = { kind = { nott = \"storm\" } }", "did you mean `not`?"),
        ("number", "when = { size = { min = \"two\" } }", "`size`'s `min` is not a number"),
        (
            "order",
            "when = { size = { min = 6, max = 2 } }",
            "asks for a number from 6 to 2: none is",
        ),
        ("empty", "when = { size = {} }", "`size` asks for nothing"),
        (
            "not",
            "when = { kind = { not = [{ a = 1 }] } }",
            "the value of `kind` is not text or a number",
        ),
    ] {
        let dir = scratch(&format!("when-bad-{name}"));
        let design = HARBOUR.replacen(LISTED, when, 1);
        fs::write(dir.join("bad.toml"), &design).unwrap();
        fs::write(dir.join("cards.csv"), CARDS_CSV).unwrap();
        let err = refused_in(&dir);
        let at = place_of(&design, &when["when = { ".len()..]);
        let at = &at[..at.find(':').unwrap()];
        assert!(err.contains(&format!("bad.toml:{at}:")) && err.contains(said), "{name}: {err}");
    }
    // A range asked of a cell that is not a number: at the cell.
    let dir = scratch("when-bad-cell");
    fs::write(dir.join("bad.toml"), HARBOUR.replacen(LISTED, "when = { size = { min = 2 } }", 1))
        .unwrap();
    fs::write(
        dir.join("cards.csv"),
        CARDS_CSV.replace("Mate,crew,card,moss,5", "Mate,crew,card,moss,five"),
    )
    .unwrap();
    let err = refused_in(&dir);
    assert!(
        err.contains("cards.csv:4:5: error: ")
            && err.contains("`when` asks for `size` from 2, and `five` is not a number"),
        "{err}"
    );
}
