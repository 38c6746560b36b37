//! DIAM (Alain Couchot and Bernard Klein, Ferti 2003), for 2, 3 or 4 players by mail.
//! The rules are `shared/seeds/002_67f4d21da8514b43.txt` (French); this is our reading.
//!
//! # The game as we run it
//!
//! - The board is a ring of 8 cells, numbered 1 to 8; cell 8 is next to cell 1. Cell N
//!   faces cell N+4 across the ring (1–5, 2–6, 3–7, 4–8). A cell holds a stack of at most
//!   4 pieces; levels are counted from 1 (the ground) to 4.
//! - There are 16 pieces, 4 of each colour: red, orange, brown and black. Red and orange
//!   are one team's, brown and black the other's. At the start every piece is in its
//!   owner's reserve and the board is empty.
//! - On a turn a player does one of two things:
//!   - **place** a piece from their own reserve on an empty cell or on top of a stack of
//!     fewer than 4;
//!   - **move** a piece of their team on the board one cell to either neighbour, taking
//!     along every piece stacked above it (whoever's they are). The moved pieces keep their
//!     order and land on top of the stack already there. A move that would leave more than
//!     4 pieces on the arrival cell is refused.
//! - A **DIAM** is two pieces of the same colour on facing cells (N and N+4) at the same
//!   level, any level but the ground. The team whose colour makes the DIAM wins at once.
//!
//! # Sides and turns
//!
//! | players | sides, in seat order | reserves | turn order |
//! | --- | --- | --- | --- |
//! | 2 | `Red-Orange`, `Brown-Black` | 4 red + 4 orange; 4 brown + 4 black | Red-Orange, Brown-Black, … |
//! | 3 | `Red-Orange`, `Brown`, `Black` | 4 red + 4 orange; 4 brown; 4 black | Red-Orange, Brown, Red-Orange, Black, … |
//! | 4 | `Red`, `Brown`, `Orange`, `Black` | 4 of its own colour each | Red, Brown, Orange, Black, … |
//!
//! In 4-player games the rules call the players 1 to 4 with team 1 = players 1 and 2 and
//! the order 1, 3, 2, 4; we name each player by colour (player 1 Red, 2 Orange, 3 Brown,
//! 4 Black) and list the sides in that order of play, so seat order is turn order. In
//! 3-player games the lone player (the rules' player 1, who plays every other turn) holds
//! red and orange against the Brown and Black partners.
//!
//! # Decisions where the text is silent
//!
//! - **Whose pieces a player may move.** Placing is from the player's own reserve only (in
//!   team games, never from the partner's). Moving is of any piece of the player's team
//!   colours: both of one's own colours in a 2-player game or for the lone player, one's
//!   own and the partner's colour in team play (the text allows moving the partner's
//!   pieces). The piece chosen must be of those colours; the pieces carried above it may be
//!   anyone's.
//! - **A DIAM belongs to its colour, not to the mover.** The text says the player with the
//!   highest DIAM wins; so a move that makes only the opponents' DIAM (by carrying their
//!   piece) makes them win, and a move that makes DIAMs of both teams is won by the higher
//!   one, whoever moved.
//! - **Two DIAMs at the same height.** Every DIAM a move makes uses the arrival cell (the
//!   pieces below the moved one do not change level, and the game ends at the first DIAM),
//!   and at one level the arrival cell has only one facing cell: so one move makes at most
//!   one DIAM per level and the highest is always unique. Were two teams ever to have
//!   DIAMs at the same highest level, the game would be drawn.
//! - **A player who can do nothing.** A player with nothing left to place (or no room to
//!   place it) and no legal move passes; the turn goes to the next player, and everyone is
//!   told. If nobody at all could play the game would be drawn; this cannot happen (a
//!   player with a reserve can always place, and with all 16 pieces on the board the top
//!   piece of some stack can always step to a neighbour with room), it is a guard.
//! - **No DIAM and no more pieces to place.** Play goes on with moves only. The game is
//!   drawn when the same position (stacks, reserves and the same turn of the cycle) comes
//!   up for the third time after a move, and, if the players file sets the option
//!   `move-limit: "N"`, when N moves have been played without a DIAM. There is no limit
//!   unless it is set.
//!
//! # Options
//!
//! - `move-limit`: a whole number of moves (all players together) after which a game
//!   without a DIAM is drawn. Any other option is refused, so that a misspelt one is not
//!   silently ignored.
//!
//! # Notation
//!
//! One move per line, in any case; see [`NOTATION`]. Place: `PLACE RED 3`, `P R3`,
//! `PLACE 3` (when there is only one colour the player can place). Move: `MOVE 3/2 RIGHT`,
//! `M 3.2 +`, `3/2 -`, `MOVE 3/2 TO 4`, `MOVE 3 LEFT` (the level may be left out when the
//! cell holds only one piece the player may move). RIGHT (`+`, `CW`) goes up the numbers,
//! 8 to 1; LEFT (`-`, `CCW`) goes down, 1 to 8. The words `on`, `cell`, `level`, `at`,
//! `from`, `the`, `piece` may be written or left out. Colours: `RED`/`R`, `ORANGE`/`O`,
//! `BROWN`/`B`, `BLACK`/`K` (the French `ROUGE`, `MARRON`, `NOIR` are read too).
//!
//! # The board
//!
//! [`BoardGame::board`] is a table: one column per cell 1–8, one row per level from 4
//! down to 1, the letters R (red), O (orange), B (brown), K (black) and `.` for an empty
//! place; then the reserves, the moves played and whose turn it is. DIAM uses no dice.

use super::position::{side_named, PositionGame, RawBoardPosition, Read, Source};
use super::{BoardGame, Finish, Kind, Played, Setup, Started};
use crate::dice::Dice;
use crate::yaml::{FileError, Writer};
use std::collections::HashMap;

/// DIAM in the registry of board games.
pub const KIND: Kind = Kind {
    variant: "diam",
    title: "DIAM",
    sides,
    start,
    notation: NOTATION,
    house_rules: &[],
};

/// The notation, as sent to the players.
pub const NOTATION: &str = "\
DIAM: one move per line; capitals do not matter.
  PLACE RED 3      place a red piece from your reserve on cell 3 (on top of its stack)
  P R3             the same, short
  PLACE 3          when you have only one colour you can place
  MOVE 3/2 RIGHT   move your piece at cell 3, level 2, with every piece above it, to cell 4
  M 3.2 +          the same, short (LEFT or - would go to cell 2)
  MOVE 3/2 TO 4    the same, naming the neighbouring cell
  MOVE 3 LEFT      the level may be left out when cell 3 holds only one piece you may move
Cells are 1 to 8 around the ring; cell 8 is next to cell 1, and cell N faces cell N+4.
Levels are 1 (the ground) to 4. RIGHT (+, CW) goes up the numbers, 8 to 1; LEFT (-, CCW)
goes down, 1 to 8. Colours: RED (R), ORANGE (O), BROWN (B), BLACK (K).
You place only from your own reserve; you may move any piece of your team's colours.
DIAM: two pieces of one colour on facing cells at the same level, above the ground.";

const CELLS: usize = 8;
const HEIGHT: usize = 4;
const PER_COLOUR: u8 = 4;

/// How to write a move, for the errors.
const HOW: &str =
    "write PLACE <colour> <cell> (e.g. PLACE RED 3) or MOVE <cell>/<level> LEFT or RIGHT (e.g. MOVE 3/2 RIGHT)";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Colour {
    Red,
    Orange,
    Brown,
    Black,
}

use Colour::{Black, Brown, Orange, Red};

const COLOURS: [Colour; 4] = [Red, Orange, Brown, Black];

impl Colour {
    fn index(self) -> usize {
        self as usize
    }

    fn name(self) -> &'static str {
        match self {
            Red => "red",
            Orange => "orange",
            Brown => "brown",
            Black => "black",
        }
    }

    fn letter(self) -> char {
        match self {
            Red => 'R',
            Orange => 'O',
            Brown => 'B',
            Black => 'K',
        }
    }

    /// Team 0 is red and orange, team 1 brown and black.
    fn team(self) -> usize {
        self.index() / 2
    }

    /// A colour as written (lower case).
    fn read(word: &str) -> Option<Colour> {
        match word {
            "red" | "r" | "rouge" => Some(Red),
            "orange" | "o" => Some(Orange),
            "brown" | "b" | "marron" => Some(Brown),
            "black" | "k" | "noir" => Some(Black),
            _ => None,
        }
    }
}

/// Colours as a choice: `red`, `red or orange`.
fn either(colours: &[Colour]) -> String {
    colours.iter().map(|c| c.name()).collect::<Vec<_>>().join(" or ")
}

