//! The intake: what happens to one incoming message before the game acts on it.
//!
//! 1. The arrival time is taken by the caller before anything waits (for a Maildir, the
//!    delivery time in the file's name).
//! 2. The message is routed to its game ([`super::route`]); one that names no game is kept
//!    in `ROOT/unmatched/`, redacted, and answered with the same words whatever it named.
//! 3. A message larger than the game's `limits.message_bytes` is kept, redacted, under
//!    `GAME/rejected/` and answered with a short refusal; the game lock is held only to
//!    write that answer. So is, in a game with `require_authentication:`, a message whose
//!    sender the referee's receiving server could not authenticate
//!    ([`crate::mail::authres`]); the referee is told of it too.
//! 4. The password of the first SIGNON line is checked once, here, outside the game lock
//!    ([`Verdict`]); the message is rebuilt without any form of the password
//!    ([`crate::mail::incoming::redacted`]) with the verdict as its first line.
//! 5. If no other run holds the game's lock and its spool holds no message, the message is
//!    archived in `GAME/mail/` under the lock at once, and acted on. Otherwise it is written
//!    to `GAME/spool/` under its arrival time, outside the lock; under the lock, the spool is
//!    moved into `GAME/mail/` in arrival order ([`absorb_spool`]), and the game acts on what
//!    it has not acted on yet. `arbitre process` absorbs the spool too before it judges a
//!    phase, so a message that arrived before the deadline counts for that phase even when
//!    the lock was held past it.
//!
//! Replaying an archived message after a crash reads the verdict from its first line: the
//! password is neither needed nor checked again.

use super::kind::Kinds;
use super::role::Role;
use super::route::{find, keep_unmatched, Routed};
use super::state::{Attempt, Sender, SenderDay};
use super::{clean_sender, io_err, lock, read_config, try_lock, Effects, Game, GameError, Now};
use crate::game::commands::{first_signon, parse_commands, LineError};
use crate::game::config::{self, check_password};
use crate::game::said::NotActedOn;
use crate::game::state::GameConfig;
use crate::lang::Worded;
use crate::mail::authres::{self, Forged};
use crate::mail::incoming::{header_block, Incoming, Received};
use crate::report::{views, Letter, Person};
use crate::store;
use chrono::{Duration, Utc};
use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};

/// The header line the intake puts first in every message it archives.
pub const VERDICT_HEADER: &str = "X-Arbitre-Password";

/// The header line that names the spooled file a message was archived from.
const SPOOL_HEADER: &str = "X-Arbitre-Spooled";

/// Failed sign-ons for one role within an hour after which its sign-ons are ignored.
pub const FAILURES_PER_HOUR: usize = 5;

/// The longest stretch between two digests of failed sign-ons to one player.
const DIGEST_EVERY: i64 = 24;

/// The most attempts one digest lists (and `state.yaml` keeps); the rest are counted.
const DIGEST_LINES: usize = 50;

/// What the intake found of the password of a message's first SIGNON line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It is the password of the role the line names, in the game it names.
    Matches,
    /// The line names a role of the game, and the password is not that role's.
    Differs,
    /// There is nothing to check: no SIGNON line, another game, no such role.
    NotChecked,
}

impl Verdict {
    fn word(self) -> &'static str {
        match self {
            Verdict::Matches => "matches",
            Verdict::Differs => "differs",
            Verdict::NotChecked => "not-checked",
        }
    }

    fn from_word(w: &str) -> Option<Verdict> {
        match w.trim() {
            "matches" => Some(Verdict::Matches),
            "differs" => Some(Verdict::Differs),
            "not-checked" => Some(Verdict::NotChecked),
            _ => None,
        }
    }

    /// Checks the password of the first SIGNON line of `mail` against the game's players.
    pub fn of(config: &GameConfig, mail: &Incoming) -> Verdict {
        let (name, players) = players_of(config);
        Verdict::against(&name, &players, mail)
    }

    /// The same against a game's name and its players' roles and password hashes.
    fn against(name: &str, players: &[(String, String)], mail: &Incoming) -> Verdict {
        let (commands, _) = parse_commands(&mail.lines);
        let Some((role, game, password)) = first_signon(&commands) else {
            return Verdict::NotChecked;
        };
        if !game.eq_ignore_ascii_case(name) {
            return Verdict::NotChecked;
        }
        // A role may be written by its French name (`SIGNON Italie …`).
        let french = Role::from_french(role);
        let role = french.as_ref().map_or(role, |r| r.text());
        match players.iter().find(|(r, _)| r.eq_ignore_ascii_case(role)) {
            Some((_, hash)) if check_password(password, hash) => Verdict::Matches,
            Some(_) => Verdict::Differs,
            None => Verdict::NotChecked,
        }
    }
}

