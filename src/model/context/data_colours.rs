//! The colours faces take from data (`fill = "{kind}"`): each distinct value of a template's colour key once, with where it first comes from, for the colour-vision check.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::model::input::source::Position;
use crate::scene::Colour;

/// One value a colour key took from an item's fields.
#[derive(Clone, Debug, PartialEq)]
pub struct DataColour {
    /// Where the template's key (`fill = "{kind}"`) is written in the design.
    pub key: Position,
    /// The key's name: `fill`, `colour`, `stroke`.
    pub key_name: String,
    /// The value as written in the data (a palette name or `#rrggbb`).
    pub name: String,
    pub colour: Colour,
    /// The first item that took it (`card 3 of deck goods`).
    pub item: String,
    /// The data file and cell it came from; `None` when the item's fields are written in
    /// the design (then `item_position` says where).
    pub cell: Option<(PathBuf, Position)>,
    pub item_position: Position,
    /// The second cue the value comes with: the values of the fields the item's face also
    /// writes or pictures (a text `{name}`, an image `goods/{good}.svg`); two colours whose
    /// first items show different values differ by more than colour.
    pub cue: Option<String>,
}

impl DataColour {
    /// The colour `value` (its name and colour) that the key `key` (where it is written, its
    /// name) took for `item` (how messages name it, where it is written), from `data`'s row
    /// when its fields come from a data file (`cell`: the data file and the cell it comes from).
    pub fn taken(
        key: (Position, &str),
        value: (&str, Colour),
        item: (&str, Position),
        cell: Option<(PathBuf, Position)>,
    ) -> DataColour {
        DataColour {
            key: key.0,
            key_name: key.1.to_string(),
            name: value.0.to_string(),
            colour: value.1,
            item: item.0.to_string(),
            cell,
            item_position: item.1,
            cue: None,
        }
    }
}

/// Data colours by (key position, value), the first item to take each kept.
pub type DataColours = BTreeMap<(Position, String), DataColour>;

/// What one item's face took from data while its layers were resolved: the colours, and
/// the fields (with their values) its texts and images show.
#[derive(Debug, Default)]
pub struct FaceColours {
    pub colours: Vec<DataColour>,
    pub shown: BTreeMap<String, String>,
}

impl FaceColours {
    /// Keeps each colour the face took (and those its item took before it: a deck's
    /// background from data), with the fields it shows as its cue, unless its key already
    /// took that value.
    pub fn finish(self, all: &mut DataColours) {
        let shown: Vec<String> = self.shown.iter().map(|(f, v)| format!("{f} = {v}")).collect();
        let cue = (!shown.is_empty()).then(|| shown.join(", "));
        for mut colour in self.colours {
            colour.cue.clone_from(&cue);
            all.entry((colour.key, colour.name.clone())).or_insert(colour);
        }
    }
}
