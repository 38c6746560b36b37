//! `arbitre send`: the outboxes delivered by SMTP; a message refused for good goes to
//! `failed/`, one refused for now is tried again later.

use crate::clock::Now;
use crate::game;
use crate::lang::Lang;
use crate::mail::smtp::{self, SmtpSettings};
use std::path::Path;

/// The SMTP server of `arbitre send`: from `smtp_config` (a YAML file), else from the
/// environment with `smtp` as its URL when given; `ca_file` wins over the one they name.
pub fn settings(
    smtp: Option<&str>,
    smtp_config: Option<&Path>,
    ca_file: Option<&Path>,
) -> Result<SmtpSettings, String> {
    // clap refuses --smtp given with --smtp-config.
    let mut settings = match smtp_config {
        Some(file) => SmtpSettings::from_file(file).map_err(|e| e.to_string())?,
        None => SmtpSettings::from_env(smtp).map_err(|e| e.to_string())?,
    };
    if let Some(pem) = ca_file {
        settings.ca_file = Some(pem.to_path_buf());
        settings.endpoint().map_err(|e| e.to_string())?;
    }
    Ok(settings)
}

/// `arbitre send ROOT`: the outbox of every game under `root` (and `root`'s own, which holds
/// the rejections of messages that named no game) sent through `settings` at `now`.
///
/// When the server cannot be reached (or refuses the session for the settings' fault), that
/// is said once, with the count of messages kept in the outboxes, not once per message; the
/// games after it are not tried (their messages are counted as kept), since they would meet
/// the same server.
pub fn send(root: &Path, settings: &SmtpSettings, now: Now) -> Result<(), String> {
    let now = now.with_timezone(&chrono::Utc);
    let mut dirs = game::games_under(root)?;
    if !game::is_game(root) && root.join("outbox").is_dir() {
        dirs.push(root.to_path_buf()); // rejections of messages that named no game
    }
    let mut unsent = 0;
    let mut stopped: Option<String> = None;
    for dir in dirs {
        if stopped.is_some() {
            unsent += smtp::outbox_messages(&dir).map_err(|e| e.to_string())?.len();
            continue;
        }
        let report = game::mailroom::send_outbox_at(&dir, settings, now).map_err(|e| e.to_string())?;
        if !report.sent.is_empty() {
            println!("{}: {} sent", dir.display(), messages(report.sent.len()));
        }
        for f in &report.failed {
            eprintln!(
                "arbitre: {}: moved to failed/: {}",
                dir.join("outbox").join(&f.name).display(),
                f.cause
            );
        }
        for d in &report.deferred {
            eprintln!(
                "arbitre: {}: {}; tried again from {}",
                d.path.display(),
                d.reason,
                d.next_try.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            );
        }
        if let Some(digest) = &report.digest {
            eprintln!(
                "arbitre: {}: the referee is told of the failed deliveries",
                digest.display()
            );
        }
        for (path, why) in &report.unsent {
            // Those the server's failure kept are said once, below.
            if report.stopped.as_ref() != Some(why) {
                eprintln!("arbitre: {}: {why}", path.display());
            }
        }
        unsent += report.unsent.len();
        stopped = report.stopped;
    }
    // "it stays" for one message, "they stay" for more.
    let stay = if unsent == 1 { "it stays" } else { "they stay" };
    if let Some(why) = stopped {
        return Err(format!(
            "{why}; {} not sent: {stay} in the outboxes for the next run",
            messages(unsent)
        ));
    }
    if unsent > 0 {
        return Err(format!("{} not sent; {stay} in the outbox", messages(unsent)));
    }
    Ok(())
}

/// `n` messages, in the words of the command line.
fn messages(n: usize) -> String {
    Lang::En.count(n, "message", "messages")
}
