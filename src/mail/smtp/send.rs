//! The send loop: take the folder's lock, read and check the outbox, and hand each message to
//! the server over as few sessions as it allows.

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use lettre::address::Envelope;
use lettre::transport::smtp::client::SmtpConnection;
use sha2::{Digest, Sha256};

use super::digest::Referee;
use super::error::{OutboxError, SendError};
use super::journal::{FailCause, Failed, Run, JOURNAL};
use super::message::{envelope_of, wire_bytes};
use super::retry::time;
use super::session::{open, transmit, Failure, Fate};
use super::settings::{Endpoint, SmtpSettings};
use crate::store;

/// How many times one run opens a new session after one broke in the middle of a message;
/// after that the rest waits for the next run.
const MAX_REOPENS: usize = 3;

/// The lock `arbitre send` holds on a folder while it delivers its outbox.
pub const SEND_LOCK: &str = ".send-lock";

/// A message refused for a while: it stays in the outbox and is tried again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deferred {
    /// Its file in the outbox.
    pub path: PathBuf,
    /// The server's reply (`451 …`), or how the session broke.
    pub reason: String,
    /// Not tried again before this time.
    pub next_try: DateTime<Utc>,
}

/// What one run of [`send_outbox`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SendReport {
    /// The files the server accepted, as they were named in the outbox (each now in `sent/`),
    /// in the order sent. A file the journal says was delivered by an earlier run is only
    /// moved, and is counted here too.
    pub sent: Vec<PathBuf>,
    /// The messages moved to `failed/` by this run.
    pub failed: Vec<Failed>,
    /// The messages refused for a while by this run, to be tried again.
    pub deferred: Vec<Deferred>,
    /// The messages left alone because their next try is not due yet.
    pub waiting: Vec<PathBuf>,
    /// The files left in the outbox untouched, each with the reason: the server could not be
    /// reached, the file could not be read, or it was delivered but could not be moved.
    pub unsent: Vec<(PathBuf, String)>,
    /// The digest of `failed` written to the referee, in the outbox (sent by the next run).
    pub digest: Option<PathBuf>,
    /// Why the run stopped trying the server before the end of the outbox: it could not be
    /// reached (or refused the session, the settings' fault, or broke too often). Every
    /// message left for that is in `unsent` with this same reason, so that the caller can
    /// say it once for all of them rather than once per message.
    pub stopped: Option<String>,
}

/// [`send_outbox_at`] at the present time.
pub fn send_outbox(game_dir: &Path, settings: &SmtpSettings) -> Result<SendReport, SendError> {
    send_outbox_at(game_dir, settings, Utc::now())
}

/// [`send_outbox_for`] a folder whose referee is not known: a digest of failed deliveries
/// goes to their sender.
pub fn send_outbox_at(game_dir: &Path, settings: &SmtpSettings, now: DateTime<Utc>) -> Result<SendReport, SendError> {
    send_outbox_for(game_dir, settings, now, &|_| None)
}

/// Delivers every `*.eml` file of `game_dir/outbox/`, in file-name order, and moves each one
/// the server accepts to `game_dir/sent/` (created when needed; a name already taken there
/// gets a `-2`, `-3`… suffix rather than overwriting the earlier message). `now` decides
/// which retries are due and how long a message has waited.
///
/// Files whose names start with `.` are skipped (half-written files, by convention). A game
/// with no outbox folder has nothing to send. The envelope of each message is its `From:`
/// address and its one `To:` address; see the module documentation for the lock, the
/// journal, the retries and `failed/`. `Err` means nothing was attempted: the settings are
/// unusable, or the folders cannot be read, created or locked. `referee` finds whom the
/// digest of failed deliveries goes to (asked only when there is one to write).
pub fn send_outbox_for(
    game_dir: &Path,
    settings: &SmtpSettings,
    now: DateTime<Utc>,
    referee: &dyn Fn(&Path) -> Option<Referee>,
) -> Result<SendReport, SendError> {
    let endpoint = settings.endpoint()?;
    if !game_dir.is_dir() {
        return Err(OutboxError::NotAFolder {
            dir: game_dir.to_path_buf(),
        }
        .into());
    }
    let outbox = game_dir.join("outbox");
    if !outbox.exists() {
        return Ok(SendReport::default());
    }
    let _lock = lock_outbox(game_dir)?;
    let mut run = Run::load(game_dir, now)?;
    let mut ready = Vec::new();
    for path in outbox_files(&outbox)? {
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) => {
                run.report
                    .unsent
                    .push((path, format!("not sent: cannot read the file: {e}")));
                continue;
            }
        };
        let name = file_name(&path);
        let digest = crate::dice::hex(&Sha256::digest(&bytes));
        if run.journal.iter().any(|(n, d, _)| *n == name && *d == digest) {
            // Delivered by a run that could not move it (or crashed first): only move it.
            run.move_to_sent(path);
            continue;
        }
        if let Some(retry) = run.retries.get(&name) {
            if time(&retry.next_try).is_some_and(|next| next > now) {
                run.report.waiting.push(path);
                continue;
            }
        }
        match envelope_of(&bytes) {
            Err(why) => run.fail(&path, &bytes, FailCause::Unsendable(why.to_string())),
            Ok(envelope) => ready.push(Outgoing {
                path,
                name,
                digest,
                envelope,
                data: wire_bytes(&bytes),
                file: bytes,
            }),
        }
    }
    if !ready.is_empty() {
        deliver(&endpoint, ready, &mut run);
    }
    Ok(run.finish(referee)?)
}

