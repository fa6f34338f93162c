//! A layer's `when` as the resolution keeps it: each field's condition and the values of the
//! items it was tested on, so a value asked for that no item has is reported once at the end.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

/// What one field of a `when` asks of an item's value.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// One of these values (`kind = "ship"`, `kind = ["ship", "crew"]`, `note = ""`).
    pub(crate) one_of: Option<Vec<String>>,
    /// None of these (`kind = { not = "storm" }`, `note = { not = "" }`).
    pub(crate) not: Vec<String>,
    /// A number from `min` to `max`, both included (`cost = { min = 2, max = 4 }`).
    pub(crate) min: Option<f64>,
    pub(crate) max: Option<f64>,
}

/// A `when` field and the values the items it was tested on had: a value it asks for that
/// none had is a problem once every face is resolved.
#[derive(Clone, Debug)]
pub struct WhenSeen {
    pub(crate) field: String,
    pub(crate) condition: Condition,
    pub(crate) span: Range<usize>,
    pub(crate) present: BTreeSet<String>,
}

/// Every `when` field tested so far, by the place of its value.
pub type WhenUses = BTreeMap<(usize, usize), WhenSeen>;
