//! The referee's desk (issue #13): notices to players, a newcomer's welcome, an account
//! changed, the answer to the referee's desk verbs, and the digest of a run.

use super::{Common, LineWords, WelcomePart};
use serde::Serialize;

/// `desk-notice.txt`: what the referee did, told to players. The same body for every
/// recipient of one language and time zone: it has no field for the recipient's name or
/// role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskNotice {
    pub game: String,
    pub title: String,
    pub referee: String,
    /// The phase being played, in the reader's language.
    pub phase: String,
    /// What happened: `kind`, and its fields, which the template words.
    #[serde(flatten)]
    pub notice: Notice,
}

/// What a desk notice says, by kind (the template's `kind`). Times are in the reader's
/// language and zone, with UTC; phases in the reader's language.
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// The referee moved the deadline of `phase` from `was` to `is`.
    DeadlineMoved { phase: String, was: String, is: String },
    /// A deadline moved past a player's declared absence (never whose, never why).
    DeadlineExtended { phase: String, is: String },
    /// The game is paused, for `why`.
    Paused { why: String },
    /// The game runs again; `phase` is due `is`.
    Resumed { phase: String, is: String },
    /// The game is back at the start of `phase`, due `due`; its unsent reports were
    /// `withdrawn`, else those sent no longer stand.
    RolledBack {
        phase: String,
        due: String,
        withdrawn: bool,
    },
    /// The rollback of `phase` is undone; the game is at `now`, due `due` (both empty when
    /// the game is over).
    RollbackUndone { phase: String, now: String, due: String },
    /// A player was replaced (no role named: replacing God reads as replacing a power).
    #[default]
    Replaced,
    /// To the player leaving: `role` is given to another player.
    Leaving { role: String },
    /// `power` is in civil disorder from `phase`.
    Disorder { power: String, phase: String },
    /// To the referee: a message was refused because the referee's receiving server
    /// (`authserv_id`) found its `checks` failed for `domain`; kept as `rejected/FILE.eml`.
    Unauthenticated {
        from: String,
        subject: String,
        message_id: String,
        authserv_id: String,
        checks: String,
        domain: String,
        file: String,
    },
}

/// `desk-welcome.txt`: to a player who takes over a role, with a fresh password and the
/// position.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskWelcome {
    /// The newcomer, the game, the deadline in the reader's language and zone.
    #[serde(flatten)]
    pub common: Common,
    /// The newcomer plays God or the Devil.
    pub divine: bool,
    /// The ruleset's part (the protected powers a divine player is told).
    #[serde(flatten)]
    pub variant: WelcomePart,
    /// The newcomer's password.
    pub password: String,
    /// Each power's units and centres.
    pub position: Vec<PositionRow>,
}

/// One power's part of the position a newcomer is given.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PositionRow {
    pub power: String,
    /// Its supply centres.
    pub centres: Vec<String>,
    /// Its units.
    pub units: Vec<String>,
    /// Its units dislodged, each with where it may retreat.
    pub dislodged: Vec<DislodgedUnit>,
}

/// A unit dislodged, and the provinces it may retreat to (none: it will be disbanded).
#[derive(Serialize, Clone, Debug, Default)]
pub struct DislodgedUnit {
    pub unit: String,
    pub retreats: Vec<String>,
}

/// `desk-account.txt`: a player's address or password changed by the referee.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskAccount {
    #[serde(flatten)]
    pub common: Common,
    /// A new password, empty when the letter is about the address.
    pub password: String,
    /// What changed: `kind`, and its fields.
    #[serde(flatten)]
    pub change: AccountChange,
}

/// What `arbitre player` changed, as the player is told (the template's `kind`).
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AccountChange {
    /// To the old address: the game's mail now goes to `address`.
    AddressWas { address: String },
    /// To the new address: it is now the player's.
    AddressIs { address: String },
    /// A new password (in the letter's `password`).
    #[default]
    NewPassword,
}

/// `desk-reply.txt`: the answer to the referee's message of desk verbs.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskReply {
    pub game: String,
    pub referee: String,
    pub phase: String,
    /// What each line did.
    pub done: Vec<String>,
    /// The lines that did nothing, and why.
    pub errors: Vec<LineWords>,
    /// The status asked for with STATUS, as text.
    pub status: String,
    /// The public report a PREVIEW would send, as text.
    pub preview: String,
}

/// `desk-digest.txt`: the referee's digest of one run of `process`.
#[derive(Serialize, Clone, Debug, Default)]
pub struct DeskDigest {
    pub game: String,
    pub title: String,
    pub referee: String,
    /// The phase the run was about, and the phase now.
    pub phase: String,
    pub now: String,
    /// What the run did: `deadline`, `all_in`, `forced` or `reminders`.
    pub kind: String,
    /// The roles whose orders were not all in when the phase was judged (some on file).
    pub missing: Vec<Waiting>,
    /// The powers that sent no orders at all (NMR).
    pub nmr: Vec<String>,
    /// The roles whose orders came in the grace period.
    pub late: Vec<String>,
    /// The roles reminded.
    pub reminded: Vec<String>,
    /// The powers that keep missing their orders: the referee decides.
    pub ask: Vec<Missed>,
    /// The resignations confirmed and waiting for the referee.
    pub resignations: Vec<Resigned>,
    /// Failed sign-ons since the last digest, per role.
    pub signons: Vec<Count>,
    /// Messages in `failed/` (when more than at the last digest; else 0).
    pub failed: usize,
    /// The powers in civil disorder.
    pub disorder: Vec<String>,
    /// The sign-ups (`JOIN`) since the last digest, one line each, already worded.
    pub signups: Vec<String>,
}

/// A role that owed orders.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Waiting {
    pub role: String,
    /// Its orders came in the grace period.
    pub late: bool,
}

/// A power that missed `phases` phases in a row.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Missed {
    pub power: String,
    pub phases: u32,
}

/// A resignation confirmed: by whom, when.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Resigned {
    pub role: String,
    pub confirmed: String,
}

/// A count for a role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Count {
    pub role: String,
    pub count: u32,
}
