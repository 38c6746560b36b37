//! Diabolik Fleet from a position file (docs/boardgames.md): `players`, `options`,
//! `house_rules`, `ships` (each fleet's ships as `square heading`), `out`, `to_move`,
//! `bonus`, `normal_turns`. The headings are taken as chosen: a position is always in the
//! middle of play, never at the deployment.

use super::notation::{Dir, Sq};
use super::{sides, Diabolik, Phase, Ship, SHIPS};
use crate::kinds::boardgame::position::{options_text, side_named, PositionGame, RawBoardPosition, Read, Source};
use crate::kinds::boardgame::Finish;
use crate::yaml::{FileError, Writer};

/// Sets up the position; the notes say what happened as the turn of the side to move
/// began (a fleet blocked, the game stopped at its `turns`).
pub(crate) fn from_position(raw: &RawBoardPosition, over: Option<Finish>, at: &Source) -> Result<Read, FileError> {
    let title = "Diabolik Fleet";
    at.refuse(raw.cells.is_some(), "cells", title, "DIAM")?;
    at.refuse(raw.then.is_some(), "then", title, "DIAM")?;
    at.refuse(raw.moves_played.is_some(), "moves_played", title, "DIAM")?;
    let players = raw.players.unwrap_or(2);
    let names = sides(players).map_err(|e| at.setup_err(&e))?;
    let mut game = Diabolik::new(players, 0, &options_text(raw), &mut Vec::new()).map_err(|e| at.setup_err(&e))?;
    game.rules.forgiving_first_acts = raw.house_rules.iter().any(|r| r.trim() == "forgiving-first-acts");
    game.cells = vec![None; game.cells.len()];
    let Some(fleets) = &raw.ships else {
        return Err(at.err(
            "variant",
            "",
            "missing \"ships:\", each fleet's ships (\"South: [A2 N, C3 NE]\")".into(),
        ));
    };
    for (fleet, ships) in &fleets.0 {
        let side = side_named(&names, fleet, "ships", at)?;
        if ships.len() > SHIPS {
            return Err(at.err(
                "ships",
                fleet,
                format!("ships: {fleet} has {} ships: a fleet has {SHIPS}", ships.len()),
            ));
        }
        for written in ships {
            let bad = |why: String| at.err("ships", written, format!("ships: {fleet}: \"{written}\": {why}"));
            let (square, heading) = written
                .trim()
                .split_once(char::is_whitespace)
                .ok_or_else(|| bad("write the square and the heading, e.g. \"A2 N\"".into()))?;
            let sq = Sq::parse(square)
                .filter(|&sq| game.on_board(sq))
                .ok_or_else(|| bad(format!("\"{square}\" is no square of the {0}x{0} board", game.size)))?;
            let facing = Dir::parse(heading.trim())
                .ok_or_else(|| bad(format!("\"{}\" is no heading: N NE E SE S SW W NW", heading.trim())))?;
            if let Some(there) = game.at(sq) {
                return Err(bad(format!(
                    "{sq} already holds a ship of {}",
                    game.fleets[there.side].name
                )));
            }
            game.put(sq, Some(Ship { side, facing }));
        }
    }
    for name in &raw.out {
        let side = side_named(&names, name, "out", at)?;
        if game.afloat(side) > 0 {
            return Err(at.err(
                "out",
                name,
                format!("out: {name} still has ships on the board: a fleet out of the game has none"),
            ));
        }
        game.fleets[side].out = true;
    }
    for side in 0..players {
        game.fleets[side].lost = (SHIPS - game.afloat(side)) as u32;
    }
    if let Some(turns) = &raw.normal_turns {
        for (name, n) in &turns.0 {
            let side = side_named(&names, name, "normal_turns", at)?;
            game.fleets[side].normal_turns = *n;
        }
    }
    let mut notes = Vec::new();
    match over {
        Some(finish) => game.phase = Phase::Over(finish),
        None => {
            let name = raw
                .to_move
                .as_deref()
                .ok_or_else(|| at.err("variant", "", "missing \"to_move:\", the fleet whose turn it is".into()))?;
            let side = side_named(&names, name, "to_move", at)?;
            if game.fleets[side].out {
                return Err(at.err("to_move", name, format!("to_move: {name} is out of the game")));
            }
            game.first = side;
            if raw.bonus {
                game.phase = Phase::Turn { side, bonus: true };
            } else {
                // As in a game: the turn begins, unless the fleet is blocked or the game
                // stops at its agreed number of turns.
                game.begin_turn(side, &mut notes);
            }
        }
    }
    // A position file is written in English: its notes are.
    Ok((Box::new(game), notes.iter().map(|n| n.to_string()).collect()))
}

impl PositionGame for Diabolik {
    fn side_names(&self) -> Vec<&'static str> {
        self.fleets.iter().map(|f| f.name).collect()
    }

    fn write_position(&self, w: &mut Writer, indent: usize) {
        w.raw(indent, "ships:");
        for (side, fleet) in self.fleets.iter().enumerate().filter(|(_, f)| !f.out) {
            let ships: Vec<String> = self
                .ships_of(side)
                .into_iter()
                .filter_map(|sq| Some(format!("{sq} {}", self.at(sq)?.facing)))
                .collect();
            w.flow_list(indent + 1, fleet.name, &ships);
        }
        let out: Vec<String> = self
            .fleets
            .iter()
            .filter(|f| f.out)
            .map(|f| f.name.to_string())
            .collect();
        if !out.is_empty() {
            w.flow_list(indent, "out", &out);
        }
        if let Phase::Turn { side, bonus } = self.phase {
            w.key(indent, "to_move", self.fleets[side].name);
            if bonus {
                w.raw(indent, "bonus: true");
            }
        }
        if self.rules.turns.is_some() {
            let turns: Vec<String> = self
                .fleets
                .iter()
                .map(|f| format!("{}: {}", f.name, f.normal_turns))
                .collect();
            w.raw(indent, &format!("normal_turns: {{{}}}", turns.join(", ")));
        }
    }
}
