//! Mail in from a Maildir (`arbitre mail --maildir`): every message of `MAILDIR/new`, in
//! name order, handed to the caller with its delivery time, then moved to `MAILDIR/cur` as
//! seen. This module knows no game: what becomes of a message is the caller's.

use std::fs;
use std::path::{Path, PathBuf};

use crate::clock::Now;

/// What stopped a pass over a Maildir: its folders, a message's file, or the caller.
#[derive(Debug, thiserror::Error)]
pub enum MaildirError<E> {
    /// `new/` cannot be listed: not a Maildir.
    #[error("{}: {source} (a Maildir has new/, cur/ and tmp/)", path.display())]
    NotAMaildir {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A folder or a message's file could not be made, read or moved.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The caller refused a message, for its own reason: it stays in `new/`, and so do the
    /// messages after it.
    #[error("a message of the Maildir was not taken")]
    Taken(E),
}

/// When a Maildir message was delivered: the seconds its name begins with (`1764612000.
/// M1P2.host`, the Maildir convention), no later than `now`; else `now`.
pub fn delivery_time(name: &str, now: Now) -> Now {
    name.split('.')
        .next()
        .and_then(|s| s.parse::<i64>().ok())
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .map(|t| t.fixed_offset())
        .filter(|t| *t <= now)
        .unwrap_or(now)
}

/// Hands every message in `MAILDIR/new` to `take` (its bytes and delivery time), in name
/// order, and moves each one taken to `cur/` as seen (`NAME:2,S`). Files whose names start
/// with `.` are skipped. The first error stops the pass.
pub fn take_new<E>(
    maildir: &Path,
    now: Now,
    mut take: impl FnMut(&[u8], Now) -> Result<(), E>,
) -> Result<(), MaildirError<E>> {
    let new = maildir.join("new");
    let cur = maildir.join("cur");
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| MaildirError::Io { path, source }
    };
    let mut files: Vec<PathBuf> = fs::read_dir(&new)
        .map_err(|source| MaildirError::NotAMaildir {
            path: new.clone(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
        .collect();
    files.sort();
    fs::create_dir_all(&cur).map_err(io(&cur))?;
    for path in files {
        let raw = fs::read(&path).map_err(io(&path))?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        take(&raw, delivery_time(&name, now)).map_err(MaildirError::Taken)?;
        let seen = cur.join(format!("{}:2,S", name.split(':').next().unwrap_or(&name)));
        fs::rename(&path, &seen).map_err(io(&path))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> Now {
        chrono::DateTime::parse_from_rfc3339("2026-12-01T12:00:00+01:00").unwrap()
    }

    #[test]
    fn the_delivery_time_is_the_names_seconds_and_never_later_than_now() {
        let t = delivery_time("1764500000.M1P2.host", now());
        assert_eq!(t.timestamp(), 1764500000);
        assert_eq!(delivery_time("1999999999.M1P2.host", now()), now());
        assert_eq!(delivery_time("mine.eml", now()), now());
    }

    /// Each message in name order, then in `cur/` as seen; a refused one stops the pass
    /// and stays in `new/` with those after it.
    #[test]
    fn messages_are_taken_in_order_and_moved_once_taken() {
        let dir = std::env::temp_dir().join(format!("arbitre-maildir-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("new")).unwrap();
        for (name, text) in [
            ("1764500002.b.host", "b"),
            ("1764500001.a.host", "a"),
            (".hidden", "h"),
            ("1764500003.c.host", "c"),
        ] {
            fs::write(dir.join("new").join(name), text).unwrap();
        }
        let mut seen = Vec::new();
        let result = take_new(&dir, now(), |raw, at| {
            seen.push((String::from_utf8_lossy(raw).to_string(), at.timestamp()));
            if raw == b"b" {
                Err("refused")
            } else {
                Ok(())
            }
        });
        assert!(matches!(result, Err(MaildirError::Taken("refused"))));
        assert_eq!(seen, [("a".to_string(), 1764500001), ("b".to_string(), 1764500002)]);
        assert!(dir.join("cur").join("1764500001.a.host:2,S").exists());
        assert!(dir.join("new").join("1764500002.b.host").exists());
        assert!(dir.join("new").join("1764500003.c.host").exists());
        let e = take_new(&dir.join("nowhere"), now(), |_, _| Ok::<(), ()>(())).unwrap_err();
        assert!(e.to_string().ends_with("(a Maildir has new/, cur/ and tmp/)"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
