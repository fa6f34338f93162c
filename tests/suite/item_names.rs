//! Cards and counters named by their data (`item_name`, issue 61): the names in the Tabletop Simulator save, the faces list and the components page of the documented example, and a field no card has, an unpaired brace or a blank `item_name` refused at the key (exit 2, nothing written).

use crate::common;

use common::{check_and_build, code, doc_example, line_of, place_of, refused_in, scratch};
use common::{text, tilepress};

const MARKER: &str = "**Cards named by their data.**";

#[test]
fn names_from_data_in_the_tts_save_the_faces_list_and_the_components_page() {
    let example = doc_example(MARKER);
    let (_, dir) = check_and_build("item-names", &example);
    let build = tilepress(&dir, &["build", "example.toml", "-o", "named", "--format", "tts,faces"]);
    assert_eq!(code(&build), 0, "{}", text(&build).1);
    let folder = dir.join("named/example");
    let save = std::fs::read_to_string(folder.join("example-tts.json")).unwrap();
    let save: serde_json::Value = serde_json::from_str(&save).unwrap();
    let objects = save["ObjectStates"].as_array().unwrap();
    let nickname = |object: &serde_json::Value| object["Nickname"].as_str().unwrap().to_string();
    let deck = objects.iter().find(|o| o["Name"] == "DeckCustom").expect("the deck");
    let cards: Vec<String> =
        deck["ContainedObjects"].as_array().unwrap().iter().map(nickname).collect();
    assert_eq!(cards, ["Storm", "Storm", "Harvest"], "each card by its `title`");
    let tokens: Vec<String> =
        objects.iter().filter(|o| o["Name"] == "Custom_Tile").map(nickname).collect();
    assert_eq!(tokens, ["gold token"; 3], "each counter by its template");
    // The faces list names each item by its name and its place.
    let faces = std::fs::read_to_string(folder.join("example-decrees-faces.csv")).unwrap();
    let storm = line_of(&example, "[[decks.cards]]");
    assert!(faces.contains(&format!(",card Storm (line {storm}),front")), "{faces}");
    let faces = std::fs::read_to_string(folder.join("example-tokens-faces.csv")).unwrap();
    assert!(faces.contains(",counter gold token (line "), "{faces}");
    // The components page and its list.
    let components = tilepress(&dir, &["components", "example.toml", "-o", "comp"]);
    assert_eq!(code(&components), 0, "{}", text(&components).1);
    let list = std::fs::read_to_string(dir.join("comp/example/example-components.md")).unwrap();
    for line in ["- Storm × 2", "- Harvest × 1", "- gold token × 3"] {
        assert!(list.lines().any(|l| l == line), "{line}: {list}");
    }
    // The page draws each distinct item over the label the list gives it (its text is drawn
    // as shapes, so the labels are read from the page's model).
    let (_, design) = tilepress::model::load(&dir.join("example.toml")).unwrap();
    let drawn = tilepress::components::components(&design);
    let labels: Vec<&str> = (drawn.sections.iter())
        .flat_map(|section| section.items.iter().map(|item| item.label.as_str()))
        .collect();
    assert_eq!(labels, ["Storm", "Harvest", "gold token"]);
}

/// `bad.toml`: the documented example with `item_name = "title"` written `written`; the
/// messages of `check` (which, like `build`, must refuse it).
fn refused(name: &str, written: &str) -> (String, String) {
    let bad =
        doc_example(MARKER).replace("item_name = \"title\"", &format!("item_name = {written}"));
    let dir = scratch(&format!("item-name-{name}"));
    std::fs::write(dir.join("bad.toml"), &bad).unwrap();
    let err = refused_in(&dir);
    (err, place_of(&bad, written))
}

#[test]
fn a_field_no_card_has_is_refused_at_item_name_with_did_you_mean() {
    let (err, at) = refused("unknown", "\"titel\"");
    let expected = format!(
        "bad.toml:{at}: error: `item_name`: no card has a field `titel` (did you mean `title`?)"
    );
    assert!(err.contains(&expected), "{err}");
    assert!(err.contains("name a field the cards have (title)"), "{err}");
    let (err, at) = refused("template", "\"{rank} {titel}\"");
    assert!(
        err.contains(&format!("bad.toml:{at}: error: `item_name`: no card has a field `rank`")),
        "{err}"
    );
}

#[test]
fn an_unpaired_brace_or_a_blank_item_name_is_refused() {
    let (err, at) = refused("brace", "\"{title\"");
    assert!(
        err.contains(&format!(
            "bad.toml:{at}: error: `item_name` `{{title`: a `{{` or `}}` without its pair"
        )),
        "{err}"
    );
    let (err, at) = refused("blank", "\" \"");
    assert!(err.contains(&format!("bad.toml:{at}: error: `item_name` is empty")), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
