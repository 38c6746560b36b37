//! A game run by email: its folder, players, phases and deadlines.
//!
//! - [`config`]: the players file; [`password`]: the passwords' salted hashes;
//!   [`duration`]: durations as written (`72h`); [`calendar`]: when a phase that opens is
//!   due (`72h` after, or `Fri 23:59` in the game's zone).
//! - This file: the [`Game`] value itself (opened, created, committed), its folder and lock;
//!   `messages.rs`: each archived message acted on; `letters.rs`: the letters a game writes;
//!   `archive.rs`: the archive of incoming messages, `mail/`.
//! - [`commands`]: the mail command language (SIGNON, orders, BLESS, PRESS, VOTE…).
//! - [`ask`]: the players' questions and settings (HELP, LIST, SET …) and observers.
//! - [`join`]: a game open for sign-up, filled by JOIN mails, and the draw of its roles.
//! - [`state`]: `game.yaml` and `state.yaml`, what the folder keeps between runs;
//!   [`state_file`]: `state.yaml` read and written, with the keys its kind keeps there.
//! - [`store`]: atomic writes, so a crash never leaves a half-written file.
//! - [`intake`] and [`route`]: an incoming message authenticated and kept, and the game of
//!   a folder of games it goes to.
//! - [`mailroom`]: the IMAP folder, the Maildir and the outbox of the mail layer, joined to
//!   the games.
//! - [`kind`]: the trait a game kind implements, and the list of kinds a process knows;
//!   a game resolves its kind once, when opened or created, and asks it the rest.
//! - [`publish`]: the public archive of the games written where a web server reads it.
//!
//! # The game folder
//! ```text
//! DIR/game.yaml        the configuration (written once by `arbitre new`)
//! DIR/state.yaml       the game now (rewritten atomically after every action)
//! DIR/.*.yaml.compact  copies of game.yaml and state.yaml read in their place while
//!                      they match the YAML byte for byte (`compact.rs`; safe to delete)
//! DIR/.state.yaml.before the state before the last write, whose file the next write
//!                      reuses ([`store::write_exchanged`]; safe to delete)
//! DIR/mail/00001-….eml every incoming message, numbered in arrival order, its password
//!                      redacted and its verdict first ([`intake`])
//! DIR/spool/           messages taken in while another run held the game lock, moved to
//!                      mail/ under it (a message to a free game goes straight to mail/)
//! DIR/rejected/        messages over the size limit, redacted
//! DIR/outbox/*.eml     messages to send, one recipient each (`arbitre send`)
//! DIR/sent/*.eml       messages sent
//! DIR/failed/*.eml     messages that will not be delivered, each with NAME.eml.reason
//! DIR/delivered.log    the journal of deliveries not yet moved to sent/ (`arbitre send`)
//! DIR/retry.yaml       messages refused for a while, and when to try them again
//! DIR/pages/*.html     the public reports as web pages, with index.html, their maps
//!                      (CODE.svg) and records (CODE.yaml) ([`pages`])
//! DIR/templates/       optional: overrides of the built-in templates
//! ```
//!
//! Every file is created readable by the referee only (0600) and the folders 0700, whatever
//! the umask ([`store`]). `arbitre new` builds the folder beside DIR under a hidden name and
//! renames it at the end, so a `new` that fails leaves no half-made game.
//!
//! # Crash safety
//! An incoming message is archived (`mail/`; through the spool when it had to wait for the
//! lock), then acted on. `state.yaml` says how
//! many archived messages were acted on (`handled`), so a message archived by a run that
//! then crashed is acted on by the next `mail` or `process`. Every action writes its
//! messages first, under names fixed by the action (`m00012-reply-france.eml`,
//! `S1901M-report-france.eml`), and `state.yaml` last: an action redone after a crash
//! rewrites the same files, and a file already sent is not written again.

