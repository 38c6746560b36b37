//! What a run keeps on disk about each message: the journal of deliveries (`delivered.log`),
//! `sent/`, and `failed/` with each message's reason; the state of one run ([`Run`]).

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::digest::{write_digest, Referee};
use super::error::OutboxError;
use super::message::to_and_subject;
use super::retry::{read_retries, retry_wait, stamp, time, write_retries, Retry, RETRY_FOR};
use super::send::{file_name, Deferred, Outgoing, SendReport};
use crate::store;
use std::collections::BTreeMap;

/// The journal of deliveries: one line per message the server took, written (and flushed to
/// disk) before its file is moved to `sent/`.
pub const JOURNAL: &str = "delivered.log";
/// Where messages that will not be delivered go, each with a `.reason` file beside it.
pub const FAILED: &str = "failed";

/// Why a message went to `failed/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailCause {
    /// The server refused it for good (5xx): its reply.
    Refused(String),
    /// It was refused for a while (4xx, dropped connections) for longer than [`RETRY_FOR`]:
    /// the last reason.
    GaveUp(String),
    /// The file cannot be sent as it is (its headers): why.
    Unsendable(String),
}

impl fmt::Display for FailCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailCause::Refused(reply) => write!(f, "refused by the server: {reply}"),
            FailCause::GaveUp(last) => write!(
                f,
                "still not accepted after {} days of tries; the last: {last}",
                RETRY_FOR.num_days()
            ),
            FailCause::Unsendable(why) => write!(f, "cannot be sent: {why}"),
        }
    }
}

/// A message moved to `failed/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    /// Its file name (in the outbox before, in `failed/` now).
    pub name: String,
    /// Its `To:` header, as written.
    pub to: String,
    /// Its `Subject:` header.
    pub subject: String,
    pub cause: FailCause,
}

/// The state of one run: what the folder's files say, and what this run did.
pub(super) struct Run {
    pub(super) dir: PathBuf,
    pub(super) now: DateTime<Utc>,
    /// (file name, SHA-256, the line as written) of every message the journal says was
    /// delivered: some may not be moved yet.
    pub(super) journal: Vec<(String, String, String)>,
    pub(super) retries: BTreeMap<String, Retry>,
    pub(super) retries_changed: bool,
    pub(super) report: SendReport,
}

