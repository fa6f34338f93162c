//! `[rule] kinds_of`: the slot kinds each colour may take when fewer than the rule's `slot_kinds` (roads only as lines, cities only as regions), checked against the rule's colours and kinds.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::rules::tile_set::SlotKind;

/// `kinds_of` as written: colour → the slot kinds it may take.
pub type KindsOfTable = BTreeMap<String, Spanned<Vec<Spanned<String>>>>;

/// The kinds of each colour `table` names, reporting a colour the rule does not list, a
/// kind that is not among `slot_kinds`, and a colour given no kind.
pub fn kinds_of(
    r: &mut Resolver<'_>,
    table: &Spanned<KindsOfTable>,
    colours: &[String],
    slot_kinds: &[SlotKind],
) -> BTreeMap<String, Vec<SlotKind>> {
    let mut found = BTreeMap::new();
    for (colour, kinds) in table.get_ref() {
        let colour = colour.trim();
        if !colours.iter().any(|c| c == colour) {
            r.error(
                &table.span(),
                format!("`kinds_of` names `{colour}`, which is not one of the rule's colours"),
                &format!("name colours of `colours`: {}", colours.join(", ")),
            );
            continue;
        }
        if kinds.get_ref().is_empty() {
            r.error(
                &kinds.span(),
                format!("`kinds_of` gives `{colour}` no slot kind"),
                "give it at least one, e.g. [\"line\"], or leave the colour out of the rule",
            );
            continue;
        }
        let mut own = Vec::new();
        for kind in kinds.get_ref() {
            let Some(parsed) = r.slot_kind(kind) else { continue };
            if !slot_kinds.contains(&parsed) {
                let names: Vec<&str> = slot_kinds.iter().map(|k| k.name()).collect();
                r.error(
                    &kind.span(),
                    format!("`{}` is not one of the rule's `slot_kinds`", kind.get_ref().trim()),
                    &format!("use one of {}, or add it to `slot_kinds`", names.join(", ")),
                );
                continue;
            }
            if !own.contains(&parsed) {
                own.push(parsed);
            }
        }
        found.insert(colour.to_string(), own);
    }
    found
}
