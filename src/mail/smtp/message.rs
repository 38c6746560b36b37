//! A rendered message file as SMTP needs it: its envelope, read off its headers, and its
//! bytes with the line ends the wire wants.
//!
//! # Bytes on the wire
//!
//! A file written with CRLF line ends, as RFC 5322 asks, is received by the server byte for
//! byte. A file with bare LF (or bare CR) line ends is sent with CRLF instead, since SMTP
//! knows no other line end. Dot-stuffing is lettre's.

use lettre::address::{Address, Envelope};
use mail_parser::{HeaderName as ParsedName, HeaderValue, MessageParser};

/// Why a message file can never be sent as it is: its headers, which must give exactly one
/// `From:` address and one `To:` address, and no `Cc:` or `Bcc:`.
#[derive(Debug, thiserror::Error)]
pub enum EnvelopeError {
    #[error("no headers could be read")]
    NoHeaders,
    /// A `Cc:` or `Bcc:` header (its name).
    #[error("the message has a {0}: header (one recipient per file)")]
    Copy(&'static str),
    /// `From:` or `To:` (the header's name) is not an address list.
    #[error("{0}: cannot be read as an address")]
    NotAddresses(&'static str),
    #[error("{0}: has an entry with no address")]
    EntryWithoutAddress(&'static str),
    #[error("{0}: holds no address")]
    NoAddress(&'static str),
    #[error("{header}: must hold exactly one address, not {} ({})", .addresses.len(), .addresses.join(", "))]
    Several {
        header: &'static str,
        addresses: Vec<String>,
    },
    #[error("{header}: address \"{address}\" is not valid: {source}")]
    BadAddress {
        header: &'static str,
        address: String,
        #[source]
        source: lettre::address::AddressError,
    },
    /// The envelope refused by lettre.
    #[error("{0}")]
    Envelope(#[source] lettre::error::Error),
}

/// The envelope of a rendered message: its one `From:` address and its one `To:` address.
/// Errors (said without the `not sent:` prefix) when the headers do not allow exactly that.
pub(super) fn envelope_of(bytes: &[u8]) -> Result<Envelope, EnvelopeError> {
    let message = MessageParser::default()
        .parse_headers(bytes)
        .ok_or(EnvelopeError::NoHeaders)?;
    for (header, name) in [(ParsedName::Cc, "Cc"), (ParsedName::Bcc, "Bcc")] {
        if message.headers().iter().any(|h| h.name == header) {
            return Err(EnvelopeError::Copy(name));
        }
    }
    let one = |header: ParsedName<'static>, name: &'static str| -> Result<Address, EnvelopeError> {
        let mut entries: Vec<&mail_parser::Addr> = Vec::new();
        for h in message.headers().iter().filter(|h| h.name == header) {
            match &h.value {
                HeaderValue::Address(mail_parser::Address::List(list)) => entries.extend(list),
                HeaderValue::Address(mail_parser::Address::Group(groups)) => {
                    entries.extend(groups.iter().flat_map(|g| &g.addresses))
                }
                HeaderValue::Empty => {}
                _ => return Err(EnvelopeError::NotAddresses(name)),
            }
        }
        let found = entries
            .iter()
            .map(|addr| addr.address.as_ref().map(|a| a.to_string()))
            .collect::<Option<Vec<String>>>()
            .ok_or(EnvelopeError::EntryWithoutAddress(name))?;
        match <[String; 1]>::try_from(found) {
            Ok([address]) => address.parse::<Address>().map_err(|source| EnvelopeError::BadAddress {
                header: name,
                address,
                source,
            }),
            Err(none) if none.is_empty() => Err(EnvelopeError::NoAddress(name)),
            Err(many) => Err(EnvelopeError::Several {
                header: name,
                addresses: many,
            }),
        }
    };
    let from = one(ParsedName::From, "From")?;
    let to = one(ParsedName::To, "To")?;
    Envelope::new(Some(from), vec![to]).map_err(EnvelopeError::Envelope)
}

/// The bytes to hand to lettre for a file, such that the server receives the file itself.
///
/// Bare LF and bare CR become CRLF. lettre ends the data with `CRLF . CRLF` whatever the
/// message's last bytes, and the server counts that first CRLF as the end of the last line,
/// so one final CRLF of the file is left off here; a file with no final line end gets one.
pub(super) fn wire_bytes(file: &[u8]) -> Vec<u8> {
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

/// The `To:` and `Subject:` of a message, as written (empty when absent).
pub(super) fn to_and_subject(bytes: &[u8]) -> (String, String) {
    let Some(message) = MessageParser::default().parse_headers(bytes) else {
        return (String::new(), String::new());
    };
    let to = message
        .header_raw("To")
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    (to, message.subject().unwrap_or_default().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn envelope(text: &str) -> Result<(String, Vec<String>), EnvelopeError> {
        envelope_of(text.as_bytes()).map(|e| {
            let from = e.from().map(|a| a.to_string()).unwrap_or_default();
            (from, e.to().iter().map(|a| a.to_string()).collect())
        })
    }

    #[test]
    fn envelope_from_headers() {
        let ok = envelope("From: Arbitre <referee@example.org>\r\nTo: \"Anne (France)\" <anne@example.net>\r\nSubject: hi\r\n\r\nBody\r\n");
        assert_eq!(
            ok.unwrap(),
            ("referee@example.org".into(), vec!["anne@example.net".into()])
        );
        let bare = envelope("From: referee@example.org\nTo: anne@example.net\n\nBody\n");
        assert_eq!(
            bare.unwrap(),
            ("referee@example.org".into(), vec!["anne@example.net".into()])
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
            let e = envelope(&format!("{base}{headers}\r\nBody\r\n"))
                .unwrap_err()
                .to_string();
            assert!(e.contains(why), "{headers:?}: {e}");
        }
        let e = envelope("To: a@example.net\r\n\r\nBody\r\n").unwrap_err();
        assert!(matches!(e, EnvelopeError::NoAddress("From")), "{e}");
        let e = envelope("From: a@example.org, b@example.org\r\nTo: a@example.net\r\n\r\nBody\r\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "From: must hold exactly one address, not 2 (a@example.org, b@example.org)"
        );
        let e = envelope("From: a@example.org\r\nTo: <x y@example.net>\r\n\r\nBody\r\n").unwrap_err();
        assert!(matches!(e, EnvelopeError::BadAddress { header: "To", .. }), "{e:?}");
        assert!(
            e.to_string()
                .starts_with("To: address \"x y@example.net\" is not valid: "),
            "{e}"
        );
    }

    #[test]
    fn wire_bytes_line_ends() {
        assert_eq!(wire_bytes(b"A: b\r\n\r\nbody\r\n"), b"A: b\r\n\r\nbody");
        assert_eq!(wire_bytes(b"A: b\r\n\r\nbody"), b"A: b\r\n\r\nbody");
        assert_eq!(wire_bytes(b"A: b\n\nbody\n"), b"A: b\r\n\r\nbody");
        assert_eq!(wire_bytes(b"A: b\r\n\nx\ry\r\n\r\n"), b"A: b\r\n\r\nx\r\ny\r\n");
    }
}
