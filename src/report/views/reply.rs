//! The reply to a player's message: what came of each line, in the reader's words, and what
//! the recipient has on file.

use super::Common;
use serde::Serialize;

/// What every reply says of the message it answers, whoever the sender plays, already in
/// the reader's words: the game words each line when it builds the reply (and when it adds
/// the answers to questions), so the template is given text only.
#[derive(Clone, Debug, Default)]
pub struct Answered {
    /// The commands done, each with its line for the order of the list, in words
    /// (`line 3: A PAR - BUR: on file`).
    pub done: Vec<(Option<usize>, String)>,
    /// The commands not done, with why: the first [`Answered::cap`] keeps.
    pub errors: Vec<LineWords>,
    /// The errors beyond those quoted.
    pub more_errors: usize,
    /// The lines not read as commands at all (chatter), ignored.
    pub not_understood: Vec<LineWords>,
    /// Why the end of a too long message was not read; empty when all of it was.
    pub unread: String,
}

/// A line of a message that was not done, in its reader's words: its number, its text as
/// written, and why.
#[derive(Serialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct LineWords {
    pub line: usize,
    pub text: String,
    pub message: String,
}

impl Answered {
    /// Keeps the first `quoted` errors and counts the others in `more_errors`.
    pub fn cap(&mut self, quoted: usize) {
        self.more_errors = self.errors.len().saturating_sub(quoted);
        self.errors.truncate(quoted);
    }
}

/// The template sees an [`Answered`] as `done` (its lines' words), `errors`, `more_errors`,
/// `not_understood` and `unread`.
impl Serialize for Answered {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            done: Vec<&'a str>,
            errors: &'a [LineWords],
            more_errors: usize,
            not_understood: &'a [LineWords],
            unread: &'a str,
        }
        Shown {
            done: self.done.iter().map(|(_, words)| words.as_str()).collect(),
            errors: &self.errors,
            more_errors: self.more_errors,
            not_understood: &self.not_understood,
            unread: &self.unread,
        }
        .serialize(s)
    }
}

/// An order on file, with what the judge makes of it alone (a void order said so now).
#[derive(Serialize, Clone, Debug, Default)]
pub struct OnFile {
    /// The order as written.
    pub order: String,
    /// What the judge says of it alone, empty when nothing.
    pub note: String,
}

/// `reply.txt` to a player of a Diplomacy game (a power, God or the Devil): what is on
/// file for the recipient's role, and nobody else's.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Reply {
    /// The recipient, the game, the phase, the deadline.
    #[serde(flatten)]
    pub common: Common,
    /// What came of the message.
    #[serde(flatten)]
    pub answered: Answered,
    /// The power's orders on file (empty for God and the Devil).
    pub on_file: Vec<OnFile>,
    /// What God or the Devil has on file (the ruleset's words), empty for a power.
    pub divine_on_file: Vec<String>,
    /// What the role still has to order.
    pub missing: Vec<String>,
    /// The role's draw vote, empty when none.
    pub vote: String,
}

/// `reply.txt` to a player of a board game.
#[derive(Serialize, Clone, Debug, Default)]
pub struct BoardReply {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// What came of the message.
    #[serde(flatten)]
    pub answered: Answered,
    /// Always true: the template's board-game branch.
    pub boardgame: bool,
    /// The board now, as text.
    pub board: String,
    /// The side to move, empty when none is.
    pub to_move: String,
    /// How to write a move: only when something went wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
}

/// `reply.txt` once the game is over: nothing more is done.
#[derive(Serialize, Clone, Debug, Default)]
pub struct OverReply {
    /// The recipient and the game.
    #[serde(flatten)]
    pub common: Common,
    /// What came of the message (nothing is done).
    #[serde(flatten)]
    pub answered: Answered,
    /// How the game ended.
    pub over: String,
}