mod archive;
pub mod ask;
pub mod calendar;
pub mod checked;
pub mod commands;
mod compact;
pub mod config;
pub mod desk;
pub mod duration;
pub mod error;
pub mod intake;
pub mod join;
pub mod kind;
mod letters;
pub mod mailroom;
pub(crate) mod memo;
mod messages;
pub mod password;
pub mod publish;
pub mod role;
pub mod route;
pub mod said;
pub use archive::archive;
use archive::{archive_redacted, archived_after, last_archived, Archived, ARRIVAL};
pub use letters::{received, received_in, subject_of, welcome_subject};
use messages::{clean_sender, REFUSED_IDS};
pub use messages::{MAX_COMMANDS, QUOTED_ERRORS};
pub use route::{keep_unmatched, route};
pub mod state;
pub mod state_file;

use crate::dice::Seed;
use crate::game::config::{hash_password, Checked, Person, Player};
pub use crate::game::error::GameError;
use crate::game::kind::{Kind, Kinds};
use crate::game::role::Role;
use crate::game::state::{GameConfig, State};
use crate::report::{render_letter, Letter, LetterError, Templates};
use crate::store;
use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};

/// The folder of a game's public pages (`DIR/pages/`), which a game played in phases
/// writes and a rollback moves back.
pub const PAGES: &str = "pages";

/// The game's clock ([`crate::clock::Now`]), as the game's modules name it.
pub use crate::clock::Now;

/// A game folder, opened.
pub struct Game {
    pub dir: PathBuf,
    pub config: GameConfig,
    pub state: State,
    templates: Templates,
    /// The game's kind, resolved once from `variant:` when the game is opened or created.
    kind: &'static dyn Kind,
}

/// What one action produces: messages and pages, written before the state.
#[derive(Default)]
pub struct Effects {
    pub letters: Vec<Letter>,
    /// Public pages: file name in `pages/`, and the HTML.
    pub pages: Vec<(String, String)>,
    /// Lines for the referee (standard error).
    pub log: Vec<String>,
    /// Entries for the game's journal ([`desk::journal`]), written after the state.
    pub journal: Vec<desk::journal::Entry>,
}

/// Is `dir` a game folder?
pub fn is_game(dir: &Path) -> bool {
    dir.join("game.yaml").is_file()
}

/// The game folders under ROOT: ROOT itself if it is one, else its sub-folders that are.
pub fn games_under(root: &Path) -> Result<Vec<PathBuf>, GameError> {
    if is_game(root) {
        return Ok(vec![root.to_path_buf()]);
    }
    let entries = fs::read_dir(root).map_err(io_err(root))?;
    let mut games: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| is_game(p))
        .collect();
    games.sort();
    Ok(games)
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> GameError + '_ {
    GameError::io(path)
}

/// The hidden folder beside `dir` where `arbitre new` builds the game before renaming it.
fn building_dir(dir: &Path) -> Result<PathBuf, GameError> {
    let name = dir
        .file_name()
        .ok_or_else(|| GameError::NoFolderName { dir: dir.to_path_buf() })?;
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    store::create_dir_private(parent).map_err(io_err(parent))?;
    Ok(parent.join(format!(".{}.new-{}", name.to_string_lossy(), std::process::id())))
}

