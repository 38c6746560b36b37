//! A game run by email: its folder, players, phases and deadlines.
//!
//! - [`config`]: the players file and the passwords' salted hashes.

pub mod config;
