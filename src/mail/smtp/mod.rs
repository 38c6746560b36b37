//! Delivering a game's outbox by SMTP (`arbitre send`).
//!
//! The referee's game messages are not composed here: each file `DIR/outbox/*.eml` is
//! already a complete RFC 5322 message, rendered elsewhere. This module reads the envelope off
//! its `From:` and `To:` headers, hands the file's bytes to the server unchanged, and moves the
//! file to `DIR/sent/` once the server has taken it. The one message it writes itself is the
//! referee's digest of failed deliveries.
//!
//! # How a run goes
//!
//! A run first takes the folder's send lock (`DIR/.send-lock`), waiting while another
//! `arbitre send` holds it, and only then lists the outbox: two runs started together
//! deliver each message once.
//!
//! Every `*.eml` file is read and checked first: one that lacks a single `From:` address or a
//! single `To:` address, or that has `Cc:` or `Bcc:`, can never be sent and goes to `failed/`
//! before any connection is made. The rest are sent in file-name order over one SMTP session.
//! What becomes of a message:
//!
//! - **accepted**: a line goes to the journal `DIR/delivered.log` (time, SHA-256 of the file,
//!   file name) and is flushed to disk, then the file moves to `DIR/sent/`. A file the journal
//!   names (same name, same bytes) is never sent again: a run that was killed, or could not
//!   move the file, leaves it in the outbox, and the next run only moves it. The journal keeps
//!   only the lines of files still in the outbox, and is removed when none is.
//! - **refused for good** (a `5xx` reply): the file moves at once to `DIR/failed/`, with the
//!   server's reason in `DIR/failed/NAME.eml.reason`.
//! - **refused for now** (a `4xx` reply, or the session broke while it was being sent): the
//!   file stays in the outbox and goes into the schedule `DIR/retry.yaml` (recipient, first
//!   refusal, tries, next try, last reason). It is left alone until its next try: 15 minutes
//!   after the first refusal, then 30, 60… (each wait twice the one before, at most 4 hours).
//!   A refusal three days or more after the first sends it to `failed/`. After a broken
//!   session, a new one is opened for the next message (at most three times a run). A break in
//!   the middle of `DATA` leaves it unknown whether the server kept the message, so it may
//!   arrive twice.
//! - **not tried**: when the server cannot be reached or refuses the login (or answers `530`,
//!   authentication required), the fault is the settings', not the messages': they stay in
//!   the outbox with no retry counted, and the run reports them and fails.
//!
//! When a run sends messages to `failed/`, it writes the referee one message listing them
//! (to whom, which file and subject, why) into the outbox, named `delivery-failures-TIME.eml`;
//! the next run delivers it. The referee is the one the caller finds for the folder
//! ([`send_outbox_for`]: the mail game gives the one of `game.yaml`); else, as in a folder
//! of games' own outbox, the sender of the failed messages. A digest that fails is reported on standard
//! error and never listed in another digest, so a referee's address that fails cannot loop.
//! `arbitre status DIR` lists `failed/` and the schedule ([`delivery_status`]).
//!
//! # Where each part lives
//!
//! - `settings`: [`SmtpSettings`] and the [`Endpoint`] they resolve to (the URL forms are
//!   listed there); `url`: the URL taken apart.
//! - `send`: the run itself ([`send_outbox_for`]): the lock, the checks, the send loop.
//! - `session`: opening one SMTP session within a time limit ([`OpenError`]), and what a
//!   failed exchange means for the message ([`Failure`]: the server's [`Reply`], permanent
//!   or transient, or the connection's fault).
//! - `message`: a file's envelope and its bytes on the wire.
//! - `journal`: the journal of deliveries, `sent/` and `failed/`; `retry`: the retry
//!   schedule; `digest`: the referee's digest; `status`: what `arbitre status` shows.
//! - `error`: what stops a run as a whole ([`SendError`], [`OutboxError`]); the settings'
//!   errors ([`SettingsError`]) point at the file and key, or the variable, at fault.

mod digest;
mod error;
mod journal;
mod message;
mod retry;
mod send;
mod session;
mod settings;
mod status;
mod url;

pub use digest::Referee;
pub use error::{OutboxError, SendError};
pub use journal::{FailCause, Failed, FAILED, JOURNAL};
pub use retry::{read_retries, retry_wait, Retry, RETRIES, RETRY_FIRST_WAIT, RETRY_FOR, RETRY_MAX_WAIT};
pub use send::{outbox_messages, send_outbox, send_outbox_at, send_outbox_for, Deferred, SendReport, SEND_LOCK};
pub use session::{Failure, Fate, OpenError, OpenFailure, Reply};
pub use settings::{
    BadSetting, Endpoint, Security, SettingsError, SmtpSettings, CA_FILE_VAR, DEFAULT_TIMEOUT_SECS, PASSWORD_VAR,
    TIMEOUT_VAR, URL_VAR, USER_VAR,
};
pub use status::{delivery_status, read_failed, KeptFailure};
pub use url::{UrlError, UrlProblem};
