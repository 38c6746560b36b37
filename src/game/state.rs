//! What a game folder keeps between runs: `game.yaml` (the configuration, written once by
//! `arbitre new`) and `state.yaml` (everything that changes, rewritten atomically as a
//! whole after each message and each phase).
//!
//! Both are plain YAML a referee can read. The secrets (the seed, the divine roles, the
//! protected powers) are in them: the folder is the referee's.

use super::config::{Deadlines, Lang, Limits, Person, Player, RefereeCopies};
use super::role::{Role, Roles, RolesError};
pub use super::state_file::{KindKeys, KindState};
use crate::judge::Board;
use crate::map::{Map, Power};
use crate::phase::Phase;
use crate::position::{Position, RawDislodged, RawPosition, Variants};
use crate::yaml::{FileError, Ordered};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `game.yaml`: the game as `arbitre new` set it up. Never rewritten.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    pub game: String,
    pub variant: String,
    pub referee: Person,
    /// The hash of the referee's password, for the desk by mail; none: the command line only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referee_password_hash: Option<String>,
    pub timezone: String,
    /// The language of every player who sets none.
    #[serde(default, skip_serializing_if = "Lang::is_default")]
    pub language: Lang,
    /// Anyone may `OBSERVE` the public reports.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub observers: bool,
    /// The press players may send one another; white when absent.
    #[serde(default, skip_serializing_if = "crate::game::config::PressRule::is_default")]
    pub press: crate::game::config::PressRule,
    /// Every player's name and address hidden from the other players.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anonymous: bool,
    pub deadlines: Deadlines,
    /// How long before a deadline a role with missing orders is reminded (`24h`).
    pub reminder: String,
    /// The game's seed, 64 hex digits: secret until the final report.
    pub seed: String,
    /// SHA-256 of the seed's 32 bytes, in hex: published in every welcome.
    pub commitment: String,
    /// The board games' options (`cannonballs: "4"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
    /// The house rules chosen (board games): named departures from the game's text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
    pub players: Vec<Player>,
    /// The bounds on incoming mail; the defaults when absent.
    #[serde(default, skip_serializing_if = "Limits::is_default")]
    pub limits: Limits,
    /// The most days a player's declared absences may move deadlines in a year (the
    /// referee's; [`crate::game::desk::absence::DEFAULT_MAX_DAYS`] when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absence_max_days: Option<u32>,
    /// Refuse the messages the referee's receiving server found forged (off when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub require_authentication: Option<crate::game::config::RequireAuthentication>,
    /// The referee's copies of the reports; the defaults (public only) when absent.
    #[serde(default, skip_serializing_if = "RefereeCopies::is_default")]
    pub referee_copies: RefereeCopies,
    /// How long after a deadline orders are still taken, marked late (`6h`); none: no grace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grace: Option<String>,
    /// After how many phases in a row without orders the referee is asked (2 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nmr_before_asking: Option<u32>,
    /// Open for sign-up by JOIN mails (`game::join`): removed when the game starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<crate::game::config::Open>,
}

impl GameConfig {
    /// The player of `role`.
    pub fn player(&self, role: Role) -> Option<&Player> {
        self.players.iter().find(|p| p.role == role)
    }

    /// The roles of the game, as its kind has them (all of them, for a board game seated
    /// by its players file).
    pub fn roles(&self, kind: &dyn super::kind::Kind) -> Result<Roles, RolesError> {
        Roles::of(kind, self.players.len())
    }

    /// The language and time zone `role` reads in: the player's own, else the game's.
    /// Anyone else (the referee, an observer) reads in the game's.
    pub fn reader(&self, role: Role) -> Reader {
        let game = self.game_reader();
        match self.player(role) {
            Some(p) => Reader {
                lang: p.language.unwrap_or(game.lang),
                timezone: p
                    .timezone
                    .as_deref()
                    .and_then(|z| z.parse().ok())
                    .unwrap_or(game.timezone),
            },
            None => game,
        }
    }

    /// The game's own language and time zone: what the pages and the observers read in.
    pub fn game_reader(&self) -> Reader {
        Reader {
            lang: self.language,
            timezone: self.timezone.parse().unwrap_or(chrono_tz::UTC),
        }
    }
}

