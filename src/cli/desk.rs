//! The referee's desk at the command line (issue #13): every verb takes the game's lock,
//! acts on the mail waiting, does one thing, tells the players who must know, and writes
//! the journal; `arbitre preview` judges in memory and changes nothing.

use super::Failure;
use crate::clock::Now;
pub use crate::game::desk::Account;
use crate::game::desk::{self, journal::Who, Act};
use crate::game::{self, Game};
use crate::kinds::REGISTRY;
use std::path::Path;

/// A verb of the desk, with what it is given.
pub enum Verb {
    /// `deadline WHEN`: the current deadline moved.
    Deadline(String),
    /// `pause`.
    Pause,
    /// `resume [--deadline WHEN]`.
    Resume(Option<String>),
    /// `rollback`: back to the start of the last phase judged.
    Rollback,
    /// `rollback --redo`: the last rollback undone.
    Redo,
    /// `replace ROLE --name NAME --address ADDRESS`.
    Replace {
        role: String,
        name: String,
        address: String,
    },
    /// `disorder POWER`.
    Disorder(String),
    /// `player ROLE (--address ADDRESS | --new-password)`.
    Player { role: String, change: Account },
}

impl Verb {
    /// The command, as its errors name it.
    fn name(&self) -> &'static str {
        match self {
            Verb::Deadline(_) => "deadline",
            Verb::Pause => "pause",
            Verb::Resume(_) => "resume",
            Verb::Rollback => "rollback",
            Verb::Redo => "rollback --redo",
            Verb::Replace { .. } => "replace",
            Verb::Disorder(_) => "disorder",
            Verb::Player { .. } => "player",
        }
    }

    fn act(self, g: &mut Game, act: &Act) -> Result<game::Effects, desk::DeskError> {
        match self {
            Verb::Deadline(when) => desk::deadline(g, act, &when),
            Verb::Pause => desk::pause(g, act),
            Verb::Resume(when) => desk::resume(g, act, when.as_deref()),
            Verb::Rollback => desk::history::rollback(g, act),
            Verb::Redo => desk::history::redo(g, act),
            Verb::Replace { role, name, address } => {
                desk::replace(g, act, desk::role_named(g, &role)?, &name, &address)
            }
            Verb::Disorder(power) => desk::disorder(g, act, desk::role_named(g, &power)?),
            Verb::Player { role, change } => desk::player(g, act, desk::role_named(g, &role)?, change),
        }
    }
}

/// A desk verb at the command line: the game at `dir` locked, the mail waiting acted on,
/// the verb done at `now` (journaled with `why`), then what it did, a line each.
pub fn at_desk(dir: &Path, why: Option<&str>, now: Now, verb: Verb) -> Result<(), Failure> {
    let act = Act {
        who: Who::Cli,
        why: why.unwrap_or_default().to_string(),
        now,
    };
    let name = verb.name();
    let said = desk::at_desk(dir, &REGISTRY, now, |g| verb.act(g, &act))
        .map_err(|e| Failure::Usage(format!("{name}: {e}")))?;
    for line in said {
        println!("{}: {line}", dir.display());
    }
    Ok(())
}

/// `arbitre preview DIR`: judged in memory, written to DIR/preview, nothing else changed.
pub fn preview(dir: &Path, why: Option<&str>, now: Now) -> Result<(), String> {
    if !game::is_game(dir) {
        return Err(format!("{}: not a game folder (no game.yaml)", dir.display()));
    }
    let _lock = game::lock(dir)?;
    let mut g = Game::open(dir, &REGISTRY)?;
    let act = Act {
        who: Who::Cli,
        why: why.unwrap_or_default().to_string(),
        now,
    };
    let p = desk::preview(&mut g, &act).map_err(|e| format!("preview: {e}"))?;
    desk::journal::append(dir, std::slice::from_ref(&p.entry))?;
    println!("{}: {}", dir.display(), p.entry.detail);
    for f in &p.files {
        println!("  {}", f.display());
    }
    Ok(())
}
