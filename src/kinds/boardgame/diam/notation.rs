//! Reading one line of notation into a move as written, before it meets the board.
//!
//! One move per line, in any case; see [`NOTATION`]. Place: `PLACE RED 3`, `P R3`,
//! `PLACE 3` (when there is only one colour the player can place). Move: `MOVE 3/2 RIGHT`,
//! `M 3.2 +`, `3/2 -`, `MOVE 3/2 TO 4`, `MOVE 3 LEFT` (the level may be left out when the
//! cell holds only one piece the player may move). RIGHT (`+`, `CW`) goes up the numbers,
//! 8 to 1; LEFT (`-`, `CCW`) goes down, 1 to 8. The words `on`, `cell`, `level`, `at`,
//! `from`, `the`, `piece` may be written or left out. Colours: `RED`/`R`, `ORANGE`/`O`,
//! `BROWN`/`B`, `BLACK`/`K` (the French `ROUGE`, `MARRON`, `NOIR` are read too).

use super::colour::Colour;
use super::refused::Refused;

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

/// The notation explained in French: the words to write are the same.
pub const NOTATION_FR: &str = "\
DIAM : un coup par ligne ; majuscules ou minuscules, peu importe.
  PLACE RED 3      poser un pion rouge de votre réserve sur la case 3 (au sommet de sa pile)
  P R3             la même chose, en bref
  PLACE 3          quand vous n'avez qu'une couleur à poser
  MOVE 3/2 RIGHT   déplacer votre pion de la case 3, niveau 2, avec tous les pions au-dessus, vers la case 4
  M 3.2 +          la même chose, en bref (LEFT ou - irait vers la case 2)
  MOVE 3/2 TO 4    la même chose, en nommant la case voisine
  MOVE 3 LEFT      le niveau peut être omis quand la case 3 ne contient qu'un pion que vous pouvez déplacer
Les cases vont de 1 à 8 autour de l'anneau ; la case 8 touche la case 1, et la case N fait face
à la case N+4. Les niveaux vont de 1 (le sol) à 4. RIGHT (+, CW, à droite) monte les numéros, de 8 à 1 ;
LEFT (-, CCW, à gauche) les descend, de 1 à 8. Couleurs : RED (R, rouge), ORANGE (O), BROWN (B, marron),
BLACK (K, noir). Vous ne posez que de votre propre réserve ; vous pouvez déplacer tout pion des
couleurs de votre équipe.
DIAM : deux pions d'une même couleur sur des cases opposées, au même niveau, au-dessus du sol.";

/// How to write a move, for the errors.
pub(super) const HOW: &str =
    "write PLACE <colour> <cell> (e.g. PLACE RED 3) or MOVE <cell>/<level> LEFT or RIGHT (e.g. MOVE 3/2 RIGHT)";

