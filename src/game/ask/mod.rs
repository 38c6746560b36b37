//! The players' questions and settings (`shared/spec/game-and-mail.md`, "Players' questions
//! and settings"; issue #14): `HELP`, `LIST`, `HISTORY`, `GET RULES`, `GET MAP`, `WHOAMI`,
//! `SET PASSWORD|ADDRESS|TIMEZONE|LANGUAGE`, `RESIGN`; and what anyone may write without
//! signing on: `OBSERVE`, `UNOBSERVE`, `CONFIRM`.
//!
//! - Each question is answered by a letter of its own to the role's registered address
//!   (`m00012-l3-help-france`), beside the reply to the message, which lists the command as
//!   done ("answered in a letter of its own"). Orders in the same message still go to the
//!   game as before: a player may write `HELP` under a page of orders.
//! - A setting changes the player's own entry in `game.yaml` ([`update_game_config`]) or
//!   the state (a resignation, a change of address waiting for its code), and is confirmed
//!   by a letter too.
//! - Without a SIGNON line only `OBSERVE`, `UNOBSERVE`, `JOIN` ([`super::join`]) and
//!   `CONFIRM` are read (and `LIST` in a game open for sign-up), and only when they name
//!   this game and it takes them: anything else is refused in the very words of
//!   any message without a SIGNON line, so that a probe learns nothing (not even whether a
//!   game takes observers, unless it does).
//! - Observers receive the public letters only: each phase's public report, public press,
//!   the board games' relayed moves and the final report ([`Game::to_observers`]), each
//!   with its own `To:`.

use super::commands::{Command, LineError, Numbered, Past, Question, Setting};
use super::config::{hash_password, new_salt, update_game_config};
use super::kind::Play;
use super::role::Role;
use super::said::{PasswordProblem, Refusal, Said};
use super::state::{AddressChange, Resignation};
use super::{Effects, Game, GameError, Now};
use crate::mail::incoming::{Incoming, REDACTED};
use crate::report::{views, Letter, Person, View};

use sha2::{Digest, Sha256};
use std::path::Path;

mod settings;

/// The header the intake writes, in place of the clear new password of a `SET PASSWORD`
/// line: `LINE ok HASH` or `LINE no WHY` (only when the message's password matched).
pub const NEW_PASSWORD_HEADER: &str = "X-Arbitre-New-Password";

/// The password rule, one for the players file, `SET PASSWORD` and `JOIN`.
pub use super::password::{check_new_password, PASSWORD_MIN};

/// The intake's header line for the first `SET PASSWORD` after the SIGNON line of a
/// message whose password matched: the new password hashed (Argon2id), or why it is not
/// taken, as a word of [`PasswordProblem::code`]. The clear password goes no further than
/// this: the archive keeps `********`.
pub fn new_password_header(mail: &Incoming) -> Option<String> {
    let (commands, _) = super::commands::parse_commands(&mail.lines);
    let signon = commands
        .iter()
        .find(|c| matches!(c.command, Command::Signon { .. }))?
        .line;
    let (line, new) = commands.iter().find_map(|c| match &c.command {
        Command::Setting(Setting::Password(p)) if c.line > signon => Some((c.line, p)),
        _ => None,
    })?;
    Some(match check_new_password(new) {
        Ok(()) => format!("{NEW_PASSWORD_HEADER}: {line} ok {}", hash_password(new, &new_salt())),
        Err(why) => format!("{NEW_PASSWORD_HEADER}: {line} no {}", why.code()),
    })
}

/// What the intake left for the game beside its verdict.
#[derive(Clone, Debug, Default)]
pub struct FromIntake {
    /// The line of the `SET PASSWORD` the intake read, and the new hash or why not.
    pub new_password: Option<(usize, Result<String, Refusal>)>,
}

impl FromIntake {
    /// Reads the intake's header lines of an archived message (`raw` without its verdict).
    pub fn read(raw: &[u8]) -> FromIntake {
        let Some(m) = mail_parser::MessageParser::default().parse_headers(raw) else {
            return FromIntake::default();
        };
        let new_password = m.header_raw(NEW_PASSWORD_HEADER).and_then(|v| {
            let mut words = v.trim().splitn(3, ' ');
            let line: usize = words.next()?.parse().ok()?;
            let verdict = words.next()?;
            let rest = words.next()?.trim().to_string();
            let verdict = match verdict {
                "ok" => Ok(rest),
                // A message archived by an older intake says why in English words.
                _ => {
                    Err(PasswordProblem::from_code(&rest, PASSWORD_MIN).map_or(Refusal::Words(rest), Refusal::Password))
                }
            };
            Some((line, verdict))
        });
        FromIntake { new_password }
    }
}

