//! `arbitre imap`: the new messages of an IMAP folder acted on as `arbitre mail` does, once
//! or watched; and how one pass over the folder is told.

use crate::clock::Now;
use crate::game::mailroom;
use crate::kinds::REGISTRY;
use crate::mail::imap::{self as imap_mail, ImapError, IntakeReport, Taken};
use std::path::Path;

/// `arbitre imap ROOT`: the mailbox from `imap_config` or the environment (`ca_file` trusted
/// besides the system's roots); one pass, or with `watch` forever. `clock` is `--now`.
pub fn imap(
    root: &Path,
    imap_config: Option<&Path>,
    ca_file: Option<&Path>,
    watch: bool,
    clock: Option<Now>,
) -> Result<(), String> {
    if !root.is_dir() {
        return Err(format!("{}: no such folder", root.display()));
    }
    let mailbox = imap_mail::settings(imap_config, ca_file)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no IMAP mailbox: give --imap-config FILE or set {}", imap_mail::URL_VAR))?;
    let now = || super::now(clock);
    if watch {
        mailroom::watch(root, &REGISTRY, &mailbox, &now, imap_mail::WATCH_WAIT, &mut |result| {
            if let Err(e) = show_intake(result) {
                eprintln!("arbitre: {e}");
            }
            true
        });
        return Ok(());
    }
    show_intake(mailroom::fetch_once(root, &REGISTRY, &mailbox, now))
}

/// Tells what one pass over the IMAP folder did.
pub fn show_intake(result: Result<IntakeReport, ImapError>) -> Result<(), String> {
    let report = result.map_err(|e| e.to_string())?;
    if let Some((old, new)) = report.uidvalidity_changed {
        eprintln!(
            "arbitre: the folder's UIDVALIDITY is {new}, not {old} as recorded (or another mailbox): every \
             message in it is taken in; those acted on before are not acted on twice"
        );
    }
    for (uid, taken) in &report.taken {
        match taken {
            Taken::Game(p) => println!("UID {uid}: kept as {}", p.display()),
            Taken::Kept(p, e) => eprintln!(
                "arbitre: UID {uid}: kept as {}, but acting on it failed: {e} (the next \"arbitre process\" acts on it)",
                p.display()
            ),
            Taken::Unmatched(p) => println!("UID {uid}: names no game here; kept as {}", p.display()),
            Taken::TooLarge(p) => println!("UID {uid}: over the size limit; kept as {}", p.display()),
            Taken::Unauthenticated(p) => {
                println!("UID {uid}: sender not authenticated; kept as {}", p.display())
            }
        }
    }
    for uid in &report.moved_only {
        println!("UID {uid}: taken in by an earlier run; now moved");
    }
    Ok(())
}
