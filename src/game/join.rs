//! Joining a game by mail (issue #26): a game created with `open: {until: …}` in its players
//! file fills by `JOIN <game> <password> [<preferences>]` mails (`REJOINDRE` in French),
//! sent without SIGNON, as on the email Judge; when every role is taken the roles are drawn
//! from the game's seed ([`draw`]) and the game starts.
//!
//! - The password on a JOIN line is the joiner's own for the game (it follows the one rule
//!   of [`super::password::check_new_password`]), as on the Judge, where signing on to a
//!   game creates the player with the password written. In a game whose `open:` has a
//!   `password:` (a private sign-up), it is that sign-up password instead, and arbitre makes
//!   each joiner's own password and sends it in the welcome. Either way the intake reads it
//!   once, as it comes in ([`header`]): the archive keeps neither.
//! - Each JOIN gets an answer to the address it came from (accepted, the game full (its
//!   last place taken: it has started) or the sign-up closed, a bad password, an address already in the game, a preference that is no
//!   role), in French for `REJOINDRE`, else in the game's language; the referee finds a line
//!   for each in the next digest.
//! - `LIST` without SIGNON answers with the games open for sign-up ([`open_games`]).
//! - The draw names no one to anyone else: each player learns only his own role, in his
//!   welcome, and what the others receive does not depend on who drew God or the Devil.

use super::commands::{Command, Numbered};
use super::config::{address_in_use, check_password, hash_password, new_salt, update_game_config, Open, Player};
use super::kind::{Kinds, Play};
use super::password::{check_new_password, fresh_password};
use super::role::Role;
use super::said::PasswordProblem;
use super::state::GameConfig;
use super::{games_under, read_config, Effects, Game, GameError, Now};
use crate::dice::{Dice, Seed};
use crate::lang::Lang;
use crate::mail::incoming::{Incoming, REDACTED};
use crate::report::{views, Letter, Person, View};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The header the intake writes in place of a JOIN line's password: `LINE own HASH` (the
/// joiner's own password, hashed), `LINE weak CODE` (it breaks the password rule), or
/// `LINE signup right|wrong` (a private sign-up's password, checked).
pub const JOIN_HEADER: &str = "X-Arbitre-Join";

/// The ChaCha20 stream of the seed the draw of the roles reads ([`Dice::stream`]): not
/// the game's own draws' (stream 0), so that the draw shares no word with them.
pub const DRAW_STREAM: u64 = 1;

/// The sign-up of an open game, in `state.yaml`.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    /// Those signed up, in the order their JOIN came.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<Joined>,
    /// The sign-ups not yet told to the referee (the next digest lists them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untold: Vec<Told>,
}

impl SignUp {
    pub fn is_empty(&self) -> bool {
        self.joined.is_empty() && self.untold.is_empty()
    }
}

/// One player signed up.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Joined {
    pub name: String,
    pub email: String,
    /// The hash of the password written on the JOIN line; none in a private sign-up, where
    /// arbitre makes one at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<String>,
    /// The roles preferred, in order, by their names; `*` for any other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferences: Vec<String>,
    /// Signed up in French (`REJOINDRE`) in a game whose language is not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Lang>,
}

/// One JOIN as the referee's digest tells it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Told {
    pub name: String,
    pub email: String,
    pub outcome: Outcome,
}

/// What came of one JOIN line.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Signed up; this many places are still free.
    Accepted { left: usize },
    /// Every place was already taken.
    Full,
    /// After the end of the sign-up.
    Closed,
    /// Not the private sign-up's password.
    BadPassword,
    /// The joiner's own password breaks the rule (its [`PasswordProblem::code`]).
    WeakPassword { code: String },
    /// The address already has a place (a listed player's, or an earlier JOIN's).
    AddressTaken,
    /// A preference that names no role of the game.
    NotARole { name: String },
}

