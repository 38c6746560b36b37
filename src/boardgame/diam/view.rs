//! The game as the picture sees it (`crate::picture::diam`): read only.

use super::colour::Colour;
use super::diams::diams;
use super::game::{Action, Game};
use crate::picture::diam::{DiamLast, DiamPair, DiamSide, DiamView, Piece};

fn piece(c: Colour) -> Piece {
    Piece::ALL[c.index()]
}

impl Game {
    /// What a picture of the game shows: the stacks, the sides and their reserves, whose
    /// turn it is, the last move and the DIAMs on the board.
    pub fn view(&self) -> DiamView {
        let last = self.last.map(|(side, action, lands)| match action {
            Action::Place { colour, cell } => DiamLast::Place {
                side,
                piece: piece(colour),
                cell,
                level: lands,
            },
            Action::Move { from, level, to } => DiamLast::Move {
                side,
                from,
                level,
                to,
                landing: lands,
                carried: self.cells[to].len().saturating_sub(lands),
            },
        });
        DiamView {
            cells: self.cells.clone().map(|stack| stack.into_iter().map(piece).collect()),
            sides: (self.table.seats.iter())
                .map(|s| DiamSide {
                    name: s.name.to_string(),
                    colours: s.places.iter().map(|&c| piece(c)).collect(),
                })
                .collect(),
            reserve: self.reserve,
            to_move: crate::boardgame::BoardGame::to_move(self),
            moves: self.moves,
            move_limit: self.move_limit,
            last,
            diams: diams(&self.cells)
                .into_iter()
                .map(|d| DiamPair {
                    piece: piece(d.colour),
                    cell: d.cell,
                    level: d.level,
                })
                .collect(),
            result: self.over.as_ref().map(|f| f.summary.clone()),
        }
    }
}
