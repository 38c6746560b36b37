//! Routing: which game of a folder of games an incoming message belongs to, and what
//! becomes of a message that belongs to none of them.
//!
//! This is the third of the intake's jobs, beside reading a message
//! ([`crate::mail::incoming`]: its parts, its text, its command lines, its redaction) and
//! authenticating it ([`super::intake`]: the password of its SIGNON line, the spool, the
//! archive). Routing reads only the head of a message and never checks a password.
//!
//! # Which game a message names
//! The game named by the first SIGNON line, and no other: a SIGNON line for a game that is
//! not run here goes to `ROOT/unmatched/` whatever the rest of the message says. A message
//! with no SIGNON line (none at all, or one that is not `SIGNON <role> <game> <password>`)
//! may name its game on an `OBSERVE`, `UNOBSERVE`, `JOIN` or `CONFIRM` line, in its `To:` address
//! (`GAME@…` or `referee+GAME@…`) or as a word of its Subject; the game then refuses it for
//! want of a SIGNON line, in the words a stray gets, so that this says nothing of which
//! games are run here (unless the game takes observers or sign-ups and the line is one it
//! acts on). A message that names no game and asks `LIST` is answered with the games open
//! for sign-up here ([`super::join::open_games`]) in place of the refusal.
//!
//! # The index
//! `ROOT/.games-index` lists the games of the folder: one line per game folder, the game's
//! name, a tab, the folder's name (a folder whose `game.yaml` does not read has an empty
//! name). `arbitre new` adds the game it creates to it when it exists ([`note_created`]); a
//! message builds it when it is missing. It is only a shortcut, never trusted alone:
//!
//! - the folder's listing is compared with it (one `readdir`, and a `stat` of each
//!   sub-folder it does not list): a game folder added, removed or renamed by hand makes
//!   it stale, and it is built again from every `game.yaml`. Once the listing agrees with
//!   it, the index is stamped with ROOT's modification time (its own is set to it), and
//!   while the two times are equal the listing is not made again: adding, removing or
//!   renaming anything in ROOT changes ROOT's time, and the next message lists it again.
//!   Listing 1,000 folders was a fifth of a message's instructions. A time is only stamped
//!   when it is [`SETTLED`] old, so that a change just after the listing cannot share the
//!   stamped time on a file system whose clock is coarse;
//! - the game it gives is read (its `game.yaml`, parsed) and must bear the name asked for;
//! - a name it does not give, or gives wrongly, is looked for as before the index, in every
//!   `game.yaml` (only those whose text holds the name are parsed); what is found there
//!   wins, and the index is written again when it was wrong.
//!
//! So a message is routed to the game the plain search would find, reading one `game.yaml`
//! when the index is right. One case is not noticed: a `game.yaml` edited by hand to take
//! the name of another game of the folder, whose folder comes first in name order (two
//! games of one name; the index keeps sending its mail to the one it knew). The same holds
//! for a second game of one name whose folder comes in while ROOT's time cannot change
//! (a clock set back, or one far behind on a network file system).
//!
//! Folders whose name begins with a dot are never routed to (`arbitre new` builds a game
//! in one and renames it at the end), nor are folder names with a tab or a line break or
//! not in UTF-8 written to the index: a folder of games holding one is searched as before.

use super::commands::{parse_commands, Command};
use super::error::GameError;
use super::kind::Kinds;
use super::state::GameConfig;
use super::{clean_sender, games_under, intake, io_err, is_game, lock, read_config, Now};
use crate::mail::incoming::{read_message, Incoming, Received};
use crate::report::{render_letter, Templates};
use crate::store;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The index's file name under ROOT.
pub const INDEX: &str = ".games-index";

/// The first line of the index, for whoever opens it.
const INDEX_HEAD: &str =
    "# arbitre: the games of this folder, for routing mail (game, tab, folder); rebuilt when stale";

/// How much of a message [`route`] reads to find its SIGNON line.
const ROUTE_BYTES: usize = 256 * 1024;