impl Outcome {
    /// The `what` of `join.txt`.
    fn what(&self) -> &'static str {
        match self {
            Outcome::Accepted { .. } => "accepted",
            Outcome::Full => "full",
            Outcome::Closed => "closed",
            Outcome::BadPassword => "bad-password",
            Outcome::WeakPassword { .. } => "weak-password",
            Outcome::AddressTaken => "address-taken",
            Outcome::NotARole { .. } => "not-a-role",
        }
    }
}

impl crate::lang::Worded for Outcome {
    /// The digest's words for it.
    fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (Outcome::Accepted { left: 0 }, Lang::En) => "signed up, the last place: the roles were drawn".into(),
            (Outcome::Accepted { left: 0 }, Lang::Fr) => {
                "inscrit, à la dernière place : les rôles ont été tirés".into()
            }
            (Outcome::Accepted { left }, Lang::En) => format!("signed up ({left} places still free)"),
            (Outcome::Accepted { left }, Lang::Fr) => format!("inscrit ({left} places encore libres)"),
            (Outcome::Full, Lang::En) => "refused: the game was full".into(),
            (Outcome::Full, Lang::Fr) => "refusé : la partie était complète".into(),
            (Outcome::Closed, Lang::En) => "refused: the sign-up was closed".into(),
            (Outcome::Closed, Lang::Fr) => "refusé : l'inscription était close".into(),
            (Outcome::BadPassword, Lang::En) => "refused: not the sign-up password".into(),
            (Outcome::BadPassword, Lang::Fr) => "refusé : ce n'est pas le mot de passe d'inscription".into(),
            (Outcome::WeakPassword { code }, Lang::En) => format!("refused: the password breaks the rule ({code})"),
            (Outcome::WeakPassword { code }, Lang::Fr) => {
                format!("refusé : le mot de passe enfreint la règle ({code})")
            }
            (Outcome::AddressTaken, Lang::En) => "refused: the address already has a place".into(),
            (Outcome::AddressTaken, Lang::Fr) => "refusé : l'adresse a déjà une place".into(),
            (Outcome::NotARole { name }, Lang::En) => format!("refused: \"{name}\" is not a role"),
            (Outcome::NotARole { name }, Lang::Fr) => format!("refusé : « {name} » n'est pas un rôle"),
        }
    }
}

/// What the intake read of a JOIN line's password ([`JOIN_HEADER`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// The joiner's own password, hashed.
    Own(String),
    /// The joiner's own password breaks the rule.
    Weak(PasswordProblem),
    /// A private sign-up's password, right or wrong.
    SignUp(bool),
}

/// The first JOIN line of a message without SIGNON that names `name` (any case): its line,
/// and the line itself.
fn join_line<'a>(commands: &'a [Numbered], name: &str) -> Option<(usize, &'a Command)> {
    if commands.iter().any(|c| matches!(c.command, Command::Signon { .. })) {
        return None;
    }
    commands
        .iter()
        .find(|c| matches!(&c.command, Command::Join { game, .. } if game.eq_ignore_ascii_case(name)))
        .map(|c| (c.line, &c.command))
}

/// Reads what a password of a JOIN line is for the game `config`: see [`Given`].
fn read_password(config: &GameConfig, password: &str) -> Given {
    match config.open.as_ref().and_then(|o| o.password_hash.as_deref()) {
        Some(hash) => Given::SignUp(check_password(password, hash)),
        None => match check_new_password(password) {
            Ok(()) => Given::Own(hash_password(password, &new_salt())),
            Err(why) => Given::Weak(why),
        },
    }
}

/// The intake's header line for the first JOIN line of `mail` that names the game of
/// `config`, when the game is open for sign-up: the password read once, never kept.
pub fn header(config: &GameConfig, mail: &Incoming) -> Option<String> {
    config.open.as_ref()?;
    let (commands, _) = super::commands::parse_commands(&mail.lines);
    let (line, Command::Join { password, .. }) = join_line(&commands, &config.game)? else {
        return None;
    };
    Some(match read_password(config, password) {
        Given::Own(hash) => format!("{JOIN_HEADER}: {line} own {hash}"),
        Given::Weak(why) => format!("{JOIN_HEADER}: {line} weak {}", why.code()),
        Given::SignUp(right) => format!("{JOIN_HEADER}: {line} signup {}", if right { "right" } else { "wrong" }),
    })
}

