//! A deck's or counter sheet's `rule`: the cards it should hold, as the product of its fields'
//! values less the excluded ones, plus its extra cards, each card keyed by those fields.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// `[decks.rule]`: the deck as a product of field values, with exceptions and counts.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRuleTable {
    /// How messages name a card: `"{rank} of {suit}"`.
    pub name: Spanned<String>,
    /// Every combination of these fields' values is one card.
    pub product: BTreeMap<String, ProductValues>,
    /// Copies of each combination (default 1).
    pub each: Option<u32>,
    /// Combinations that are not in the deck.
    #[serde(default)]
    pub exclude: Vec<BTreeMap<String, String>>,
    /// Cards beyond the product, each `{ fields = { … }, count = N }`.
    #[serde(default)]
    pub extra: Vec<ExtraCard>,
}

/// A product field's values: a list (numbers written unquoted or as text), or a whole-number
/// `{ range = [1, 48] }`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum ProductValues {
    List(Vec<ProductValue>),
    Range { range: (i64, i64) },
}

/// One value of a product's list: `3` or `"3"`, `"hearts"`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum ProductValue {
    Number(i64),
    Text(String),
}

/// Most values one product range gives (a longer one is a typo: the deck's cards are bounded
/// by `MAX_CARDS` anyway).
const MAX_PRODUCT_RANGE: i64 = 100_000;

impl ProductValues {
    /// The values as the cards' fields hold them; none for a range that is refused.
    pub fn texts(&self) -> Vec<String> {
        match self {
            ProductValues::List(values) => (values.iter())
                .map(|value| match value {
                    ProductValue::Number(n) => n.to_string(),
                    ProductValue::Text(text) => text.trim().to_string(),
                })
                .collect(),
            ProductValues::Range { .. } if self.mistake().is_some() => Vec::new(),
            ProductValues::Range { range: (low, high) } => {
                (*low..=*high).map(|n| n.to_string()).collect()
            }
        }
    }

    /// What is wrong with a range: upside down, or longer than any deck.
    pub fn mistake(&self) -> Option<String> {
        let ProductValues::Range { range: (low, high) } = self else { return None };
        if low > high {
            return Some(format!(
                "the range [{low}, {high}] is upside down: write [{high}, {low}]"
            ));
        }
        (high - low >= MAX_PRODUCT_RANGE).then(|| {
            format!("the range [{low}, {high}] gives more than {MAX_PRODUCT_RANGE} values")
        })
    }
}

/// One card the product does not give.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraCard {
    pub fields: BTreeMap<String, String>,
    pub count: Option<u32>,
}

/// A card by the rule's fields, sorted by field name.
pub type CardKey = Vec<(String, String)>;

/// The deck's rule resolved: how many of each card, and how cards are named.
#[derive(Clone, Debug, PartialEq)]
pub struct DeckRule {
    pub name: String,
    pub fields: Vec<String>,
    pub expected: BTreeMap<CardKey, u32>,
}

/// The cards a rule derives: every combination of the product's values `each` times, less
/// the excluded ones, plus the extra cards.
pub fn deck_rule(table: &DeckRuleTable) -> DeckRule {
    let mut keys: Vec<CardKey> = vec![Vec::new()];
    for (field, values) in &table.product {
        let values = values.texts();
        keys = keys
            .into_iter()
            .flat_map(|key| {
                values.clone().into_iter().map(move |value| {
                    let mut longer = key.clone();
                    longer.push((field.clone(), value));
                    longer
                })
            })
            .collect();
    }
    let mut fields: Vec<String> = table.product.keys().cloned().collect();
    let excluded = |key: &CardKey| {
        table
            .exclude
            .iter()
            .any(|ex| ex.iter().all(|(f, v)| key.iter().any(|(k, w)| k == f && w == v.trim())))
    };
    let each = table.each.unwrap_or(1);
    let mut expected: BTreeMap<CardKey, u32> = BTreeMap::new();
    for key in keys.into_iter().filter(|k| !excluded(k)) {
        *expected.entry(key).or_default() += each;
    }
    for extra in &table.extra {
        for field in extra.fields.keys() {
            if !fields.contains(field) {
                fields.push(field.clone());
            }
        }
        let key: CardKey =
            extra.fields.iter().map(|(f, v)| (f.clone(), v.trim().to_string())).collect();
        *expected.entry(key).or_default() += extra.count.unwrap_or(1);
    }
    fields.sort();
    DeckRule { name: table.name.get_ref().clone(), fields, expected }
}

/// A card's key under `rule`: its values of the rule's fields (those it has).
pub fn card_key(rule: &DeckRule, fields: &BTreeMap<String, String>) -> CardKey {
    rule.fields
        .iter()
        .filter_map(|f| fields.get(f).filter(|v| !v.is_empty()).map(|v| (f.clone(), v.clone())))
        .collect()
}