/// One side: its name in the players file and the colours of its reserve.
struct Seat {
    name: &'static str,
    places: &'static [Colour],
}

/// The sides of a game in seat order, and the turn cycle as indexes into them.
struct Table {
    seats: &'static [Seat],
    order: &'static [usize],
}

const TWO: Table = Table {
    seats: &[
        Seat {
            name: "Red-Orange",
            places: &[Red, Orange],
        },
        Seat {
            name: "Brown-Black",
            places: &[Brown, Black],
        },
    ],
    order: &[0, 1],
};

const THREE: Table = Table {
    seats: &[
        Seat {
            name: "Red-Orange",
            places: &[Red, Orange],
        },
        Seat {
            name: "Brown",
            places: &[Brown],
        },
        Seat {
            name: "Black",
            places: &[Black],
        },
    ],
    order: &[0, 1, 0, 2],
};

const FOUR: Table = Table {
    seats: &[
        Seat {
            name: "Red",
            places: &[Red],
        },
        Seat {
            name: "Brown",
            places: &[Brown],
        },
        Seat {
            name: "Orange",
            places: &[Orange],
        },
        Seat {
            name: "Black",
            places: &[Black],
        },
    ],
    order: &[0, 1, 2, 3],
};

fn table(players: usize) -> Result<&'static Table, String> {
    match players {
        2 => Ok(&TWO),
        3 => Ok(&THREE),
        4 => Ok(&FOUR),
        n => Err(format!("DIAM is for 2, 3 or 4 players, not {n}")),
    }
}

fn sides(players: usize) -> Result<Vec<&'static str>, String> {
    Ok(table(players)?.seats.iter().map(|s| s.name).collect())
}

fn start(setup: &Setup, _dice: &mut Dice) -> Started {
    let (game, notes) = begin(setup)?;
    Ok((Box::new(game), notes))
}

/// A new game on the players file's sides and options; the notes of the welcome.
fn begin(setup: &Setup) -> Result<(Game, Vec<String>), String> {
    let table = table(setup.sides.len())?;
    for (given, seat) in setup.sides.iter().zip(table.seats) {
        if !given.eq_ignore_ascii_case(seat.name) {
            return Err(format!(
                "the sides of DIAM for {} players are {}, in that order, not `{given}`",
                table.seats.len(),
                table.seats.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    let mut move_limit = None;
    for (key, value) in &setup.options {
        match key.as_str() {
            "move-limit" => match value.trim().parse::<usize>() {
                Ok(n) if n > 0 => move_limit = Some(n),
                _ => return Err(format!("move-limit is a number of moves (1 or more), not `{value}`")),
            },
            _ => return Err(format!("DIAM has no option `{key}`: its only option is move-limit")),
        }
    }
    let game = Game::new(table, move_limit);
    let mut notes = vec![format!(
        "DIAM for {} players: {}. {} moves first.",
        table.seats.len(),
        table
            .seats
            .iter()
            .map(|s| format!(
                "{} places {}",
                s.name,
                s.places.iter().map(|c| c.name()).collect::<Vec<_>>().join(" and ")
            ))
            .collect::<Vec<_>>()
            .join("; "),
        table.seats[table.order[0]].name
    )];
    if let Some(n) = move_limit {
        notes.push(format!("Without a DIAM, the game is drawn after {n} moves."));
    }
    Ok((game, notes))
}

/// A game set up from a position file (docs/boardgames.md): `players`, `options`,
/// `cells` (each stack bottom first; the reserves hold the rest), `to_move` (and `then`
/// for the lone player of three), `moves_played`. The repetition count starts afresh.
pub(crate) fn from_position(raw: &RawBoardPosition, over: Option<Finish>, at: &Source) -> Result<Read, FileError> {
    let whose = "Diabolik Fleet";
    at.refuse(raw.ships.is_some(), "ships", "DIAM", whose)?;
    at.refuse(!raw.out.is_empty(), "out", "DIAM", whose)?;
    at.refuse(raw.bonus, "bonus", "DIAM", whose)?;
    at.refuse(raw.normal_turns.is_some(), "normal_turns", "DIAM", whose)?;
    let players = raw.players.unwrap_or(2);
    let table = table(players).map_err(|e| at.err("players", "", format!("players: {e}")))?;
    let names: Vec<&'static str> = table.seats.iter().map(|s| s.name).collect();
    let setup = Setup {
        sides: names.iter().map(|s| s.to_string()).collect(),
        options: super::position::options_text(raw),
        house_rules: raw.house_rules.clone(),
    };
    let (mut game, _) = begin(&setup).map_err(|e| at.err("options", "", format!("options: {e}")))?;
    for (&cell, stack) in raw.cells.iter().flatten() {
        let index = cell_index(cell).map_err(|e| at.err("cells", &format!("{cell}:"), format!("cells: {e}")))?;
        if stack.len() > HEIGHT {
            return Err(at.err(
                "cells",
                &format!("{cell}:"),
                format!(
                    "cells: cell {cell} holds {} pieces: a cell holds at most 4",
                    stack.len()
                ),
            ));
        }
        for word in stack {
            let colour = Colour::read(&word.trim().to_lowercase()).ok_or_else(|| {
                at.err(
                    "cells",
                    &format!("{cell}:"),
                    format!("cells: cell {cell}: `{word}` is no colour: red, orange, brown or black (R, O, B, K)"),
                )
            })?;
            if game.reserve[colour.index()] == 0 {
                return Err(at.err(
                    "cells",
                    word,
                    format!(
                        "cells: more than {PER_COLOUR} {} pieces: each colour has {PER_COLOUR}",
                        colour.name()
                    ),
                ));
            }
            game.reserve[colour.index()] -= 1;
            game.cells[index].push(colour);
        }
    }
    game.moves = raw.moves_played.unwrap_or(0);
    match over {
        Some(finish) => game.over = Some(finish),
        None => {
            let found = diams(&game.cells);
            if let Some(d) = found.first() {
                return Err(at.err(
                    "cells",
                    "",
                    format!(
                        "cells: the position already has a DIAM ({}): the game would be over; give `over:` or change the cells",
                        d.describe()
                    ),
                ));
            }
            let name = raw.to_move.as_deref().ok_or_else(|| {
                at.err(
                    "variant",
                    "",
                    "missing `to_move:`, the side whose move is awaited".into(),
                )
            })?;
            let side = side_named(&names, name, "to_move", at)?;
            let turns: Vec<usize> = (0..table.order.len()).filter(|&k| table.order[k] == side).collect();
            game.turn = match (&raw.then, turns.as_slice()) {
                (None, [k, ..]) => *k,
                (Some(then), _) => {
                    let then = side_named(&names, then, "then", at)?;
                    let n = table.order.len();
                    *turns
                        .iter()
                        .find(|&&k| table.order[(k + 1) % n] == then)
                        .ok_or_else(|| {
                            at.err(
                                "then",
                                "",
                                format!("then: {} never moves right after {}", names[then], names[side]),
                            )
                        })?
                }
                (None, []) => unreachable!("every side has a turn in the cycle"),
            };
        }
    }
    game.seen = HashMap::from([(game.position(), 1)]);
    Ok((Box::new(game), Vec::new()))
}

impl PositionGame for Game {
    fn side_names(&self) -> Vec<&'static str> {
        self.table.seats.iter().map(|s| s.name).collect()
    }

    fn write_position(&self, w: &mut Writer, indent: usize) {
        w.raw(indent, "cells:");
        if self.cells.iter().all(|c| c.is_empty()) {
            w.raw(indent + 1, "{}");
        }
        for (cell, stack) in self.cells.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
            let names: Vec<String> = stack.iter().map(|c| c.name().to_string()).collect();
            w.flow_list(indent + 1, &(cell + 1).to_string(), &names);
        }
        if self.over.is_none() {
            let n = self.table.order.len();
            let side = self.table.order[self.turn];
            w.key(indent, "to_move", self.name(side));
            if self.table.order.iter().filter(|&&s| s == side).count() > 1 {
                w.key(indent, "then", self.name(self.table.order[(self.turn + 1) % n]));
            }
        }
        w.raw(indent, &format!("moves_played: {}", self.moves));
    }
}

/// A move as written, before it is checked against the board. Numbers are as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    Place { colour: Option<Colour>, cell: u32 },
    Move { cell: u32, level: Option<u32>, way: Way },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// Up the numbers (8 to 1).
    Right,
    /// Down the numbers (1 to 8).
    Left,
    /// To the cell named.
    To(u32),
}

/// A legal move; cells and levels count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Place { colour: Colour, cell: usize },
    Move { from: usize, level: usize, to: usize },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Number(u32),
    Word(String),
    /// `/`, `.` or `:` between a cell and a level.
    Slash,
    Plus,
    Minus,
    /// `TO`, `>` or `->`.
    Towards,
}

