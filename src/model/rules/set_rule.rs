//! `[rule]` resolved: the colours and slot kinds of a set, its joins and spans, region joins,
//! corner colours, values and filters — the rule every tile of the set is derived from.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::geometry::polygon::RegularPolygon;
use crate::model::colours::palette::Palette;
use crate::model::context::resolver::Resolver;
use crate::model::rules::set_tables::RuleTable;
use crate::model::rules::tile_set::{
    EMPTY_SLOT, JoinRule, RegionJoinRule, SetRule, SlotKind, Symmetry,
};
use crate::model::rules::values::{Values, resolve_value_rule};

impl Resolver<'_> {
    pub(crate) fn rule(
        &mut self,
        table: &Spanned<RuleTable>,
        palette: &Palette,
        (shape, slots_per_edge): (RegularPolygon, usize),
        values: Option<&Values>,
    ) -> SetRule {
        let rule = table.get_ref();
        let value_rule = rule.values.as_ref().and_then(|v| resolve_value_rule(self, v, values));
        let colours: Vec<String> = match (&rule.colours, &rule.values, &rule.corners) {
            (Some(colours), Some(_), _) => {
                self.error(
                    &colours.span(),
                    "the rule is over values and edge colours at once".into(),
                    "a rule derives a set from values or from edges: drop `colours` or `values`",
                );
                Vec::new()
            }
            (Some(colours), None, _) => {
                self.slot_colours(colours, palette, "the rule names no colours")
            }
            // A rule of corners or values alone: every edge is empty.
            (None, Some(_), _) | (None, None, Some(_)) => vec![EMPTY_SLOT.to_string()],
            (None, None, None) => {
                self.error(
                    &table.span(),
                    "the rule has no `colours` (and no `corners` or `values`)".into(),
                    "list the slot colours (`colours = [\"red\", …]`), the corner colours \
                     (`corners = […]`) or give `values = {…}`",
                );
                Vec::new()
            }
        };
        let corner_colours = rule.corners.as_ref().map_or_else(Vec::new, |corners| {
            self.slot_colours(corners, palette, "the rule names no corner colours")
        });
        let region_joins = self.region_join_rule(rule.region_joins.as_ref());
        let slot_kinds = match &rule.slot_kinds {
            None => vec![SlotKind::Line],
            Some(kinds) => kinds.get_ref().iter().filter_map(|kind| self.slot_kind(kind)).collect(),
        };
        let joins = match rule.joins.as_ref() {
            None => JoinRule::Every,
            Some(joins) => match joins.get_ref().as_str() {
                "every" => JoinRule::Every,
                "optional" => JoinRule::Optional,
                "none" => JoinRule::Never,
                other => {
                    self.error(
                        &joins.span(),
                        format!("unknown join rule `{other}`"),
                        "use `every`, `optional` or `none`",
                    );
                    JoinRule::Every
                }
            },
        };
        // Spans count slots: with one slot per edge, edges.
        let max_span = shape.sides * slots_per_edge / 2;
        let join_spans = match &rule.join_spans {
            None => (1..=max_span).collect(),
            Some(spans) => self.spans(spans, max_span, |s| s.to_vec()),
        };
        let exclude_spans = match &rule.exclude_spans {
            None => Vec::new(),
            Some(sets) => {
                let all: Vec<usize> = sets.get_ref().iter().flatten().copied().collect();
                self.spans(&Spanned::new(sets.span(), all), max_span, |_| ());
                sets.get_ref()
                    .iter()
                    .map(|set| {
                        let mut sorted = set.clone();
                        sorted.sort_unstable();
                        sorted
                    })
                    .collect()
            }
        };
        let symmetry = self.symmetry(rule.symmetry.as_ref(), Symmetry::Rotation);
        let kinds_of = rule.kinds_of.as_ref().map_or_else(BTreeMap::new, |table| {
            crate::model::rules::rule_kinds::kinds_of(self, table, &colours, &slot_kinds)
        });
        let edges = rule.edges.as_ref().map_or_else(Vec::new, |edges| {
            let allowed = crate::model::rules::rule_edges::Allowed {
                colours: &colours,
                slot_kinds: &slot_kinds,
                kinds_of: &kinds_of,
            };
            crate::model::rules::rule_edges::rule_edges(
                self,
                edges,
                palette,
                slots_per_edge,
                allowed,
            )
        });
        if let Some(corners) = rule.corners.as_ref().filter(|_| slots_per_edge > 1) {
            self.error(
                &corners.span(),
                "corner slots are not drawn on tiles with several slots per edge".into(),
                "leave `corners` out, or set `slots_per_edge = 1`",
            );
        }
        SetRule {
            slots_per_edge,
            edges,
            kinds_of,
            min_colours: rule.min_colours.as_ref().map_or(0, |n| *n.get_ref()),
            max_colours: rule.max_colours.as_ref().map_or(usize::MAX, |n| *n.get_ref()),
            min_slot_kinds: rule.min_slot_kinds.as_ref().map_or(0, |n| *n.get_ref()),
            distinct_line_colours: rule
                .distinct_line_colours
                .as_ref()
                .is_some_and(|d| *d.get_ref()),
            key_positions: crate::model::rules::rule_keys::rule_key_positions(self.source, rule),
            count: rule.count.as_ref().map(|c| *c.get_ref()),
            copies: rule.copies.as_ref().map_or(1, |copies| self.copies(copies)),
            copies_of: (rule.copies_of.iter().flatten())
                .map(|(tile, copies)| {
                    let at = self.source.start_of(&copies.span());
                    (tile_description_key(tile), self.copies(copies), at)
                })
                .collect(),
            values: value_rule,
            position: self.source.start_of(&table.span()),
            colours,
            slot_kinds,
            joins,
            region_joins,
            corner_colours,
            join_spans,
            exclude_spans,
            symmetry,
        }
    }

    /// Palette colours (or `"-"`, nothing) a rule lists for slots or corners.
    pub(crate) fn slot_colours(
        &mut self,
        names: &Spanned<Vec<Spanned<String>>>,
        palette: &Palette,
        empty_message: &str,
    ) -> Vec<String> {
        if names.get_ref().is_empty() {
            self.error(&names.span(), empty_message.into(), "list the colours");
        }
        names
            .get_ref()
            .iter()
            .filter_map(|name| {
                if name.get_ref().trim() == EMPTY_SLOT {
                    Some(EMPTY_SLOT.to_string())
                } else {
                    self.colour_name(name, palette)
                }
            })
            .collect()
    }

    /// `region_joins`: `none` (default), `optional` or `same-colour`.
    pub(crate) fn region_join_rule(&mut self, name: Option<&Spanned<String>>) -> RegionJoinRule {
        let Some(name) = name else { return RegionJoinRule::Never };
        match name.get_ref().trim() {
            "none" => RegionJoinRule::Never,
            "optional" => RegionJoinRule::Optional,
            "same-colour" => RegionJoinRule::SameColour,
            other => {
                self.error(
                    &name.span(),
                    format!("unknown region join rule `{other}`"),
                    "use `none`, `optional` or `same-colour`",
                );
                RegionJoinRule::Never
            }
        }
    }

    /// Checks that every span is from 1 to `max`, then maps the list.
    pub(crate) fn spans<T>(
        &mut self,
        spans: &Spanned<Vec<usize>>,
        max: usize,
        map: impl Fn(&[usize]) -> T,
    ) -> T {
        if let Some(bad) = spans.get_ref().iter().find(|&&s| s == 0 || s > max) {
            self.error(
                &spans.span(),
                format!("join span {bad} is impossible on this tile"),
                &format!(
                    "a span counts edges (with several slots per edge, slots) between the \
                     joined ones, from 1 to {max}"
                ),
            );
        }
        map(spans.get_ref())
    }
}

/// A tile's description as `copies_of` and `check` compare it: words separated by single
/// spaces, a hyphen between two numbers (`1-4`) read as the en dash `check` prints.
pub fn tile_description_key(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let chars: Vec<char> = words.join(" ").chars().collect();
    let digit = |k: Option<&char>| k.is_some_and(char::is_ascii_digit);
    (0..chars.len())
        .map(|k| match chars[k] {
            '-' if k > 0 && digit(chars.get(k - 1)) && digit(chars.get(k + 1)) => '–',
            c => c,
        })
        .collect()
}
