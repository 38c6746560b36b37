//! One SMTP session: opening it (connect, greeting, `EHLO`, STARTTLS, login) within a time
//! limit, and lettre's errors put in a few words.
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

use super::settings::{Endpoint, Security};

/// Opens a session: connects, reads the greeting, says `EHLO`, upgrades with STARTTLS and
/// logs in as the endpoint asks. The whole opening runs on a helper thread and is given up
/// after twice the timeout; lettre bounds each read once connected, but neither the name
/// lookup nor the TLS handshake of `smtps://`.
pub(super) fn open(endpoint: &Endpoint) -> Result<SmtpConnection, String> {
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
            format!("TLS handshake failed: {}{}", describe(&e, endpoint), trust_hint(&e))
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
                format!("STARTTLS failed: {}{}", describe(&e, endpoint), trust_hint(&e))
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
fn tls_parameters(endpoint: &Endpoint) -> Result<TlsParameters, String> {
    let mut builder = TlsParameters::builder(endpoint.host.clone());
    if let Some(pem) = &endpoint.ca_pem {
        let shown = endpoint
            .ca_file
            .as_deref()
            .unwrap_or(std::path::Path::new(""))
            .display();
        let authority = Certificate::from_pem(pem)
            .map_err(|e| format!("the SMTP CA file {shown}: a certificate cannot be read: {e}"))?;
        builder = builder.add_root_certificate(authority);
    }
    builder.build().map_err(|e| describe(&e, endpoint))
}

/// How to fix a certificate that no trusted authority signed, when that is the error: an
/// issuer unknown, or one known by name whose key did not sign it (another authority of the
/// same name, say a private one made again).
fn trust_hint(error: &SmtpError) -> &'static str {
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
            return " (the server's certificate is signed by no authority this machine trusts: \
                    give that authority's certificate with --ca-file PEM, ARBITRE_SMTP_CA_FILE or \
                    ca_file)";
        }
        source = e.source();
    }
    ""
}

/// A lettre error in a few words: the server's reply as `550 text` when there is one.
pub(super) fn describe(error: &SmtpError, endpoint: &Endpoint) -> String {
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

#[cfg(test)]
mod tests {
    use super::DataAndDot;

    #[test]
    fn a_dot_that_starts_a_line_is_doubled_and_the_data_ends_with_one_dot() {
        let shown = DataAndDot(".first\r\nmiddle .\r\n.\r\n..two\r\nlast").to_string();
        assert_eq!(shown, "..first\r\nmiddle .\r\n..\r\n...two\r\nlast\r\n.\r\n");
        assert_eq!(DataAndDot("").to_string(), "\r\n.\r\n");
    }
}
