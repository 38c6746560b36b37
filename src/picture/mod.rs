//! Pictures of the board (issue #15): an SVG drawn by arbitre itself, and its PNG.
//!
//! - [`geometry`]: where things are drawn, read from `maps/NAME.geometry.yaml` (a map
//!   without one has no picture: [`Geometry::of`] says `None`).
//! - [`view`]: what a picture shows, as a typed [`PictureView`] built from a board and a
//!   phase's outcome; what only some may know is a separate [`Private`].
//! - [`svg`]: the drawing, [`draw`] (public) and [`draw_private`].
//! - [`png`]: the SVG rasterised with resvg.
//! - [`room`]: the room labels, units, build rings and badges take, where a badge stands,
//!   and the check that none of them and no other label lies over a province's name
//!   ([`room::crowding`]).
//! - [`album`]: a phase's pictures for its readers, each distinct one made once.
//! - [`board`]: the strokes the board games' pictures share; each board game draws its
//!   own board in its own folder (`kinds/boardgame/GAME/picture.rs`) and gives it through
//!   `boardgame::BoardGame::picture`.
//!
//! The public picture is made from the [`PictureView`] alone, which has no field for a
//! secret (in Diable et Bon Dieu: whom God and the Devil protect, what they cast before it
//! is announced). Secrets go only into [`draw_private`], for the readers the game kind
//! says are entitled to them ([`Secrets`]); the picture names no game kind.

pub mod album;
pub mod board;
pub mod geometry;
pub mod png;
pub mod room;
pub mod svg;
pub mod view;

pub use album::Album;
pub use geometry::{Geometry, Pt};
pub use png::png;
pub use svg::{draw, draw_for, draw_in, draw_private, draw_private_in};
pub use view::{Adjustment, DislodgedMark, Mark, PictureView, Private, Reader, Secrets, Sign, SignedUnit, Words};
