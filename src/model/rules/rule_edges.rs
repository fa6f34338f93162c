//! `[rule] edges`: the slot lists an edge may have (`["field region", "road", "field region"]`), each `slots_per_edge` long, its slots of the rule's colours in the kinds `kinds_of` binds them to.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::rules::edge_slots::{EdgeText, edge_slot_texts};
use crate::model::rules::tile_set::slot;
use crate::model::rules::tile_set::{Slot, SlotKind};

/// What a slot of the rule's `edges` may be: the rule's colours, in their kinds.
#[derive(Clone, Copy, Debug)]
pub struct Allowed<'a> {
    pub colours: &'a [String],
    pub slot_kinds: &'a [SlotKind],
    pub kinds_of: &'a BTreeMap<String, Vec<SlotKind>>,
}

/// The edges the rule lists, each as its slots clockwise; every mistake at its entry.
pub fn rule_edges(
    r: &mut Resolver<'_>,
    edges: &Spanned<Vec<Spanned<EdgeText>>>,
    palette: &Palette,
    per_edge: usize,
    allowed: Allowed<'_>,
) -> Vec<Vec<Slot>> {
    if edges.get_ref().is_empty() {
        r.error(
            &edges.span(),
            "the rule's `edges` lists no edge".into(),
            "list the slot lists an edge may have, or leave `edges` out for any",
        );
    }
    let mut found: Vec<Vec<Slot>> = Vec::new();
    for (index, edge) in edges.get_ref().iter().enumerate() {
        let errors_before = r.diagnostics.len();
        let what = format!("the rule's `edges` entry {}", index + 1);
        let Some(texts) = edge_slot_texts(r, edge, per_edge, &what) else { continue };
        let slots: Vec<Slot> = texts.iter().filter_map(|text| slot(r, text, palette)).collect();
        for slot in slots.iter().filter(|slot| !slot.is_empty()) {
            if !allowed.colours.contains(&slot.colour) {
                r.error(
                    &edge.span(),
                    format!(
                        "the rule's `edges` entry {} has a {} slot, not one of the rule's colours",
                        index + 1,
                        slot.colour
                    ),
                    &format!("use the rule's colours: {}", allowed.colours.join(", ")),
                );
                continue;
            }
            let kinds =
                allowed.kinds_of.get(&slot.colour).map_or(allowed.slot_kinds, Vec::as_slice);
            if !kinds.contains(&slot.kind) {
                let bound = match allowed.kinds_of.contains_key(&slot.colour) {
                    true => "`kinds_of` binds",
                    false => "`slot_kinds` allows",
                };
                let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
                r.error(
                    &edge.span(),
                    format!(
                        "the rule's `edges` entry {} has a {} {}, but {bound} {} only {}",
                        index + 1,
                        slot.colour,
                        slot.kind.name(),
                        slot.colour,
                        names.join(" or ")
                    ),
                    &format!(
                        "write the slot as \"{} {}\", or bind {} to it in `kinds_of`",
                        slot.colour,
                        names.first().copied().unwrap_or("line"),
                        slot.kind.name()
                    ),
                );
            }
        }
        if slots.iter().any(|slot| slot.is_empty()) && !allowed.colours.iter().any(|c| c == "-") {
            r.error(
                &edge.span(),
                format!("the rule's `edges` entry {} has an empty slot (\"-\")", index + 1),
                "add \"-\" to the rule's colours, or give the slot a colour",
            );
        }
        if r.diagnostics.len() > errors_before {
            continue;
        }
        if found.contains(&slots) {
            r.error(
                &edge.span(),
                format!("the rule's `edges` lists entry {} twice", index + 1),
                "list each edge once",
            );
            continue;
        }
        found.push(slots);
    }
    found
}