/// What the questions and settings of a message came to: for the reply, and the letters.
#[derive(Default)]
pub struct Asked {
    /// Done, with their line.
    pub done: Vec<(usize, Said)>,
    pub errors: Vec<LineError>,
    pub letters: Vec<Letter>,
}

/// Splits a signed-on message's commands into the players' questions and settings, and
/// the rest (for the game). In a board game `RESIGN` is the game's own move (conceding),
/// so it stays with the game.
pub fn split(commands: Vec<Numbered>, boardgame: bool) -> (Vec<Numbered>, Vec<Numbered>) {
    let mut mine = Vec::new();
    let mut rest = Vec::new();
    for mut c in commands {
        match &c.command {
            Command::Setting(Setting::Resign { .. }) if boardgame => {
                c.command = Command::Order(c.text.clone());
                rest.push(c);
            }
            Command::Question(_)
            | Command::Setting(_)
            | Command::Observe { .. }
            | Command::Join { .. }
            | Command::Confirm { .. } => mine.push(c),
            _ => rest.push(c),
        }
    }
    (mine, rest)
}

/// A code only this game can make: `what`, then `parts`, hashed with the game's secret
/// seed; 8 hex digits, upper case.
fn code(game: &Game, what: &str, parts: &[&str]) -> String {
    let mut h = Sha256::new();
    h.update(b"arbitre ");
    h.update(what.as_bytes());
    h.update(game.config.seed.as_bytes());
    for p in parts {
        h.update([0]);
        h.update(p.to_lowercase().as_bytes());
    }
    crate::dice::hex(&h.finalize()[..4]).to_uppercase()
}

/// The code that confirms `address` as an observer of the game.
fn observer_code(game: &Game, address: &str) -> String {
    code(game, "observe", &[&game.config.game, address])
}

/// A stable, address-free name for an observer's letters.
pub(crate) fn observer_tag(address: &str) -> String {
    let d = Sha256::digest(address.to_lowercase().as_bytes());
    format!("obs-{}", crate::dice::hex(&d[..6]))
}

/// The subject of a letter to an address that asked to observe a game, in the game's
/// language: the game, then `what` the letter says (`observe-code`, `observing`…).
fn observer_subject(game: &str, what: &str, lang: crate::lang::Lang) -> String {
    let fr = match what {
        "observe-code" => "confirmez votre demande d'observer la partie",
        "observing" => "vous observez la partie",
        "already-observing" => "vous observez déjà la partie",
        "unobserved" => "vous n'observez plus la partie",
        "not-observing" => "vous n'observez pas la partie",
        _ => "",
    };
    match lang {
        crate::lang::Lang::Fr if !fr.is_empty() => format!("{game} : {fr}"),
        _ => format!("{game}: {}", what.replace('-', " ")),
    }
}

impl Game {
    /// The letters of a public broadcast to every observer: one each, to that address
    /// alone. `stem` is the broadcast's (`S1901M-report`), `view` makes the letter from the
    /// observer's common fields.
    pub fn to_observers<V: Into<View>>(
        &self,
        stem: &str,
        subject: &str,
        view: impl Fn(views::Common) -> V,
    ) -> Vec<Letter> {
        if !self.config.observers {
            return Vec::new();
        }
        self.state
            .observers
            .iter()
            .map(|address| {
                let common = views::Common {
                    role: Role::Observer.to_string(),
                    name: Role::Observer.to_string(),
                    ..self.common(Role::Observer)
                };
                Letter {
                    stem: format!("{stem}-{}", observer_tag(address)),
                    to: Person {
                        name: String::new(),
                        email: address.clone(),
                    },
                    subject: self.subject(subject, self.config.language),
                    view: view(common).into(),
                    in_reply_to: None,
                    lang: self.config.language,
                    kind: crate::report::Kind::default(),
                    picture: None,
                }
                .broadcast(&self.config.game)
            })
            .collect()
    }

