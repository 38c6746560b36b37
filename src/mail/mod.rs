//! Mail in and out: reading what players send, and delivering what the referee writes.
//!
//! - [`incoming`]: a raw RFC 5322 message to its sender, Message-ID and command lines.
//! - [`authres`]: the receiving server's `Authentication-Results` verdict on the sender.
//! - [`imap`]: taking in the new messages of an IMAP folder, each exactly once.
//! - [`maildir`]: taking in the new messages of a Maildir, each moved to `cur/` once taken.
//! - [`smtp`]: delivering the `.eml` files of an outbox by SMTP, moving each to `sent/`.
//! - [`place`]: where a setting of either was given, for their settings' errors.

pub mod authres;
pub mod imap;
pub mod incoming;
pub mod maildir;
pub mod place;
pub mod smtp;
