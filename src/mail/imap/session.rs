//! One IMAP session: TCP within the time limit, TLS (from the first byte or after
//! STARTTLS) with the certificate verified, and the login.
//!
//! The protocol is the `imap` crate's, over a stream of ours: rustls with the system's roots
//! and the CA file's, never OpenSSL, and the read timeout set on the socket before the TLS
//! handshake, so that no step of opening a session can hang.

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use imap::extensions::idle::SetReadTimeout;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};

use super::settings::{BadSetting, Mailbox, Security};
use super::ImapError;

/// The connection under the `imap` client.
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<StreamOwned<ClientConnection, TcpStream>>),
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(s) => s.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(s) => s.flush(),
        }
    }
}

impl SetReadTimeout for Stream {
    fn set_read_timeout(&mut self, timeout: Option<Duration>) -> imap::Result<()> {
        let tcp = match self {
            Stream::Plain(s) => s,
            Stream::Tls(s) => s.get_mut(),
        };
        TcpStream::set_read_timeout(tcp, timeout).map_err(imap::Error::Io)
    }
}

pub type Session = imap::Session<Stream>;

/// Why no TCP connection could be made.
#[derive(Debug, thiserror::Error)]
pub enum ConnectFailure {
    /// The host name cannot be looked up.
    #[error("{host}: {source}")]
    Lookup {
        host: String,
        #[source]
        source: io::Error,
    },
    #[error("{host} resolves to no address")]
    NoAddress { host: String },
    /// The last address tried refused, or did not answer in time.
    #[error("{addr}: {source}")]
    Refused {
        addr: SocketAddr,
        #[source]
        source: io::Error,
    },
    /// The connection's timeouts cannot be set.
    #[error("{0}")]
    Socket(#[source] io::Error),
}

/// Why TLS could not be set up: STARTTLS, the server's name, or the handshake.
#[derive(Debug, thiserror::Error)]
pub enum TlsFailure {
    #[error("the server closed the connection")]
    Closed,
    #[error("a line of the server is too long")]
    LongLine,
    /// Reading or writing the plain part of STARTTLS.
    #[error("{0}")]
    Io(#[source] io::Error),
    /// A greeting other than `* OK`: the line.
    #[error("the server greets with \"{0}\"")]
    Greeting(String),
    /// The server's answer to `STARTTLS`, after the tag.
    #[error("the server refuses STARTTLS: \"{0}\"")]
    StartTlsRefused(String),
    /// The host is no name a certificate can carry.
    #[error("{host}: {source}")]
    BadName {
        host: String,
        #[source]
        source: rustls::pki_types::InvalidDnsNameError,
    },
    /// rustls cannot be set up.
    #[error("{0}")]
    Setup(#[source] rustls::Error),
    /// The handshake failed; `untrusted` when no authority this machine trusts signed the
    /// server's certificate (the hint says how to trust one).
    #[error("{source}{}", trust_hint(*.untrusted))]
    Handshake {
        #[source]
        source: io::Error,
        untrusted: bool,
    },
}

/// What went wrong in an open session.
#[derive(Debug, thiserror::Error)]
pub enum SessionFailure {
    /// The server did not answer within the timeout.
    #[error("no answer within {secs} s")]
    NoAnswer { secs: u64 },
    /// The server refused a command, or the connection broke.
    #[error("{0}")]
    Imap(#[source] Box<imap::Error>),
    #[error("the server gives the folder no UIDVALIDITY, so no message can be told from another")]
    NoUidValidity,
}

/// Opens a session and logs in.
pub fn open(mailbox: &Mailbox) -> Result<Session, ImapError> {
    let connect = |why| ImapError::Connect {
        mailbox: mailbox.to_string(),
        why,
    };
    let tls_failed = |why| ImapError::Tls {
        mailbox: mailbox.to_string(),
        why,
    };
    let config = tls_config(mailbox)?;
    let tcp = tcp(mailbox).map_err(connect)?;
    let client = match mailbox.security {
        Security::Tls => {
            let stream = Stream::Tls(Box::new(tls(&config, mailbox, tcp).map_err(tls_failed)?));
            let mut client = imap::Client::new(stream);
            client.read_greeting().map_err(|e| tls_or_session(mailbox, e))?;
            client
        }
        Security::StartTls => {
            let tcp = starttls(tcp).map_err(tls_failed)?;
            let mut client = imap::Client::new(Stream::Tls(Box::new(tls(&config, mailbox, tcp).map_err(tls_failed)?)));
            client.greeting_read = true;
            client
        }
    };
    client
        .login(&mailbox.username, &mailbox.password)
        .map_err(|(source, _)| ImapError::Login {
            mailbox: mailbox.to_string(),
            source: Box::new(source),
        })
}

/// The plain part of STARTTLS (RFC 3501 6.2.1), before the `imap` client takes the stream:
/// the greeting, then `STARTTLS` and its `OK`. Read a byte at a time, so that nothing of
/// what follows is taken from the stream.
fn starttls(mut tcp: TcpStream) -> Result<TcpStream, TlsFailure> {
    fn line(tcp: &mut TcpStream) -> Result<String, TlsFailure> {
        let mut bytes = Vec::new();
        let mut byte = [0u8];
        while !bytes.ends_with(b"\n") {
            match tcp.read(&mut byte) {
                Ok(0) => return Err(TlsFailure::Closed),
                Ok(_) => bytes.push(byte[0]),
                Err(e) => return Err(TlsFailure::Io(e)),
            }
            if bytes.len() > 8192 {
                return Err(TlsFailure::LongLine);
            }
        }
        Ok(String::from_utf8_lossy(&bytes).trim_end().to_string())
    }
    let greeting = line(&mut tcp)?;
    if !greeting.starts_with("* OK") {
        return Err(TlsFailure::Greeting(greeting));
    }
    tcp.write_all(b"s0 STARTTLS\r\n").map_err(TlsFailure::Io)?;
    loop {
        let answer = line(&mut tcp)?;
        if let Some(status) = answer.strip_prefix("s0 ") {
            return if status.starts_with("OK") {
                Ok(tcp)
            } else {
                Err(TlsFailure::StartTlsRefused(status.to_string()))
            };
        }
    }
}

/// TCP to the first address that answers, with the timeouts set.
fn tcp(mailbox: &Mailbox) -> Result<TcpStream, ConnectFailure> {
    let host = || mailbox.host.clone();
    let addrs = (mailbox.host.as_str(), mailbox.port)
        .to_socket_addrs()
        .map_err(|source| ConnectFailure::Lookup { host: host(), source })?;
    let mut last = ConnectFailure::NoAddress { host: host() };
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, mailbox.timeout) {
            Ok(tcp) => {
                tcp.set_read_timeout(Some(mailbox.timeout))
                    .map_err(ConnectFailure::Socket)?;
                tcp.set_write_timeout(Some(mailbox.timeout))
                    .map_err(ConnectFailure::Socket)?;
                let _ = tcp.set_nodelay(true);
                return Ok(tcp);
            }
            Err(source) => last = ConnectFailure::Refused { addr, source },
        }
    }
    Err(last)
}

/// The roots trusted: the system's and the CA file's.
fn tls_config(mailbox: &Mailbox) -> Result<Arc<ClientConfig>, ImapError> {
    let mut roots = RootCertStore::empty();
    for cert in rustls_native_certs::load_native_certs().certs {
        let _ = roots.add(cert);
    }
    if let Some(pem) = &mailbox.ca_pem {
        let path = || mailbox.ca_file.clone().unwrap_or_default();
        let mut found = 0;
        for cert in CertificateDer::pem_slice_iter(pem) {
            let cert = cert.map_err(|source| BadSetting::CaBadCertificate { path: path(), source }.given())?;
            roots
                .add(cert)
                .map_err(|source| BadSetting::CaRefused { path: path(), source }.given())?;
            found += 1;
        }
        if found == 0 {
            return Err(BadSetting::CaNoCertificate { path: path() }.given().into());
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| ImapError::Tls {
            mailbox: mailbox.to_string(),
            why: TlsFailure::Setup(e),
        })?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// TLS over `tcp`, the handshake done at once.
fn tls(
    config: &Arc<ClientConfig>,
    mailbox: &Mailbox,
    mut tcp: TcpStream,
) -> Result<StreamOwned<ClientConnection, TcpStream>, TlsFailure> {
    let name = ServerName::try_from(mailbox.host.clone()).map_err(|source| TlsFailure::BadName {
        host: mailbox.host.clone(),
        source,
    })?;
    let mut conn = ClientConnection::new(Arc::clone(config), name).map_err(TlsFailure::Setup)?;
    while conn.is_handshaking() {
        conn.complete_io(&mut tcp).map_err(handshake_failed)?;
    }
    Ok(StreamOwned::new(conn, tcp))
}

/// A failed handshake, told whether the certificate is one that no trusted authority signed:
/// an issuer unknown, or one known by name whose key did not sign it.
fn handshake_failed(source: io::Error) -> TlsFailure {
    use rustls::{CertificateError, Error as TlsError};
    let untrusted = matches!(
        source.get_ref().and_then(|inner| inner.downcast_ref::<TlsError>()),
        Some(TlsError::InvalidCertificate(
            CertificateError::UnknownIssuer | CertificateError::BadSignature
        ))
    );
    TlsFailure::Handshake { source, untrusted }
}

/// How to fix a certificate that no trusted authority signed, shown after the failure.
fn trust_hint(untrusted: bool) -> &'static str {
    if untrusted {
        " (the server's certificate is signed by no authority this machine trusts: \
         give that authority's certificate with --ca-file PEM, ARBITRE_IMAP_CA_FILE or ca_file)"
    } else {
        ""
    }
}

fn tls_or_session(mailbox: &Mailbox, e: imap::Error) -> ImapError {
    match e {
        imap::Error::Io(io) if io.kind() == io::ErrorKind::InvalidData => ImapError::Tls {
            mailbox: mailbox.to_string(),
            why: handshake_failed(io),
        },
        e => session_error(mailbox, e),
    }
}

/// An error of an open session.
pub fn session_error(mailbox: &Mailbox, e: imap::Error) -> ImapError {
    ImapError::Session {
        mailbox: mailbox.to_string(),
        why: match e {
            imap::Error::Io(io) if matches!(io.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                SessionFailure::NoAnswer {
                    secs: mailbox.timeout.as_secs(),
                }
            }
            e => SessionFailure::Imap(Box::new(e)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server's own words are quoted with double quotes, not Markdown backticks.
    #[test]
    fn a_refusing_server_is_quoted() {
        assert_eq!(
            TlsFailure::Greeting("* BYE busy".into()).to_string(),
            "the server greets with \"* BYE busy\""
        );
        assert_eq!(
            TlsFailure::StartTlsRefused("NO not now".into()).to_string(),
            "the server refuses STARTTLS: \"NO not now\""
        );
    }
}
