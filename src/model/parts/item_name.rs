//! Cards and counters named by their data: `item_name` on `[[decks]]` and `[[counters]]` — a field (`item_name = "title"`) or a template (`item_name = "{rank} of {suit}"`) — and how a card is named where it is shown (the Tabletop Simulator save, the faces list, the components page, messages: `card Storm (cards.csv row 12)`).

use std::collections::{BTreeMap, BTreeSet};

use toml::Spanned;

use crate::model::context::resolver::Resolver;
use crate::model::face::fields::{Missing, field_names, substitute};
use crate::model::input::suggest::closest;
use crate::model::parts::cards::{Card, Deck};

/// `written` (`item_name`) as a template, a bare field name taken as `{name}`; `None` when
/// it is empty, its braces do not pair or it names a field no card has (`fields`, one map
/// per card), each reported at the key with the closest field.
pub fn item_name_template(
    r: &mut Resolver<'_>,
    written: &Spanned<String>,
    fields: &[&BTreeMap<String, String>],
) -> Option<String> {
    let text = written.get_ref().trim();
    let template = match text.contains(['{', '}']) {
        true => text.to_string(),
        false => format!("{{{text}}}"),
    };
    let known: BTreeSet<&str> = fields.iter().flat_map(|f| f.keys().map(String::as_str)).collect();
    let listed = known.iter().copied().collect::<Vec<_>>().join(", ");
    let help = format!(
        "name a field the cards have ({listed}), or write a template like \"{{{}}}\"",
        known.first().unwrap_or(&"name")
    );
    if text.is_empty() {
        r.error(&written.span(), "`item_name` is empty".into(), &help);
        return None;
    }
    let every: BTreeMap<String, String> =
        field_names(&template).into_iter().map(|name| (name.to_string(), String::new())).collect();
    if substitute(&template, &every) == Err(Missing::Brace) {
        let message = format!("`item_name` `{text}`: a `{{` or `}}` without its pair");
        r.error(&written.span(), message, "write each field as {name}; {{ and }} for braces");
        return None;
    }
    let Some(unknown) = every.keys().find(|name| !known.contains(name.as_str())) else {
        return Some(template);
    };
    let guess = closest(unknown, known.iter().copied())
        .map_or(String::new(), |near| format!(" (did you mean `{near}`?)"));
    let message = format!("`item_name`: no card has a field `{unknown}`{guess}");
    r.error(&written.span(), message, &help);
    None
}

/// The name `template` gives an item of `fields`; `None` without a template, or where the
/// item lacks a field or the name comes out blank.
pub fn item_name(template: Option<&str>, fields: &BTreeMap<String, String>) -> Option<String> {
    let name = substitute(template?, fields).ok()?;
    Some(name.trim().to_string()).filter(|name| !name.is_empty())
}

/// An item as messages and lists say it: `Storm (cards.csv row 12)` with a name, else where
/// it is written (`cards.csv row 12`).
pub fn item_words(name: Option<&str>, origin: &str) -> String {
    match name {
        Some(name) => format!("{name} ({origin})"),
        None => origin.to_string(),
    }
}

impl Card {
    /// The card as messages and lists say it ([`item_words`]).
    pub fn words(&self) -> String {
        item_words(self.name.as_deref(), &self.origin)
    }
}

impl Deck {
    /// Each printed card named by the deck's `item_name`, else as the deck's rule names it
    /// (`3 of salt`), else by its `name` field, else by where it is written (`cards.csv row
    /// 4`), once per copy.
    pub fn card_names(&self) -> Vec<String> {
        let name = |card: &Card| -> String {
            let by_rule = || {
                let rule = self.rule.as_ref()?;
                substitute(&rule.name, &card.fields).ok()
            };
            (card.name.clone().or_else(by_rule))
                .or_else(|| card.fields.get("name").cloned())
                .unwrap_or_else(|| card.origin.clone())
        };
        (self.cards.iter())
            .flat_map(|card| std::iter::repeat_n(name(card), card.count as usize))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_is_named_by_its_template_else_by_its_place() {
        let fields: BTreeMap<String, String> =
            [("title", "Storm"), ("rank", "3")].map(|(k, v)| (k.into(), v.into())).into();
        assert_eq!(item_name(Some("{title}"), &fields).as_deref(), Some("Storm"));
        assert_eq!(item_name(Some("{rank} of {title}"), &fields).as_deref(), Some("3 of Storm"));
        assert_eq!(item_name(Some("{suit}"), &fields), None);
        assert_eq!(item_name(None, &fields), None);
        assert_eq!(item_words(Some("Storm"), "cards.csv row 12"), "Storm (cards.csv row 12)");
        assert_eq!(item_words(None, "line 30"), "line 30");
    }
}
