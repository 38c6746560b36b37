//! The one list of game kinds: every `variant:` a players file or a position file may
//! name, and what each one is.
//!
//! A kind is either a Diplomacy ruleset (the standard map, judged with the ruleset's
//! [`crate::kinds::diplomacy::Ruleset`], played by mail as [`diplomacy::Diplomacy`]) or a
//! board game (its [`crate::kinds::boardgame::Kind`]). [`REGISTRY`] lists them once, as the
//! mail game knows them (`crate::game::kind::Kind`): the command line passes it to what
//! opens, creates or checks a game. [`KINDS`] is the same list seen as rulesets and board
//! games, for the position files. Adding a game is its folder and one line in [`REGISTRY`].

pub mod boardgame;
pub mod diplomacy;
#[cfg(test)]
mod words_tests;

use crate::game::kind::Kinds;
use diplomacy::Ruleset;

/// Every game arbitre runs, as the mail game knows them: the one list, which whoever calls
/// from above (the command line, a test) passes to what opens, creates or checks a game.
/// Adding a game kind is one line here (and its folder).
pub static REGISTRY: Kinds = Kinds(&[
    &diplomacy::STANDARD_GAME,
    &diplomacy::Diplomacy(&diplomacy::diable::RULES),
    &boardgame::diam::KIND,
    &boardgame::diabolik::KIND,
    &boardgame::belligerants::KIND,
    &boardgame::jomini::KIND,
]);

/// One game kind, as the players file names it.
pub enum Kind {
    /// Diplomacy on the standard map, played by a ruleset (which has its name and title).
    Diplomacy(&'static dyn Ruleset),
    /// A board game: its name, title, sides and moves are the board game's own.
    Board(&'static boardgame::Kind, Positions),
}

/// Whether arbitre judges position files of a board game, and its reader of them.
#[derive(Clone, Copy)]
pub enum Positions {
    /// It does not check the game's moves outside a game by mail.
    None,
    /// The game's reader of its own keys of a position file.
    Read(boardgame::position::Reader),
}

/// Every game arbitre runs, in the order errors list them: the kinds of [`REGISTRY`], each
/// as the ruleset or the board game it is (for the position files, which name them).
pub static KINDS: std::sync::LazyLock<Vec<Kind>> =
    std::sync::LazyLock::new(|| REGISTRY.all().filter_map(Kind::of).collect());

impl Kind {
    /// A kind of the registry, as the ruleset or the board game it is.
    fn of(kind: &'static dyn crate::game::kind::Kind) -> Option<Kind> {
        let any: &'static dyn std::any::Any = kind.as_any();
        if let Some(d) = any.downcast_ref::<diplomacy::Diplomacy>() {
            return Some(Kind::Diplomacy(d.0));
        }
        let board = any.downcast_ref::<boardgame::Kind>()?;
        let positions = board.positions.map_or(Positions::None, Positions::Read);
        Some(Kind::Board(board, positions))
    }

    /// The `variant:` naming it.
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Diplomacy(rules) => rules.name(),
            Kind::Board(k, _) => k.variant,
        }
    }

    /// Its name in subjects and reports.
    pub fn title(&self) -> &'static str {
        match self {
            Kind::Diplomacy(rules) => rules.title(),
            Kind::Board(k, _) => k.title,
        }
    }

    /// The ruleset, for a kind of Diplomacy.
    pub fn rules(&self) -> Option<&'static dyn Ruleset> {
        match self {
            Kind::Diplomacy(rules) => Some(*rules),
            Kind::Board(..) => None,
        }
    }

    /// The board game, for a board game.
    pub fn board(&self) -> Option<&'static boardgame::Kind> {
        match self {
            Kind::Board(k, _) => Some(k),
            Kind::Diplomacy(_) => None,
        }
    }

    /// The reader of a board game's position files, if arbitre judges them.
    pub fn position_reader(&self) -> Option<boardgame::position::Reader> {
        match self {
            Kind::Board(_, Positions::Read(r)) => Some(*r),
            _ => None,
        }
    }
}

/// The kind named `name` (as written in `variant:`, lower case).
pub fn find(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name() == name)
}

/// The names of every kind, for an error that lists them.
pub fn names() -> Vec<&'static str> {
    KINDS.iter().map(Kind::name).collect()
}

/// Every board game arbitre runs, in the registry's order (`for k in BOARD_GAMES`).
pub const BOARD_GAMES: BoardGames = BoardGames;

/// The board games of the registry, as an iterable value.
#[derive(Clone, Copy, Debug)]
pub struct BoardGames;

impl IntoIterator for BoardGames {
    type Item = &'static boardgame::Kind;
    type IntoIter =
        std::iter::FilterMap<std::slice::Iter<'static, Kind>, fn(&'static Kind) -> Option<&'static boardgame::Kind>>;
    fn into_iter(self) -> Self::IntoIter {
        KINDS.iter().filter_map(Kind::board)
    }
}

/// The game played under a `variant:`, if it is a board game.
pub fn board_game(variant: &str) -> Option<&'static boardgame::Kind> {
    find(variant).and_then(Kind::board)
}