/// Reads the intake's [`JOIN_HEADER`] of an archived message: the line and what was read.
pub fn read_header(raw: &[u8]) -> Option<(usize, Given)> {
    let m = mail_parser::MessageParser::default().parse_headers(raw)?;
    let v = m.header_raw(JOIN_HEADER)?;
    let mut words = v.split_whitespace();
    let line: usize = words.next()?.parse().ok()?;
    let given = match (words.next()?, words.next()?) {
        ("own", hash) => Given::Own(hash.to_string()),
        ("weak", code) => Given::Weak(PasswordProblem::from_code(code, super::password::PASSWORD_MIN)?),
        ("signup", right) => Given::SignUp(right == "right"),
        _ => return None,
    };
    Some((line, given))
}

/// One preference of a JOIN line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    Role(Role),
    /// `*`: any role left.
    Any,
}

/// The draw of the roles of a game filled by sign-up, from its `seed`: `free` are the roles
/// to fill, in the game's order; `preferences[k]` are those of the k-th to sign up, in the
/// order they came. Returns each one's role, in the same order. The procedure, which anyone
/// can recompute from the seed published in the final report (docs/referee.md):
///
/// 1. The draws read the seed's ChaCha20 stream [`DRAW_STREAM`] ([`Dice::stream`]), by the
///    rule of [`crate::dice`].
/// 2. The order of choice is a shuffle of the sign-ups: for i from n−1 down to 1, draw j
///    from 0 to i and swap the places i and j (Fisher–Yates), starting from the order in
///    which they signed up.
/// 3. In that order, each takes the first role named in his preferences (before any `*`)
///    that is still free.
/// 4. Then, in the same order, each who has none yet is given a role drawn from those
///    still free: a number from 0 to their count − 1, the roles in the game's order.
///    So a `*` never takes a role that someone named.
pub fn draw(seed: Seed, free: &[Role], preferences: &[Vec<Preference>]) -> Vec<Role> {
    assert_eq!(free.len(), preferences.len(), "one role for each sign-up");
    let mut dice = Dice::stream(seed, DRAW_STREAM);
    let n = preferences.len();
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = dice.below(i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let mut left: Vec<Role> = free.to_vec();
    let mut roles: Vec<Option<Role>> = vec![None; n];
    for &k in &order {
        let named = preferences[k].iter().take_while(|p| **p != Preference::Any);
        for p in named {
            if let Preference::Role(r) = p {
                if let Some(i) = left.iter().position(|x| x == r) {
                    roles[k] = Some(left.remove(i));
                    break;
                }
            }
        }
    }
    for &k in &order {
        if roles[k].is_none() {
            roles[k] = Some(left.remove(dice.below(left.len() as u32) as usize));
        }
    }
    roles
        .into_iter()
        .map(|r| r.expect("every sign-up drew a role"))
        .collect()
}

impl Game {
    /// The roles still to fill by sign-up: the game's roles that no listed player plays.
    pub fn free_roles(&self) -> Vec<Role> {
        self.roles_in_order()
            .into_iter()
            .filter(|r| self.config.player(*r).is_none())
            .collect()
    }

    /// The game's roles by name (English or French), for a preference.
    fn preference(&self, word: &str) -> Option<Preference> {
        if word == "*" {
            return Some(Preference::Any);
        }
        let roles = self.config.roles(self.kind).ok()?;
        roles.signon(word).filter(|r| *r != Role::Referee).map(Preference::Role)
    }

    /// Does the game take JOIN lines: open for sign-up, or filled by sign-up already (a
    /// late JOIN is told that the game has started)? Any other game answers a JOIN as any
    /// message without SIGNON, saying nothing of itself.
    pub(crate) fn takes_joins(&self) -> bool {
        self.config.open.is_some() || !self.state.signup.joined.is_empty()
    }

    /// Acts on the JOIN line `command` at `line` of a message from `mail`'s sender (no
    /// SIGNON), whose password the intake read as `given` (none for a message archived
    /// unredacted: read here). Writes the answer, and, when the last place is taken, draws
    /// the roles and starts the game.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn join(
        &mut self,
        mail: &Incoming,
        line: usize,
        command: &Command,
        given: Option<Given>,
        stem: &str,
        arrived: Now,
        fx: &mut Effects,
    ) -> Result<(), GameError> {
        let Command::Join {
            password,
            preferences,
            french,
            ..
        } = command
        else {
            return Ok(());
        };
        let lang = if *french { Lang::Fr } else { self.config.language };
        let from = mail.from_address.clone();
        let name = mail
            .from_name
            .clone()
            .unwrap_or_else(|| from.split('@').next().unwrap_or_default().to_string());
        let given = given.unwrap_or_else(|| {
            if password == REDACTED {
                Given::Weak(PasswordProblem::Redacted)
            } else {
                read_password(&self.config, password)
            }
        });
        let read: Result<Vec<Preference>, String> = preferences
            .iter()
            .map(|p| self.preference(p).ok_or_else(|| p.clone()))
            .collect();
        let places = self.free_roles().len();
        let left = places.saturating_sub(self.state.signup.joined.len());
        let taken = address_in_use(
            self.config
                .players
                .iter()
                .map(|p| p.email.as_str())
                .chain(self.state.signup.joined.iter().map(|j| j.email.as_str())),
            &from,
        );
        let outcome = match (&self.config.open, given) {
            // Filled by sign-up, and started.
            (None, _) => Outcome::Full,
            (Some(o), _) if chrono::DateTime::parse_from_rfc3339(&o.until).is_ok_and(|u| arrived > u) => {
                Outcome::Closed
            }
            _ if taken => Outcome::AddressTaken,
            _ if left == 0 => Outcome::Full,
            (_, Given::SignUp(false)) => Outcome::BadPassword,
            (_, Given::Weak(why)) => Outcome::WeakPassword {
                code: why.code().to_string(),
            },
            _ if read.is_err() => Outcome::NotARole {
                name: read.err().unwrap_or_default(),
            },
            (_, given) => {
                self.state.signup.joined.push(Joined {
                    name: name.clone(),
                    email: from.clone(),
                    password_hash: match given {
                        Given::Own(hash) => Some(hash),
                        _ => None,
                    },
                    preferences: preferences
                        .iter()
                        .map(|p| match self.preference(p) {
                            Some(Preference::Role(r)) => r.text().to_string(),
                            _ => "*".to_string(),
                        })
                        .collect(),
                    language: (*french && self.config.language != Lang::Fr).then_some(Lang::Fr),
                });
                Outcome::Accepted { left: left - 1 }
            }
        };
        fx.log.push(format!(
            "{stem}: JOIN from <{from}>: {}",
            crate::lang::Worded::words(&outcome, Lang::En)
        ));
        self.state.signup.untold.push(Told {
            name: name.clone(),
            email: from.clone(),
            outcome: outcome.clone(),
        });
        let why = match &outcome {
            Outcome::WeakPassword { code } => PasswordProblem::from_code(code, super::password::PASSWORD_MIN)
                .map(|p| crate::lang::Worded::words(&p, lang))
                .unwrap_or_default(),
            _ => String::new(),
        };
        let shown: Vec<String> = preferences.to_vec();
        let view = views::Join {
            common: views::Common {
                role: String::new(),
                name: name.clone(),
                ..self.sign_up_common()
            },
            what: outcome.what().to_string(),
            until: self.until_text(lang),
            // After this JOIN: one fewer when it took a place.
            left: match outcome {
                Outcome::Accepted { left } => left,
                _ => left,
            },
            places,
            preferences: match &outcome {
                Outcome::NotARole { name } => name.clone(),
                _ => shown.join(", "),
            },
            why,
            roles: self
                .roles_in_order()
                .iter()
                .map(|r| r.text())
                .collect::<Vec<_>>()
                .join(", "),
            private: self.config.open.as_ref().is_some_and(|o| o.password_hash.is_some()),
            password: String::new(),
            games: Vec::new(),
        };
        fx.letters.push(
            Letter {
                stem: format!("{stem}-l{line}-join-{}", super::ask::observer_tag(&from)),
                to: Person {
                    name: mail.from_name.clone().unwrap_or_default(),
                    email: from.clone(),
                },
                subject: format!(
                    "{}: {}",
                    self.config.game,
                    crate::words::pick(lang, "sign-up", "inscription")
                ),
                view: view.into(),
                in_reply_to: None,
                lang,
                kind: crate::report::Kind::Own,
                picture: None,
            }
            .replying_to(mail.message_id.clone()),
        );
        if matches!(outcome, Outcome::Accepted { left: 0 }) {
            self.fill(arrived, fx)?;
        }
        Ok(())
    }

    /// What a sign-up letter shows of the game: its name and title, the referee, and the
    /// seed's commitment; no phase, no deadline yet.
    fn sign_up_common(&self) -> views::Common {
        views::Common {
            game: self.config.game.clone(),
            title: self.title().to_string(),
            referee: self.config.referee.name.clone(),
            commitment: self.config.commitment.clone(),
            ..Default::default()
        }
    }

    /// The end of the sign-up in the game's zone and UTC, in `lang`; empty once started.
    fn until_text(&self, lang: Lang) -> String {
        self.config
            .open
            .as_ref()
            .map(|o| crate::words::moment_text(&o.until, self.config.game_reader().timezone, lang))
            .unwrap_or_default()
    }

    /// The last place is taken: draws the roles, writes the players into `game.yaml`
    /// (with the passwords arbitre makes in a private sign-up), closes the sign-up and starts
    /// the game as `arbitre new` does for a full players file, at `now`.
    fn fill(&mut self, now: Now, fx: &mut Effects) -> Result<(), GameError> {
        let free = self.free_roles();
        let joined = self.state.signup.joined.clone();
        let preferences: Vec<Vec<Preference>> = joined
            .iter()
            .map(|j| j.preferences.iter().filter_map(|p| self.preference(p)).collect())
            .collect();
        let roles = draw(self.seed()?, &free, &preferences);
        let mut made: BTreeMap<Role, String> = BTreeMap::new();
        let players: Vec<Player> = joined
            .iter()
            .zip(&roles)
            .map(|(j, &role)| Player {
                name: j.name.clone(),
                email: j.email.clone(),
                role,
                password_hash: match &j.password_hash {
                    Some(h) => h.clone(),
                    None => make_password(role, &mut made),
                },
                language: j.language,
                timezone: None,
            })
            .collect();
        let open = self.config.open.clone();
        let first = self.first_deadline(open.as_ref(), now)?;
        self.config = update_game_config(&self.dir, |c| {
            c.players.extend(players.iter().cloned());
            // The players in the game's order of roles, whoever came first: the order of
            // the players file says nothing of who drew what.
            let order = self.roles_in_order();
            c.players
                .sort_by_key(|p| order.iter().position(|r| *r == p.role).unwrap_or(usize::MAX));
            c.open = None;
            Ok(())
        })?;
        let mut started = self.kind.start(self, Some(first))?;
        give_passwords(&mut started.letters, &made);
        fx.letters.append(&mut started.letters);
        fx.pages.append(&mut started.pages);
        fx.log.append(&mut started.log);
        fx.log.push(format!(
            "the sign-up is complete: the roles were drawn from the seed (stream {DRAW_STREAM}) and the game started"
        ));
        Ok(())
    }

    /// The first deadline of a game filled by sign-up at `now`: the players file's
    /// `start:` when it is no earlier than the deadline of a first phase opened now (by the
    /// game's `deadlines:`, a length or the calendar), else that deadline.
    fn first_deadline(&self, open: Option<&Open>, now: Now) -> Result<Now, GameError> {
        let start = open
            .and_then(|o| chrono::DateTime::parse_from_rfc3339(&o.start).ok())
            .unwrap_or(now);
        let Play::Phases(phases) = self.kind.play() else {
            return Ok(start);
        };
        let first = crate::phase::Phase::new(crate::phase::Season::Spring, 1901, crate::phase::PhaseKind::Movement);
        let due = phases.due(self, first, now)?;
        Ok(if start >= due { start } else { due })
    }

    /// The letters of `arbitre new` to the players its file lists, in a game open for
    /// sign-up: each his role, the end of the sign-up, and the password arbitre made for
    /// him when the file gave none.
    pub(crate) fn listed_letters(&self, made: &BTreeMap<Role, String>) -> Vec<Letter> {
        let places = self.free_roles().len();
        self.roles()
            .into_iter()
            .map(|role| {
                let lang = self.config.reader(role).lang;
                let view = views::Join {
                    common: views::Common {
                        role: role.to_string(),
                        name: self.config.player(role).map(|p| p.name.clone()).unwrap_or_default(),
                        ..self.sign_up_common()
                    },
                    what: "listed".into(),
                    until: self.until_text(lang),
                    left: places,
                    places,
                    password: made.get(&role).cloned().unwrap_or_default(),
                    ..Default::default()
                };
                let mut letter = self.letter(format!("listed-{}", role.lowercase()), role, "", view);
                letter.subject = format!(
                    "{}: {}",
                    self.config.game,
                    crate::words::pick(lang, "your place, before the start", "votre place, avant le début")
                );
                letter
            })
            .collect()
    }

    /// The answer to a listed player's message before the game starts: nothing is acted on.
    pub(crate) fn not_started(&self, role: Role, stem: &str, in_reply_to: Option<String>) -> Letter {
        let lang = self.config.reader(role).lang;
        let places = self.free_roles().len();
        let view = views::Join {
            common: views::Common {
                role: role.to_string(),
                name: self.config.player(role).map(|p| p.name.clone()).unwrap_or_default(),
                ..self.sign_up_common()
            },
            what: "waiting".into(),
            until: self.until_text(lang),
            left: places.saturating_sub(self.state.signup.joined.len()),
            places,
            ..Default::default()
        };
        let mut letter = self.letter(format!("{stem}-reply-{}", role.lowercase()), role, "", view);
        letter.subject = format!(
            "{}: {}",
            self.config.game,
            crate::words::pick(lang, "not started yet", "pas encore commencée")
        );
        letter.replying_to(in_reply_to)
    }
}

