//! The referee's desk (issue #13): what a referee does to a live game without editing its
//! files by hand. One function per verb, each taking the opened game and returning what it
//! did as [`Effects`]: the letters to the players who must know, and the journal entry
//! ([`journal`]). The command line (`arbitre deadline DIR …`, through [`at_desk`]) and the
//! referee's mail (`SIGNON Referee …`, [`mail`]) both build a [`Verb`], and [`Verb::act`]
//! calls its function.
//!
//! Every verb checks everything before it changes anything: a wrong power, time or state
//! is a [`DeskError`] and the game is left as it was.
//!
//! Decisions where the issue is silent:
//! - `deadline +2d` moves the current deadline by two days; `resume --deadline +2d` counts
//!   from now (a paused game has no deadline running). A resume without a time gives the
//!   players back the time they had left when the game was paused.
//! - A rollback opens the restored phase with a fresh deadline (its length from
//!   `deadlines:`), so that players can revise the orders restored; the reports of the
//!   undone phase not yet sent are withdrawn to `history/withdrawn-<phase>/`.
//! - The notices of a desk act are the same bytes for every recipient: they name no
//!   recipient, and the one of a replacement names no role (so that replacing God reads
//!   exactly as replacing a power).
//! - Civil disorder lasts until the power is replaced; orders of a power in disorder are
//!   not used.

pub mod absence;
pub mod history;
pub mod journal;
pub mod mail;
mod players;
pub mod referee;
pub mod status;
pub mod verb;
pub mod when;

pub use players::{disorder, player, replace, Account};

use crate::game::kind::{Kinds, Phases, Play, Run};
use crate::game::role::Role;
use crate::game::state::Reader;
use crate::game::{is_game, lock, show_time, Effects, Game, GameError, Now};
use crate::lang::{Lang, Worded};
use crate::map::Map;
use crate::report::views::{DeskNotice, Notice};
use crate::report::Letter;
use journal::{Done, Entry, Who};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
pub use verb::{Outcome, Verb};
pub use when::When;

/// The role the referee signs on as by mail, as [`Role::Referee`] is spelt.
pub const REFEREE: &str = crate::game::role::REFEREE;

/// What `state.yaml` keeps for the desk, under `desk:`.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DeskState {
    /// Set while the game is paused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<Pause>,
    /// The powers in civil disorder.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disorder: Vec<Role>,
    /// How many desk acts wrote letters: their file names are numbered by it (`d0003-…`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub acts: u32,
    /// How many rollbacks and redos were made: every letter written after the n-th has
    /// `-rN` at the end of its file name, since the names of the phases played again were
    /// used before (and a file name already in `sent/` is never written again).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rollbacks: u32,
    /// The phases in a row each power let pass without orders (NMR).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub missed: BTreeMap<Role, u32>,
    /// The absences each player declared (`SET ABSENCE`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub absences: BTreeMap<Role, Vec<absence::Absence>>,
    /// The days of deadline each player's absences moved, per year.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub absence_days: BTreeMap<Role, BTreeMap<String, u32>>,
    /// The roles whose orders of the phase came in the grace period after its deadline.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late: Vec<Role>,
    /// Failed sign-ons per role (the referee's too) since the referee's last digest.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub signon_failures: BTreeMap<Role, u32>,
    /// How many messages were in `failed/` at the referee's last digest.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub failed_told: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl DeskState {
    pub fn is_empty(&self) -> bool {
        *self == DeskState::default()
    }
}

/// A pause: since when, and why.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Pause {
    /// When the game was paused (RFC 3339).
    pub since: String,
    pub why: String,
}

