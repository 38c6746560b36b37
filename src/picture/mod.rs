//! Pictures of the board (issue #15): an SVG drawn by arbitre itself, and its PNG.
//!
//! - [`geometry`]: where things are drawn, read from `maps/NAME.geometry.yaml` (a map
//!   without one has no picture: [`Geometry::of`] says `None`).
//! - [`view`]: what a picture shows, as a typed [`PictureView`] built from a board and a
//!   phase's outcome; what only some may know is a separate [`Private`].
//! - [`svg`]: the drawing, [`draw`] (public) and [`draw_private`].
//! - [`png`]: the SVG rasterised with resvg.
//! - [`album`]: a phase's pictures for its readers, each distinct one made once.
//! - [`diam`], [`diabolik`]: the boards of DIAM and Diabolik Fleet, each drawn from a typed
//!   view the game builds of itself ([`DiamView`], [`FleetView`]); a board game gives its
//!   picture through `boardgame::BoardGame::picture`.
//!
//! The public picture is made from the [`PictureView`] alone, which has no field for a
//! secret: who God and the Devil are, whom they protect, what they cast before it is
//! announced. Those go only into [`draw_private`], for those entitled to know them.

pub mod album;
pub mod diabolik;
pub mod diam;
pub mod geometry;
pub mod png;
pub mod svg;
pub mod view;

pub use album::Album;
pub use diabolik::FleetView;
pub use diam::DiamView;
pub use geometry::{Geometry, Pt};
pub use png::png;
pub use svg::{draw, draw_for, draw_private};
pub use view::{Adjustment, Cast, CastEffect, DislodgedMark, Mark, PictureView, Private, Reader, Secrets};