/// Takes the folder's send lock ([`SEND_LOCK`]), waiting for another `arbitre send` to end;
/// what a killed run left half-written (the schedule, a reason, a digest) goes first.
fn lock_outbox(game_dir: &Path) -> Result<store::FolderLock, OutboxError> {
    let path = game_dir.join(SEND_LOCK);
    let (held, _swept) = store::lock_folder(game_dir, SEND_LOCK).map_err(OutboxError::io(&path))?;
    Ok(held)
}

pub(super) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A message checked and ready to go.
pub(super) struct Outgoing {
    pub(super) path: PathBuf,
    pub(super) name: String,
    /// SHA-256 of the file, in hex: what the journal records.
    pub(super) digest: String,
    pub(super) envelope: Envelope,
    pub(super) data: Vec<u8>,
    pub(super) file: Vec<u8>,
}

/// The messages waiting in `game_dir/outbox/`, by file name (none when it has no outbox):
/// what a run that cannot reach the server leaves there.
pub fn outbox_messages(game_dir: &Path) -> Result<Vec<PathBuf>, OutboxError> {
    let outbox = game_dir.join("outbox");
    if !outbox.is_dir() {
        return Ok(Vec::new());
    }
    outbox_files(&outbox)
}

/// The `*.eml` regular files of `outbox` not starting with `.`, by file name.
pub(super) fn outbox_files(outbox: &Path) -> Result<Vec<PathBuf>, OutboxError> {
    let entries = fs::read_dir(outbox).map_err(OutboxError::io(outbox))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(OutboxError::io(outbox))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if name.ends_with(".eml") && !name.starts_with('.') && path.is_file() {
            files.push(path);
        }
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    Ok(files)
}

/// Sends `ready` in order over as few sessions as the server allows. A session that breaks
/// in the middle of a message defers that message and opens a new one for the next.
fn deliver(endpoint: &Endpoint, ready: Vec<Outgoing>, run: &mut Run) {
    let mut session: Option<SmtpConnection> = None;
    let mut fatal: Option<String> = None;
    let mut reopens = 0;
    for message in ready {
        if let Some(reason) = &fatal {
            run.report.unsent.push((message.path, reason.clone()));
            continue;
        }
        let conn = match &mut session {
            Some(conn) if !conn.has_broken() => conn,
            _ => match open(endpoint) {
                Ok(conn) => session.insert(conn),
                Err(e) => {
                    let reason = e.to_string();
                    run.report.unsent.push((message.path, reason.clone()));
                    fatal = Some(reason);
                    continue;
                }
            },
        };
        match transmit(conn, &message.envelope, &message.data) {
            Ok(_) => match run.record(&message) {
                Ok(()) => run.move_to_sent(message.path),
                Err(e) => {
                    // Not moved either: moving it unrecorded could not be undone by a crash.
                    let reason = format!(
                        "delivered, but the journal {} cannot be written: {e}; the message is \
                         still in the outbox and will be sent again unless removed",
                        run.dir.join(JOURNAL).display()
                    );
                    run.report.unsent.push((message.path, reason));
                }
            },
            Err(e) => {
                let failure = Failure::new(e, endpoint.timeout);
                match failure.fate(conn.has_broken()) {
                    // "Authentication required": the settings' fault, not the message's.
                    Fate::Settings => {
                        let reason = failure.to_string();
                        run.report.unsent.push((message.path, reason.clone()));
                        fatal = Some(reason);
                    }
                    // The server refused it for good: the next ones may pass.
                    Fate::Permanent => run.fail(&message.path, &message.file, FailCause::Refused(failure.to_string())),
                    // Refused for now: tried again later.
                    Fate::Transient => run.defer(&message, failure.to_string()),
                    // Refused by lettre before anything was sent (no 8BITMIME or SMTPUTF8 offered).
                    Fate::NotSent => run.report.unsent.push((message.path, format!("not sent: {failure}"))),
                    Fate::Broken => {
                        let reason = format!("the session with {endpoint} broke: {failure}");
                        run.defer(&message, reason.clone());
                        reopens += 1;
                        if reopens > MAX_REOPENS {
                            fatal = Some(format!(
                                "{reason} ({MAX_REOPENS} new sessions broke too; left for the next run)"
                            ));
                        }
                    }
                }
            }
        }
    }
    if let Some(mut conn) = session {
        if !conn.has_broken() {
            let _ = conn.quit();
        }
    }
    // Said only when a message was left for it (a session that broke once too often on the
    // last message left none).
    run.report.stopped = fatal.filter(|why| run.report.unsent.iter().any(|(_, w)| w == why));
}