/// How old ROOT's modification time must be for the index to be stamped with it: more than
/// the coarsest clock of a file system (two seconds on FAT), so that anything changed in
/// ROOT after the listing that checked the index gets a later time.
pub const SETTLED: Duration = Duration::from_secs(2);

/// Where a message goes under ROOT: ROOT itself when it is a game; else the game the
/// message names (see the module docs), or `None`. The games are of the `kinds` given.
pub fn route(root: &Path, raw: &[u8], kinds: &Kinds) -> Result<Option<PathBuf>, GameError> {
    kinds.install();
    Ok(find(root, &Received::read(raw))?.map(|r| r.dir))
}

/// The game a message goes to, as [`route`] finds it.
pub struct Routed {
    pub dir: PathBuf,
    /// Its `game.yaml`, when routing had to read it (the caller need not read it again).
    pub config: Option<GameConfig>,
}

/// [`route`], with the configuration routing read on the way.
pub fn find(root: &Path, received: &Received) -> Result<Option<Routed>, GameError> {
    if is_game(root) {
        return Ok(Some(Routed {
            dir: root.to_path_buf(),
            config: None,
        }));
    }
    let mut folder = Folder::new(root);
    // The SIGNON line is at the top: routing reads no more than ROUTE_BYTES of a message
    // (its size is then judged by the game's own limit). The message as read where it
    // entered is that much when no longer; a longer one has its head read apart.
    let raw = received.raw();
    let head;
    let read = if raw.len() <= ROUTE_BYTES {
        received.mail()
    } else {
        head = read_message(&raw[..ROUTE_BYTES]);
        head.as_ref()
    };
    let Ok(mail) = read else {
        // Routing never got to the folder: it must still be one that can be listed.
        folder.dirs()?;
        return Ok(None);
    };
    for name in named_games(mail) {
        if let Some((dir, config)) = folder.find(&name)? {
            return Ok(Some(Routed { dir, config }));
        }
    }
    folder.dirs()?;
    Ok(None)
}

/// The names a message gives its game, in the order they are tried: the game of its first
/// SIGNON line alone; without one, the `To:` addresses, then the words of the Subject.
fn named_games(mail: &Incoming) -> Vec<String> {
    let (commands, _) = parse_commands(&mail.lines);
    if let Some(game) = commands.iter().find_map(|c| match &c.command {
        Command::Signon { game, .. } => Some(game.clone()),
        _ => None,
    }) {
        return vec![game];
    }
    let mut names: Vec<String> = Vec::new();
    // `OBSERVE <game>`, `UNOBSERVE <game>`, `JOIN <game> …` and `CONFIRM <game> <code>` are
    // written without SIGNON and name their game.
    for c in &commands {
        if let Command::Observe { game, .. } | Command::Confirm { game, .. } | Command::Join { game, .. } = &c.command {
            if is_game_name(game) && !names.iter().any(|n| n.eq_ignore_ascii_case(game)) {
                names.push(game.clone());
            }
        }
    }
    let from_to = mail.to.iter().filter_map(|a| {
        let local = a.split('@').next()?;
        Some(local.rsplit_once('+').map_or(local, |(_, tag)| tag))
    });
    let from_subject = mail
        .subject
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    for name in from_to.chain(from_subject) {
        let name = name.trim_matches('-');
        if is_game_name(name) && !names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            names.push(name.to_string());
        }
    }
    names
}

/// Could `name` be a game's name (letters, digits, `-` and `_`, as `arbitre new` takes)?
fn is_game_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A folder of games as routing sees it: its listing once made, and its index once read.
struct Folder<'a> {
    root: &'a Path,
    /// The sub-folders that may be games, by name, sorted; `None` for a name the index
    /// cannot hold. Listed only when needed: not while the index is stamped.
    dirs: Option<Vec<Option<String>>>,
    /// The index, checked against the listing or trusted by its stamp; `None` until
    /// needed, or when it cannot be kept (a folder's name it cannot hold).
    index: Option<Index>,
    checked: bool,
}

