//! How a game of DIAM ended, as a value. Its English words are the summary of the game's
//! [`Finish`] (the words the game's files, reports and tests know); [`Ending::words`] gives
//! them in a language, for a refusal sent to a reader of that language.

use super::colour::Colour;
use crate::kinds::boardgame::Finish;
use crate::lang::{Lang, Worded};
use std::fmt;

/// The end of a game of DIAM. Cells and levels count from 0, as the game keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A team wins with a DIAM in `colour` at `level` on `cell` and the cell facing it;
    /// `by`: the side whose move made it, when it is of the other team.
    Diam {
        winners: Vec<String>,
        colour: Colour,
        level: usize,
        cell: usize,
        by: Option<String>,
    },
    /// The game is drawn.
    Drawn(Draw),
    /// As a position file's `over:` wrote it: its words are the file's, in one language.
    Written { winners: Vec<String>, summary: String },
}

/// Why a game of DIAM is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Both teams have a DIAM at the highest level, `level`.
    Tie { level: usize },
    /// Nobody can place or move.
    Stuck,
    /// The same position, with the same player to move, came up a third time.
    Repetition,
    /// The option `move-limit` was reached after `moves` moves.
    MoveLimit { moves: usize },
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Draw::Tie { level } => write!(
                f,
                "both teams have a DIAM at level {}, the highest: the game is drawn",
                level + 1
            ),
            Draw::Stuck => write!(f, "nobody can place or move"),
            Draw::Repetition => write!(
                f,
                "the same position, with the same player to move, has come up three times"
            ),
            Draw::MoveLimit { moves } => write!(f, "{moves} moves have been played without a DIAM (the move limit)"),
        }
    }
}

impl Draw {
    pub(super) fn fr(&self) -> String {
        match self {
            Draw::Tie { level } => format!("les deux équipes ont un DIAM au niveau {}, le plus haut", level + 1),
            Draw::Stuck => "personne ne peut ni poser ni déplacer de pion".to_string(),
            Draw::Repetition => {
                "la même position, avec le même joueur au trait, s'est présentée trois fois".to_string()
            }
            Draw::MoveLimit { moves } => format!("{moves} coups ont été joués sans DIAM (la limite de coups)"),
        }
    }
}

impl Ending {
    /// The sides that won (none for a draw).
    pub fn winners(&self) -> Vec<String> {
        match self {
            Ending::Diam { winners, .. } => winners.clone(),
            Ending::Written { winners, .. } => winners.clone(),
            Ending::Drawn(_) => Vec::new(),
        }
    }

    /// The game's [`Finish`]: its winners, and how it ended as a value.
    pub fn finish(&self) -> Finish {
        Finish {
            winners: self.winners(),
            summary: super::told::Told::Over(self.clone()).into(),
        }
    }
}

impl Worded for Ending {
    /// The words in `lang`. A [`Ending::Written`] keeps the words of its file.
    fn words(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            Ending::Diam {
                winners,
                colour,
                level,
                cell,
                by,
            } => format!(
                "{} avec un DIAM {} au niveau {} sur les cases {} et {}{}",
                super::told::wins(winners, Lang::Fr),
                super::refused::fr(*colour, false),
                level + 1,
                cell + 1,
                cell + 5,
                by.as_ref()
                    .map(|b| format!(" (fait par le coup de {})", super::side_fr(b)))
                    .unwrap_or_default()
            ),
            Ending::Drawn(why) => format!("partie nulle : {}", why.fr()),
            Ending::Written { summary, .. } => summary.clone(),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Ending::Diam {
                winners,
                colour,
                level,
                cell,
                by,
            } => write!(
                f,
                "{} with a DIAM in {} at level {} on cells {} and {}{}",
                super::told::wins(winners, Lang::En),
                colour.name(),
                level + 1,
                cell + 1,
                cell + 5,
                by.as_ref()
                    .map(|b| format!(" (made by {b}'s move)"))
                    .unwrap_or_default()
            ),
            Ending::Drawn(why) => write!(f, "Drawn: {why}"),
            Ending::Written { summary, .. } => write!(f, "{summary}"),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An ending of every kind told alike in both languages (a file's own words are not).
    pub(crate) fn every() -> Vec<Ending> {
        vec![
            Ending::Diam {
                winners: vec!["Red-Orange".into()],
                colour: Colour::Red,
                level: 2,
                cell: 0,
                by: None,
            },
            Ending::Diam {
                winners: vec!["Red".into(), "Orange".into()],
                colour: Colour::Orange,
                level: 1,
                cell: 3,
                by: Some("Brown".into()),
            },
            Ending::Drawn(Draw::Tie { level: 3 }),
            Ending::Drawn(Draw::Stuck),
            Ending::Drawn(Draw::Repetition),
            Ending::Drawn(Draw::MoveLimit { moves: 40 }),
        ]
    }

    #[test]
    fn an_ending_is_told_in_the_words_of_the_rules() {
        let every = every();
        assert_eq!(
            every[1].to_string(),
            "Red and Orange win with a DIAM in orange at level 2 on cells 4 and 8 (made by Brown's move)"
        );
        assert_eq!(
            every[1].words(Lang::Fr),
            "Rouge et Orange gagnent avec un DIAM orange au niveau 2 sur les cases 4 et 8 (fait par le coup de Marron)"
        );
        assert_eq!(every[3].to_string(), "Drawn: nobody can place or move");
        let written = Ending::Written {
            winners: vec!["Red".into()],
            summary: "Red wins".into(),
        };
        assert_eq!(written.finish().summary.to_string(), "Red wins");
        assert_eq!(written.words(Lang::Fr), "Red wins", "a file's own words");
    }
}
