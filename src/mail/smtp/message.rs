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

/// The envelope of a rendered message: its one `From:` address and its one `To:` address.
/// Errors (without the `not sent:` prefix) when the headers do not allow exactly that.
pub(super) fn envelope_of(bytes: &[u8]) -> Result<Envelope, String> {
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
}
