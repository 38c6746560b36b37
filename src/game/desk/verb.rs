//! A desk verb as one value, whichever way the referee said it: the command line builds it
//! from its arguments (`src/cli/desk.rs`), the desk by mail from a line of the referee's
//! message ([`super::mail::parse`]). [`Verb::act`] is the one place where a verb meets its
//! desk function.
//!
//! The mail reads every verb but `player` (`arbitre player`; `PLAYER` in a message is no
//! desk verb, [`super::mail::VerbError::NotAVerb`]). The status is no verb: it acts on
//! nothing. The command line shows it with `arbitre status`, and a referee's message asks
//! for it with `STATUS`, a line of the mail's own ([`super::mail::Line`]).

use super::{Account, Act, DeskError, Preview};
use crate::game::{Effects, Game};

/// A verb of the referee's desk, with what it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verb {
    /// The current deadline moved: `+2d`, `+36h`, an RFC 3339 time, or a date and time in
    /// the game's zone.
    Deadline(String),
    /// The game paused, for this reason (the players are told it).
    Pause(String),
    /// The game resumed, due at this time (a shift counts from now), or with the time that
    /// was left when it was paused.
    Resume(Option<String>),
    /// The phase judged in memory and written to `preview/`; nothing else changes.
    Preview,
    /// The phase adjudicated now, with the orders on file.
    Force,
    /// Back to the start of the last phase judged.
    Rollback,
    /// The last rollback undone.
    Redo,
    /// A role given to a new player.
    Replace {
        role: String,
        name: String,
        address: String,
    },
    /// A power put in civil disorder.
    Disorder(String),
    /// A player's account changed: its address, or a fresh password.
    Player { role: String, change: Account },
}

/// What a verb did.
pub enum Outcome {
    /// The game changed: the letters to the players who must know, and the journal.
    Changed(Effects),
    /// A preview: the files written, and the journal's entry of it; the game is unchanged.
    Previewed(Preview),
}

impl Outcome {
    /// What is committed to the game: a preview's journal entry alone.
    pub fn into_effects(self) -> Effects {
        match self {
            Outcome::Changed(fx) => fx,
            Outcome::Previewed(p) => Effects {
                journal: vec![p.entry],
                ..Default::default()
            },
        }
    }
}

impl Verb {
    /// Does the verb to `game`, for `act`. A pause is journaled with its own reason.
    pub fn act(self, game: &mut Game, act: &Act) -> Result<Outcome, DeskError> {
        let fx = match self {
            Verb::Deadline(when) => super::deadline(game, act, &when)?,
            Verb::Pause(why) => super::pause(game, &Act { why, ..act.clone() })?,
            Verb::Resume(when) => super::resume(game, act, when.as_deref())?,
            Verb::Preview => return super::preview(game, act).map(Outcome::Previewed),
            Verb::Force => super::force(game, act)?,
            Verb::Rollback => super::history::rollback(game, act)?,
            Verb::Redo => super::history::redo(game, act)?,
            Verb::Replace { role, name, address } => {
                let who = super::role_named(game, &role)?;
                super::replace(game, act, who, &name, &address)?
            }
            Verb::Disorder(power) => {
                let who = super::role_named(game, &power)?;
                super::disorder(game, act, who)?
            }
            Verb::Player { role, change } => {
                let who = super::role_named(game, &role)?;
                super::player(game, act, who, change)?
            }
        };
        Ok(Outcome::Changed(fx))
    }
}