/// What `arbitre status` shows of a game open for sign-up.
#[derive(Serialize)]
struct SignUpStatus<'a> {
    game: &'a str,
    variant: &'a str,
    open: OpenStatus<'a>,
    /// The players the file seated: `role: name <address>`.
    listed: Vec<String>,
    signed_up: &'a [Joined],
}

#[derive(Serialize)]
struct OpenStatus<'a> {
    until: &'a str,
    places: usize,
    left: usize,
    private: bool,
}

impl Game {
    /// `arbitre status` of a game still open for sign-up (none once it has started): as
    /// text, or as YAML.
    pub fn sign_up_status(&self, yaml: bool) -> Option<Result<String, GameError>> {
        let o = self.config.open.as_ref()?;
        let places = self.free_roles().len();
        let status = SignUpStatus {
            game: &self.config.game,
            variant: &self.config.variant,
            open: OpenStatus {
                until: &o.until,
                places,
                left: places.saturating_sub(self.state.signup.joined.len()),
                private: o.password_hash.is_some(),
            },
            listed: self
                .config
                .players
                .iter()
                .map(|p| format!("{}: {} <{}>", p.role, p.name, p.email))
                .collect(),
            signed_up: &self.state.signup.joined,
        };
        if yaml {
            return Some(
                serde_yaml::to_string(&status)
                    .map(|t| if t.ends_with('\n') { t } else { t + "\n" })
                    .map_err(GameError::from),
            );
        }
        let mut text = format!(
            "{} ({}): open for sign-up until {}; {} of {} places free\n",
            status.game,
            self.title(),
            crate::words::moment_text(&o.until, self.config.game_reader().timezone, Lang::En),
            status.open.left,
            places
        );
        for l in &status.listed {
            text.push_str(&format!("  listed {l}\n"));
        }
        for j in status.signed_up {
            let prefs = if j.preferences.is_empty() {
                "no preference".to_string()
            } else {
                j.preferences.join(" ")
            };
            text.push_str(&format!("  signed up: {} <{}> ({prefs})\n", j.name, j.email));
        }
        Some(Ok(text))
    }
}

