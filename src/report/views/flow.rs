//! The letters of a game's course that are neither reports nor replies: a message refused,
//! press relayed, a reminder, a board game's move, the digest of failed sign-ons.

use super::Common;
use serde::Serialize;

/// `rejection.txt`: a message not acted on, to its sender, whoever that is. Nothing in it
/// depends on the game's secrets: only what the sender wrote and why it was refused.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Rejection {
    /// Always empty: a refusal does not say which game it was about (a probe would learn
    /// that the game exists). Kept so that an override may test it.
    pub game: String,
    /// The sender's display name, empty when the message had none.
    pub name: String,
    /// The subject of the refused message.
    pub subject: String,
    /// The referee's name.
    pub referee: String,
    /// Why it was refused, one line, in English: the English half says it.
    pub reason: String,
    /// The same reason in French, with French typography: the French half says it.
    pub reason_fr: String,
}

/// `press.txt`: press relayed to one of its recipients.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Press {
    /// The recipient, the game, the phase.
    #[serde(flatten)]
    pub common: Common,
    /// Who sent it: the sender's role; empty in a grey press's copies to players.
    pub from: String,
    /// The recipients, in words: `all`, or their roles joined by commas.
    pub to: String,
    /// Whether it went to every player.
    pub public: bool,
    /// Grey press (`PRESS TO … GREY`): its players were not told who sent it.
    pub grey: bool,
    /// The referee's copy of a grey press, which names the sender.
    pub referee_copy: bool,
    /// The press, line by line.
    pub lines: Vec<String>,
}

/// `reminder.txt`: the deadline is near and a role's orders are not all on file.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Reminder {
    /// The recipient, the game, the phase, the deadline.
    #[serde(flatten)]
    pub common: Common,
    /// What is not yet on file for the recipient: one line per unit or build.
    pub missing: Vec<String>,
}

/// `board-move.txt`: a move of a board game, to every player.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardMove {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// The move's number, from 1.
    pub number: usize,
    /// The side that moved.
    pub by: String,
    /// The move in one line.
    pub summary: String,
    /// Anything else everyone must hear (a die rolled, a ship sunk).
    pub notes: Vec<String>,
    /// The board after the move, as text.
    pub board: String,
    /// The side to move next.
    pub to_move: String,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// `foreign-signon.txt`: the digest of failed sign-ons as the recipient's role.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ForeignSignon {
    /// The recipient (the role's player) and the game.
    #[serde(flatten)]
    pub common: Common,
    /// One line per attempt told: when, from which address, refused or ignored.
    pub attempts: Vec<String>,
    /// The attempts not listed (beyond the digest's length).
    pub more: usize,
    /// All the attempts since the last digest, listed or not.
    pub count: usize,
    /// How many failures within an hour make the role's sign-ons ignored for an hour.
    pub failures: usize,
}
