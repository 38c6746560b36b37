//! Delivering a game's outbox by SMTP (`arbitre send`).
//!
//! The referee never composes mail here: each file `DIR/outbox/*.eml` is already a complete
//! RFC 5322 message, rendered elsewhere. This module reads the envelope off its `From:` and
//! `To:` headers, hands the file's bytes to the server unchanged, and moves the file to
//! `DIR/sent/` once the server has taken it. What fails stays in the outbox for the next run.
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
//! Every `*.eml` file is read and checked first: one that lacks a single `From:` address or a
//! single `To:` address, or that has `Cc:` or `Bcc:`, is refused (`not sent: …`) before any
//! connection is made. The rest are sent in file-name order over one SMTP session. A message
//! the server refuses keeps its file in the outbox and is reported with the server's reply;
//! the others go on (lettre closes the session after a refusal, so a new one is opened). When
//! the server cannot be reached, or the session breaks, that message and every later one are
//! reported with the same reason. A break in the middle of `DATA` leaves it unknown whether
//! the server kept the message: its file stays in the outbox, and may be delivered twice.
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

use lettre::address::{Address, Envelope};
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use lettre::transport::smtp::Error as SmtpError;
use mail_parser::{HeaderName, HeaderValue, MessageParser};
use serde::Deserialize;

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

/// What one run of [`send_outbox`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SendReport {
    /// The files the server accepted, as they were named in the outbox (each now in `sent/`),
    /// in the order sent.
    pub sent: Vec<PathBuf>,
    /// The files left in the outbox, in file-name order, each with the reason: the server's
    /// reply (`550 …`), why the server could not be reached, or `not sent: …` for a file that
    /// was not offered to the server at all.
    pub failed: Vec<(PathBuf, String)>,
}

/// Delivers every `*.eml` file of `game_dir/outbox/`, in file-name order, and moves each one
/// the server accepts to `game_dir/sent/` (created when needed; a name already taken there
/// gets a `-2`, `-3`… suffix rather than overwriting the earlier message).
///
/// Files whose names start with `.` are skipped (half-written files, by convention). A game
/// with no outbox folder has nothing to send. The envelope of each message is its `From:`
/// address and its one `To:` address; see the module documentation for what is refused and
/// how failures are reported. `Err` means nothing was attempted: the settings are unusable,
/// or the folders cannot be read or created.
pub fn send_outbox(game_dir: &Path, settings: &SmtpSettings) -> Result<SendReport, String> {
    let endpoint = settings.endpoint()?;
    if !game_dir.is_dir() {
        return Err(format!("{}: not a game folder", game_dir.display()));
    }
    let outbox = game_dir.join("outbox");
    if !outbox.exists() {
        return Ok(SendReport::default());
    }
    let mut report = SendReport::default();
    let mut ready = Vec::new();
    for path in outbox_files(&outbox)? {
        match fs::read(&path) {
            Err(e) => report
                .failed
                .push((path, format!("not sent: cannot read the file: {e}"))),
            Ok(bytes) => match envelope_of(&bytes) {
                Err(reason) => report.failed.push((path, format!("not sent: {reason}"))),
                Ok(envelope) => ready.push(Outgoing {
                    path,
                    envelope,
                    data: wire_bytes(&bytes),
                }),
            },
        }
    }
    if !ready.is_empty() {
        let sent_dir = game_dir.join("sent");
        fs::create_dir_all(&sent_dir).map_err(|e| format!("{}: {e}", sent_dir.display()))?;
        deliver(&endpoint, ready, &sent_dir, &mut report);
    }
    report.failed.sort_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
    Ok(report)
}

/// A message checked and ready to go.
struct Outgoing {
    path: PathBuf,
    envelope: Envelope,
    data: Vec<u8>,
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

/// Sends `ready` in order over as few sessions as the server allows.
fn deliver(endpoint: &Endpoint, ready: Vec<Outgoing>, sent_dir: &Path, report: &mut SendReport) {
    let mut session: Option<SmtpConnection> = None;
    let mut fatal: Option<String> = None;
    for message in ready {
        if let Some(reason) = &fatal {
            report.failed.push((message.path, reason.clone()));
            continue;
        }
        let conn = match &mut session {
            Some(conn) if !conn.has_broken() => conn,
            _ => match open(endpoint) {
                Ok(conn) => session.insert(conn),
                Err(reason) => {
                    report.failed.push((message.path, reason.clone()));
                    fatal = Some(reason);
                    continue;
                }
            },
        };
        match conn.send(&message.envelope, &message.data) {
            Ok(_) => match move_to_sent(&message.path, sent_dir) {
                Ok(()) => report.sent.push(message.path),
                Err(e) => {
                    let reason = format!(
                        "delivered, but not moved to {}: {e}; remove it from the outbox or it will be sent again",
                        sent_dir.display()
                    );
                    report.failed.push((message.path, reason));
                }
            },
            // The server answered: this message is refused, the next ones may pass.
            Err(e) if e.status().is_some() => report.failed.push((message.path, describe(&e, endpoint))),
            // Refused by lettre before anything was sent (no 8BITMIME or SMTPUTF8 offered).
            Err(e) if e.is_client() && !conn.has_broken() => {
                report
                    .failed
                    .push((message.path, format!("not sent: {}", describe(&e, endpoint))));
            }
            Err(e) => {
                let reason = format!("the session with {endpoint} broke: {}", describe(&e, endpoint));
                report.failed.push((message.path, reason.clone()));
                fatal = Some(reason);
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

/// Renames `path` into `sent_dir`, under a new name if its own is taken there.
fn move_to_sent(path: &Path, sent_dir: &Path) -> io::Result<()> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("message.eml");
    let stem = name.strip_suffix(".eml").unwrap_or(name);
    let mut target = sent_dir.join(name);
    let mut n = 1;
    while target.exists() {
        n += 1;
        if n > 10_000 {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{name} is taken in sent/"),
            ));
        }
        target = sent_dir.join(format!("{stem}-{n}.eml"));
    }
    fs::rename(path, target)
}

/// The envelope of a rendered message: its one `From:` address and its one `To:` address.
/// Errors (without the `not sent:` prefix) when the headers do not allow exactly that.
fn envelope_of(bytes: &[u8]) -> Result<Envelope, String> {
    let message = MessageParser::default()
        .parse_headers(bytes)
        .ok_or("no headers could be read")?;
    for (header, name) in [(HeaderName::Cc, "Cc"), (HeaderName::Bcc, "Bcc")] {
        if message.headers().iter().any(|h| h.name == header) {
            return Err(format!("the message has a {name}: header (one recipient per file)"));
        }
    }
    let one = |header: HeaderName<'static>, name: &str| -> Result<Address, String> {
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
    let from = one(HeaderName::From, "From")?;
    let to = one(HeaderName::To, "To")?;
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
