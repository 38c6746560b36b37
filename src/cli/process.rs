//! `arbitre orders` (a turn file recorded) and `arbitre process` (every game that is due
//! adjudicated, or one game's phase now with `--force`).

use crate::clock::Now;
use crate::game::desk::{self, journal::Who, Act, Outcome, Verb};
use crate::game::kind::{Play, Run};
use crate::game::{self, Game};
use crate::kinds::REGISTRY;
use crate::lang::Lang;
use std::path::Path;

/// `arbitre orders DIR TURN.yaml`: the turn file's orders and casts recorded at `now`, all
/// or (when a line is bad) none.
pub fn orders(dir: &Path, file: &str, now: Now) -> Result<(), String> {
    let text = crate::store::read_named_text("the turn file", file).map_err(|e| e.to_string())?;
    if !game::is_game(dir) {
        // Before the lock, which would write its file in any folder.
        return Err(format!("{}: not a game folder (no game.yaml)", dir.display()));
    }
    let _lock = game::lock(dir)?;
    let mut g = Game::open(dir, &REGISTRY)?;
    let Play::Phases(phases) = g.kind().play() else {
        return Err(format!(
            "{}: turn files are for Diplomacy games; a board game's moves come by mail",
            dir.display()
        ));
    };
    g.ingest(now)?;
    if g.state.finished.is_some() {
        return Err(format!("{}: the game is over", dir.display()));
    }
    match phases.record_turn(&mut g, &text, file) {
        Ok(letters) => {
            let n = letters.len();
            g.commit(
                game::Effects {
                    letters,
                    ..Default::default()
                },
                now,
            )?;
            println!(
                "{file}: recorded for {} ({} in the outbox)",
                g.state.phase,
                Lang::En.count(n, "acknowledgement", "acknowledgements")
            );
            Ok(())
        }
        Err(errors) => Err(format!("{file}: nothing was recorded:\n  {}", errors.join("\n  "))),
    }
}

/// `arbitre process ROOT --force [--why TEXT]`: the phase of the one game at `root`
/// adjudicated now, with the orders on file; journaled with `why`.
pub fn force(root: &Path, why: Option<&str>, now: Now) -> Result<(), String> {
    if !game::is_game(root) {
        return Err(format!(
            "{}: --force adjudicates one game: name its folder (a game folder has game.yaml)",
            root.display()
        ));
    }
    let act = Act {
        who: Who::Cli,
        why: why.unwrap_or_default().to_string(),
        now,
    };
    let force = |g: &mut Game| Verb::Force.act(g, &act).map(Outcome::into_effects);
    let said = desk::at_desk(root, &REGISTRY, now, force).map_err(|e| e.to_string())?;
    for line in said {
        println!("{}: {line}", root.display());
    }
    Ok(())
}

/// `arbitre process ROOT`: every game under `root` that is due at `now` adjudicated, a line
/// each; a game that fails is told and the others go on.
pub fn process(root: &Path, now: Now) -> Result<(), String> {
    let games = game::games_under(root)?;
    if games.is_empty() {
        return Err(format!(
            "{}: no game folder here (a game folder has game.yaml)",
            root.display()
        ));
    }
    let mut failed = Vec::new();
    for dir in games {
        let run = || -> Result<String, String> {
            let _lock = game::lock(&dir)?;
            // The cron run reads the whole folder for leftovers, whoever left them (a run
            // that wrote without the lock, such as `new`); the runs per message do so only
            // after a run killed holding the lock (`game::lock`).
            crate::store::sweep(&dir);
            let mut g = Game::open(&dir, &REGISTRY)?;
            let handled = g.ingest(now)?;
            let mut what = if handled > 0 {
                format!("{} acted on; ", Lang::En.count(handled, "message", "messages"))
            } else {
                String::new()
            };
            if let Some(open) = g.config.open.clone() {
                // Started by its last JOIN, not by the clock.
                let places = g.free_roles().len();
                let left = places.saturating_sub(g.state.signup.joined.len());
                let closed = chrono::DateTime::parse_from_rfc3339(&open.until).is_ok_and(|u| now > u);
                what.push_str(&format!(
                    "open for sign-up: {left} of {places} places free; the sign-up {} {}",
                    if closed { "closed" } else { "closes" },
                    open.until
                ));
            } else if let Play::Phases(phases) = g.kind().play() {
                match phases.process(&mut g, now, Run::Due)? {
                    Some(fx) => {
                        let n = fx.letters.len();
                        g.commit(fx, now)?;
                        let written = Lang::En.count(n, "message", "messages");
                        what.push_str(&format!("{written} written; now {}", g.state.phase));
                    }
                    None if g.state.finished.is_some() => what.push_str("the game is over"),
                    None if g.state.desk.paused.is_some() => {
                        let p = g.state.desk.paused.as_ref().expect("paused");
                        what.push_str(&format!("paused since {}: {}; not adjudicated", p.since, p.why))
                    }
                    None => what.push_str(&format!("nothing due ({})", g.state.phase)),
                }
            } else {
                what.push_str("a board game: moves are relayed as they arrive");
            }
            Ok(what)
        };
        match run() {
            Ok(what) => println!("{}: {what}", dir.display()),
            Err(e) => {
                eprintln!("arbitre: {}: {e}", dir.display());
                failed.push(dir.display().to_string());
            }
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("not processed: {}", failed.join(", ")))
    }
}
