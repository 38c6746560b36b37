//! The report of a phase: the public report with its rows, as a letter, and what only a
//! divine player or a blessed power receives of it (Diable et Bon Dieu).

use super::Common;
use serde::Serialize;

/// One order's line in the public report.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct ResultRow {
    /// The order as the judge read it (`A PAR - BUR`).
    pub order: String,
    /// What came of it: `succeeds`, `fails`, `dislodged`…
    pub result: String,
    /// Why, in words (from `causes.en.txt`), empty when there is nothing to say.
    pub reason: String,
}

/// One power's part of the public report.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct PowerRow {
    /// The power's name.
    pub power: String,
    /// Its orders and their results.
    pub results: Vec<ResultRow>,
    /// No orders were received.
    pub missed: bool,
    /// Its orders arrived after the deadline, within the grace period (`grace:`).
    pub late: bool,
    /// Its units after the phase, in one line.
    pub units: String,
    /// Its supply centres after the phase.
    pub centers: usize,
    /// Its supply centres after the phase by name, in alphabetical order, each marked when
    /// it was gained with this phase.
    pub owned: Vec<CentreRow>,
    /// The supply centres it lost with this phase, by name.
    pub lost: Vec<String>,
    /// Its units after the phase.
    pub unit_count: usize,
    /// Builds or removals due in the coming winter, in words (`builds 1`), empty when none.
    pub adjustment: String,
    /// The same as a number: builds (+) or removals (−) due in the coming winter, 0 when
    /// none or when no winter comes next.
    pub due: i64,
    /// It has neither units nor centres left.
    pub eliminated: bool,
}

/// A supply centre in a power's list.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct CentreRow {
    /// The province's code (`PAR`).
    pub name: String,
    /// It changed hands with this phase, to this power.
    pub gained: bool,
}

/// A unit dislodged this phase.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct DislodgedRow {
    /// The unit (`A BUR`).
    pub unit: String,
    /// Its power.
    pub power: String,
    /// Where the attack came from (a province code), empty when unknown.
    pub attacker_from: String,
    /// Where it may retreat, or that it cannot and is disbanded.
    pub retreats: String,
}

/// A power's builds not used in an adjustment phase, and so waived: by `WAIVE`, by a void
/// build, or by no order at all.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct WaivedRow {
    /// The power's name.
    pub power: String,
    /// How many builds it waived, one or more.
    pub builds: u32,
}

/// A line of the public report on what was cast (Diable et Bon Dieu): what and on which
/// unit, never by which player.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct DivineRow {
    /// `blessing`, `curse`, `adjustment blessing`.
    pub what: String,
    /// The unit or power it fell on, empty when none was cast.
    pub target: String,
    /// What it did.
    pub effect: String,
    /// Why it did nothing, when it did nothing.
    pub reason: String,
}

/// The ruleset's part of the public report.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct ReportPart {
    /// The game has divine players: the report has a "Heaven and hell" part. Kept and
    /// read as `diable` in the template and in `pages/CODE.yaml`, the phase's public
    /// record, whose key stays as every record was written.
    #[serde(rename = "diable")]
    pub divine_players: bool,
    /// What was cast this phase (Diable et Bon Dieu), in the report's order.
    pub divine: Vec<DivineRow>,
}

/// The public report of a phase: the same for every reader. No field can say who plays God
/// or the Devil, nor which powers they protect.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// The phase reported on (`Spring 1901 Movement`).
    pub phase: String,
    /// Its code (`S1901M`), the page's file name.
    pub code: String,
    /// Every power, in the map's order.
    pub powers: Vec<PowerRow>,
    /// The ruleset's part.
    #[serde(flatten)]
    pub variant: ReportPart,
    /// The units dislodged.
    pub dislodged: Vec<DislodgedRow>,
    /// Adjustment phases: the powers that waived builds, in the map's order. Empty when
    /// read from a `pages/CODE.yaml` written before it was kept.
    #[serde(default)]
    pub waived: Vec<WaivedRow>,
    /// The powers eliminated this phase.
    pub eliminated: Vec<String>,
    /// The phase the game goes on to, empty when it is over.
    pub next_phase: String,
    /// Its deadline in the reader's time zone and in UTC, empty when the game is over.
    pub next_deadline: String,
    /// The same deadline as a time (RFC 3339), for a letter that shows it in its own
    /// reader's words; empty when the game is over.
    pub next_deadline_at: String,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// `report.txt` and `report.html`: the public report, to one player.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ReportLetter {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The report, the same for every recipient.
    pub report: Report,
}

/// The protected powers a divine player is told of (Diable et Bon Dieu): God knows his own
/// and the Devil's, the Devil only his own, the powers nothing. A power not told is `None`
/// and then absent from the template's variables, so no template, built-in or a game's
/// own, can show it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ProtectedTold {
    /// The power God protects: told to God only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub god_protects: Option<String>,
    /// The power the Devil protects: told to God and the Devil.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub devil_protects: Option<String>,
}

/// `divine.txt`: a divine player's private report of a phase (Diable et Bon Dieu).
#[derive(Serialize, Clone, Debug, Default)]
pub struct Divine {
    /// The recipient (God or the Devil) and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The public report of the phase, which the recipient also receives.
    pub report: Report,
    /// The report's lines on what the recipient cast.
    pub mine: Vec<DivineRow>,
    /// God and the Devil withdraw from the game with this phase.
    pub withdrawn: bool,
    /// The protected powers the recipient knows of.
    #[serde(flatten)]
    pub protected: ProtectedTold,
    /// The divine players' result, settled with this phase; empty until then.
    pub divine_result: String,
}

/// `blessing-notice.txt`: to the power blessed for the coming winter, privately.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BlessingNotice {
    /// The recipient (the blessed power's player) and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The winter of the blessing (`Winter 1903 Adjustment`).
    pub winter: String,
    /// The winter's deadline, in the reader's time zone and in UTC.
    pub next_deadline: String,
}
