//! One IMAP session: TCP within the time limit, TLS (from the first byte or after
//! STARTTLS) with the certificate verified, and the login.
//!
//! The protocol is the `imap` crate's, over a stream of ours: rustls with the system's roots
//! and the CA file's, never OpenSSL, and the read timeout set on the socket before the TLS
//! handshake, so that no step of opening a session can hang.

use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use imap::extensions::idle::SetReadTimeout;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};

use super::settings::{Mailbox, Security};
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

/// Opens a session and logs in.
pub fn open(mailbox: &Mailbox) -> Result<Session, ImapError> {
    let connect = |why: String| ImapError::Connect {
        mailbox: mailbox.to_string(),
        why,
    };
    let tls_failed = |why: String| ImapError::Tls {
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
        .map_err(|(e, _)| ImapError::Login {
            mailbox: mailbox.to_string(),
            why: e.to_string(),
        })
}

/// The plain part of STARTTLS (RFC 3501 6.2.1), before the `imap` client takes the stream:
/// the greeting, then `STARTTLS` and its `OK`. Read a byte at a time, so that nothing of
/// what follows is taken from the stream.
fn starttls(mut tcp: TcpStream) -> Result<TcpStream, String> {
    fn line(tcp: &mut TcpStream) -> Result<String, String> {
        let mut bytes = Vec::new();
        let mut byte = [0u8];
        while !bytes.ends_with(b"\n") {
            match tcp.read(&mut byte) {
                Ok(0) => return Err("the server closed the connection".into()),
                Ok(_) => bytes.push(byte[0]),
                Err(e) => return Err(e.to_string()),
            }
            if bytes.len() > 8192 {
                return Err("a line of the server is too long".into());
            }
        }
        Ok(String::from_utf8_lossy(&bytes).trim_end().to_string())
    }
    let greeting = line(&mut tcp)?;
    if !greeting.starts_with("* OK") {
        return Err(format!("the server greets with `{greeting}`"));
    }
    tcp.write_all(b"s0 STARTTLS\r\n").map_err(|e| e.to_string())?;
    loop {
        let answer = line(&mut tcp)?;
        if let Some(status) = answer.strip_prefix("s0 ") {
            return if status.starts_with("OK") {
                Ok(tcp)
            } else {
                Err(format!("the server refuses STARTTLS: `{status}`"))
            };
        }
    }
}

/// TCP to the first address that answers, with the timeouts set.
fn tcp(mailbox: &Mailbox) -> Result<TcpStream, String> {
    let addrs = (mailbox.host.as_str(), mailbox.port)
        .to_socket_addrs()
        .map_err(|e| format!("{}: {e}", mailbox.host))?;
    let mut last = format!("{} resolves to no address", mailbox.host);
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, mailbox.timeout) {
            Ok(tcp) => {
                tcp.set_read_timeout(Some(mailbox.timeout)).map_err(|e| e.to_string())?;
                tcp.set_write_timeout(Some(mailbox.timeout))
                    .map_err(|e| e.to_string())?;
                let _ = tcp.set_nodelay(true);
                return Ok(tcp);
            }
            Err(e) => last = format!("{addr}: {e}"),
        }
    }
    Err(last)
}

/// The roots trusted: the system's and the CA file's.
fn tls_config(mailbox: &Mailbox) -> Result<Arc<ClientConfig>, ImapError> {
    let settings = |why: String| ImapError::Settings(why);
    let mut roots = RootCertStore::empty();
    for cert in rustls_native_certs::load_native_certs().certs {
        let _ = roots.add(cert);
    }
    if let Some(pem) = &mailbox.ca_pem {
        let shown = mailbox
            .ca_file
            .as_deref()
            .unwrap_or(std::path::Path::new(""))
            .display()
            .to_string();
        let mut found = 0;
        for cert in CertificateDer::pem_slice_iter(pem) {
            let cert =
                cert.map_err(|e| settings(format!("the IMAP CA file {shown}: a certificate cannot be read: {e}")))?;
            roots
                .add(cert)
                .map_err(|e| settings(format!("the IMAP CA file {shown}: {e}")))?;
            found += 1;
        }
        if found == 0 {
            return Err(settings(format!("the IMAP CA file {shown} holds no certificate (PEM)")));
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| settings(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// TLS over `tcp`, the handshake done at once.
fn tls(
    config: &Arc<ClientConfig>,
    mailbox: &Mailbox,
    mut tcp: TcpStream,
) -> Result<StreamOwned<ClientConnection, TcpStream>, String> {
    let name = ServerName::try_from(mailbox.host.clone()).map_err(|e| format!("{}: {e}", mailbox.host))?;
    let mut conn = ClientConnection::new(Arc::clone(config), name).map_err(|e| e.to_string())?;
    while conn.is_handshaking() {
        conn.complete_io(&mut tcp).map_err(|e| describe_tls(&e))?;
    }
    Ok(StreamOwned::new(conn, tcp))
}

/// A TLS failure in words, with how to fix a certificate that no trusted authority signed:
/// an issuer unknown, or one known by name whose key did not sign it.
fn describe_tls(e: &io::Error) -> String {
    use rustls::{CertificateError, Error as TlsError};
    let text = e.to_string();
    let untrusted = matches!(
        e.get_ref().and_then(|inner| inner.downcast_ref::<TlsError>()),
        Some(TlsError::InvalidCertificate(
            CertificateError::UnknownIssuer | CertificateError::BadSignature
        ))
    );
    if untrusted {
        format!(
            "{text} (the server's certificate is signed by no authority this machine trusts: \
             give that authority's certificate with --ca-file PEM, ARBITRE_IMAP_CA_FILE or ca_file)"
        )
    } else {
        text
    }
}

fn tls_or_session(mailbox: &Mailbox, e: imap::Error) -> ImapError {
    match &e {
        imap::Error::Io(io) if io.kind() == io::ErrorKind::InvalidData => ImapError::Tls {
            mailbox: mailbox.to_string(),
            why: describe_tls(io),
        },
        _ => session_error(mailbox, e),
    }
}

/// An error of an open session.
pub fn session_error(mailbox: &Mailbox, e: imap::Error) -> ImapError {
    ImapError::Session {
        mailbox: mailbox.to_string(),
        why: match e {
            imap::Error::Io(io) if matches!(io.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                format!("no answer within {} s", mailbox.timeout.as_secs())
            }
            e => e.to_string(),
        },
    }
}