/// The archive's form of a message: the verdict line, then the message redacted. A message
/// that cannot be read at all is kept as it came: no SIGNON line, hence no password, can be
/// found in it, and the game does not act on it.
pub fn prepare(game_dir: Option<&Path>, raw: &[u8]) -> Vec<u8> {
    let config = game_dir.and_then(|d| read_config(d).ok());
    prepare_for(game_dir.and_then(registry), config.as_ref(), &Received::read(raw))
}

/// [`prepare`] for a message that names no game here, read where it entered.
pub(crate) fn prepare_read(received: &Received) -> Vec<u8> {
    prepare_for(None, None, received)
}

/// [`prepare`] against a game's name and its players' roles and password hashes; with the
/// game's configuration, a JOIN line's password is read too ([`super::join::header`]).
fn prepare_for(
    registry: Option<(String, Vec<(String, String)>)>,
    config: Option<&GameConfig>,
    received: &Received,
) -> Vec<u8> {
    let (verdict, new_password) = match (registry, received.mail()) {
        (Some((name, players)), Ok(mail)) => {
            let verdict = Verdict::against(&name, &players, mail);
            // `SET PASSWORD`: the archive keeps the new password's hash, never the password
            // (hashed only for a message whose password matched).
            let new = (verdict == Verdict::Matches)
                .then(|| super::ask::new_password_header(mail))
                .flatten();
            (verdict, new)
        }
        _ => (Verdict::NotChecked, None),
    };
    let mut first = format!("{VERDICT_HEADER}: {}", verdict.word());
    if let Some(line) = new_password {
        first.push_str("\r\n");
        first.push_str(&line);
    }
    // `JOIN`: the password of the line read once, here; the archive keeps `********`.
    let join = config
        .zip(received.mail().ok())
        .and_then(|(c, m)| super::join::header(c, m));
    if let Some(line) = join {
        first.push_str("\r\n");
        first.push_str(&line);
    }
    if received.automatic() {
        // A delivery report is known by its Content-Type, which the archive does not keep.
        first.push_str("\r\nAuto-Submitted: auto-generated (a report or auto-reply, kept as such by arbitre)");
    }
    let two = |a: &str, b: &str| Role::from_two_words(a, b).is_some();
    received
        .redacted(&first, &two)
        .unwrap_or_else(|| received.raw().to_vec())
}

/// A game's name, and its players' roles and password hashes, from its `game.yaml`: read
/// as the game reads it, or, when a key was mistyped by hand (the message then waits in
/// the game until the file is mended), from the YAML as it stands, so that the password
/// can still be checked now and need not be kept.
fn registry(dir: &Path) -> Option<(String, Vec<(String, String)>)> {
    if let Ok(c) = read_config(dir) {
        return Some(players_of(&c));
    }
    let text = fs::read_to_string(dir.join("game.yaml")).ok()?;
    let v: serde_yaml::Value = serde_yaml::from_str(&text).ok()?;
    let name = v.get("game")?.as_str()?.to_string();
    let players = v
        .get("players")?
        .as_sequence()?
        .iter()
        .filter_map(|p| {
            Some((
                p.get("role")?.as_str()?.to_string(),
                p.get("password_hash")?.as_str()?.to_string(),
            ))
        })
        .collect();
    Some((name, players))
}

/// A game's name, and its players' roles and password hashes (with the referee's, under
/// the role `Referee`, when the referee has a password for the desk by mail).
fn players_of(c: &GameConfig) -> (String, Vec<(String, String)>) {
    let referee = c
        .referee_password_hash
        .iter()
        .map(|h| (super::desk::REFEREE.to_string(), h.clone()));
    let players = c
        .players
        .iter()
        .map(|p| (p.role.to_string(), p.password_hash.clone()))
        .chain(referee)
        .collect();
    (c.game.clone(), players)
}

