//! Room 2: the resolution context, what every part's resolution takes and adds to: the `Resolver`
//! (the design's source, the diagnostics found so far, the files used), the colours faces took from
//! data (`data_colours`) and the `when` conditions tested so far (`when_seen`). The code that
//! resolves the whole design (`design::resolve`) sits on top; a part's resolution takes only this.
//!
//! May use: `input`, `geometry`, `scene`.

pub mod column_types;
pub mod data_colours;
pub mod resolver;
pub mod when_seen;
