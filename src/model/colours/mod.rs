//! Room 4: the design's colours: `[palette]` (`palette`: named colours, a palette name or `#rrggbb`
//! looked up) and `[cues]` (`cues`: a second cue beside a colour, the pattern drawn wherever it
//! carries meaning).
//!
//! May use: `input`, `context`, `scene`.

pub mod cues;
pub mod palette;