/// The verdict of an archived message written by [`prepare`], and the message after it.
pub fn split(archived: &[u8]) -> (Option<Verdict>, &[u8]) {
    let Some(nl) = archived.iter().position(|&b| b == b'\n') else {
        return (None, archived);
    };
    let line = String::from_utf8_lossy(&archived[..nl]);
    let verdict = line
        .strip_prefix(VERDICT_HEADER)
        .and_then(|r| r.strip_prefix(':'))
        .and_then(Verdict::from_word);
    match verdict {
        Some(v) => (Some(v), &archived[nl + 1..]),
        None => (None, archived),
    }
}

/// How the arrival time is written in a spooled message's name (to the nanosecond, so
/// that the names sort in arrival order).
const SPOOL_TIME: &str = "%Y%m%dT%H%M%S%.9fZ";

/// Where one message went.
pub enum Delivered {
    /// Kept in its game and acted on, or, with why, kept to be acted on later.
    Game {
        kept: PathBuf,
        acted: Result<(), GameError>,
    },
    /// It named no game here: kept in `ROOT/unmatched/`.
    Unmatched(PathBuf),
    /// Too large: kept in `GAME/rejected/`, refused with a short reply.
    TooLarge(PathBuf),
    /// Its sender not authenticated by the referee's receiving server (the game requires
    /// it): kept in `GAME/rejected/`, refused with a short reply, the referee told.
    Unauthenticated(PathBuf, Forged),
}

/// Why a message is kept in `GAME/rejected/` and refused before the game reads it.
enum Rejected {
    TooLarge { limit: u64 },
    Unauthenticated { forged: Forged, authserv_id: String },
}

/// The key of the referee's daily budget of letters about refused unauthenticated mail, in
/// the game's count of messages per sender (no address has this form).
const UNAUTHENTICATED_BUDGET: &str = "<unauthenticated>";

/// Takes in one message that arrived at `arrived`: see the module docs. Only a failure to
/// keep the message is an error.
/// The games under ROOT are of the `kinds` given.
pub fn deliver(root: &Path, raw: &[u8], arrived: Now, now: Now, kinds: &Kinds) -> Result<Delivered, GameError> {
    deliver_read(root, &Received::read(raw), arrived, now, kinds)
}

/// [`deliver`], the message read once where it entered: routing, the checks, the refusals
/// and the archive's redaction all take this one value.
pub fn deliver_read(
    root: &Path,
    received: &Received,
    arrived: Now,
    now: Now,
    kinds: &Kinds,
) -> Result<Delivered, GameError> {
    kinds.install();
    let raw = received.raw();
    let Some(Routed { dir, config }) = find(root, received)? else {
        return Ok(Delivered::Unmatched(keep_unmatched(root, received, arrived, kinds)?));
    };
    // Read once: routing in a folder of games has read it already.
    let config = config.or_else(|| read_config(&dir).ok());
    let limit = config
        .as_ref()
        .map(|c| c.limits.message_bytes)
        .unwrap_or_else(|| crate::game::config::Limits::default().message_bytes);
    if raw.len() as u64 > limit {
        return reject(&dir, received, Rejected::TooLarge { limit }, arrived, now, kinds).map(Delivered::TooLarge);
    }
    if let Some(required) = config.as_ref().and_then(|c| c.require_authentication.as_ref()) {
        let head = header_block(raw);
        let domain = received
            .head()
            .map(|m| {
                m.from_address
                    .rsplit_once('@')
                    .map(|(_, d)| d.to_string())
                    .unwrap_or_default()
            })
            .unwrap_or_default();
        if let Some(forged) = authres::judge(&head, &required.authserv_id, &domain) {
            let why = Rejected::Unauthenticated {
                forged,
                authserv_id: required.authserv_id.clone(),
            };
            return reject(&dir, received, why, arrived, now, kinds).map(|p| Delivered::Unauthenticated(p, forged));
        }
    }
    let prepared = match &config {
        Some(c) => prepare_for(Some(players_of(c)), Some(c), received),
        None => prepare_for(registry(&dir), None, received),
    };
    // The archive and the spool must be writable before the message is taken in: a message
    // the mail system has to deliver again is better refused now than kept twice.
    let mail = dir.join("mail");
    store::create_dir_private(&mail).map_err(io_err(&mail))?;
    let spool = dir.join("spool");
    store::create_dir_private(&spool).map_err(io_err(&spool))?;
    // When no other run holds the game and none left a message in the spool, the message
    // goes straight into the archive under the lock: one file written, and none removed
    // (issue #27: a new file and a removed one cost the kernel more than the rest of a
    // message). Otherwise it waits in the spool, kept, for its turn.
    let held = try_lock(&dir).ok().flatten();
    if held.is_some() && spool_is_empty(&spool) {
        if let Some(config) = &config {
            upgrade_password(&dir, config, received);
        }
        let archived = super::archive_redacted(&dir, &prepared, arrived)?;
        let kept = archived.2.clone();
        let acted = Game::open(&dir, kinds)
            .and_then(|mut g| g.ingest_archived(archived, prepared, now))
            .map(|_| ());
        return Ok(Delivered::Game { kept, acted });
    }
    // Unique across processes and runs (a spooled name seen again is taken for a message
    // archived before a crash, and skipped): the process, a counter and a random number.
    // The counter keeps one run's messages of the same arrival time in order.
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let stem = format!(
        "{}-{}-{:06}-{:016x}",
        arrived.with_timezone(&Utc).format(SPOOL_TIME),
        std::process::id(),
        COUNT.fetch_add(1, std::sync::atomic::Ordering::SeqCst),
        rand::random::<u64>()
    );
    let spooled = store::write_new(&spool, &stem, "eml", &prepared).map_err(io_err(&spool))?;
    // From here on the message is kept: whatever fails is done by the next run, and the
    // mail system must not deliver it again.
    let _lock = match held.map(Ok).unwrap_or_else(|| lock(&dir)) {
        Ok(l) => l,
        Err(e) => {
            return Ok(Delivered::Game {
                kept: spooled,
                acted: Err(e),
            })
        }
    };
    if let Some(config) = &config {
        upgrade_password(&dir, config, received);
    }
    let kept = match absorb_spool(&dir) {
        Ok(mut paths) => paths.pop().unwrap_or(spooled),
        Err(e) => {
            return Ok(Delivered::Game {
                kept: spooled,
                acted: Err(e),
            })
        }
    };
    let acted = Game::open(&dir, kinds).and_then(|mut g| g.ingest(now)).map(|_| ());
    Ok(Delivered::Game { kept, acted })
}

