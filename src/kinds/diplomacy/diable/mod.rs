//! Diable et Bon Dieu: seven powers on the standard map, plus God and the Devil, who bless
//! and curse units and each secretly protect a power.
//!
//! - [`hooks`]: the rules of the judge (blessings and curses as [`crate::judge::Hooks`]), the
//!   per-year rule and the draw of the protected powers;
//! - [`game`]: the rules of the mail game ([`RULES`], a [`crate::kinds::diplomacy::Ruleset`]): the two
//!   divine roles, `BLESS` and `CURSE` by mail, the winter blessing, the divine part of the
//!   reports and the divine players' private letters;
//! - [`picture`]: the casts and protected powers as the picture's signs and private parts.

pub mod game;
pub mod hooks;
pub mod picture;

pub use game::RULES;
pub use hooks::*;
