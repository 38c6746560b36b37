//! Reading incoming mail: the raw bytes of one RFC 5322 message become the sender, the
//! `To:` addresses, the Message-ID, the subject and the command lines of the body.
//!
//! [`read_message`] never panics. It refuses with a [`MailError`] only what is not a mail
//! message at all (empty input, no header block, no blank line before a body); anything
//! that looks like a message is read as well as it can be, and a message without a usable
//! body simply has no command lines.
//!
//! The jobs of reading, one module each:
//!
//! - here: the message as a whole (its shape, its header fields, its sender);
//! - [`body`]: which part is the body, and its text: the first `text/plain` part, wherever
//!   it sits in the MIME tree (attachments excluded), with its charset and `format=flowed`
//!   (RFC 3676) undone, so that a long line the client wrapped counts as the one line the
//!   player wrote; without one, the first `text/html` part through [`html`];
//! - [`html`]: HTML to text, one line per block element, `<blockquote>` content marked as
//!   quoted with `>`;
//! - [`lines`]: the command lines of the text ([`command_lines`]): quoted replies,
//!   attributions, Outlook's reply headers and signatures left out; its rules are on the
//!   function;
//! - [`redact`]: the message rebuilt for the archive without its passwords ([`redacted`]);
//! - [`received`]: a message as it enters, read once ([`Received`]): what the game reads of
//!   it, whether a machine sent it, and its redaction, from one parse of its bytes.
//!
//! Transfer encodings and charsets are undone by mail-parser. What the game does with a
//! message read here is the mail game's, a layer above: it checks the password and finds
//! the game the message belongs to.

use std::fmt;

use mail_parser::decoders::base64::base64_decode;
use mail_parser::decoders::charsets::map::charset_decoder;
use mail_parser::decoders::html::add_html_token;
use mail_parser::decoders::quoted_printable::quoted_printable_decode;
use mail_parser::{
    Addr, Encoding, HeaderName, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType,
};

mod body;
mod html;
mod lines;
mod received;
mod redact;

use body::body_text;
pub use lines::command_lines;
pub use received::{automatic, header_block, Received};
pub use redact::{redacted, TwoWordRole, NO_TWO_WORD_ROLE, REDACTED};

/// One message as the game reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    /// The sender's address, lower-cased: from `From:`, else `Sender:`, else `Return-Path:`;
    /// empty when none of them holds an address.
    pub from_address: String,
    /// The display name that goes with the address (RFC 2047 decoded), if any.
    pub from_name: Option<String>,
    /// The Message-ID, without its angle brackets.
    pub message_id: Option<String>,
    /// The addresses of `To:`, lower-cased (a folder of games may be reached at
    /// `GAME@…` or `referee+GAME@…`).
    pub to: Vec<String>,
    /// The subject, decoded; empty when there is none.
    pub subject: String,
    /// The `Date:` header as written (unfolded and trimmed).
    pub date: Option<String>,
    /// The command lines of the body (see [`command_lines`]).
    pub lines: Vec<CommandLine>,
}

/// One line of a body that is meant for the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// Where the line is in the decoded text body, counting from 1, blank and ignored lines
    /// included, so that a reply can say "line 4".
    pub number: usize,
    /// The line, without leading or trailing white space.
    pub text: String,
}

/// Why some bytes could not be read as a mail message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailError {
    pub message: String,
}

impl MailError {
    fn new(message: impl Into<String>) -> MailError {
        MailError {
            message: message.into(),
        }
    }
}

impl fmt::Display for MailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a mail message: {}", self.message)
    }
}

impl std::error::Error for MailError {}

/// Reads one raw RFC 5322 message (as delivered to a Maildir, or piped by the MTA; a leading
/// mbox `From ` line is skipped).
pub fn read_message(raw: &[u8]) -> Result<Incoming, MailError> {
    read(raw).map(|parsed| parsed.incoming)
}