/// An older password hash is made again with Argon2id at the player's next successful
/// sign-on: the right password from the registered address. It is done here, under the
/// game's lock (the only other writer of `game.yaml` is this same upgrade), because the
/// clear password exists only in the message as received: the archive keeps none. A
/// failure to store the new hash leaves the old one, still valid, for the next message.
fn upgrade_password(dir: &Path, config: &GameConfig, received: &Received) {
    let Ok(mail) = received.mail() else {
        return;
    };
    let mut mail = mail.clone();
    clean_sender(&mut mail);
    let (commands, _) = parse_commands(&mail.lines);
    let Some((role, game, password)) = first_signon(&commands) else {
        return;
    };
    let named = Role::from_name(role)
        .or_else(|| Role::from_french(role))
        .and_then(|r| config.player(r));
    let Some(player) = named.filter(|_| game.eq_ignore_ascii_case(&config.game)) else {
        return;
    };
    if !config::needs_upgrade(&player.password_hash)
        || !player.email.eq_ignore_ascii_case(&mail.from_address)
        || !check_password(password, &player.password_hash)
    {
        return;
    }
    let hash = config::hash_password(password, &config::new_salt());
    if let Err(e) = config::store_password_hash(dir, player.role, &hash) {
        eprintln!(
            "{}: the password hash of {} was not upgraded: {e}",
            config.game, player.role
        );
    }
}

/// Moves the spooled messages of a game into `mail/`, in arrival order; the caller holds
/// the game's lock. Returns the paths written.
pub fn absorb_spool(dir: &Path) -> Result<Vec<PathBuf>, GameError> {
    let spool = dir.join("spool");
    if !spool.is_dir() {
        return Ok(Vec::new());
    }
    // The spool is written before the lock is taken, so a run killed there leaves no mark on
    // the lock ([`store::lock_folder`]): its leftovers go here, as the folder is read.
    let mut files: Vec<PathBuf> = fs::read_dir(&spool)
        .map_err(io_err(&spool))?
        .filter_map(|e| e.ok())
        .filter(|e| !store::remove_leftover(e))
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| !n.starts_with('.') && n.ends_with(".eml"))
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let bytes = fs::read(&path).map_err(io_err(&path))?;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let arrived = chrono::NaiveDateTime::parse_from_str(name.split('-').next().unwrap_or_default(), SPOOL_TIME)
            .map(|t| t.and_utc().fixed_offset())
            .map_err(|_| not_spooled(&path))?;
        // The spooled name goes in as the second line: a crash between archiving and
        // removing leaves the message in both, and the last one archived then says so.
        let mark = format!("{SPOOL_HEADER}: {name}\r\n");
        let cut = bytes.iter().position(|&b| b == b'\n').map_or(0, |p| p + 1);
        let mut kept = bytes[..cut].to_vec();
        kept.extend_from_slice(mark.as_bytes());
        kept.extend_from_slice(&bytes[cut..]);
        let last = super::last_archived(&dir.join("mail"))?;
        let again = last.as_ref().is_some_and(|(_, _, p, _)| {
            fs::read(p).is_ok_and(|b| b.windows(mark.len()).take(400).any(|w| w == mark.as_bytes()))
        });
        if !again {
            out.push(super::archive_redacted(dir, &kept, arrived)?.2);
        }
        fs::remove_file(&path).map_err(io_err(&path))?;
    }
    Ok(out)
}

