//! A game run by email: its folder, players, phases and deadlines.
//!
//! - [`config`]: the players file and the passwords' salted hashes.
//! - [`commands`]: the mail command language (SIGNON, orders, BLESS, PRESS, VOTE…).
//! - [`ask`]: the players' questions and settings (HELP, LIST, SET …) and observers.
//! - [`state`]: `game.yaml` and `state.yaml`, what the folder keeps between runs.
//! - [`store`]: atomic writes, so a crash never leaves a half-written file.
//! - [`intake`] and [`route`]: an incoming message authenticated and kept, and the game of
//!   a folder of games it goes to.
//! - [`mailroom`]: the IMAP folder, the Maildir and the outbox of the mail layer, joined to
//!   the games.
//! - [`kind`]: the trait a game kind implements, and the list of kinds a process knows;
//!   a game resolves its kind once, when opened or created, and asks it the rest.
//!
//! # The game folder
//! ```text
//! DIR/game.yaml        the configuration (written once by `arbitre new`)
//! DIR/state.yaml       the game now (rewritten atomically after every action)
//! DIR/mail/00001-….eml every incoming message, numbered in arrival order, its password
//!                      redacted and its verdict first ([`intake`])
//! DIR/spool/           messages taken in before the game lock, moved to mail/ under it
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
//! An incoming message is first spooled, then archived (`mail/`), then acted on. `state.yaml` says how
//! many archived messages were acted on (`handled`), so a message archived by a run that
//! then crashed is acted on by the next `mail` or `process`. Every action writes its
//! messages first, under names fixed by the action (`m00012-reply-france.eml`,
//! `S1901M-report-france.eml`), and `state.yaml` last: an action redone after a crash
//! rewrites the same files, and a file already sent is not written again.

pub mod ask;
pub mod commands;
pub mod config;
pub mod desk;
pub mod duration;
pub mod error;
pub mod intake;
pub mod kind;
pub mod mailroom;
pub mod password;
pub mod role;
pub mod route;
pub mod said;
pub use route::{keep_unmatched, route};
pub mod state;

