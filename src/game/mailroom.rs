//! Where the mail game meets the mail: the layer below ([`crate::mail`]) reads an IMAP
//! folder or a Maildir and sends an outbox, knowing no game; here each message it reads is
//! handed to the intake ([`intake::deliver`]), and the digest of failed deliveries is given
//! the game's referee.

use super::intake::{self, Delivered};
use super::kind::Kinds;
use super::{read_config, GameError, Now};
use crate::mail::imap::{self, ImapError, IntakeReport, Mailbox, NotKept, Taken};
use crate::mail::smtp::{self, Referee, SendError, SendReport, SmtpSettings};
use chrono::{DateTime, Utc};
use std::path::Path;
use std::time::Duration;

/// Where one message taken from an IMAP folder went, as the IMAP intake reports it.
fn taken(delivered: Delivered) -> Taken {
    match delivered {
        Delivered::Game { kept, acted: Ok(()) } => Taken::Game(kept),
        Delivered::Game { kept, acted: Err(e) } => Taken::Kept(kept, e.to_string()),
        Delivered::Unmatched(p) => Taken::Unmatched(p),
        Delivered::TooLarge(p) => Taken::TooLarge(p),
        Delivered::Unauthenticated(p, _) => Taken::Unauthenticated(p),
    }
}

/// The intake of the games under `root`, for the IMAP folder: each message delivered.
fn into_games<'a>(root: &'a Path, kinds: &'a Kinds) -> impl FnMut(&[u8], Now, Now) -> Result<Taken, NotKept> + 'a {
    move |raw, arrived, now| {
        intake::deliver(root, raw, arrived, now, kinds)
            .map(taken)
            .map_err(|e: GameError| e.into())
    }
}

/// One pass over the IMAP folder ([`imap::fetch_once`]), each new message delivered into
/// the games under `root`, of the `kinds` given.
pub fn fetch_once(
    root: &Path,
    kinds: &Kinds,
    mailbox: &Mailbox,
    now: impl Fn() -> Now,
) -> Result<IntakeReport, ImapError> {
    // ROOT's own files (the IMAP state, the index of games): what a killed run left goes.
    crate::store::sweep(root);
    imap::fetch_once(root, mailbox, now, &mut into_games(root, kinds))
}

/// [`imap::watch`], each new message delivered into the games under `root`.
pub fn watch(
    root: &Path,
    kinds: &Kinds,
    mailbox: &Mailbox,
    now: &dyn Fn() -> Now,
    wait: Duration,
    after: &mut dyn FnMut(Result<IntakeReport, ImapError>) -> bool,
) {
    crate::store::sweep(root);
    imap::watch(root, mailbox, now, &mut into_games(root, kinds), wait, after)
}

/// The game's name and referee, from `game.yaml`, when `dir` is a game's folder that reads.
pub fn referee(dir: &Path) -> Option<Referee> {
    let config = read_config(dir).ok()?;
    Some(Referee {
        game: config.game,
        name: config.referee.name,
        email: config.referee.email,
    })
}

/// Sends the outbox of `dir` ([`smtp::send_outbox_for`]); the digest of failed deliveries
/// goes to the game's referee, when `dir` is a game's.
pub fn send_outbox_at(dir: &Path, settings: &SmtpSettings, now: DateTime<Utc>) -> Result<SendReport, SendError> {
    smtp::send_outbox_for(dir, settings, now, &referee)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::smtp::{read_retries, OutboxError, RETRIES};
    use std::fs;

    /// For `arbitre status`, a schedule that cannot be read is the same error as the game's,
    /// with the same words.
    #[test]
    fn an_unreadable_schedule_is_the_games_error_with_the_same_words() {
        let dir = std::env::temp_dir().join(format!("arbitre-mailroom-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(RETRIES), "- file: a.eml\n  tries: many\n").unwrap();
        let e = read_retries(&dir).unwrap_err();
        let said = e.to_string();
        let game = GameError::from(e);
        assert!(matches!(&game, GameError::Outbox(OutboxError::Schedule(_))), "{game:?}");
        assert_eq!(game.to_string(), said);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Each way a delivery ends is reported to the IMAP intake as the same place.
    #[test]
    fn every_delivery_is_reported_where_it_went() {
        let p = std::path::PathBuf::from("x.eml");
        assert_eq!(
            taken(Delivered::Game {
                kept: p.clone(),
                acted: Ok(())
            }),
            Taken::Game(p.clone())
        );
        let failed = GameError::NoStart;
        let why = failed.to_string();
        assert_eq!(
            taken(Delivered::Game {
                kept: p.clone(),
                acted: Err(failed)
            }),
            Taken::Kept(p.clone(), why)
        );
        assert_eq!(taken(Delivered::Unmatched(p.clone())), Taken::Unmatched(p.clone()));
        assert_eq!(taken(Delivered::TooLarge(p.clone())), Taken::TooLarge(p));
    }
}
