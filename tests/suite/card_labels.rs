//! `{number}` and `{label}` on cards and counters as on tiles (issue 61): nine counters numbered by their place draw `{label}` as the same faces as counters whose own `label` field is written out (`6.` and `9.` with their dot), and a card's own `number` field numbers it.

use crate::common;

use common::{code, scratch, text, tilepress};

/// A design of nine counters, each a `[[counters.cards]]` with `fields` from `fields(n)`,
/// their fronts the text `front`.
fn design(front: &str, fields: impl Fn(u32) -> String) -> String {
    let mut toml = format!(
        "[set]\nname = \"Labels\"\n\n[palette]\nink = \"#000000\"\n\n[faces.face]\nlayers = [{{ text = \"{front}\", size_mm = 6, colour = \"ink\" }}]\n\n[[counters]]\nname = \"chits\"\ndiameter_mm = 16\nfront = \"face\"\n"
    );
    for n in 1..=9 {
        toml.push_str(&format!("\n[[counters.cards]]\nfields = {{ {} }}\n", fields(n)));
    }
    toml
}

/// The front face images of `design` built in a scratch folder named `name`, in order.
fn faces(name: &str, design: &str) -> Vec<Vec<u8>> {
    let dir = scratch(name);
    std::fs::write(dir.join("labels.toml"), design).unwrap();
    let output = tilepress(&dir, &["build", "labels.toml", "-o", "out", "--format", "faces"]);
    assert_eq!(code(&output), 0, "{}", text(&output).1);
    (1..=9)
        .map(|n| {
            std::fs::read(dir.join(format!("out/labels/labels-chits-face-00{n}-front.png")))
                .unwrap()
        })
        .collect()
}

#[test]
fn counters_draw_label_with_the_dot_of_6_and_9() {
    let numbered = faces("card-labels", &design("{label}", |n| format!("kind = \"k{n}\"")));
    let dotted = |n: u32| if n == 6 || n == 9 { format!("{n}.") } else { n.to_string() };
    let written =
        faces("card-labels-written", &design("{label}", |n| format!("label = \"{}\"", dotted(n))));
    assert_eq!(numbered, written, "each counter's {{label}} is its place, 6. and 9. dotted");
    // `{number}` has no dot: its 6 differs from `{label}`'s 6., its 5 does not.
    let plain = faces("card-numbers", &design("{number}", |n| format!("kind = \"k{n}\"")));
    assert_eq!(plain[4], numbered[4]);
    assert_ne!(plain[5], numbered[5]);
    // A card's own `number` numbers it: 16 and 91 are read both ways, so both take the dot.
    let own = |n: u32| format!("number = {}", [16, 91, 3, 4, 5, 7, 8, 10, 11][n as usize - 1]);
    let own_numbers = faces("card-own-numbers", &design("{label}", own));
    let labels = ["16.", "91.", "3", "4", "5", "7", "8", "10", "11"];
    let written = faces(
        "card-own-written",
        &design("{label}", |n| format!("label = \"{}\"", labels[n as usize - 1])),
    );
    assert_eq!(own_numbers, written);
}