/// A move as written, before it is checked against the board. Numbers are as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Written {
    Place { colour: Option<Colour>, cell: u32 },
    Move { cell: u32, level: Option<u32>, way: Way },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Way {
    /// Up the numbers (8 to 1).
    Right,
    /// Down the numbers (1 to 8).
    Left,
    /// To the cell named.
    To(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
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
pub(super) const FILLERS: &[&str] = &[
    "on", "onto", "in", "cell", "cells", "at", "from", "the", "a", "piece", "pawn", "level", "lvl", "stack", "of",
    "top", "one", "square",
];
pub(super) const PLACE_VERBS: &[&str] = &["place", "p", "put", "pose", "drop"];
pub(super) const MOVE_VERBS: &[&str] = &["move", "m", "mv"];
pub(super) const RIGHT_WORDS: &[&str] = &["right", "r", "cw", "clockwise"];
pub(super) const LEFT_WORDS: &[&str] = &["left", "l", "ccw", "anticlockwise", "counterclockwise"];

pub(super) fn tokens(text: &str) -> Result<Vec<Token>, Refused> {
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
                c => {
                    return Err(Refused::Character {
                        c,
                        text: text.trim().to_string(),
                    })
                }
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
pub(super) fn read(text: &str) -> Result<Written, Refused> {
    let toks = tokens(text)?;
    match toks.first() {
        None => Err(Refused::NoMove),
        Some(Token::Word(w)) if PLACE_VERBS.contains(&w.as_str()) => read_place(text, &toks[1..]),
        Some(Token::Word(w)) if MOVE_VERBS.contains(&w.as_str()) => read_move(text, &toks[1..]),
        Some(Token::Number(_)) => read_move(text, &toks),
        Some(Token::Word(w)) if Colour::read(w).is_some() => read_place(text, &toks),
        Some(_) => Err(Refused::Unreadable {
            text: text.trim().to_string(),
        }),
    }
}

pub(super) fn read_place(text: &str, toks: &[Token]) -> Result<Written, Refused> {
    let mut colour = None;
    let mut cell = None;
    for t in toks {
        match t {
            Token::Word(w) => match Colour::read(w) {
                Some(c) if colour.is_none() => colour = Some(c),
                Some(_) => {
                    return Err(Refused::TwoColours {
                        text: text.trim().to_string(),
                    })
                }
                None => return Err(Refused::NotAColour { word: w.clone() }),
            },
            Token::Number(n) if cell.is_none() => cell = Some(*n),
            Token::Number(_) => {
                return Err(Refused::TwoCells {
                    text: text.trim().to_string(),
                })
            }
            _ => {
                return Err(Refused::BadPlacement {
                    text: text.trim().to_string(),
                })
            }
        }
    }
    match cell {
        Some(cell) => Ok(Written::Place { colour, cell }),
        None => Err(Refused::NoCell {
            text: text.trim().to_string(),
        }),
    }
}

pub(super) fn read_move(text: &str, toks: &[Token]) -> Result<Written, Refused> {
    let text = text.trim();
    let mut rest = toks.iter().peekable();
    let Some(Token::Number(cell)) = rest.next() else {
        return Err(Refused::NoPiece { text: text.to_string() });
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
            _ => return Err(Refused::NoTarget { text: text.to_string() }),
        },
        None => return Err(Refused::NoWay { text: text.to_string() }),
        Some(_) => return Err(Refused::BadMove { text: text.to_string() }),
    };
    if rest.next().is_some() {
        return Err(Refused::BadMove { text: text.to_string() });
    }
    Ok(Written::Move {
        cell: *cell,
        level,
        way,
    })
}

/// A cell as written (1 to 8), counted from 0.
pub(super) fn cell_index(cell: u32) -> Result<usize, Refused> {
    match cell {
        1..=8 => Ok(cell as usize - 1),
        _ => Err(Refused::NoSuchCell { cell }),
    }
}

/// A level as written (1 to 4), counted from 0.
pub(super) fn level_index(level: u32) -> Result<usize, Refused> {
    match level {
        1..=4 => Ok(level as usize - 1),
        _ => Err(Refused::NoSuchLevel { level }),
    }
}

#[cfg(test)]
mod tests {
    use super::super::colour::Colour::{Black, Brown, Orange, Red};
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn unreadable_notation_gets_a_clear_error() {
        let mut game = new_game(2);
        let cases = [
            ("", "no move on this line"),
            ("hello 3", "cannot read \"hello 3\": write PLACE <colour> <cell>"),
            (
                "PLACE PURPLE 3",
                "\"purple\" is not a colour: the colours are RED (R), ORANGE (O), BROWN (B) and BLACK (K)",
            ),
            ("PLACE RED", "say on which cell to place"),
            ("PLACE RED ORANGE 3", "one colour only"),
            ("PLACE RED 3 4", "one cell only"),
            ("PLACE RED 9", "cell 9 does not exist: cells are 1 to 8"),
            ("PLACE RED 0", "cell 0 does not exist: cells are 1 to 8"),
            ("PLACE RED 99999999999", "cell 4294967295 does not exist"),
            ("PLACE RED 3 #", "cannot read \"#\" in \"PLACE RED 3 #\""),
            ("PLACE 3", "say which colour: PLACE RED 3 or PLACE ORANGE 3"),
            ("MOVE RIGHT", "say which piece to move"),
            ("MOVE 3/2", "say which way"),
            ("MOVE 3/2 TO", "say to which cell"),
            (
                "MOVE 3/2 SIDEWAYS",
                "cannot read \"MOVE 3/2 SIDEWAYS\": a move is written MOVE 3/2 RIGHT",
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
}
