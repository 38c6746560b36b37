//! Mail in from an IMAP folder (`arbitre imap`, issue #16).
//!
//! Each new message of the folder is handed to the same intake as `arbitre mail`
//! ([`crate::game::intake::deliver`]), with its arrival time the server's INTERNALDATE (no
//! later than now), and only once the intake has returned (the message kept in its game, or
//! in `ROOT/unmatched/`, and acted on) is it moved to the processed folder: `UID MOVE` where
//! the server offers MOVE, else `UID COPY` then `\Deleted` and an expunge.
//!
//! # Exactly once
//!
//! Between the intake and the move, the message's UID is written to `ROOT/.imap-state.yaml`
//! with the folder's UIDVALIDITY and the mailbox's name (atomically: a temporary file,
//! flushed, renamed). A message still in the folder whose UID is at most the one recorded was
//! taken in by an earlier run that stopped before moving it: it is only moved, not taken in
//! again. So a run killed at any point acts on each message once:
//!
//! - killed before the intake kept the message: nothing happened, the next run takes it in;
//! - killed after the intake, before the UID was recorded: the next run hands the message to
//!   the intake again, which keeps it but does not act on it twice (a message seen before,
//!   same Message-ID and same signed-on role, is never acted on again; an unmatched one is
//!   only kept again, and answered again);
//! - killed after the UID was recorded, before the move: the next run only moves it.
//!
//! A UIDVALIDITY that changed (the folder was rebuilt), or a state file of another mailbox,
//! makes every UID recorded meaningless: the run says so and takes in every message of the
//! folder, and the same Message-ID check is what keeps those acted on before from being
//! acted on twice.
//!
//! # Watching
//!
//! [`watch`] keeps the session open and waits with IDLE where the server offers it (polling
//! every minute where not), and opens a new session after a network error, waiting 1 s,
//! then 2, 4… (at most 5 minutes) between attempts.

mod session;
mod settings;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::game::intake::{deliver, Delivered};
use crate::game::kind::Kinds;
use crate::game::Now;
use crate::store;
pub use session::{open, ConnectFailure, Session, SessionFailure, TlsFailure};
pub use settings::{
    BadSetting, ImapSettings, Mailbox, Security, SettingsError, CA_FILE_VAR, DEFAULT_PROCESSED, PASSWORD_VAR, URL_VAR,
    USER_VAR,
};

/// The file in ROOT recording the last UID taken in.
pub const STATE_FILE: &str = ".imap-state.yaml";

/// What went wrong, by cause. `mailbox` is the mailbox as [`Mailbox`] shows it (no
/// password).
#[derive(Debug, thiserror::Error)]
pub enum ImapError {
    /// The settings cannot be used (URL, CA file).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The server could not be reached.
    #[error("cannot connect to {mailbox}: {why}")]
    Connect {
        mailbox: String,
        #[source]
        why: ConnectFailure,
    },
    /// TLS failed: the handshake, the certificate, or STARTTLS.
    #[error("TLS with {mailbox} failed: {why}")]
    Tls {
        mailbox: String,
        #[source]
        why: TlsFailure,
    },
    /// The server refused the user name or password.
    #[error("login to {mailbox} refused: {source} (check ARBITRE_IMAP_USER and ARBITRE_IMAP_PASSWORD, or username and password)")]
    Login {
        mailbox: String,
        #[source]
        source: Box<imap::Error>,
    },
    /// The session broke or the server refused a command.
    #[error("the IMAP session with {mailbox} failed: {why}")]
    Session {
        mailbox: String,
        #[source]
        why: SessionFailure,
    },
    /// ROOT's state file cannot be read.
    #[error("{}: {source}", path.display())]
    StateUnreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// ROOT's state file is not what this program writes.
    #[error(
        "{}: {source} (delete it to take in every message of the folder again; messages acted on \
         before are not acted on twice)",
        path.display()
    )]
    StateInvalid {
        path: PathBuf,
        #[source]
        source: serde_yaml::Error,
    },
    /// ROOT's state file cannot be written: the message taken in stays in the folder.
    #[error(
        "{}: {source}; the message was taken in but stays in the folder (it will not be acted on twice)",
        path.display()
    )]
    StateUnwritable {
        path: PathBuf,
        #[source]
        source: StateWrite,
    },
    /// A message that the intake could not keep: it stays in the folder. `why` is the
    /// intake's reason.
    #[error("the message of UID {uid} could not be kept ({why}); it stays in {folder} for the next run")]
    NotKept { uid: u32, folder: String, why: String },
}

