//! What stops a run of `arbitre send` as a whole, or `arbitre status` from telling the
//! outbox's state: settings that cannot be used, or the folder's files (the outbox, the
//! journal, the retry schedule, `failed/`) that cannot be read or written. What becomes of
//! each message is not an error: it is in the run's [`SendReport`](super::SendReport).

use std::io;
use std::path::{Path, PathBuf};

use super::settings::SettingsError;
use crate::yaml::FileError;

/// A file or folder of the outbox's bookkeeping that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    /// The folder given is not a folder.
    #[error("{}: not a game folder", dir.display())]
    NotAFolder { dir: PathBuf },
    /// A file or folder that cannot be read, written or locked.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The retry schedule (`retry.yaml`) cannot be read: its line, and what to do.
    #[error(transparent)]
    Schedule(#[from] FileError),
    /// The retry schedule cannot be written as YAML.
    #[error("{}: {source}", path.display())]
    Unwritable {
        path: PathBuf,
        #[source]
        source: serde_yaml::Error,
    },
    /// The referee's digest of failed deliveries cannot be made.
    #[error("cannot build the digest of failed deliveries: {0}")]
    Digest(#[source] lettre::error::Error),
}

impl OutboxError {
    /// An [`Io`](OutboxError::Io) error maker for `map_err`, naming `path`.
    pub(super) fn io(path: &Path) -> impl Fn(io::Error) -> OutboxError + '_ {
        move |source| OutboxError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Why a run of [`send_outbox`](super::send_outbox) tried nothing.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// The settings cannot be used.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The folder's files cannot be read, created or locked.
    #[error(transparent)]
    Outbox(#[from] OutboxError),
}