/// How one reader is written to: the language and the time zone of the deadlines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reader {
    pub lang: Lang,
    pub timezone: chrono_tz::Tz,
}

/// `state.yaml`: the game now. Read and written by [`State::read`] and [`State::to_yaml`]
/// (`state_file.rs`), with the kind's keys at their place: every key but `phase` may be left
/// out, and an unknown key is refused with its line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct State {
    /// The phase being played (`Spring 1901 Movement`); for a board game, `play`.
    pub phase: String,
    /// When the phase is due (RFC 3339); none for board games, which wait for the move.
    pub deadline: Option<String>,
    /// The reminder of this phase has been written.
    pub reminded: bool,
    /// How many messages of `mail/` have been acted on, in archive order.
    pub handled: u64,
    /// The Message-IDs acted on by games older than `seen_by` (read, no longer added to).
    pub seen: Vec<String>,
    /// The Message-IDs acted on, per authenticated role: a message seen again from the
    /// same role is kept but not acted on. Kept per role so that a stranger who sends a
    /// copy of a genuine Message-ID first cannot make the genuine message be ignored.
    /// Keyed by text, not by [`Role`]: a role's name, or `<address>` for the refused
    /// messages of a sender who signed on as nobody.
    pub seen_by: BTreeMap<String, Vec<String>>,
    /// Failed sign-ons per role, for the throttle.
    pub throttle: BTreeMap<Role, Throttle>,
    /// Failed sign-ons per role not yet told to its player, and when they were last told.
    pub digests: BTreeMap<Role, Digest>,
    /// How many messages each sender address sent on its last day (the daily budget).
    /// Keyed by text: an address, or `role:NAME` (lower case) once a role signed on.
    pub senders: BTreeMap<String, SenderDay>,
    /// The board at the start of the phase (Diplomacy).
    pub board: Option<BoardState>,
    /// The orders on file for the phase, per role, in the judge's notation.
    pub orders: BTreeMap<Role, Vec<String>>,
    /// The keys the game's kind keeps (between `orders` and `history` in the file), read
    /// and written by the kind's own type ([`KindState`]).
    pub kind: KindState,
    /// The board's facts after each processed phase, for eliminations and victory.
    pub history: Vec<FactsRow>,
    /// The public press of the phase (`PRESS TO ALL`), kept for the phase's public record
    /// (`pages/CODE.yaml`, from which `arbitre zine` is made).
    pub press: Vec<crate::report::views::PublicPress>,
    /// Each power's standing draw vote (`draw` or `continue`).
    pub votes: BTreeMap<Role, Vote>,
    /// How many turn files the referee has entered (`arbitre orders`).
    pub entries: u64,
    /// A board game's accepted moves, in order.
    pub moves: Vec<MoveRow>,
    /// Set once the game is over.
    pub finished: Option<Finished>,
    /// The addresses that receive the public reports and press (`OBSERVE`), lower-cased,
    /// in the order they came.
    pub observers: Vec<String>,
    /// The resignations asked for (`RESIGN`), per role, until the referee acts on them.
    pub resignations: BTreeMap<Role, Resignation>,
    /// The changes of address asked for (`SET ADDRESS`), per role, waiting for their code.
    pub address_changes: BTreeMap<Role, AddressChange>,
    /// The roles whose players asked the phase to wait for its deadline (`SET WAIT`), even
    /// once every order is in. Cleared when the phase is processed, as the email Judge
    /// clears it: a player asks again for each phase.
    pub wait: std::collections::BTreeSet<Role>,
    /// The referee's desk: a pause, civil disorder, missed phases (issue #13).
    pub desk: crate::game::desk::DeskState,
    /// The sign-up of a game open for it: who joined, and what the referee is yet to be
    /// told ([`crate::game::join`]).
    pub signup: crate::game::join::SignUp,
}

/// A power's standing draw vote.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Vote {
    /// `VOTE DRAW`: the game may end in a draw.
    Draw,
    /// `VOTE CONTINUE`: it goes on.
    Continue,
}