/// One line of the index: the game's name (empty when its `game.yaml` does not read) and
/// its folder.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    dir: String,
}

/// The index's text, every line checked; its entries are read from it as needed (a line a
/// game: at 1,000 games, making a value of each line cost more than finding the one asked for).
struct Index {
    text: String,
}

impl Index {
    /// The index, when its head is right and every line is an entry.
    fn parse(text: String) -> Option<Index> {
        let index = Index::stamped(text)?;
        index
            .text
            .lines()
            .skip(1)
            .all(|l| entry_line(l).is_some())
            .then_some(index)
    }

    /// The index as it was when stamped: its lines were checked then, and it has not been
    /// written since (writing it changes its time), so only its head is looked at.
    fn stamped(text: String) -> Option<Index> {
        (text.lines().next() == Some(INDEX_HEAD)).then_some(Index { text })
    }

    /// The folder of the game `name` (any case), when a line gives it.
    fn folder_of(&self, name: &str) -> Option<&str> {
        if name.is_empty() {
            return None;
        }
        // A line is `NAME<tab>FOLDER`: only a line whose tab comes right after as many
        // bytes as the name has is compared (most lines are not, at one game a line).
        self.text
            .split('\n')
            .skip(1)
            .filter(|l| l.as_bytes().get(name.len()) == Some(&b'\t'))
            .filter_map(|l| entry_line(l.strip_suffix('\r').unwrap_or(l)))
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, dir)| dir)
    }

    /// The entries, as (name, folder).
    fn entries(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.text.lines().skip(1).filter_map(entry_line)
    }
}

/// One line of the index as (name, folder), when it is one.
fn entry_line(line: &str) -> Option<(&str, &str)> {
    let (name, dir) = line.split_once('\t')?;
    (!dir.is_empty() && !dir.starts_with('.') && (name.is_empty() || is_game_name(name))).then_some((name, dir))
}