/// Holds the game's lock file for as long as it lives: two deliveries at once (procmail
/// runs one `arbitre mail` per message) take turns.
pub struct Lock(#[allow(dead_code)] store::FolderLock);

/// Takes the lock of `dir` (a game's folder, or a folder of games), waiting for the run
/// holding it; when the run before was killed holding it, first removes what it left
/// half-written ([`store::lock_folder`], [`store::sweep`]).
pub fn lock(dir: &Path) -> Result<Lock, GameError> {
    let path = dir.join(store::LOCK_FILE);
    let (held, _swept) = store::lock_folder(dir, store::LOCK_FILE).map_err(io_err(&path))?;
    Ok(Lock(held))
}

/// [`lock`] if no other run holds it now, without waiting: `None` when one does.
pub fn try_lock(dir: &Path) -> Result<Option<Lock>, GameError> {
    let path = dir.join(store::LOCK_FILE);
    let held = store::try_lock_folder(dir, store::LOCK_FILE).map_err(io_err(&path))?;
    Ok(held.map(|(held, _swept)| Lock(held)))
}

/// The SHA-256 of a seed's bytes, in hex: the commitment published at the start.
pub fn commitment(seed: Seed) -> String {
    crate::dice::hex(&Sha256::digest(seed.0))
}

/// `Tuesday 1 December 2026, 20:00 CET`, in the game's time zone.
pub fn show_time(time: &str, timezone: &str) -> String {
    let Ok(t) = chrono::DateTime::parse_from_rfc3339(time) else {
        return time.to_string();
    };
    match timezone.parse::<chrono_tz::Tz>() {
        Ok(tz) => t.with_timezone(&tz).format("%A %-d %B %Y, %H:%M %Z").to_string(),
        Err(_) => t.format("%A %-d %B %Y, %H:%M %:z").to_string(),
    }
}

impl Game {
    /// Opens a game folder, whose kind is one of `kinds`.
    pub fn open(dir: &Path, kinds: &Kinds) -> Result<Game, GameError> {
        kinds.install();
        let read = |file: &'static str| -> Result<(String, PathBuf), GameError> {
            let path = dir.join(file);
            let text = fs::read_to_string(&path).map_err(|source| match source.kind() {
                std::io::ErrorKind::NotFound => GameError::NotAGame {
                    dir: dir.to_path_buf(),
                    file,
                },
                _ => GameError::Io {
                    path: path.clone(),
                    source,
                },
            })?;
            Ok((text, path))
        };
        let (text, path) = read("game.yaml")?;
        let config = parse_config(&path, text.clone())?;
        let kind = kind_of(&config, kinds, &path, &text)?;
        let (text, path) = read("state.yaml")?;
        let state: State = compact::parse(&path, &text, &path.display().to_string())?;
        let templates = Templates::load(Some(&dir.join("templates"))).map_err(GameError::Template)?;
        Ok(Game {
            dir: dir.to_path_buf(),
            config,
            state,
            templates,
            kind,
        })
    }

    /// Creates the folder of a new game from a checked players file (whose kind it has
    /// found in the kinds it was checked against), with the welcome messages in its outbox.
    pub fn create(dir: &Path, checked: Checked, now: Now) -> Result<Game, GameError> {
        if dir.exists() && fs::read_dir(dir).map_err(io_err(dir))?.next().is_some() {
            return Err(GameError::NotEmpty { dir: dir.to_path_buf() });
        }
        let kind = checked.kind;
        let file = checked.file;
        let seed = checked.seed.unwrap_or_else(Seed::random);
        // A player listed without a password gets one made by arbitre, sent to him alone.
        let mut made: std::collections::BTreeMap<Role, String> = std::collections::BTreeMap::new();
        let players = file
            .players
            .iter()
            .zip(&checked.roles)
            .map(|(p, &role)| Player {
                name: p.name.clone(),
                email: p.email.clone(),
                role,
                password_hash: match &p.password_hash {
                    Some(hash) => hash.clone(),
                    None if p.password.is_empty() => join::make_password(role, &mut made),
                    None => hash_password(&p.password, &config::new_salt()),
                },
                language: p.language,
                timezone: p.timezone.clone(),
            })
            .collect();
        let config = GameConfig {
            game: file.game.clone(),
            variant: file.variant.clone(),
            referee: file.referee.person(),
            referee_password_hash: match (&file.referee.password, &file.referee.password_hash) {
                (_, Some(hash)) => Some(hash.clone()),
                (Some(p), None) => Some(hash_password(p, &config::new_salt())),
                (None, None) => None,
            },
            timezone: file.timezone.clone(),
            language: file.language,
            observers: file.observers,
            press: file.press,
            anonymous: file.anonymous,
            deadlines: file.deadlines.clone(),
            reminder: file.reminder.clone().unwrap_or_else(|| "24h".into()),
            seed: seed.to_hex(),
            commitment: commitment(seed),
            options: file.options_text(),
            house_rules: file.house_rules.iter().map(|r| r.trim().to_string()).collect(),
            players,
            limits: file.limits.clone(),
            absence_max_days: None,
            require_authentication: file.require_authentication.clone(),
            referee_copies: file.referee_copies,
            grace: file.grace.clone(),
            nmr_before_asking: file.nmr_before_asking,
            open: checked.open.clone(),
        };
        let mut game = Game {
            dir: dir.to_path_buf(),
            config,
            state: State::default(),
            templates: Templates::load(None).map_err(GameError::Template)?,
            kind,
        };
        // A game open for sign-up starts when its last place is taken (`join`); until then
        // its listed players are told their place.
        let effects = if game.config.open.is_some() {
            Effects {
                letters: game.listed_letters(&made),
                log: vec![format!(
                    "created, open for sign-up: {} of {} places to fill by JOIN",
                    game.free_roles().len(),
                    game.roles_in_order().len()
                )],
                ..Default::default()
            }
        } else {
            let mut effects = kind.start(&mut game, checked.start)?;
            join::give_passwords(&mut effects.letters, &made);
            effects
        };
        // Built in a hidden folder beside DIR and renamed at the end: a `new` that fails or
        // is killed leaves no half-made game at DIR.
        let building = building_dir(dir)?;
        let _ = fs::remove_dir_all(&building); // left by a run of this process id killed before
        store::create_dir_private(&building).map_err(io_err(&building))?;
        game.dir = building.clone();
        let built = (|| {
            let text = serde_yaml::to_string(&game.config)?;
            let path = building.join("game.yaml");
            store::write_atomic(&path, text.as_bytes()).map_err(io_err(&path))?;
            compact::write(&path, &text, &game.config);
            game.commit(effects, now)?;
            fs::rename(&building, dir).map_err(io_err(dir))
        })();
        if let Err(e) = built {
            let _ = fs::remove_dir_all(&building);
            return Err(e);
        }
        game.dir = dir.to_path_buf();
        route::note_created(dir, &game.config.game);
        Ok(game)
    }

    /// The seed, from `game.yaml`.
    pub fn seed(&self) -> Result<Seed, GameError> {
        Seed::from_hex(&self.config.seed).map_err(|reason| GameError::Seed {
            dir: self.dir.clone(),
            reason,
        })
    }

    pub fn title(&self) -> &'static str {
        self.kind.title()
    }

    /// The game's kind: what it is, and what its commands, phases and letters mean.
    pub fn kind(&self) -> &'static dyn Kind {
        self.kind
    }

    /// The person behind a role, as a mail recipient.
    pub fn person(&self, role: Role) -> Option<Person> {
        self.config.player(role).map(|p| Person {
            name: p.name.clone(),
            email: p.email.clone(),
        })
    }

    /// Every player's role, in the order of the players file (the order the letters of
    /// one event are written in).
    pub fn roles(&self) -> Vec<Role> {
        self.config.players.iter().map(|p| p.role).collect()
    }

    /// What a subject names after the game: the phase of a Diplomacy game, or the board
    /// game's title.
    pub fn phase_label(&self) -> String {
        self.kind.phase_label(self)
    }

    /// The roles in the game's own order (the map's powers, then the ruleset's extra roles;
    /// or the board game's seats), not the players file's, which could say who is who.
    pub fn roles_in_order(&self) -> Vec<Role> {
        match self.config.roles(self.kind) {
            Ok(roles) => roles.list().to_vec(),
            // Not for a game opened ([`parse_config`] checks its roles).
            Err(_) => self.config.players.iter().map(|p| p.role).collect(),
        }
    }

    /// Writes an action's messages and pages, then the state: see the module docs.
    pub fn commit(&mut self, effects: Effects, now: Now) -> Result<(), GameError> {
        let outbox = self.dir.join("outbox");
        let sent = self.dir.join("sent");
        let mut log = effects.log;
        for letter in &effects.letters {
            let bytes = match render_letter(&self.templates, &self.config.referee, letter, now) {
                Ok(b) => b,
                Err(LetterError::Template(e)) => return Err(GameError::Template(e)),
                Err(LetterError::Address(e)) => {
                    // An address no mail can go to (a sender's, in a rejection): never
                    // let it stop the game.
                    log.push(format!("{}: not written: {e}", letter.stem));
                    continue;
                }
            };
            let name = match self.state.desk.rollbacks {
                0 => format!("{}.eml", letter.stem),
                // The phases played again after a rollback write names used before.
                n => format!("{}-r{n}.eml", letter.stem),
            };
            if sent.join(&name).exists() {
                continue; // written and sent by a run that crashed before saving the state
            }
            store::write_atomic(&outbox.join(&name), &bytes).map_err(io_err(&outbox))?;
        }
        let pages = self.dir.join("pages");
        for (name, html) in &effects.pages {
            store::write_atomic(&pages.join(name), html.as_bytes()).map_err(io_err(&pages))?;
        }
        self.save()?;
        desk::journal::append(&self.dir, &effects.journal)?;
        for line in &log {
            eprintln!("{}: {line}", self.config.game);
        }
        Ok(())
    }

    /// Writes `state.yaml` atomically, over the file its last write replaced
    /// ([`store::write_exchanged`]: no file made or freed per message).
    pub fn save(&self) -> Result<(), GameError> {
        let text = self.state.to_yaml()?;
        let path = self.dir.join("state.yaml");
        store::write_exchanged(&path, text.as_bytes()).map_err(io_err(&path))?;
        // The next run reads the state from its compact copy, made here for the bytes just
        // written: the state they were written from is what they read back as (a round trip
        // the tests of `state` hold, and a debug build checks whenever a copy is used).
        compact::write(&path, &text, &self.state);
        Ok(())
    }

    pub fn templates(&self) -> &Templates {
        &self.templates
    }

    /// The end of `arbitre status`: every player (with `orders`, what `orders` says of the
    /// role, when it says something), the seed, and how the game ended.
    pub fn write_players_and_end(
        &self,
        w: &mut crate::yaml::Writer,
        orders: impl Fn(Role) -> Result<Option<String>, GameError>,
    ) -> Result<(), GameError> {
        w.raw(0, "roles:");
        for p in &self.config.players {
            let mut fields = vec![
                ("role", p.role.to_string()),
                ("name", p.name.clone()),
                ("email", p.email.clone()),
            ];
            if let Some(o) = orders(p.role)? {
                fields.push(("orders", o));
            }
            w.flow_item(1, &fields, None);
        }
        w.key(0, "seed", &self.config.seed);
        if let Some(f) = &self.state.finished {
            let fields = [
                ("after", f.after.clone()),
                ("winners", f.winners.join(", ")),
                ("summary", f.summary.clone()),
            ];
            w.flow_map(0, "finished", &fields);
        }
        Ok(())
    }
}