impl Told {
    /// Its line in the referee's digest, in `lang`.
    pub fn line(&self, lang: Lang) -> String {
        format!(
            "{} <{}>: {}",
            self.name,
            self.email,
            crate::lang::Worded::words(&self.outcome, lang)
        )
    }
}

/// A password made by arbitre for `role` ([`fresh_password`]), kept in `made` for the
/// role's welcome alone; returns its hash, for `game.yaml`.
pub(crate) fn make_password(role: Role, made: &mut BTreeMap<Role, String>) -> String {
    let password = fresh_password();
    let hash = hash_password(&password, &new_salt());
    made.insert(role, password);
    hash
}

/// Puts the passwords arbitre made (`made`, by role) into the welcomes of `letters` (named
/// `welcome-ROLE` by every kind's start): each only in its own player's welcome.
pub(crate) fn give_passwords(letters: &mut [Letter], made: &BTreeMap<Role, String>) {
    for letter in letters {
        let Some(password) = made
            .iter()
            .find(|(role, _)| letter.stem == format!("welcome-{}", role.lowercase()))
            .map(|(_, password)| password)
        else {
            continue;
        };
        match &mut letter.view {
            View::Welcome(w) => w.password = password.clone(),
            View::BoardWelcome(w) => w.password = password.clone(),
            _ => {}
        }
    }
}