/// Why the state file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum StateWrite {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Yaml(#[from] serde_yaml::Error),
}

impl ImapError {
    /// Whether a new session later may do better (the network, the server).
    pub fn is_transient(&self) -> bool {
        matches!(self, ImapError::Connect { .. } | ImapError::Session { .. })
    }
}

/// What one pass over the folder did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct IntakeReport {
    /// The messages handed to the intake, by UID, and where each went.
    pub taken: Vec<(u32, Taken)>,
    /// The messages only moved: taken in by an earlier run that stopped before moving them.
    pub moved_only: Vec<u32>,
    /// Set when the recorded UIDs were of another UIDVALIDITY or mailbox: (recorded, now).
    pub uidvalidity_changed: Option<(u32, u32)>,
}

/// Where one message went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Kept in its game and acted on.
    Game(PathBuf),
    /// Kept in its game; acting on it failed and is left to `arbitre process` (the reason).
    Kept(PathBuf, String),
    /// It named no game: kept in `ROOT/unmatched/`.
    Unmatched(PathBuf),
    /// Over the size limit: kept in `GAME/rejected/`.
    TooLarge(PathBuf),
    /// Its sender not authenticated by the receiving server: kept in `GAME/rejected/`.
    Unauthenticated(PathBuf),
}

/// `ROOT/.imap-state.yaml`.
#[derive(Serialize, Deserialize, Debug, Default, Clone, PartialEq, Eq)]
struct State {
    /// The mailbox the UIDs are of (`imaps://host:993/INBOX as user`).
    mailbox: String,
    uidvalidity: u32,
    /// The last UID taken in.
    last_uid: u32,
}

