//! Delivering a game's outbox by SMTP (`arbitre send`).
//!
//! The referee's game messages are not composed here: each file `DIR/outbox/*.eml` is
//! already a complete RFC 5322 message, rendered elsewhere. This module reads the envelope off
//! its `From:` and `To:` headers, hands the file's bytes to the server unchanged, and moves the
//! file to `DIR/sent/` once the server has taken it. The one message it writes itself is the
//! referee's digest of failed deliveries.
//!
//! # Where the server comes from
//!
//! [`SmtpSettings`] holds a URL and, optionally, a user name, a password and a timeout. It is
//! built from the environment ([`SmtpSettings::from_env`]: `ARBITRE_SMTP_URL`,
//! `ARBITRE_SMTP_USER`, `ARBITRE_SMTP_PASSWORD`, `ARBITRE_SMTP_TIMEOUT`, with `--smtp URL`
//! taking precedence over the first) or from a YAML file ([`SmtpSettings::from_file`]). The URL
//! forms are:
//!
//! | URL | connection | default port |
//! | --- | --- | --- |
//! | `smtp://host[:port]` | plain text: local relays and tests | 25 |
//! | `smtp://host[:port]?tls=starttls` | plain, then STARTTLS, which the server must offer | 587 |
//! | `smtps://host[:port]` | TLS from the first byte | 465 |
//!
//! `?tls=required` is accepted as a synonym of `?tls=starttls` (it is lettre's spelling).
//! Credentials may be written in the URL (`smtp://user:pass@host`, percent-encoded); a user
//! name or password given separately replaces the one in the URL. A path (`smtp://host/name`)
//! sets the name the client gives in `EHLO`; without one the machine's host name is used.
//! A password is never sent over a plain connection, except to a loopback address.
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
//! the next run delivers it. The referee is the one of `game.yaml`; in a folder of games'
//! own outbox, the sender of the failed messages. A digest that fails is reported on standard
//! error and never listed in another digest, so a referee's address that fails cannot loop.
//! `arbitre status DIR` lists `failed/` and the schedule ([`delivery_status`]).
//!
//! # Bytes on the wire
//!
//! A file written with CRLF line ends, as RFC 5322 asks, is received by the server byte for
//! byte. A file with bare LF (or bare CR) line ends is sent with CRLF instead, since SMTP
//! knows no other line end. Dot-stuffing is lettre's.
//!
//! The session is driven through lettre's [`SmtpConnection`], the client that
//! `SmtpTransport::send_raw` itself uses, so that a failure to connect or to log in can be
//! told from a refused message, and so that the whole opening of a session (name lookup, TCP,
//! TLS, greeting, `EHLO`) is bounded: lettre sets no timeout on an `smtps://` TLS handshake.

use std::error::Error as _;
use std::fmt;
use std::fs;
use std::io;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lettre::address::{Address, Envelope};
use lettre::message::header::{ContentType, HeaderName, HeaderValue as RawHeader};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use lettre::transport::smtp::Error as SmtpError;
use lettre::Message;
use mail_parser::{HeaderName as ParsedName, HeaderValue, MessageParser};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

use crate::game::store;

/// The environment variable holding the server URL.
pub const URL_VAR: &str = "ARBITRE_SMTP_URL";
/// The environment variable holding the user name to log in with.
pub const USER_VAR: &str = "ARBITRE_SMTP_USER";
/// The environment variable holding the password to log in with.
pub const PASSWORD_VAR: &str = "ARBITRE_SMTP_PASSWORD";
/// The environment variable holding the timeout, in seconds.
pub const TIMEOUT_VAR: &str = "ARBITRE_SMTP_TIMEOUT";
/// How long one exchange with the server may take when nothing else is said, in seconds.
pub const DEFAULT_TIMEOUT_SECS: u64 = 30;

/// How to reach the SMTP server.
///
/// `Debug` shows the password as `***`, and hides the one a URL may carry.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    /// `smtp://…`, `smtp://…?tls=starttls` or `smtps://…`; see the module documentation.
    pub url: String,
    /// The user name to log in with; replaces one written in the URL.
    pub username: Option<String>,
    /// The password to log in with; replaces one written in the URL.
    pub password: Option<String>,
    /// How long each exchange with the server may take (connecting, each reply), in seconds;
    /// opening a session (lookup, TCP, TLS, greeting, `EHLO`) may take twice that.
    pub timeout_secs: u64,
}

impl fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("url", &redact_url(&self.url))
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("timeout_secs", &self.timeout_secs)
            .finish()
    }
}

/// The keys of `smtp.yaml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsFile {
    url: String,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    timeout_secs: Option<u64>,
}

impl SmtpSettings {
    /// Settings for `url` with no credentials beyond the URL's and the default timeout.
    pub fn new(url: &str) -> SmtpSettings {
        SmtpSettings {
            url: url.to_string(),
            username: None,
            password: None,
            timeout_secs: DEFAULT_TIMEOUT_SECS,
        }
    }

    /// From the environment: [`URL_VAR`], [`USER_VAR`], [`PASSWORD_VAR`] and [`TIMEOUT_VAR`]
    /// (seconds; [`DEFAULT_TIMEOUT_SECS`] when unset). `url_override` (the `--smtp` option)
    /// wins over [`URL_VAR`]. An empty variable counts as unset. The settings are checked
    /// ([`SmtpSettings::endpoint`]) before they are returned.
    pub fn from_env(url_override: Option<&str>) -> Result<SmtpSettings, String> {
        SmtpSettings::from_lookup(url_override, |name| match std::env::var(name) {
            Ok(value) => Ok(Some(value)),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(format!("{name} is not valid UTF-8")),
        })
    }