impl Vote {
    /// As `state.yaml` and the letters write it.
    pub fn word(self) -> &'static str {
        match self {
            Vote::Draw => "draw",
            Vote::Continue => "continue",
        }
    }
}

/// A resignation asked for by a role's player: when, and when confirmed (the referee is
/// told then, and decides).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Resignation {
    /// When `RESIGN` came (RFC 3339).
    pub asked: String,
    /// When `RESIGN CONFIRM` came; none until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed: Option<String>,
}

/// A change of address waiting for the code mailed to the new address to come back.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AddressChange {
    /// The new address, as written.
    pub address: String,
    /// The code mailed there.
    pub code: String,
    /// When it was asked for (RFC 3339).
    pub asked: String,
}

/// Failed sign-ons for one role: their times within the last hour, and until when further
/// attempts are ignored once there were too many.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Throttle {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<String>,
}

/// The failed sign-ons of one role waiting for the daily digest to its player.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Digest {
    /// When the last digest was written (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    /// How many digests were written (their letters are numbered by it).
    #[serde(default)]
    pub sent: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<Attempt>,
    /// Attempts beyond the most `pending` keeps: only counted.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub uncounted: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One failed sign-on, as its role's player may be told of it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// When the message arrived (RFC 3339).
    pub at: String,
    /// Where it came from, as the player may be told: see [`Sender`].
    pub from: Sender,
    /// It came while the role's sign-ons were throttled, and was not even checked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignored: bool,
}

/// The sender of a failed sign-on as its role's player may see it. No address but the
/// player's own is ever shown: not another player's (it could be God's or the Devil's),
/// and not a stranger's either, for showing the one and not the other would tell a player
/// who forges the From line of their own failed sign-ons whether that address plays.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Sender {
    /// The player's own registered address.
    Own,
    /// Any other address, or none: not shown.
    Other,
}

/// A sender's count of messages on one day (UTC, `2026-12-01`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SenderDay {
    pub day: String,
    pub count: u32,
}