/// Words that may be written or left out.
const FILLERS: &[&str] = &[
    "on", "onto", "in", "cell", "cells", "at", "from", "the", "a", "piece", "pawn", "level", "lvl", "stack", "of",
    "top", "one", "square",
];
const PLACE_VERBS: &[&str] = &["place", "p", "put", "pose", "drop"];
const MOVE_VERBS: &[&str] = &["move", "m", "mv"];
const RIGHT_WORDS: &[&str] = &["right", "r", "cw", "clockwise"];
const LEFT_WORDS: &[&str] = &["left", "l", "ccw", "anticlockwise", "counterclockwise"];

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n: u32 = 0;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d);
                chars.next();
            }
            out.push(Token::Number(n));
        } else if c.is_alphabetic() {
            let mut word = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_alphabetic()) {
                word.extend(d.to_lowercase());
                chars.next();
            }
            out.push(if word == "to" {
                Token::Towards
            } else {
                Token::Word(word)
            });
        } else {
            chars.next();
            match c {
                '/' | '.' | ':' => out.push(Token::Slash),
                '+' => out.push(Token::Plus),
                '-' if chars.peek() == Some(&'>') => {
                    chars.next();
                    out.push(Token::Towards);
                }
                '-' => out.push(Token::Minus),
                '>' => out.push(Token::Towards),
                ',' | ';' => {}
                c if c.is_whitespace() => {}
                c => return Err(format!("cannot read `{c}` in `{}`: {HOW}", text.trim())),
            }
        }
    }
    // Drop the optional words, and any `/` or `.` not between two numbers (`PLACE R 3.`).
    out.retain(|t| !matches!(t, Token::Word(w) if FILLERS.contains(&w.as_str())));
    let number = |t: Option<&Token>| matches!(t, Some(Token::Number(_)));
    let between = |i: usize| i > 0 && number(out.get(i - 1)) && number(out.get(i + 1));
    Ok((0..out.len())
        .filter(|&i| out[i] != Token::Slash || between(i))
        .map(|i| out[i].clone())
        .collect())
}

/// Reads one line of notation.
fn read(text: &str) -> Result<Written, String> {
    let toks = tokens(text)?;
    match toks.first() {
        None => Err(format!("no move on this line: {HOW}")),
        Some(Token::Word(w)) if PLACE_VERBS.contains(&w.as_str()) => read_place(text, &toks[1..]),
        Some(Token::Word(w)) if MOVE_VERBS.contains(&w.as_str()) => read_move(text, &toks[1..]),
        Some(Token::Number(_)) => read_move(text, &toks),
        Some(Token::Word(w)) if Colour::read(w).is_some() => read_place(text, &toks),
        Some(_) => Err(format!("cannot read `{}`: {HOW}", text.trim())),
    }
}

fn read_place(text: &str, toks: &[Token]) -> Result<Written, String> {
    let mut colour = None;
    let mut cell = None;
    for t in toks {
        match t {
            Token::Word(w) => match Colour::read(w) {
                Some(c) if colour.is_none() => colour = Some(c),
                Some(_) => return Err(format!("one colour only, in `{}`: e.g. PLACE RED 3", text.trim())),
                None => {
                    return Err(format!(
                        "`{w}` is not a colour: the colours are RED (R), ORANGE (O), BROWN (B) and BLACK (K); \
                         e.g. PLACE RED 3"
                    ))
                }
            },
            Token::Number(n) if cell.is_none() => cell = Some(*n),
            Token::Number(_) => return Err(format!("one cell only, in `{}`: e.g. PLACE RED 3", text.trim())),
            _ => {
                return Err(format!(
                    "cannot read `{}`: a placement is written PLACE RED 3",
                    text.trim()
                ))
            }
        }
    }
    match cell {
        Some(cell) => Ok(Written::Place { colour, cell }),
        None => Err(format!(
            "say on which cell to place, in `{}`: e.g. PLACE RED 3",
            text.trim()
        )),
    }
}

fn read_move(text: &str, toks: &[Token]) -> Result<Written, String> {
    let text = text.trim();
    let mut rest = toks.iter().peekable();
    let Some(Token::Number(cell)) = rest.next() else {
        return Err(format!(
            "say which piece to move, in `{text}`: e.g. MOVE 3/2 RIGHT (cell 3, level 2)"
        ));
    };
    if rest.peek() == Some(&&Token::Slash) {
        rest.next();
    }
    let level = match rest.peek() {
        Some(Token::Number(n)) => {
            rest.next();
            Some(*n)
        }
        _ => None,
    };
    let way = match rest.next() {
        Some(Token::Plus) => Way::Right,
        Some(Token::Minus) => Way::Left,
        Some(Token::Word(w)) if RIGHT_WORDS.contains(&w.as_str()) => Way::Right,
        Some(Token::Word(w)) if LEFT_WORDS.contains(&w.as_str()) => Way::Left,
        Some(Token::Towards) => match rest.next() {
            Some(Token::Number(n)) => Way::To(*n),
            _ => return Err(format!("say to which cell, in `{text}`: e.g. MOVE 3/2 TO 4")),
        },
        None => {
            return Err(format!(
                "say which way, in `{text}`: e.g. MOVE 3/2 LEFT or MOVE 3/2 RIGHT (or name the cell: MOVE 3/2 TO 4)"
            ))
        }
        Some(_) => {
            return Err(format!(
                "cannot read `{text}`: a move is written MOVE 3/2 RIGHT or MOVE 3/2 LEFT"
            ))
        }
    };
    if rest.next().is_some() {
        return Err(format!(
            "cannot read `{text}`: a move is written MOVE 3/2 RIGHT or MOVE 3/2 LEFT"
        ));
    }
    Ok(Written::Move {
        cell: *cell,
        level,
        way,
    })
}

/// A cell as written (1 to 8), counted from 0.
fn cell_index(cell: u32) -> Result<usize, String> {
    match cell {
        1..=8 => Ok(cell as usize - 1),
        _ => Err(format!("cell {cell} does not exist: cells are 1 to 8")),
    }
}

/// A level as written (1 to 4), counted from 0.
fn level_index(level: u32) -> Result<usize, String> {
    match level {
        1..=4 => Ok(level as usize - 1),
        _ => Err(format!("level {level} does not exist: levels are 1 (the ground) to 4")),
    }
}

fn right_of(cell: usize) -> usize {
    (cell + 1) % CELLS
}

fn left_of(cell: usize) -> usize {
    (cell + CELLS - 1) % CELLS
}

/// Two pieces of `colour` at `level` (from 0; never 0) on cells `cell` and `cell + 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Diam {
    colour: Colour,
    cell: usize,
    level: usize,
}

impl Diam {
    fn describe(&self) -> String {
        format!(
            "{} on cells {} and {} at level {}",
            self.colour.name(),
            self.cell + 1,
            self.cell + 5,
            self.level + 1
        )
    }
}

/// Every DIAM on the board.
fn diams(cells: &[Vec<Colour>; CELLS]) -> Vec<Diam> {
    let mut found = Vec::new();
    for level in 1..HEIGHT {
        for cell in 0..CELLS / 2 {
            if let (Some(a), Some(b)) = (cells[cell].get(level), cells[cell + CELLS / 2].get(level)) {
                if a == b {
                    found.push(Diam {
                        colour: *a,
                        cell,
                        level,
                    });
                }
            }
        }
    }
    found
}

/// What the DIAMs on the board decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// The highest DIAM wins for its colour's team.
    Win(Diam),
    /// Both teams have a DIAM at the highest level (a level counted from 0).
    Tie(usize),
}

fn verdict(found: &[Diam]) -> Option<Verdict> {
    let top = found.iter().map(|d| d.level).max()?;
    let highest: Vec<&Diam> = found.iter().filter(|d| d.level == top).collect();
    if highest.iter().all(|d| d.colour.team() == highest[0].colour.team()) {
        Some(Verdict::Win(*highest[0]))
    } else {
        Some(Verdict::Tie(top))
    }
}

/// The stacks, the reserves and the place in the turn cycle: what a repetition compares.
type Position = ([Vec<Colour>; CELLS], [u8; 4], usize);

/// A game of DIAM in progress.
#[derive(Clone)]
pub struct Game {
    table: &'static Table,
    /// Index into `table.order` of the turn being awaited.
    turn: usize,
    /// Each cell's stack, bottom first.
    cells: [Vec<Colour>; CELLS],
    /// Pieces left in reserve, by colour.
    reserve: [u8; 4],
    /// Moves accepted.
    moves: usize,
    move_limit: Option<usize>,
    /// How often each position has come up after a move (and at the start).
    seen: HashMap<Position, u32>,
    over: Option<Finish>,
}

