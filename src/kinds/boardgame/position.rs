//! Position files for the board games with a board arbitre judges (DIAM and Diabolik
//! Fleet): a position, the side to move and the moves to judge, read from YAML; the moves
//! are played in order and the results and the next position written back as YAML, in the
//! manner of the Diplomacy position file (`crate::position`). docs/boardgames.md describes
//! the format.
//!
//! The keys common to both games are read here; each game reads its own (the board, the
//! side to move) beside its rules: `diam::from_position`,
//! `diabolik::position::from_position`.

use super::{BoardGame, Finish, Refused, SetupError};
use crate::dice::{Dice, Seed};
use crate::yaml::{scalar, FileError, Ordered, Writer};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The keys of a board-game position file, as written. Each game refuses the keys that
/// are not its own.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawBoardPosition {
    pub variant: String,
    /// How many players (2 unless given).
    #[serde(default)]
    pub players: Option<usize>,
    /// The game's options, as in a players file.
    #[serde(default)]
    pub options: BTreeMap<String, serde_yaml::Value>,
    /// The house rules in force, as in a players file.
    #[serde(default)]
    pub house_rules: Vec<String>,
    /// The side whose move is awaited.
    #[serde(default)]
    pub to_move: Option<String>,
    /// DIAM: each cell's stack, bottom first (`3: [red, brown]`).
    #[serde(default)]
    pub cells: Option<BTreeMap<u32, Vec<String>>>,
    /// DIAM with three players: the side that moves after `to_move` when the lone player
    /// is to move (it plays every other turn).
    #[serde(default)]
    pub then: Option<String>,
    /// DIAM: the moves played so far (for the option `move-limit`).
    #[serde(default)]
    pub moves_played: Option<usize>,
    /// Diabolik Fleet: each fleet's ships, `square heading` (`A2 N`).
    #[serde(default)]
    pub ships: Option<Ordered<Vec<String>>>,
    /// Diabolik Fleet: the fleets out of the game.
    #[serde(default)]
    pub out: Vec<String>,
    /// Diabolik Fleet: the side to move plays its bonus turn.
    #[serde(default)]
    pub bonus: bool,
    /// Diabolik Fleet: the normal turns each fleet has played (for the option `turns`).
    #[serde(default)]
    pub normal_turns: Option<Ordered<u32>>,
    /// A game already over.
    #[serde(default)]
    pub over: Option<RawOver>,
    /// The moves to judge, in order: each is played by the side to move, or by the side
    /// named in front of it (`- North: resign`).
    #[serde(default)]
    pub moves: Vec<RawMove>,
    /// The expected outcome, for test data; `arbitre adjudicate` ignores it.
    #[serde(default)]
    pub expect: Option<serde_yaml::Value>,
}

/// One move to judge: `- B2-B3`, or `- North: resign` for a named side.
#[derive(Deserialize, Clone)]
#[serde(untagged)]
pub enum RawMove {
    Text(String),
    BySide(BTreeMap<String, String>),
}

/// `over:` of a finished game.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawOver {
    #[serde(default)]
    pub winners: Vec<String>,
    pub summary: String,
}

/// A position file's text and name, to point at a line in errors.
pub struct Source<'a> {
    pub text: &'a str,
    pub origin: &'a str,
}

impl Source<'_> {
    /// An error at the line of `key:` that mentions `needle` (or of `key:` itself).
    pub fn err(&self, key: &str, needle: &str, message: String) -> FileError {
        FileError::at(self.origin, self.text, key, needle, message)
    }

    /// A game that cannot be set up as the file says, at the line of the key at fault
    /// (`players:` or `options:`) that names the option.
    pub fn setup_err(&self, e: &SetupError) -> FileError {
        self.err(e.key(), e.token().unwrap_or(""), format!("{}: {e}", e.key()))
    }

    /// Refuses a key the game does not read.
    pub fn refuse(&self, given: bool, key: &str, title: &str, whose: &str) -> Result<(), FileError> {
        if given {
            return Err(self.err(
                key,
                "",
                format!("\"{key}:\" is a key of {whose} positions, not of {title}: remove it"),
            ));
        }
        Ok(())
    }
}

/// A game set up from a position file.
pub trait PositionGame: BoardGame {
    /// The sides, in seat order.
    fn side_names(&self) -> Vec<&'static str>;

    /// The game's own keys of the position now (board, side to move…), as read back.
    fn write_position(&self, w: &mut Writer, indent: usize);
}

/// A game read from a position file, with what was announced as it was set up (e.g. a
/// fleet found blocked when its turn begins).
pub type Read = (Box<dyn PositionGame>, Vec<String>);

