//! The game's journal, `DIR/journal.yaml`: one entry per act of the referee's desk (and per
//! phase adjudicated), saying who acted, when, what was done and why. Only ever appended to;
//! each append rewrites the file atomically ([`crate::store::write_atomic`]) under the
//! game's lock, so a crash leaves the journal as it was before or after the entry, never
//! half-written. `arbitre status` shows its last entries.

use crate::game::GameError;
use crate::store;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The journal's file name in the game folder.
pub const JOURNAL: &str = "journal.yaml";

/// Who acted.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// The referee, at the command line.
    Cli,
    /// A player, by mail (their role is in the entry).
    Mail,
    /// The referee, by mail (`SIGNON Referee …`).
    Referee,
    /// The program itself: `arbitre process` at a deadline.
    System,
}

impl Who {
    pub fn as_str(self) -> &'static str {
        match self {
            Who::Cli => "cli",
            Who::Mail => "mail",
            Who::Referee => "referee",
            Who::System => "system",
        }
    }
}

/// One entry of the journal.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// When (RFC 3339, the game's clock).
    pub at: String,
    pub who: Who,
    /// The role of a player who acted by mail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The verb (`deadline`, `pause`, `rollback`, `adjudicate`…).
    pub what: String,
    /// What it did, in a sentence.
    pub detail: String,
    /// Why, as the referee said it; empty when nothing was said.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
}

/// Appends `entries` to the journal of the game in `dir`, atomically. The caller holds the
/// game's lock.
pub fn append(dir: &Path, entries: &[Entry]) -> Result<(), GameError> {
    if entries.is_empty() {
        return Ok(());
    }
    let path = dir.join(JOURNAL);
    let mut text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(GameError::io(&path)(e)),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    // A YAML sequence written after another is one longer sequence.
    text.push_str(&serde_yaml::to_string(entries)?);
    store::write_atomic(&path, text.as_bytes()).map_err(GameError::io(&path))
}

/// Every entry of the journal, oldest first; none when there is no journal yet.
pub fn read(dir: &Path) -> Result<Vec<Entry>, GameError> {
    let path = dir.join(JOURNAL);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(GameError::io(&path)(e)),
    };
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    Ok(crate::yaml::from_str(&text, &path.display().to_string())?)
}

/// The last `n` entries, oldest first.
pub fn last(dir: &Path, n: usize) -> Result<Vec<Entry>, GameError> {
    let mut all = read(dir)?;
    let skip = all.len().saturating_sub(n);
    Ok(all.split_off(skip))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(what: &str) -> Entry {
        Entry {
            at: "2026-12-01T20:00:00+01:00".into(),
            who: Who::Cli,
            role: None,
            what: what.into(),
            detail: format!("did {what}"),
            why: String::new(),
        }
    }

    #[test]
    fn entries_are_appended_and_read_back_in_order() {
        let dir = std::env::temp_dir().join(format!("arbitre-journal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read(&dir).unwrap().is_empty());
        append(&dir, &[entry("pause")]).unwrap();
        let before = std::fs::read_to_string(dir.join(JOURNAL)).unwrap();
        let mut second = entry("resume");
        second.why = "back: 'quoted' – and: colons".into();
        append(&dir, &[second.clone(), entry("deadline")]).unwrap();
        let after = std::fs::read_to_string(dir.join(JOURNAL)).unwrap();
        assert!(after.starts_with(&before), "only appended to");
        let all = read(&dir).unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(all[1], second);
        assert_eq!(
            last(&dir, 2)
                .unwrap()
                .iter()
                .map(|e| e.what.as_str())
                .collect::<Vec<_>>(),
            ["resume", "deadline"]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