/// The kind of the game of `game.yaml` (at `path`, whose `text` it is), among `kinds`; and
/// every player plays a role of it: a side of another board game, or God in a standard
/// game, is named with its line.
fn kind_of(config: &GameConfig, kinds: &Kinds, path: &Path, text: &str) -> Result<&'static dyn Kind, GameError> {
    let origin = path.display().to_string();
    let at = |key: &str, token: &str, message: String| crate::yaml::FileError::at(&origin, text, key, token, message);
    let variant = &config.variant;
    let kind = kinds.find(variant).ok_or_else(|| {
        at(
            "players",
            "",
            format!("players: \"{variant}\" is not a game arbitre runs"),
        )
    })?;
    check_roles(config, kind, &origin, text)?;
    Ok(kind)
}

/// Every player of `game.yaml` (whose `text` it is) plays a role of the game's kind.
fn check_roles(config: &GameConfig, kind: &dyn Kind, origin: &str, text: &str) -> Result<(), GameError> {
    let at = |token: &str, message: String| crate::yaml::FileError::at(origin, text, "players", token, message);
    let roles = config.roles(kind).map_err(|e| at("", format!("players: {e}")))?;
    match config.players.iter().find(|p| !roles.contains(p.role)) {
        Some(p) => Err(at(
            p.role.text(),
            format!("players: {} is not a role of this game: use {}", p.role, roles.names()),
        )
        .into()),
        None => Ok(()),
    }
}

