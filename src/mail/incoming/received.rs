//! A message as it enters, read once: the intake routes it, checks it, refuses or keeps it
//! from this one value, and only the archive gets its bytes.

use std::borrow::Cow;

use super::{read, read_message, Incoming, MailError, Parsed};

/// One incoming message, parsed once where it enters.
pub struct Received<'a> {
    raw: &'a [u8],
    read: Result<Parsed<'a>, MailError>,
    automatic: bool,
}

impl<'a> Received<'a> {
    /// Reads `raw` (as [`read_message`] does) and whether a machine sent it ([`automatic`]).
    pub fn read(raw: &'a [u8]) -> Received<'a> {
        Received {
            raw,
            read: read(raw),
            automatic: automatic(raw),
        }
    }

    /// The bytes as received: for the archive, and for what reads the headers as they came
    /// (the receiving server's verdict, [`crate::mail::authres`]).
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// What the game reads of it, or why it is not a mail message.
    pub fn mail(&self) -> Result<&Incoming, &MailError> {
        self.read.as_ref().map(|p| &p.incoming)
    }

    /// What the game reads of it, taken out of the value.
    pub fn into_mail(self) -> Result<Incoming, MailError> {
        self.read.map(|p| p.incoming)
    }

    /// Is it an auto-reply or a bounce ([`automatic`])?
    pub fn automatic(&self) -> bool {
        self.automatic
    }

    /// Its sender, subject and Message-ID for an answer: those of the message, or, when the
    /// message as a whole cannot be read (no blank line before a body), those of its header
    /// block alone.
    pub fn head(&self) -> Option<Cow<'_, Incoming>> {
        match &self.read {
            Ok(p) => Some(Cow::Borrowed(&p.incoming)),
            Err(_) => read_message(&header_block(self.raw)).ok().map(Cow::Owned),
        }
    }

    /// The message rebuilt for the archive ([`super::redacted`]) from the same parse, `two`
    /// saying which two words of a SIGNON line name one role; `None` when it is not a
    /// message that can be read.
    pub fn redacted(&self, first: &str, two: super::TwoWordRole<'_>) -> Option<Vec<u8>> {
        self.read.as_ref().ok()?.redacted(first, two)
    }
}

/// Is this message an auto-reply or a bounce (RFC 3834), which must not be answered? A
/// bounce is known by its empty Return-Path, or by being a delivery or read report
/// (`multipart/report`, RFC 6522), which a mail system may deliver with a Return-Path.
pub fn automatic(raw: &[u8]) -> bool {
    let Some(m) = mail_parser::MessageParser::default().parse_headers(raw) else {
        return false;
    };
    let header = |name: &str| {
        m.header_raw(name)
            .map(|v| v.trim().to_ascii_lowercase())
            .unwrap_or_default()
    };
    let auto = header("Auto-Submitted");
    (!auto.is_empty() && auto != "no")
        || header("Return-Path") == "<>"
        || header("Content-Type").starts_with("multipart/report")
}

/// The header block of a message and the blank line after it (the whole message when it
/// has no body).
pub fn header_block(raw: &[u8]) -> Vec<u8> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map(|p| p + 4)
        .or_else(|| raw.windows(2).position(|w| w == b"\n\n").map(|p| p + 2))
        .unwrap_or(raw.len());
    let mut head = raw[..end].to_vec();
    head.extend_from_slice(b"\r\n");
    head
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One parse gives what the separate readers give: the message, its redaction, and
    /// whether a machine sent it.
    #[test]
    fn one_read_gives_what_each_reader_gives() {
        let raw = b"From: Ann <ann@example.org>\r\nSubject: orders\r\nMessage-ID: <a@example.org>\r\n\
                    Auto-Submitted: auto-replied\r\n\r\nSIGNON France vopaliec s3cret\r\nA PAR - BUR\r\n";
        let r = Received::read(raw);
        assert_eq!(r.mail().ok(), read_message(raw).ok().as_ref());
        assert_eq!(
            r.redacted("X-First: 1", super::super::NO_TWO_WORD_ROLE),
            super::super::redacted(raw, "X-First: 1")
        );
        assert!(
            !String::from_utf8_lossy(&r.redacted("X-First: 1", super::super::NO_TWO_WORD_ROLE).unwrap())
                .contains("s3cret")
        );
        assert!(r.automatic() && automatic(raw));
        assert_eq!(r.head().as_deref(), r.mail().ok());
        assert_eq!(r.raw(), raw);
    }

    /// A message without a blank line before a body does not read as a whole; its header
    /// block still gives the sender to answer.
    #[test]
    fn a_message_that_does_not_read_still_has_a_head() {
        let raw = b"From: Ann <ann@example.org>\r\nSubject: orders\r\n";
        let r = Received::read(raw);
        assert!(r.mail().is_err() && r.redacted("X: 1", super::super::NO_TWO_WORD_ROLE).is_none());
        assert_eq!(r.head().unwrap().from_address, "ann@example.org");
        assert!(!r.automatic());
    }
}
