//! Anchors as written: `centre`, `corner K` and `edge K` of an outline (K from 1, like edges
//! in design files), and which way is up for a layer (`upright`, `item`, `edge`). Where they
//! fall on an outline is `compose::layers::anchor`.

/// A named place on an outline; corners and edges are 0-based here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Centre,
    Corner(usize),
    Edge(usize),
}

/// Which way is up for a layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Up is up on the printed page, whichever way the packing turns the item (and on a
    /// back, as seen on the back page).
    Upright,
    /// Up is the item's own up (edge 1 on top of a tile): the layer turns with the item.
    Item,
    /// The layer's foot points into the outline: along an edge, or facing out of a corner.
    Edge,
}

impl Anchor {
    /// Reads `centre`, `corner K` or `edge K` (K ≥ 1); the error says what was expected.
    pub fn parse(text: &str) -> Result<Anchor, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let number = |word: &str| word.parse::<usize>().ok().filter(|&k| k >= 1).map(|k| k - 1);
        match words.as_slice() {
            ["centre" | "center"] => Ok(Anchor::Centre),
            ["corner", k] => number(k).map(Anchor::Corner).ok_or_else(|| bad_anchor(text)),
            ["edge", k] => number(k).map(Anchor::Edge).ok_or_else(|| bad_anchor(text)),
            _ => Err(bad_anchor(text)),
        }
    }

    /// The corner or edge number as written (from 1), if any.
    pub fn number(self) -> Option<usize> {
        match self {
            Anchor::Centre => None,
            Anchor::Corner(k) | Anchor::Edge(k) => Some(k + 1),
        }
    }
}

impl Turn {
    pub fn parse(text: &str) -> Option<Turn> {
        match text.trim() {
            "upright" => Some(Turn::Upright),
            "item" => Some(Turn::Item),
            "edge" => Some(Turn::Edge),
            _ => None,
        }
    }
}

fn bad_anchor(text: &str) -> String {
    format!("`{text}` is not an anchor")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_anchors_from_one() {
        assert_eq!(Anchor::parse("centre"), Ok(Anchor::Centre));
        assert_eq!(Anchor::parse("corner 1"), Ok(Anchor::Corner(0)));
        assert_eq!(Anchor::parse(" edge  4 "), Ok(Anchor::Edge(3)));
        assert!(Anchor::parse("edge 0").is_err());
        assert!(Anchor::parse("middle").is_err());
        assert_eq!(Anchor::Edge(3).number(), Some(4));
    }

    #[test]
    fn turns_are_read_by_name() {
        assert_eq!(Turn::parse(" upright"), Some(Turn::Upright));
        assert_eq!(Turn::parse("item"), Some(Turn::Item));
        assert_eq!(Turn::parse("edge"), Some(Turn::Edge));
        assert_eq!(Turn::parse("sideways"), None);
    }
}
