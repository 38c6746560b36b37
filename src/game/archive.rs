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
    archive_redacted(game_dir, &prepared, now).map(|(_, _, path, _)| path)
}

/// Keeps a message already in the intake's form under the next number of `GAME/mail/`.
/// Its name ends in `-r`: its first line is the intake's verdict, to be trusted. Returns it
/// as [`archived_after`] lists it.
pub(super) fn archive_redacted(game_dir: &Path, prepared: &[u8], arrived: Now) -> Result<Archived, GameError> {
    let dir = game_dir.join("mail");
    let next = numbered(&dir)?.iter().map(|(n, _)| *n).max().map_or(1, |n| n + 1);
    // The arrival time is in the name: it decides whether orders came before the deadline,
    // even when a crash delays acting on the message.
    let arrived = arrived.with_timezone(&chrono::Utc).format(ARRIVAL);
    let path = store::write_new(&dir, &format!("{next:05}-{arrived}-r"), "eml", prepared).map_err(io_err(&dir))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    Ok(entry(&dir, next, name))
}

/// An archived message: its number, its arrival time, its path, and whether the intake
/// wrote it (redacted, its verdict first).
pub(super) type Archived = (u64, Option<Now>, PathBuf, bool);

/// How the arrival time is written in an archived message's name.
pub(super) const ARRIVAL: &str = "%Y%m%dT%H%M%SZ";

/// The messages of `mail/` numbered above `after`, by number, with their arrival time when
/// their name has it. The flag says whether the name ends in `-r` (see [`archive_redacted`]).
pub(super) fn archived_after(dir: &Path, after: u64) -> Result<Vec<Archived>, GameError> {
    let mut out: Vec<Archived> = numbered(dir)?
        .into_iter()
        .filter(|(n, _)| *n > after)
        .map(|(n, name)| entry(dir, n, &name))
        .collect();
    out.sort_by_key(|(n, _, _, _)| *n);
    Ok(out)
}

/// The message numbered `n` of `dir` (`mail/`), named `name`: its arrival time read from the
/// name when it has one.
fn entry(dir: &Path, n: u64, name: &str) -> Archived {
    let stem = name.trim_end_matches(".eml");
    let arrived = stem
        .split_once('-')
        .and_then(|(_, t)| chrono::NaiveDateTime::parse_from_str(t.get(..16)?, ARRIVAL).ok())
        .map(|t| t.and_utc().fixed_offset());
    let redacted = stem.get(22..).is_some_and(|r| r.starts_with("-r"));
    (n, arrived, dir.join(name), redacted)
}

/// The message of `mail/` with the highest number, if any.
pub(super) fn last_archived(dir: &Path) -> Result<Option<Archived>, GameError> {
    let last = numbered(dir)?.into_iter().max_by_key(|(n, _)| *n);
    Ok(last.map(|(n, name)| entry(dir, n, &name)))
}

/// The number and name of each message of `mail/` (a name that starts with a number and ends
/// in `.eml`, not hidden), in the folder's order. A game's archive holds every message of
/// the game, read on every message: only each name's leading number is read here, and no path
/// is made, so that a message costs little more in a game of thousands of messages.
fn numbered(dir: &Path) -> Result<Vec<(u64, String)>, GameError> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_err(dir)(e)),
    };
    let mut out = Vec::new();
    for e in entries {
        let Ok(name) = e.map_err(io_err(dir))?.file_name().into_string() else {
            continue;
        };
        if name.starts_with('.') || !name.ends_with(".eml") {
            continue;
        }
        // The number is the name's first part: `00012-….eml`, or `00012.eml`.
        let stem = &name[..name.len() - ".eml".len()];
        let digits = stem.bytes().take_while(u8::is_ascii_digit).count();
        if !(stem.len() == digits || stem.as_bytes()[digits] == b'-') {
            continue;
        }
        let Ok(n) = stem[..digits].parse::<u64>() else {
            continue;
        };
        out.push((n, name));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The listing reads each message's number from its name alone, in either form, and
    /// leaves out what is not a message; only the messages after the number asked for come
    /// back, in order, with their arrival time.
    #[test]
    fn the_archive_is_listed_by_the_numbers_of_its_names() {
        let dir = std::env::temp_dir().join(format!("arbitre-archive-list-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for name in [
            "00002-20261130T180000Z-r.eml",
            "00010-20261201T090000Z-r.eml",
            "00001.eml",
            "00003-20261130T190000Z.eml",
            ".00011-20261201T100000Z-r.eml.tmp-77",
            "00012.backup.eml",
            "notes.eml",
            "00013-20261201T110000Z-r.txt",
        ] {
            fs::write(dir.join(name), b"x").unwrap();
        }
        let numbers = |after| -> Vec<u64> { archived_after(&dir, after).unwrap().iter().map(|a| a.0).collect() };
        assert_eq!(numbers(0), [1, 2, 3, 10]);
        assert_eq!(numbers(2), [3, 10]);
        assert!(numbers(10).is_empty());
        let (n, arrived, path, redacted) = last_archived(&dir).unwrap().unwrap();
        assert_eq!(n, 10);
        assert_eq!(arrived.unwrap().to_rfc3339(), "2026-12-01T09:00:00+00:00");
        assert_eq!(path, dir.join("00010-20261201T090000Z-r.eml"));
        assert!(redacted);
        let plain = archived_after(&dir, 0).unwrap().remove(0);
        assert_eq!(
            (plain.1, plain.3),
            (None, false),
            "00001.eml: no time, not the intake's"
        );
        fs::remove_dir_all(&dir).unwrap();
        assert!(last_archived(&dir).unwrap().is_none(), "no folder, no message");
    }

    /// A message archived gets the number after the highest, whatever else the folder holds.
    #[test]
    fn a_message_is_archived_under_the_number_after_the_highest() {
        let game = std::env::temp_dir().join(format!("arbitre-archive-next-{}", std::process::id()));
        let _ = fs::remove_dir_all(&game);
        let mail = game.join("mail");
        fs::create_dir_all(&mail).unwrap();
        fs::write(mail.join("00007-20261130T180000Z-r.eml"), b"x").unwrap();
        fs::write(mail.join("00012.backup.eml"), b"x").unwrap();
        let at = chrono::DateTime::parse_from_rfc3339("2026-12-02T08:00:00Z").unwrap();
        let (n, arrived, path, redacted) = archive_redacted(&game, b"y", at).unwrap();
        assert_eq!((n, arrived, redacted), (8, Some(at), true));
        assert_eq!(path, mail.join("00008-20261202T080000Z-r.eml"));
        assert_eq!(fs::read(&path).unwrap(), b"y");
        assert_eq!(archived_after(&mail, 7).unwrap(), [(n, arrived, path, redacted)]);
        fs::remove_dir_all(&game).unwrap();
    }
}