/// A message parsed: mail-parser's tree, the text of its body, and what the game reads of
/// it. Redaction works from the same tree and text ([`Parsed::redacted`]).
pub(crate) struct Parsed<'a> {
    /// The bytes parsed: the message after any mbox `From ` line.
    bytes: &'a [u8],
    message: Message<'a>,
    body: String,
    incoming: Incoming,
}

/// Parses `raw` once (see [`read_message`]).
fn read(raw: &[u8]) -> Result<Parsed<'_>, MailError> {
    let start = check_structure(raw)?;
    let raw = raw.get(start..).unwrap_or_default();
    // mail-parser promises not to panic; a panic in it must still not take the referee down
    // with a message that the mail system would then deliver again and again.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| parse(raw)))
        .unwrap_or_else(|_| Err(MailError::new("the message could not be parsed")))
}

// ---------------------------------------------------------------------------------------
// The message as a whole

/// Checks that `raw` is shaped like a message: a header block whose first line is a field,
/// without NUL bytes, ended by a blank line. Returns where the headers start (after an mbox
/// `From ` line).
fn check_structure(raw: &[u8]) -> Result<usize, MailError> {
    if raw.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(MailError::new("the input is empty"));
    }
    let mut start = 0;
    let after_from = raw.get(5..).unwrap_or_default().trim_ascii_start();
    if raw.starts_with(b"From ") && !after_from.starts_with(b":") {
        match raw.iter().position(|&b| b == b'\n') {
            Some(nl) => start = nl + 1,
            None => return Err(MailError::new("there is only an mbox \"From \" line")),
        }
    }
    let mut pos = start;
    let mut fields = 0;
    loop {
        let rest = raw.get(pos..).unwrap_or_default();
        let Some(nl) = rest.iter().position(|&b| b == b'\n') else {
            return Err(if fields == 0 && !is_header_field(rest) {
                MailError::new(NOT_A_FIELD)
            } else {
                MailError::new("the headers are not followed by a blank line and a body")
            });
        };
        let line = &rest[..nl];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            return if fields == 0 {
                Err(MailError::new("there is no header before the body"))
            } else {
                Ok(start)
            };
        }
        if line.contains(&0) {
            return Err(MailError::new(format!(
                "line {} of the headers holds a NUL byte",
                fields + 1
            )));
        }
        if fields == 0 && !is_header_field(line) {
            return Err(MailError::new(NOT_A_FIELD));
        }
        fields += 1;
        pos += nl + 1;
    }
}

const NOT_A_FIELD: &str = "the first line is not a header field (\"Name: value\")";

fn is_header_field(line: &[u8]) -> bool {
    let Some(colon) = line.iter().position(|&b| b == b':') else {
        return false;
    };
    let name = line[..colon].trim_ascii_end();
    !name.is_empty() && name.iter().all(|&b| (33..=126).contains(&b))
}

fn parse(raw: &[u8]) -> Result<Parsed<'_>, MailError> {
    let message = MessageParser::default()
        .parse(raw)
        .ok_or_else(|| MailError::new("mail-parser found no header"))?;
    let (from_address, from_name) = sender(&message);
    let message_id = message
        .message_id()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_string);
    let to = message
        .to()
        .map(|a| a.iter().filter_map(address_of).collect())
        .unwrap_or_default();
    let subject = message.subject().unwrap_or_default().trim().to_string();
    let date = message
        .header_raw(HeaderName::Date)
        .map(|d| {
            d.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|d| !d.is_empty());
    let body = body_text(&message);
    let lines = command_lines(&body);
    let incoming = Incoming {
        from_address,
        from_name,
        message_id,
        to,
        subject,
        date,
        lines,
    };
    Ok(Parsed {
        bytes: raw,
        message,
        body,
        incoming,
    })
}

