//! Where each of a `[rule]`'s constraints is written, so that what a constraint causes (a rule that derives no tile) is reported at it.

use std::collections::BTreeMap;

use toml::Spanned;

use crate::model::input::source::{Position, SourceFile};
use crate::model::rules::set_tables::RuleTable;

/// The position of each constraint the rule writes, by its key (`min_colours`, `joins`, …;
/// the names `check`'s rule problems give); keys left at their default are absent.
pub fn rule_key_positions(
    source: &SourceFile,
    rule: &RuleTable,
) -> BTreeMap<&'static str, Position> {
    fn at<T>(value: &Option<Spanned<T>>) -> Option<std::ops::Range<usize>> {
        value.as_ref().map(Spanned::span)
    }
    let spans = [
        ("colours", at(&rule.colours)),
        ("corners", at(&rule.corners)),
        ("region_joins", at(&rule.region_joins)),
        ("slot_kinds", at(&rule.slot_kinds)),
        ("edges", at(&rule.edges)),
        ("kinds_of", at(&rule.kinds_of)),
        ("joins", at(&rule.joins)),
        ("join_spans", at(&rule.join_spans)),
        ("exclude_spans", at(&rule.exclude_spans)),
        ("distinct_line_colours", at(&rule.distinct_line_colours)),
        ("min_colours", at(&rule.min_colours)),
        ("max_colours", at(&rule.max_colours)),
        ("min_slot_kinds", at(&rule.min_slot_kinds)),
    ];
    spans.into_iter().filter_map(|(key, span)| Some((key, source.start_of(&span?)))).collect()
}
