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
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
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