/// Why a desk verb did nothing. Each says what is wrong and how to put it right.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(
        "\"{text}\" is not a time: write +2d, +36h, an RFC 3339 time (2026-12-03T20:00:00+01:00) \
         or a date and time in the game's zone, {timezone} (2026-12-03 20:00)"
    )]
    BadTime { text: String, timezone: String },
    #[error("\"{text}\" does not exist in {timezone} (the clocks go forward then): choose another time")]
    NoSuchLocalTime { text: String, timezone: String },
    #[error("{when} is not in the future (now: {now}); give a later time; nothing was changed")]
    Past { when: String, now: String },
    #[error("{}: a board game has no phases or deadlines; \"{verb}\" is for Diplomacy games", dir.display())]
    BoardGame { dir: PathBuf, verb: &'static str },
    #[error(
        "the game is open for sign-up until {until} and has not started: \"{verb}\" is for a game \
         under way (it starts when its last place is taken by JOIN); nothing was changed"
    )]
    OpenForSignUp { until: String, verb: &'static str },
    #[error("the game is over ({summary}); nothing can change it now")]
    Over { summary: String },
    #[error("the game is already paused since {since} ({why}); \"resume\" starts it again")]
    AlreadyPaused { since: String, why: String },
    #[error(
        "the game is paused since {since} ({why}); resume it first (\"arbitre resume DIR \
         [--deadline WHEN]\", or RESUME by mail); nothing was changed"
    )]
    Paused { since: String, why: String },
    #[error("the game is not paused: there is nothing to resume; nothing was changed")]
    NotPaused,
    #[error("give the reason for the pause (--why TEXT, or PAUSE <why> by mail): the players are told it")]
    NoReason,
    #[error("no phase has been adjudicated yet: there is nothing to roll back to; nothing was changed")]
    NoHistory,
    #[error(
        "{}: missing, so {phase} cannot be restored (the history is kept for the phases \
         adjudicated since the desk exists); nothing was changed",
        path.display()
    )]
    NoSnapshot { phase: String, path: PathBuf },
    #[error("there is no rollback to undo in {phase}: \"--redo\" undoes the last rollback, until new orders arrive")]
    NothingToRedo { phase: String },
    #[error(
        "the orders of {phase} have changed since the rollback, so it can no longer be undone; \
         the phase will be adjudicated with the orders now on file"
    )]
    RedoGone { phase: String },
    #[error("\"{role}\" is not a role of this game; the roles are {roles}")]
    NoSuchRole { role: String, roles: String },
    #[error("{role} is not a power: civil disorder is for the powers")]
    NotAPower { role: Role },
    #[error("{power} is already in civil disorder; nothing was changed")]
    AlreadyInDisorder { power: Role },
    #[error("\"{address}\" is not an email address: write it like name@example.org")]
    BadAddress { address: String },
    #[error("the name is empty: give the newcomer's name")]
    NoName,
    #[error("{address} is already {role}'s address; nothing was changed")]
    SameAddress { address: String, role: Role },
    #[error(
        "{address} is already the address of {role}: give each role its own address \
         (one address for two roles would tie them together in every header); nothing was changed"
    )]
    AddressInUse { address: String, role: Role },
}

