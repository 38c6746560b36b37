//! One SMTP session: opening it (connect, greeting, `EHLO`, STARTTLS, login) within a time
//! limit, and lettre's errors sorted into [`Failure`]s, each saying what becomes of the
//! message ([`Fate`]: failed for good, tried again, or the settings' fault).
//!
//! The session is driven through lettre's [`SmtpConnection`], the client that
//! `SmtpTransport::send_raw` itself uses, so that a failure to connect or to log in can be
//! told from a refused message, and so that the whole opening of a session (name lookup, TCP,
//! TLS, greeting, `EHLO`) is bounded: lettre sets no timeout on an `smtps://` TLS handshake.
//!
//! A message is handed over by [`transmit`] rather than lettre's `SmtpConnection::send`,
//! which writes the data and its final `CRLF . CRLF` as two writes: Nagle's algorithm holds
//! the small second one until the server acknowledges the first, and a server delays that
//! acknowledgement (40 ms on Linux), so every message waited 40 ms (`benches/send.rs`:
//! 21 messages a second on loopback). lettre 0.11 sets no `TCP_NODELAY` and never shows its
//! socket, so the data and its final dot go here as one write, through the one call of its
//! client that writes what it is given in one piece (`command`).

use std::error::Error as _;
use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;

use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{Certificate, SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use lettre::transport::smtp::response::Response;
use lettre::transport::smtp::Error as SmtpError;

use super::settings::{BadSetting, Endpoint, Security};

/// A session that could not be opened: the server, and what went wrong. The messages are
/// not at fault: they stay in the outbox, with no retry counted.
#[derive(Debug, thiserror::Error)]
#[error("cannot connect to {server}: {failure}")]
pub struct OpenError {
    /// The server, as `smtp://host:port` (no user name or password).
    pub server: String,
    #[source]
    pub failure: OpenFailure,
}

/// The step at which opening a session failed.
#[derive(Debug, thiserror::Error)]
pub enum OpenFailure {
    /// Connecting, the greeting or `EHLO` (or STARTTLS that the server does not offer).
    #[error("{0}")]
    Connect(#[source] Failure),
    /// The TLS handshake of `smtps://`; `untrusted` when no authority this machine trusts
    /// signed the server's certificate (the hint says how to trust one).
    #[error("TLS handshake failed: {failure}{}", trust_hint(*.untrusted))]
    Handshake {
        #[source]
        failure: Failure,
        untrusted: bool,
    },
    /// STARTTLS, offered by the server, failed.
    #[error("STARTTLS failed: {failure}{}", trust_hint(*.untrusted))]
    StartTls {
        #[source]
        failure: Failure,
        untrusted: bool,
    },
    /// The server refused the login.
    #[error("login as {user} failed: {failure}")]
    Login {
        user: String,
        #[source]
        failure: Failure,
    },
    /// The TLS settings cannot be made (a CA file's certificate).
    #[error(transparent)]
    Settings(#[from] super::settings::BadSetting),
    /// The opening (lookup, TCP, TLS, greeting, `EHLO`) took longer than allowed.
    #[error("no session opened within {secs} s")]
    TimedOut { secs: u64 },
    /// The helper thread that opens the session ended without a word.
    #[error("the attempt failed")]
    Lost,
    /// The helper thread could not be started.
    #[error("{0}")]
    Thread(#[source] io::Error),
}

/// What went wrong in one exchange with the server: its refusal (code and text), or the
/// connection's fault. [`Failure::fate`] says what becomes of the message it was about.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The server answered with an error.
    #[error("{0}")]
    Refused(Reply),
    /// The server did not answer within the timeout.
    #[error("no answer within {secs} s")]
    NoAnswer {
        secs: u64,
        #[source]
        source: SmtpError,
    },
    /// TLS failed (its details in a few words).
    #[error("TLS failed: {}", detail(.0))]
    Tls(#[source] SmtpError),
    /// The client refused before anything was sent (an extension the server does not
    /// offer, STARTTLS among them).
    #[error("{}", detail_or_all(.0))]
    Client(#[source] SmtpError),
    /// The connection failed or broke, or the server said something unexpected.
    #[error("{}", detail_or_all(.0))]
    Connection(#[source] SmtpError),
}

/// A reply of the server refusing something: `550 no such user here`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The three-digit code: 4xx refuses for now, 5xx for good.
    pub code: u16,
    /// The server's text (empty when it gave none).
    pub text: String,
}

impl std::fmt::Display for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.text.is_empty() {
            write!(f, "{}", self.code)
        } else {
            write!(f, "{} {}", self.code, self.text)
        }
    }
}

/// What becomes of a message whose sending failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// `530`, authentication required: the settings' fault, not the message's; nothing more
    /// is sent this run.
    Settings,
    /// Refused for good (5xx): to `failed/`.
    Permanent,
    /// Refused for now (4xx): into the retry schedule.
    Transient,
    /// Refused by the client before anything was sent, the session intact: left in the
    /// outbox.
    NotSent,
    /// The session broke: into the retry schedule (the server may have kept it), and a new
    /// session for the next message.
    Broken,
}

impl Failure {
    /// lettre's error, sorted; a read timeout is told by `timeout`, the one allowed.
    pub(super) fn new(error: SmtpError, timeout: std::time::Duration) -> Failure {
        if let Some(code) = error.status() {
            return Failure::Refused(Reply {
                code: code.into(),
                text: detail(&error),
            });
        }
        // A read timeout shows on Unix as "would block", which lettre does not call a timeout.
        if io_error_in(&error)
            .is_some_and(|io| matches!(io.kind(), io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock))
        {
            Failure::NoAnswer {
                secs: timeout.as_secs(),
                source: error,
            }
        } else if error.is_tls() {
            Failure::Tls(error)
        } else if error.is_client() {
            Failure::Client(error)
        } else {
            Failure::Connection(error)
        }
    }

    /// The server's reply, when it refused.
    pub fn reply(&self) -> Option<&Reply> {
        match self {
            Failure::Refused(reply) => Some(reply),
            _ => None,
        }
    }

    /// What becomes of the message this failure was about, `broken` telling whether the
    /// session survived it.
    pub fn fate(&self, broken: bool) -> Fate {
        match self {
            Failure::Refused(Reply { code: 530, .. }) => Fate::Settings,
            Failure::Refused(reply) if reply.code >= 500 => Fate::Permanent,
            Failure::Refused(_) => Fate::Transient,
            Failure::Client(_) if !broken => Fate::NotSent,
            _ => Fate::Broken,
        }
    }
}

/// The words under a lettre error (the server's text, the I/O error…), or nothing.
fn detail(error: &SmtpError) -> String {
    error.source().map(|s| s.to_string()).unwrap_or_default()
}

/// The words under a lettre error, else lettre's own.
fn detail_or_all(error: &SmtpError) -> String {
    match detail(error) {
        d if d.is_empty() => error.to_string(),
        d => d,
    }
}

/// Opens a session: connects, reads the greeting, says `EHLO`, upgrades with STARTTLS and
/// logs in as the endpoint asks. The whole opening runs on a helper thread and is given up
/// after twice the timeout; lettre bounds each read once connected, but neither the name
/// lookup nor the TLS handshake of `smtps://`.
pub(super) fn open(endpoint: &Endpoint) -> Result<SmtpConnection, OpenError> {
    let failed = |failure| OpenError {
        server: endpoint.to_string(),
        failure,
    };
    let (tx, rx) = mpsc::channel();
    let target = endpoint.clone();
    let spawned = thread::Builder::new()
        .name("arbitre-smtp-open".to_string())
        .spawn(move || {
            let _ = tx.send(open_blocking(&target));
        });
    if let Err(e) = spawned {
        return Err(failed(OpenFailure::Thread(e)));
    }
    match rx.recv_timeout(endpoint.timeout * 2) {
        Ok(result) => result.map_err(failed),
        Err(RecvTimeoutError::Timeout) => Err(failed(OpenFailure::TimedOut {
            secs: (endpoint.timeout * 2).as_secs(),
        })),
        Err(RecvTimeoutError::Disconnected) => Err(failed(OpenFailure::Lost)),
    }
}

fn open_blocking(endpoint: &Endpoint) -> Result<SmtpConnection, OpenFailure> {
    let failure = |e| Failure::new(e, endpoint.timeout);
    let hello = match &endpoint.hello_name {
        Some(name) => ClientId::Domain(name.clone()),
        None => ClientId::default(),
    };
    let tls = match endpoint.security {
        Security::Plain => None,
        Security::StartTls | Security::Tls => Some(tls_parameters(endpoint)?),
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
        // rustls does the handshake on the first read, the greeting's, and reports what went
        // wrong as an I/O error of kind InvalidData; lettre files it under "connection".
        let tls_failed = io_error_in(&e).is_none_or(|io| io.kind() == io::ErrorKind::InvalidData);
        if endpoint.security == Security::Tls && !e.is_client() && tls_failed {
            OpenFailure::Handshake {
                untrusted: untrusted(&e),
                failure: failure(e),
            }
        } else {
            OpenFailure::Connect(failure(e))
        }
    })?;
    if let (Security::StartTls, Some(tls)) = (endpoint.security, &tls) {
        if let Err(e) = conn.starttls(tls, &hello) {
            conn.abort();
            return Err(if e.is_client() {
                OpenFailure::Connect(failure(e))
            } else {
                OpenFailure::StartTls {
                    untrusted: untrusted(&e),
                    failure: failure(e),
                }
            });
        }
    }
    if let Some((user, password)) = &endpoint.credentials {
        let credentials = Credentials::new(user.clone(), password.clone());
        if let Err(e) = conn.auth(DEFAULT_MECHANISMS, &credentials) {
            conn.abort();
            return Err(OpenFailure::Login {
                user: user.clone(),
                failure: failure(e),
            });
        }
    }
    Ok(conn)
}

/// Hands one message to the server over `conn`: `MAIL FROM`, `RCPT TO`, `DATA`, then the
/// data, dot-stuffed, and its final `CRLF . CRLF` in one write. `data` is what
/// [`super::message::wire_bytes`] made (CRLF line ends, the last one left off). As in
/// lettre's `send`, any error ends the session (`has_broken` is then true).
///
/// Data that is not UTF-8, or that needs an extension the server does not offer (8BITMIME,
/// SMTPUTF8), goes through lettre's own `send`: the first is slower but correct, the second
/// is refused by lettre before anything is sent, with its own error.
pub(super) fn transmit(conn: &mut SmtpConnection, envelope: &Envelope, data: &[u8]) -> Result<Response, SmtpError> {
    let wide_addresses = envelope
        .from()
        .into_iter()
        .chain(envelope.to())
        .any(|a| !AsRef::<str>::as_ref(a).is_ascii());
    let eight_bit = !data.is_ascii();
    let offered = |e| conn.server_info().supports_feature(e);
    let text = match std::str::from_utf8(data) {
        Ok(text)
            if (!wide_addresses || offered(Extension::SmtpUtfEight))
                && (!eight_bit || offered(Extension::EightBitMime)) =>
        {
            text
        }
        _ => return conn.send(envelope, data),
    };
    let mut options = Vec::new();
    if wide_addresses {
        options.push(MailParameter::SmtpUtfEight);
    }
    if eight_bit {
        options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    let result = (|| {
        conn.command(Mail::new(envelope.from().cloned(), options))?;
        for to in envelope.to() {
            conn.command(Rcpt::new(to.clone(), vec![]))?;
        }
        conn.command(Data)?;
        conn.command(DataAndDot(text))
    })();
    if result.is_err() {
        conn.abort();
    }
    result
}

/// The data of a message as it goes on the wire: a `.` that starts a line doubled (RFC 5321
/// 4.5.2), then the `CRLF . CRLF` that ends it. Written by lettre's `command`, in one write.
struct DataAndDot<'a>(&'a str);

impl std::fmt::Display for DataAndDot<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (k, line) in self.0.split("\r\n").enumerate() {
            if k > 0 {
                f.write_str("\r\n")?;
            }
            if line.starts_with('.') {
                f.write_str(".")?;
            }
            f.write_str(line)?;
        }
        f.write_str("\r\n.\r\n")
    }
}

