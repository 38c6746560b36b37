//! A game run by email: its folder, players, phases and deadlines.
//!
//! - [`config`]: the players file and the passwords' salted hashes.
//! - [`commands`]: the mail command language (SIGNON, orders, BLESS, PRESS, VOTE…).
//! - [`store`]: atomic writes, so a crash never leaves a half-written file.

pub mod commands;
pub mod config;
pub mod store;
