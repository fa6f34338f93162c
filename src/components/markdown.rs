//! The components list in Markdown: one line per part first (each drawn part's total, each board, net, track and map), then a heading per drawn part with its total, what its items are and their size, and one line per distinct item with its count.

use super::{Components, Section};

/// What the list and the page say of a design with no components.
pub const NOTHING: &str = "no components";

/// The list as Markdown text.
pub fn components_markdown(components: &Components) -> String {
    let mut text = format!("# {}: components\n\n", components.name);
    let sections: Vec<&Section> =
        components.sections.iter().filter(|s| !s.items.is_empty()).collect();
    for section in &sections {
        text.push_str(&format!("- {}\n", section.heading()));
    }
    for line in &components.others {
        text.push_str(&format!("- {line}\n"));
    }
    if sections.is_empty() && components.others.is_empty() {
        text.push_str(&format!("- {NOTHING}\n"));
    }
    for section in &sections {
        text.push_str(&format!(
            "\n## {}\n\n{}.\n\n",
            section.heading(),
            capitalised(&section.size)
        ));
        for item in &section.items {
            text.push_str(&format!("- {} × {}\n", item_name(section, &item.label), item.count));
        }
    }
    text
}

/// An item as the list names it: a number with its noun (`tile 7`), a name as it is.
fn item_name(section: &Section, label: &str) -> String {
    if label.chars().all(|c| c.is_ascii_digit()) {
        format!("{} {label}", section.noun)
    } else {
        label.to_string()
    }
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
