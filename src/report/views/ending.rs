//! The final report, when a game is over.

use super::{Common, Report};
use serde::Serialize;

/// A player of the game, named in the final report.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PlayerRow {
    /// The role played.
    pub role: String,
    /// The player's name.
    pub name: String,
}

/// What every final report says, whatever the kind of game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Ending {
    /// How the game ended, in one line.
    pub summary: String,
    /// The winning roles, none for a draw or no winner.
    pub winners: Vec<String>,
    /// The seed of the game's draws, published now so anyone can check them.
    pub seed: String,
    /// Who played what, in the players file's order; none in an anonymous game.
    pub players: Vec<PlayerRow>,
    /// The game was anonymous (`anonymous: true`): the players' names are not told.
    pub anonymous: bool,
}

/// The secrets a ruleset reveals once the game is over (Diable et Bon Dieu: the protected
/// powers). Each is `null` to the template when the game never drew it.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Revealed {
    /// The power God protected.
    pub god_protects: Option<String>,
    /// The power the Devil protected.
    pub devil_protects: Option<String>,
}

/// `final.txt` and `final.html` to a player of a Diplomacy game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Final {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The end, the winners, the seed, the players.
    #[serde(flatten)]
    pub ending: Ending,
    /// The public report of the last phase.
    pub report: Report,
    /// What the ruleset reveals; nothing for plain Diplomacy.
    #[serde(flatten)]
    pub revealed: Option<Revealed>,
}

/// `final.txt` and `final.html` to a player of a board game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardFinal {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The end, the winners, the seed, the players.
    #[serde(flatten)]
    pub ending: Ending,
    /// Always true: the template's board-game branch.
    pub boardgame: bool,
    /// The final board, as text.
    pub board: String,
}