/// Whether `spool` holds no message (a temporary file left by a killed run is not one:
/// [`absorb_spool`] removes it). A spool that cannot be read is taken as holding one: the message then waits its turn
/// there, and [`absorb_spool`] says what is wrong.
fn spool_is_empty(spool: &Path) -> bool {
    fs::read_dir(spool).is_ok_and(|mut entries| {
        !entries.any(|e| {
            e.map_or(true, |e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                !name.starts_with('.') && name.ends_with(".eml")
            })
        })
    })
}

/// A file in `spool/` whose name is not one the intake gives: it cannot be put in its
/// place among the messages.
fn not_spooled(path: &Path) -> GameError {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    GameError::File(crate::yaml::FileError {
        token: Some(name.into()),
        hint: Some(
            "a file put in spool/ by hand? move it out of the game folder, and deliver the message again".into(),
        ),
        ..crate::yaml::FileError::new(
            path.display().to_string(),
            "the name does not start with the arrival time",
        )
    })
}

/// Keeps a message refused before the game reads it, redacted, in `GAME/rejected/`, and
/// writes its sender a short refusal (within the sender's daily budget); for one not
/// authenticated, tells the referee too (within a daily budget of its own). Holds the game
/// lock only to write the letters and count them.
fn reject(
    dir: &Path,
    received: &Received,
    why: Rejected,
    arrived: Now,
    now: Now,
    kinds: &Kinds,
) -> Result<PathBuf, GameError> {
    let raw = received.raw();
    let kept_bytes = prepare_for(None, None, received);
    let rejected = dir.join("rejected");
    let stem = arrived.with_timezone(&Utc).format(super::ARRIVAL).to_string();
    let path = store::write_new(&rejected, &stem, "eml", &kept_bytes).map_err(io_err(&rejected))?;
    // Only the header fields are read for the answer.
    if received.automatic() {
        return Ok(path);
    }
    let Some(mail) = received.head() else {
        return Ok(path);
    };
    let mut mail = mail.into_owned();
    clean_sender(&mut mail);
    if mail.from_address.is_empty() {
        return Ok(path);
    }
    let _lock = lock(dir)?;
    let mut game = match Game::open(dir, kinds) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("arbitre: {}: kept, but not answered: {e}", path.display());
            return Ok(path);
        }
    };
    let file = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    // What the sender of a message found forged is told says nothing of the game, the same
    // whatever the message asked.
    let (reason, log) = match &why {
        Rejected::TooLarge { limit } => (
            NotActedOn::TooLarge {
                bytes: raw.len(),
                limit: *limit,
            },
            format!("{}: too large ({} bytes): kept, refused", path.display(), raw.len()),
        ),
        Rejected::Unauthenticated { forged, authserv_id } => (
            NotActedOn::Unauthenticated { forged: *forged },
            format!(
                "{}: from <{}>, whose {} failed at {authserv_id}: kept, refused",
                path.display(),
                mail.from_address,
                forged.checks()
            ),
        ),
    };
    let mut letters = Vec::new();
    if game.spend(&mail.from_address, arrived) {
        letters.push(refusal(&game, &mail, format!("rejected-{file}-refusal"), &reason));
    }
    if let Rejected::Unauthenticated { forged, authserv_id } = &why {
        if game.spend(UNAUTHENTICATED_BUDGET, arrived) {
            letters.push(tell_the_referee(&game, &mail, &file, *forged, authserv_id));
        }
    }
    if letters.is_empty() {
        game.save()?;
        return Ok(path);
    }
    game.commit(
        Effects {
            letters,
            log: vec![log],
            ..Default::default()
        },
        now,
    )?;
    Ok(path)
}