fn read_state(root: &Path) -> Result<Option<State>, ImapError> {
    let path = root.join(STATE_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_yaml::from_str(&text)
            .map(Some)
            .map_err(|source| ImapError::StateInvalid { path, source }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(ImapError::StateUnreadable { path, source }),
    }
}

fn write_state(root: &Path, state: &State) -> Result<(), ImapError> {
    let path = root.join(STATE_FILE);
    let written = serde_yaml::to_string(state)
        .map_err(StateWrite::from)
        .and_then(|text| Ok(store::write_atomic(&path, text.as_bytes())?));
    written.map_err(|source| ImapError::StateUnwritable { path, source })
}

/// One pass: opens a session, takes in every new message, logs out.
pub fn fetch_once(
    root: &Path,
    kinds: &Kinds,
    mailbox: &Mailbox,
    now: impl Fn() -> Now,
) -> Result<IntakeReport, ImapError> {
    let mut session = open(mailbox)?;
    let report = take_in(&mut session, root, kinds, mailbox, &now);
    let _ = session.logout();
    report
}

/// Takes in the new messages of the folder over an open session; see the module docs.
pub fn take_in(
    session: &mut Session,
    root: &Path,
    kinds: &Kinds,
    mailbox: &Mailbox,
    now: &dyn Fn() -> Now,
) -> Result<IntakeReport, ImapError> {
    let failed = |e| session::session_error(mailbox, e);
    let selected = session.select(&mailbox.folder).map_err(failed)?;
    let uidvalidity = selected.uid_validity.ok_or_else(|| ImapError::Session {
        mailbox: mailbox.to_string(),
        why: SessionFailure::NoUidValidity,
    })?;
    let mut report = IntakeReport::default();
    let mut state = match read_state(root)? {
        Some(s) if s.mailbox == mailbox.to_string() && s.uidvalidity == uidvalidity => s,
        recorded => {
            if let Some(old) = recorded {
                report.uidvalidity_changed = Some((old.uidvalidity, uidvalidity));
            }
            State {
                mailbox: mailbox.to_string(),
                uidvalidity,
                last_uid: 0,
            }
        }
    };
    let mut uids: Vec<u32> = session.uid_search("UNDELETED").map_err(failed)?.into_iter().collect();
    uids.sort_unstable();
    if uids.is_empty() {
        return Ok(report);
    }
    let capabilities = session.capabilities().map_err(failed)?;
    let can_move = capabilities.has_str("MOVE");
    let uidplus = capabilities.has_str("UIDPLUS");
    if session.list(None, Some(&mailbox.processed)).map_err(failed)?.is_empty() {
        session.create(&mailbox.processed).map_err(failed)?;
    }
    for uid in uids {
        if uid > state.last_uid {
            let fetched = session
                .uid_fetch(uid.to_string(), "(UID INTERNALDATE BODY.PEEK[])")
                .map_err(failed)?;
            let Some(fetch) = fetched.iter().find(|f| f.uid == Some(uid)) else {
                continue; // expunged meanwhile by someone else
            };
            let raw = fetch.body().unwrap_or_default().to_vec();
            let now = now();
            let arrived = fetch.internal_date().map(|t| t.min(now)).unwrap_or(now);
            let taken = match deliver(root, &raw, arrived, now, kinds) {
                Ok(Delivered::Game { kept, acted: Ok(()) }) => Taken::Game(kept),
                Ok(Delivered::Game { kept, acted: Err(e) }) => Taken::Kept(kept, e.to_string()),
                Ok(Delivered::Unmatched(p)) => Taken::Unmatched(p),
                Ok(Delivered::TooLarge(p)) => Taken::TooLarge(p),
                Ok(Delivered::Unauthenticated(p, _)) => Taken::Unauthenticated(p),
                Err(e) => {
                    return Err(ImapError::NotKept {
                        uid,
                        folder: mailbox.folder.clone(),
                        why: e.to_string(),
                    })
                }
            };
            state.last_uid = uid;
            write_state(root, &state)?;
            report.taken.push((uid, taken));
        } else {
            report.moved_only.push(uid);
        }
        let set = uid.to_string();
        if can_move {
            session.uid_mv(&set, &mailbox.processed).map_err(failed)?;
        } else {
            session.uid_copy(&set, &mailbox.processed).map_err(failed)?;
            session
                .uid_store(&set, "+FLAGS.SILENT (\\Seen \\Deleted)")
                .map_err(failed)?;
            if uidplus {
                session.uid_expunge(&set).map_err(failed)?;
            } else {
                session.expunge().map_err(failed)?;
            }
        }
    }
    Ok(report)
}

/// How long [`watch`] waits for news before looking again: the IDLE timeout, or the poll
/// interval where the server has no IDLE.
pub const WATCH_WAIT: Duration = Duration::from_secs(60);
/// The longest wait between two attempts to open a session in [`watch`].
pub const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// Forever: takes in the folder's new messages, calls `after` (with what was taken in, or
/// the error), then waits for news (IDLE, else [`WATCH_WAIT`]) at most `wait`. A network
/// error closes the session and a new one is opened after a back-off; an error that a new
/// session cannot mend (settings, login, TLS, a message that cannot be kept) is given to
/// `after` too and tried again after the longest back-off. Returns only when `after`
/// returns `false`.
pub fn watch(
    root: &Path,
    kinds: &Kinds,
    mailbox: &Mailbox,
    now: &dyn Fn() -> Now,
    wait: Duration,
    after: &mut dyn FnMut(Result<IntakeReport, ImapError>) -> bool,
) {
    let mut backoff = Duration::from_secs(1);
    loop {
        let mut session = match open(mailbox) {
            Ok(s) => s,
            Err(e) => {
                let pause = if e.is_transient() { backoff } else { MAX_BACKOFF };
                if !after(Err(e)) {
                    return;
                }
                std::thread::sleep(pause);
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        backoff = Duration::from_secs(1);
        let idle = session.capabilities().map(|c| c.has_str("IDLE")).unwrap_or(false);
        loop {
            let result = take_in(&mut session, root, kinds, mailbox, now);
            let broken = matches!(&result, Err(e) if e.is_transient());
            let local = matches!(&result, Err(e) if !e.is_transient());
            if !after(result) {
                let _ = session.logout();
                return;
            }
            if broken {
                break;
            }
            if local {
                std::thread::sleep(MAX_BACKOFF.min(wait * 5));
                continue;
            }
            if idle {
                let mut handle = session.idle();
                handle.timeout(wait).keepalive(false);
                if handle.wait_while(imap::extensions::idle::stop_on_any).is_err() {
                    break;
                }
            } else {
                std::thread::sleep(wait);
                if session.noop().is_err() {
                    break;
                }
            }
        }
    }
}

/// The usual way to the settings: the file when given, else the environment (`None` when
/// no IMAP URL is set), with `--ca-file` winning over the CA file of either.
pub fn settings(config: Option<&Path>, ca_file: Option<&Path>) -> Result<Option<Mailbox>, SettingsError> {
    let settings = match config {
        Some(file) => Some(ImapSettings::from_file(file)?),
        None => ImapSettings::from_env()?,
    };
    settings
        .map(|mut s| match ca_file {
            Some(pem) => {
                s.ca_file = Some(pem.to_path_buf());
                s.mailbox().map_err(SettingsError::at_ca_option)
            }
            None => s.mailbox(),
        })
        .transpose()
}