/// A board game's reader of its own keys of a position file (listed beside the game in
/// [`crate::kinds::KINDS`]).
pub type Reader = fn(&RawBoardPosition, Option<Finish>, &Source) -> Result<Read, FileError>;

/// The `variant:` of a position file, in lower case.
pub fn variant_of(text: &str) -> Option<String> {
    let value: serde_yaml::Value = serde_yaml::from_str(text).ok()?;
    Some(value.get("variant")?.as_str()?.trim().to_lowercase())
}

/// The board game a position file is of, as the registry found it from its `variant:`
/// (`crate::kinds::board_position`): the game, and its reader of positions or the error of
/// a game whose positions arbitre does not judge.
pub struct Named {
    pub variant: String,
    pub kind: &'static super::Kind,
    pub reader: Result<Reader, FileError>,
}

impl Named {
    /// The game `kind` of `variant`, with its `reader` if it has one; `judged` names the
    /// games whose positions arbitre judges, for the error of one that has none.
    pub fn new(
        variant: String,
        kind: &'static super::Kind,
        reader: Option<Reader>,
        judged: &[&str],
        text: &str,
        origin: &str,
    ) -> Named {
        let reader = reader.ok_or_else(|| {
            Source { text, origin }.err(
                "variant",
                "",
                format!(
                    "arbitre judges no position of {}: it does not check the moves of that game (positions \
                     are for {})",
                    kind.title,
                    judged.join(" and ")
                ),
            )
        });
        Named { variant, kind, reader }
    }
}

/// Judges a board game's position file `text`, of the game `named`: the output YAML, or
/// what is wrong and where.
pub fn adjudicate(named: Named, text: &str, origin: &str) -> Result<String, FileError> {
    let at = Source { text, origin };
    let Named { variant, kind, reader } = named;
    reader.and_then(|reader| judge(&variant, kind, reader, &at))
}

/// The file read and checked, and its game set up (before its moves).
type Checked = (RawBoardPosition, Vec<&'static super::HouseRule>, Read);

fn read(kind: &super::Kind, reader: Reader, at: &Source) -> Result<Checked, FileError> {
    let raw: RawBoardPosition = crate::yaml::from_str(at.text, at.origin)?;
    let rules = kind.house_rules_in_force(&raw.house_rules).map_err(|e| FileError {
        token: Some(e.name().into()),
        ..at.err("house_rules", "", format!("house_rules: {e}"))
    })?;
    for (key, value) in &raw.options {
        if crate::game::config::option_text(value).is_none() {
            return Err(at.err(
                "options",
                key,
                format!("options: {key}: write a number, a word or true/false"),
            ));
        }
    }
    let over = raw.over.clone().map(|o| Finish {
        winners: o.winners,
        summary: super::Told::Written(o.summary),
    });
    let read = reader(&raw, over, at)?;
    Ok((raw, rules, read))
}

fn judge(variant: &str, kind: &super::Kind, reader: Reader, at: &Source) -> Result<String, FileError> {
    let (raw, rules, (mut game, notes)) = read(kind, reader, at)?;
    let sides = game.side_names();

    let mut w = Writer::default();
    w.key(0, "variant", variant);
    if !notes.is_empty() {
        list(&mut w, 0, "notes", &notes);
    }
    w.raw(0, "results:");
    if raw.moves.is_empty() {
        w.raw(1, "[]");
    }
    // Neither game draws dice once under way; the dice are only there for the trait.
    let mut dice = Dice::new(Seed([0; 32]));
    for (n, written) in raw.moves.iter().enumerate() {
        let (side, text, result) = play_move(game.as_mut(), &sides, n, written, &mut dice, at)?;
        match side {
            Some(side) => {
                w.item_key(1, "side", sides[side]);
                w.key(2, "move", text);
            }
            None => w.item_key(1, "move", text),
        }
        match result {
            Ok(played) => {
                w.key(2, "result", "accepted");
                w.key(2, "summary", &played.summary.to_string());
                if !played.notes.is_empty() {
                    let notes: Vec<String> = played.notes.iter().map(|n| n.to_string()).collect();
                    list(&mut w, 2, "notes", &notes);
                }
            }
            Err(reason) => {
                w.key(2, "result", "refused");
                w.key(2, "reason", &reason.to_string());
            }
        }
    }
    if let Some(finish) = game.finish() {
        write_over(&mut w, 0, "finish", &finish);
    }
    w.raw(0, "next:");
    w.key(1, "variant", variant);
    w.raw(1, &format!("players: {}", sides.len()));
    if !raw.options.is_empty() {
        let options: Vec<(&str, String)> = raw
            .options
            .iter()
            .filter_map(|(k, v)| Some((k.as_str(), crate::game::config::option_text(v)?)))
            .collect();
        w.flow_map(1, "options", &options);
    }
    if !rules.is_empty() {
        let names: Vec<String> = rules.iter().map(|r| r.name.to_string()).collect();
        w.flow_list(1, "house_rules", &names);
    }
    game.write_position(&mut w, 1);
    if let Some(finish) = game.finish() {
        write_over(&mut w, 1, "over", &finish);
    }
    w.raw(0, "board: |");
    for line in game.board(super::Lang::En).lines() {
        w.raw(1, line);
    }
    Ok(w.finish())
}

/// A move of the file played: the side that played it (none once the game is over), its
/// text, and the game's answer.
type MovePlayed<'m> = (Option<usize>, &'m str, Result<super::Played, NotPlayed>);