/// The sender's address (lower-cased) and name: the first address of `From:`, else of
/// `Sender:`, else the `Return-Path:`.
fn sender(message: &Message<'_>) -> (String, Option<String>) {
    let from_name = message.from().and_then(|a| a.iter().find_map(name_of));
    for header in [message.from(), message.sender()] {
        let found = header.and_then(|a| a.iter().find(|addr| address_of(addr).is_some()));
        if let Some(addr) = found {
            let address = address_of(addr).unwrap_or_default();
            return (address, name_of(addr).or(from_name));
        }
    }
    let return_path = match message.header(HeaderName::ReturnPath) {
        Some(HeaderValue::Text(text)) => Some(text.to_string()),
        Some(HeaderValue::TextList(list)) => list.first().map(|t| t.to_string()),
        Some(HeaderValue::Address(address)) => address.iter().find_map(address_of),
        _ => None,
    };
    let address = return_path
        .map(|a| {
            a.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .trim()
                .to_lowercase()
        })
        .unwrap_or_default();
    (address, from_name)
}

fn address_of(addr: &Addr<'_>) -> Option<String> {
    let address = addr
        .address()?
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    (!address.is_empty()).then(|| address.to_lowercase())
}

fn name_of(addr: &Addr<'_>) -> Option<String> {
    let name = addr.name()?.trim().trim_matches('"').trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::body::unflow;
    use super::html::html_to_text;
    use super::*;

    pub(super) fn lines(list: &[(usize, &str)]) -> Vec<CommandLine> {
        list.iter()
            .map(|&(number, text)| CommandLine {
                number,
                text: text.to_string(),
            })
            .collect()
    }

    pub(super) fn read(raw: &[u8]) -> Incoming {
        read_message(raw).unwrap_or_else(|e| panic!("{e}"))
    }

    pub(super) fn texts(body: &str) -> Vec<String> {
        command_lines(body).into_iter().map(|l| l.text).collect()
    }

    // --- the fixtures -------------------------------------------------------------------

    const ORDERS_FR: [(usize, &str); 4] = [
        (7, "SIGNON France vopaliec s3cret"),
        (8, "A PAR - BUR"),
        (9, "A MAR S A PAR - BUR"),
        (10, "F BRE - MAO"),
    ];

    #[test]
    fn many_unclosed_hidden_elements_are_read_in_linear_time() {
        let html = "<style>".repeat(200_000) + "<p>A PAR - BUR</p>";
        let start = std::time::Instant::now();
        let text = html_to_text(&html);
        assert!(
            start.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert!(text.contains("A PAR - BUR"), "{text}");
    }

    #[test]
    fn thunderbird_flowed_reply_below_the_quote() {
        let m = read(include_bytes!("../../../tests/mail/in/thunderbird-plain-utf8.eml"));
        assert_eq!(m.from_address, "alice@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Alice Martin"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("5b0e6f1c-8d2a-4a77-9c1e-3f2d8b7a6e40@example.org")
        );
        assert_eq!(m.subject, "Re: [vopaliec] Printemps 1901 : ordres");
        assert_eq!(m.date.as_deref(), Some("Tue, 1 Dec 2026 21:14:07 +0100"));
        // The attribution and the quote come first (bottom-posting): skipped, not a stop.
        // The press line the client wrapped is one line again; the signature ends it all.
        let mut expected = ORDERS_FR.to_vec();
        expected.extend([
            (12, "PRESS TO Germany"),
            (
                13,
                "Chère Allemagne, mes armées vont en Bourgogne mais n'ont aucune vue sur Munich. \
                 Je propose une zone démilitarisée en Ruhr jusqu'en 1902.",
            ),
            (14, "ENDPRESS"),
        ]);
        assert_eq!(m.lines, lines(&expected));
    }

    const ORDERS_DE: [(usize, &str); 7] = [
        (1, "SIGNON Germany vopaliec pretzel"),
        (2, "A BER - KIE"),
        (3, "A MUN - RUH"),
        (4, "F KIE - DEN"),
        (6, "PRESS TO France"),
        (
            7,
            "Agreed on the Ruhr. I will keep out of Burgundy and Belgium this year \u{2014} you keep out of \
             Munich and Holland, and we talk again in the autumn.",
        ),
        (8, "ENDPRESS"),
    ];

    #[test]
    fn gmail_alternative_quoted_printable_top_posted() {
        let raw = include_bytes!("../../../tests/mail/in/gmail-alternative-qp.eml");
        let m = read(raw);
        assert_eq!(m.from_address, "dieter.schmidt@gmail.com", "lower-cased");
        assert_eq!(m.from_name.as_deref(), Some("Dieter Schmidt"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("CAJx8q3ZfT1m7c5Pq0N4y+Lw2H6_kR9sUeYbGdV0aXo=Qm4t1Nw@mail.gmail.com")
        );
        assert_eq!(m.subject, "Re: [vopaliec] Spring 1901: orders");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 08:31:55 +0100"));
        // The soft line break inside the UTF-8 dash is undone; the wrapped "On … wrote:" and
        // the quoted original below it do not count.
        assert_eq!(m.lines, lines(&ORDERS_DE));

        // The HTML alternative reads the same.
        let message = MessageParser::default().parse(raw).unwrap();
        let html = message.body_html(0).unwrap();
        assert_eq!(command_lines(&html_to_text(&html)), lines(&ORDERS_DE));
    }

    #[test]
    fn outlook_html_only_windows_1252() {
        let m = read(include_bytes!("../../../tests/mail/in/outlook-html-only.eml"));
        assert_eq!(m.from_address, "t.girard@outlook.fr");
        assert_eq!(m.from_name.as_deref(), Some("Thomas Girard"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("PAXP193MB1234B5E6F0C2D1A9E8F7C6B5A4D3C2B1A0E9@PAXP193MB1234.EURP193.PROD.OUTLOOK.COM")
        );
        assert_eq!(m.subject, "RE: [vopaliec] Printemps 1901 : ordres");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 09:12:44 +0000"));
        // One line per <div>, &nbsp; as a space, inline <b> kept in its line; the signature
        // <div id="Signature"> ends the commands, so neither the signature nor the original
        // below the <hr> (with its own SIGNON line) counts.
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON England vopaliec tea4two"),
                (2, "F LON - NTH"),
                (3, "F EDI - NWG"),
                (4, "A LVP - YOR"),
                (6, "PRESS TO France"),
                (7, "Chère France, la Manche restera vide cette année \u{2014} promis. On s\u{2019}en reparle à l\u{2019}automne ?"),
                (8, "ENDPRESS"),
            ])
        );
    }

    #[test]
    fn outlook_divider_and_header_block_without_signature() {
        let raw = include_bytes!("../../../tests/mail/in/outlook-html-only.eml");
        let message = MessageParser::default().parse(raw).unwrap();
        let html = message.body_html(0).unwrap().replace("id=\"Signature\"", "id=\"Sig\"");
        let text = html_to_text(&html);
        let found = command_lines(&text);
        assert_eq!(found.last().map(|l| l.text.as_str()), Some("« Rule, Britannia »"));
        assert!(text.contains("\n________________________________\nDe : Arbitre de Vopaliec"));
        // Without the <hr>, the "De :" / "Envoyé :" block stops it.
        let text = html_to_text(&html.replace("<hr", "<span"));
        assert_eq!(
            command_lines(&text).last().map(|l| l.text.as_str()),
            Some("« Rule, Britannia »")
        );
    }

    #[test]
    fn apple_mail_iso_8859_1() {
        let m = read(include_bytes!("../../../tests/mail/in/apple-mail-iso-8859-1.eml"));
        assert_eq!(m.from_address, "elodie.lefevre@me.com");
        assert_eq!(m.from_name.as_deref(), Some("Élodie Lefèvre"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("8E4C2A1B-7F3D-4E59-A0B6-C1D2E3F40516@me.com")
        );
        assert_eq!(m.subject, "Re: [vopaliec] Printemps 1901 : ordres");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 10:47:03 +0100"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Russia vopaliec borchtch"),
                (2, "A Moscou - Saint-Pétersbourg"),
                (3, "F Saint-Pétersbourg (côte sud) - Golfe de Botnie"),
                (4, "A Varsovie - Galicie"),
                (5, "F Sébastopol - Mer Noire"),
                (7, "PRESS TO France"),
                (
                    8,
                    "Bonne chance dans la Manche. Je reste loin de la Scandinavie cette année, promis."
                ),
                (9, "ENDPRESS"),
                // Not a command, but the player wrote it: the game answers it with an error.
                (11, "Élodie"),
            ])
        );
    }

    #[test]
    fn mutt_signoff_before_signature() {
        let m = read(include_bytes!("../../../tests/mail/in/mutt-signature.eml"));
        assert_eq!(m.from_address, "bruno@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Bruno Petit"));
        assert_eq!(m.message_id.as_deref(), Some("20261202110341.GA28467@tarn.example.org"));
        assert_eq!(m.subject, "Re: [vopaliec] Spring 1901 (God)");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 12:03:41 +0100"));
        assert_eq!(
            m.lines,
            lines(&[(5, "signon god vopaliec hunter2"), (6, "bless a par"), (7, "STATUS")])
        );
    }

    #[test]
    fn base64_body_with_crlf() {
        let m = read(include_bytes!("../../../tests/mail/in/base64-body.eml"));
        assert_eq!(m.from_address, "chloe.roux@yandex.ru");
        assert_eq!(m.from_name.as_deref(), Some("Chloé Roux"));
        assert_eq!(m.message_id.as_deref(), Some("1234561796213616@mail.yandex.ru"));
        assert_eq!(m.subject, "Re: [vopaliec] Printemps 1901");
        assert_eq!(m.date.as_deref(), Some("Wed, 02 Dec 2026 15:20:16 +0300"));
        assert_eq!(
            m.lines,
            lines(&[(1, "SIGNON Devil vopaliec soufre"), (2, "CURSE F BRE"), (4, "STATUS")])
        );
    }

    #[test]
    fn attachment_is_ignored_nested_text_part_read() {
        let m = read(include_bytes!("../../../tests/mail/in/attachment.eml"));
        assert_eq!(m.from_address, "giulia.rossi@gmail.com");
        assert_eq!(m.from_name.as_deref(), Some("Giulia Rossi"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("CAHf3mZpQ8vK2nL5rT0wY7xB4cE1dG9hJ6kM3nP0qS8uV2wX5yA@mail.gmail.com")
        );
        assert_eq!(m.subject, "Italy, Spring 1901");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 18:05:29 +0100"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Italy vopaliec pasta"),
                (2, "A VEN H"),
                (3, "A ROM - APU"),
                (4, "F NAP - ION"),
                (6, "My plans for 1901 are in the attached map, for the record."),
            ])
        );
    }

    #[test]
    fn rfc2047_subject_and_from_name() {
        let m = read(include_bytes!("../../../tests/mail/in/rfc2047-subject.eml"));
        assert_eq!(m.from_address, "joerg.mueller@example.at");
        assert_eq!(m.from_name.as_deref(), Some("Jörg Müller"), "ISO-8859-1 Q-encoded word");
        assert_eq!(
            m.subject, "Re: [vopaliec] Frühjahr 1901 \u{2014} Befehle Österreichs",
            "two folded B-encoded words"
        );
        assert_eq!(m.message_id.as_deref(), Some("20261202194010.3f8e2a1b@tux.example.at"));
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 19:40:10 +0100"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Austria vopaliec sachertorte"),
                (2, "A VIE - GAL"),
                (3, "A BUD - SER"),
                (4, "F TRI - ALB")
            ])
        );
    }

    #[test]
    fn no_message_id_bare_from_raw_latin_1() {
        let m = read(include_bytes!("../../../tests/mail/in/no-message-id.eml"));
        assert_eq!(m.from_address, "mehmet@example.net");
        assert_eq!(m.from_name, None);
        assert_eq!(m.message_id, None);
        assert_eq!(m.subject, "vopaliec S1901 Turkey");
        assert_eq!(m.date.as_deref(), Some("Wed, 02 Dec 2026 22:55:00 +0200"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Turkey vopaliec lokum"),
                (2, "A CON - BUL"),
                (3, "A SMY - CON"),
                (4, "F ANK - BLA"),
                (6, "PRESS TO ALL"),
                (7, "Selâm à tous : la mer Noire est à moi, la Bulgarie aussi."),
                (8, "ENDPRESS"),
            ])
        );
    }

    #[test]
    fn broken_fixtures_are_refused() {
        let cases: [(&[u8], &str); 3] = [
            (include_bytes!("../../../tests/mail/in/empty.eml"), "empty"),
            (
                include_bytes!("../../../tests/mail/in/binary-garbage.eml"),
                "not a header field",
            ),
            (
                include_bytes!("../../../tests/mail/in/headers-only.eml"),
                "not followed by a blank line",
            ),
        ];
        for (raw, why) in cases {
            let error = read_message(raw).unwrap_err();
            assert!(error.message.contains(why), "{error}");
            assert!(error.to_string().starts_with("not a mail message: "));
        }
    }

    // --- headers ------------------------------------------------------------------------

    #[test]
    fn sender_falls_back_to_sender_then_return_path() {
        let m = read(b"From: Alice Martin\nSender: Robot <Robot@Example.org>\n\nSTATUS\n");
        assert_eq!(m.from_address, "robot@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Robot"));
        let m = read(b"Return-Path: <Bounce@Example.org>\nFrom: Alice Martin\n\nSTATUS\n");
        assert_eq!(m.from_address, "bounce@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Alice Martin"));
        let m = read(b"From: undisclosed-recipients:;\nReturn-Path: <>\n\nSTATUS\n");
        assert_eq!(m.from_address, "");
        assert_eq!(m.from_name, None);
        let m = read(b"Subject: nothing else\n\n");
        assert_eq!(
            (m.from_address.as_str(), m.subject.as_str(), m.lines.len()),
            ("", "nothing else", 0)
        );
    }

    #[test]
    fn header_details() {
        let raw = b"From nobody Tue Dec  1 20:00:00 2026\nFrom: \"Martin, Alice\" <Alice@Example.ORG>\n\
                    Message-ID:\n <abc@example.org>  \nDate: Tue, 1 Dec 2026\n 20:00:00 +0100 (CET)\n\nSTATUS\n";
        let m = read(raw);
        assert_eq!(m.from_address, "alice@example.org", "mbox From_ line skipped");
        assert_eq!(m.from_name.as_deref(), Some("Martin, Alice"));
        assert_eq!(m.message_id.as_deref(), Some("abc@example.org"));
        assert_eq!(
            m.date.as_deref(),
            Some("Tue, 1 Dec 2026 20:00:00 +0100 (CET)"),
            "unfolded"
        );
        assert_eq!(m.subject, "");
        assert_eq!(m.lines, lines(&[(1, "STATUS")]));
    }

    // --- bodies -------------------------------------------------------------------------

    #[test]
    fn raw_latin_1_without_charset_is_read_as_windows_1252() {
        let mut raw = b"From: a@example.org\nContent-Transfer-Encoding: 8bit\n\nA Saint-P".to_vec();
        raw.extend(b"\xe9tersbourg - Moscou\n");
        assert_eq!(read(&raw).lines, lines(&[(1, "A Saint-Pétersbourg - Moscou")]));
        // Valid UTF-8 without a charset stays UTF-8.
        let raw = "From: a@example.org\n\nA Saint-Pétersbourg - Moscou\n";
        assert_eq!(
            read(raw.as_bytes()).lines,
            lines(&[(1, "A Saint-Pétersbourg - Moscou")])
        );
    }

    #[test]
    fn blank_text_part_falls_back_to_html() {
        let raw = "From: a@example.org\nContent-Type: multipart/alternative; boundary=b\n\n--b\n\
                   Content-Type: text/plain\n\n \n--b\nContent-Type: text/html\n\n<p>SIGNON x</p><p>STATUS</p>\n--b--\n";
        assert_eq!(texts_of(raw), ["SIGNON x", "STATUS"]);
    }

    #[test]
    fn text_attachment_is_not_the_body() {
        let raw = "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\
                   Content-Type: text/plain; name=old.txt\nContent-Disposition: attachment; filename=old.txt\n\n\
                   SIGNON old\n--b\nContent-Type: text/plain\n\nSIGNON new\n--b--\n";
        assert_eq!(texts_of(raw), ["SIGNON new"]);
    }

    fn texts_of(raw: &str) -> Vec<String> {
        read(raw.as_bytes()).lines.into_iter().map(|l| l.text).collect()
    }

    // --- broken input -------------------------------------------------------------------

    #[test]
    fn what_is_not_a_message() {
        let refused: [(&[u8], &str); 9] = [
            (b"", "empty"),
            (b" \r\n\t\n", "empty"),
            (b"\n\nSIGNON France vopaliec s3cret\n", "no header before the body"),
            (b"SIGNON France vopaliec s3cret\nA PAR - BUR\n", "not a header field"),
            (b" folded: first\n\nbody", "not a header field"),
            (b"From: a@example.org\nX-Bad: \0\n\nbody", "NUL"),
            (b"From a@example.org Tue Dec  1 20:00:00 2026", "only an mbox"),
            (b"From: a@example.org", "not followed by a blank line"),
            (b"\x89PNG\x1a\x00", "not a header field"),
        ];
        for (raw, why) in refused {
            let error = read_message(raw).unwrap_err();
            assert!(error.message.contains(why), "{raw:?}: {error}");
        }
        // The words quoted are in double quotes, not Markdown backticks.
        let said = |raw: &[u8]| read_message(raw).unwrap_err().message;
        assert_eq!(
            said(b"From a@example.org Tue Dec  1 20:00:00 2026"),
            "there is only an mbox \"From \" line"
        );
        assert_eq!(
            said(b"hello\n\nbody"),
            "the first line is not a header field (\"Name: value\")"
        );
        // A blank line and no body is a message, with no command lines.
        assert_eq!(read(b"From: a@example.org\r\n\r\n").lines, vec![]);
        // Obsolete spacing before the colon: a header, not an mbox line.
        assert_eq!(read(b"From : a@example.org\n\nSTATUS").from_address, "a@example.org");
    }

    #[test]
    fn never_panics() {
        let fixtures: [&[u8]; 13] = [
            include_bytes!("../../../tests/mail/in/thunderbird-plain-utf8.eml"),
            include_bytes!("../../../tests/mail/in/gmail-alternative-qp.eml"),
            include_bytes!("../../../tests/mail/in/outlook-html-only.eml"),
            include_bytes!("../../../tests/mail/in/apple-mail-iso-8859-1.eml"),
            include_bytes!("../../../tests/mail/in/mutt-signature.eml"),
            include_bytes!("../../../tests/mail/in/base64-body.eml"),
            include_bytes!("../../../tests/mail/in/attachment.eml"),
            include_bytes!("../../../tests/mail/in/rfc2047-subject.eml"),
            include_bytes!("../../../tests/mail/in/no-message-id.eml"),
            include_bytes!("../../../tests/mail/in/empty.eml"),
            include_bytes!("../../../tests/mail/in/binary-garbage.eml"),
            include_bytes!("../../../tests/mail/in/headers-only.eml"),
            b"From: a@b\nContent-Type: text/html\n\n<a b='<c\">&#x110000;&#99999999999;<blockquote></blockquote></blockquote>",
        ];
        let mut state = 0x9e37_79b9_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        for raw in fixtures {
            // Every truncation, and copies with bytes overwritten.
            for end in 0..=raw.len() {
                let _ = read_message(&raw[..end]);
            }
            for _ in 0..200 {
                let mut copy = raw.to_vec();
                for _ in 0..4 {
                    if !copy.is_empty() {
                        let at = next() as usize % copy.len();
                        copy[at] = b"<>&;:\n\r -=?\"'\x00\xff\xc3"[next() as usize % 16];
                    }
                }
                let _ = read_message(&copy);
                let text = String::from_utf8_lossy(&copy);
                let _ = command_lines(&text);
                let _ = html_to_text(&text);
                let _ = unflow(&text, true);
            }
        }
    }
}
