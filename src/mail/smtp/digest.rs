//! The referee's digest of failed deliveries: the one message this module writes itself.

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use lettre::address::Address;
use lettre::message::header::{ContentType, HeaderName, HeaderValue as RawHeader};
use lettre::message::Mailbox;
use lettre::Message;
use mail_parser::MessageParser;

use super::error::OutboxError;
use super::journal::{Failed, FAILED};
use crate::store;

/// How the referee's digests of failed deliveries are named in the outbox.
const DIGEST_STEM: &str = "delivery-failures";

/// Who the digest of failed deliveries goes to when the folder's owner says: a game's
/// referee, with the game's name for the subject. Found by the caller of the send
/// ([`super::send_outbox_for`]), which knows what a folder holds; this module does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Referee {
    /// The game's name, put before the subject.
    pub game: String,
    pub name: String,
    pub email: String,
}

/// Writes the referee one message listing `failed`, into the outbox. The referee is the one
/// `referee` finds for the folder (a game's), else the sender of the failed messages (a
/// folder of games' own outbox). A failed digest is never listed in a digest: a referee's
/// address that fails cannot start a loop.
pub(super) fn write_digest(
    dir: &Path,
    failed: &[Failed],
    now: DateTime<Utc>,
    referee: &dyn Fn(&Path) -> Option<Referee>,
) -> Result<Option<PathBuf>, OutboxError> {
    let listed: Vec<&Failed> = failed.iter().filter(|f| !f.name.starts_with(DIGEST_STEM)).collect();
    for f in failed.iter().filter(|f| f.name.starts_with(DIGEST_STEM)) {
        eprintln!(
            "arbitre: {}: the digest of failed deliveries to the referee failed too: {}",
            dir.join(FAILED).join(&f.name).display(),
            f.cause
        );
    }
    if listed.is_empty() {
        return Ok(None);
    }
    let (game, referee) = match referee(dir).and_then(mailbox_of) {
        Some((game, referee)) => (Some(game), referee),
        None => {
            let sender = listed.iter().find_map(|f| {
                let bytes = fs::read(dir.join(FAILED).join(&f.name)).ok()?;
                let message = MessageParser::default().parse_headers(&bytes)?;
                let from = message.from()?.first()?.address()?.parse::<Address>().ok()?;
                Some(from)
            });
            match sender {
                Some(from) => (None, Mailbox::new(None, from)),
                None => return Ok(None),
            }
        }
    };
    let mut body = format!(
        "{}. Each is kept in {}/ with its reason beside it\n\
         (\"arbitre status\" lists them); mend the address, then move the file back to outbox/\n\
         to send it again.\n\n",
        messages(listed.len(), "could not be delivered"),
        dir.join(FAILED).display()
    );
    for f in &listed {
        body.push_str(&format!(
            "- {} (\"{}\")\n  to: {}\n  why: {}\n\n",
            f.name, f.subject, f.to, f.cause
        ));
    }
    let label = game.map(|g| format!("{g}: ")).unwrap_or_default();
    let stamp = now.format("%Y%m%dT%H%M%SZ").to_string();
    let domain = referee.email.domain().to_string();
    let mut message = Message::builder()
        .from(referee.clone())
        .to(referee)
        .subject(format!("{label}{}", messages(listed.len(), "not delivered")))
        .date(now.into())
        .message_id(Some(format!("<{DIGEST_STEM}-{stamp}@{domain}>")))
        .user_agent("arbitre".into())
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(OutboxError::Digest)?;
    // A report of the machine's: no auto-reply should answer it (RFC 3834).
    message.headers_mut().insert_raw(RawHeader::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        "auto-generated".into(),
    ));
    let outbox = dir.join("outbox");
    store::write_new(&outbox, &format!("{DIGEST_STEM}-{stamp}"), "eml", &message.formatted())
        .map(Some)
        .map_err(OutboxError::io(&outbox))
}

/// The referee's name for the subject, and mailbox; `None` when the address cannot be
/// written to.
fn mailbox_of(referee: Referee) -> Option<(String, Mailbox)> {
    let address = referee.email.parse().ok()?;
    Some((referee.game, Mailbox::new(Some(referee.name), address)))
}

/// `n` messages and what became of them, with the noun's own plural ("1 message not
/// delivered", "3 messages not delivered").
fn messages(n: usize, what: &str) -> String {
    format!("{n} message{} {what}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    #[test]
    fn messages_are_counted_in_words() {
        assert_eq!(super::messages(1, "not delivered"), "1 message not delivered");
        assert_eq!(super::messages(3, "not delivered"), "3 messages not delivered");
    }
}