/// Why a move of a position file was not played: the file's turn, or the game's own refusal.
/// The position file says it in English (`Display`).
#[derive(Debug, thiserror::Error)]
enum NotPlayed {
    /// The game is over before the move.
    #[error("the game is over")]
    Over,
    /// The move names a side whose turn it is not.
    #[error("it is not {side}'s turn: {mover} is to move")]
    NotTheTurnOf { side: &'static str, mover: &'static str },
    /// The game refused it.
    #[error(transparent)]
    Refused(#[from] Refused),
}

/// Plays the `n`th move of the file (from 0): the side that played it, its text, and
/// whether it was accepted. A refused move changes nothing.
fn play_move<'m>(
    game: &mut dyn PositionGame,
    sides: &[&'static str],
    n: usize,
    written: &'m RawMove,
    dice: &mut Dice,
    at: &Source,
) -> Result<MovePlayed<'m>, FileError> {
    let (side, text) = match written {
        RawMove::Text(text) => (game.to_move(), text.trim()),
        RawMove::BySide(one) => {
            let [(name, text)]: [(&String, &String); 1] = one.iter().collect::<Vec<_>>().try_into().map_err(|_| {
                at.err(
                    "moves",
                    "",
                    format!(
                        "moves: item {}: write one move, \"- B2-B3\" or \"- North: resign\"",
                        n + 1
                    ),
                )
            })?;
            (Some(side_named(sides, name, "moves", at)?), text.trim())
        }
    };
    let result = match side {
        None => Err(NotPlayed::Over),
        Some(side) if game.to_move() != Some(side) && !game.out_of_turn(side, text) => Err(match game.to_move() {
            Some(i) => NotPlayed::NotTheTurnOf {
                side: sides[side],
                mover: sides[i],
            },
            None => NotPlayed::Over,
        }),
        Some(side) => game.play(side, text, dice).map_err(NotPlayed::from),
    };
    Ok((side, text, result))
}

/// A board game's position file read and its moves played (the refused ones change
/// nothing): the game as it stands after them, e.g. to draw it (`arbitre picture`).
/// `text` is a position of the game `named`.
pub fn play_out(named: Named, text: &str, origin: &str) -> Result<Box<dyn PositionGame>, FileError> {
    let at = Source { text, origin };
    let Named { kind, reader, .. } = named;
    let played = || -> Result<Box<dyn PositionGame>, FileError> {
        let (raw, _, (mut game, _)) = read(kind, reader?, &at)?;
        let sides = game.side_names();
        let mut dice = Dice::new(Seed([0; 32]));
        for (n, written) in raw.moves.iter().enumerate() {
            // A refused move changes nothing: the picture is of the moves accepted.
            let _ = play_move(game.as_mut(), &sides, n, written, &mut dice, &at)?;
        }
        Ok(game)
    };
    played()
}

/// `key:` and one `- item` a line.
fn list(w: &mut Writer, indent: usize, key: &str, items: &[String]) {
    w.raw(indent, &format!("{key}:"));
    for item in items {
        w.raw(indent + 1, &format!("- {}", scalar(item)));
    }
}

fn write_over(w: &mut Writer, indent: usize, key: &str, finish: &Finish) {
    w.raw(indent, &format!("{key}:"));
    w.flow_list(indent + 1, "winners", &finish.winners);
    w.key(indent + 1, "summary", &finish.summary.to_string());
}

/// The side named `name` (any case), or an error at `key:` listing the sides.
pub fn side_named(sides: &[&'static str], name: &str, key: &str, at: &Source) -> Result<usize, FileError> {
    sides
        .iter()
        .position(|s| s.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            at.err(
                key,
                name,
                format!(
                    "{key}: \"{name}\" is not a side of this game: the sides are {}",
                    sides.join(", ")
                ),
            )
        })
}

/// The options as text, keys in lower case (as a players file gives them to a game).
pub fn options_text(raw: &RawBoardPosition) -> BTreeMap<String, String> {
    raw.options
        .iter()
        .filter_map(|(k, v)| Some((k.to_lowercase(), crate::game::config::option_text(v)?)))
        .collect()
}
