//! `arbitre new` (a game folder from a players file) and `arbitre password` (a hash for one).

use crate::clock::Now;
use crate::game::config::{hash_password, new_salt, PlayersFile};
use crate::game::Game;
use crate::kinds::REGISTRY;
use std::io::Read;
use std::path::Path;

/// `arbitre new DIR --players PLAYERS.yaml`: the players file checked, the game created at
/// `now`, its welcomes in DIR/outbox.
pub fn new(dir: &Path, players: &str, now: Now) -> Result<(), String> {
    let text = crate::store::read_named_text("the players file", players).map_err(|e| e.to_string())?;
    let checked = PlayersFile::parse(&text, players)
        .and_then(|f| f.validate(&REGISTRY, &text, players))
        .map_err(|e| e.to_string())?;
    if let Some(start) = checked.start.filter(|start| *start <= now) {
        let line = crate::yaml::line_of(&text, "start", "").unwrap_or(1);
        eprintln!(
            "{players}:{line}: note: start: {start} is already past; \
             the first \"arbitre process\" will judge the first phase at once"
        );
    }
    let game = Game::create(dir, checked, now)?;
    if let Some(open) = &game.config.open {
        println!(
            "{}: game {} created, open for sign-up by JOIN until {}: {} places to fill; {} letters to the listed players in {}/outbox",
            dir.display(),
            game.config.game,
            open.until,
            game.free_roles().len(),
            game.config.players.len(),
            dir.display()
        );
        return Ok(());
    }
    println!(
        "{}: game {} created; {} welcome messages in {}/outbox",
        dir.display(),
        game.config.game,
        game.config.players.len(),
        dir.display()
    );
    Ok(())
}

/// `arbitre password`: the Argon2id hash of the password read on standard input (its first
/// line, without the line end), for a players file that should not hold the password.
pub fn password() -> Result<(), String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("standard input: {e}"))?;
    let line = text.lines().next().unwrap_or_default();
    if line.trim().is_empty() {
        return Err("no password on standard input: write it there, e.g. \"arbitre password < file\"".into());
    }
    let hash = hash_password(line, &new_salt());
    println!("{hash}");
    Ok(())
}
