//! The schedule of messages refused for a while (`retry.yaml`): when each is tried again, and
//! for how long.

use std::fs;
use std::io;
use std::path::Path;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::error::OutboxError;
use crate::store;

/// How long a message refused for a while (4xx, a dropped connection) is tried again before
/// it goes to `failed/`.
pub const RETRY_FOR: chrono::TimeDelta = chrono::TimeDelta::days(3);
/// The wait before the first new try of a message refused for a while; each later wait is
/// twice the one before, up to [`RETRY_MAX_WAIT`].
pub const RETRY_FIRST_WAIT: chrono::TimeDelta = chrono::TimeDelta::minutes(15);
/// The longest wait between two tries of one message.
pub const RETRY_MAX_WAIT: chrono::TimeDelta = chrono::TimeDelta::hours(4);

/// The schedule of messages refused for a while, tried again later.
pub const RETRIES: &str = "retry.yaml";

/// One message of the retry schedule ([`RETRIES`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retry {
    /// Its file name in the outbox.
    pub file: String,
    /// Its recipient.
    pub to: String,
    /// When it was first refused for a while (RFC 3339).
    pub since: String,
    /// How many tries failed.
    pub tries: u32,
    /// Not tried again before this time (RFC 3339).
    pub next_try: String,
    /// The last reason.
    pub reason: String,
}

/// A time as the schedule writes it.
pub(super) fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A time of the schedule; `None` when it cannot be read (then it is due).
pub(super) fn time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

/// The wait after the `tries`-th failed try: [`RETRY_FIRST_WAIT`], doubled each time, at
/// most [`RETRY_MAX_WAIT`].
pub fn retry_wait(tries: u32) -> chrono::TimeDelta {
    let doublings = tries.saturating_sub(1).min(16);
    (RETRY_FIRST_WAIT * 2i32.pow(doublings)).min(RETRY_MAX_WAIT)
}

/// The retry schedule of a folder ([`RETRIES`]); empty when there is none.
pub fn read_retries(dir: &Path) -> Result<Vec<Retry>, OutboxError> {
    let path = dir.join(RETRIES);
    match fs::read_to_string(&path) {
        Ok(text) => crate::yaml::from_str(&text, &path.display().to_string()).map_err(|mut e| {
            e.hint.get_or_insert_with(|| {
                "mend it, or delete it: every message of the outbox is then tried at once".into()
            });
            OutboxError::Schedule(e)
        }),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(OutboxError::io(&path)(e)),
    }
}

pub(super) fn write_retries<'a>(dir: &Path, retries: impl Iterator<Item = &'a Retry>) -> Result<(), OutboxError> {
    let path = dir.join(RETRIES);
    let list: Vec<&Retry> = retries.collect();
    let written = if list.is_empty() {
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    } else {
        let text = serde_yaml::to_string(&list).map_err(|source| OutboxError::Unwritable {
            path: path.clone(),
            source,
        })?;
        store::write_atomic(&path, text.as_bytes())
    };
    written.map_err(OutboxError::io(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schedule_that_cannot_be_read_is_named_with_its_line_and_what_to_do() {
        let dir = std::env::temp_dir().join(format!("arbitre-retry-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        assert!(read_retries(&dir).unwrap().is_empty());
        fs::write(
            dir.join(RETRIES),
            "- file: a.eml\n  to: anne@example.net\n  tries: many\n",
        )
        .unwrap();
        let e = read_retries(&dir).unwrap_err();
        let OutboxError::Schedule(file) = &e else {
            panic!("{e:?}")
        };
        assert_eq!(file.line, Some(3));
        let said = e.to_string();
        assert!(
            said.starts_with(&format!("{}:3: ", dir.join(RETRIES).display()))
                && said.ends_with("(mend it, or delete it: every message of the outbox is then tried at once)"),
            "{said}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