/// The letter that tells the referee of a message refused because its sender was not
/// authenticated.
fn tell_the_referee(game: &Game, mail: &Incoming, file: &str, forged: Forged, authserv_id: &str) -> Letter {
    let domain = mail.from_address.rsplit_once('@').map_or("", |(_, d)| d);
    let view = views::DeskNotice {
        game: game.config.game.clone(),
        title: game.title().to_string(),
        referee: game.config.referee.name.clone(),
        phase: game.state.phase.clone(),
        notice: views::Notice::Unauthenticated {
            from: mail.from_address.clone(),
            subject: mail.subject.clone(),
            message_id: mail.message_id.clone().unwrap_or_default(),
            authserv_id: authserv_id.to_string(),
            checks: forged.checks().to_string(),
            domain: domain.to_string(),
            file: file.to_string(),
        },
    };
    let mut letter = game.letter(
        format!("rejected-{file}-referee"),
        Role::Referee,
        &super::desk::subject(&view.notice, game.config.language),
        view.clone(),
    );
    letter.to = game.config.referee.clone();
    letter
}

/// Counts one stray message of `address` (one that names no game of ROOT) on the day of
/// `at`, in `ROOT/.unmatched-budget.yaml`; false once `per_day` are spent. The caller
/// holds ROOT's lock.
pub(crate) fn spend_unmatched(root: &Path, address: &str, at: Now, per_day: u32) -> Result<bool, GameError> {
    let path = root.join(".unmatched-budget.yaml");
    let mut days: std::collections::BTreeMap<String, SenderDay> = fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_yaml::from_str(&t).ok())
        .unwrap_or_default();
    let day = at.with_timezone(&Utc).format("%Y-%m-%d").to_string();
    days.retain(|_, d| d.day >= day);
    let entry = days
        .entry(address.to_lowercase())
        .or_insert(SenderDay { day, count: 0 });
    entry.count = entry.count.saturating_add(1);
    let within = entry.count <= per_day;
    let text = serde_yaml::to_string(&days)?;
    store::write_atomic(&path, text.as_bytes()).map_err(io_err(&path))?;
    Ok(within)
}

/// What tells a message apart: its Message-ID, or without one a digest of what its sender
/// wrote (the archived bytes differ between two deliveries of the same message).
pub(crate) fn message_key(mail: &Incoming) -> String {
    if let Some(id) = &mail.message_id {
        return id.clone();
    }
    let mut h = Sha256::new();
    for part in [&mail.from_address, &mail.subject, mail.date.as_deref().unwrap_or("")] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    for l in &mail.lines {
        h.update(l.text.as_bytes());
        h.update([b'\n']);
    }
    format!("sha256:{}", crate::dice::hex(&h.finalize()))
}

/// The name of the refusal of a sign-on: made of nothing but the sender's address and
/// message (not of the game's count of messages, nor of the folder it went to), so that
/// its Message-ID says nothing of which games are run here or how much mail they get.
pub(crate) fn refusal_stem(mail: &Incoming) -> String {
    let digest = Sha256::new()
        .chain_update(mail.from_address.as_bytes())
        .chain_update([0])
        .chain_update(message_key(mail).as_bytes())
        .finalize();
    format!("rejection-{}", &crate::dice::hex(&digest)[..20])
}

/// A refusal to the sender of a message, with nothing in it but `reason` and what the
/// sender wrote (the subject, the name): the same bytes whoever plays what. The reason is
/// given in English and in French, each half of the letter in its own language.
pub(crate) fn refusal(game: &Game, mail: &Incoming, stem: String, reason: &NotActedOn) -> Letter {
    refusal_from(&game.config.referee.name, mail, stem, reason)
}

/// [`refusal`], signed by `referee`: also for a stray that belongs to no game.
pub(crate) fn refusal_from(referee: &str, mail: &Incoming, stem: String, reason: &NotActedOn) -> Letter {
    let name = mail.from_name.clone().unwrap_or_default();
    let view = views::Rejection {
        game: String::new(),
        name: name.clone(),
        subject: mail.subject.clone(),
        referee: referee.to_string(),
        reason: reason.words(crate::lang::Lang::En),
        reason_fr: reason.words(crate::lang::Lang::Fr),
    };
    Letter {
        stem,
        to: Person {
            name,
            email: mail.from_address.clone(),
        },
        // Bilingual like its body: a stranger's language is not known.
        subject: "message refused / message refusé".into(),
        view: view.into(),
        in_reply_to: mail.message_id.clone(),
        // A stranger is answered in the one language that depends on nothing of the game.
        lang: crate::lang::Lang::default(),
        kind: crate::report::Kind::Reply,
        picture: None,
    }
}

