//! What the unit tests of DIAM share: dice, a players file, a game at a given position.

use super::colour::COLOURS;
use super::diams::{diams, right_of};
use super::game::{Action, Game};
use super::seats::{sides, start, table};
use crate::dice::{Dice, Seed};
use crate::kinds::boardgame::{BoardGame, Played, Setup};
use std::collections::{BTreeMap, HashMap};

pub(super) fn dice() -> Dice {
    Dice::new(Seed([7; 32]))
}

pub(super) fn setup(players: usize) -> Setup {
    Setup {
        house_rules: Vec::new(),
        sides: sides(players).unwrap().into_iter().map(String::from).collect(),
        options: BTreeMap::new(),
    }
}

pub(super) fn new_game(players: usize) -> Game {
    Game::new(table(players).unwrap(), None)
}

/// A position: each cell's stack as letters (R O B K), bottom first; the reserves hold
/// the rest; `side` is to move (at its first turn of the cycle).
pub(super) fn at(players: usize, cells: [&str; 8], side: usize) -> Game {
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

pub(super) fn play(game: &mut Game, side: usize, text: &str) -> Result<Played, crate::kinds::boardgame::Refused> {
    game.play(side, text, &mut dice())
}

/// A cell's stack as letters, bottom first (cells from 1).
pub(super) fn stack(game: &Game, cell: usize) -> String {
    game.cells[cell - 1].iter().map(|c| c.letter()).collect()
}

/// An action in the notation.
pub(super) fn write(action: Action) -> String {
    match action {
        Action::Place { colour, cell } => format!("PLACE {} {}", colour.name(), cell + 1),
        Action::Move { from, level, to } => {
            let way = if to == right_of(from) { "RIGHT" } else { "LEFT" };
            format!("MOVE {}/{} {way}", from + 1, level + 1)
        }
    }
}

pub(super) fn start_err(setup: &Setup) -> String {
    match start(setup, &mut dice()) {
        Ok(_) => panic!("the setup should be refused"),
        Err(e) => e.to_string(),
    }
}

pub(super) fn err<E: std::fmt::Display>(result: Result<Played, E>) -> String {
    match result {
        Ok(_) => panic!("the move should be refused"),
        Err(e) => e.to_string(),
    }
}
