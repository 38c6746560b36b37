//! `arbitre run`: one cycle of the whole service (IMAP intake, process, send), or, watched,
//! one cycle whenever mail arrives or a minute has passed.

use super::imap::show_intake;
use super::process::process;
use super::send::send;
use crate::clock::Now;
use crate::game::mailroom;
use crate::kinds::REGISTRY;
use crate::mail::imap::{self as imap_mail, ImapError, IntakeReport};
use crate::mail::smtp::{self, SmtpSettings};
use std::path::Path;

/// `arbitre run ROOT`: the intake when a mailbox is set (`imap_config` or the environment),
/// the sending when a server is (`smtp_config` or the environment); once, or with `watch`
/// forever. `clock` is `--now`. Every failure is told and the cycle goes on.
pub fn run(
    root: &Path,
    watch: bool,
    imap_config: Option<&Path>,
    smtp_config: Option<&Path>,
    clock: Option<Now>,
) -> Result<(), String> {
    if !root.is_dir() {
        return Err(format!("{}: no such folder", root.display()));
    }
    let mailbox = imap_mail::settings(imap_config, None).map_err(|e| e.to_string())?;
    let smtp = match smtp_config {
        Some(file) => Some(SmtpSettings::from_file(file).map_err(|e| e.to_string())?),
        None if std::env::var(smtp::URL_VAR).is_ok_and(|v| !v.is_empty()) => {
            Some(SmtpSettings::from_env(None).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    if smtp.is_none() {
        eprintln!(
            "arbitre: no SMTP server (--smtp-config or {}): the outboxes are not sent",
            smtp::URL_VAR
        );
    }
    let now = || super::now(clock);
    // Process, then send; every failure is told and the cycle goes on.
    let rest = |errors: &mut Vec<String>| {
        if let Err(e) = process(root, now()) {
            errors.push(e);
        }
        if let Some(settings) = &smtp {
            if let Err(e) = send(root, settings, now()) {
                errors.push(e);
            }
        }
    };
    if !watch {
        let mut errors = Vec::new();
        if let Some(mailbox) = &mailbox {
            if let Err(e) = show_intake(mailroom::fetch_once(root, &REGISTRY, mailbox, now)) {
                errors.push(e);
            }
        }
        rest(&mut errors);
        return match errors.as_slice() {
            [] => Ok(()),
            _ => Err(errors.join("\narbitre: ")),
        };
    }
    let cycle = |intake: Option<Result<IntakeReport, ImapError>>| {
        let mut errors = Vec::new();
        if let Some(Err(e)) = intake.map(show_intake) {
            errors.push(e);
        }
        rest(&mut errors);
        for e in errors {
            eprintln!("arbitre: {e}");
        }
        true
    };
    match &mailbox {
        Some(mailbox) => mailroom::watch(root, &REGISTRY, mailbox, &now, imap_mail::WATCH_WAIT, &mut |r| {
            cycle(Some(r))
        }),
        None => loop {
            cycle(None);
            std::thread::sleep(imap_mail::WATCH_WAIT);
        },
    }
    Ok(())
}