/// The board game a position file `text` is of (by its `variant:`), with its reader of
/// positions; `None` when `variant:` names no board game.
pub fn board_position(text: &str, origin: &str) -> Option<boardgame::position::Named> {
    let variant = boardgame::position::variant_of(text)?;
    let kind = find(&variant)?;
    let board = kind.board()?;
    let judged = board_position_names();
    Some(boardgame::position::Named::new(
        variant,
        board,
        kind.position_reader(),
        &judged,
        text,
        origin,
    ))
}

/// Judges a board game's position file, if `text` is one (its `variant:` is a board
/// game): the output YAML, or what is wrong and where. `None` for anything else.
pub fn adjudicate_board(text: &str, origin: &str) -> Option<Result<String, crate::yaml::FileError>> {
    board_position(text, origin).map(|named| boardgame::position::adjudicate(named, text, origin))
}

/// A board game's position file read and its moves played (the refused ones change
/// nothing): the game as it stands after them, e.g. to draw it (`arbitre picture`).
/// `None` when `text` is no position of a board game.
pub fn play_out_board(
    text: &str,
    origin: &str,
) -> Option<Result<Box<dyn boardgame::position::PositionGame>, crate::yaml::FileError>> {
    board_position(text, origin).map(|named| boardgame::position::play_out(named, text, origin))
}

/// The names of the board games whose position files arbitre judges.
pub fn board_position_names() -> Vec<&'static str> {
    KINDS
        .iter()
        .filter(|k| k.position_reader().is_some())
        .map(Kind::name)
        .collect()
}

/// The names of the kinds of Diplomacy (those a Diplomacy position file may name).
pub fn diplomacy_names() -> Vec<&'static str> {
    KINDS.iter().filter(|k| k.rules().is_some()).map(Kind::name).collect()
}

/// The ruleset of a kind of Diplomacy; `None` for a board game or an unknown name.
pub fn rules(name: &str) -> Option<&'static dyn Ruleset> {
    find(name).and_then(Kind::rules)
}

/// The kinds of Diplomacy as the reader of position files knows them: their names and the
/// keys each allows beyond the standard ones. Passed to [`crate::position::Position::parse`].
pub struct DiplomacyVariants;

/// The registry's [`DiplomacyVariants`].
pub static VARIANTS: DiplomacyVariants = DiplomacyVariants;

impl crate::position::Variants for DiplomacyVariants {
    fn names(&self) -> Vec<&'static str> {
        diplomacy_names()
    }

    fn extra_keys(&self, variant: &str) -> Option<&'static [&'static str]> {
        rules(variant).map(|r| r.position_keys())
    }
}

/// The kind of Diplomacy whose position files carry `key` (`divine`), if one does.
pub fn owner_of_position_key(key: &str) -> Option<&'static Kind> {
    KINDS
        .iter()
        .find(|k| k.rules().is_some_and(|r| r.position_keys().contains(&key)))
}

/// The ruleset whose extra role `role` is (God's), if one has it.
pub fn owner_of_role(role: crate::game::role::Role) -> Option<&'static dyn diplomacy::Ruleset> {
    KINDS
        .iter()
        .filter_map(|k| k.rules())
        .find(|r| r.extra_roles().iter().any(|n| n.role() == role))
}

/// The kind of Diplomacy whose players write `verb` (`BLESS`), if one does.
pub fn owner_of_verb(verb: &str) -> Option<&'static Kind> {
    KINDS
        .iter()
        .find(|k| k.rules().is_some_and(|r| r.verbs().iter().any(|v| v.word == verb)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_listed_once() {
        let names = names();
        for n in &names {
            assert_eq!(names.iter().filter(|m| *m == n).count(), 1, "{n}");
        }
        assert_eq!(names[0], "standard");
        assert!(names.len() >= 6, "{names:?}");
    }

    #[test]
    fn board_games_and_rulesets_are_told_apart() {
        assert!(find("standard").unwrap().board().is_none());
        assert_eq!(find("standard").unwrap().title(), "Diplomacy");
        assert!(rules("diam").is_none());
        assert_eq!(find("jomini").unwrap().title(), "JOMINI");
        assert!(diplomacy_names()
            .iter()
            .all(|n| rules(n).is_some() && find(n).unwrap().board().is_none()));
        assert!(find("chess").is_none());
        assert!(owner_of_verb("BUILD").is_none());
        assert_eq!(board_position_names(), ["diam", "diabolik-fleet"]);
    }

    #[test]
    fn a_ruleset_says_whether_it_has_divine_players() {
        // What HELP, GET RULES and the letters ask of a game, without naming its variant.
        for name in diplomacy_names() {
            let r = rules(name).unwrap();
            let divine = r.extra_roles().iter().any(|role| role.info.secret);
            assert_eq!(r.has_divine_players(), divine, "{name}");
        }
        assert!(!rules("standard").unwrap().has_divine_players());
        let with_divine: Vec<&str> = diplomacy_names()
            .into_iter()
            .filter(|n| rules(n).unwrap().has_divine_players())
            .collect();
        assert_eq!(with_divine.len(), 1, "{with_divine:?}");
    }
}