/// Why a message with no usable SIGNON line is refused: what is wrong with its SIGNON
/// line, or that it has none. It depends on nothing but what the sender wrote.
pub(crate) fn no_signon(errors: &[LineError]) -> NotActedOn {
    errors
        .iter()
        .find(|e| e.text.to_ascii_uppercase().starts_with("SIGNON"))
        .map(|e| NotActedOn::BadSignon {
            line: e.line,
            wrong: e.message.clone(),
        })
        .unwrap_or(NotActedOn::NoSignon)
}

impl Game {
    /// Counts one message of `who` (an address, or `role:NAME` once authenticated) on the
    /// day of `at`; false once the day's budget is spent. Other days' counts are dropped.
    pub(crate) fn spend(&mut self, who: &str, at: Now) -> bool {
        let day = at.with_timezone(&Utc).format("%Y-%m-%d").to_string();
        self.state.senders.retain(|_, d| d.day >= day);
        let entry = self
            .state
            .senders
            .entry(who.to_lowercase())
            .or_insert(SenderDay { day, count: 0 });
        entry.count = entry.count.saturating_add(1);
        entry.count <= self.config.limits.messages_per_day
    }

    /// Are the sign-ons of `role` being ignored at `at`?
    pub(crate) fn throttled(&self, role: Role, at: Now) -> bool {
        self.state
            .throttle
            .get(&role)
            .and_then(|t| t.until.as_deref())
            .and_then(|u| chrono::DateTime::parse_from_rfc3339(u).ok())
            .is_some_and(|until| at < until)
    }

    /// Notes a failed (or ignored) sign-on as `role` from `from`, for the throttle and, when
    /// `listed`, for the role's player's digest.
    pub(crate) fn failed_signon(&mut self, role: Role, from: &str, at: Now, ignored: bool, listed: bool) {
        let owner = self.config.player(role).map(|p| p.email.clone()).unwrap_or_default();
        let sender = if !from.is_empty() && from.eq_ignore_ascii_case(&owner) {
            Sender::Own
        } else {
            Sender::Other
        };
        if listed {
            // Told to the referee in the next digest (desk::referee).
            *self.state.desk.signon_failures.entry(role).or_insert(0) += 1;
        }
        let digest = self.state.digests.entry(role).or_default();
        if !listed {
            // Listed when it first came.
        } else if digest.pending.len() < DIGEST_LINES {
            digest.pending.push(Attempt {
                at: at.to_rfc3339(),
                from: sender,
                ignored,
            });
        } else {
            // A flood is counted, not kept: state.yaml is rewritten after every message.
            digest.uncounted = digest.uncounted.saturating_add(1);
        }
        if ignored {
            return;
        }
        let hour_ago = at - Duration::hours(1);
        let t = self.state.throttle.entry(role).or_default();
        t.failures
            .retain(|f| chrono::DateTime::parse_from_rfc3339(f).is_ok_and(|f| f > hour_ago));
        t.failures.push(at.to_rfc3339());
        if t.failures.len() >= FAILURES_PER_HOUR {
            t.until = Some((at + Duration::hours(1)).to_rfc3339());
            t.failures.clear();
        }
    }