/// A Diplomacy board as `state.yaml` keeps it, in the position file's terms.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BoardState {
    pub units: BTreeMap<String, Vec<String>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dislodged: BTreeMap<String, Vec<DislodgedRow>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contested: Vec<String>,
    pub supply_centers: BTreeMap<String, Vec<String>>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DislodgedRow {
    pub unit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_from: Option<String>,
    pub retreats: Vec<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FactsRow {
    pub phase: String,
    pub centers: BTreeMap<String, usize>,
    pub units: BTreeMap<String, usize>,
    #[serde(default)]
    pub draw: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MoveRow {
    pub side: String,
    pub text: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Finished {
    /// The phase after which the game ended (or the last move of a board game).
    pub after: String,
    /// The winners' roles (powers, God, the Devil, a board game's sides); none for a draw.
    pub winners: Vec<String>,
    /// Why it ended, in a sentence.
    pub summary: String,
}

impl BoardState {
    /// The board in the state's terms.
    pub fn from_board(map: &Map, board: &Board) -> BoardState {
        let name = |p: Power| map.power_name(p).to_string();
        let mut s = BoardState::default();
        for u in &board.units {
            s.units.entry(name(u.power)).or_default().push(u.text(map));
        }
        for d in &board.dislodged {
            s.dislodged.entry(name(d.unit.power)).or_default().push(DislodgedRow {
                unit: d.unit.text(map),
                attacker_from: d.attacker_from.map(|a| map.code(a).to_string()),
                retreats: d.retreats.iter().flatten().map(|l| map.loc_text(*l)).collect(),
            });
        }
        s.contested = board.contested.iter().map(|&p| map.code(p).to_string()).collect();
        for (&c, &owner) in board.centers.iter() {
            s.supply_centers
                .entry(name(owner))
                .or_default()
                .push(map.code(c).to_string());
        }
        s
    }

    /// The position of `phase` with this board and `orders`, read by the position-file
    /// reader, so that a game is judged exactly as `arbitre adjudicate` would judge it
    /// (`variants` as it knows them).
    pub fn position(
        &self,
        map: &Map,
        variants: &dyn Variants,
        variant: &str,
        phase: Phase,
        orders: Vec<(String, Vec<String>)>,
    ) -> Result<Position, FileError> {
        let raw = RawPosition {
            variant: Some(variant.to_string()),
            phase: phase.to_string(),
            units: Ordered(self.units.clone().into_iter().collect()),
            dislodged: Ordered(
                self.dislodged
                    .iter()
                    .map(|(p, list)| {
                        let rows = list
                            .iter()
                            .map(|d| RawDislodged {
                                unit: d.unit.clone(),
                                attacker_from: d.attacker_from.clone(),
                                retreats: Some(d.retreats.clone()),
                            })
                            .collect();
                        (p.clone(), rows)
                    })
                    .collect(),
            ),
            contested: self.contested.clone(),
            supply_centers: Some(Ordered(self.supply_centers.clone().into_iter().collect())),
            orders: Ordered(orders),
            divine: None,
            expect: None,
        };
        // No text to point at a line in: the board is state.yaml's `board:`, said in the message.
        Position::from_raw(map, variants, raw, "", "state.yaml").map_err(|e| FileError {
            line: None,
            message: format!("the board: {}", e.message),
            ..e
        })
    }

    /// The board itself.
    pub fn board(&self, map: &Map, variants: &dyn Variants, variant: &str, phase: Phase) -> Result<Board, FileError> {
        Ok(self.position(map, variants, variant, phase, Vec::new())?.board)
    }
}

/// A problem of `state.yaml` under `key:`, about `token` (no line: the state is written
/// by the program, not by hand).
pub fn state_error(key: &str, token: &str, message: String) -> super::GameError {
    super::GameError::File(FileError {
        key: Some(key.into()),
        token: (!token.is_empty()).then(|| token.into()),
        ..FileError::new("state.yaml", message)
    })
}

/// The phase and the board of a game played in phases, as `state.yaml` keeps them.
impl super::Game {
    /// The phase now.
    pub fn phase(&self) -> Result<Phase, super::GameError> {
        let text = &self.state.phase;
        Phase::parse(text).map_err(|e| state_error("phase", text, format!("phase: {e}")))
    }

    /// The board of `state.yaml`, which a game played in phases always has.
    pub fn board_state(&self) -> Result<&BoardState, super::GameError> {
        (self.state.board.as_ref()).ok_or_else(|| state_error("board", "", "no board".into()))
    }

    /// The board now.
    ///
    /// One message asks for it several times (the order checked, what is still missing, the
    /// reply), and reading it from `state.yaml`'s terms is most of what acting on an order
    /// costs. The last board read is kept for the rest of the process with everything it was
    /// read from (the kind, the variant, the phase and the board as the state keeps it, all
    /// compared whole), so a board asked for again is the same board, and a state that has
    /// changed since is read anew.
    pub fn board(&self) -> Result<Board, super::GameError> {
        static LAST: super::memo::Last<(&'static str, String, Phase, BoardState), Board> = super::memo::Last::new();
        let kind = self.kind().name();
        let phase = self.phase()?;
        let state = self.board_state()?;
        let variant = &self.config.variant;
        if let Some(board) = LAST.get(|(k, v, p, s)| *k == kind && v == variant && *p == phase && s == state) {
            return Ok(board);
        }
        let board = state.board(Map::standard(), &OwnVariant(kind), variant, phase)?;
        LAST.keep((kind, variant.clone(), phase, state.clone()), &board);
        Ok(board)
    }
}

/// The game's own variant, as the reader of its board knows it: the board `state.yaml`
/// keeps has no keys beyond the standard ones, and the game's kind was resolved when it
/// was opened.
struct OwnVariant(&'static str);

impl Variants for OwnVariant {
    fn names(&self) -> Vec<&'static str> {
        vec![self.0]
    }

    fn extra_keys(&self, variant: &str) -> Option<&'static [&'static str]> {
        (variant == self.0).then_some(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An old `state.yaml` whose map keyed by role names no role: refused when the game is
    /// read, with the file, a line of the map (the YAML reader points at the map's first
    /// key), the key and how to write a role.
    fn refused(key: &str, text: &str) {
        let text = format!("phase: play\n{text}");
        crate::kinds::REGISTRY.install();
        let e = State::read(&text, "games/g/state.yaml").unwrap_err();
        assert_eq!(e.file, "games/g/state.yaml", "{key}");
        let name = text.lines().position(|l| l.contains("Prussia")).unwrap() + 1;
        assert!(e.line.is_some_and(|l| (2..=name).contains(&l)), "{key}: {e}");
        assert!(e.message.starts_with(key), "{key}: {e}");
        assert!(
            e.message.contains("\"Prussia\" is not a role: write a power (France)"),
            "{key}: {e}"
        );
    }

    #[test]
    fn a_map_keyed_by_role_refuses_a_name_that_is_no_role() {
        refused("throttle", "throttle:\n  Prussia: {}\n");
        refused("digests", "digests:\n  Prussia: {sent: 1}\n");
        refused("desk.signon_failures", "desk:\n  signon_failures: {Prussia: 2}\n");
        refused("orders", "orders:\n  France: [A PAR H]\n  Prussia: [A BER H]\n");
        refused("votes", "votes: {Prussia: draw}\n");
        refused("desk.disorder", "desk:\n  disorder: [Italy, Prussia]\n");
        refused("desk.missed", "desk:\n  missed: {Prussia: 2}\n");
        refused(
            "desk.absences",
            "desk:\n  absences:\n    Prussia: [{from: 2026-12-01, to: 2026-12-03}]\n",
        );
        refused(
            "desk.absence_days",
            "desk:\n  absence_days:\n    Prussia: {'2026': 3}\n",
        );
        refused("desk.late", "desk:\n  late: [Prussia]\n");
    }

    #[test]
    fn a_vote_is_read_by_its_word() {
        crate::kinds::REGISTRY.install();
        let e = State::read("phase: play\nvotes: {France: maybe}\n", "state.yaml").unwrap_err();
        assert!(e.message.starts_with("votes.France: unknown variant `maybe`"), "{e}");
        let text = "phase: play\nvotes:\n  France: draw\n  Italy: continue\n";
        let state = State::read(text, "state.yaml").unwrap();
        assert_eq!(
            state.votes.values().copied().collect::<Vec<_>>(),
            [Vote::Draw, Vote::Continue]
        );
        let written = state.to_yaml().unwrap();
        assert!(
            written.contains("votes:\n  France: draw\n  Italy: continue\n"),
            "{written}"
        );
    }

    #[test]
    fn maps_keyed_by_role_are_read_and_written_as_they_were() {
        crate::kinds::REGISTRY.install();
        let text = "phase: play\nthrottle:\n  Referee:\n    failures:\n    - '2026-12-01T10:00:00+00:00'\n  \
                    Blue:\n    until: '2026-12-01T11:00:00+00:00'\ndigests:\n  God:\n    sent: 2\n\
                    orders: {}\ndivine: {}\ncasts: []\nhistory: []\nvotes: {}\nentries: 0\nmoves: []\n\
                    desk:\n  disorder:\n  - Turkey\n  - Italy\n  late:\n  - God\n  signon_failures:\n    Referee: 1\n    France: 3\n";
        let state = State::read(text, "state.yaml").unwrap();
        assert!(state.throttle.contains_key(&Role::Referee) && state.throttle.contains_key(&Role::Named("Blue")));
        assert_eq!(state.digests[&Role::Named("God")].sent, 2);
        let written = state.to_yaml().unwrap();
        // Sorted by name, as the maps keyed by name always were.
        let blue = written.find("  Blue:").unwrap();
        assert!(blue < written.find("  Referee:").unwrap(), "{written}");
        assert!(
            written.find("    France: 3").unwrap() < written.find("    Referee: 1").unwrap(),
            "{written}"
        );
        // Lists keep their order.
        assert!(
            written.contains("  disorder:\n  - Turkey\n  - Italy\n  late:\n  - God\n"),
            "{written}"
        );
        assert_eq!(State::read(&written, "state.yaml").unwrap(), state);
    }
}