impl DeskError {
    /// The words for a French referee: the same facts and the same fix as the English.
    fn french(&self) -> String {
        use crate::lang::fr::{capitalised, Form};
        // `la phase « printemps 1901, mouvements »`: the phase's words hold a comma.
        let phase = |p: &str| {
            format!(
                "« {} »",
                crate::map::standard_french_names().say(&crate::words::phase_text(p, Lang::Fr), Form::Bare)
            )
        };
        match self {
            DeskError::Game(e) => format!("les fichiers de la partie sont en défaut : {e}"),
            DeskError::BadTime { text, timezone } => format!(
                "« {text} » n'est pas une heure : écrivez +2d, +36h, une heure RFC 3339 (2026-12-03T20:00:00+01:00) \
                 ou une date et une heure dans le fuseau de la partie, {timezone} (2026-12-03 20:00)"
            ),
            DeskError::NoSuchLocalTime { text, timezone } => format!(
                "« {text} » n'existe pas dans le fuseau {timezone} (on avance les horloges à ce moment) : \
                 choisissez une autre heure"
            ),
            DeskError::Past { when, now } => format!(
                "{when} n'est pas dans le futur (maintenant : {now}) ; donnez une heure plus tardive ; rien n'a été changé"
            ),
            DeskError::BoardGame { dir, verb } => format!(
                "{} : un jeu de plateau n'a ni phases ni dates limites ; « {verb} » est pour les parties de Diplomatie",
                dir.display()
            ),
            DeskError::OpenForSignUp { until, verb } => format!(
                "la partie est ouverte aux inscriptions jusqu'au {until} et n'a pas commencé : « {verb} » est pour \
                 une partie en cours (elle commence quand sa dernière place est prise par JOIN) ; rien n'a été changé"
            ),
            DeskError::Over { summary } => {
                format!("la partie est terminée ({summary}) ; plus rien ne peut la changer")
            }
            DeskError::AlreadyPaused { since, why } => format!(
                "la partie est déjà suspendue depuis le {since} ({why}) ; RESUME la fait reprendre"
            ),
            DeskError::Paused { since, why } => format!(
                "la partie est suspendue depuis le {since} ({why}) ; faites-la d'abord reprendre (« arbitre resume DIR \
                 [--deadline QUAND] », ou RESUME par courrier) ; rien n'a été changé"
            ),
            DeskError::NotPaused => {
                "la partie n'est pas suspendue : il n'y a rien à faire reprendre ; rien n'a été changé".into()
            }
            DeskError::NoReason => "donnez la raison de la suspension (--why TEXTE, ou PAUSE <raison> par courrier) : \
                                    les joueurs la reçoivent"
                .into(),
            DeskError::NoHistory => "aucune phase n'a encore été résolue : il n'y a rien où revenir ; \
                                     rien n'a été changé"
                .into(),
            DeskError::NoSnapshot { phase: p, path } => format!(
                "{} : absent, donc la phase {} ne peut pas être rétablie (l'historique est gardé pour les phases \
                 résolues depuis que le bureau existe) ; rien n'a été changé",
                path.display(),
                phase(p)
            ),
            DeskError::NothingToRedo { phase: p } => format!(
                "il n'y a pas de retour en arrière à annuler à la phase {} : ROLLBACK REDO annule le dernier retour \
                 en arrière, jusqu'à l'arrivée de nouveaux ordres",
                phase(p)
            ),
            DeskError::RedoGone { phase: p } => format!(
                "les ordres de la phase {} ont changé depuis le retour en arrière, qui ne peut donc plus être annulé ; \
                 la phase sera résolue avec les ordres enregistrés maintenant",
                phase(p)
            ),
            DeskError::NoSuchRole { role, roles } => format!(
                "« {role} » n'est pas un rôle de cette partie ; les rôles sont {}",
                (roles.split(", "))
                    .map(|r| Role::from_name(r).map_or(r.to_string(), |r| r.fr(Form::Bare)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            DeskError::NotAPower { role } => format!(
                "{} n'est pas une puissance : le désordre civil est pour les puissances",
                capitalised(&role.fr(Form::The))
            ),
            DeskError::AlreadyInDisorder { power } => format!(
                "{} est déjà en désordre civil ; rien n'a été changé",
                capitalised(&power.fr(Form::The))
            ),
            DeskError::BadAddress { address } => {
                format!("« {address} » n'est pas une adresse électronique : écrivez-la comme nom@example.org")
            }
            DeskError::NoName => "le nom est vide : donnez le nom du nouveau joueur".into(),
            DeskError::SameAddress { address, role } => format!(
                "{address} est déjà l'adresse {} ; rien n'a été changé",
                role.fr(Form::Of)
            ),
            DeskError::AddressInUse { address, role } => format!(
                "{address} est déjà l'adresse {} : donnez à chaque rôle sa propre adresse (une adresse pour deux \
                 rôles les lierait dans chaque en-tête) ; rien n'a été changé",
                role.fr(Form::Of)
            ),
        }
    }
}

/// Why a desk verb did nothing, in the referee's language (the command line's words are
/// the English, its `Display`).
impl Worded for DeskError {
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Fr => self.french(),
        }
    }
}

/// Who asks for a desk act, and why (for the journal and, where it is told, the players).
#[derive(Clone, Debug)]
pub struct Act {
    pub who: Who,
    pub why: String,
    pub now: Now,
}

impl Act {
    /// The journal's entry of what this act `done`: filed under its verb, with its English
    /// sentence (times in `timezone`) and the values a status words in its reader's
    /// language.
    pub(crate) fn entry(&self, done: Done, timezone: &str) -> Entry {
        Entry {
            at: self.now.to_rfc3339(),
            who: self.who,
            role: None,
            what: done.verb().to_string(),
            detail: done.words(crate::lang::Lang::En, timezone),
            why: self.why.clone(),
            done: Some(done),
        }
    }
}

/// Opens the game in `dir` under its lock, acts on the mail waiting (as `process` does,
/// so that what came first is acted on first), then runs `verb` and commits what it did.
/// Returns what the journal says of it.
pub fn at_desk(
    dir: &Path,
    kinds: &Kinds,
    now: Now,
    verb: impl FnOnce(&mut Game) -> Result<Effects, DeskError>,
) -> Result<Vec<String>, DeskError> {
    if !is_game(dir) {
        // Before the lock, which would write its file in any folder.
        return Err(GameError::NotAGame {
            dir: dir.to_path_buf(),
            file: "game.yaml",
        }
        .into());
    }
    let _lock = lock(dir)?;
    let mut g = Game::open(dir, kinds)?;
    g.ingest(now)?;
    let fx = verb(&mut g)?;
    let said = fx.journal.iter().map(|e| e.detail.clone()).collect();
    g.commit(fx, now)?;
    Ok(said)
}

fn map() -> &'static Map {
    Map::standard()
}

