//! tilepress: TOML descriptions of tile games in, validated sets and print-ready sheets out.

pub mod build;
pub mod components;
pub mod compose;
pub mod cutout;
pub mod diagram;
pub mod explain;
pub mod geometry;
pub mod impose;
pub mod model;
pub mod output;
pub mod render;
pub mod scene;
pub mod serve;
pub mod sources;
pub mod text;
pub mod threads;
pub mod validate;
