//! `arbitre mail`: messages from files, a Maildir or standard input, each kept first (in its
//! game's `mail/`, or `ROOT/unmatched/`), then acted on. Only a message not kept is a
//! [`Failure::NotKept`], so that the mail system tries it again.

use super::Failure;
use crate::clock::Now;
use crate::game::intake::{self, Delivered};
use crate::kinds::REGISTRY;
use crate::lang::Lang;
use crate::mail::maildir::{self, MaildirError};
use std::io::Read;
use std::path::Path;

/// `arbitre mail ROOT [FILE.eml…] [--maildir MAILDIR]`: the messages of `files`, or of
/// `maildir`, or (with neither) the one on standard input.
pub fn mail(root: &Path, files: &[String], maildir: Option<&Path>, now: Now) -> Result<(), Failure> {
    if !root.is_dir() {
        return Err(Failure::NotKept(format!(
            "{}: no such folder; the message was not kept",
            root.display()
        )));
    }
    if let Some(maildir) = maildir {
        // clap refuses files given with --maildir.
        return read_maildir(root, maildir, now);
    }
    if files.is_empty() {
        // Room for a usual message from the start: read in one call, not a few growing ones.
        let mut raw = Vec::with_capacity(8 * 1024);
        std::io::stdin()
            .read_to_end(&mut raw)
            .map_err(|e| Failure::NotKept(format!("standard input: {e}")))?;
        if raw.is_empty() {
            return Err(Failure::Usage("no message on standard input".into()));
        }
        return deliver(root, &raw, now, now);
    }
    // Every file is tried; each failure is told as it happens, and one that was not kept
    // decides the exit code, so that it is retried.
    let (mut unread, mut not_kept) = (0, 0);
    for f in files {
        let failure = match crate::store::read_named("the message", f) {
            Ok(raw) => deliver(root, &raw, now, now).err(),
            Err(e) => Some(Failure::Usage(e.to_string())),
        };
        match failure {
            None => {}
            Some(Failure::Usage(e)) => {
                eprintln!("arbitre: {e}");
                unread += 1;
            }
            Some(Failure::NotKept(e)) => {
                eprintln!("arbitre: {f}: {e}");
                not_kept += 1;
            }
        }
    }
    match (unread, not_kept) {
        (0, 0) => Ok(()),
        (_, 0) => Err(Failure::Usage(format!(
            "{unread} of {} not read",
            Lang::En.count(files.len(), "file", "files")
        ))),
        _ => Err(Failure::NotKept(format!(
            "{not_kept} of {} not kept",
            Lang::En.count(files.len(), "message", "messages")
        ))),
    }
}

/// Keeps one message that arrived at `arrived` (taken before waiting for any lock), then
/// acts on it. Only a failure to keep it is an error.
fn deliver(root: &Path, raw: &[u8], arrived: Now, now: Now) -> Result<(), Failure> {
    match intake::deliver(root, raw, arrived, now, &REGISTRY).map_err(|e| Failure::NotKept(e.to_string()))? {
        Delivered::Unmatched(path) => {
            eprintln!("arbitre: the message names no game here; kept as {}", path.display());
        }
        Delivered::TooLarge(path) => {
            eprintln!(
                "arbitre: the message is over the size limit; kept as {}",
                path.display()
            );
        }
        Delivered::Unauthenticated(path, forged) => {
            eprintln!(
                "arbitre: the message's sender is not authenticated (the {} failed); kept as {}",
                forged.checks(),
                path.display()
            );
        }
        Delivered::Game { acted: Ok(()), .. } => {}
        Delivered::Game { kept, acted: Err(e) } => eprintln!(
            "arbitre: the message is kept as {}, but acting on it failed: {e}\n\
             (fix the cause; the next \"arbitre mail\" or \"arbitre process\" acts on it)",
            kept.display()
        ),
    }
    Ok(())
}

/// Every message in `MAILDIR/new`: kept and acted on, then moved to `cur` as seen.
fn read_maildir(root: &Path, maildir: &Path, now: Now) -> Result<(), Failure> {
    maildir::take_new(maildir, now, |raw, arrived| deliver(root, raw, arrived, now)).map_err(|e| match e {
        MaildirError::Taken(failure) => failure,
        e => Failure::Usage(e.to_string()),
    })
}