impl Game {
    fn new(table: &'static Table, move_limit: Option<usize>) -> Game {
        let mut game = Game {
            table,
            turn: 0,
            cells: Default::default(),
            reserve: [PER_COLOUR; 4],
            moves: 0,
            move_limit,
            seen: HashMap::new(),
            over: None,
        };
        game.seen.insert(game.position(), 1);
        game
    }

    fn position(&self) -> Position {
        (self.cells.clone(), self.reserve, self.turn)
    }

    fn name(&self, side: usize) -> &'static str {
        self.table.seats[side].name
    }

    fn team_of(&self, side: usize) -> usize {
        self.table.seats[side].places[0].team()
    }

    /// The colours `side` may move: its team's.
    fn movable(&self, side: usize) -> Vec<Colour> {
        let team = self.team_of(side);
        COLOURS.into_iter().filter(|c| c.team() == team).collect()
    }

    /// The side whose reserve holds `colour`.
    fn owner(&self, colour: Colour) -> usize {
        self.table
            .seats
            .iter()
            .position(|s| s.places.contains(&colour))
            .unwrap_or(0)
    }

    /// The sides of a team.
    fn team_sides(&self, team: usize) -> Vec<String> {
        (0..self.table.seats.len())
            .filter(|&s| self.team_of(s) == team)
            .map(|s| self.name(s).to_string())
            .collect()
    }

    /// `Red-Orange wins`, `Brown and Black win`.
    fn team_wins(&self, team: usize) -> String {
        let names = self.team_sides(team);
        let verb = if names.len() == 1 { "wins" } else { "win" };
        format!("{} {verb}", names.join(" and "))
    }

    /// Every legal move of `side` in the position.
    fn legal(&self, side: usize) -> Vec<Action> {
        let mut out = Vec::new();
        for &colour in self.table.seats[side].places {
            if self.reserve[colour.index()] > 0 {
                for cell in (0..CELLS).filter(|&c| self.cells[c].len() < HEIGHT) {
                    out.push(Action::Place { colour, cell });
                }
            }
        }
        let movable = self.movable(side);
        for from in 0..CELLS {
            let stack = &self.cells[from];
            for level in (0..stack.len()).filter(|&l| movable.contains(&stack[l])) {
                for to in [left_of(from), right_of(from)] {
                    if self.cells[to].len() + stack.len() - level <= HEIGHT {
                        out.push(Action::Move { from, level, to });
                    }
                }
            }
        }
        out
    }

    /// The colour `side` places when it writes `colour` (or none).
    fn placing(&self, side: usize, colour: Option<Colour>, cell: usize) -> Result<Colour, String> {
        let own = self.table.seats[side].places;
        match colour {
            Some(c) if own.contains(&c) => Ok(c),
            Some(c) => {
                let owner = self.owner(c);
                if self.team_of(owner) == self.team_of(side) {
                    Err(format!(
                        "you may not place from your partner's reserve: {} is {}'s; you place {}",
                        c.name(),
                        self.name(owner),
                        either(own)
                    ))
                } else {
                    Err(format!(
                        "{} is {}'s colour: you place {}",
                        c.name(),
                        self.name(owner),
                        either(own)
                    ))
                }
            }
            None if own.len() == 1 => Ok(own[0]),
            None => {
                let left: Vec<Colour> = own.iter().copied().filter(|c| self.reserve[c.index()] > 0).collect();
                match left.as_slice() {
                    [] => Err("your reserves are empty: move a piece instead, e.g. MOVE 3/1 RIGHT".to_string()),
                    [c] => Ok(*c),
                    _ => Err(format!(
                        "say which colour: {}",
                        own.iter()
                            .map(|c| format!("PLACE {} {}", c.name().to_uppercase(), cell + 1))
                            .collect::<Vec<_>>()
                            .join(" or ")
                    )),
                }
            }
        }
    }

    /// Checks a written move of `side` against the board.
    fn check(&self, side: usize, written: Written) -> Result<Action, String> {
        match written {
            Written::Place { colour, cell } => {
                let cell = cell_index(cell)?;
                let colour = self.placing(side, colour, cell)?;
                if self.reserve[colour.index()] == 0 {
                    let others: Vec<Colour> = (self.table.seats[side].places.iter().copied())
                        .filter(|c| self.reserve[c.index()] > 0)
                        .collect();
                    return Err(match others.as_slice() {
                        [] => format!("your {} reserve is empty: move a piece instead", colour.name()),
                        _ => format!(
                            "your {} reserve is empty: place {}, or move a piece",
                            colour.name(),
                            either(&others)
                        ),
                    });
                }
                if self.cells[cell].len() >= HEIGHT {
                    return Err(format!("cell {} is full: a cell holds at most 4 pieces", cell + 1));
                }
                Ok(Action::Place { colour, cell })
            }
            Written::Move { cell, level, way } => {
                let from = cell_index(cell)?;
                let movable = self.movable(side);
                let stack = &self.cells[from];
                let level = match level {
                    Some(level) => {
                        let level = level_index(level)?;
                        if level >= stack.len() {
                            return Err(match stack.len() {
                                0 => format!("there is no piece at {}/{}: cell {} is empty", cell, level + 1, cell),
                                1 => format!(
                                    "there is no piece at {}/{}: cell {} holds 1 piece",
                                    cell,
                                    level + 1,
                                    cell
                                ),
                                n => format!(
                                    "there is no piece at {}/{}: cell {} holds {n} pieces",
                                    cell,
                                    level + 1,
                                    cell
                                ),
                            });
                        }
                        level
                    }
                    None => {
                        let yours: Vec<usize> = (0..stack.len()).filter(|&l| movable.contains(&stack[l])).collect();
                        match yours.as_slice() {
                            [l] => *l,
                            [] if stack.is_empty() => return Err(format!("cell {cell} is empty")),
                            [] => {
                                return Err(format!(
                                    "cell {cell} holds none of the pieces you may move ({})",
                                    either(&movable)
                                ))
                            }
                            many => {
                                return Err(format!(
                                    "cell {cell} holds pieces you may move at levels {}: say which, e.g. MOVE {cell}/{} RIGHT",
                                    many.iter().map(|l| (l + 1).to_string()).collect::<Vec<_>>().join(" and "),
                                    many[0] + 1
                                ))
                            }
                        }
                    }
                };
                let colour = stack[level];
                if !movable.contains(&colour) {
                    return Err(format!(
                        "the piece at {}/{} is {}: you may move {} pieces",
                        cell,
                        level + 1,
                        colour.name(),
                        either(&movable)
                    ));
                }
                let to = match way {
                    Way::Right => right_of(from),
                    Way::Left => left_of(from),
                    Way::To(n) => {
                        let to = cell_index(n)?;
                        if to != right_of(from) && to != left_of(from) {
                            return Err(format!(
                                "cell {n} is not next to cell {cell}: a piece moves one cell, to {} or {}",
                                left_of(from) + 1,
                                right_of(from) + 1
                            ));
                        }
                        to
                    }
                };
                let carried = stack.len() - level;
                let there = self.cells[to].len();
                if there + carried > HEIGHT {
                    return Err(format!(
                        "cell {} would hold {} pieces ({there} there and {carried} moved): a cell holds at most 4",
                        to + 1,
                        there + carried
                    ));
                }
                Ok(Action::Move { from, level, to })
            }
        }
    }

    /// Plays a legal action and says what was done.
    fn apply(&mut self, side: usize, action: Action) -> String {
        let name = self.name(side);
        match action {
            Action::Place { colour, cell } => {
                self.reserve[colour.index()] -= 1;
                self.cells[cell].push(colour);
                format!(
                    "{name} places {} on cell {} (level {})",
                    colour.name(),
                    cell + 1,
                    self.cells[cell].len()
                )
            }
            Action::Move { from, level, to } => {
                let moving = self.cells[from].split_off(level);
                let landing = self.cells[to].len() + 1;
                let way = if to == right_of(from) { "right" } else { "left" };
                let mut summary = format!(
                    "{name} moves {} from {}/{} {way} to cell {} (level {landing})",
                    moving[0].name(),
                    from + 1,
                    level + 1,
                    to + 1
                );
                if moving.len() > 1 {
                    let above: Vec<&str> = moving[1..].iter().map(|c| c.name()).collect();
                    summary.push_str(&format!(", carrying {} above it", above.join(", ")));
                }
                self.cells[to].extend(moving);
                summary
            }
        }
    }

    /// Ends the game on the DIAMs on the board, if any; `side` made the last move.
    fn judge(&mut self, side: usize, notes: &mut Vec<String>) {
        let found = diams(&self.cells);
        let Some(verdict) = verdict(&found) else {
            return;
        };
        if found.len() > 1 {
            notes.push(format!(
                "This move makes {} DIAMs: {}. The highest decides.",
                found.len(),
                found.iter().map(Diam::describe).collect::<Vec<_>>().join("; ")
            ));
        }
        match verdict {
            Verdict::Win(diam) => {
                let team = diam.colour.team();
                let by = if team == self.team_of(side) {
                    String::new()
                } else {
                    format!(" (made by {}'s move)", self.name(side))
                };
                notes.push(format!("DIAM! {}: {}{by}", diam.describe(), self.team_wins(team)));
                self.over = Some(Finish {
                    winners: self.team_sides(team),
                    summary: format!(
                        "{} with a DIAM in {} at level {} on cells {} and {}{by}",
                        self.team_wins(team),
                        diam.colour.name(),
                        diam.level + 1,
                        diam.cell + 1,
                        diam.cell + 5
                    ),
                });
            }
            Verdict::Tie(level) => self.draw(
                notes,
                format!(
                    "both teams have a DIAM at level {}, the highest: the game is drawn",
                    level + 1
                ),
            ),
        }
    }

    fn draw(&mut self, notes: &mut Vec<String>, why: String) {
        notes.push(format!("Drawn: {why}."));
        self.over = Some(Finish {
            winners: Vec::new(),
            summary: format!("Drawn: {why}"),
        });
    }

    /// Hands the turn on, past any player who can do nothing.
    fn advance(&mut self, notes: &mut Vec<String>) {
        for _ in 0..self.table.order.len() {
            self.turn = (self.turn + 1) % self.table.order.len();
            let side = self.table.order[self.turn];
            if !self.legal(side).is_empty() {
                return;
            }
            notes.push(format!(
                "{} has nothing to place and no legal move, and passes.",
                self.name(side)
            ));
        }
        self.draw(notes, "nobody can place or move".to_string());
    }

    /// Draws the game on a third repetition or at the move limit.
    fn check_draws(&mut self, notes: &mut Vec<String>) {
        let count = self.seen.entry(self.position()).or_insert(0);
        *count += 1;
        if *count >= 3 {
            self.draw(
                notes,
                "the same position, with the same player to move, has come up three times".to_string(),
            );
        } else if self.move_limit.is_some_and(|limit| self.moves >= limit) {
            self.draw(
                notes,
                format!("{} moves have been played without a DIAM (the move limit)", self.moves),
            );
        }
    }
}