/// How to check the server's certificate: against the system's roots and, when the endpoint
/// has a CA file, its certificates too. Never without a check.
fn tls_parameters(endpoint: &Endpoint) -> Result<TlsParameters, OpenFailure> {
    let mut builder = TlsParameters::builder(endpoint.host.clone());
    if let Some(pem) = &endpoint.ca_pem {
        let authority = Certificate::from_pem(pem).map_err(|source| BadSetting::CaBadCertificate {
            path: endpoint.ca_file.clone().unwrap_or_default(),
            source,
        })?;
        builder = builder.add_root_certificate(authority);
    }
    builder
        .build()
        .map_err(|e| OpenFailure::Connect(Failure::new(e, endpoint.timeout)))
}

/// How to fix a certificate that no trusted authority signed, shown after the failure.
fn trust_hint(untrusted: bool) -> &'static str {
    if untrusted {
        " (the server's certificate is signed by no authority this machine trusts: \
         give that authority's certificate with --ca-file PEM, ARBITRE_SMTP_CA_FILE or \
         ca_file)"
    } else {
        ""
    }
}

/// Whether the error is a certificate that no trusted authority signed: an issuer unknown,
/// or one known by name whose key did not sign it (another authority of the same name, say
/// a private one made again).
fn untrusted(error: &SmtpError) -> bool {
    use rustls::{CertificateError, Error as TlsError};
    let mut source = error.source();
    while let Some(e) = source {
        // rustls's error, or an I/O error carrying it (whose `source` skips it).
        let tls = e.downcast_ref::<TlsError>().or_else(|| {
            e.downcast_ref::<std::io::Error>()
                .and_then(|io| io.get_ref())
                .and_then(|inner| inner.downcast_ref::<TlsError>())
        });
        if let Some(TlsError::InvalidCertificate(CertificateError::UnknownIssuer | CertificateError::BadSignature)) =
            tls
        {
            return true;
        }
        source = e.source();
    }
    false
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

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(code: u16, text: &str) -> Failure {
        Failure::Refused(Reply {
            code,
            text: text.into(),
        })
    }

    #[test]
    fn a_refusal_is_permanent_transient_or_the_settings_fault_by_its_code() {
        for (code, fate) in [
            (530, Fate::Settings),
            (550, Fate::Permanent),
            (554, Fate::Permanent),
            (535, Fate::Permanent),
            (451, Fate::Transient),
            (421, Fate::Transient),
        ] {
            // Whether the session survived does not change what a reply means.
            assert_eq!(refused(code, "").fate(false), fate, "{code}");
            assert_eq!(refused(code, "").fate(true), fate, "{code}");
        }
        assert_eq!(refused(550, "no such user here").to_string(), "550 no such user here");
        assert_eq!(refused(421, "").to_string(), "421");
        assert_eq!(refused(550, "x").reply().map(|r| r.code), Some(550));
    }

    #[test]
    fn a_server_that_cannot_be_reached_is_named_and_breaks_nothing_but_the_session() {
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap().port()
        };
        let endpoint = crate::mail::smtp::SmtpSettings::new(&format!("smtp://127.0.0.1:{port}"))
            .endpoint()
            .unwrap();
        let Err(e) = open(&endpoint) else {
            panic!("connected to a closed port")
        };
        assert_eq!(e.server, format!("smtp://127.0.0.1:{port}"));
        let OpenFailure::Connect(failure) = &e.failure else {
            panic!("{e:?}")
        };
        assert!(matches!(failure, Failure::Connection(_)), "{failure:?}");
        assert_eq!(failure.fate(true), Fate::Broken);
        assert!(failure.reply().is_none());
        let said = e.to_string();
        assert!(
            said.starts_with(&format!("cannot connect to smtp://127.0.0.1:{port}: ")) && said.contains("refused"),
            "{said}"
        );
    }

    #[test]
    fn a_timed_out_opening_and_the_trust_hint_in_words() {
        let secs = OpenFailure::TimedOut { secs: 60 };
        assert_eq!(secs.to_string(), "no session opened within 60 s");
        assert!(trust_hint(true).contains("--ca-file PEM"));
        assert_eq!(trust_hint(false), "");
    }

    #[test]
    fn a_dot_that_starts_a_line_is_doubled_and_the_data_ends_with_one_dot() {
        let shown = DataAndDot(".first\r\nmiddle .\r\n.\r\n..two\r\nlast").to_string();
        assert_eq!(shown, "..first\r\nmiddle .\r\n..\r\n...two\r\nlast\r\n.\r\n");
        assert_eq!(DataAndDot("").to_string(), "\r\n.\r\n");
    }
}
