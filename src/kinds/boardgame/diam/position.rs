//! A game of DIAM written to a position file and set up from one (docs/boardgames.md).

use super::colour::Colour;
use super::diams::diams;
use super::ending::Ending;
use super::game::Game;
use super::notation::cell_index;
use super::seats::{begin, table};
use super::{HEIGHT, PER_COLOUR};
use crate::kinds::boardgame::position::{side_named, PositionGame, RawBoardPosition, Read, Source};
use crate::kinds::boardgame::{Finish, Setup};
use crate::yaml::{FileError, Writer};
use std::collections::HashMap;

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
    let table = table(players).map_err(|e| at.setup_err(&e))?;
    let names: Vec<&'static str> = table.seats.iter().map(|s| s.name).collect();
    let setup = Setup {
        sides: names.iter().map(|s| s.to_string()).collect(),
        options: crate::kinds::boardgame::position::options_text(raw),
        house_rules: raw.house_rules.clone(),
    };
    let (mut game, _) = begin(&setup).map_err(|e| at.setup_err(&e))?;
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
                    format!("cells: cell {cell}: \"{word}\" is no colour: red, orange, brown or black (R, O, B, K)"),
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
        Some(finish) => {
            game.over = Some(Ending::Written {
                winners: finish.winners,
                summary: finish.summary.to_string(),
            })
        }
        None => {
            let found = diams(&game.cells);
            if let Some(d) = found.first() {
                return Err(at.err(
                    "cells",
                    "",
                    format!(
                        "cells: the position already has a DIAM ({}): the game would be over; give \"over:\" or change the cells",
                        super::told::describe(d, crate::lang::Lang::En)
                    ),
                ));
            }
            let name = raw.to_move.as_deref().ok_or_else(|| {
                at.err(
                    "variant",
                    "",
                    "missing \"to_move:\", the side whose move is awaited".into(),
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
