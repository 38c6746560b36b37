//! Why a board game cannot be set up or replayed, as values. A game is set up from the
//! players file's `players:` and `options:` (or a position file's): each error names the key
//! and the word at fault, so that the file's reader can point at its line, and says what to
//! write instead.

use super::Refused;
use crate::yaml::FileError;
use std::fmt;

/// What an option's value must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A whole number from `low` to `high`.
    Range { low: u32, high: u32 },
    /// A whole number of `what`, 1 or more.
    Count { what: &'static str },
    /// One of these words (any case).
    OneOf(&'static [&'static str]),
}

impl fmt::Display for Wanted {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Wanted::Range { low, high } => write!(f, "a number from {low} to {high}"),
            Wanted::Count { what } => write!(f, "a number of {what} (1 or more)"),
            Wanted::OneOf(words) => {
                let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
                match quoted.split_last() {
                    Some((last, [])) => write!(f, "{last}"),
                    Some((last, init)) => write!(f, "{} or {last}", init.join(", ")),
                    None => write!(f, "nothing"),
                }
            }
        }
    }
}

/// The options a game knows, as an error lists them.
struct Known(&'static [&'static str]);

impl fmt::Display for Known {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            [] => write!(f, "it takes none; remove \"options:\""),
            [one] => write!(f, "its only option is {one}"),
            many => write!(f, "its options are {}", many.join(", ")),
        }
    }
}

/// A board game that cannot start as set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A number of players the game is not played by (`played_by`: how many it is, in words).
    #[error("{title} is {played_by}, not {given}")]
    Players {
        title: &'static str,
        played_by: &'static str,
        given: usize,
    },
    /// Sides that are not the game's, or not in its order.
    #[error("the sides of {title} for {} players are {}, in that order, not {}", .sides.len(), .sides.join(", "), .given.join(", "))]
    Sides {
        title: &'static str,
        sides: Vec<&'static str>,
        given: Vec<String>,
    },
    /// An option the game does not have (`known`: those it has).
    #[error("{title} has no option \"{key}\": {}", Known(.known))]
    UnknownOption {
        title: &'static str,
        key: String,
        known: &'static [&'static str],
    },
    /// An option's value the game cannot use.
    #[error("the option \"{key}\" is {wanted}, not \"{value}\"")]
    BadOption {
        key: &'static str,
        value: String,
        wanted: Wanted,
    },
    /// An option that does not fit the number of players (`players`: those it is for).
    #[error("the option \"{key}\" is only for {players}; remove it")]
    OptionPlayers { key: &'static str, players: &'static str },
}

impl SetupError {
    /// The key of the players file (or position file) at fault: `players` or `options`.
    pub fn key(&self) -> &'static str {
        match self {
            SetupError::Players { .. } | SetupError::Sides { .. } => "players",
            SetupError::UnknownOption { .. } | SetupError::BadOption { .. } | SetupError::OptionPlayers { .. } => {
                "options"
            }
        }
    }

    /// The word under [`SetupError::key`] to point at (the option's name), when there is one.
    pub fn token(&self) -> Option<&str> {
        match self {
            SetupError::Players { .. } | SetupError::Sides { .. } => None,
            SetupError::UnknownOption { key, .. } => Some(key),
            SetupError::BadOption { key, .. } | SetupError::OptionPlayers { key, .. } => Some(key),
        }
    }

    /// The error as one of `file`'s (whose text is not at hand, so without its line):
    /// `game.yaml: options: …`.
    pub fn in_file(&self, file: &str) -> FileError {
        FileError {
            key: Some(self.key().into()),
            token: self.token().map(Into::into),
            ..FileError::new(file, format!("{}: {self}", self.key()))
        }
    }
}

/// A game that cannot be rebuilt from its moves: the game's files were edited by hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The game cannot start as game.yaml sets it up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The move `n` (from 1), written `text`, is refused now.
    #[error("move {n} (\"{text}\") no longer plays: {why}")]
    Move { n: usize, text: String, why: Refused },
}

impl ReplayError {
    /// The error as one of the game folder's files: the setup is game.yaml's, the moves are
    /// state.yaml's (`moves:`, at the move's text).
    pub fn in_files(&self) -> FileError {
        match self {
            ReplayError::Setup(e) => e.in_file("game.yaml"),
            ReplayError::Move { text, .. } => FileError {
                key: Some("moves".into()),
                token: Some(text.as_str().into()),
                hint: Some("the folder was edited by hand: put state.yaml's moves back as they were".into()),
                ..FileError::new("state.yaml", format!("moves: {self}"))
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_error_names_its_key_and_word() {
        let e = SetupError::BadOption {
            key: "cannonballs",
            value: "9".into(),
            wanted: Wanted::Range { low: 2, high: 6 },
        };
        assert_eq!(
            e.to_string(),
            "the option \"cannonballs\" is a number from 2 to 6, not \"9\""
        );
        let f = e.in_file("game.yaml");
        assert_eq!(
            (f.key.as_deref(), f.token.as_deref()),
            (Some("options"), Some("cannonballs"))
        );
        assert_eq!(
            f.to_string(),
            "game.yaml: options: the option \"cannonballs\" is a number from 2 to 6, not \"9\""
        );
        let e = SetupError::UnknownOption {
            title: "Les Belligérants",
            key: "dice".into(),
            known: &[],
        };
        assert_eq!(
            e.to_string(),
            "Les Belligérants has no option \"dice\": it takes none; remove \"options:\""
        );
        let e = SetupError::BadOption {
            key: "first",
            value: "green".into(),
            wanted: Wanted::OneOf(&["Blue", "Red"]),
        };
        assert_eq!(
            e.to_string(),
            "the option \"first\" is \"Blue\" or \"Red\", not \"green\""
        );
        let e = SetupError::Players {
            title: "JOMINI",
            played_by: "played by two players",
            given: 3,
        };
        assert_eq!((e.key(), e.token()), ("players", None));
    }
}