use crate::dice::Seed;
use crate::game::commands::{is_chatter, parse_commands, Command, LineError, Numbered, PressTo};
use crate::game::config::{hash_password, Checked, Person, Player};
pub use crate::game::error::GameError;
use crate::game::intake::Verdict;
use crate::game::kind::{Kind, Kinds, Play};
use crate::game::role::Role;
use crate::game::state::{GameConfig, State};
use crate::lang::Worded;
use crate::mail::incoming::{Incoming, Received};
use crate::report::{render_letter, views, Letter, LetterError, Templates, View};
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
pub struct Lock(#[allow(dead_code)] fs::File);

/// Takes the lock of `dir` (a game's folder, or a folder of games), waiting for the run
/// holding it; then removes what killed runs left half-written in it ([`store::sweep`]).
pub fn lock(dir: &Path) -> Result<Lock, GameError> {
    let path = dir.join(store::LOCK_FILE);
    let f = store::open_private(&path, true).map_err(io_err(&path))?;
    f.lock().map_err(io_err(&path))?;
    store::sweep(dir);
    Ok(Lock(f))
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
        let state: State = crate::yaml::from_str(&text, &path.display().to_string())?;
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
        };
        let mut game = Game {
            dir: dir.to_path_buf(),
            config,
            state: State::default(),
            templates: Templates::load(None).map_err(GameError::Template)?,
            kind,
        };
        let effects = kind.start(&mut game, checked.start)?;
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

    /// What every letter's template can use, as a view's fields.
    pub fn common(&self, role: Role) -> views::Common {
        // The phase in the reader's language, the deadline in the reader's zone and UTC.
        let reader = self.config.reader(role);
        views::Common {
            game: self.config.game.clone(),
            title: self.title().to_string(),
            referee: self.config.referee.name.clone(),
            role: role.to_string(),
            name: self.config.player(role).map(|p| p.name.clone()).unwrap_or_default(),
            phase: crate::words::phase_text(&self.state.phase, reader.lang),
            deadline: self
                .state
                .deadline
                .as_deref()
                .map(|d| crate::words::moment_text(d, reader.timezone, reader.lang))
                .unwrap_or_default(),
            commitment: self.config.commitment.clone(),
        }
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

    /// A letter to a role's registered address, saying `view`. The subject names the game
    /// and the phase.
    pub fn letter(&self, stem: String, role: Role, subject: &str, view: impl Into<View>) -> Letter {
        let lang = self.config.reader(role).lang;
        Letter {
            stem,
            to: self.person(role).unwrap_or_else(|| self.config.referee.clone()),
            subject: format!(
                "{}, {}: {subject}",
                self.config.game,
                crate::words::phase_text(&self.phase_label(), lang)
            ),
            view: view.into(),
            in_reply_to: None,
            lang,
            kind: crate::report::Kind::Own,
            picture: None,
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

    /// Writes `state.yaml` atomically.
    pub fn save(&self) -> Result<(), GameError> {
        let text = serde_yaml::to_string(&self.state)?;
        let path = self.dir.join("state.yaml");
        store::write_atomic(&path, text.as_bytes()).map_err(io_err(&path))
    }

    pub fn templates(&self) -> &Templates {
        &self.templates
    }

    /// Acts on every archived message not yet acted on, in arrival order (the spool first
    /// moved into the archive: [`intake::absorb_spool`]); then writes the digests of failed
    /// sign-ons that are due. The caller holds the game's lock.
    pub fn ingest(&mut self, now: Now) -> Result<usize, GameError> {
        intake::absorb_spool(&self.dir)?;
        let mut done = 0;
        for (n, arrived, path, redacted) in archived(&self.dir.join("mail"))? {
            if n <= self.state.handled {
                continue;
            }
            let raw = fs::read(&path).map_err(io_err(&path))?;
            let before = self.state.clone();
            let (verdict, raw) = if redacted {
                intake::split(&raw)
            } else {
                (None, raw.as_slice())
            };
            let effects = match self.handle(raw, verdict, n, arrived.unwrap_or(now)) {
                Ok(e) => e,
                Err(e) => {
                    self.state = before;
                    return Err(GameError::Message {
                        path,
                        source: Box::new(e),
                    });
                }
            };
            self.state.handled = n;
            self.commit(effects, now)?;
            done += 1;
        }
        let digests = self.due_digests(now);
        if !digests.is_empty() {
            self.commit(
                Effects {
                    letters: digests,
                    ..Default::default()
                },
                now,
            )?;
        }
        Ok(done)
    }

    /// Acts on one message that arrived at `arrived`: authenticates it, then hands its
    /// commands to the game. `verdict` is the intake's check of the password; `None` for a
    /// message archived before the intake kept verdicts, whose password is checked here.
    fn handle(&mut self, raw: &[u8], verdict: Option<Verdict>, n: u64, arrived: Now) -> Result<Effects, GameError> {
        let mut fx = Effects::default();
        let stem = format!("m{n:05}");
        // The archived message read once: what it says, and whether a machine sent it.
        let received = Received::read(raw);
        let automatic = received.automatic();
        let mut mail = match received.into_mail() {
            Ok(m) => m,
            Err(e) => {
                fx.log.push(format!("message {n:05} kept but not read: {e}"));
                return Ok(fx);
            }
        };
        if automatic {
            // An auto-reply or a bounce: answering it could start a mail loop (RFC 3834).
            fx.log.push(format!(
                "message {n:05} is automatic (auto-reply or bounce): kept, not answered"
            ));
            return Ok(fx);
        }
        clean_sender(&mut mail);
        let redacted_archive = verdict.is_some();
        let verdict = verdict.unwrap_or_else(|| Verdict::of(&self.config, &mail));
        let id = intake::message_key(&mail);
        let (commands, errors) = parse_commands(&mail.lines);
        // Only the intake writes its header lines into an archived message (redaction
        // drops any the sender wrote): read them only from such a message.
        let from_intake = if redacted_archive {
            ask::FromIntake::read(raw)
        } else {
            ask::FromIntake::default()
        };
        if commands::first_signon(&commands).is_none()
            && self.without_signon(&mail, &commands, &id, &stem, arrived, &mut fx)?
        {
            return Ok(fx);
        }
        let decision = self.sign_on(&mail, &commands, &errors, verdict, &stem, arrived, &mut fx);
        let (letter, failure) = match decision {
            SignOn::Role(role) => {
                return self.signed_on(role, mail, id, commands, errors, &stem, arrived, &from_intake, fx)
            }
            SignOn::Referee => return desk::mail::act(self, id, commands, errors, &stem, arrived, fx),
            SignOn::Refused(letter, failure) => (letter, failure),
            SignOn::Ignored(failure) => (None, Some(failure)),
        };
        // The same refused message again (the mail system delivering it twice after a
        // crash) is neither answered nor listed again. Refused messages are told apart by
        // their sender's address, so that a stranger who sends a copy of a genuine
        // Message-ID first does not make the genuine message be ignored (that one signs
        // on). Its password was checked again, though, and the throttle counts every
        // check: a guesser who repeats a Message-ID gains no uncounted guesses.
        let key = format!("<{}>", mail.from_address);
        let seen = self.state.seen_by.entry(key).or_default();
        let again = seen.contains(&id);
        if !again {
            seen.push(id.clone());
            if seen.len() > REFUSED_IDS {
                seen.remove(0);
            }
        }
        if let Some((role, ignored)) = failure {
            self.failed_signon(role, &mail.from_address, arrived, ignored, !again);
        }
        if again {
            fx.log.push(format!(
                "message {n:05} <{id}> was refused before: kept, not answered again"
            ));
            return Ok(fx);
        }
        // The sender's budget, by address: a forger spends the budget of the address it
        // forges, never the budget of the role it names.
        if self.spend(&mail.from_address, arrived) {
            fx.letters.extend(letter);
        } else if letter.is_some() {
            fx.log.push(format!(
                "{stem}: over the daily budget of <{}>: not answered",
                mail.from_address
            ));
        }
        Ok(fx)
    }

    /// Acts on the commands of a message signed on as `role`.
    #[allow(clippy::too_many_arguments)]
    fn signed_on(
        &mut self,
        who: Role,
        mail: Incoming,
        id: String,
        commands: Vec<Numbered>,
        errors: Vec<LineError>,
        stem: &str,
        arrived: Now,
        from_intake: &ask::FromIntake,
        mut fx: Effects,
    ) -> Result<Effects, GameError> {
        let n = &stem[1..];
        let role = who.text();
        if !self.spend(&format!("role:{role}"), arrived) {
            fx.log.push(format!(
                "{stem}: {role} is over the daily budget of messages: kept, not acted on"
            ));
            return Ok(fx);
        }
        // A Message-ID is a duplicate only among the messages of the same role, once
        // authenticated: a stranger cannot have a genuine message ignored by sending its
        // Message-ID first.
        if self.seen_before(role, &id) {
            fx.log
                .push(format!("message {n:05} <{id}> was seen before: kept, not acted on"));
            return Ok(fx);
        }
        // Only what follows the SIGNON line is acted on; lines before it are listed as
        // ignored, so that an order written above the SIGNON is not lost without a word.
        let first = commands::signon_line(&commands);
        let mut errors: Vec<LineError> = errors.into_iter().filter(|e| e.line > first).collect();
        for c in commands.iter().filter(|c| c.line < first) {
            errors.push(LineError {
                line: c.line,
                text: c.text.clone(),
                message: said::Refusal::BeforeSignon,
            });
        }
        let (chatter, commands): (Vec<Numbered>, Vec<Numbered>) = commands
            .into_iter()
            .filter(|c| c.line > first)
            .partition(|c| matches!(&c.command, Command::Order(t) if is_chatter(t)));
        // Bounded work: a player has a few dozen units; checking each of a flood of order
        // lines costs far more than reading them.
        let mut commands = commands;
        let unread = if commands.len() > MAX_COMMANDS {
            let rest = commands.split_off(MAX_COMMANDS);
            Some(said::Refusal::Unread {
                line: rest[0].line,
                after: rest.len() - 1,
                most: MAX_COMMANDS,
            })
        } else {
            None
        };
        let blocks = commands
            .iter()
            .filter(|c| matches!(c.command, Command::Press { .. }))
            .count();
        if blocks > self.config.limits.press_blocks {
            let reason = format!(
                "the message holds {blocks} PRESS blocks, and one message may hold at most {}; \
                 nothing in it was done: send the press in several messages",
                self.config.limits.press_blocks
            );
            let mut letter = intake::refusal(self, &mail, format!("{stem}-reply-{}", who.lowercase()), &reason);
            letter.to = self.person(who).unwrap_or(letter.to);
            fx.letters.push(letter);
            return Ok(fx);
        }
        // The players' questions and settings are taken apart, and answered once the game
        // has acted on the rest (so that LIST counts the orders of the same message).
        let boardgame = matches!(self.kind.play(), Play::Moves(_));
        let (questions, commands) = ask::split(commands, boardgame);
        let mut letters = if self.state.finished.is_some() {
            vec![self.game_over_reply(who, stem)]
        } else {
            self.kind.act(self, who, commands, errors, stem, arrived, &mut fx.log)?
        };
        let asked = self.ask(who, questions, &id, stem, arrived, from_intake)?;
        for l in letters
            .iter_mut()
            .filter(|l| l.stem.ends_with(&format!("reply-{}", who.lowercase())))
        {
            // The message's own Message-ID: a message without one is answered without
            // In-Reply-To (its key is a digest, no Message-ID anyone could thread on).
            l.in_reply_to = mail.message_id.clone();
            l.kind = crate::report::Kind::Reply;
            let lang = l.lang;
            let Some(answered) = l.view.answered() else {
                continue;
            };
            // The answers to questions join the reply's lines, each in the reader's words.
            answered.errors.extend(asked.errors.iter().map(|e| e.words(lang)));
            answered.errors.sort_by_key(|e| e.line);
            answered.done.extend(
                asked
                    .done
                    .iter()
                    .map(|(line, d)| (Some(*line), said::done_line(Some(*line), d, lang))),
            );
            answered.done.sort_by_key(|(line, _)| line.unwrap_or(usize::MAX));
            answered.cap(QUOTED_ERRORS);
            let chatter: Vec<views::LineWords> = chatter
                .iter()
                .map(|c| views::LineWords {
                    line: c.line,
                    text: c.text.clone(),
                    message: said::Refusal::Chatter.words(lang),
                })
                .collect();
            answered.not_understood = chatter;
            answered.unread = unread.as_ref().map(|u| u.words(lang)).unwrap_or_default();
        }
        fx.letters.append(&mut letters);
        // The answers to questions are replies too, threaded on the message's own
        // Message-ID (none for a message without one); a letter to another address (a
        // code sent to a new address) is not.
        fx.letters
            .extend(asked.letters.into_iter().map(|l| match l.in_reply_to {
                Some(_) => l.replying_to(mail.message_id.clone()),
                None => l,
            }));
        Ok(fx)
    }

    /// Has `who` (a role, or the referee) sent the message `id` before? Notes it when not. A
    /// Message-ID is a duplicate only among the messages of one signed-on sender.
    pub(crate) fn seen_before(&mut self, who: &str, id: &str) -> bool {
        let legacy = self.state.seen.iter().any(|s| s == id);
        let seen = self.state.seen_by.entry(who.to_string()).or_default();
        if legacy || seen.iter().any(|s| s == id) {
            return true;
        }
        seen.push(id.to_string());
        false
    }

    /// Checks the SIGNON line: the role, the game, the password (as `verdict` found it)
    /// and the sender's address. Changes nothing: a refusal says the same whatever did not
    /// match, and a failure for a role of the game comes back for [`Game::handle`] to note
    /// for the throttle and its player's digest.
    #[allow(clippy::too_many_arguments)]
    fn sign_on(
        &self,
        mail: &Incoming,
        commands: &[Numbered],
        errors: &[LineError],
        verdict: Verdict,
        stem: &str,
        arrived: Now,
        fx: &mut Effects,
    ) -> SignOn {
        let signon = commands.iter().find_map(|c| match &c.command {
            Command::Signon { role, game, .. } => Some((role, game)),
            _ => None,
        });
        let refuse = |game: &Game, reason: &str, fx: &mut Effects| {
            fx.log
                .push(format!("{stem}: SIGNON refused for <{}>: {reason}", mail.from_address));
            if mail.from_address.is_empty() {
                return None;
            }
            Some(intake::refusal(game, mail, intake::refusal_stem(mail), reason))
        };
        let Some((role, game)) = signon else {
            let why = intake::no_signon(errors);
            return SignOn::Refused(refuse(self, &why, fx), None);
        };
        // The role is read once, against the game's kind: one of its roles, or the referee.
        let ours = game.eq_ignore_ascii_case(&self.config.game);
        let named = self.config.roles(self.kind).ok().and_then(|r| r.signon(role));
        // The referee's desk by mail: the same checks, the same refusal.
        if named == Some(Role::Referee) && ours && self.config.referee_password_hash.is_some() {
            if self.throttled(Role::Referee, arrived) {
                fx.log.push(format!(
                    "{stem}: SIGNON as the referee ignored: too many failures within the hour"
                ));
                return SignOn::Ignored((Role::Referee, true));
            }
            let address_ok = self.config.referee.email.eq_ignore_ascii_case(&mail.from_address);
            if verdict != Verdict::Matches || !address_ok {
                fx.log.push(format!("{stem}: SIGNON as the referee refused"));
                return SignOn::Refused(refuse(self, intake::NO_MATCH, fx), Some((Role::Referee, false)));
            }
            return SignOn::Referee;
        }
        let player = named.and_then(|r| self.config.player(r)).filter(|_| ours).cloned();
        let Some(player) = player else {
            fx.log.push(format!("{stem}: no such game or role: {game} {role}"));
            return SignOn::Refused(refuse(self, intake::NO_MATCH, fx), None);
        };
        if self.throttled(player.role, arrived) {
            fx.log.push(format!(
                "{stem}: SIGNON as {} ignored: too many failures within the hour",
                player.role
            ));
            return SignOn::Ignored((player.role, true));
        }
        let address_ok = player.email.eq_ignore_ascii_case(&mail.from_address);
        if verdict != Verdict::Matches || !address_ok {
            fx.log.push(format!(
                "{stem}: SIGNON as {}: password {}, address {}",
                player.role,
                if verdict == Verdict::Matches { "right" } else { "wrong" },
                if address_ok { "right" } else { "wrong" }
            ));
            return SignOn::Refused(refuse(self, intake::NO_MATCH, fx), Some((player.role, false)));
        }
        SignOn::Role(player.role)
    }

    /// The letters of one `PRESS` command from `from`: one per recipient. `resolve` turns
    /// each name written after `PRESS TO` into a role of the game, or says why it cannot
    /// be written to. Returns what the reply says, and the letters.
    pub fn press(
        &self,
        from: Role,
        to: &PressTo,
        lines: &[String],
        stem: &str,
        resolve: impl Fn(&str) -> Result<Role, said::Refusal>,
    ) -> Result<(said::Said, Vec<Letter>), said::Refusal> {
        let recipients: Vec<Role> = match to {
            PressTo::All => self.roles(),
            PressTo::Powers(names) => {
                let mut out: Vec<Role> = Vec::new();
                for n in names {
                    let role = resolve(n)?;
                    if role != from && !out.contains(&role) {
                        out.push(role);
                    }
                }
                if out.is_empty() {
                    return Err(said::Refusal::NameAnotherPlayer);
                }
                out
            }
        };
        let public = matches!(to, PressTo::All);
        let shown_to = if public {
            "all".to_string()
        } else {
            recipients.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ")
        };
        let mut letters: Vec<Letter> = recipients
            .iter()
            .map(|&r| {
                let view = views::Press {
                    common: self.common(r),
                    from: from.to_string(),
                    to: shown_to.clone(),
                    public,
                    lines: lines.to_vec(),
                };
                let letter = self.letter(
                    format!("{stem}-press-{}", r.lowercase()),
                    r,
                    &match self.config.reader(r).lang {
                        crate::lang::Lang::En => format!("press from {from} to {shown_to}"),
                        crate::lang::Lang::Fr if public => format!("presse de {from} à tous"),
                        crate::lang::Lang::Fr => format!("presse de {from} à {shown_to}"),
                    },
                    view,
                );
                // Public press is one of the game's broadcasts; private press is not.
                if public {
                    letter.broadcast(&self.config.game)
                } else {
                    letter
                }
            })
            .collect();
        if public {
            letters.extend(self.to_observers(
                &format!("{stem}-press"),
                &match self.config.language {
                    crate::lang::Lang::En => format!("press from {from} to all"),
                    crate::lang::Lang::Fr => format!("presse de {from} à tous"),
                },
                |common| views::Press {
                    common,
                    from: from.to_string(),
                    to: shown_to.clone(),
                    public,
                    lines: lines.to_vec(),
                },
            ));
        }
        let to = if public { Vec::new() } else { recipients };
        Ok((said::Said::PressSent { to }, letters))
    }

    /// The final report, to every player: who played what, the winners, the seed.
    /// `view` makes each player's letter from these and what the kind of game shows
    /// besides (the last report, the board).
    pub fn final_letters<V: Into<View>>(
        &self,
        f: &state::Finished,
        view: impl Fn(views::Common, views::Ending, state::Reader) -> V,
    ) -> Vec<Letter> {
        let players: Vec<views::PlayerRow> = self
            .config
            .players
            .iter()
            .map(|p| views::PlayerRow {
                role: p.role.to_string(),
                name: p.name.clone(),
            })
            .collect();
        // How it ended, in each reader's words: the same for every reader of one language.
        let ending = |lang| views::Ending {
            summary: self.ending_in(f, lang),
            winners: f.winners.clone(),
            seed: self.config.seed.clone(),
            players: players.clone(),
        };
        let mut letters: Vec<Letter> = self
            .roles()
            .into_iter()
            .map(|role| {
                let lang = self.config.reader(role).lang;
                let subject = crate::words::pick(lang, "the final report", "le rapport final");
                self.letter(
                    format!("final-{}", role.lowercase()),
                    role,
                    &subject,
                    view(self.common(role), ending(lang), self.config.reader(role)),
                )
            })
            .collect();
        let subject = crate::words::pick(self.config.language, "the final report", "le rapport final");
        let game = self.config.game_reader();
        letters.extend(self.to_observers("final", &subject, |common| view(common, ending(game.lang), game)));
        letters
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

    /// How the game ended, in `lang`, in its kind's words ([`Kind::ending`]).
    pub fn ending_in(&self, f: &state::Finished, lang: crate::lang::Lang) -> String {
        self.kind.ending(self, f, lang)
    }

    fn game_over_reply(&self, role: Role, stem: &str) -> Letter {
        let f = self.state.finished.clone().expect("finished");
        let view = views::OverReply {
            common: self.common(role),
            answered: views::Answered::default(),
            over: self.ending_in(&f, self.config.reader(role).lang),
        };
        let subject = crate::words::pick(
            self.config.reader(role).lang,
            "the game is over",
            "la partie est terminée",
        );
        self.letter(format!("{stem}-reply-{}", role.lowercase()), role, &subject, view)
    }
}

/// Keeps an incoming message in `GAME/mail/`, under the next number, in the form the
/// intake archives ([`intake::prepare`]: the password checked, then redacted). Needs
/// nothing of the game but its folder (and its `game.yaml` for the check), so that a
/// message is kept even when the game cannot be opened (a broken template, say); the
/// caller holds the game's [`lock`].
pub fn archive(game_dir: &Path, raw: &[u8], now: Now) -> Result<PathBuf, GameError> {
    let prepared = intake::prepare(Some(game_dir), raw);
    archive_redacted(game_dir, &prepared, now)
}

/// Keeps a message already in the intake's form under the next number of `GAME/mail/`.
/// Its name ends in `-r`: its first line is the intake's verdict, to be trusted.
fn archive_redacted(game_dir: &Path, prepared: &[u8], arrived: Now) -> Result<PathBuf, GameError> {
    let dir = game_dir.join("mail");
    let next = archived(&dir)?.last().map_or(1, |(n, _, _, _)| n + 1);
    // The arrival time is in the name: it decides whether orders came before the deadline,
    // even when a crash delays acting on the message.
    let arrived = arrived.with_timezone(&chrono::Utc).format(ARRIVAL);
    store::write_new(&dir, &format!("{next:05}-{arrived}-r"), "eml", prepared).map_err(io_err(&dir))
}

/// What [`Game::sign_on`] decided.
enum SignOn {
    /// Signed on as this role.
    Role(Role),
    /// Signed on as the referee, for the desk's verbs.
    Referee,
    /// Refused, with the refusal to write (none when the sender has no address), and the
    /// failure to note for a role of the game or the referee (the role, not checked).
    Refused(Option<Letter>, Option<(Role, bool)>),
    /// Not even checked: the role's sign-ons are throttled. Nothing is written.
    Ignored((Role, bool)),
}

/// The most Message-IDs of refused messages kept per sender address.
const REFUSED_IDS: usize = 100;

/// The most commands of one message that are acted on.
pub const MAX_COMMANDS: usize = 500;

/// The most lines not understood that a reply quotes; the rest are counted.
pub const QUOTED_ERRORS: usize = 20;

/// An archived message: its number, its arrival time, its path, and whether the intake
/// wrote it (redacted, its verdict first).
type Archived = (u64, Option<Now>, PathBuf, bool);

/// How the arrival time is written in an archived message's name.
const ARRIVAL: &str = "%Y%m%dT%H%M%SZ";

/// Makes a sender fit to be written to: an address mail cannot go to (`x@`, `a..b@c`)
/// becomes empty, and the name loses control characters (a header injection) or goes
/// when nothing is left of it.
fn clean_sender(mail: &mut Incoming) {
    if mail.from_address.parse::<lettre::Address>().is_err() {
        mail.from_address.clear();
    }
    mail.from_name = mail
        .from_name
        .take()
        .map(|n| n.chars().filter(|c| !c.is_control()).collect::<String>())
        .filter(|n| !n.trim().is_empty());
}

/// The subject of the reply to a message.
pub fn received(errors: usize) -> String {
    received_in(errors, crate::lang::Lang::En)
}

/// [`received`] in the reader's language.
pub fn received_in(errors: usize, lang: crate::lang::Lang) -> String {
    use crate::lang::Lang;
    match (errors, lang) {
        (0, Lang::En) => "received".into(),
        (n, Lang::En) => format!("received, with {n} error(s)"),
        (0, Lang::Fr) => "reçu".into(),
        (1, Lang::Fr) => "reçu, avec 1 erreur".into(),
        (n, Lang::Fr) => format!("reçu, avec {n} erreurs"),
    }
}

/// The messages of `mail/`, by number, with their arrival time when their name has it.
/// The flag says whether the name ends in `-r` (see [`archive_redacted`]).
fn archived(dir: &Path) -> Result<Vec<Archived>, GameError> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for e in fs::read_dir(dir).map_err(io_err(dir))? {
        let path = e.map_err(io_err(dir))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if name.starts_with('.') || !name.ends_with(".eml") {
            continue;
        }
        let stem = name.trim_end_matches(".eml");
        let mut parts = stem.splitn(2, '-');
        let Some(Ok(n)) = parts.next().map(str::parse::<u64>) else {
            continue;
        };
        let arrived = parts
            .next()
            .and_then(|t| chrono::NaiveDateTime::parse_from_str(t.get(..16)?, ARRIVAL).ok())
            .map(|t| t.and_utc().fixed_offset());
        let redacted = stem.get(22..).is_some_and(|r| r.starts_with("-r"));
        out.push((n, arrived, path, redacted));
    }
    out.sort_by_key(|(n, _, _, _)| *n);
    Ok(out)
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
            format!("players: `{variant}` is not a game arbitre runs"),
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
    use std::sync::Mutex;
    static LAST: Mutex<Option<(PathBuf, String, GameConfig)>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((p, t, config)) = last.as_ref() {
        if p == path && *t == text {
            return Ok(config.clone());
        }
    }
    let origin = path.display().to_string();
    let config: GameConfig = crate::yaml::from_str(&text, &origin)?;
    *last = Some((path.to_path_buf(), text, config.clone()));
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
        assert!(e.contains("`Prussia` is not a role"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }
}