    /// Does the game have divine players? As its kind says.
    fn divine_players(&self) -> bool {
        self.kind().has_divine_players()
    }

    /// One of two wordings, in the language `role` reads.
    fn say(&self, role: Role, en: &str, fr: &str) -> String {
        crate::words::pick(self.config.reader(role).lang, en, fr)
    }

    /// A letter in answer to a line of a message, to the role's address.
    fn answer_letter(&self, at: At, what: &str, role: Role, subject: &str, view: impl Into<View>) -> Letter {
        let mut l = self.letter(
            format!("{}-l{}-{what}-{}", at.stem, at.line, role.lowercase()),
            role,
            subject,
            view,
        );
        l.in_reply_to = Some(at.id.to_string());
        l
    }

    /// Acts on the questions and settings of a message signed on as `role` (from
    /// [`split`]), in order: a `SET LANGUAGE fr` before `HELP` gets the help in French.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn ask(
        &mut self,
        who: Role,
        commands: Vec<Numbered>,
        id: &str,
        stem: &str,
        arrived: Now,
        intake: &FromIntake,
    ) -> Result<Asked, GameError> {
        let mut out = Asked::default();
        let mut passwords = 0;
        for Numbered { line, text, command } in commands {
            let result = match command {
                Command::Question(q) => self.question(who, q, line, id, stem).map(|letter| {
                    out.letters.push(letter);
                    Ok(Said::Answered {
                        command: text.to_uppercase(),
                    })
                }),
                Command::Setting(Setting::Password(new)) => {
                    passwords += 1;
                    if passwords > 1 {
                        Ok(Err(Refusal::OnePasswordPerMessage))
                    } else {
                        self.set_password(who, line, &new, intake, id, stem, &mut out.letters)
                    }
                }
                Command::Setting(s) => self.setting(who, s, line, id, stem, arrived, &mut out.letters),
                Command::Observe { .. } => Ok(Err(Refusal::ObserveAsPlayer)),
                Command::Confirm { .. } => Ok(Err(Refusal::ConfirmApart)),
                Command::Join { .. } => Ok(Err(Refusal::JoinApart)),
                _ => Ok(Err(Refusal::NotAQuestion)),
            }?;
            match result {
                Ok(done) => out.done.push((line, done)),
                Err(message) => out.errors.push(LineError { line, text, message }),
            }
        }
        Ok(out)
    }

    /// Answers one question with its letter.
    fn question(&self, who: Role, q: Question, line: usize, id: &str, stem: &str) -> Result<Letter, GameError> {
        let role = who;
        let common = self.common(role);
        // The move notation of a game played move by move.
        let boardgame = match self.kind().play() {
            Play::Moves(m) => Some(m),
            Play::Phases(_) => None,
        };
        let lang = self.config.reader(role).lang;
        let house_rules: Vec<String> = self
            .house_rules()?
            .iter()
            .map(|r| format!("{}: {}", r.name, r.description_in(lang)))
            .collect();
        let q_is_map = matches!(q, Question::Map);
        let (what, subject, view): (&str, (&str, &str), View) = match q {
            Question::Help => {
                // The section of HELP the role reads: its kind's for a role of its own.
                let audience = match boardgame {
                    Some(_) => "side",
                    None => self.kind().role_info(who).help,
                };
                // The others a player may write to: never a role no press may reach (God
                // or the Devil).
                let others: Vec<String> = self
                    .roles_in_order()
                    .into_iter()
                    .filter(|&r| r != who && self.kind().role_info(r).receives_press)
                    .map(|r| r.to_string())
                    .collect();
                let view = views::Help {
                    common,
                    audience: audience.into(),
                    divine_players: self.divine_players(),
                    boardgame: boardgame.is_some(),
                    notation: boardgame.map(|k| k.notation(lang).to_string()).unwrap_or_default(),
                    others: others.join(", "),
                    house_rules,
                    observers: self.config.observers,
                    press: match self.config.press {
                        crate::game::config::PressRule::White => "white",
                        crate::game::config::PressRule::Grey => "grey",
                        crate::game::config::PressRule::None => "none",
                    }
                    .into(),
                    password_min: crate::game::password::PASSWORD_MIN,
                };
                ("help", ("help", "aide"), view.into())
            }
            Question::List => ("list", ("list", "liste"), self.list(role, common)?.into()),
            Question::History(past) => (
                "history",
                ("history", "historique"),
                self.history(role, past, common, lang)?.into(),
            ),
            Question::Rules => {
                let view = views::Rules {
                    common,
                    kind: match boardgame {
                        Some(_) => "board",
                        None if self.divine_players() => "divine",
                        None => "diplomacy",
                    }
                    .into(),
                    house_rules,
                    rules: self.kind().players_rules(lang),
                };
                ("rules", ("the rules", "les règles"), view.into())
            }
            Question::Map => {
                let view = views::MapLetter {
                    common,
                    position: self.kind().position_text(self, self.config.reader(role).lang)?,
                };
                ("map", ("the position", "la position"), view.into())
            }
            Question::WhoAmI => {
                let reader = self.config.reader(role);
                let view = views::WhoAmI {
                    common,
                    email: self.config.player(role).map(|p| p.email.clone()).unwrap_or_default(),
                    language: reader.lang.code().into(),
                    timezone: reader.timezone.name().into(),
                    pending_address: self
                        .state
                        .address_changes
                        .get(&who)
                        .map(|c| c.address.clone())
                        .unwrap_or_default(),
                    resignation: match self.state.resignations.get(&who) {
                        Some(r) if r.confirmed.is_some() => "confirmed",
                        Some(_) => "asked",
                        None => "",
                    }
                    .into(),
                    wait: self.state.wait.contains(&who),
                };
                ("whoami", ("who you are", "qui vous êtes"), view.into())
            }
        };
        let subject = crate::words::pick(self.config.reader(role).lang, subject.0, subject.1);
        let letter = self.answer_letter(At { stem, line, id }, what, role, &subject, view);
        Ok(match q_is_map {
            // GET MAP shows the board as a picture too: the one its reader is entitled to.
            true => letter.with_picture(self.kind().picture_now(self, role)),
            false => letter,
        })
    }

    /// `LIST`: the phase, the deadline in the reader's zone and UTC, and which powers have
    /// orders on file. Votes are secret in every game arbitre runs, so they are not shown.
    fn list(&self, role: Role, common: views::Common) -> Result<views::List, GameError> {
        let reader = self.config.reader(role);
        let deadline = self
            .state
            .deadline
            .as_deref()
            .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok());
        let mut view = views::List {
            common,
            deadline_local: deadline
                .map(|d| crate::words::moment_in(d, reader.timezone, reader.lang))
                .unwrap_or_default(),
            deadline_utc: deadline
                .map(|d| crate::words::moment_in(d, chrono_tz::UTC, reader.lang))
                .unwrap_or_default(),
            timezone: reader.timezone.name().into(),
            over: self
                .state
                .finished
                .as_ref()
                .map(|f| self.ending_in(f, reader.lang))
                .unwrap_or_default(),
            wait: !self.state.wait.is_empty(),
            ..Default::default()
        };
        let phases = match self.kind().play() {
            Play::Moves(m) => {
                view.boardgame = true;
                view.moves = self.state.moves.len();
                // The side to move as the reader's letters name it (a French reader: `Rouge`).
                let to_move = m.to_move(self)?;
                view.to_move = match crate::game::role::Role::from_name(&to_move) {
                    Some(side) => side.name_in(reader.lang).to_string(),
                    None => to_move,
                };
                return Ok(view);
            }
            Play::Phases(p) => p,
        };
        if view.over.is_empty() {
            let map = crate::map::Map::standard();
            let b = self.board()?;
            let winter = self.phase()?.kind == crate::phase::PhaseKind::Adjustment;
            for p in map.all_powers() {
                let name = map.power_name(p);
                if !b.in_game(p) {
                    continue;
                }
                let ready = if winter {
                    match public_winter_ready(self, &b, p) {
                        Some(ready) => ready,
                        None => continue, // nothing due by the public rules
                    }
                } else {
                    phases.ready(self, Role::Power(p))?
                };
                let has = self.state.orders.get(&Role::Power(p)).is_some_and(|o| !o.is_empty());
                let on_file = match (ready, has) {
                    (true, true) => "complete",
                    (true, false) => continue, // nothing to order in this phase
                    (false, true) => "some",
                    (false, false) => "none",
                };
                view.roles.push(views::ListRow {
                    role: name.into(),
                    on_file: on_file.into(),
                });
            }
        }
        Ok(view)
    }

    /// `HISTORY`: the reports this role was sent, read back from the outbox and `sent/`.
    fn history(
        &self,
        role: Role,
        past: Past,
        common: views::Common,
        lang: crate::lang::Lang,
    ) -> Result<views::History, GameError> {
        let mut view = views::History {
            common,
            asked: match &past {
                Past::Last => "last".into(),
                Past::All => "all".into(),
                Past::Phase(code) => code.clone(),
            },
            asked_words: match &past {
                Past::Phase(code) => crate::words::phase_text(code, lang),
                _ => String::new(),
            },
            ..Default::default()
        };
        if let Play::Moves(_) = self.kind().play() {
            view.boardgame = true;
            view.moves = self
                .state
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| format!("move {}, {}: {}", i + 1, m.side, m.text))
                .collect();
            return Ok(view);
        }
        let mut found = past_letters(&self.dir, role, self.phase().ok(), self.state.finished.is_some())?;
        match &past {
            Past::All => {}
            Past::Phase(code) => found.retain(|(phase, _)| phase.map(|p| p.code()).as_deref() == Some(code.as_str())),
            Past::Last => {
                let last = found.iter().filter_map(|(p, _)| *p).max();
                found.retain(|(p, _)| p.is_none() || *p == last);
            }
        }
        view.letters = found.into_iter().map(|(_, l)| l).collect();
        Ok(view)
    }

    /// A message without a SIGNON line: its `OBSERVE`, `UNOBSERVE`, `JOIN` and `CONFIRM`
    /// lines that name this game and that it takes, and `LIST` in a game open for sign-up
    /// (`joined` is what the intake read of a JOIN line's password, [`super::join`]). Returns false when there is none (the message is
    /// then refused as any message without a SIGNON line is, whatever it held).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn without_signon(
        &mut self,
        mail: &Incoming,
        commands: &[Numbered],
        id: &str,
        stem: &str,
        arrived: Now,
        joined: Option<(usize, super::join::Given)>,
        fx: &mut Effects,
    ) -> Result<bool, GameError> {
        let from = mail.from_address.to_lowercase();
        if from.is_empty() {
            return Ok(false);
        }
        let mut joined = joined;
        let ours = |g: &str| g.eq_ignore_ascii_case(&self.config.game);
        let steps: Vec<(usize, Step)> = commands
            .iter()
            .filter_map(|c| {
                let step = match &c.command {
                    Command::Observe { game, on } if ours(game) && self.config.observers => {
                        let observing = self.state.observers.contains(&from);
                        match (on, observing) {
                            (true, true) => Step::Notice("already-observing"),
                            (true, false) => Step::ObserveCode,
                            (false, true) => Step::Unobserve,
                            (false, false) => Step::Notice("not-observing"),
                        }
                    }
                    // A game open for sign-up (or filled by it) answers JOIN; one that is not
                    // says nothing of itself.
                    Command::Join { game, .. } if ours(game) && self.takes_joins() => Step::Join(c.command.clone()),
                    Command::Question(Question::List) if self.config.open.is_some() => Step::OpenGames,
                    Command::Confirm { game, code } if ours(game) => {
                        let change =
                            self.state.address_changes.iter().find(|(_, c)| {
                                c.address.eq_ignore_ascii_case(&from) && c.code.eq_ignore_ascii_case(code)
                            });
                        match change {
                            Some((&role, _)) => Step::Address(role),
                            None if self.config.observers && observer_code(self, &from).eq_ignore_ascii_case(code) => {
                                Step::Observe
                            }
                            None => return None,
                        }
                    }
                    _ => return None,
                };
                Some((c.line, step))
            })
            .collect();
        if steps.is_empty() {
            return Ok(false);
        }
        // As a refused message: the same message again is not answered again, and the
        // sender's daily budget counts it.
        let seen = self.state.seen_by.entry(format!("<{from}>")).or_default();
        if seen.contains(&id.to_string()) {
            fx.log
                .push(format!("{stem} <{id}> was seen before: kept, not acted on"));
            return Ok(true);
        }
        seen.push(id.to_string());
        if seen.len() > super::REFUSED_IDS {
            seen.remove(0);
        }
        if !self.spend(&from, arrived) {
            fx.log
                .push(format!("{stem}: over the daily budget of <{from}>: not answered"));
            return Ok(true);
        }
        let anyone = |game: &Game, what: &str, value: &str, code: &str, to: &str, line: usize| {
            Letter {
                stem: format!("{stem}-l{line}-{what}-{}", observer_tag(to)),
                to: Person {
                    name: mail.from_name.clone().unwrap_or_default(),
                    email: to.to_string(),
                },
                subject: observer_subject(&game.config.game, what, game.config.language),
                view: views::Setting {
                    common: views::Common {
                        role: String::new(),
                        name: String::new(),
                        ..game.common(Role::Observer)
                    },
                    what: what.into(),
                    value: value.into(),
                    code: code.into(),
                }
                .into(),
                in_reply_to: None,
                lang: game.config.language,
                kind: crate::report::Kind::Own,
                picture: None,
            }
            .replying_to(mail.message_id.clone())
        };
        for (line, step) in steps {
            match step {
                Step::Join(command) => {
                    let given = joined.take().filter(|(l, _)| *l == line).map(|(_, g)| g);
                    self.join(mail, line, &command, given, stem, arrived, fx)?;
                }
                Step::OpenGames => {
                    let lang = self.config.language;
                    let games = self.open_game(lang).into_iter().collect();
                    let letter = super::join::open_games_letter(
                        games,
                        lang,
                        mail,
                        &self.config.referee.name,
                        format!("{stem}-l{line}-open-games-{}", observer_tag(&from)),
                    );
                    fx.letters.push(letter);
                }
                Step::Notice(what) => fx.letters.push(anyone(self, what, "", "", &from, line)),
                Step::ObserveCode => {
                    let code = observer_code(self, &from);
                    fx.letters.push(anyone(self, "observe-code", "", &code, &from, line));
                }
                Step::Observe => {
                    if !self.state.observers.contains(&from) {
                        self.state.observers.push(from.clone());
                    }
                    fx.letters.push(anyone(self, "observing", "", "", &from, line));
                    fx.log.push(format!("{stem}: <{from}> observes the game"));
                }
                Step::Unobserve => {
                    self.state.observers.retain(|o| o != &from);
                    fx.letters.push(anyone(self, "unobserved", "", "", &from, line));
                    fx.log.push(format!("{stem}: <{from}> no longer observes the game"));
                }
                Step::Address(who) => {
                    let Some(change) = self.state.address_changes.remove(&who) else {
                        continue;
                    };
                    let role = who;
                    let old = self.config.player(who).map(|p| p.email.clone()).unwrap_or_default();
                    let new = change.address.clone();
                    self.change_player(who, |p| p.email = new)?;
                    for (k, to) in [&old, &change.address].into_iter().enumerate() {
                        let mut l = self.letter(
                            format!("{stem}-l{line}-address-done{k}-{}", role.lowercase()),
                            role,
                            &self.say(role, "your address was changed", "votre adresse a été changée"),
                            views::Setting {
                                common: self.common(role),
                                what: "address-done".into(),
                                value: change.address.clone(),
                                code: String::new(),
                            },
                        );
                        l.to.email = to.clone();
                        fx.letters.push(l);
                    }
                    fx.log
                        .push(format!("{stem}: the address of {role} is now <{}>", change.address));
                }
            }
        }
        Ok(true)
    }
}

