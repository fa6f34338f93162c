//! How a face is drawn: resolved layers (`model::face`) turned into scene items on an
//! item's outline — anchors placed on the outline (`anchor`), text laid out by `text`,
//! shapes, pips and images, and `draw`, which places each layer in its frame below or above
//! the edge art. Every compositor of `compose` draws its faces' layers through `draw`.

pub mod anchor;
pub mod draw;
pub mod image;
pub mod outline_reach;
pub mod pips;
pub mod shapes;
pub mod text;