    /// The digests of failed sign-ons due at `now`: one per role with attempts not yet
    /// told, at most one a day, to that role's registered address.
    pub(crate) fn due_digests(&mut self, now: Now) -> Vec<Letter> {
        let mut letters = Vec::new();
        let roles: Vec<Role> = self.state.digests.keys().copied().collect();
        for role in roles {
            let d = &self.state.digests[&role];
            if d.pending.is_empty() {
                continue;
            }
            let recent = d
                .last
                .as_deref()
                .and_then(|l| chrono::DateTime::parse_from_rfc3339(l).ok())
                .is_some_and(|l| now - l < Duration::hours(DIGEST_EVERY));
            if recent || self.config.player(role).is_none() {
                continue;
            }
            let tz = self.config.timezone.clone();
            let reader = self.config.reader(role);
            let lines: Vec<String> = d.pending.iter().map(|a| attempt(a, &tz, reader)).collect();
            let more = d.uncounted as usize;
            let number = d.sent + 1;
            let view = views::ForeignSignon {
                common: self.common(role),
                count: d.pending.len() + more,
                attempts: lines,
                more,
                failures: FAILURES_PER_HOUR,
            };
            letters.push(self.letter(
                format!("signons-{}-{number}", role.lowercase()),
                role,
                &match reader.lang {
                    crate::lang::Lang::En => format!("failed sign-ons as {role}"),
                    crate::lang::Lang::Fr => {
                        format!(
                            "tentatives de connexion échouées au nom {}",
                            role.fr(crate::lang::fr::Form::Of)
                        )
                    }
                },
                view,
            ));
            let d = self.state.digests.get_mut(&role).expect("listed above");
            d.pending.clear();
            d.uncounted = 0;
            d.last = Some(now.to_rfc3339());
            d.sent = number;
        }
        letters
    }
}

/// One failed sign-on as a digest lists it, in the reader's language: when (English: in
/// the game's zone `tz`; French: in the reader's zone and UTC), from which address, and
/// whether it was checked.
fn attempt(a: &Attempt, tz: &str, reader: super::state::Reader) -> String {
    use crate::lang::Lang;
    match reader.lang {
        Lang::En => {
            let from = match a.from {
                Sender::Own => "from your own address",
                Sender::Other => "from another address",
            };
            let what = if a.ignored {
                "ignored unchecked (too many failures within the hour)"
            } else {
                "refused"
            };
            format!("{}, {from}: {what}", super::show_time(&a.at, tz))
        }
        Lang::Fr => {
            let from = match a.from {
                Sender::Own => "depuis votre propre adresse",
                Sender::Other => "depuis une autre adresse",
            };
            let what = if a.ignored {
                "ignorée sans examen (trop d'échecs dans l'heure)"
            } else {
                "refusée"
            };
            let when = crate::words::moment_text(&a.at, reader.timezone, Lang::Fr);
            format!("{when}, {from} : {what}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A digest's line in English (the game's zone) and in French (the reader's).
    #[test]
    fn a_failed_signon_is_listed_in_the_readers_language() {
        let a = Attempt {
            at: "2026-11-30T19:00:00+01:00".into(),
            from: Sender::Other,
            ignored: false,
        };
        let reader = |lang| super::super::state::Reader {
            lang,
            timezone: "Europe/Paris".parse().unwrap(),
        };
        assert_eq!(
            attempt(&a, "Europe/Paris", reader(crate::lang::Lang::En)),
            "Monday 30 November 2026, 19:00 CET, from another address: refused"
        );
        assert_eq!(
            attempt(&a, "Europe/Paris", reader(crate::lang::Lang::Fr)),
            "lundi 30 novembre 2026, 19 h 00 CET (18 h 00 UTC), depuis une autre adresse : refusée"
        );
    }

    /// A file put in `spool/` by hand, whose name is not an arrival time: named, with what
    /// to do, and left where it is.
    #[test]
    fn a_spooled_file_without_its_arrival_time_is_named_with_what_to_do() {
        let dir = std::env::temp_dir().join(format!("arbitre-spool-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("spool")).unwrap();
        let stray = dir.join("spool").join("mine.eml");
        fs::write(&stray, "From: a@b\r\n\r\nx").unwrap();
        let e = absorb_spool(&dir).unwrap_err();
        let GameError::File(f) = &e else {
            panic!("not a file error: {e:?}")
        };
        assert_eq!(f.token.as_deref(), Some("mine.eml"));
        assert_eq!(
            e.to_string(),
            format!(
                "{}: the name does not start with the arrival time (a file put in spool/ by hand? \
                 move it out of the game folder, and deliver the message again)",
                stray.display()
            )
        );
        assert!(stray.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_the_first_line_carries_a_verdict() {
        let (v, rest) = split(b"X-Arbitre-Password: matches\r\nFrom: a@b\r\n\r\nx");
        assert_eq!(v, Some(Verdict::Matches));
        assert_eq!(rest, b"From: a@b\r\n\r\nx");
        let raw = b"From: a@b\r\nX-Arbitre-Password: matches\r\n\r\nx";
        assert_eq!(split(raw), (None, &raw[..]));
        assert_eq!(split(b"X-Arbitre-Password: perhaps\n\nx").0, None);
    }
}
