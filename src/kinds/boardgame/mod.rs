//! Board games played by mail beside Diplomacy: DIAM, Diabolik Fleet, Les Belligérants
//! and JOMINI.
//!
//! Each game is one module behind the [`BoardGame`] trait and one [`Kind`] value, listed in
//! the registry (`crate::kinds::REGISTRY`); the board games' mail game ([`mail`]) makes each
//! a game kind of the mail game, which knows nothing else of them. Nothing here looks a game
//! up in the registry: whoever does (the registry, a position file's reader) passes it on.
//!
//! A game is played as its text says; each [`Kind`] lists the [`HouseRule`]s (named
//! departures from the text) a players file may choose, and [`Setup::house_rules`] says
//! which are in force. DIAM and Diabolik Fleet also read position files for
//! `arbitre adjudicate` ([`position`]).
//!
//! A game's state is never stored: the game folder keeps the accepted moves, and the state
//! is rebuilt by replaying them from the start with a fresh [`Dice`] on the game's seed. So
//! a move must draw dice only once it is known to be legal, and the same moves on the same
//! seed must always give the same game.

pub mod belligerants;
pub mod diabolik;
pub mod diam;
mod error;
pub mod jomini;
pub mod mail;
pub mod position;

pub use error::{ReplayError, SetupError, Wanted};

use crate::dice::Dice;
pub use crate::lang::{Lang, Worded};
use std::collections::BTreeMap;
use std::fmt;

/// What the players file says of one game.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The sides, as [`Kind::sides`] named them, in seat order.
    pub sides: Vec<String>,
    /// The players file's `options:` (e.g. `cannonballs: "4"`), keys in lower case.
    pub options: BTreeMap<String, String>,
    /// The players file's `house_rules:`, each a name from [`Kind::house_rules`]. Without
    /// one, the game is played exactly as its text says.
    pub house_rules: Vec<String>,
}

impl Setup {
    /// Is the house rule `name` in force?
    pub fn house_rule(&self, name: &str) -> bool {
        self.house_rules.iter().any(|r| r == name)
    }
}

pub use crate::game::kind::{HouseRule, HouseRuleError};

impl Kind {
    /// The house rules named, checked against the game's, in the order written; an error
    /// names the first unknown or repeated one and the ones that exist.
    pub fn house_rules_in_force(&self, names: &[String]) -> Result<Vec<&'static HouseRule>, HouseRuleError> {
        crate::game::kind::house_rules_in_force(self.house_rules, self.title, names)
    }
}

/// A move accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// What was done, in one line, as relayed to every player: `Red places on cell 3`.
    pub summary: Told,
    /// Anything else everyone must hear: a DIAM, a ship sunk, a die rolled, the end.
    pub notes: Vec<Told>,
}

/// A board game's own worded value, as [`Told`] and [`Refused`] carry it: each game's
/// `Told` and `Refused` (in its own folder) are, with their facts, worded only once the
/// reader's language is known. Any worded value that compares with its like is one.
pub trait GameWords: Worded + fmt::Debug + Send + Sync + 'static {
    /// The value as itself, for its game to find it again ([`Told::of_game`]).
    fn as_any(&self) -> &dyn std::any::Any;

    /// Is `other` the same value (of the same game)?
    fn same(&self, other: &dyn GameWords) -> bool;
}

impl<T: Worded + fmt::Debug + PartialEq + Send + Sync + 'static> GameWords for T {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn GameWords) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// What a game tells every player (a move's summary, a note, how the game ended), as a
/// value: each game's own with its facts ([`Told::of`]; each game's `Told` converts into it
/// in its own folder), worded only once the reader's language is known ([`Told::words`]).
/// `Display` is the English, the words of the files and the logs.
#[derive(Clone, Debug)]
pub enum Told {
    /// Of a game: its own value.
    Game(std::sync::Arc<dyn GameWords>),
    /// As a file wrote it (a position file's `over:`): its words, in the file's language.
    Written(String),
}

impl Told {
    /// What a game tells, in its own value.
    pub fn of(told: impl GameWords) -> Told {
        Told::Game(std::sync::Arc::new(told))
    }

    /// The game's own value, when it is one of type `T` (a game finding its own again).
    pub fn of_game<T: 'static>(&self) -> Option<&T> {
        match self {
            Told::Game(t) => t.as_any().downcast_ref::<T>(),
            Told::Written(_) => None,
        }
    }
}