impl BoardGame for Game {
    fn to_move(&self) -> Option<usize> {
        match self.over {
            Some(_) => None,
            None => Some(self.table.order[self.turn]),
        }
    }

    fn play(&mut self, side: usize, text: &str, _dice: &mut Dice) -> Result<Played, String> {
        if let Some(finish) = &self.over {
            return Err(format!("the game is over: {}", finish.summary));
        }
        let mover = self.table.order[self.turn];
        if side != mover {
            return Err(format!("it is not your turn: {} is to move", self.name(mover)));
        }
        let action = self.check(side, read(text)?)?;
        let summary = self.apply(side, action);
        self.moves += 1;
        let mut notes = Vec::new();
        self.judge(side, &mut notes);
        if self.over.is_none() {
            self.advance(&mut notes);
        }
        if self.over.is_none() {
            self.check_draws(&mut notes);
        }
        Ok(Played { summary, notes })
    }

    fn board(&self) -> String {
        let mut out = String::from("cell    ");
        for cell in 1..=CELLS {
            out.push_str(&format!("  {cell}"));
        }
        out.push('\n');
        for level in (0..HEIGHT).rev() {
            out.push_str(&format!("level {} ", level + 1));
            for stack in &self.cells {
                out.push_str("  ");
                out.push(stack.get(level).map_or('.', |c| c.letter()));
            }
            out.push('\n');
        }
        out.push_str("R red, O orange, B brown, K black. Cell N faces cell N+4; cell 8 is next to cell 1.\n");
        let reserves: Vec<String> = (self.table.seats.iter())
            .map(|s| {
                let each: Vec<String> = s
                    .places
                    .iter()
                    .map(|c| format!("{} {}", self.reserve[c.index()], c.name()))
                    .collect();
                format!("{} {}", s.name, each.join(", "))
            })
            .collect();
        out.push_str(&format!("Reserves: {}.\n", reserves.join("; ")));
        match self.move_limit {
            Some(limit) => out.push_str(&format!("Moves played: {} (drawn at {limit}).\n", self.moves)),
            None => out.push_str(&format!("Moves played: {}.\n", self.moves)),
        }
        match &self.over {
            Some(finish) => out.push_str(&format!("Game over: {}.\n", finish.summary)),
            None => out.push_str(&format!("To move: {}.\n", self.name(self.table.order[self.turn]))),
        }
        out
    }

    fn finish(&self) -> Option<Finish> {
        self.over.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boardgame::{kind, replay};
    use crate::dice::Seed;
    use std::collections::{BTreeMap, BTreeSet};

    fn dice() -> Dice {
        Dice::new(Seed([7; 32]))
    }

    fn setup(players: usize) -> Setup {
        Setup {
            house_rules: Vec::new(),
            sides: sides(players).unwrap().into_iter().map(String::from).collect(),
            options: BTreeMap::new(),
        }
    }

    fn new_game(players: usize) -> Game {
        Game::new(table(players).unwrap(), None)
    }

    /// A position: each cell's stack as letters (R O B K), bottom first; the reserves hold
    /// the rest; `side` is to move (at its first turn of the cycle).
    fn at(players: usize, cells: [&str; 8], side: usize) -> Game {
        let mut game = new_game(players);
        for (cell, stack) in cells.iter().enumerate() {
            for letter in stack.chars() {
                let colour = COLOURS.into_iter().find(|c| c.letter() == letter).unwrap();
                game.reserve[colour.index()] -= 1;
                game.cells[cell].push(colour);
            }
        }
        assert!(
            diams(&game.cells).is_empty(),
            "a test position must start without a DIAM"
        );
        game.turn = game.table.order.iter().position(|&s| s == side).unwrap();
        game.seen = HashMap::from([(game.position(), 1)]);
        game
    }

    fn play(game: &mut Game, side: usize, text: &str) -> Result<Played, String> {
        game.play(side, text, &mut dice())
    }

    /// A cell's stack as letters, bottom first (cells from 1).
    fn stack(game: &Game, cell: usize) -> String {
        game.cells[cell - 1].iter().map(|c| c.letter()).collect()
    }

    /// An action in the notation.
    fn write(action: Action) -> String {
        match action {
            Action::Place { colour, cell } => format!("PLACE {} {}", colour.name(), cell + 1),
            Action::Move { from, level, to } => {
                let way = if to == right_of(from) { "RIGHT" } else { "LEFT" };
                format!("MOVE {}/{} {way}", from + 1, level + 1)
            }
        }
    }

    fn start_err(setup: &Setup) -> String {
        match start(setup, &mut dice()) {
            Ok(_) => panic!("the setup should be refused"),
            Err(e) => e,
        }
    }

    fn err(result: Result<Played, String>) -> String {
        result.expect_err("the move should be refused")
    }

    #[test]
    fn sides_for_two_three_and_four_players() {
        assert_eq!(sides(2).unwrap(), ["Red-Orange", "Brown-Black"]);
        assert_eq!(sides(3).unwrap(), ["Red-Orange", "Brown", "Black"]);
        assert_eq!(sides(4).unwrap(), ["Red", "Brown", "Orange", "Black"]);
        assert!(sides(5).unwrap_err().contains("2, 3 or 4 players"));
        assert!(sides(1).is_err());
        let diam = kind("diam").expect("DIAM is registered");
        assert_eq!(diam.title, "DIAM");
    }

    #[test]
    fn start_checks_sides_and_options() {
        let mut s = setup(2);
        s.sides = vec!["red-orange".into(), "BROWN-BLACK".into()];
        assert!(start(&s, &mut dice()).is_ok(), "side names are read in any case");
        s.sides = vec!["White".into(), "Black".into()];
        assert!(start_err(&s).contains("Red-Orange, Brown-Black"));
        let mut s = setup(2);
        s.options.insert("movelimit".into(), "10".into());
        assert!(start_err(&s).contains("no option `movelimit`"));
        let mut s = setup(2);
        s.options.insert("move-limit".into(), "ten".into());
        assert!(start_err(&s).contains("not `ten`"));
        let mut s = setup(2);
        s.options.insert("move-limit".into(), "10".into());
        let (game, notes) = start(&s, &mut dice()).unwrap();
        assert_eq!(game.to_move(), Some(0));
        assert!(notes.iter().any(|n| n.contains("drawn after 10 moves")));
    }

    #[test]
    fn board_is_a_table_of_levels_by_cell() {
        let mut game = new_game(2);
        play(&mut game, 0, "PLACE RED 1").unwrap();
        play(&mut game, 1, "PLACE BROWN 1").unwrap();
        let expected = "\
cell      1  2  3  4  5  6  7  8
level 4   .  .  .  .  .  .  .  .
level 3   .  .  .  .  .  .  .  .
level 2   B  .  .  .  .  .  .  .
level 1   R  .  .  .  .  .  .  .
R red, O orange, B brown, K black. Cell N faces cell N+4; cell 8 is next to cell 1.
Reserves: Red-Orange 3 red, 4 orange; Brown-Black 3 brown, 4 black.
Moves played: 2.
To move: Red-Orange.
";
        assert_eq!(game.board(), expected);
    }

    #[test]
    fn place_on_an_empty_cell_and_on_a_stack() {
        let mut game = new_game(2);
        let played = play(&mut game, 0, "PLACE RED 3").unwrap();
        assert_eq!(played.summary, "Red-Orange places red on cell 3 (level 1)");
        assert!(played.notes.is_empty());
        let played = play(&mut game, 1, "PLACE BROWN 3").unwrap();
        assert_eq!(played.summary, "Brown-Black places brown on cell 3 (level 2)");
        assert_eq!(stack(&game, 3), "RB");
        assert_eq!(game.reserve, [3, 4, 3, 4]);
    }

    #[test]
    fn placing_on_a_full_stack_is_refused() {
        let mut game = at(2, ["", "", "RBOK", "", "", "", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "PLACE RED 3")),
            "cell 3 is full: a cell holds at most 4 pieces"
        );
        assert_eq!(stack(&game, 3), "RBOK");
    }