/// Whether a power has its winter's builds or removals on file, by the adjustments every
/// player can count: without God's adjustment blessing, which only the blessed power hears
/// of before the winter's report (the report's centre counts leave it out the same way).
/// `None` when nothing is due by those counts, so the blessed power is then not listed,
/// whatever it has on file.
fn public_winter_ready(game: &Game, board: &crate::judge::Board, p: crate::map::Power) -> Option<bool> {
    use crate::order::{parse_order, Order};
    let map = crate::map::Map::standard();
    let due = crate::judge::adjust::adjustment(board, &crate::judge::Standard, p);
    let room = crate::judge::adjust::vacant_homes(map, board, p).len() as i32;
    let needed = if due > 0 { due.min(room) } else { -due };
    if needed <= 0 {
        return None;
    }
    let filed = game
        .state
        .orders
        .get(&Role::Power(p))
        .into_iter()
        .flatten()
        .filter(|o| match parse_order(map, o) {
            Ok(Order::Build(_) | Order::Waive) => due > 0,
            Ok(Order::Disband(_)) => due < 0,
            _ => false,
        })
        .count() as i32;
    Some(filed >= needed)
}

/// Which line of which message a letter answers: its name, and its In-Reply-To.
#[derive(Clone, Copy)]
struct At<'a> {
    /// The message's stem (`m00012`).
    stem: &'a str,
    line: usize,
    /// The message's Message-ID.
    id: &'a str,
}