/// The verbs of phases and deadlines are for games played in phases (Diplomacy) that are
/// not over: what such a game's kind does of them.
fn diplomacy_only(game: &Game, verb: &'static str) -> Result<&'static dyn Phases, DeskError> {
    let Play::Phases(phases) = game.kind().play() else {
        return Err(DeskError::BoardGame {
            dir: game.dir.clone(),
            verb,
        });
    };
    if let Some(f) = &game.state.finished {
        return Err(DeskError::Over {
            summary: f.summary.clone(),
        });
    }
    if let Some(o) = &game.config.open {
        return Err(DeskError::OpenForSignUp {
            until: o.until.clone(),
            verb,
        });
    }
    Ok(phases)
}

fn not_paused(game: &Game) -> Result<(), DeskError> {
    match &game.state.desk.paused {
        Some(p) => Err(DeskError::Paused {
            since: show_time(&p.since, &game.config.timezone),
            why: p.why.clone(),
        }),
        None => Ok(()),
    }
}

fn current_deadline(game: &Game) -> Result<Now, DeskError> {
    let text = game.state.deadline.clone().unwrap_or_default();
    chrono::DateTime::parse_from_rfc3339(&text).map_err(|_| {
        GameError::File(crate::yaml::FileError {
            key: Some("deadline".into()),
            token: Some(text.as_str().into()),
            ..crate::yaml::FileError::new("state.yaml", "deadline: not a time")
        })
        .into()
    })
}

/// When a message came, against the deadline and the grace period (`grace:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lateness {
    /// By the deadline (or the game has none).
    OnTime,
    /// After the deadline, by the end of the grace period: taken, marked late.
    Grace,
    /// After both: nothing on file changes any more.
    TooLate,
}

/// The end of the grace period of the current phase: its deadline plus `grace:`; none
/// without a grace period or a deadline.
pub fn grace_end(game: &Game) -> Option<Now> {
    let grace = crate::game::config::parse_duration(game.config.grace.as_deref()?).ok()?;
    let deadline = chrono::DateTime::parse_from_rfc3339(game.state.deadline.as_deref()?).ok()?;
    Some(deadline + grace)
}

/// Where a message that came at `arrived` stands against the deadline and the grace.
pub fn lateness(game: &Game, arrived: Now) -> Lateness {
    let Some(deadline) = game
        .state
        .deadline
        .as_deref()
        .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok())
    else {
        return Lateness::OnTime;
    };
    if arrived <= deadline {
        Lateness::OnTime
    } else if grace_end(game).is_some_and(|end| arrived <= end) {
        Lateness::Grace
    } else {
        Lateness::TooLate
    }
}

/// Notes that `role`'s orders came in the grace period: the public report and the
/// referee's digest say so.
pub fn mark_late(game: &mut Game, role: Role) {
    if !game.state.desk.late.contains(&role) {
        game.state.desk.late.push(role);
    }
}

/// A time as `state.yaml` keeps it: RFC 3339, with the offset of the game's zone then.
pub fn stored(time: Now, timezone: &str) -> String {
    match timezone.parse::<chrono_tz::Tz>() {
        Ok(tz) => time.with_timezone(&tz).fixed_offset().to_rfc3339(),
        Err(_) => time.to_rfc3339(),
    }
}

