//! What each `arbitre` command does, the top layer: it may use every module below it.
//!
//! `src/main.rs` reads the arguments (clap) and calls one function here, a file per family
//! of commands; each takes plain values (paths, times, settings), never clap's structs,
//! locks and opens the games it needs, loops over them and prints what it did. A command
//! that fails returns a message for the user ([`Failure`], or a `String` that main.rs
//! prints as one); main.rs chooses the exit code.
//!
//! - [`position`]: `adjudicate`, `picture` (a position file, no game folder);
//! - [`new`]: `new` (a game folder from a players file), `password`;
//! - [`mail`]: `mail` (messages from files, a Maildir or standard input);
//! - [`imap`]: `imap` (an IMAP folder, once or watched);
//! - [`process`]: `orders` (a turn file), `process` (every game due, or one `--force`d);
//! - [`send`]: `send` (the outboxes by SMTP);
//! - [`serve`]: `run` (intake, process and send, once or forever);
//! - [`desk`]: the referee's verbs (`deadline`, `pause`, `resume`, `preview`, `rollback`,
//!   `replace`, `disorder`, `player`);
//! - [`show`]: `status`, `zine`;
//! - [`publish`]: `publish` (the public archive, for a web server).

pub mod desk;
pub mod imap;
pub mod mail;
pub mod new;
pub mod position;
pub mod process;
pub mod publish;
pub mod send;
pub mod serve;
pub mod show;

use crate::clock::Now;

/// How a command failed: the message main.rs prints, and which exit code it means.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// A message for the user, exit 1.
    #[error("{0}")]
    Usage(String),
    /// The message could not be stored: exit 75 so that the MTA retries.
    #[error("{0}")]
    NotKept(String),
}

impl From<String> for Failure {
    fn from(s: String) -> Failure {
        Failure::Usage(s)
    }
}

/// The clock of a command: the `--now` it was given, or the real time.
pub fn now(given: Option<Now>) -> Now {
    given.unwrap_or_else(|| chrono::Utc::now().fixed_offset())
}
