//! One SMTP session: opening it (connect, greeting, `EHLO`, STARTTLS, login) within a time
//! limit, and lettre's errors put in a few words.
//!
//! The session is driven through lettre's [`SmtpConnection`], the client that
//! `SmtpTransport::send_raw` itself uses, so that a failure to connect or to log in can be
//! told from a refused message, and so that the whole opening of a session (name lookup, TCP,
//! TLS, greeting, `EHLO`) is bounded: lettre sets no timeout on an `smtps://` TLS handshake.

use std::error::Error as _;
use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;

use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{Certificate, SmtpConnection, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
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

/// How to fix a certificate that no trusted authority signed, when that is the error.
fn trust_hint(error: &SmtpError) -> &'static str {
    let mut source = error.source();
    while let Some(e) = source {
        if e.to_string().contains("UnknownIssuer") {
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