/// A time in the game's zone and in UTC: `Tuesday 1 December 2026, 20:00 CET (19:00 UTC)`.
pub fn both_zones(time: &str, timezone: &str) -> String {
    match (
        chrono::DateTime::parse_from_rfc3339(time),
        timezone.parse::<chrono_tz::Tz>(),
    ) {
        (Ok(t), Ok(tz)) => both_zones_of(t, tz),
        _ => {
            let utc = chrono::DateTime::parse_from_rfc3339(time)
                .map(|t| t.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC").to_string())
                .unwrap_or_default();
            format!("{} ({utc})", show_time(time, timezone))
        }
    }
}

/// [`both_zones`] of a time and a zone already read.
pub fn both_zones_of(time: Now, zone: chrono_tz::Tz) -> String {
    format!(
        "{} ({})",
        time.with_timezone(&zone).format("%A %-d %B %Y, %H:%M %Z"),
        time.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC")
    )
}

/// The next number of a desk act that writes letters.
fn next_act(game: &mut Game) -> u32 {
    game.state.desk.acts += 1;
    game.state.desk.acts
}

/// A time in a reader's words: their language, their zone, and UTC.
fn moment(time: &str, reader: Reader) -> String {
    crate::words::moment_text(time, reader.timezone, reader.lang)
}

/// A phase in a reader's words.
fn phase_in(phase: &str, reader: Reader) -> String {
    crate::words::phase_text(phase, reader.lang)
}

/// The subject of a notice, in `lang`.
pub(crate) fn subject(notice: &Notice, lang: crate::lang::Lang) -> String {
    use crate::lang::fr::Form;
    use crate::lang::Lang::{En, Fr};
    // A phase or a power inside a French subject takes its article or preposition: « retour
    // au printemps 1901, mouvements », « la France est en désordre civil ».
    let fr = |name: &str, form: Form| crate::map::standard_french_names().say(name, form);
    match (notice, lang) {
        (Notice::DeadlineMoved { is, .. }, En) => format!("new deadline {is}"),
        (Notice::DeadlineMoved { is, .. }, Fr) => format!("nouvelle échéance le {is}"),
        (Notice::DeadlineExtended { is, .. }, En) => format!("deadline extended to {is}"),
        (Notice::DeadlineExtended { is, .. }, Fr) => format!("échéance prolongée au {is}"),
        (Notice::Paused { .. }, En) => "the game is paused".into(),
        (Notice::Paused { .. }, Fr) => "la partie est suspendue".into(),
        (Notice::Resumed { is, .. }, En) => format!("the game resumes, due {is}"),
        (Notice::Resumed { is, .. }, Fr) => format!("la partie reprend, échéance le {is}"),
        (Notice::RolledBack { phase, due, .. }, En) => format!("back to {phase}, due {due}"),
        (Notice::RolledBack { phase, due, .. }, Fr) => {
            format!("retour {}, échéance le {due}", fr(phase, Form::To))
        }
        (Notice::RollbackUndone { phase, .. }, En) => format!("{phase} stands"),
        (Notice::RollbackUndone { phase, .. }, Fr) => {
            format!("retour en arrière annulé pour {}", fr(phase, Form::The))
        }
        (Notice::Replaced, En) => "a player was replaced".into(),
        (Notice::Replaced, Fr) => "un joueur a été remplacé".into(),
        (Notice::Leaving { .. }, En) => "you leave the game".into(),
        (Notice::Leaving { .. }, Fr) => "vous quittez la partie".into(),
        (Notice::Disorder { power, .. }, En) => format!("{power} is in civil disorder"),
        (Notice::Disorder { power, .. }, Fr) => format!("{} est en désordre civil", fr(power, Form::The)),
        (Notice::Unauthenticated { .. }, En) => "message refused: sender not authenticated".into(),
        (Notice::Unauthenticated { .. }, Fr) => "message refusé, expéditeur non authentifié".into(),
    }
}

/// A notice to one role, in its reader's words.
fn notice_to(game: &Game, stem: String, role: Role, notice: &impl Fn(Reader) -> Notice) -> Letter {
    notice_in(game, stem, role, game.config.reader(role), notice)
}

/// A notice to one role, in the words of `reader`.
fn notice_in(game: &Game, stem: String, role: Role, reader: Reader, notice: &impl Fn(Reader) -> Notice) -> Letter {
    let notice = notice(reader);
    let view = DeskNotice {
        game: game.config.game.clone(),
        title: game.title().to_string(),
        referee: game.config.referee.name.clone(),
        phase: phase_in(&game.state.phase, reader),
        notice,
    };
    let subject = subject(&view.notice, reader.lang);
    let mut letter = game.letter(stem, role, &subject, view);
    letter.lang = reader.lang;
    letter
}

/// The same notice to every player (but `except`), each in their own words: the body
/// names no recipient, so that readers of one language and zone get the same bytes.
fn tell_all(game: &Game, n: u32, kind: &str, except: Option<Role>, notice: impl Fn(Reader) -> Notice) -> Vec<Letter> {
    game.roles()
        .into_iter()
        .filter(|&r| Some(r) != except)
        .map(|role| notice_to(game, format!("d{n:04}-{kind}-{}", role.lowercase()), role, &notice))
        .collect()
}

/// The role of the game that `name` names (any case): how the referee's verbs read the
/// role they are given, on the command line or by mail.
pub fn role_named(game: &Game, name: &str) -> Result<Role, DeskError> {
    // By its name on file, or its French name (a French referee's `DISORDER Italie`).
    Role::from_name(name)
        .or_else(|| Role::from_french(name))
        .and_then(|r| game.config.player(r))
        .map(|p| p.role)
        .ok_or_else(|| no_such_role(game, name))
}

/// `role` is played by nobody in the game.
fn not_played(game: &Game, role: Role) -> DeskError {
    no_such_role(game, role.text())
}

fn no_such_role(game: &Game, name: &str) -> DeskError {
    DeskError::NoSuchRole {
        role: name.to_string(),
        roles: game.roles().iter().map(|r| r.text()).collect::<Vec<_>>().join(", "),
    }
}

fn check_address(address: &str) -> Result<(), DeskError> {
    address
        .parse::<lettre::Address>()
        .map(|_| ())
        .map_err(|_| DeskError::BadAddress {
            address: address.to_string(),
        })
}

/// A fresh password ([`crate::game::password::fresh_password`]).
pub use crate::game::password::fresh_password;

// ---------------------------------------------------------------------------------------
// Deadlines and pauses
// ---------------------------------------------------------------------------------------

/// `arbitre deadline DIR WHEN`: the current phase is due at WHEN (a shift counts from the
/// current deadline). Every player is told.
pub fn deadline(game: &mut Game, act: &Act, when: &str) -> Result<Effects, DeskError> {
    diplomacy_only(game, "deadline")?;
    not_paused(game)?;
    let old = current_deadline(game)?;
    let new = When::parse(when, &game.config.timezone)?.from(old);
    if new <= act.now {
        return Err(DeskError::Past {
            when: both_zones(&new.to_rfc3339(), &game.config.timezone),
            now: both_zones(&act.now.to_rfc3339(), &game.config.timezone),
        });
    }
    let (was, is) = (old.to_rfc3339(), new.to_rfc3339());
    game.state.deadline = Some(stored(new, &game.config.timezone));
    if new > old {
        // A reminder is due again before the later deadline.
        game.state.reminded = false;
    }
    let n = next_act(game);
    let (old_text, new_text) = (old.to_rfc3339(), new.to_rfc3339());
    let phase = game.state.phase.clone();
    let letters = tell_all(game, n, "deadline", None, |r| Notice::DeadlineMoved {
        phase: phase_in(&phase, r),
        was: moment(&old_text, r),
        is: moment(&new_text, r),
    });
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::DeadlineMoved {
                phase: game.state.phase.clone(),
                was,
                is,
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}

/// `arbitre pause DIR --why TEXT`: nothing is adjudicated and nobody reminded until the
/// game resumes; orders and press are still taken. Every player is told, with the reason.
pub fn pause(game: &mut Game, act: &Act) -> Result<Effects, DeskError> {
    diplomacy_only(game, "pause")?;
    if let Some(p) = &game.state.desk.paused {
        return Err(DeskError::AlreadyPaused {
            since: show_time(&p.since, &game.config.timezone),
            why: p.why.clone(),
        });
    }
    let why = act.why.trim().to_string();
    if why.is_empty() {
        return Err(DeskError::NoReason);
    }
    current_deadline(game)?;
    game.state.desk.paused = Some(Pause {
        since: act.now.to_rfc3339(),
        why: why.clone(),
    });
    let n = next_act(game);
    let letters = tell_all(game, n, "pause", None, |_| Notice::Paused { why: why.clone() });
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::Paused {
                phase: game.state.phase.clone(),
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}

/// `arbitre resume DIR [--deadline WHEN]`: the game runs again, due at WHEN (a shift
/// counts from now), or with the time that was left when it was paused.
pub fn resume(game: &mut Game, act: &Act, when: Option<&str>) -> Result<Effects, DeskError> {
    diplomacy_only(game, "resume")?;
    let Some(p) = game.state.desk.paused.clone() else {
        return Err(DeskError::NotPaused);
    };
    let old = current_deadline(game)?;
    let new = match when {
        Some(w) => When::parse(w, &game.config.timezone)?.from(act.now),
        None => {
            let since = chrono::DateTime::parse_from_rfc3339(&p.since).unwrap_or(act.now);
            let left = (old - since).max(chrono::Duration::zero());
            act.now + left
        }
    };
    if new <= act.now {
        return Err(DeskError::Past {
            when: both_zones(&new.to_rfc3339(), &game.config.timezone),
            now: both_zones(&act.now.to_rfc3339(), &game.config.timezone),
        });
    }
    game.state.desk.paused = None;
    game.state.deadline = Some(stored(new, &game.config.timezone));
    game.state.reminded = false;
    let n = next_act(game);
    let (phase, due) = (game.state.phase.clone(), new.to_rfc3339());
    let letters = tell_all(game, n, "resume", None, |r| Notice::Resumed {
        phase: phase_in(&phase, r),
        is: moment(&due, r),
    });
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::Resumed {
                phase: game.state.phase.clone(),
                due: new.to_rfc3339(),
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}

// ---------------------------------------------------------------------------------------
// Adjudication: preview and force
// ---------------------------------------------------------------------------------------

/// The folder `arbitre preview` writes to.
pub const PREVIEW: &str = "preview";

/// What a preview wrote: the files, and the public report's text.
pub struct Preview {
    pub files: Vec<PathBuf>,
    pub report: String,
    pub entry: Entry,
}

/// `arbitre preview DIR`: adjudicates the current phase as if its deadline had passed and
/// writes every letter that would go out, and the pages, to `DIR/preview/` (emptied first).
/// Nothing in the game changes; the journal notes the preview.
pub fn preview(game: &mut Game, act: &Act) -> Result<Preview, DeskError> {
    let phases = diplomacy_only(game, "preview")?;
    let saved = game.state.clone();
    let fx = phases.preview(game, act.now);
    game.state = saved;
    let fx = fx?;
    let dir = game.dir.join(PREVIEW);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(GameError::io(&dir))?;
    }
    let pages = dir.join("pages");
    crate::store::create_dir_private(&pages).map_err(GameError::io(&pages))?;
    let mut files = Vec::new();
    let mut report = String::new();
    for letter in &fx.letters {
        let bytes = crate::report::render_letter(game.templates(), &game.config.referee, letter, act.now)
            .map_err(GameError::from)?;
        let path = dir.join(format!("{}.eml", letter.stem));
        crate::store::write_atomic(&path, &bytes).map_err(GameError::io(&path))?;
        files.push(path);
        if report.is_empty() && letter.view.template() == "report" {
            let name = crate::report::template_in(game.templates(), "report", "txt", letter.lang);
            report = game
                .templates()
                .render(&name, &letter.view.context().map_err(GameError::Template)?)
                .map_err(GameError::Template)?;
        }
    }
    for (name, html) in &fx.pages {
        let path = pages.join(name);
        crate::store::write_atomic(&path, html.as_bytes()).map_err(GameError::io(&path))?;
        files.push(path);
    }
    let entry = act.entry(
        Done::Previewed {
            phase: game.state.phase.clone(),
            letters: fx.letters.len(),
            pages: fx.pages.len(),
            folder: PREVIEW.to_string(),
        },
        &game.config.timezone,
    );
    Ok(Preview { files, report, entry })
}

/// `arbitre process DIR --force`: adjudicates the current phase now, whatever is missing
/// (units without orders hold, dislodged units without orders are disbanded, builds not
/// ordered are waived, removals not ordered are made by the rules: DATC 4.D.8).
pub fn force(game: &mut Game, act: &Act) -> Result<Effects, DeskError> {
    let phases = diplomacy_only(game, "process --force")?;
    not_paused(game)?;
    let fx = phases.process(game, act.now, Run::Forced(act.clone()))?;
    Ok(fx.unwrap_or_default())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One of each desk error, for the shared test of words (the match makes a new variant
    /// fail to compile until it is here).
    pub(crate) fn every_desk_error() -> Vec<DeskError> {
        let s = |t: &str| t.to_string();
        let france = Role::from_name("France").unwrap();
        let all = vec![
            DeskError::Game(GameError::NotAGame {
                dir: PathBuf::from("games/x"),
                file: "game.yaml",
            }),
            DeskError::BadTime {
                text: s("soon"),
                timezone: s("Europe/Paris"),
            },
            DeskError::NoSuchLocalTime {
                text: s("2026-03-29 02:30"),
                timezone: s("Europe/Paris"),
            },
            DeskError::Past {
                when: s("2026-01-01 20:00"),
                now: s("2026-02-01 20:00"),
            },
            DeskError::BoardGame {
                dir: PathBuf::from("games/diam"),
                verb: "deadline",
            },
            DeskError::OpenForSignUp {
                until: s("2026-12-01 20:00"),
                verb: "force",
            },
            DeskError::Over {
                summary: s("France wins"),
            },
            DeskError::AlreadyPaused {
                since: s("2026-12-01 20:00"),
                why: s("Noël"),
            },
            DeskError::Paused {
                since: s("2026-12-01 20:00"),
                why: s("Noël"),
            },
            DeskError::NotPaused,
            DeskError::NoReason,
            DeskError::NoHistory,
            DeskError::NoSnapshot {
                phase: s("S1901M"),
                path: PathBuf::from("history/S1901M.yaml"),
            },
            DeskError::NothingToRedo { phase: s("S1901M") },
            DeskError::RedoGone { phase: s("S1901M") },
            DeskError::NoSuchRole {
                role: s("Prussia"),
                roles: s("France, Italy"),
            },
            DeskError::NotAPower { role: Role::Observer },
            DeskError::AlreadyInDisorder { power: france },
            DeskError::BadAddress { address: s("nina") },
            DeskError::NoName,
            DeskError::SameAddress {
                address: s("nina@example.org"),
                role: france,
            },
            DeskError::AddressInUse {
                address: s("nina@example.org"),
                role: france,
            },
        ];
        for e in &all {
            match e {
                DeskError::Game(_)
                | DeskError::BadTime { .. }
                | DeskError::NoSuchLocalTime { .. }
                | DeskError::Past { .. }
                | DeskError::BoardGame { .. }
                | DeskError::OpenForSignUp { .. }
                | DeskError::Over { .. }
                | DeskError::AlreadyPaused { .. }
                | DeskError::Paused { .. }
                | DeskError::NotPaused
                | DeskError::NoReason
                | DeskError::NoHistory
                | DeskError::NoSnapshot { .. }
                | DeskError::NothingToRedo { .. }
                | DeskError::RedoGone { .. }
                | DeskError::NoSuchRole { .. }
                | DeskError::NotAPower { .. }
                | DeskError::AlreadyInDisorder { .. }
                | DeskError::BadAddress { .. }
                | DeskError::NoName
                | DeskError::SameAddress { .. }
                | DeskError::AddressInUse { .. } => {}
            }
        }
        all
    }

    #[test]
    fn a_french_referee_reads_the_desks_errors_in_french_with_the_same_facts() {
        let france = Role::from_name("France").unwrap();
        assert_eq!(
            DeskError::AlreadyInDisorder { power: france }.words(Lang::Fr),
            "La France est déjà en désordre civil ; rien n'a été changé"
        );
        assert_eq!(
            DeskError::AlreadyInDisorder { power: france }.words(Lang::En),
            "France is already in civil disorder; nothing was changed"
        );
        let bad = DeskError::BadTime {
            text: "soon".into(),
            timezone: "Europe/Paris".into(),
        };
        assert_eq!(bad.words(Lang::En), bad.to_string());
        assert!(
            bad.words(Lang::Fr)
                .starts_with("« soon » n'est pas une heure : écrivez +2d, +36h"),
            "{}",
            bad.words(Lang::Fr)
        );
        let redo = DeskError::NothingToRedo { phase: "S1901M".into() }.words(Lang::Fr);
        assert!(redo.contains("à la phase « printemps 1901, mouvements » :"), "{redo}");
        let role = DeskError::NoSuchRole {
            role: "Prusse".into(),
            roles: "France, Italy".into(),
        };
        assert_eq!(
            role.words(Lang::Fr),
            "« Prusse » n'est pas un rôle de cette partie ; les rôles sont France, Italie"
        );
    }
}
