//! The answers to the players' questions and settings (`src/game/ask.rs`).

use super::Common;
use serde::Serialize;

/// `help.txt`: the commands the recipient's role may use in this game, the order syntax,
/// and the house rules in force. Nothing in it depends on another role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Help {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// Who reads it: `power`, `god`, `devil` or `side` (a board game's).
    pub audience: String,
    /// The game has divine players (God, the Devil).
    pub divine_players: bool,
    /// The game is a board game: `notation` says how to write a move.
    pub boardgame: bool,
    /// How to write a move (a board game), empty for Diplomacy.
    pub notation: String,
    /// The sides or powers one may write to, joined by commas.
    pub others: String,
    /// The house rules in force, `name: description` each.
    pub house_rules: Vec<String>,
    /// Whether the game takes observers (`OBSERVE`).
    pub observers: bool,
    /// The press the game allows: `white`, `grey` or `none` (`press:` of the players file).
    pub press: String,
    /// The fewest characters a new password may have (`SET PASSWORD`).
    pub password_min: usize,
}

/// One role's line in `list.txt`: whether it has orders on file, never which.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ListRow {
    /// The role (a power).
    pub role: String,
    /// `complete`, `some` or `none`.
    pub on_file: String,
}

/// `list.txt`: the game now, as any player may know it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct List {
    /// The recipient, the game, the phase.
    #[serde(flatten)]
    pub common: Common,
    /// The deadline in the reader's time zone, empty when there is none.
    pub deadline_local: String,
    /// The deadline in UTC, empty when there is none.
    pub deadline_utc: String,
    /// The reader's time zone (`Europe/Paris`).
    pub timezone: String,
    /// Every power still in the game, and whether it has orders on file.
    pub roles: Vec<ListRow>,
    /// The game is a board game: `to_move` and `moves` instead of orders.
    pub boardgame: bool,
    /// The side to move (board game), empty when none is.
    pub to_move: String,
    /// How many moves were played (board game).
    pub moves: usize,
    /// How the game ended, empty while it goes on.
    pub over: String,
    /// Some player asked the phase to wait for its deadline (`SET WAIT`); who is not said.
    pub wait: bool,
}

/// A past letter sent again by `HISTORY`.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PastLetter {
    /// Its phase (`S1901M`), or `final`.
    pub phase: String,
    /// Its subject as first sent.
    pub subject: String,
    /// Its text as first sent.
    pub text: String,
}

/// `history.txt`: past reports the recipient's role received, sent again.
#[derive(Serialize, Clone, Debug, Default)]
pub struct History {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// What was asked for: `last`, `all`, or a phase's code.
    pub asked: String,
    /// The phase asked for in the reader's words (`Spring 1901 Movement`, `printemps 1901,
    /// mouvements`); empty for `last` and `all`.
    pub asked_words: String,
    /// The letters, oldest first; empty when there is none yet.
    pub letters: Vec<PastLetter>,
    /// A board game's moves so far, one line each (a board game has no phases).
    pub moves: Vec<String>,
    /// The game is a board game.
    pub boardgame: bool,
}

/// `rules.txt`: the rules of this game, as arbitre plays them.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Rules {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// `diplomacy`, `divine` (Diplomacy with divine players) or `board`.
    pub kind: String,
    /// The house rules in force, `name: description` each.
    pub house_rules: Vec<String>,
    /// The game's rules in players' words (a board game); empty when the template has them.
    pub rules: String,
}

/// `map.txt`: the position now, as text (units and centres by power, or the board).
#[derive(Serialize, Clone, Debug, Default)]
pub struct MapLetter {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The position, as text.
    pub position: String,
}

/// `whoami.txt`: the recipient's role and what the referee holds of them.
#[derive(Serialize, Clone, Debug, Default)]
pub struct WhoAmI {
    /// The recipient, the role, the game.
    #[serde(flatten)]
    pub common: Common,
    /// The address on file.
    pub email: String,
    /// The language letters are written in (`en`, `fr`).
    pub language: String,
    /// The time zone deadlines are shown in.
    pub timezone: String,
    /// A change of address waiting for its code, empty when none.
    pub pending_address: String,
    /// A resignation is asked for: `asked` or `confirmed`, empty when none.
    pub resignation: String,
    /// The reader asked this phase to wait for its deadline (`SET WAIT`).
    pub wait: bool,
}

/// `setting.txt`: a setting changed, or a step of one (a code to send back), or an
/// observer's subscription. `what` names the case; each field is used by some.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Setting {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// `password`, `timezone`, `language`, `wait`, `nowait`, `address-code` (to the new address),
    /// `address-asked` (to the old one), `address-done`, `resign-asked`, `resign-sent`,
    /// `observe-code`, `observing`, `unobserved`, `not-observing`, `already-observing`.
    pub what: String,
    /// The new value (a zone, a language, an address), empty when none is shown.
    pub value: String,
    /// The code to send back, empty when none.
    pub code: String,
}

/// `resignation.txt`: to the referee, a player confirmed a resignation.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Resignation {
    /// The game (the recipient is the referee: `role` and `name` are the resigning
    /// player's).
    #[serde(flatten)]
    pub common: Common,
    /// The resigning player's address.
    pub email: String,
    /// When the resignation was asked for, and confirmed.
    pub asked: String,
    pub confirmed: String,
}

/// `join.txt`: a sign-up letter (`JOIN`): its answer to whoever wrote it, the letter to a
/// player the players file lists in a game still open for sign-up, a listed player's
/// message before the start, and the list of the games open for sign-up (`LIST` without
/// SIGNON). It names no other player's role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Join {
    /// The recipient and the game (the game is empty for the list of open games).
    #[serde(flatten)]
    pub common: Common,
    /// `accepted`, `full`, `closed`, `bad-password`, `weak-password`,
    /// `address-taken`, `not-a-role`, `listed`, `waiting`, `open-games`.
    pub what: String,
    /// The end of the sign-up, in the reader's zone and in UTC.
    pub until: String,
    /// Places still free, and in all.
    pub left: usize,
    pub places: usize,
    /// The preferences as read (`France, Italy, *`), or the name that is no role.
    pub preferences: String,
    /// Why a password is refused, in the reader's words.
    pub why: String,
    /// The roles one may name, joined by commas.
    pub roles: String,
    /// The game's sign-up is private: a password made by arbitre comes with the welcome.
    pub private: bool,
    /// A password made by arbitre for a listed player, sent to that player alone.
    pub password: String,
    /// The games open for sign-up (`open-games`).
    pub games: Vec<OpenGame>,
}

/// One game open for sign-up, as `LIST` without SIGNON shows it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct OpenGame {
    pub game: String,
    pub title: String,
    pub left: usize,
    pub places: usize,
    /// The end of the sign-up, in the game's zone and in UTC.
    pub until: String,
    /// Only those who know the sign-up password may join.
    pub private: bool,
}