impl PartialEq for Told {
    fn eq(&self, other: &Told) -> bool {
        match (self, other) {
            (Told::Game(a), Told::Game(b)) => a.same(b.as_ref()),
            (Told::Written(a), Told::Written(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Told {}

impl Worded for Told {
    /// The words in `lang`. A [`Told::Written`] keeps the words of its file.
    fn words(&self, lang: Lang) -> String {
        match self {
            Told::Game(t) => t.words(lang),
            Told::Written(words) => words.clone(),
        }
    }
}

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

/// In the unit tests, what a game tells is compared with its English words.
#[cfg(test)]
impl PartialEq<str> for Told {
    fn eq(&self, words: &str) -> bool {
        self.words(Lang::En) == words
    }
}

#[cfg(test)]
impl PartialEq<&str> for Told {
    fn eq(&self, words: &&str) -> bool {
        self.words(Lang::En) == *words
    }
}

#[cfg(test)]
impl PartialEq<String> for Told {
    fn eq(&self, words: &String) -> bool {
        self.words(Lang::En) == *words
    }
}

/// Why a move was not played, as a value: each game's own refusal with its facts
/// ([`Refused::of`]; each game's `Refused` converts into it in its own folder), worded only
/// once the reader's language is known ([`Refused::words`]). `Display` is the English.
#[derive(Clone, Debug)]
pub struct Refused(std::sync::Arc<dyn GameWords>);

impl Refused {
    /// A game's own refusal.
    pub fn of(refused: impl GameWords) -> Refused {
        Refused(std::sync::Arc::new(refused))
    }

    /// The game's own refusal, when it is one of type `T`.
    pub fn of_game<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }
}

impl PartialEq for Refused {
    fn eq(&self, other: &Refused) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Refused {}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0.words(Lang::En))
    }
}

impl std::error::Error for Refused {}

impl Worded for Refused {
    /// The words of the refusal in `lang`.
    fn words(&self, lang: crate::lang::Lang) -> String {
        self.0.words(lang)
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// The winning sides (several for a team or a shared win; none for a draw).
    pub winners: Vec<String>,
    /// Why, in a sentence: `Red makes a DIAM at level 3 on cells 2 and 6`.
    pub summary: Told,
}

/// One game in progress.
pub trait BoardGame {
    /// The side (index into [`Setup::sides`]) whose move is awaited; `None` once over.
    fn to_move(&self) -> Option<usize>;

    /// May `side` play `text` although it is not its turn (e.g. a defender rolling dice)?
    fn out_of_turn(&self, _side: usize, _text: &str) -> bool {
        false
    }

    /// Plays one move written by `side` in the game's notation. An unreadable or illegal
    /// move is an `Err` with the reason as a value ([`Refused`]) and changes nothing, dice
    /// included.
    fn play(&mut self, side: usize, text: &str, dice: &mut Dice) -> Result<Played, Refused>;

    /// The board as plain text (monospaced) in `lang`, relayed after every accepted move: a
    /// drawing keeps its letters, and only its words (headings, legends) are translated.
    fn board(&self, lang: Lang) -> String;

    /// The end of the game, once it has ended.
    fn finish(&self) -> Option<Finish>;

    /// The board drawn as SVG (board, pieces, last move) in English, for the games that
    /// have a picture (`diam/picture.rs`, `diabolik/picture.rs`); `None` for the others.
    fn picture(&self) -> Option<String> {
        self.picture_in(Lang::En)
    }

    /// The same with its words in `lang`: the legend, the sides' names, who is to move,
    /// the last move and the result, as the reader's letters say them.
    fn picture_in(&self, _lang: Lang) -> Option<String> {
        None
    }
}

/// A game started, with the notes announced with the welcome; or why it cannot start.
pub type Started = Result<(Box<dyn BoardGame>, Vec<Told>), SetupError>;

/// A game as the players file names it.
pub struct Kind {
    /// The `variant:` of the players file.
    pub variant: &'static str,
    /// The game's name in subjects and reports.
    pub title: &'static str,
    /// The sides for a game of `players` players, in seat order; an error says which
    /// counts the game allows.
    pub sides: fn(players: usize) -> Result<Vec<&'static str>, SetupError>,
    /// Starts a game. The notes are announced with the welcome (e.g. the first die).
    pub start: fn(setup: &Setup, dice: &mut Dice) -> Started,
    /// The move notation with examples, sent with the welcome and with a refusal.
    pub notation: &'static str,
    /// The same explained in French (the words to write stay those the game reads).
    pub notation_fr: &'static str,
    /// The game's rules in players' words, for `GET RULES`: how to play it by mail, how
    /// to write the moves, how one wins (`rules.txt` in the game's folder).
    pub rules: &'static str,
    /// The same in French (`rules.fr.txt`).
    pub rules_fr: &'static str,
    /// The sides whose French text names them otherwise, `(side, French name)`: French
    /// letters use the French name; a side not listed keeps its name.
    pub sides_fr: &'static [(&'static str, &'static str)],
    /// The departures from the text the players may choose (`house_rules:`).
    pub house_rules: &'static [HouseRule],
    /// The game's reader of its own keys of a position file, when arbitre judges its
    /// positions (`arbitre adjudicate`); `None` when it does not check the game's moves
    /// outside a game by mail.
    pub positions: Option<position::Reader>,
    /// Every variant of the game's worded values (its `Told`, `Refused`…), by the name of
    /// what they are, for the one shared test of words (`kinds/words_tests.rs`), which reads
    /// them through the registry: a new game lists its own in its own folder.
    #[cfg(test)]
    pub(crate) word_samples: fn() -> Vec<(&'static str, Vec<crate::lang::Sample>)>,
}

impl Kind {
    /// The move notation explained in `lang`.
    pub fn notation_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.notation,
            Lang::Fr => self.notation_fr,
        }
    }

    /// A side's name in `lang`'s letters; any other text as it is.
    pub fn side_in<'a>(&self, side: &'a str, lang: Lang) -> &'a str {
        match lang {
            Lang::En => side,
            Lang::Fr => self
                .sides_fr
                .iter()
                .find(|(en, _)| *en == side)
                .map_or(side, |(_, fr)| fr),
        }
    }