impl<'a> Folder<'a> {
    fn new(root: &'a Path) -> Folder<'a> {
        Folder {
            root,
            dirs: None,
            index: None,
            checked: false,
        }
    }

    /// ROOT's listing, made the first time it is asked for.
    fn dirs(&mut self) -> Result<&[Option<String>], GameError> {
        if self.dirs.is_none() {
            self.dirs = Some(list(self.root)?);
        }
        Ok(self.dirs.as_deref().unwrap_or_default())
    }

    /// The game named `name`: by the index when it is right, else by the plain search.
    fn find(&mut self, name: &str) -> Result<Option<(PathBuf, Option<GameConfig>)>, GameError> {
        if !self.checked {
            self.checked = true;
            self.index = self.checked_index()?;
        }
        let listed = self
            .index
            .as_ref()
            .and_then(|index| index.folder_of(name))
            .map(|dir| self.root.join(dir));
        if let Some(dir) = listed.clone() {
            match read_config(&dir) {
                Ok(c) if c.game.eq_ignore_ascii_case(name) => return Ok(Some((dir, Some(c)))),
                _ => {}
            }
        }
        // The plain search lists ROOT itself; listed here first, so that a folder that
        // cannot be listed is an error, as it was before the index.
        self.dirs()?;
        let found = search(self.root, name);
        let wrong = match (&listed, &found) {
            (Some(_), _) => true,
            (None, Some((_, config))) => config.is_some(),
            (None, None) => false,
        };
        if wrong && self.index.is_some() {
            self.index = self.build()?;
        }
        Ok(found)
    }

    /// The index as written, when its stamp says ROOT has not changed since it was last
    /// checked, or when it lists exactly the game folders of the listing (it is stamped
    /// then); else built again (and written).
    fn checked_index(&mut self) -> Result<Option<Index>, GameError> {
        let path = self.root.join(INDEX);
        // ROOT's time before the listing: whatever changes ROOT after it changes it again.
        let root_time = modified(self.root);
        let text = fs::read_to_string(&path).ok();
        let stamped = root_time.is_some() && modified(&path) == root_time;
        let index = match text {
            Some(text) if stamped => match Index::stamped(text) {
                Some(index) => return Ok(Some(index)),
                None => None,
            },
            text => text.and_then(Index::parse),
        };
        let root = self.root;
        let dirs = self.dirs()?;
        if dirs.iter().any(Option::is_none) {
            return Ok(None);
        }
        if let Some(index) = index {
            let mut listed: Vec<&str> = index.entries().map(|(_, dir)| dir).collect();
            listed.sort_unstable();
            // Both sorted: the listing by `list`, the index's folders here.
            let present = |d: &str| {
                dirs.binary_search_by(|x| x.as_deref().unwrap_or_default().cmp(d))
                    .is_ok()
            };
            let all_there = listed.iter().all(|d| present(d));
            let no_more = dirs
                .iter()
                .flatten()
                .filter(|d| listed.binary_search(&d.as_str()).is_err())
                .all(|d| !is_game(&root.join(d)));
            if all_there && no_more {
                if let Some(time) = root_time.filter(|t| settled(*t)) {
                    stamp(&path, time);
                }
                return Ok(Some(index));
            }
        }
        self.build()
    }

    /// Builds the index from every game folder's `game.yaml`, and writes it. A failure to
    /// write it is told, and routing goes on without it.
    fn build(&mut self) -> Result<Option<Index>, GameError> {
        let root = self.root;
        let dirs = self.dirs()?;
        if dirs.iter().any(Option::is_none) {
            return Ok(None);
        }
        let index: Vec<Entry> = dirs
            .iter()
            .flatten()
            .filter(|d| is_game(&root.join(d)))
            .map(|d| Entry {
                name: read_config(&root.join(d)).map(|c| c.game).unwrap_or_default(),
                dir: d.clone(),
            })
            .collect();
        let path = root.join(INDEX);
        let text = show_index(&index);
        if let Err(e) = store::write_atomic(&path, text.as_bytes()) {
            eprintln!("arbitre: {}: the index of games was not written: {e}", path.display());
        }
        Ok(Some(Index { text }))
    }
}

/// The sub-folders of ROOT that may be games, sorted (see [`Folder::dirs`]).
fn list(root: &Path) -> Result<Vec<Option<String>>, GameError> {
    let entries = fs::read_dir(root).map_err(io_err(root))?;
    let mut dirs = Vec::new();
    for e in entries.flatten() {
        // `file_type` comes with the listing; a link may lead to a game folder.
        if !e.file_type().is_ok_and(|t| t.is_dir() || t.is_symlink()) {
            continue;
        }
        let name = e.file_name();
        match name.to_str() {
            Some(n) if n.starts_with('.') => {}
            Some(n) if !n.contains(['\t', '\n', '\r']) => dirs.push(Some(n.to_string())),
            _ => {
                if is_game(&e.path()) {
                    dirs.push(None);
                }
            }
        }
    }
    dirs.sort();
    Ok(dirs)
}

/// The modification time of a file or folder, when it can be read.
fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Is `time` old enough to stamp the index with ([`SETTLED`])?
fn settled(time: SystemTime) -> bool {
    SystemTime::now().duration_since(time).is_ok_and(|age| age >= SETTLED)
}

/// Stamps the index with ROOT's time `time` (its modification time set to it). Changing a
/// file's times does not change its folder's. Not stamping it is no error: the next
/// message lists ROOT again.
fn stamp(index: &Path, time: SystemTime) {
    if let Ok(f) = fs::File::options().write(true).open(index) {
        let _ = f.set_modified(time);
    }
}

/// The plain search, without the index: the first game folder, in name order, whose
/// `game.yaml` reads and bears `name`; else the first whose `game.yaml` does not read but
/// says `game: NAME` (the message then waits in that game until the file is mended, as
/// after a crash). With the configuration when it reads.
fn search(root: &Path, name: &str) -> Option<(PathBuf, Option<GameConfig>)> {
    let Ok(games) = games_under(root) else {
        return None;
    };
    let mut broken = None;
    for dir in games {
        if dir
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'))
        {
            continue;
        }
        // Reading the YAML of every game.yaml made routing a message in a folder of 1,000
        // games cost 1,000 parses. A game's name is letters, digits, `-` and `_`, which
        // `arbitre new` writes as they are, so a game.yaml that does not contain the name
        // is not that game's: only the few that do are parsed. One broken game must not
        // stop the mail of the others.
        let path = dir.join("game.yaml");
        let text = match fs::read_to_string(&path) {
            Ok(text) if !mentions(&text, name) => continue,
            Ok(text) => text,
            Err(e) => {
                eprintln!(
                    "arbitre: {}: {e} (skipped while looking for game \"{name}\")",
                    path.display()
                );
                continue;
            }
        };
        match read_config(&dir) {
            Ok(config) if config.game.eq_ignore_ascii_case(name) => return Some((dir, Some(config))),
            Ok(_) => {}
            Err(_) if names_game(&text, name) => {
                broken.get_or_insert(dir);
            }
            Err(e) => eprintln!("arbitre: skipped while looking for game \"{name}\": {e}"),
        }
    }
    broken.map(|dir| (dir, None))
}

fn parse_index(text: String) -> Option<Vec<Entry>> {
    let index = Index::parse(text)?;
    let entries = index
        .entries()
        .map(|(name, dir)| Entry {
            name: name.to_string(),
            dir: dir.to_string(),
        })
        .collect();
    Some(entries)
}

fn show_index(index: &[Entry]) -> String {
    let mut text = format!("{INDEX_HEAD}\n");
    for e in index {
        text.push_str(&format!("{}\t{}\n", e.name, e.dir));
    }
    text
}

/// Adds a game just created by `arbitre new` at `dir` to the index of the folder it is in,
/// when that folder has one (a folder of games where mail was routed). Entries stay in
/// folder order, which decides between two games of one name as the plain search does.
/// Not writing it is no error: the next message finds the index stale and builds it.
pub fn note_created(dir: &Path, name: &str) {
    let Some(folder) = dir.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let Some(root) = dir.parent() else {
        return;
    };
    let root = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    };
    let path = root.join(INDEX);
    let Some(mut index) = fs::read_to_string(&path).ok().and_then(parse_index) else {
        return;
    };
    if folder.starts_with('.') || folder.contains(['\t', '\n', '\r']) || !is_game_name(name) {
        return;
    }
    index.retain(|e| e.dir != folder);
    let at = index.partition_point(|e| e.dir.as_str() < folder);
    index.insert(
        at,
        Entry {
            name: name.to_string(),
            dir: folder.to_string(),
        },
    );
    if let Err(e) = store::write_atomic(&path, show_index(&index).as_bytes()) {
        eprintln!("arbitre: {}: the index of games was not written: {e}", path.display());
    }
}

