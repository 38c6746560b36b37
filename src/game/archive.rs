//! The archive of incoming messages, `GAME/mail/`: a message kept under the next number
//! with its arrival time in its name, and the list of those kept.

use super::{intake, io_err, GameError, Now};
use crate::store;
use std::fs;
use std::path::{Path, PathBuf};

/// Keeps an incoming message in `GAME/mail/`, under the next number, in the form the
/// intake archives ([`intake::prepare`]: the password checked, then redacted). Needs
/// nothing of the game but its folder (and its `game.yaml` for the check), so that a
/// message is kept even when the game cannot be opened (a broken template, say); the
/// caller holds the game's [`lock`](super::lock).
pub fn archive(game_dir: &Path, raw: &[u8], now: Now) -> Result<PathBuf, GameError> {
    let prepared = intake::prepare(Some(game_dir), raw);
    archive_redacted(game_dir, &prepared, now)
}

/// Keeps a message already in the intake's form under the next number of `GAME/mail/`.
/// Its name ends in `-r`: its first line is the intake's verdict, to be trusted.
pub(super) fn archive_redacted(game_dir: &Path, prepared: &[u8], arrived: Now) -> Result<PathBuf, GameError> {
    let dir = game_dir.join("mail");
    let next = archived(&dir)?.last().map_or(1, |(n, _, _, _)| n + 1);
    // The arrival time is in the name: it decides whether orders came before the deadline,
    // even when a crash delays acting on the message.
    let arrived = arrived.with_timezone(&chrono::Utc).format(ARRIVAL);
    store::write_new(&dir, &format!("{next:05}-{arrived}-r"), "eml", prepared).map_err(io_err(&dir))
}

/// An archived message: its number, its arrival time, its path, and whether the intake
/// wrote it (redacted, its verdict first).
pub(super) type Archived = (u64, Option<Now>, PathBuf, bool);

/// How the arrival time is written in an archived message's name.
pub(super) const ARRIVAL: &str = "%Y%m%dT%H%M%SZ";

/// The messages of `mail/`, by number, with their arrival time when their name has it.
/// The flag says whether the name ends in `-r` (see [`archive_redacted`]).
pub(super) fn archived(dir: &Path) -> Result<Vec<Archived>, GameError> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for e in fs::read_dir(dir).map_err(io_err(dir))? {
        let path = e.map_err(io_err(dir))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if name.starts_with('.') || !name.ends_with(".eml") {
            continue;
        }
        let stem = name.trim_end_matches(".eml");
        let mut parts = stem.splitn(2, '-');
        let Some(Ok(n)) = parts.next().map(str::parse::<u64>) else {
            continue;
        };
        let arrived = parts
            .next()
            .and_then(|t| chrono::NaiveDateTime::parse_from_str(t.get(..16)?, ARRIVAL).ok())
            .map(|t| t.and_utc().fixed_offset());
        let redacted = stem.get(22..).is_some_and(|r| r.starts_with("-r"));
        out.push((n, arrived, path, redacted));
    }
    out.sort_by_key(|(n, _, _, _)| *n);
    Ok(out)
}
