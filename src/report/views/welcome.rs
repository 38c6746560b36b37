//! The welcome at the start of a game, to a Diplomacy player or a board game's.

use super::{Common, ProtectedTold};
use serde::Serialize;

/// The ruleset's part of a Diplomacy welcome.
#[derive(Serialize, Clone, Debug, Default)]
pub struct WelcomePart {
    /// The game has divine players (God, the Devil).
    pub divine_players: bool,
    /// The protected powers the recipient is told of (God and the Devil only).
    #[serde(flatten)]
    pub protected: ProtectedTold,
}

/// `welcome.txt` to a player of a Diplomacy game (Diable et Bon Dieu included).
#[derive(Serialize, Clone, Debug, Default)]
pub struct Welcome {
    /// The recipient, the game, the first deadline, the seed's commitment.
    #[serde(flatten)]
    pub common: Common,
    /// The recipient plays God or the Devil.
    pub divine: bool,
    /// The ruleset's part.
    #[serde(flatten)]
    pub variant: WelcomePart,
    /// The recipient's units at the start, in one line; empty for God and the Devil.
    pub units: String,
    /// A password arbitre made for the recipient (listed without one, or signed up where
    /// the sign-up is private); empty when the player chose one.
    pub password: String,
}

/// `welcome.txt` to a player of a board game (its own audience: sides, notation, board).
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardWelcome {
    /// The recipient, the game, the seed's commitment.
    #[serde(flatten)]
    pub common: Common,
    /// Always true: the template's board-game branch.
    pub boardgame: bool,
    /// The sides in seat order, joined by commas.
    pub sides: String,
    /// How to write a move, as the game's kind says it.
    pub notation: String,
    /// What the start drew or set up, one line each.
    pub notes: Vec<String>,
    /// The house rules in force, `name: description` each.
    pub house_rules: Vec<String>,
    /// The board at the start, as text.
    pub board: String,
    /// The side that moves first, empty when none does.
    pub to_move: String,
    /// A password arbitre made for the recipient; empty when the player chose one.
    pub password: String,
}