    #[test]
    fn a_move_carries_the_pieces_above() {
        let mut game = at(2, ["", "", "BRO", "K", "", "", "", ""], 0);
        let played = play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        assert_eq!(
            played.summary,
            "Red-Orange moves red from 3/2 right to cell 4 (level 2), carrying orange above it"
        );
        assert_eq!(stack(&game, 3), "B");
        assert_eq!(stack(&game, 4), "KRO");
        // Brown-Black's black piece carries Red-Orange's two pieces back.
        play(&mut game, 1, "MOVE 4/1 LEFT").unwrap();
        assert_eq!(stack(&game, 3), "BKRO");
        assert_eq!(stack(&game, 4), "");
    }

    #[test]
    fn moves_wrap_around_between_8_and_1() {
        let mut game = at(2, ["", "", "", "", "", "", "", "R"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.summary,
            "Red-Orange moves red from 8/1 right to cell 1 (level 1)"
        );
        assert_eq!((stack(&game, 1).as_str(), stack(&game, 8).as_str()), ("R", ""));
        play(&mut game, 1, "PLACE BLACK 1").unwrap();
        play(&mut game, 0, "MOVE 1/1 LEFT").unwrap();
        assert_eq!(stack(&game, 8), "RK");
        play(&mut game, 1, "MOVE 8/2 TO 1").unwrap();
        assert_eq!(stack(&game, 1), "K");
        assert_eq!(
            err(play(&mut game, 0, "MOVE 8/1 TO 6")),
            "cell 6 is not next to cell 8: a piece moves one cell, to 7 or 1"
        );
    }

    #[test]
    fn an_arrival_over_4_pieces_is_refused() {
        let mut game = at(2, ["", "", "RO", "BKB", "", "", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "MOVE 3/1 RIGHT")),
            "cell 4 would hold 5 pieces (3 there and 2 moved): a cell holds at most 4"
        );
        play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        assert_eq!(stack(&game, 4), "BKBO");
    }

    #[test]
    fn a_facing_pair_on_the_ground_is_not_a_diam() {
        let mut game = at(2, ["", "", "", "", "R", "", "", ""], 0);
        let played = play(&mut game, 0, "PLACE RED 1").unwrap();
        assert!(played.notes.is_empty());
        assert_eq!(game.finish(), None);
        assert_eq!(game.to_move(), Some(1));
    }

    #[test]
    fn diam_at_level_2() {
        let mut game = at(2, ["K", "", "", "", "BR", "", "", ""], 0);
        let played = play(&mut game, 0, "PLACE RED 1").unwrap();
        assert_eq!(played.notes, ["DIAM! red on cells 1 and 5 at level 2: Red-Orange wins"]);
        let finish = game.finish().unwrap();
        assert_eq!(finish.winners, ["Red-Orange"]);
        assert_eq!(
            finish.summary,
            "Red-Orange wins with a DIAM in red at level 2 on cells 1 and 5"
        );
    }

    #[test]
    fn diam_at_level_3() {
        let mut game = at(2, ["", "", "BOK", "", "", "", "RB", ""], 1);
        let played = play(&mut game, 1, "PLACE BLACK 7").unwrap();
        assert_eq!(
            played.notes,
            ["DIAM! black on cells 3 and 7 at level 3: Brown-Black wins"]
        );
        assert_eq!(game.finish().unwrap().winners, ["Brown-Black"]);
    }

    #[test]
    fn diam_at_level_4() {
        let mut game = at(2, ["", "", "", "KBK", "", "", "", "BKBO"], 0);
        let played = play(&mut game, 0, "PLACE ORANGE 4").unwrap();
        assert_eq!(
            played.notes,
            ["DIAM! orange on cells 4 and 8 at level 4: Red-Orange wins"]
        );
        assert_eq!(game.to_move(), None);
    }

