//! The clock a game reads: now, or the `--now` a command was given, as a time with its
//! offset. A leaf: it knows no game.

use chrono::{DateTime, FixedOffset};

/// The game's clock: now, or `--now`.
pub type Now = DateTime<FixedOffset>;