    /// The rules in players' words, in `lang`.
    pub fn rules_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.rules,
            Lang::Fr => self.rules_fr,
        }
    }
}

/// The first word of `text` and the rest, trimmed.
pub(crate) fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (text, ""),
    }
}

/// Appends the last `shown` entries of a game's log to a board's text, each in the words
/// `words` gives it, under `title`, or `empty` when nothing was logged yet.
pub(crate) fn push_log_tail<T>(
    out: &mut String,
    log: &[T],
    shown: usize,
    words: impl Fn(&T) -> String,
    title: &str,
    empty: &str,
) {
    if log.is_empty() {
        out.push_str(empty);
        out.push('\n');
        return;
    }
    out.push_str(title);
    out.push('\n');
    for entry in &log[log.len().saturating_sub(shown)..] {
        out.push_str("  ");
        out.push_str(&words(entry));
        out.push('\n');
    }
}

/// Replays a game from its start: the state after `moves`, each `(side, text)`.
/// A move that no longer plays is an error naming it (the folder was edited by hand).
pub fn replay(
    kind: &Kind,
    setup: &Setup,
    dice: &mut Dice,
    moves: &[(usize, String)],
) -> Result<Box<dyn BoardGame>, ReplayError> {
    let (mut game, _) = (kind.start)(setup, dice)?;
    for (n, (side, text)) in moves.iter().enumerate() {
        game.play(*side, text, dice).map_err(|why| ReplayError::Move {
            n: n + 1,
            text: text.clone(),
            why,
        })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words a player writes: the notation's commands and keywords, in capitals. The
    /// DEVIL of Les Belligérants is a face of the die, which is never written: the French
    /// names it as the rules do, le DIABLE.
    fn keywords(notation: &str) -> std::collections::BTreeSet<&str> {
        notation
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_uppercase()) && *w != "DEVIL")
            .collect()
    }

    #[test]
    fn every_notation_and_house_rule_is_explained_in_french_with_the_same_words_to_write() {
        for k in crate::kinds::BOARD_GAMES {
            let (en, fr) = (k.notation_in(Lang::En), k.notation_in(Lang::Fr));
            assert_eq!(en, k.notation);
            assert_ne!(en, fr, "{}", k.title);
            let missing: Vec<&str> = keywords(en).difference(&keywords(fr)).copied().collect();
            assert!(missing.is_empty(), "{}: the French lacks {missing:?}", k.title);
            for r in k.house_rules {
                assert_eq!(r.description_in(Lang::En), r.description);
                assert!(
                    !r.description_fr.is_empty() && r.description_fr != r.description,
                    "{}",
                    r.name
                );
            }
        }
    }
}