    #[test]
    fn of_two_diams_made_by_one_move_the_higher_wins() {
        // Red-Orange's stack lands on cell 1: black facing black at level 2, red facing red at 3.
        let mut game = at(2, ["", "", "", "", "BKR", "", "", "OKR"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.notes,
            [
                "This move makes 2 DIAMs: black on cells 1 and 5 at level 2; red on cells 1 and 5 at level 3. \
                 The highest decides.",
                "DIAM! red on cells 1 and 5 at level 3: Red-Orange wins",
            ]
        );
        assert_eq!(game.finish().unwrap().winners, ["Red-Orange"]);

        // The same with the colours the other way up: the mover loses to the higher DIAM.
        let mut game = at(2, ["", "", "", "", "BRK", "", "", "ORK"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.notes.last().unwrap(),
            "DIAM! black on cells 1 and 5 at level 3: Brown-Black wins (made by Red-Orange's move)"
        );
        assert_eq!(game.finish().unwrap().winners, ["Brown-Black"]);
    }

    #[test]
    fn a_move_that_makes_only_the_opponents_diam_loses() {
        let mut game = at(2, ["", "", "", "", "BK", "", "", "RK"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.notes,
            ["DIAM! black on cells 1 and 5 at level 2: Brown-Black wins (made by Red-Orange's move)"]
        );
        let finish = game.finish().unwrap();
        assert_eq!(finish.winners, ["Brown-Black"]);
        assert!(finish.summary.ends_with("(made by Red-Orange's move)"));
    }

    #[test]
    fn diams_of_both_teams_at_the_highest_level_draw() {
        let mut cells: [Vec<Colour>; CELLS] = Default::default();
        cells[0] = vec![Black, Red];
        cells[4] = vec![Brown, Red];
        cells[1] = vec![Black, Brown];
        cells[5] = vec![Red, Brown];
        let found = diams(&cells);
        assert_eq!(found.len(), 2);
        assert_eq!(verdict(&found), Some(Verdict::Tie(1)));
        // A higher DIAM of one team settles it.
        cells[1].push(Orange);
        cells[5].push(Orange);
        assert_eq!(
            verdict(&diams(&cells)),
            Some(Verdict::Win(Diam {
                colour: Orange,
                cell: 1,
                level: 2
            }))
        );
        assert_eq!(verdict(&[]), None);
    }

    #[test]
    fn two_players_alternate() {
        let mut game = new_game(2);
        assert_eq!(game.to_move(), Some(0));
        play(&mut game, 0, "P R1").unwrap();
        assert_eq!(game.to_move(), Some(1));
        assert_eq!(
            err(play(&mut game, 0, "P O2")),
            "it is not your turn: Brown-Black is to move"
        );
        play(&mut game, 1, "P B2").unwrap();
        assert_eq!(game.to_move(), Some(0));
    }

    #[test]
    fn three_players_go_lone_player_then_each_partner() {
        let mut game = new_game(3);
        let texts = ["P R1", "P 2", "P O3", "P 4", "P R5", "P 7"];
        let mut seen = vec![game.to_move().unwrap()];
        for text in texts {
            let side = game.to_move().unwrap();
            play(&mut game, side, text).unwrap();
            seen.push(game.to_move().unwrap());
        }
        assert_eq!(seen, [0, 1, 0, 2, 0, 1, 0]);
        assert_eq!(stack(&game, 2), "B");
        assert_eq!(stack(&game, 4), "K");
    }

    #[test]
    fn four_players_go_red_brown_orange_black() {
        let mut game = new_game(4);
        let mut seen = vec![game.to_move().unwrap()];
        for cell in 1..=5 {
            let side = game.to_move().unwrap();
            play(&mut game, side, &format!("PLACE {cell}")).unwrap();
            seen.push(game.to_move().unwrap());
        }
        assert_eq!(seen, [0, 1, 2, 3, 0, 1]);
        assert_eq!((1..=5).map(|c| stack(&game, c)).collect::<String>(), "RBOKR");
    }

    #[test]
    fn partners_may_not_place_from_each_other_but_move_each_others_pieces() {
        let mut game = new_game(4);
        assert_eq!(
            err(play(&mut game, 0, "PLACE ORANGE 1")),
            "you may not place from your partner's reserve: orange is Orange's; you place red"
        );
        assert!(err(play(&mut game, 0, "PLACE BROWN 1")).starts_with("brown is Brown's colour"));
        play(&mut game, 0, "PLACE 1").unwrap();
        play(&mut game, 1, "PLACE BROWN 3").unwrap();
        // Orange moves Red's piece; Black moves Brown's.
        let played = play(&mut game, 2, "MOVE 1/1 RIGHT").unwrap();
        assert_eq!(played.summary, "Orange moves red from 1/1 right to cell 2 (level 1)");
        assert_eq!(
            err(play(&mut game, 3, "MOVE 2/1 RIGHT")),
            "the piece at 2/1 is red: you may move brown or black pieces"
        );
        play(&mut game, 3, "MOVE 3 LEFT").unwrap();
        assert_eq!(stack(&game, 2), "RB");

        let mut game = new_game(3);
        play(&mut game, 0, "PLACE RED 1").unwrap();
        assert!(err(play(&mut game, 1, "PLACE BLACK 2")).starts_with("you may not place from your partner's reserve"));
        play(&mut game, 1, "PLACE 2").unwrap();
        assert_eq!(
            err(play(&mut game, 0, "PLACE BROWN 3")),
            "brown is Brown's colour: you place red or orange"
        );
        play(&mut game, 0, "PLACE ORANGE 3").unwrap();
        play(&mut game, 2, "MOVE 2/1 LEFT").unwrap();
        assert_eq!(stack(&game, 1), "RB");
    }

    #[test]
    fn an_empty_reserve_and_an_omitted_colour() {
        let mut game = at(2, ["R", "R", "R", "R", "", "", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "PLACE RED 6")),
            "your red reserve is empty: place orange, or move a piece"
        );
        let played = play(&mut game, 0, "PLACE 6").unwrap();
        assert_eq!(played.summary, "Red-Orange places orange on cell 6 (level 1)");
        assert_eq!(
            err(play(&mut game, 1, "PLACE 6")),
            "say which colour: PLACE BROWN 6 or PLACE BLACK 6"
        );
    }

    #[test]
    fn the_level_may_be_left_out_only_when_one_piece_fits() {
        let mut game = at(2, ["", "", "RBO", "BR", "", "K", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "MOVE 3 RIGHT")),
            "cell 3 holds pieces you may move at levels 1 and 3: say which, e.g. MOVE 3/1 RIGHT"
        );
        assert_eq!(err(play(&mut game, 0, "MOVE 5 RIGHT")), "cell 5 is empty");
        assert_eq!(
            err(play(&mut game, 0, "MOVE 3/4 RIGHT")),
            "there is no piece at 3/4: cell 3 holds 3 pieces"
        );
        play(&mut game, 0, "MOVE 4 LEFT").unwrap();
        assert_eq!(stack(&game, 3), "RBOR");
        // Brown-Black's only piece on cell 3 is at level 2.
        let played = play(&mut game, 1, "MOVE 3 RIGHT").unwrap();
        assert!(
            played.summary.starts_with("Brown-Black moves brown from 3/2 right"),
            "{}",
            played.summary
        );
        assert_eq!(
            err(play(&mut game, 0, "MOVE 6 RIGHT")),
            "cell 6 holds none of the pieces you may move (red or orange)"
        );
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let mut game = at(2, ["", "", "RO", "BKB", "", "", "", "RBOK"], 0);
        let before = game.board();
        let seen = game.seen.clone();
        let refused = [
            "PLACE RED 8",
            "PLACE BROWN 1",
            "PLACE RED 9",
            "MOVE 3/1 RIGHT",
            "MOVE 4/1 LEFT",
            "MOVE 8/2 LEFT",
            "MOVE 3/2 TO 6",
            "MOVE 6/1 RIGHT",
            "MOVE 3/2",
            "what now",
        ];
        for text in refused {
            assert!(play(&mut game, 0, text).is_err(), "`{text}` should be refused");
            assert!(play(&mut game, 1, "PLACE BROWN 1").is_err(), "not Brown-Black's turn");
            assert_eq!(game.board(), before, "`{text}` changed the board");
            assert_eq!(game.seen, seen);
            assert_eq!((game.moves, game.turn), (0, 0));
        }
        // The game goes on as if nothing had been tried.
        let mut fresh = at(2, ["", "", "RO", "BKB", "", "", "", "RBOK"], 0);
        let a = play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        let b = play(&mut fresh, 0, "MOVE 3/2 RIGHT").unwrap();
        assert_eq!((a, game.board()), (b, fresh.board()));
    }

    #[test]
    fn unreadable_notation_gets_a_clear_error() {
        let mut game = new_game(2);
        let cases = [
            ("", "no move on this line"),
            ("hello 3", "cannot read `hello 3`: write PLACE <colour> <cell>"),
            (
                "PLACE PURPLE 3",
                "`purple` is not a colour: the colours are RED (R), ORANGE (O), BROWN (B) and BLACK (K)",
            ),
            ("PLACE RED", "say on which cell to place"),
            ("PLACE RED ORANGE 3", "one colour only"),
            ("PLACE RED 3 4", "one cell only"),
            ("PLACE RED 9", "cell 9 does not exist: cells are 1 to 8"),
            ("PLACE RED 0", "cell 0 does not exist: cells are 1 to 8"),
            ("PLACE RED 99999999999", "cell 4294967295 does not exist"),
            ("PLACE RED 3 #", "cannot read `#` in `PLACE RED 3 #`"),
            ("PLACE 3", "say which colour: PLACE RED 3 or PLACE ORANGE 3"),
            ("MOVE RIGHT", "say which piece to move"),
            ("MOVE 3/2", "say which way"),
            ("MOVE 3/2 TO", "say to which cell"),
            (
                "MOVE 3/2 SIDEWAYS",
                "cannot read `MOVE 3/2 SIDEWAYS`: a move is written MOVE 3/2 RIGHT",
            ),
            ("MOVE 3/2 RIGHT 4", "cannot read"),
            (
                "MOVE 3/5 RIGHT",
                "level 5 does not exist: levels are 1 (the ground) to 4",
            ),
            ("MOVE 9/1 RIGHT", "cell 9 does not exist"),
            ("MOVE 3/1 TO 9", "there is no piece at 3/1: cell 3 is empty"),
        ];
        for (text, expected) in cases {
            let e = err(play(&mut game, 0, text));
            assert!(e.contains(expected), "`{text}` gave `{e}`, not `{expected}`");
        }
        assert_eq!(game.moves, 0);
    }

    #[test]
    fn notation_forms_are_read() {
        let place = |colour, cell| Ok(Written::Place { colour, cell });
        assert_eq!(read("PLACE RED 3"), place(Some(Red), 3));
        assert_eq!(read("P R3"), place(Some(Red), 3));
        assert_eq!(read("place 3 black"), place(Some(Black), 3));
        assert_eq!(read("put orange on cell 3."), place(Some(Orange), 3));
        assert_eq!(read("k7"), place(Some(Black), 7));
        assert_eq!(read("Pose Marron 2"), place(Some(Brown), 2));
        assert_eq!(read("place 5"), place(None, 5));
        let mv = |cell, level, way| Ok(Written::Move { cell, level, way });
        assert_eq!(read("MOVE 3/2 RIGHT"), mv(3, Some(2), Way::Right));
        assert_eq!(read("m 3.2 +"), mv(3, Some(2), Way::Right));
        assert_eq!(read("3/2 -"), mv(3, Some(2), Way::Left));
        assert_eq!(read("3/2-"), mv(3, Some(2), Way::Left));
        assert_eq!(read("move 3/2 to 4"), mv(3, Some(2), Way::To(4)));
        assert_eq!(read("3:2 -> 4"), mv(3, Some(2), Way::To(4)));
        assert_eq!(read("Move cell 3 level 2 clockwise"), mv(3, Some(2), Way::Right));
        assert_eq!(read("move 8 l"), mv(8, None, Way::Left));
        assert_eq!(read("MOVE 1 CCW"), mv(1, None, Way::Left));
    }

    #[test]
    fn a_player_who_can_do_nothing_passes() {
        // Four players. Brown's four pieces lie under stacks too high to move onto their
        // neighbours, and Brown's reserve is empty; Black still has a reserve.
        let mut game = at(4, ["BBRR", "BBOO", "RO", "", "", "", "", "RO"], 0);
        let played = play(&mut game, 0, "MOVE 1/4 LEFT").unwrap();
        assert_eq!(stack(&game, 8), "ROR");
        assert_eq!(
            played.notes,
            ["Brown has nothing to place and no legal move, and passes."]
        );
        assert_eq!(game.to_move(), Some(2));
        assert_eq!(
            err(play(&mut game, 1, "MOVE 1/1 LEFT")),
            "it is not your turn: Orange is to move"
        );
        // Orange frees Brown by moving off cell 8; Brown plays again in turn.
        let played = play(&mut game, 2, "MOVE 8/2 LEFT").unwrap();
        assert!(played.notes.is_empty(), "{:?}", played.notes);
        assert_eq!(stack(&game, 8), "R");
        play(&mut game, 3, "PLACE 5").unwrap();
        let played = play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        assert!(played.notes.is_empty(), "{:?}", played.notes);
        assert_eq!(game.to_move(), Some(1));
        play(&mut game, 1, "MOVE 1/2 LEFT").unwrap();
        assert_eq!(stack(&game, 8), "RBR");
    }

    #[test]
    fn nobody_able_to_play_is_a_draw() {
        // Cannot arise in play (some stack always has a neighbour with room); the guard
        // still ends the game rather than looping.
        let mut game = new_game(2);
        game.reserve = [0; 4];
        let mut notes = Vec::new();
        game.advance(&mut notes);
        assert_eq!(game.to_move(), None);
        assert_eq!(game.finish().unwrap().winners, Vec::<String>::new());
        assert_eq!(notes.last().unwrap(), "Drawn: nobody can place or move.");
    }

    #[test]
    fn a_third_repetition_draws() {
        let shuffle = ["MOVE 1/1 RIGHT", "MOVE 5/1 RIGHT", "MOVE 2/1 LEFT", "MOVE 6/1 LEFT"];
        let mut texts = vec!["PLACE RED 1", "PLACE BROWN 5"];
        texts.extend(shuffle);
        let moves: Vec<(usize, String)> = texts.iter().enumerate().map(|(n, t)| (n % 2, t.to_string())).collect();
        let game = replay(&KIND, &setup(2), &mut dice(), &moves).unwrap();
        assert_eq!(game.finish(), None, "a second occurrence does not draw");
        texts.extend(shuffle);
        let moves: Vec<(usize, String)> = texts.iter().enumerate().map(|(n, t)| (n % 2, t.to_string())).collect();
        let game = replay(&KIND, &setup(2), &mut dice(), &moves).unwrap();
        let finish = game.finish().expect("the third occurrence draws");
        assert!(finish.winners.is_empty());
        assert!(finish.summary.contains("three times"), "{}", finish.summary);
        assert_eq!(game.to_move(), None);
    }

    #[test]
    fn the_move_limit_option_draws() {
        let mut s = setup(2);
        s.options.insert("move-limit".into(), "3".into());
        let (mut game, _) = start(&s, &mut dice()).unwrap();
        game.play(0, "P R1", &mut dice()).unwrap();
        game.play(1, "P B2", &mut dice()).unwrap();
        assert!(game.finish().is_none());
        assert!(game.board().contains("Moves played: 2 (drawn at 3)."));
        let played = game.play(0, "P R3", &mut dice()).unwrap();
        assert_eq!(
            played.notes,
            ["Drawn: 3 moves have been played without a DIAM (the move limit)."]
        );
        assert!(game.finish().unwrap().winners.is_empty());
    }

    #[test]
    fn a_whole_two_player_game_replayed_to_a_win() {
        let texts = [
            "PLACE RED 5",    // 5: R
            "PLACE BROWN 5",  // 5: R B
            "P R5",           // 5: R B R
            "PLACE BLACK 1",  // 1: K
            "place red 8",    // 8: R
            "P K8",           // 8: R K
            "P O2",           // 2: O
            "P K1",           // 1: K K
            "MOVE 8/1 RIGHT", // 1: K K R K; red faces red at level 3
        ];
        let moves: Vec<(usize, String)> = texts.iter().enumerate().map(|(n, t)| (n % 2, t.to_string())).collect();
        let before = replay(&KIND, &setup(2), &mut dice(), &moves[..8]).unwrap();
        assert_eq!(before.finish(), None);
        assert_eq!(before.to_move(), Some(0));

        let mut game = replay(&KIND, &setup(2), &mut dice(), &moves[..8]).unwrap();
        let played = game.play(0, &moves[8].1, &mut dice()).unwrap();
        assert_eq!(
            played.summary,
            "Red-Orange moves red from 8/1 right to cell 1 (level 3), carrying black above it"
        );
        assert_eq!(played.notes, ["DIAM! red on cells 1 and 5 at level 3: Red-Orange wins"]);

        let game = replay(&KIND, &setup(2), &mut dice(), &moves).unwrap();
        let finish = game.finish().expect("the game is over");
        assert_eq!(finish.winners, ["Red-Orange"]);
        assert_eq!(game.to_move(), None);
        assert!(game
            .board()
            .ends_with("Game over: Red-Orange wins with a DIAM in red at level 3 on cells 1 and 5.\n"));
        let mut game = game;
        assert!(err(game.play(1, "P B3", &mut dice())).starts_with("the game is over: Red-Orange wins"));
    }

    /// Random games by the rules: every legal move is read back from its notation, the
    /// checker and the move list agree, pieces are neither lost nor made, no stack grows
    /// over 4, a game goes on only without a DIAM, and a replay gives the same board.
    /// Half the games avoid making any DIAM while they can, to reach the end of the
    /// reserves, passes and repetitions.
    #[test]
    fn random_games_keep_the_rules() {
        for round in 0..30u8 {
            let players = 2 + usize::from(round % 3);
            let careful = round % 2 == 1;
            let mut pick = Dice::new(Seed([round; 32]));
            let mut game = new_game(players);
            let mut moves = Vec::new();
            while let Some(side) = game.to_move() {
                if moves.len() == 150 {
                    break;
                }
                let legal: BTreeSet<String> = game.legal(side).into_iter().map(write).collect();
                assert!(!legal.is_empty(), "the side to move can always play");
                let mut checked = BTreeSet::new();
                for cell in 1..=8 {
                    for colour in COLOURS {
                        let text = format!("PLACE {} {cell}", colour.name());
                        if let Ok(action) = read(&text).and_then(|w| game.check(side, w)) {
                            checked.insert(write(action));
                        }
                    }
                    for level in 1..=4 {
                        for way in ["LEFT", "RIGHT"] {
                            let text = format!("MOVE {cell}/{level} {way}");
                            if let Ok(action) = read(&text).and_then(|w| game.check(side, w)) {
                                checked.insert(write(action));
                            }
                        }
                    }
                }
                assert_eq!(legal, checked);
                let mut legal: Vec<String> = legal.into_iter().collect();
                if careful {
                    let quiet: Vec<String> = (legal.iter())
                        .filter(|text| {
                            let mut trial = game.clone();
                            trial.play(side, text, &mut dice()).unwrap();
                            diams(&trial.cells).is_empty()
                        })
                        .cloned()
                        .collect();
                    if !quiet.is_empty() {
                        legal = quiet;
                    }
                }
                let text = legal[pick.below(legal.len() as u32) as usize].clone();
                game.play(side, &text, &mut dice()).unwrap();
                moves.push((side, text));
                for colour in COLOURS {
                    let on_board = game.cells.iter().flatten().filter(|&&c| c == colour).count();
                    assert_eq!(on_board + usize::from(game.reserve[colour.index()]), 4);
                }
                assert!(game.cells.iter().all(|s| s.len() <= HEIGHT));
                let found = diams(&game.cells);
                match game.finish() {
                    None => assert!(found.is_empty()),
                    // One move makes at most one DIAM per level (the module docs rely on it).
                    Some(_) => assert!(found
                        .iter()
                        .all(|d| found.iter().filter(|e| e.level == d.level).count() == 1)),
                }
            }
            let again = replay(&KIND, &setup(players), &mut dice(), &moves).unwrap();
            assert_eq!(again.board(), game.board());
        }
    }
}