/// What one line without SIGNON comes to.
enum Step {
    /// A letter saying this (`already-observing`, `not-observing`).
    Notice(&'static str),
    /// The code to confirm an observer, sent to the sender.
    ObserveCode,
    /// The code came back: the sender observes.
    Observe,
    Unobserve,
    /// The code of a change of address came back from the new address: done.
    Address(Role),
    /// `JOIN`, in a game that takes it.
    Join(Command),
    /// `LIST` without SIGNON, in a game open for sign-up: the game's places.
    OpenGames,
}

/// The reports `role` was sent (the public report, a divine player's report, a blessing
/// notice, the final report), from the game's outbox and `sent/`, with their phase (none
/// for the final report), oldest first. Only those of phases that happened: with the game
/// at phase `now`, a report of `now` or later, or a final report of a game not over, is of
/// a phase rolled back; of a phase judged again, the last written (`-r1`, `-r2`…) is given.
fn past_letters(
    dir: &Path,
    role: Role,
    now: Option<crate::phase::Phase>,
    finished: bool,
) -> Result<Vec<(Option<crate::phase::Phase>, views::PastLetter)>, GameError> {
    let role = role.lowercase();
    // By name without its rollback count: that count, and the file.
    let mut found: std::collections::BTreeMap<String, (u32, std::path::PathBuf)> = Default::default();
    for folder in ["sent", "outbox"] {
        let Ok(entries) = std::fs::read_dir(dir.join(folder)) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let Some(stem) = name.strip_suffix(".eml") else {
                continue;
            };
            // `-rN`: written after the Nth rollback.
            let (stem, count) = match stem.rsplit_once("-r") {
                Some((s, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                    (s, n.parse().unwrap_or(u32::MAX))
                }
                _ => (stem, 0),
            };
            let happened = if stem == format!("final-{role}") {
                finished
            } else {
                let mut parts = stem.splitn(3, '-');
                let (Some(code), Some(kind), Some(whose)) = (parts.next(), parts.next(), parts.next()) else {
                    continue;
                };
                let Some(phase) = crate::phase::Phase::parse(code).ok().filter(|p| p.code() == code) else {
                    continue;
                };
                if whose != role || !matches!(kind, "report" | "divine" | "blessing") {
                    continue;
                }
                // A blessing notice is written for the phase that opens: it is of `now`.
                now.is_none_or(|now| if kind == "blessing" { phase <= now } else { phase < now })
            };
            if !happened {
                continue;
            }
            match found.get(stem) {
                Some((kept, _)) if *kept >= count => {}
                _ => {
                    found.insert(stem.to_string(), (count, e.path()));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (stem, (_, path)) in found {
        let raw = std::fs::read(&path).map_err(GameError::io(&path))?;
        let Some(m) = mail_parser::MessageParser::default().parse(&raw) else {
            continue;
        };
        let phase = crate::phase::Phase::parse(stem.split('-').next().unwrap_or_default()).ok();
        let phase = if stem.starts_with("final-") { None } else { phase };
        out.push((
            phase,
            views::PastLetter {
                phase: phase.map_or("final".into(), |p| p.code()),
                subject: m.subject().unwrap_or_default().to_string(),
                text: m
                    .body_text(0)
                    .map(|t| t.replace("\r\n", "\n"))
                    .unwrap_or_default()
                    .trim_end()
                    .to_string(),
            },
        ));
    }
    // By phase, the final report last; within a phase the public report first.
    out.sort_by_key(|(p, l)| (p.is_none(), *p, !l.subject.ends_with("results")));
    Ok(out)
}