/// The games open for sign-up under `root` (of the `kinds` given), for `LIST` without
/// SIGNON: each with its places left and the end of its sign-up, in `lang`, in the games'
/// name order. A game that does not open is left out.
pub fn open_games(root: &Path, kinds: &Kinds, lang: Lang) -> Vec<views::OpenGame> {
    let Ok(dirs) = games_under(root) else {
        return Vec::new();
    };
    dirs.iter()
        .filter(|d| read_config(d).is_ok_and(|c| c.open.is_some()))
        .filter_map(|d| Game::open(d, kinds).ok())
        .filter_map(|g| g.open_game(lang))
        .collect()
}

impl Game {
    /// The game as `LIST` without SIGNON shows it, when it is open for sign-up.
    pub(crate) fn open_game(&self, lang: Lang) -> Option<views::OpenGame> {
        let o = self.config.open.as_ref()?;
        let places = self.free_roles().len();
        Some(views::OpenGame {
            game: self.config.game.clone(),
            title: self.title().to_string(),
            left: places.saturating_sub(self.state.signup.joined.len()),
            places,
            until: crate::words::moment_text(&o.until, self.config.game_reader().timezone, lang),
            private: o.password_hash.is_some(),
        })
    }
}

/// The answer to `LIST` without SIGNON from `mail`'s sender: the `games` open for sign-up,
/// in `lang`, signed by `referee`.
pub fn open_games_letter(
    games: Vec<views::OpenGame>,
    lang: Lang,
    mail: &Incoming,
    referee: &str,
    stem: String,
) -> Letter {
    let view = views::Join {
        common: views::Common {
            name: mail.from_name.clone().unwrap_or_default(),
            referee: referee.to_string(),
            ..Default::default()
        },
        what: "open-games".into(),
        games,
        ..Default::default()
    };
    Letter {
        stem,
        to: Person {
            name: mail.from_name.clone().unwrap_or_default(),
            email: mail.from_address.clone(),
        },
        subject: crate::words::pick(lang, "games open for sign-up", "parties ouvertes à l'inscription"),
        view: view.into(),
        in_reply_to: mail.message_id.clone(),
        lang,
        kind: crate::report::Kind::Reply,
        picture: None,
    }
}

