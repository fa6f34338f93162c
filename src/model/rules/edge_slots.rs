//! Several slots per edge: `[set] slots_per_edge`, an edge written as one slot or as its list of slots clockwise, the rule's `edges`, and how a slot position is named.
//!
//! A face keeps its slots as one flat list clockwise, edge 1's slots first: slot `p` is
//! slot `p % m` of edge `p / m` when every edge has `m` slots. One slot per edge is `m = 1`,
//! where a slot position is its edge.

use serde::Deserialize;
use toml::Spanned;

use crate::model::context::resolver::Resolver;

/// Most slots one edge may have.
pub const MAX_SLOTS_PER_EDGE: usize = 6;

/// One edge as written: `"red"` (one slot) or `["field region", "road", "field region"]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum EdgeText {
    One(String),
    Several(Vec<String>),
}

impl EdgeText {
    /// The edge's slot texts, clockwise.
    pub fn slots(&self) -> Vec<&str> {
        match self {
            EdgeText::One(text) => vec![text.as_str()],
            EdgeText::Several(texts) => texts.iter().map(String::as_str).collect(),
        }
    }
}

/// `[set] slots_per_edge`: 1 when absent; outside 1 to [`MAX_SLOTS_PER_EDGE`] an error at
/// the key.
pub fn slots_per_edge(r: &mut Resolver<'_>, written: Option<&Spanned<i64>>) -> usize {
    let Some(written) = written else { return 1 };
    match usize::try_from(*written.get_ref()) {
        Ok(m) if (1..=MAX_SLOTS_PER_EDGE).contains(&m) => m,
        _ => {
            r.error(
                &written.span(),
                format!("`slots_per_edge = {}` is not a number of slots", written.get_ref()),
                &format!("give from 1 to {MAX_SLOTS_PER_EDGE} slots per edge"),
            );
            1
        }
    }
}

/// Every edge's slot texts flattened clockwise, each with the edge's span, when every edge
/// lists `per_edge` slots; each edge that does not is reported (`what` names the list, e.g.
/// `tile 4: edge`, and is followed by the edge's number).
pub fn flat_slot_texts(
    r: &mut Resolver<'_>,
    edges: &[Spanned<EdgeText>],
    per_edge: usize,
    what: &str,
) -> Option<Vec<Spanned<String>>> {
    let each: Vec<Option<Vec<Spanned<String>>>> = (edges.iter().enumerate())
        .map(|(index, edge)| edge_slot_texts(r, edge, per_edge, &format!("{what} {}", index + 1)))
        .collect();
    each.into_iter().collect::<Option<Vec<_>>>().map(|edges| edges.concat())
}

/// One edge's slot texts, each with the edge's span, when it lists `per_edge` slots;
/// reported if not (`what`: the edge as the message names it).
pub fn edge_slot_texts(
    r: &mut Resolver<'_>,
    edge: &Spanned<EdgeText>,
    per_edge: usize,
    what: &str,
) -> Option<Vec<Spanned<String>>> {
    let slots = edge.get_ref().slots();
    if slots.len() != per_edge {
        let example = vec!["\"-\""; per_edge].join(", ");
        r.error(
            &edge.span(),
            format!(
                "{what} lists {} slot(s); every edge of the set has {per_edge} (`slots_per_edge`)",
                slots.len()
            ),
            &match per_edge {
                1 => "write the edge as one slot, e.g. \"red\", or set `slots_per_edge` in [set]"
                    .to_string(),
                _ => format!("write the edge as a list of {per_edge} slots, e.g. [{example}]"),
            },
        );
        return None;
    }
    Some(slots.into_iter().map(|text| Spanned::new(edge.span(), text.to_string())).collect())
}

/// `edge 3` for a slot position when edges have one slot, `edge 3 slot 2` otherwise
/// (both 1-based).
pub fn slot_name(position: usize, per_edge: usize) -> String {
    match per_edge {
        0 | 1 => format!("edge {}", position + 1),
        m => format!("edge {} slot {}", position / m + 1, position % m + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_named_by_edge_and_place_on_it() {
        assert_eq!(slot_name(4, 1), "edge 5");
        assert_eq!(slot_name(4, 3), "edge 2 slot 2");
        assert_eq!(slot_name(7, 2), "edge 4 slot 2");
    }
}