/// A game's `game.yaml`, read.
fn read_config(dir: &Path) -> Result<GameConfig, GameError> {
    let path = dir.join("game.yaml");
    let text = fs::read_to_string(&path).map_err(io_err(&path))?;
    parse_config(&path, text)
}

/// Parses the text of a `game.yaml`. The mail intake reads the file twice for one message
/// (routing it, then opening the game under the lock); the second time, the same text is not
/// parsed again (a parse is a tenth of the CPU of a message): the last text parsed is kept,
/// with its configuration, for the rest of the process, and a changed file is parsed anew.
fn parse_config(path: &Path, text: String) -> Result<GameConfig, GameError> {
    static LAST: memo::Last<(PathBuf, String), GameConfig> = memo::Last::new();
    if let Some(config) = LAST.get(|(p, t)| p == path && *t == text) {
        return Ok(config);
    }
    let origin = path.display().to_string();
    let config: GameConfig = compact::parse(path, &text, &origin)?;
    LAST.keep((path.to_path_buf(), text), &config);
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_yaml_changed_between_two_reads_is_parsed_anew() {
        let dir = std::env::temp_dir().join(format!("arbitre-config-cache-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let text = "game: one\nvariant: standard\nreferee: {name: R, email: r@example.org}\n\
                    timezone: UTC\ndeadlines: {movement: 72h, retreat: 24h, adjustment: 24h}\n\
                    reminder: 24h\nseed: '00'\ncommitment: '00'\nplayers: []\n";
        fs::write(dir.join("game.yaml"), text).unwrap();
        assert_eq!(read_config(&dir).unwrap().game, "one");
        assert_eq!(read_config(&dir).unwrap().game, "one", "the same text, kept");
        fs::write(dir.join("game.yaml"), text.replace("game: one", "game: two")).unwrap();
        assert_eq!(read_config(&dir).unwrap().game, "two", "a changed file is read again");
        fs::write(dir.join("game.yaml"), "game: [").unwrap();
        assert!(
            read_config(&dir).is_err(),
            "and a broken one is an error, not the last good one"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_yaml_whose_player_plays_no_role_of_its_kind_is_named_with_its_line() {
        let dir = std::env::temp_dir().join(format!("arbitre-config-roles-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let text = "game: one\nvariant: standard\nreferee: {name: R, email: r@example.org}\n\
                    timezone: UTC\ndeadlines: {movement: 72h, retreat: 24h, adjustment: 24h}\n\
                    reminder: 24h\nseed: '00'\ncommitment: '00'\nplayers:\n\
                    - {name: A, email: a@example.org, role: france, password_hash: x}\n";
        fs::write(dir.join("game.yaml"), text).unwrap();
        let config = read_config(&dir).unwrap();
        assert_eq!(
            config.players[0].role,
            Role::Power(crate::map::Map::standard().power_by_name("France").unwrap())
        );
        // God plays Diable et Bon Dieu, Blue plays JOMINI: neither plays standard Diplomacy.
        for (role, line) in [("God", 10), ("Blue", 10)] {
            fs::write(
                dir.join("game.yaml"),
                text.replace("role: france", &format!("role: {role}")),
            )
            .unwrap();
            // Read against the game's kind, which the game finds when it is opened.
            let e = Game::open(&dir, &crate::kinds::REGISTRY).err().unwrap();
            let GameError::File(f) = &e else { panic!("{e:?}") };
            assert_eq!((f.line, f.token.as_deref()), (Some(line), Some(role)), "{e}");
            assert!(
                e.to_string()
                    .contains(&format!("players: {role} is not a role of this game: use England,")),
                "{e}"
            );
        }
        fs::write(dir.join("game.yaml"), text.replace("role: france", "role: Prussia")).unwrap();
        let e = read_config(&dir).unwrap_err().to_string();
        assert!(e.contains("\"Prussia\" is not a role"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }
}