/// Does a message without SIGNON ask `LIST` (the games open for sign-up)?
pub fn asks_open_games(commands: &[Numbered]) -> bool {
    !commands.iter().any(|c| matches!(c.command, Command::Signon { .. }))
        && commands
            .iter()
            .any(|c| matches!(c.command, Command::Question(super::commands::Question::List)))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::map::Power;

    /// One of each outcome, for the shared test of words.
    pub fn every_outcome() -> Vec<Outcome> {
        vec![
            Outcome::Accepted { left: 0 },
            Outcome::Accepted { left: 3 },
            Outcome::Full,
            Outcome::Closed,
            Outcome::BadPassword,
            Outcome::WeakPassword { code: "short".into() },
            Outcome::AddressTaken,
            Outcome::NotARole { name: "Prussia".into() },
        ]
    }

    fn power(i: u8) -> Role {
        Role::Power(Power(i))
    }

    /// Everyone's first choice free: everyone gets it, whatever the shuffle.
    #[test]
    fn free_first_choices_are_all_honoured() {
        let free = [power(0), power(1), Role::Named("God"), Role::Named("Devil")];
        let prefs = vec![
            vec![Preference::Role(Role::Named("Devil"))],
            vec![Preference::Role(power(1)), Preference::Any],
            vec![Preference::Role(Role::Named("God"))],
            vec![Preference::Role(power(0))],
        ];
        for seed in [[0u8; 32], [7; 32], [255; 32]] {
            assert_eq!(
                draw(Seed(seed), &free, &prefs),
                vec![Role::Named("Devil"), power(1), Role::Named("God"), power(0)]
            );
        }
    }

    /// The procedure of the docs, recomputed by hand from the stream's words: with two
    /// sign-ups who both want God and nothing else, the shuffle decides who gets it.
    #[test]
    fn the_draw_is_the_documented_procedure() {
        let free = [Role::Named("God"), Role::Named("Devil")];
        let prefs = vec![
            vec![Preference::Role(Role::Named("God"))],
            vec![Preference::Role(Role::Named("God"))],
        ];
        for seed in [[0u8; 32], [1; 32], [2; 32], [3; 32]] {
            let mut dice = Dice::stream(Seed(seed), DRAW_STREAM);
            // i = 1: j from 0 to 1; j = 1 leaves the order as it came.
            let first = if dice.below(2) == 1 { 0 } else { 1 };
            let mut want = vec![Role::Named("Devil"), Role::Named("Devil")];
            want[first] = Role::Named("God");
            assert_eq!(draw(Seed(seed), &free, &prefs), want, "seed {seed:?}");
        }
        // Without preferences the roles are drawn among those left, in the game's order.
        let none = vec![Vec::new(), Vec::new()];
        let mut dice = Dice::stream(Seed([0; 32]), DRAW_STREAM);
        let first = if dice.below(2) == 1 { 0 } else { 1 };
        let pick = dice.below(2) as usize;
        let mut want = vec![free[1 - pick], free[1 - pick]];
        want[first] = free[pick];
        assert_eq!(draw(Seed([0; 32]), &free, &none), want);
    }

    #[test]
    fn the_intakes_header_reads_back() {
        let raw = format!("{JOIN_HEADER}: 3 own $argon2id$x\r\nFrom: a@b\r\n\r\nx");
        assert_eq!(read_header(raw.as_bytes()), Some((3, Given::Own("$argon2id$x".into()))));
        let raw = format!("{JOIN_HEADER}: 2 weak short\r\n\r\nx");
        assert_eq!(
            read_header(raw.as_bytes()),
            Some((2, Given::Weak(PasswordProblem::TooShort { min: 6 })))
        );
        let raw = format!("{JOIN_HEADER}: 1 signup wrong\r\n\r\nx");
        assert_eq!(read_header(raw.as_bytes()), Some((1, Given::SignUp(false))));
    }
}