    /// [`SmtpSettings::from_env`] with the variables read through `lookup`.
    fn from_lookup(
        url_override: Option<&str>,
        lookup: impl Fn(&str) -> Result<Option<String>, String>,
    ) -> Result<SmtpSettings, String> {
        let var =
            |name: &str| -> Result<Option<String>, String> { Ok(lookup(name)?.filter(|value| !value.is_empty())) };
        let url = match url_override {
            Some(url) => url.to_string(),
            None => var(URL_VAR)?.ok_or_else(|| format!("no SMTP server: give --smtp URL or set {URL_VAR}"))?,
        };
        let timeout_secs = match var(TIMEOUT_VAR)? {
            None => DEFAULT_TIMEOUT_SECS,
            Some(text) => text
                .trim()
                .parse()
                .map_err(|_| format!("{TIMEOUT_VAR} must be a whole number of seconds, not `{text}`"))?,
        };
        let settings = SmtpSettings {
            url,
            username: var(USER_VAR)?,
            password: var(PASSWORD_VAR)?,
            timeout_secs,
        };
        settings.endpoint()?;
        Ok(settings)
    }

    /// From a YAML file with the keys `url` (required), `username`, `password` and
    /// `timeout_secs` (seconds; [`DEFAULT_TIMEOUT_SECS`] when absent). Any other key is an
    /// error. The settings are checked ([`SmtpSettings::endpoint`]) before they are returned.
    pub fn from_file(path: &Path) -> Result<SmtpSettings, String> {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: SettingsFile =
            crate::yaml::from_str(&text, &path.display().to_string()).map_err(|e| e.to_string())?;
        let settings = SmtpSettings {
            url: file.url,
            username: file.username,
            password: file.password,
            timeout_secs: file.timeout_secs.unwrap_or(DEFAULT_TIMEOUT_SECS),
        };
        settings.endpoint().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(settings)
    }

    /// What these settings resolve to: the URL taken apart, with the separate credentials
    /// applied. Errors on a URL this module does not understand, on a user name without a
    /// password (or the reverse), on a zero timeout, and on a password that would travel
    /// unencrypted to a host other than a loopback address.
    pub fn endpoint(&self) -> Result<Endpoint, String> {
        let url = parse_url(&self.url)?;
        let username = self.username.clone().or(url.username);
        let password = self.password.clone().or(url.password);
        let credentials = match (username, password) {
            (None, None) => None,
            (Some(user), Some(password)) => Some((user, password)),
            (Some(_), None) => return Err("an SMTP user name is given but no password".to_string()),
            (None, Some(_)) => return Err("an SMTP password is given but no user name".to_string()),
        };
        if credentials.is_some() && url.security == Security::Plain && !is_loopback(&url.host) {
            return Err(format!(
                "refusing to send the SMTP password unencrypted to {}: use smtps:// or ?tls=starttls",
                url.host
            ));
        }
        if self.timeout_secs == 0 {
            return Err("the SMTP timeout must be at least one second".to_string());
        }
        Ok(Endpoint {
            host: url.host,
            port: url.port,
            security: url.security,
            credentials,
            hello_name: url.hello_name,
            timeout: Duration::from_secs(self.timeout_secs),
        })
    }
}

/// How the connection to the server is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// No encryption (`smtp://`).
    Plain,
    /// A plain connection upgraded by STARTTLS, which the server must offer (`?tls=starttls`).
    StartTls,
    /// TLS from the first byte (`smtps://`).
    Tls,
}

/// A server to deliver to, as resolved from [`SmtpSettings`].
///
/// `Debug` shows the password as `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// Host name or IP address (an IPv6 address without its brackets); also the name the
    /// server's certificate must carry.
    pub host: String,
    /// TCP port.
    pub port: u16,
    /// Plain, STARTTLS or TLS.
    pub security: Security,
    /// User name and password for `AUTH` (PLAIN, else LOGIN), if any.
    pub credentials: Option<(String, String)>,
    /// The name given in `EHLO`, when the URL has one; else the machine's host name.
    pub hello_name: Option<String>,
    /// How long one exchange may take.
    pub timeout: Duration,
}

impl fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endpoint")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("credentials", &self.credentials.as_ref().map(|(user, _)| (user, "***")))
            .field("hello_name", &self.hello_name)
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = if self.security == Security::Tls {
            "smtps"
        } else {
            "smtp"
        };
        if self.host.contains(':') {
            write!(f, "{scheme}://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{scheme}://{}:{}", self.host, self.port)
        }
    }
}

/// How long a message refused for a while (4xx, a dropped connection) is tried again before
/// it goes to `failed/`.
pub const RETRY_FOR: chrono::TimeDelta = chrono::TimeDelta::days(3);
/// The wait before the first new try of a message refused for a while; each later wait is
/// twice the one before, up to [`RETRY_MAX_WAIT`].
pub const RETRY_FIRST_WAIT: chrono::TimeDelta = chrono::TimeDelta::minutes(15);
/// The longest wait between two tries of one message.
pub const RETRY_MAX_WAIT: chrono::TimeDelta = chrono::TimeDelta::hours(4);
/// How many times one run opens a new session after one broke in the middle of a message;
/// after that the rest waits for the next run.
const MAX_REOPENS: usize = 3;