impl Run {
    pub(super) fn load(dir: &Path, now: DateTime<Utc>) -> Result<Run, OutboxError> {
        let journal_path = dir.join(JOURNAL);
        let journal = match fs::read_to_string(&journal_path) {
            Ok(text) => text
                .lines()
                .filter_map(|line| {
                    let mut fields = line.splitn(3, ' ');
                    let (_time, digest, name) = (fields.next()?, fields.next()?, fields.next()?);
                    Some((name.to_string(), digest.to_string(), line.to_string()))
                })
                .collect(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(OutboxError::io(&journal_path)(e)),
        };
        let retries = read_retries(dir)?.into_iter().map(|r| (r.file.clone(), r)).collect();
        Ok(Run {
            dir: dir.to_path_buf(),
            now,
            journal,
            retries,
            retries_changed: false,
            report: SendReport::default(),
        })
    }

    /// Records in the journal that the server took `message`, flushed to disk.
    pub(super) fn record(&mut self, message: &Outgoing) -> io::Result<()> {
        use std::io::Write as _;
        let mut file = store::open_private(&self.dir.join(JOURNAL), true)?;
        let line = format!("{} {} {}", stamp(self.now), message.digest, message.name);
        file.write_all(format!("{line}\n").as_bytes())?;
        file.sync_data()?;
        self.journal.push((message.name.clone(), message.digest.clone(), line));
        store::crash_point();
        Ok(())
    }

    /// Moves a delivered file to `sent/`; one that cannot be moved stays, and the journal
    /// keeps it from being sent again.
    pub(super) fn move_to_sent(&mut self, path: PathBuf) {
        let sent = self.dir.join("sent");
        match move_into(&path, &sent) {
            Ok(_) => {
                if self.retries.remove(&file_name(&path)).is_some() {
                    self.retries_changed = true;
                }
                self.report.sent.push(path);
            }
            Err(e) => self.report.unsent.push((
                path,
                format!(
                    "delivered, but not moved to {}: {e}; the journal keeps it from being sent again",
                    sent.display()
                ),
            )),
        }
    }

    /// Moves a message to `failed/` with its reason beside it.
    pub(super) fn fail(&mut self, path: &Path, bytes: &[u8], cause: FailCause) {
        let failed_dir = self.dir.join(FAILED);
        let (to, subject) = to_and_subject(bytes);
        let name = file_name(path);
        let moved = store::create_dir_private(&failed_dir).and_then(|()| move_into(path, &failed_dir));
        match moved {
            Ok(target) => {
                let mut reason_path = target.into_os_string();
                reason_path.push(".reason");
                let text = format!("{cause}\n");
                if let Err(e) = store::write_atomic(Path::new(&reason_path), text.as_bytes()) {
                    eprintln!("arbitre: {}: {e}", Path::new(&reason_path).display());
                }
                if self.retries.remove(&name).is_some() {
                    self.retries_changed = true;
                }
                self.report.failed.push(Failed {
                    name,
                    to,
                    subject,
                    cause,
                });
            }
            Err(e) => self.report.unsent.push((
                path.to_path_buf(),
                format!("{cause}; but it could not be moved to {}: {e}", failed_dir.display()),
            )),
        }
    }

    /// A message refused for a while: scheduled again, or failed after [`RETRY_FOR`].
    pub(super) fn defer(&mut self, message: &Outgoing, reason: String) {
        let to = message.envelope.to().first().map(|a| a.to_string()).unwrap_or_default();
        let mut retry = self.retries.remove(&message.name).unwrap_or(Retry {
            file: message.name.clone(),
            to,
            since: stamp(self.now),
            tries: 0,
            next_try: stamp(self.now),
            reason: String::new(),
        });
        self.retries_changed = true;
        let since = time(&retry.since).unwrap_or(self.now);
        if self.now - since >= RETRY_FOR {
            self.fail(&message.path, &message.file, FailCause::GaveUp(reason));
            return;
        }
        retry.tries += 1;
        let next_try = self.now + retry_wait(retry.tries);
        retry.next_try = stamp(next_try);
        retry.reason = reason.clone();
        self.report.deferred.push(Deferred {
            path: message.path.clone(),
            reason,
            next_try,
        });
        self.retries.insert(message.name.clone(), retry);
    }

    /// Writes back the journal and the schedule, and the referee's digest.
    pub(super) fn finish(mut self, referee: &dyn Fn(&Path) -> Option<Referee>) -> Result<SendReport, OutboxError> {
        let outbox = self.dir.join("outbox");
        // The journal keeps only what is still in the outbox.
        let left: Vec<&str> = self
            .journal
            .iter()
            .filter(|(name, _, _)| outbox.join(name).exists())
            .map(|(_, _, line)| line.as_str())
            .collect();
        let journal_path = self.dir.join(JOURNAL);
        if left.len() < self.journal.len() {
            let text: String = left.iter().map(|line| format!("{line}\n")).collect();
            let written = if text.is_empty() {
                fs::remove_file(&journal_path)
            } else {
                store::write_atomic(&journal_path, text.as_bytes())
            };
            written.map_err(OutboxError::io(&journal_path))?;
        }
        // The schedule forgets messages no longer in the outbox (removed by hand).
        let before = self.retries.len();
        self.retries.retain(|name, _| outbox.join(name).exists());
        if self.retries_changed || self.retries.len() != before {
            write_retries(&self.dir, self.retries.values())?;
        }
        if !self.report.failed.is_empty() {
            self.report.digest = write_digest(&self.dir, &self.report.failed, self.now, referee)?;
        }
        self.report.unsent.sort_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
        Ok(self.report)
    }
}

/// Renames `path` into `dir`, under a new name if its own is taken there; returns where.
fn move_into(path: &Path, dir: &Path) -> io::Result<PathBuf> {
    store::create_dir_private(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("message.eml");
    let stem = name.strip_suffix(".eml").unwrap_or(name);
    let mut target = dir.join(name);
    let mut n = 1;
    while target.exists() {
        n += 1;
        if n > 10_000 {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{name} is taken in {}", dir.display()),
            ));
        }
        target = dir.join(format!("{stem}-{n}.eml"));
    }
    fs::rename(path, &target)?;
    Ok(target)
}
