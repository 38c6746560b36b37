//! The referee's desk at the command line (issue #13): every verb takes the game's lock,
//! acts on the mail waiting, does one thing, tells the players who must know, and writes
//! the journal; `arbitre preview` judges in memory and changes nothing.

use super::Failure;
use crate::clock::Now;
use crate::game::desk::{self, journal::Who, Act, Outcome};
pub use crate::game::desk::{Account, Verb};
use crate::game::{self, Game};
use crate::kinds::REGISTRY;
use std::path::Path;

/// The command that says `verb`, as its errors name it.
fn command(verb: &Verb) -> &'static str {
    match verb {
        Verb::Deadline(_) => "deadline",
        Verb::Pause(_) => "pause",
        Verb::Resume(_) => "resume",
        Verb::Preview => "preview",
        Verb::Force => "process --force",
        Verb::Rollback => "rollback",
        Verb::Redo => "rollback --redo",
        Verb::Replace { .. } => "replace",
        Verb::Disorder(_) => "disorder",
        Verb::Player { .. } => "player",
    }
}

/// A desk verb at the command line: the game at `dir` locked, the mail waiting acted on,
/// the verb done at `now` (journaled with `why`), then what it did, a line each. A
/// preview acts on no mail (see [`without_mail`]); `process --force` speaks as `process`
/// does.
pub fn at_desk(dir: &Path, why: Option<&str>, now: Now, verb: Verb) -> Result<(), Failure> {
    match verb {
        Verb::Preview => return without_mail(dir, why, now, Verb::Preview).map_err(Failure::from),
        Verb::Force => return super::process::force(dir, why, now).map_err(Failure::from),
        _ => {}
    }
    let act = Act {
        who: Who::Cli,
        why: why.unwrap_or_default().to_string(),
        now,
    };
    let name = command(&verb);
    let said = desk::at_desk(dir, &REGISTRY, now, |g| verb.act(g, &act).map(Outcome::into_effects))
        .map_err(|e| Failure::Usage(format!("{name}: {e}")))?;
    for line in said {
        println!("{}: {line}", dir.display());
    }
    Ok(())
}

/// A verb done to the game as it is on disk, the mail waiting left for the next run: how
/// `arbitre preview DIR` judges in memory, writes to DIR/preview and notes it in the
/// journal, nothing else changed.
fn without_mail(dir: &Path, why: Option<&str>, now: Now, verb: Verb) -> Result<(), String> {
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
    let name = command(&verb);
    match verb.act(&mut g, &act).map_err(|e| format!("{name}: {e}"))? {
        Outcome::Previewed(p) => {
            desk::journal::append(dir, std::slice::from_ref(&p.entry))?;
            println!("{}: {}", dir.display(), p.entry.detail);
            for f in &p.files {
                println!("  {}", f.display());
            }
        }
        // What a verb changes is committed, whichever it is.
        Outcome::Changed(fx) => {
            let said: Vec<String> = fx.journal.iter().map(|e| e.detail.clone()).collect();
            g.commit(fx, now)?;
            for line in said {
                println!("{}: {line}", dir.display());
            }
        }
    }
    Ok(())
}