/// The journal of deliveries: one line per message the server took, written (and flushed to
/// disk) before its file is moved to `sent/`.
pub const JOURNAL: &str = "delivered.log";
/// The schedule of messages refused for a while, tried again later.
pub const RETRIES: &str = "retry.yaml";
/// Where messages that will not be delivered go, each with a `.reason` file beside it.
pub const FAILED: &str = "failed";
/// The lock `arbitre send` holds on a folder while it delivers its outbox.
pub const SEND_LOCK: &str = ".send-lock";
/// How the referee's digests of failed deliveries are named in the outbox.
const DIGEST_STEM: &str = "delivery-failures";

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
}

/// [`send_outbox_at`] at the present time.
pub fn send_outbox(game_dir: &Path, settings: &SmtpSettings) -> Result<SendReport, String> {
    send_outbox_at(game_dir, settings, Utc::now())
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
/// unusable, or the folders cannot be read, created or locked.
pub fn send_outbox_at(game_dir: &Path, settings: &SmtpSettings, now: DateTime<Utc>) -> Result<SendReport, String> {
    let endpoint = settings.endpoint()?;
    if !game_dir.is_dir() {
        return Err(format!("{}: not a game folder", game_dir.display()));
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
            Err(reason) => run.fail(&path, &bytes, FailCause::Unsendable(reason)),
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
    run.finish()
}

/// Takes the folder's send lock ([`SEND_LOCK`]), waiting for another `arbitre send` to end.
fn lock_outbox(game_dir: &Path) -> Result<fs::File, String> {
    let path = game_dir.join(SEND_LOCK);
    let file = store::open_private(&path, true).map_err(|e| format!("{}: {e}", path.display()))?;
    file.lock().map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(file)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A message checked and ready to go.
struct Outgoing {
    path: PathBuf,
    name: String,
    /// SHA-256 of the file, in hex: what the journal records.
    digest: String,
    envelope: Envelope,
    data: Vec<u8>,
    file: Vec<u8>,
}

/// One message of the retry schedule ([`RETRIES`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retry {
    /// Its file name in the outbox.
    pub file: String,
    /// Its recipient.
    pub to: String,
    /// When it was first refused for a while (RFC 3339).
    pub since: String,
    /// How many tries failed.
    pub tries: u32,
    /// Not tried again before this time (RFC 3339).
    pub next_try: String,
    /// The last reason.
    pub reason: String,
}

/// The state of one run: what the folder's files say, and what this run did.
struct Run {
    dir: PathBuf,
    now: DateTime<Utc>,
    /// (file name, SHA-256, the line as written) of every message the journal says was
    /// delivered: some may not be moved yet.
    journal: Vec<(String, String, String)>,
    retries: BTreeMap<String, Retry>,
    retries_changed: bool,
    report: SendReport,
}

impl Run {
    fn load(dir: &Path, now: DateTime<Utc>) -> Result<Run, String> {
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
            Err(e) => return Err(format!("{}: {e}", journal_path.display())),
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
    fn record(&mut self, message: &Outgoing) -> io::Result<()> {
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
    fn move_to_sent(&mut self, path: PathBuf) {
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
    fn fail(&mut self, path: &Path, bytes: &[u8], cause: FailCause) {
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
    fn defer(&mut self, message: &Outgoing, reason: String) {
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
    fn finish(mut self) -> Result<SendReport, String> {
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
            written.map_err(|e| format!("{}: {e}", journal_path.display()))?;
        }
        // The schedule forgets messages no longer in the outbox (removed by hand).
        let before = self.retries.len();
        self.retries.retain(|name, _| outbox.join(name).exists());
        if self.retries_changed || self.retries.len() != before {
            write_retries(&self.dir, self.retries.values())?;
        }
        if !self.report.failed.is_empty() {
            self.report.digest = write_digest(&self.dir, &self.report.failed, self.now)?;
        }
        self.report.unsent.sort_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
        Ok(self.report)
    }
}

/// A time as the schedule writes it.
fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A time of the schedule; `None` when it cannot be read (then it is due).
fn time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

/// The wait after the `tries`-th failed try: [`RETRY_FIRST_WAIT`], doubled each time, at
/// most [`RETRY_MAX_WAIT`].
pub fn retry_wait(tries: u32) -> chrono::TimeDelta {
    let doublings = tries.saturating_sub(1).min(16);
    (RETRY_FIRST_WAIT * 2i32.pow(doublings)).min(RETRY_MAX_WAIT)
}

/// The retry schedule of a folder ([`RETRIES`]); empty when there is none.
pub fn read_retries(dir: &Path) -> Result<Vec<Retry>, String> {
    let path = dir.join(RETRIES);
    match fs::read_to_string(&path) {
        Ok(text) => crate::yaml::from_str(&text, &path.display().to_string()).map_err(|e| e.to_string()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

fn write_retries<'a>(dir: &Path, retries: impl Iterator<Item = &'a Retry>) -> Result<(), String> {
    let path = dir.join(RETRIES);
    let list: Vec<&Retry> = retries.collect();
    let written = if list.is_empty() {
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    } else {
        let text = serde_yaml::to_string(&list).map_err(|e| e.to_string())?;
        store::write_atomic(&path, text.as_bytes())
    };
    written.map_err(|e| format!("{}: {e}", path.display()))
}

/// A message kept in `failed/`, as `arbitre status` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptFailure {
    /// Its file name in `failed/`.
    pub name: String,
    /// Its `To:` header, as written.
    pub to: String,
    /// Its `Subject:` header.
    pub subject: String,
    /// Why it failed: its `.reason` file.
    pub reason: String,
}

/// The messages of a folder's `failed/`, by file name.
pub fn read_failed(dir: &Path) -> Result<Vec<KeptFailure>, String> {
    let failed_dir = dir.join(FAILED);
    if !failed_dir.exists() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for path in outbox_files(&failed_dir)? {
        let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (to, subject) = to_and_subject(&bytes);
        let mut reason_path = path.clone().into_os_string();
        reason_path.push(".reason");
        let reason = fs::read_to_string(&reason_path)
            .map(|r| r.trim_end().to_string())
            .unwrap_or_else(|_| "no reason kept".to_string());
        out.push(KeptFailure {
            name: file_name(&path),
            to,
            subject,
            reason,
        });
    }
    Ok(out)
}

/// The part of `arbitre status` about delivery: the messages in `failed/` and those waiting
/// for another try. Empty when there are none.
pub fn delivery_status(dir: &Path) -> Result<String, String> {
    let failed = read_failed(dir)?;
    let retries = read_retries(dir)?;
    let mut w = crate::yaml::Writer::default();
    if failed.is_empty() && retries.is_empty() {
        return Ok(String::new());
    }
    w.raw(0, "delivery:");
    if !failed.is_empty() {
        w.raw(1, "failed:");
        for f in &failed {
            w.flow_item(
                2,
                &[
                    ("file", format!("{FAILED}/{}", f.name)),
                    ("to", f.to.clone()),
                    ("subject", f.subject.clone()),
                    ("why", f.reason.clone()),
                ],
                None,
            );
        }
    }
    if !retries.is_empty() {
        w.raw(1, "retrying:");
        for r in &retries {
            w.flow_item(
                2,
                &[
                    ("file", format!("outbox/{}", r.file)),
                    ("to", r.to.clone()),
                    ("since", r.since.clone()),
                    ("tries", r.tries.to_string()),
                    ("next_try", r.next_try.clone()),
                    ("why", r.reason.clone()),
                ],
                None,
            );
        }
    }
    Ok(w.finish())
}

/// Writes the referee one message listing `failed`, into the outbox. The referee is the
/// game's (`game.yaml`), else the sender of the failed messages (a folder of games' own
/// outbox). A failed digest is never listed in a digest: a referee's address that fails
/// cannot start a loop.
fn write_digest(dir: &Path, failed: &[Failed], now: DateTime<Utc>) -> Result<Option<PathBuf>, String> {
    let listed: Vec<&Failed> = failed.iter().filter(|f| !f.name.starts_with(DIGEST_STEM)).collect();
    for f in failed.iter().filter(|f| f.name.starts_with(DIGEST_STEM)) {
        eprintln!(
            "arbitre: {}: the digest of failed deliveries to the referee failed too: {}",
            dir.join(FAILED).join(&f.name).display(),
            f.cause
        );
    }
    if listed.is_empty() {
        return Ok(None);
    }
    let (game, referee) = match read_referee(dir) {
        Some((game, referee)) => (Some(game), referee),
        None => {
            let sender = listed.iter().find_map(|f| {
                let bytes = fs::read(dir.join(FAILED).join(&f.name)).ok()?;
                let message = MessageParser::default().parse_headers(&bytes)?;
                let from = message.from()?.first()?.address()?.parse::<Address>().ok()?;
                Some(from)
            });
            match sender {
                Some(from) => (None, Mailbox::new(None, from)),
                None => return Ok(None),
            }
        }
    };
    let mut body = format!(
        "{} message(s) could not be delivered. Each is kept in {}/ with its reason beside it\n\
         (`arbitre status` lists them); mend the address, then move the file back to outbox/\n\
         to send it again.\n\n",
        listed.len(),
        dir.join(FAILED).display()
    );
    for f in &listed {
        body.push_str(&format!(
            "- {} (\"{}\")\n  to: {}\n  why: {}\n\n",
            f.name, f.subject, f.to, f.cause
        ));
    }
    let label = game.map(|g| format!("{g}: ")).unwrap_or_default();
    let stamp = now.format("%Y%m%dT%H%M%SZ").to_string();
    let domain = referee.email.domain().to_string();
    let mut message = Message::builder()
        .from(referee.clone())
        .to(referee)
        .subject(format!("{label}{} message(s) not delivered", listed.len()))
        .date(now.into())
        .message_id(Some(format!("<{DIGEST_STEM}-{stamp}@{domain}>")))
        .user_agent("arbitre".into())
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|e| format!("cannot build the digest of failed deliveries: {e}"))?;
    // A report of the machine's: no auto-reply should answer it (RFC 3834).
    message.headers_mut().insert_raw(RawHeader::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        "auto-generated".into(),
    ));
    let outbox = dir.join("outbox");
    store::write_new(&outbox, &format!("{DIGEST_STEM}-{stamp}"), "eml", &message.formatted())
        .map(Some)
        .map_err(|e| format!("{}: {e}", outbox.display()))
}

/// The game's name and its referee, from `game.yaml`, when the folder is a game's.
fn read_referee(dir: &Path) -> Option<(String, Mailbox)> {
    let text = fs::read_to_string(dir.join("game.yaml")).ok()?;
    let config: crate::game::state::GameConfig = crate::yaml::from_str(&text, "game.yaml").ok()?;
    let address = config.referee.email.parse().ok()?;
    Some((config.game, Mailbox::new(Some(config.referee.name), address)))
}

/// The `To:` and `Subject:` of a message, as written (empty when absent).
fn to_and_subject(bytes: &[u8]) -> (String, String) {
    let Some(message) = MessageParser::default().parse_headers(bytes) else {
        return (String::new(), String::new());
    };
    let to = message
        .header_raw("To")
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    (to, message.subject().unwrap_or_default().to_string())
}

/// The `*.eml` regular files of `outbox` not starting with `.`, by file name.
fn outbox_files(outbox: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(outbox).map_err(|e| format!("{}: {e}", outbox.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", outbox.display()))?.path();
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
                Err(reason) => {
                    run.report.unsent.push((message.path, reason.clone()));
                    fatal = Some(reason);
                    continue;
                }
            },
        };
        match conn.send(&message.envelope, &message.data) {
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
            // "Authentication required": the settings' fault, not the message's.
            Err(e) if e.status().is_some_and(|code| code.to_string() == "530") => {
                let reason = describe(&e, endpoint);
                run.report.unsent.push((message.path, reason.clone()));
                fatal = Some(reason);
            }
            // The server refused it for good: the next ones may pass.
            Err(e) if e.is_permanent() => {
                let reply = describe(&e, endpoint);
                run.fail(&message.path, &message.file, FailCause::Refused(reply));
            }
            // Refused for now: tried again later.
            Err(e) if e.is_transient() => run.defer(&message, describe(&e, endpoint)),
            // Refused by lettre before anything was sent (no 8BITMIME or SMTPUTF8 offered).
            Err(e) if e.is_client() && !conn.has_broken() => run
                .report
                .unsent
                .push((message.path, format!("not sent: {}", describe(&e, endpoint)))),
            Err(e) => {
                let reason = format!("the session with {endpoint} broke: {}", describe(&e, endpoint));
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
    if let Some(mut conn) = session {
        if !conn.has_broken() {
            let _ = conn.quit();
        }
    }
}

/// Opens a session: connects, reads the greeting, says `EHLO`, upgrades with STARTTLS and
/// logs in as the endpoint asks. The whole opening runs on a helper thread and is given up
/// after twice the timeout; lettre bounds each read once connected, but neither the name
/// lookup nor the TLS handshake of `smtps://`.
fn open(endpoint: &Endpoint) -> Result<SmtpConnection, String> {
    let (tx, rx) = mpsc::channel();
    let target = endpoint.clone();
    let spawned = thread::Builder::new()
        .name("arbitre-smtp-open".to_string())
        .spawn(move || {
            let _ = tx.send(open_blocking(&target));
        });
    if let Err(e) = spawned {
        return Err(format!("cannot connect to {endpoint}: {e}"));
    }
    match rx.recv_timeout(endpoint.timeout * 2) {
        Ok(result) => result.map_err(|e| format!("cannot connect to {endpoint}: {e}")),
        Err(RecvTimeoutError::Timeout) => Err(format!(
            "cannot connect to {endpoint}: no session opened within {} s",
            (endpoint.timeout * 2).as_secs()
        )),
        Err(RecvTimeoutError::Disconnected) => Err(format!("cannot connect to {endpoint}: the attempt failed")),
    }
}

fn open_blocking(endpoint: &Endpoint) -> Result<SmtpConnection, String> {
    let hello = match &endpoint.hello_name {
        Some(name) => ClientId::Domain(name.clone()),
        None => ClientId::default(),
    };
    let tls = match endpoint.security {
        Security::Plain => None,
        Security::StartTls | Security::Tls => {
            Some(TlsParameters::new(endpoint.host.clone()).map_err(|e| describe(&e, endpoint))?)
        }
    };
    let wrapper = tls.as_ref().filter(|_| endpoint.security == Security::Tls);
    let mut conn = SmtpConnection::connect(
        (endpoint.host.as_str(), endpoint.port),
        Some(endpoint.timeout),
        &hello,
        wrapper,
        None,
    )
    .map_err(|e| {
        // lettre files a failed handshake under "connection" errors; it is the one such
        // failure that carries no I/O error.
        if endpoint.security == Security::Tls && !e.is_client() && io_error_in(&e).is_none() {
            format!("TLS handshake failed: {}", describe(&e, endpoint))
        } else {
            describe(&e, endpoint)
        }
    })?;
    if let (Security::StartTls, Some(tls)) = (endpoint.security, &tls) {
        if let Err(e) = conn.starttls(tls, &hello) {
            conn.abort();
            return Err(if e.is_client() {
                describe(&e, endpoint)
            } else {
                format!("STARTTLS failed: {}", describe(&e, endpoint))
            });
        }
    }
    if let Some((user, password)) = &endpoint.credentials {
        let credentials = Credentials::new(user.clone(), password.clone());
        if let Err(e) = conn.auth(DEFAULT_MECHANISMS, &credentials) {
            conn.abort();
            return Err(format!("login as {user} failed: {}", describe(&e, endpoint)));
        }
    }
    Ok(conn)
}

/// A lettre error in a few words: the server's reply as `550 text` when there is one.
fn describe(error: &SmtpError, endpoint: &Endpoint) -> String {
    let detail = error.source().map(|s| s.to_string()).unwrap_or_default();
    if let Some(code) = error.status() {
        return if detail.is_empty() {
            code.to_string()
        } else {
            format!("{code} {detail}")
        };
    }
    // A read timeout shows on Unix as "would block", which lettre does not call a timeout.
    if io_error_in(error).is_some_and(|io| matches!(io.kind(), io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock)) {
        return format!("no answer within {} s", endpoint.timeout.as_secs());
    }
    if error.is_tls() {
        format!("TLS failed: {detail}")
    } else if detail.is_empty() {
        error.to_string()
    } else {
        detail
    }
}

/// The I/O error under a lettre error, if there is one.
fn io_error_in(error: &SmtpError) -> Option<&io::Error> {
    let mut source = error.source();
    while let Some(e) = source {
        if let Some(io) = e.downcast_ref::<io::Error>() {
            return Some(io);
        }
        source = e.source();
    }
    None
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

/// The envelope of a rendered message: its one `From:` address and its one `To:` address.
/// Errors (without the `not sent:` prefix) when the headers do not allow exactly that.
fn envelope_of(bytes: &[u8]) -> Result<Envelope, String> {
    let message = MessageParser::default()
        .parse_headers(bytes)
        .ok_or("no headers could be read")?;
    for (header, name) in [(ParsedName::Cc, "Cc"), (ParsedName::Bcc, "Bcc")] {
        if message.headers().iter().any(|h| h.name == header) {
            return Err(format!("the message has a {name}: header (one recipient per file)"));
        }
    }
    let one = |header: ParsedName<'static>, name: &str| -> Result<Address, String> {
        let mut entries: Vec<&mail_parser::Addr> = Vec::new();
        for h in message.headers().iter().filter(|h| h.name == header) {
            match &h.value {
                HeaderValue::Address(mail_parser::Address::List(list)) => entries.extend(list),
                HeaderValue::Address(mail_parser::Address::Group(groups)) => {
                    entries.extend(groups.iter().flat_map(|g| &g.addresses))
                }
                HeaderValue::Empty => {}
                _ => return Err(format!("{name}: cannot be read as an address")),
            }
        }
        let found = entries
            .iter()
            .map(|addr| addr.address.as_ref().map(|a| a.to_string()))
            .collect::<Option<Vec<String>>>()
            .ok_or_else(|| format!("{name}: has an entry with no address"))?;
        match found.as_slice() {
            [address] => address
                .parse::<Address>()
                .map_err(|e| format!("{name}: address `{address}` is not valid: {e}")),
            [] => Err(format!("{name}: holds no address")),
            many => Err(format!(
                "{name}: must hold exactly one address, not {} ({})",
                many.len(),
                many.join(", ")
            )),
        }
    };
    let from = one(ParsedName::From, "From")?;
    let to = one(ParsedName::To, "To")?;
    Envelope::new(Some(from), vec![to]).map_err(|e| e.to_string())
}

/// The bytes to hand to lettre for a file, such that the server receives the file itself.
///
/// Bare LF and bare CR become CRLF. lettre ends the data with `CRLF . CRLF` whatever the
/// message's last bytes, and the server counts that first CRLF as the end of the last line,
/// so one final CRLF of the file is left off here; a file with no final line end gets one.
fn wire_bytes(file: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(file.len() + file.len() / 32);
    let mut i = 0;
    while i < file.len() {
        match file[i] {
            b'\r' if file.get(i + 1) == Some(&b'\n') => {
                out.extend_from_slice(b"\r\n");
                i += 2;
                continue;
            }
            b'\r' | b'\n' => out.extend_from_slice(b"\r\n"),
            b => out.push(b),
        }
        i += 1;
    }
    if out.ends_with(b"\r\n") {
        out.truncate(out.len() - 2);
    }
    out
}

/// The URL taken apart.
#[derive(Debug, PartialEq, Eq)]
struct ParsedUrl {
    security: Security,
    host: String,
    port: u16,
    username: Option<String>,
    password: Option<String>,
    hello_name: Option<String>,
}

/// Parses `smtp://[user[:pass]@]host[:port][/ehlo-name][?tls=starttls]` and `smtps://…`.
fn parse_url(url: &str) -> Result<ParsedUrl, String> {
    let shown = redact_url(url);
    let bad = |why: &str| format!("SMTP URL `{shown}`: {why}");
    let (scheme, rest) = url
        .split_once("://")
        .ok_or_else(|| bad("expected smtp://host[:port] or smtps://host[:port]"))?;
    let scheme = scheme.to_ascii_lowercase();
    if rest.contains('#') {
        return Err(bad("a URL fragment (#…) means nothing here"));
    }
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let (username, password) = match userinfo {
        None => (None, None),
        Some(info) => {
            let (user, pass) = match info.split_once(':') {
                Some((user, pass)) => (user, Some(pass)),
                None => (info, None),
            };
            let user = percent_decode(user).map_err(|e| bad(&e))?;
            let pass = pass.map(percent_decode).transpose().map_err(|e| bad(&e))?;
            (Some(user).filter(|u| !u.is_empty()), pass.filter(|p| !p.is_empty()))
        }
    };
    let (host, port) = if let Some(bracketed) = hostport.strip_prefix('[') {
        let (host, after) = bracketed
            .split_once(']')
            .ok_or_else(|| bad("an IPv6 address needs its closing `]`"))?;
        let port = match after {
            "" => None,
            _ => Some(
                after
                    .strip_prefix(':')
                    .ok_or_else(|| bad("expected `:port` after `]`"))?,
            ),
        };
        (host, port)
    } else {
        match hostport.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (hostport, None),
        }
    };
    if host.is_empty() {
        return Err(bad("no host"));
    }
    let port = match port {
        None => None,
        Some(text) => match text.parse::<u16>() {
            Ok(p) if p > 0 => Some(p),
            _ => return Err(bad(&format!("`{text}` is not a port number"))),
        },
    };
    let mut tls = None;
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("tls", value)) if tls.is_none() => tls = Some(value.to_ascii_lowercase()),
            _ => {
                return Err(bad(&format!(
                    "unknown or repeated parameter `{pair}` (only tls=starttls)"
                )))
            }
        }
    }
    let (security, default_port) = match (scheme.as_str(), tls.as_deref()) {
        ("smtp", None) => (Security::Plain, 25),
        ("smtp", Some("starttls" | "required")) => (Security::StartTls, 587),
        ("smtp", Some(other)) => return Err(bad(&format!("tls={other}: only tls=starttls is known"))),
        ("smtps", None) => (Security::Tls, 465),
        ("smtps", Some(_)) => return Err(bad("smtps:// is TLS from the start: leave out ?tls=")),
        (other, _) => return Err(bad(&format!("unknown scheme `{other}` (smtp or smtps)"))),
    };
    let path = path.trim_matches('/');
    let hello_name = if path.is_empty() {
        None
    } else {
        Some(percent_decode(path).map_err(|e| bad(&e))?)
    };
    Ok(ParsedUrl {
        security,
        host: host.to_string(),
        port: port.unwrap_or(default_port),
        username,
        password,
        hello_name,
    })
}

/// Decodes `%XX` escapes; the result must be UTF-8.
fn percent_decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or("a `%` must be followed by two hexadecimal digits")?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "percent-escapes that are not UTF-8".to_string())
}

/// The URL with any password in it replaced by `***`, for messages.
fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match authority.rfind('@') {
        Some(at) => match authority[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}{tail}", &authority[at..]),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// Whether `host` names this machine: `localhost` or a loopback address.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(url: &str) -> ParsedUrl {
        parse_url(url).unwrap_or_else(|e| panic!("{url}: {e}"))
    }

    #[test]
    fn url_forms() {
        let plain = parsed("smtp://mail.example.org");
        assert_eq!(
            (plain.security, plain.host.as_str(), plain.port),
            (Security::Plain, "mail.example.org", 25)
        );
        let starttls = parsed("smtp://mail.example.org:2525?tls=starttls");
        assert_eq!((starttls.security, starttls.port), (Security::StartTls, 2525));
        assert_eq!(parsed("smtp://mail.example.org?tls=STARTTLS").port, 587);
        assert_eq!(
            parsed("smtp://mail.example.org?tls=required").security,
            Security::StartTls
        );
        let tls = parsed("SMTPS://mail.example.org");
        assert_eq!((tls.security, tls.port), (Security::Tls, 465));
        let v6 = parsed("smtp://[::1]:2525");
        assert_eq!((v6.host.as_str(), v6.port), ("::1", 2525));
        assert_eq!(parsed("smtp://[::1]").port, 25);
    }

    #[test]
    fn url_credentials_and_hello_name() {
        let url = parsed("smtps://referee%40example.org:p%3Ass%2Fw%40rd@mail.example.org:4650/arbitre.example.org");
        assert_eq!(url.username.as_deref(), Some("referee@example.org"));
        assert_eq!(url.password.as_deref(), Some("p:ss/w@rd"));
        assert_eq!(url.host, "mail.example.org");
        assert_eq!(url.port, 4650);
        assert_eq!(url.hello_name.as_deref(), Some("arbitre.example.org"));
        let user_only = parsed("smtp://referee@localhost");
        assert_eq!(
            (user_only.username.as_deref(), user_only.password),
            (Some("referee"), None)
        );
    }

    #[test]
    fn bad_urls() {
        for url in [
            "mail.example.org",
            "http://mail.example.org",
            "smtp://",
            "smtp://:25",
            "smtp://host:0",
            "smtp://host:99999",
            "smtp://host:port",
            "smtp://host?tls=opportunistic",
            "smtp://host?tls=starttls&tls=starttls",
            "smtp://host?timeout=3",
            "smtps://host?tls=starttls",
            "smtp://[::1",
            "smtp://u:%zz@host",
            "smtp://host#frag",
        ] {
            assert!(parse_url(url).is_err(), "{url} should be refused");
        }
    }

    #[test]
    fn passwords_never_shown() {
        let e = parse_url("ftp://me:hunter2@host").unwrap_err();
        assert!(!e.contains("hunter2") && e.contains("me:***@host"), "{e}");
        let mut settings = SmtpSettings::new("smtp://me:hunter2@localhost");
        settings.password = Some("swordfish".into());
        let shown = format!("{settings:?} {:?}", settings.endpoint().unwrap());
        assert!(!shown.contains("hunter2") && !shown.contains("swordfish"), "{shown}");
    }

    #[test]
    fn credentials_merge_and_checks() {
        let mut settings = SmtpSettings::new("smtp://urluser:urlpass@127.0.0.1:2525");
        assert_eq!(
            settings.endpoint().unwrap().credentials,
            Some(("urluser".into(), "urlpass".into()))
        );
        settings.password = Some("envpass".into());
        assert_eq!(
            settings.endpoint().unwrap().credentials,
            Some(("urluser".into(), "envpass".into()))
        );
        settings.username = Some("envuser".into());
        assert_eq!(
            settings.endpoint().unwrap().credentials,
            Some(("envuser".into(), "envpass".into()))
        );
        // A user name without a password, and the reverse.
        assert!(SmtpSettings::new("smtp://who@localhost").endpoint().is_err());
        let mut settings = SmtpSettings::new("smtp://localhost");
        settings.password = Some("secret".into());
        assert!(settings.endpoint().is_err());
        // No password in clear text to another machine; fine over TLS or to loopback.
        let mut settings = SmtpSettings::new("smtp://mail.example.org");
        settings.username = Some("me".into());
        settings.password = Some("secret".into());
        assert!(settings.endpoint().unwrap_err().contains("unencrypted"));
        settings.url = "smtp://mail.example.org?tls=starttls".into();
        assert!(settings.endpoint().is_ok());
        settings.url = "smtp://[::1]:25".into();
        assert!(settings.endpoint().is_ok());
        settings.timeout_secs = 0;
        assert!(settings.endpoint().is_err());
    }

    #[test]
    fn settings_from_variables() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| Ok(pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
        };
        let s = SmtpSettings::from_lookup(
            None,
            vars(&[
                (URL_VAR, "smtps://mail.example.org"),
                (USER_VAR, "referee"),
                (PASSWORD_VAR, "secret"),
                (TIMEOUT_VAR, "7"),
            ]),
        )
        .unwrap();
        assert_eq!(s.url, "smtps://mail.example.org");
        assert_eq!(
            (s.username.as_deref(), s.password.as_deref(), s.timeout_secs),
            (Some("referee"), Some("secret"), 7)
        );
        let s =
            SmtpSettings::from_lookup(Some("smtp://localhost:2525"), vars(&[(URL_VAR, "smtps://elsewhere")])).unwrap();
        assert_eq!(
            (s.url.as_str(), s.username, s.timeout_secs),
            ("smtp://localhost:2525", None, DEFAULT_TIMEOUT_SECS)
        );
        // An empty variable is unset.
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "")])).unwrap_err();
        assert!(e.contains("--smtp") && e.contains(URL_VAR), "{e}");
        assert!(SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtp://x"), (TIMEOUT_VAR, "soon")])).is_err());
        assert!(SmtpSettings::from_lookup(Some("smtp:/x"), vars(&[])).is_err());
        let e = SmtpSettings::from_lookup(None, |_| Err("not UTF-8".to_string())).unwrap_err();
        assert_eq!(e, "not UTF-8");
    }

    fn envelope(text: &str) -> Result<(String, Vec<String>), String> {
        envelope_of(text.as_bytes()).map(|e| {
            let from = e.from().map(|a| a.to_string()).unwrap_or_default();
            (from, e.to().iter().map(|a| a.to_string()).collect())
        })
    }

    #[test]
    fn envelope_from_headers() {
        let ok = envelope("From: Arbitre <referee@example.org>\r\nTo: \"Anne (France)\" <anne@example.net>\r\nSubject: hi\r\n\r\nBody\r\n");
        assert_eq!(ok, Ok(("referee@example.org".into(), vec!["anne@example.net".into()])));
        let bare = envelope("From: referee@example.org\nTo: anne@example.net\n\nBody\n");
        assert_eq!(
            bare,
            Ok(("referee@example.org".into(), vec!["anne@example.net".into()]))
        );
    }

    #[test]
    fn envelope_refusals() {
        let base = "From: referee@example.org\r\n";
        for (headers, why) in [
            ("To: a@example.net, b@example.net\r\n", "exactly one"),
            ("To: a@example.net\r\nTo: b@example.net\r\n", "exactly one"),
            ("To: friends: a@example.net, b@example.net;\r\n", "exactly one"),
            ("To: undisclosed-recipients:;\r\n", "no address"),
            ("Subject: none\r\n", "To: holds no address"),
            ("To: a@example.net\r\nCc: b@example.net\r\n", "Cc:"),
            ("To: a@example.net\r\nBcc:\r\n", "Bcc:"),
            ("To: not an address\r\n", "To:"),
        ] {
            let e = envelope(&format!("{base}{headers}\r\nBody\r\n")).unwrap_err();
            assert!(e.contains(why), "{headers:?}: {e}");
        }
        let e = envelope("To: a@example.net\r\n\r\nBody\r\n").unwrap_err();
        assert!(e.contains("From:"), "{e}");
        let e = envelope("From: a@example.org, b@example.org\r\nTo: a@example.net\r\n\r\nBody\r\n").unwrap_err();
        assert!(e.contains("From:"), "{e}");
    }

    #[test]
    fn wire_bytes_line_ends() {
        assert_eq!(wire_bytes(b"A: b\r\n\r\nbody\r\n"), b"A: b\r\n\r\nbody");
        assert_eq!(wire_bytes(b"A: b\r\n\r\nbody"), b"A: b\r\n\r\nbody");
        assert_eq!(wire_bytes(b"A: b\n\nbody\n"), b"A: b\r\n\r\nbody");
        assert_eq!(wire_bytes(b"A: b\r\n\nx\ry\r\n\r\n"), b"A: b\r\n\r\nx\r\ny\r\n");
    }

    #[test]
    fn redaction() {
        assert_eq!(
            redact_url("smtp://u:p@h:25/x?tls=starttls"),
            "smtp://u:***@h:25/x?tls=starttls"
        );
        assert_eq!(redact_url("smtp://u@h"), "smtp://u@h");
        assert_eq!(redact_url("smtp://h"), "smtp://h");
    }
}