/// Keeps a message that belongs to no game of ROOT in `ROOT/unmatched/` (redacted, as the
/// games' archives are), and writes the sender a rejection in `ROOT/outbox/` (from the
/// referee of the first game). Only keeping the message can fail; the rejection is done if
/// it can be.
pub fn keep_unmatched(root: &Path, received: &Received, now: Now, kinds: &Kinds) -> Result<PathBuf, GameError> {
    let _lock = lock(root)?;
    let dir = root.join("unmatched");
    // One more than the highest number kept (not the count of files: one may have been
    // removed by hand), and the rejection named after the file actually written, so that
    // it never takes the name of an earlier rejection still waiting in the outbox.
    let highest = fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().to_str()?.get(..5)?.parse::<usize>().ok())
        .max();
    let n = highest.unwrap_or(0) + 1;
    let kept = intake::prepare_read(received);
    let path = store::write_new(&dir, &format!("{n:05}"), "eml", &kept).map_err(io_err(&dir))?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    if let Err(e) = reject_unmatched(root, received, &kept, stem, now, kinds) {
        eprintln!("arbitre: {}: kept, but no rejection was written: {e}", path.display());
    }
    Ok(path)
}

/// The rejection of a stray message, kept as `unmatched/STEM.eml`: the words of any refused
/// sign-on, which name no game, so that a probe learns nothing of the games run here. It is
/// written from `kept`, the message as kept (redacted), as a game writes its refusals from
/// its archive: a sender's name or a subject that holds the password is answered alike.
fn reject_unmatched(
    root: &Path,
    received: &Received,
    kept: &[u8],
    stem: &str,
    now: Now,
    kinds: &Kinds,
) -> Result<(), GameError> {
    if received.automatic() {
        return Ok(());
    }
    let Ok(mut mail) = crate::mail::incoming::read_message(kept) else {
        return Ok(());
    };
    clean_sender(&mut mail);
    if mail.from_address.is_empty() {
        return Ok(());
    }
    let configs: Vec<GameConfig> = games_under(root)?.iter().filter_map(|g| read_config(g).ok()).collect();
    let Some(first) = configs.first() else {
        return Ok(());
    };
    // The strictest budget of the games here: a stray belongs to none of them.
    let per_day = configs
        .iter()
        .map(|c| c.limits.messages_per_day)
        .min()
        .unwrap_or(first.limits.messages_per_day);
    if !intake::spend_unmatched(root, &mail.from_address, now, per_day)? {
        eprintln!(
            "arbitre: unmatched/{stem}.eml: over the daily budget of <{}>: not answered",
            mail.from_address
        );
        return Ok(());
    }
    let (commands, errors) = parse_commands(&mail.lines);
    let reason = if commands.iter().any(|c| matches!(c.command, Command::Signon { .. })) {
        crate::game::said::NotActedOn::NoMatch
    } else {
        intake::no_signon(&errors)
    };
    // `LIST` without SIGNON: the games open for sign-up here, in the language of the first
    // of them. Where none is open, it is refused as any message without SIGNON.
    let open = configs.iter().find(|c| c.open.is_some());
    let letter = if let Some(open) = open.filter(|_| super::join::asks_open_games(&commands)) {
        let lang = open.language;
        let games = super::join::open_games(root, kinds, lang);
        let stem = intake::refusal_stem(&mail).replacen("rejection", "open-games", 1);
        super::join::open_games_letter(games, lang, &mail, &first.referee.name, stem)
    } else {
        intake::refusal_from(&first.referee.name, &mail, intake::refusal_stem(&mail), &reason)
    };
    let templates = Templates::load(None)?;
    let bytes = render_letter(&templates, &first.referee, &letter, now)?;
    let outbox = root.join("outbox");
    store::write_atomic(&outbox.join(format!("{}.eml", letter.stem)), &bytes).map_err(io_err(&outbox))?;
    Ok(())
}

/// Does this game.yaml text, which may not parse, say `game: NAME`?
fn names_game(text: &str, name: &str) -> bool {
    text.lines().any(|l| {
        l.strip_prefix("game:").is_some_and(|v| {
            v.trim()
                .trim_matches(|c| c == '"' || c == '\'')
                .eq_ignore_ascii_case(name)
        })
    })
}

/// Does `text` contain `name`, in any ASCII case?
fn mentions(text: &str, name: &str) -> bool {
    text.to_ascii_lowercase().contains(&name.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routing_looks_for_the_name_in_any_case() {
        let yaml = "game: Vopaliec\nvariant: standard\n";
        assert!(mentions(yaml, "vopaliec"));
        assert!(mentions(yaml, "VOPALIEC"));
        assert!(!mentions(yaml, "autre"));
        // Only a hint: `standard` is in the file but is not the game's name; `route` then
        // reads the YAML to decide.
        assert!(mentions(yaml, "standard"));
    }
}
