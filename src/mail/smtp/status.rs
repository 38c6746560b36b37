//! What `arbitre status` says about delivery: the messages in `failed/` and those waiting for
//! another try.

use std::fs;
use std::path::Path;

use super::error::OutboxError;
use super::journal::FAILED;
use super::message::to_and_subject;
use super::retry::read_retries;
use super::send::{file_name, outbox_files};

/// A message kept in `failed/`, as `arbitre status` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptFailure {
    /// Its file name in `failed/`.
    pub name: String,
    /// Its `To:` header, as written.
    pub to: String,
    /// Its `Subject:` header.
    pub subject: String,
    /// Why it failed: its `.reason` file.
    pub reason: String,
}

/// The messages of a folder's `failed/`, by file name.
pub fn read_failed(dir: &Path) -> Result<Vec<KeptFailure>, OutboxError> {
    let failed_dir = dir.join(FAILED);
    if !failed_dir.exists() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for path in outbox_files(&failed_dir)? {
        let bytes = fs::read(&path).map_err(OutboxError::io(&path))?;
        let (to, subject) = to_and_subject(&bytes);
        let mut reason_path = path.clone().into_os_string();
        reason_path.push(".reason");
        let reason = fs::read_to_string(&reason_path)
            .map(|r| r.trim_end().to_string())
            .unwrap_or_else(|_| "no reason kept".to_string());
        out.push(KeptFailure {
            name: file_name(&path),
            to,
            subject,
            reason,
        });
    }
    Ok(out)
}

/// The part of `arbitre status` about delivery: the messages in `failed/` and those waiting
/// for another try. Empty when there are none.
pub fn delivery_status(dir: &Path) -> Result<String, OutboxError> {
    let failed = read_failed(dir)?;
    let retries = read_retries(dir)?;
    let mut w = crate::yaml::Writer::default();
    if failed.is_empty() && retries.is_empty() {
        return Ok(String::new());
    }
    w.raw(0, "delivery:");
    if !failed.is_empty() {
        w.raw(1, "failed:");
        for f in &failed {
            w.flow_item(
                2,
                &[
                    ("file", format!("{FAILED}/{}", f.name)),
                    ("to", f.to.clone()),
                    ("subject", f.subject.clone()),
                    ("why", f.reason.clone()),
                ],
                None,
            );
        }
    }
    if !retries.is_empty() {
        w.raw(1, "retrying:");
        for r in &retries {
            w.flow_item(
                2,
                &[
                    ("file", format!("outbox/{}", r.file)),
                    ("to", r.to.clone()),
                    ("since", r.since.clone()),
                    ("tries", r.tries.to_string()),
                    ("next_try", r.next_try.clone()),
                    ("why", r.reason.clone()),
                ],
                None,
            );
        }
    }
    Ok(w.finish())
}
